"""New York's one event renderer: every public event in plain words, for the log, lesson
narration and hints (the manifest names it: ``text="nbgames.newyork.text:event_text"``)."""

from __future__ import annotations

from ..engine.events import Event
from ..ui.i18n import t
from .tables import COLOURS, square_name


def player(seat: int, lang: str | None = None) -> str:
    return t("seat.name", lang, n=seat + 1)


def colour_name(colour: int, lang: str | None = None) -> str:
    return t(f"ny.colour.{COLOURS[colour]}", lang)


def chips_word(n: int, lang: str | None = None) -> str:
    """"chip" or "chips", as many as `n`."""
    return t("ny.chips", lang, n=n)


def comma(lang: str | None = None) -> str:
    """What separates the items of a list in `lang` (", " / "、")."""
    return t("ny.comma", lang)


def cards_list(cards: tuple[str, ...] | list[str], lang: str | None = None) -> str:
    """A shown hand: "F G 2 7" in English, "F、G、2、7" where a list takes the language's comma."""
    sep = t("ny.comma", lang)
    return (" " if sep == ", " else sep).join(card_word(c, lang) for c in cards)


def sentences(texts: list[str]) -> str:
    """Sentences one after another: a space after an English full stop, none after a Japanese "。"."""
    out = ""
    for text in texts:
        out += ("" if not out or out.endswith(("。", "）", "」")) else " ") + text
    return out


def card_word(name: str, lang: str | None = None) -> str:
    """A card as a player reads it: road cards and jokers by notation ("C", "R*"), action cards
    and STOP by name."""
    kind = name.partition(".")[0]
    if name == "STOP" or "." in name:
        return t(f"ny.card.{kind.lower()}", lang)
    return name


def event_text(event: Event, lang: str | None = None) -> str:
    """One New York event as a sentence citing its rule."""
    kind = event.kind
    if kind in ("setup", "place", "return", "removed"):
        return t(f"ny.ev.{kind}", lang, player=player(event.seat, lang), colour=colour_name(event.colour, lang),
                 name=square_name(event.square))
    if kind == "evict":
        key = "ny.ev.evict" if event.fee else "ny.ev.take"  # no fee: Baulöwe (V1)
        return t(key, lang, player=player(event.seat, lang), colour=colour_name(event.colour, lang),
                 name=square_name(event.square), fee=event.fee, chips=chips_word(event.fee, lang))
    if kind == "colours":
        pairs = comma(lang).join(f"{player(seat, lang)}: {'/'.join(colour_name(c, lang) for c in colours)}"
                          for seat, colours in enumerate(event.seat_colours))
        return t("ny.ev.colours", lang, pairs=pairs)
    if kind == "draw":
        return t("ny.ev.draw", lang, player=player(event.seat, lang), n=event.count)
    if kind == "noplay":
        return t("ny.ev.noplay", lang, player=player(event.seat, lang),
                 cards=cards_list(event.cards, lang) or "—")
    if kind == "pick":
        return t("ny.ev.pick", lang, player=player(event.seat, lang), colour=colour_name(event.colour, lang))
    if kind == "action_card":
        return t("ny.ev.action_card", lang, player=player(event.seat, lang),
                 kind=t(f"ny.card.{event.card}", lang), back=t(f"ny.back.{event.back}", lang))
    if kind == "stop":
        return t("ny.ev.stop", lang, player=player(event.seat, lang))
    return t(f"ny.ev.{kind}", lang)  # reshuffle, stop_armed: nothing to fill in
