"""New York 1901's one event renderer: every public event in plain words, for the log, lesson
narration and hints (the manifest names it: ``text="nbgames.newyork1901.text:event_text"``)."""

from __future__ import annotations

from ..engine.events import Event
from ..ui.i18n import player_name, t

STARTER = "start"  # the starter building's tile name in data.json
COLOURS = ("orange", "sky", "green", "yellow", "purple")  # the districts of data.json, by colour


def colour_words(name: str, lang: str | None = None) -> str:
    """A district's colour name in `lang` ("sky" -> "水色"); a district of another data file as it is."""
    return t(f"ny1901.colour.{name}", lang) if name in COLOURS else name


def comma(lang: str | None = None) -> str:
    """What separates the items of a list in `lang` (", " / "、")."""
    return t("ny1901.comma", lang)


def card_name(card: str, lang: str | None = None) -> str:
    """A lot card's name in `lang` ("orange3" stays "orange3" in English)."""
    colour, size = card.rstrip("0123456789"), card[len(card.rstrip("0123456789")):]
    if colour not in COLOURS:
        return card
    return t("ny1901.card_name", lang, colour=colour_words(colour, lang), size=size)


def score_line(part: dict, lang: str | None = None) -> str:
    """What one line of `explain_scores` counts, in words with a plain counter ("buildings (9
    standing)", 「ビル（9棟）」); the line's rule id is said once, by whoever shows the line."""
    what, n = part["what"], part.get("count")
    if what.startswith("avenue:"):
        return t("ny1901.score.avenue", lang, avenue=what.partition(":")[2], n=n)
    if what in ("buildings", "gold_prestige", "unused_action_cards"):
        return t(f"ny1901.score.{what}", lang, n=n)
    return t(f"ny1901.score.{what}", lang, challenge=t(f"ny1901.challenge.{what}", lang), n=n)


def event_text(event: Event, lang: str | None = None) -> str:
    """One New York 1901 event as a sentence citing its rule."""
    kind = event.kind
    fields = event.to_json()
    if "seat" in fields:
        fields["player"] = player_name(event.seat, lang)
    if kind == "setup":
        return t("ny1901.ev.setup", lang, avenues=comma(lang).join(event.avenues),
                 challenge=t(f"ny1901.challenge.{event.challenge}", lang))
    if kind == "market":
        return t("ny1901.ev.market", lang, cards=comma(lang).join(card_name(c, lang) for c in event.cards) or "—")
    if kind == "character":
        fields["district"] = colour_words(event.district, lang)
        if event.dealt:
            kind = "character_dealt"
    elif kind == "acquire":
        fields["card"] = card_name(event.card, lang)
        if event.grab:
            kind = "grab"
    elif kind == "build":
        fields.update(cells=" ".join(event.cells), tier=t(f"ny1901.tier.{event.tier}", lang), n=event.workers_back)
        if event.workers_back:
            kind = "build_back"
    elif kind == "demolish":
        fields["cells"] = " ".join(event.cells)
        if event.tile == STARTER:
            kind = "demolish_starter"
    elif kind == "unlock":
        fields["tier"] = t(f"ny1901.tier.{event.tier}", lang)
    elif kind == "recall":
        fields["card"] = card_name(event.card, lang)
    elif kind == "action_card":
        fields["card"] = t(f"ny1901.card.{event.card}", lang)
    elif kind == "end_trigger":
        fields["reason"] = t(f"ny1901.reason.{event.reason}", lang, n=event.tiles_left)
    elif kind == "game_end":
        names = comma(lang).join(player_name(s, lang) for s in event.winners)
        fields["scores"] = comma(lang).join(f"{player_name(s, lang)} {v}" for s, v in enumerate(event.scores))
        fields["winners"] = t("ny1901.winner" if len(event.winners) == 1 else "ny1901.winners", lang, names=names)
    return t(f"ny1901.ev.{kind}", lang, **fields)
