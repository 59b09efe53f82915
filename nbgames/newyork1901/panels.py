"""New York 1901's words around the board: move descriptions, the status line's ask, the player
strip, the information panel and the final scoring, all from ``game.view(seat)`` and the
catalogue (``strings.py``)."""

from __future__ import annotations

import functools
import html
from typing import Any

from ..engine.action import Action
from ..engine.game import Game
from ..ui.i18n import t
from ..ui.tiles import Polyomino, parse_placement
from .drawing import TIER_MARK, district_of_card, tier_open, tile_facts
from .text import colour_words, comma, score_line


def district_words(table: dict[str, Any], name: str, lang: str) -> str:
    district = next(d for d in table["board"]["districts"] if d["name"] == name)
    return t("ny1901.ui.district", lang, title=district["title"], name=colour_words(name, lang),
             letter=district["letter"])


def card_words(table: dict[str, Any], card: str, lang: str) -> str:
    """"green2" -> "Midtown (G) size 2"."""
    district = district_of_card(table, card)
    return t("ny1901.ui.card", lang, title=district["title"], letter=district["letter"],
             size=card[len(district["name"]):])


def lot_facts(table: dict[str, Any], lot_name: str) -> dict[str, Any] | None:
    return next((lot for lot in table["board"]["lots"] if lot["name"] == lot_name), None)


def lot_of_cell(table: dict[str, Any], cell: str) -> dict[str, Any] | None:
    return next((lot for lot in table["board"]["lots"] if cell in lot["cells"]), None)


def describe(action: Action, table: dict[str, Any], lang: str) -> str:
    """A sentence for one action (buttons, the move list, "which way?")."""
    kind, text = action.kind, str(action)
    rest = text.partition(" ")[2]
    if kind == "character":
        return t("ny1901.ui.do.character", lang, district=district_words(table, rest, lang))
    if kind in ("acquire", "grab", "recall"):
        lot = lot_facts(table, rest)
        card = card_words(table, f"{lot['district']}{lot['size']}", lang) if lot else rest
        return t(f"ny1901.ui.do.{kind}", lang, lot=rest, card=card)
    if kind == "build":
        return t("ny1901.ui.do.build", lang, **placement_words(table, text, lang))
    if kind == "demolish":
        where, _, placement = rest.partition(" ")
        return t("ny1901.ui.do.demolish", lang, cell=where, **placement_words(table, placement, lang))
    return t(f"ny1901.ui.do.{kind}", lang)


@functools.lru_cache(maxsize=8)
def _shapes(tiles: tuple[tuple[str, str], ...]) -> dict[str, Polyomino]:
    return {name: Polyomino.from_picture(shape, name) for name, shape in tiles}


def placement_words(table: dict[str, Any], notation: str, lang: str) -> dict[str, Any]:
    """A placement ("gI3@A5r1") in words for a sentence: the tile's name, tier and VP and the
    cells it covers ("gI3", "gold", 6, "A5 B5 C5"), never the notation itself."""
    tiles = table["board"]["tiles"]
    placement = parse_placement(notation, _shapes(tuple((x["name"], x["shape"]) for x in tiles)))
    facts = next((x for x in tiles if placement is not None and x["name"] == placement.tile.name), None)
    if placement is None or facts is None:  # not a placement of this board's tiles: as it is
        return {"tile": notation, "tier": "?", "vp": "?", "cells": "?"}
    cells = " ".join(f"{chr(ord('A') + r)}{c + 1}" for r, c in placement.cells())
    return {"tile": facts["name"], "tier": t(f"ny1901.tier.{facts['tier']}", lang), "vp": facts["vp"], "cells": cells}


def status_what(table: dict[str, Any], picked: str | None, card: str | None, lang: str) -> str:
    """What the player to move is asked to do now."""
    if table["phase"] == "characters":
        return t("ny1901.ui.ask.character", lang)
    if picked is not None:
        return t("ny1901.ui.ask.place", lang, tile=picked)
    if card is not None:
        return t("ny1901.ui.ask.lot", lang, card=card_words(table, card, lang))
    turn = table["turn"]
    if turn["acted"] and turn["actions_left"] <= 0:
        return t("ny1901.ui.ask.after", lang)
    return t("ny1901.ui.ask.turn", lang)


def seat_facts(table: dict[str, Any], seat: int, lang: str) -> str:
    """VP, tier unlocked, workers in supply, tiles left per tier, action cards unused."""
    facts = table["seats"][seat]
    if facts["character"] is None:
        return t("ny1901.ui.seat_choosing", lang)
    left = {tier: 0 for tier in ("bronze", "silver", "gold")}
    for tile in table["board"]["tiles"]:
        if tile["name"] in facts["tiles_left"]:
            left[tile["tier"]] += facts["tiles_left"][tile["name"]]
    tiles = " ".join(f"{TIER_MARK[tier]}{n}" for tier, n in left.items())
    cards = comma(lang).join(t(f"ny1901.card.{c}", lang) for c in facts["action_cards"]) or "—"
    district = next(d for d in table["board"]["districts"] if d["name"] == facts["character"])
    return t("ny1901.ui.seat", lang, title=district["title"], letter=district["letter"], vp=facts["vp"],
             tier=t(f"ny1901.tier.{facts['tier']}", lang), workers=facts["workers"], tiles=tiles, cards=cards,
             legendary=facts["legendary"] or "—")


def target_facts(target: str, table: dict[str, Any], shown: int, lang: str) -> list[str]:
    """Plain lines about what stands on a target."""
    kind, _, rest = target.partition(":")
    if kind == "market" and rest.isdigit() and int(rest) < len(table["market"]):
        return [t("ny1901.ui.info.market", lang, card=card_words(table, table["market"][int(rest)], lang))]
    if kind == "tile":
        tile = tile_facts(table, shown, rest)
        return [t("ny1901.ui.info.tile", lang, name=rest, tier=t(f"ny1901.tier.{tile['tier']}", lang),
                  vp=tile["vp"], cells=tile["shape"].count("#"), left=tile["left"],
                  shape=tile["shape"].replace("/", " / "))]
    if kind == "window":
        return [t("ny1901.ui.info.window", lang)]
    if kind == "lot":
        lot = lot_facts(table, rest)
        return lot_lines(table, lot, lang) if lot else []
    lot = lot_of_cell(table, target)
    lines = [target]
    if lot is None:
        park = target in table["board"]["parks"]
        return [t("ny1901.ui.info.park" if park else "ny1901.ui.info.cell", lang, cell=target)]
    lines = lot_lines(table, lot, lang)
    for building in table["buildings"]:
        if target in building["cells"]:
            key = "ny1901.ui.info.starter" if building.get("starter") else "ny1901.ui.info.building"
            lines.append(t(key, lang, tile=building["tile"], player=building["owner"] + 1,
                           tier=t(f"ny1901.tier.{building['tier']}", lang), vp=building["vp"]))
    avenues = [a["name"] for a in table["board"]["avenues"] if target in a["cells"]]
    if avenues:
        lines.append(t("ny1901.ui.info.avenues", lang, avenues=comma(lang).join(avenues)))
    elif target in table["board"]["touch"]:
        lines.append(t("ny1901.ui.info.park_near", lang))
    return lines


def lot_lines(table: dict[str, Any], lot: dict[str, Any], lang: str) -> list[str]:
    owner = table["lot_owner"].get(lot["name"])
    worker = table["workers"].get(lot["name"])
    card = card_words(table, f"{lot['district']}{lot['size']}", lang)
    line = t("ny1901.ui.info.lot", lang, lot=lot["name"], card=card)
    if worker is not None:
        more = t("ny1901.ui.info.worker", lang, player=worker + 1)
    elif owner is not None:
        more = t("ny1901.ui.info.owner", lang, player=owner + 1)
    else:
        more = t("ny1901.ui.info.empty", lang)
    return [line + ("" if line.endswith("。") else " ") + more]  # Japanese sentences need no space


def legend(table: dict[str, Any], lang: str) -> str:
    """The information panel's text while nothing is pointed at: how to read and play the board."""
    lines = [t("ny1901.ui.legend", lang)]
    turn = table.get("end") or {}
    if turn.get("triggered_by") is not None and table["phase"] != "over":
        lines.append(t("ny1901.ui.end_triggered", lang, player=turn["triggered_by"] + 1,
                       n=turn["last_turns_left"]))
    return "<br>".join(html.escape(line) for line in lines)


def scores_html(explained: list[dict[str, Any]], lang: str) -> str:
    """The final scoring line by line, per seat, each part with its rule id."""
    rows = []
    for entry in explained:
        parts = "".join(f"<li>{html.escape(part_words(part, lang))}</li>" for part in entry["parts"])
        rows.append(f"<b>{html.escape(t('ny1901.ui.score_total', lang, n=entry['seat'] + 1, total=entry['total']))}"
                    f"</b><ul>{parts}</ul>")
    return f"<div class='nbg-ny1901-scores'>{''.join(rows)}</div>"


def part_words(part: dict[str, Any], lang: str) -> str:
    """One scoring line: what it counts, the points, its rule id once."""
    return t("ny1901.ui.score_part", lang, label=score_line(part, lang), points=part["points"], rule=part["rule"])


def tile_refusal(game: Game, table: dict[str, Any], seat: int, name: str, lang: str) -> str | None:
    """The status line when a tile cannot be picked at all (its tier is locked, none is left)."""
    facts = tile_facts(table, seat, name)
    if facts["left"] <= 0:
        owner, legendary = facts["owner"], facts["tier"] == "legendary"
        key = "legend_taken" if owner is not None else "legend_one" if legendary else "tile_gone"
        return t("status.illegal", lang, rule="NY1901-5" if legendary else "NY1901-3",
                 reason=t(f"ny1901.ui.{key}", lang, tile=name, player=(owner or 0) + 1))
    if not tier_open(table, seat, facts["tier"]):
        error = game.refusal(f"{name}@A1r0")  # the engine checks the tier first
        if error is not None:
            return t("status.illegal", lang, rule=error.rule, reason=error.reason)
    return None


def show_build(notation: str, lang: str) -> tuple[list[str], str]:
    """"Show me" of a build or rebuild: the tile, the Mirror and Turn buttons it needs (from a
    fresh pick: mirror first, then turn) and the cell of its first cell, with the words."""
    tile, _, where = notation.rpartition(" ")[2].partition("@")
    cell, _, orient = where.partition("r")
    turns, mirrored = int(orient[0]), orient.endswith("m")
    marks = [f"tile:{tile}"] + (["button:mirror"] if mirrored else []) + (["button:rotate"] if turns else [])
    how = (t("ny1901.show.mirror", lang) if mirrored else "") + (t("ny1901.show.turns", lang, n=turns) if turns else "")
    return [*marks, cell], t("ny1901.show.build", lang, tile=tile, turns=how, cell=cell)


def show_acquire(table: dict[str, Any], lot: str, card: str, lang: str) -> tuple[list[str], str]:
    """"Show me" of an acquire: the market card and the lot."""
    words = t("ny1901.show.acquire", lang, card=card_words(table, card, lang), lot=lot)
    return [f"market:{table['market'].index(card)}", f"lot:{lot}"], words
