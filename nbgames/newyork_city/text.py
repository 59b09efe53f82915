"""New York City's one event renderer: every public event in plain words, for the log, lesson
narration and hints (the manifest names it: ``text="nbgames.newyork_city.text:event_text"``)."""

from __future__ import annotations

import re

from ..engine.events import Event
from ..ui.i18n import player_name, t

CHARACTER_RULE = re.compile(r"(NYC-\d+) \((\d+)\)")  # "NYC-12 (31)": a rule applied by character 31


def rule_words(rule: str, lang: str | None = None) -> str:
    """A rule id as cited: "NYC-12 (31)" (a character's ability) is "NYC-12, character 31", never
    a rule id in brackets inside brackets."""
    ability = CHARACTER_RULE.fullmatch(str(rule))
    return t("nyc.rule_character", lang, rule=ability[1], number=ability[2]) if ability else rule


def cards(values: tuple[int, ...], lang: str | None = None) -> str:
    """Cards in words: "press, press, wild" (or "nothing")."""
    return comma(lang).join(t(f"nyc.kind.{c}", lang) for c in values) or t("nyc.none", lang)


def comma(lang: str | None = None) -> str:
    """What separates the items of a list in `lang` (", " / "、")."""
    return t("nyc.comma", lang)


def _seats(seats: tuple[int, ...], lang: str) -> str:
    return comma(lang).join(player_name(s, lang) for s in seats)


def event_text(event: Event, lang: str | None = None) -> str:
    """One New York City event as a sentence citing its rule."""
    kind = event.kind
    fields = {f: getattr(event, f) for f in event.__dataclass_fields__}
    if "seat" in fields:
        fields["player"] = player_name(event.seat, lang)
    if "rule" in fields:
        fields["rule"] = rule_words(fields["rule"], lang)
    if kind == "setup":
        fields.update(letters=comma(lang).join(event.letters), tiles=comma(lang).join(map(str, event.tiles)),
                      order=_seats(event.press_order, lang))
    elif kind in ("reserve", "draft", "play", "discard", "take_back"):
        fields["cards"] = cards(event.cards, lang)
        if kind == "draft":
            fields["slots"] = " + ".join(map(str, event.slots))
        if kind == "play" and not event.cards:
            kind = "play_wilds"
            fields["n"] = event.value
        if kind == "discard" and event.seat < 0:
            kind = "discard_display" if len(event.cards) == 2 else "discard_lone"
    elif kind == "round":
        fields["fame"] = comma(lang).join(map(str, event.fame)) or t("nyc.none", lang)
    elif kind == "deal":
        fields["pairs"] = " | ".join(cards(p, lang) for p in event.pairs if p[0] >= 0)
    elif kind == "swap":
        fields.update(given=t(f"nyc.kind.{event.given}", lang), taken=t(f"nyc.kind.{event.taken}", lang))
    elif kind in ("bid", "bonus"):
        fields["kind"] = t(f"nyc.kind.{event.bid_kind}", lang)
    elif kind == "gain":
        fields["what"] = t(f"nyc.what.{event.what}", lang, n=event.amount)
        fields["n"] = event.amount
    elif kind == "hire" and not event.number:
        kind = "hire_none"
    elif kind == "build":
        source = event.source
        fields["source"] = t(f"nyc.source.{source}", lang) if source in ("board", "stock") else \
            t("nyc.source.moved", lang, letter=source)
    elif kind == "fame_gone":
        fields["tiles"] = comma(lang).join(map(str, event.tiles))
    elif kind == "game_end":
        fields["scores"] = comma(lang).join(f"{player_name(s, lang)} {v}" for s, v in enumerate(event.scores))
    return t(f"nyc.ev.{kind}", lang, **fields)


