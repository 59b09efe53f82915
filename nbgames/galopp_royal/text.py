"""Galopp Royal in words: the one renderer of its events (log, lesson narration, hints) and the
small texts (players, cards, places, spaces) the view and the lessons share.

Each event's sentence is the string ``gr.ev.<kind>`` of ``strings.py``; its placeholders are the
event's field names, each written the way its name says (a seat as a player's name, cards as
their short labels, a place as "1st" …).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from typing import Any

from ..engine.events import Event
from ..ui.i18n import player_name, t
from .tables import POND_DEPTH

CARD_SHORT = {"+1": "+1", "+2": "+2", "+3": "+3", "+5": "+5", "goof": "−2", "schemer": "±2"}


def sep(lang: str | None = None) -> str:
    """How a list's items are joined: ", " (English), "、" (Japanese)."""
    return t("gr.sep", lang)


def players_text(seats: Iterable[int], lang: str | None = None) -> str:
    return sep(lang).join(player_name(s, lang) for s in seats)


def card_text(card: str, lang: str | None = None) -> str:
    return t(f"gr.card.{card}", lang)


def cards_short(cards: Iterable[str]) -> str:
    return " ".join(CARD_SHORT[c] for c in cards)


def place_text(place: int, lang: str | None = None) -> str:
    return t(f"gr.place.{place}", lang) if place <= 3 else t("gr.place.n", lang, n=place)


def order_text(order: Iterable[int], lang: str | None = None) -> str:
    """A race's order: "1st Player 3, 2nd Player 1, …"."""
    return sep(lang).join(f"{place_text(i, lang)} {player_name(s, lang)}" for i, s in enumerate(order, start=1))


def space_name(space: int, lang: str | None = None) -> str:
    """A course space: START, "space 5", or the pond (past the last space behind START)."""
    if space == 0:
        return t("gr.start", lang)
    if space < -POND_DEPTH:
        return t("gr.pond", lang)
    return t("gr.space", lang, n=space)


def signed(n: int) -> str:
    """+2, −1 (a typographic minus), 0."""
    return f"{n:+d}".replace("-", "−") if n else "0"


def winners_text(winners: Iterable[int], lang: str | None = None) -> str:
    winners = list(winners)
    key = "status.winners" if len(winners) == 1 else "status.winners_many"
    return t(key, lang, names=players_text(winners, lang))


# How each event field is written, by its name (fields not named here are written as they are).
FIELD_TEXT: dict[str, Callable[[Any, str], str]] = {
    "seat": player_name,
    "opener": player_name,
    "starter": player_name,
    "card": card_text,
    "cards": lambda cards, lang: cards_short(cards),
    "old": lambda cards, lang: cards_short(cards),
    "new": lambda cards, lang: cards_short(cards),
    "before": space_name,
    "after": space_name,
    "place": place_text,
    "order": order_text,
    "winners": winners_text,
    "own": lambda delta, lang: signed(delta),
    "push": lambda delta, lang: signed(delta),
}


def _fields(event: Event, lang: str) -> dict[str, Any]:
    out = {}
    for field in dataclasses.fields(event):
        value = getattr(event, field.name)
        out[field.name] = FIELD_TEXT[field.name](value, lang) if field.name in FIELD_TEXT else value
    return out


def _auction(event: Any, lang: str) -> str:
    public = t("gr.ev.public", lang, cards=cards_short(event.face_up)) if event.face_up else ""
    return t(f"gr.ev.auction.{event.auction}", lang, **_fields(event, lang), public=public)


def _scheme(event: Any, lang: str) -> str:
    pushes = "".join(f"{sep(lang)}{player_name(s, lang)} {signed(event.push)}" for s in event.targets)
    return t("gr.ev.scheme", lang, **_fields(event, lang), pushes=pushes)


def _exchange(event: Any, lang: str) -> str:
    picks = sep(lang).join(f"{player_name(s, lang)} {slot} ({CARD_SHORT[card]})"
                      for s, (slot, card) in enumerate(zip(event.slots, event.cards, strict=True)))
    return t("gr.ev.exchange", lang, **_fields(event, lang), picks=picks)


SPECIAL: dict[str, Callable[[Any, str], str]] = {"auction": _auction, "scheme": _scheme, "exchange": _exchange}


def event_text(event: Event, lang: str | None = None) -> str:
    """One public Galopp Royal event as a sentence."""
    special = SPECIAL.get(event.kind)
    if special is not None:
        return special(event, lang)
    return t(f"gr.ev.{event.kind}", lang, **_fields(event, lang))
