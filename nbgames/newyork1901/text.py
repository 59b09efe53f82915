"""New York 1901's one event renderer: every public event in plain words, for the log, lesson
narration and hints (the manifest names it: ``text="nbgames.newyork1901.text:event_text"``)."""

from __future__ import annotations

from ..engine.events import Event
from ..ui.i18n import player_name, t


def score_line(part: dict, lang: str = "en") -> str:
    """One line of `explain_scores` in words: what it counts, by rule id."""
    what = part["what"]
    if what.startswith("avenue:"):
        return t("ny1901.score.avenue", lang, avenue=what.partition(":")[2])
    if what in ("buildings", "gold_prestige", "unused_action_cards"):
        return t(f"ny1901.score.{what}", lang)
    return t("ny1901.score.challenge", lang, challenge=t(f"ny1901.challenge.{what}", lang))


def event_text(event: Event, lang: str = "en") -> str:
    """One New York 1901 event as a sentence citing its rule."""
    kind = event.kind
    fields = event.to_json()
    if "seat" in fields:
        fields["player"] = player_name(event.seat, lang)
    if kind == "setup":
        return t("ny1901.ev.setup", lang, avenues=", ".join(event.avenues),
                 challenge=t(f"ny1901.challenge.{event.challenge}", lang))
    if kind == "market":
        return t("ny1901.ev.market", lang, cards=", ".join(event.cards) or "—")
    if kind == "character" and event.dealt:
        kind = "character_dealt"
    elif kind == "acquire" and event.grab:
        kind = "grab"
    elif kind == "build":
        fields.update(cells=" ".join(event.cells), tier=t(f"ny1901.tier.{event.tier}", lang), n=event.workers_back)
        if event.workers_back:
            kind = "build_back"
    elif kind == "demolish":
        fields["cells"] = " ".join(event.cells)
    elif kind == "unlock":
        fields["tier"] = t(f"ny1901.tier.{event.tier}", lang)
    elif kind == "action_card":
        fields["card"] = t(f"ny1901.card.{event.card}", lang)
    elif kind == "end_trigger":
        fields["reason"] = t(f"ny1901.reason.{event.reason}", lang, n=event.tiles_left)
    elif kind == "game_end":
        names = ", ".join(player_name(s, lang) for s in event.winners)
        fields["scores"] = ", ".join(f"{player_name(s, lang)} {v}" for s, v in enumerate(event.scores))
        fields["winners"] = t("ny1901.winner" if len(event.winners) == 1 else "ny1901.winners", lang, names=names)
    return t(f"ny1901.ev.{kind}", lang, **fields)
