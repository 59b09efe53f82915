"""New York City's words for the view: actions, what the player to move does, the round line
(bidding round and who leads), seat facts, the information panel, the hand's chips and the final
scoring district by district. All read from a seat's view of the game (``game.view(seat)``), the
game's fixed tables (`Tables`: character levels and abilities) and the facade's refusals."""

from __future__ import annotations

import html
from typing import Any

from ..engine.action import Action
from ..i18n import current, localize
from ..ui.access import ink_on
from ..ui.i18n import player_name, t
from ..ui.shell import chip
from .drawing import card_fill, colour_tag
from .tables import KINDS, Tables
from .text import cards as cards_words
from .text import comma, rule_words

BID_ROUNDS = 6
KIND_NAMES = ("press", "dollar", "elevator", "acquisition", "vp", "construction")


def kind_name(T: Tables, letter: str, lang: str) -> str:
    return t(f"nyc.kind.{T.letters_of_kinds.index(letter)}", lang)


def bid_kind_text(name: str, lang: str) -> str:
    """A bidding round's kind (the data's name, "acquisition") in words ("building acquisition")."""
    return t(f"nyc.kind.{KIND_NAMES.index(name)}", lang) if name in KIND_NAMES else localize(name, lang)


def lantern_word(colour: str, lang: str | None) -> str:
    """A lantern's colour in a district's facts: two letters in English ("Or"), the name in Japanese."""
    return colour_tag(colour) if (lang or current()) == "en" else localize(colour, lang)


def phase_text(phase: Any, lang: str) -> str:
    return t("nyc.phase.end", lang) if phase == "end" else t("nyc.phase.n", lang, phase=phase)


def ability_text(T: Tables, number: int, lang: str) -> str:
    character = T.characters.get(number)
    return "" if character is None else t(f"nyc.ability.{character.ability}", lang)


def letters_words(T: Tables, letters: list[str] | str, lang: str) -> str:
    return cards_words(tuple(T.letters_of_kinds.index(x) for x in letters), lang)


def bid_value(table: dict[str, Any], seat: int) -> int:
    bidding = table["bidding"]
    return 0 if bidding is None else bidding["values"][seat]


# -- actions -------------------------------------------------------------------------------------
def describe(action: Action, table: dict[str, Any], T: Tables, lang: str) -> str:
    kind, args = action.kind, action.args
    seat = table["to_move"]
    if kind == "start":
        lantern = T.characters[args[0]].lantern
        colour = T.lantern_colours[lantern] if lantern >= 0 else "?"
        return t("nyc.do.start", lang, number=args[0], colour=localize(colour, lang))
    if kind == "take":
        pair = table["display"][args[0] - 1] or []
        return t("nyc.do.take", lang, slot=args[0], cards=" + ".join(pair))
    if kind == "take2":
        return t("nyc.do.take2", lang, a=args[0], b=args[1])
    if kind == "split":
        return t("nyc.do.split", lang, a=args[0], x=T.letter(args[1]), b=args[2], y=T.letter(args[3]))
    if kind == "play":
        card, count = args
        value = bid_value(table, seat) + 1
        if card == KINDS:
            return t("nyc.do.play_wild", lang, kind=bid_kind_text(table["bidding"]["kind"], lang), value=value)
        key = "nyc.do.play_pair" if count == 2 else "nyc.do.play"
        return t(key, lang, card=T.letter(card), value=value)
    if kind == "swap":
        return t("nyc.do.swap", lang, given=T.letter(args[0]), taken=T.letter(args[1]))
    if kind == "pass":
        return t("nyc.do.pass", lang)
    if kind == "done":
        if table["stage"] == "bid":
            cards = table["bidding"]["cards"][seat]
            return t("nyc.do.done_bid", lang, value=bid_value(table, seat), cards=" ".join(cards))
        return t("nyc.do.done", lang)
    if kind == "use":
        detail = str(action).split(" ", 2)[2:]
        return t("nyc.do.use", lang, number=args[0], detail=f" {detail[0]}" if detail else "",
                 ability=ability_text(T, args[0], lang))
    if kind == "drop":
        return t("nyc.do.drop", lang, cards=" ".join(T.letter(c) for c in args))
    if kind == "back":
        return t("nyc.do.back", lang, cards=" ".join(T.letter(c) for c in args) or t("nyc.none", lang))
    if kind == "hire":
        if not args[0]:
            return t("nyc.do.hire_none", lang)
        c = T.characters[args[0]]
        return t("nyc.do.hire", lang, number=c.number, level=c.level, phase=phase_text(c.phase, lang),
                 ability=ability_text(T, c.number, lang))
    if kind == "move":
        return t("nyc.do.move", lang, letter=args[0])
    if kind == "fame":
        if not args:
            return t("nyc.do.fame_none", lang)
        tile, route, letter = args
        colour, value = T.fame[tile]
        return t("nyc.do.fame", lang, tile=tile, value=value, letter=letter, route=route,
                 colour=localize(T.vehicle_colours[colour], lang))
    return str(action)


def status_what(table: dict[str, Any], lang: str) -> str:
    pending = table["pending"] or {}
    what = pending.get("what")
    if what in ("window1", "window3"):
        return t("nyc.what.window", lang, phase=what[-1])
    if what == "bid":
        return t("nyc.what.bid", lang, kind=bid_kind_text(table["bidding"]["kind"], lang),
                 value=bid_value(table, pending["seat"]))
    if what in ("start", "draft", "drop", "back", "hire", "move", "fame"):
        return t(f"nyc.what.{what}", lang, **{k: v for k, v in pending.items() if k not in ("what", "seat")})
    return ""


# -- the round line: where the game is, and who leads the bidding ---------------------------------
def leader(table: dict[str, Any]) -> tuple[int, int] | None:
    """(seat, value) of the highest bid so far (ties: higher on press), or None."""
    bidding = table["bidding"]
    if bidding is None:
        return None
    rank = {seat: i for i, seat in enumerate(w for w in table["press_order"] if w != "black")}
    bids = [(value, -rank[seat], seat) for seat, value in enumerate(bidding["values"]) if value]
    if not bids:
        return None
    value, _, seat = max(bids)
    return seat, value


def round_line(table: dict[str, Any], T: Tables, lang: str) -> str:
    stage = table["stage"]
    if table["round"] == 0:
        return t("nyc.ui.round_setup", lang)
    pending = table["pending"] or {}
    if stage == "over":
        phase = t("nyc.ui.phase.over", lang)
    elif table["bidding"] is not None:
        kinds = T.data["kinds"]
        k = kinds.index(table["bidding"]["kind"]) + 1
        phase = t("nyc.ui.phase.bid", lang, kind=bid_kind_text(table["bidding"]["kind"], lang), k=k)
        lead = leader(table)
        phase += " · " + (t("nyc.ui.leads", lang, player=player_name(lead[0], lang), value=lead[1]) if lead
                          else t("nyc.ui.leads_none", lang))
    elif stage == "draft":
        phase = t("nyc.ui.phase.draft", lang, lap=pending.get("lap", 1))
    else:
        phase = t(f"nyc.ui.phase.{stage}", lang) if stage in ("window1", "window3") else stage
    return t("nyc.ui.round_line", lang, round=table["round"], rounds=T.data["rounds"], phase=phase,
             mayor=table["mayor"] or "–")


def seat_facts(table: dict[str, Any], seat: int, lang: str) -> str:
    facts = table["seats"][seat]
    text = t("nyc.ui.seat_facts", lang, dollars=facts["dollars"], board=facts["board"], vp=facts["vp"],
             press=facts["press"], hand=facts["hand_size"])
    if facts["known_hand"]:
        text += t("nyc.ui.seat_known", lang, cards=" ".join(k * n for k, n in facts["known_hand"].items()))
    bidding = table["bidding"]
    if bidding is not None and bidding["values"][seat]:
        text += t("nyc.ui.seat_bid", lang, value=bidding["values"][seat])
    elif bidding is not None and bidding["done"][seat]:
        text += t("nyc.ui.seat_passed", lang)
    return text


# -- the hand as chips -----------------------------------------------------------------------------
def hand_chips(table: dict[str, Any], viewer: int | None, T: Tables, lang: str) -> list[str]:
    if viewer is None:
        return []
    facts = table["seats"][viewer]
    out, letters = [], T.letters_of_kinds
    for letter in letters:
        for _ in range((facts["hand"] or {}).get(letter, 0)):
            out.append(chip(letter, _chip_style(letter, letters)))
    for letter, n in facts["reserve"].items():
        out += [chip(t("nyc.ui.reserve_chip", lang, letter=letter), _chip_style(letter, letters, dashed=True))] * n
    return out


def _chip_style(letter: str, card_letters: str, dashed: bool = False) -> str:
    fill = card_fill(letter, card_letters)
    ink = ink_on(fill)  # black or white, whichever reads at 4.5:1 (WCAG AA)
    return f"background:{fill};color:{ink};border:1px {'dashed' if dashed else 'solid'} #333"


# -- the information panel ----------------------------------------------------------------------------
def target_facts(target: str, table: dict[str, Any], T: Tables, viewer: int | None, lang: str) -> list[str]:
    kind, _, rest = target.partition(":")
    if kind == "district":
        return district_lines(table, rest, lang)
    if kind == "pair" and rest.isdigit() and 0 < int(rest) <= len(table["display"]):
        pair = table["display"][int(rest) - 1] or []
        return [t("nyc.info.pair", lang, slot=rest, cards=letters_words(T, pair, lang))]
    if kind == "hand" and viewer is not None and rest in T.letters_of_kinds:
        n = (table["seats"][viewer]["hand"] or {}).get(rest, 0)
        return [t("nyc.info.hand", lang, kind=kind_name(T, rest, lang), letter=rest, n=n)]
    if kind == "reserve" and rest in T.letters_of_kinds:
        return [t("nyc.info.reserve", lang, kind=kind_name(T, rest, lang), letter=rest)]
    if kind == "char":
        seat, _, number = rest.partition(":")
        c = T.characters.get(int(number)) if number.isdigit() else None
        if c is None or not seat.isdigit() or int(seat) >= len(table["seats"]):
            return []
        used = any(x["number"] == c.number and x["used"] for x in table["seats"][int(seat)]["characters"])
        return [t("nyc.info.char", lang, number=c.number, player=player_name(int(seat), lang), level=c.level,
                  phase=phase_text(c.phase, lang), ability=ability_text(T, c.number, lang),
                  used=t("nyc.info.used", lang) if used else "")]
    if kind == "pool" and rest.isdigit() and int(rest) in T.characters:
        c = T.characters[int(rest)]
        return [t("nyc.info.pool", lang, number=c.number, level=c.level, phase=phase_text(c.phase, lang),
                  ability=ability_text(T, c.number, lang))]
    if kind == "route":
        route = next((r for r in table["routes"] if r["id"] == rest), None)
        if route is None:
            return []
        (a, b), (la, lb) = route["ends"], route["lanterns"]
        state = t("nyc.info.route_there" if route["vehicle"] else "nyc.info.route_taken", lang)
        return [t("nyc.info.route", lang, id=rest, a=a, b=b, vehicle=localize(route["vehicle_colour"], lang),
                  state=state,
                  la=localize(la, lang), lb=localize(lb, lang))]
    if kind == "fame":
        for tile in table["fame_up"]:
            if str(tile["id"]) == rest:
                vehicle = localize(tile["vehicle"], lang)
                return [t("nyc.info.fame", lang, **{**tile, "vehicle": vehicle}),
                        t("nyc.info.fame_click", lang, vehicle=vehicle)]
    return []


def district_lines(table: dict[str, Any], letter: str, lang: str) -> list[str]:
    district = next((d for d in table["districts"] if d["letter"] == letter), None)
    if district is None:
        return []
    fame = district["value"] - district["tile"]
    parts = [f"{player_name(s, lang)} {n}" for s, n in enumerate(district["buildings"]) if n]
    if district["neutral"]:
        parts.append(f"{t('nyc.black', lang)} {district['neutral']}")
    routes = [f"{r['id']} → {next(e for e in r['ends'] if e != letter)} "
              f"({localize(r['vehicle'], lang) if r['vehicle'] else '—'}{comma(lang)}"
              f"{lantern_word(r['lanterns'][r['ends'].index(letter)], lang)})"
              for r in table["routes"] if letter in r["ends"]]
    return [t("nyc.info.district", lang, letter=letter, name=localize(district["name"], lang), value=district["value"],
              tile=district["tile"], fame=t("nyc.info.fame_part", lang, value=fame) if fame else "",
              mayor=t("nyc.info.mayor", lang) if district["mayor"] else ""),
            t("nyc.info.buildings", lang, list=comma(lang).join(parts) or t("nyc.none", lang)),
            t("nyc.info.lanterns", lang, list=comma(lang).join(localize(c, lang) for c in district["lanterns"]),
              routes=t("nyc.semicolon", lang).join(routes))]


# -- the final scoring, district by district -----------------------------------------------------------
def scores_html(explained: list[dict[str, Any]], lang: str, final: bool) -> str:
    """NYC-13 per player: every part with its rule, then the total (the districts one by one)."""
    title = t("nyc.ui.scores_title" if final else "nyc.ui.scores_now", lang)
    rows = []
    for entry in explained:
        parts = "".join(
            f"<li>{html.escape(localize(p['what'], lang))}: {p['points']} "
            f"({html.escape(rule_words(p['rule'], lang))})</li>"
            for p in entry["parts"] if p["points"] or p.get("district"))
        rows.append(f"<div class='nbg-nyc-score'><b>{html.escape(player_name(entry['seat'], lang))}: "
                    f"{entry['total']}</b><ul>{parts}</ul></div>")
    return f"<b>{html.escape(title)}</b>" + "".join(rows)
