"""Where everything of the New York City board sits on its one canvas, wide or narrow.

Wide: the city map (six districts joined by routes) on the left with the personal boards below
it; on the right the press track, the fame tiles and the Statue, the display of pairs, the hand
and the reserve, and the characters to hire. Narrow (a phone-sized page, `narrow=True`): the
same sections stacked in one column 360 canvas pixels wide, every clickable target at least 36
canvas pixels (about 35 CSS pixels on a canvas shown 358 pixels wide).

Targets are named regions (``district:<letter>``, ``route:<id>`` (hover only), ``pair:<n>``, ``hand:<card letter>``,
``reserve:<card letter>``, ``char:<seat>:<number>``, ``pool:<number>``, ``fame:<id>``); which
exist depends on the game (`regions_for`), so the view asks anew at every refresh.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ..ui.regions import Region, RegionMap
from ..ui.tracks import route_region

# District boxes of the map (x, y) in a 330 × 500 map, in data order: Harlem at the top, Lower
# Manhattan at the bottom, roughly where they lie on the island; the gaps between them hold the
# routes' vehicles.
MAP_W, MAP_H = 330.0, 500.0
DISTRICT_W, DISTRICT_H = 128.0, 92.0
DISTRICT_AT = ((101, 4), (8, 134), (194, 134), (8, 264), (194, 264), (101, 394))
TILE = 40.0        # a character tile, a hand or reserve chip (clickable: ≥ 36 on a phone)
GAP = 4.0
PAIR_W, PAIR_H = 44.0, 58.0
TRACK_SPACES = 16  # 0 … 15 (NYC-2)
ROUTE_W = 34.0     # a route's band between two districts
POOL_MOST = 34     # characters that can wait to be hired (the default set has 29)


@dataclass(frozen=True)
class Layout:
    """The canvas's sections for a number of players, wide or `narrow` (top-left corners)."""

    players: int
    narrow: bool
    width: int
    height: int
    map_at: tuple[float, float]
    boards_at: tuple[float, float]   # the personal boards: one row per seat
    board_row: float                 # height of one seat's row
    track_at: tuple[float, float]
    track_cell: float
    fame_at: tuple[float, float]
    display_at: tuple[float, float]
    pairs_per_row: int
    hand_at: tuple[float, float]
    reserve_at: tuple[float, float]
    pool_at: tuple[float, float]
    pool_per_row: int
    column_w: float                  # width of the right-hand (or only) column

    def district_box(self, index: int) -> tuple[float, float, float, float]:
        x, y = DISTRICT_AT[index]
        return self.map_at[0] + x, self.map_at[1] + y, DISTRICT_W, DISTRICT_H

    def district_centre(self, index: int) -> tuple[float, float]:
        x, y, w, h = self.district_box(index)
        return x + w / 2, y + h / 2

    def pair_box(self, slot: int) -> tuple[float, float, float, float]:
        """Display pair `slot` (0-based)."""
        row, col = divmod(slot, self.pairs_per_row)
        x0, y0 = self.display_at
        return x0 + col * (PAIR_W + GAP), y0 + 18 + row * (PAIR_H + GAP), PAIR_W, PAIR_H

    def chip_box(self, row_at: tuple[float, float], index: int) -> tuple[float, float, float, float]:
        """A hand or reserve chip: 7 kinds in a row."""
        return row_at[0] + index * (TILE + 8), row_at[1] + 18, TILE + 4, TILE

    def char_box(self, seat: int, index: int) -> tuple[float, float, float, float]:
        x0, y0 = self.boards_at
        label_w = 0.0 if self.narrow else 150.0
        label_h = 18.0 if self.narrow else 0.0
        return x0 + label_w + index * (TILE + GAP), y0 + seat * self.board_row + label_h + 2, TILE, TILE

    def pool_box(self, index: int) -> tuple[float, float, float, float]:
        row, col = divmod(index, self.pool_per_row)
        x0, y0 = self.pool_at
        return x0 + col * (TILE + GAP), y0 + 18 + row * (TILE + GAP), TILE, TILE


def layout_for(players: int, narrow: bool = False) -> Layout:
    """The wide layout (map left, panels right) or the narrow one (one column)."""
    if not narrow:
        right = MAP_W + 24
        column_w = 430.0
        boards_at = (8.0, MAP_H + 16)
        board_row = TILE + 8
        track_at = (right, 6.0)
        fame_at = (right, 120.0)
        display_at = (right, 176.0)
        hand_at = (right, display_at[1] + 18 + 2 * (PAIR_H + GAP) + 6)
        reserve_at = (right, hand_at[1] + TILE + 26)
        pool_at = (right, reserve_at[1] + TILE + 26)
        pool_per_row = int((column_w + GAP) // (TILE + GAP))
        pool_rows = math.ceil(POOL_MOST / pool_per_row)
        height = max(boards_at[1] + players * board_row, pool_at[1] + 18 + pool_rows * (TILE + GAP)) + 8
        return Layout(players, False, int(right + column_w + 8), int(math.ceil(height)), (0.0, 0.0), boards_at,
                      board_row, track_at, column_w / TRACK_SPACES, fame_at, display_at, 9, hand_at, reserve_at,
                      pool_at, pool_per_row, column_w)
    width, left, column_w = 360, 12.0, 340.0
    y = MAP_H + 8
    track_at = (left, y)
    fame_at = (left, y + 112)
    display_at = (left, fame_at[1] + 58)
    pairs_per_row = int((column_w + GAP) // (PAIR_W + GAP))
    hand_at = (left, display_at[1] + 18 + 2 * (PAIR_H + GAP) + 6)
    reserve_at = (left, hand_at[1] + TILE + 26)
    boards_at = (left, reserve_at[1] + TILE + 44)
    board_row = TILE + 26
    pool_at = (left, boards_at[1] + players * board_row + 8)
    pool_per_row = int((column_w + GAP) // (TILE + GAP))
    pool_rows = math.ceil(POOL_MOST / pool_per_row)
    height = pool_at[1] + 18 + pool_rows * (TILE + GAP) + 8
    return Layout(players, True, width, int(math.ceil(height)), (15.0, 4.0), boards_at, board_row, track_at,
                  column_w / TRACK_SPACES, fame_at, display_at, pairs_per_row, hand_at, reserve_at, pool_at,
                  pool_per_row, column_w)


def rect(name: str, box: tuple[float, float, float, float], label: str | None = None) -> Region:
    return Region.rect(name, *box, label=label)


def regions_for(layout: Layout, table: dict[str, Any], card_letters: str, viewer: int | None) -> RegionMap:
    """Every target the board shows now, as named rectangles for hit-testing."""
    regions = [rect(f"district:{d['letter']}", layout.district_box(i)) for i, d in enumerate(table["districts"])]
    city = RegionMap(regions)
    for route in table["routes"]:  # between the districts (for hover: its vehicle and lanterns)
        a, b = (f"district:{end}" for end in route["ends"])
        region = route_region(city, a, b, width=ROUTE_W, name=f"route:{route['id']}")
        if region is not None:
            regions.append(region)
    regions += [rect(f"fame:{tile['id']}", fame_box(layout, i)) for i, tile in enumerate(table["fame_up"])]
    regions += [rect(f"pair:{slot + 1}", layout.pair_box(slot))
                for slot, pair in enumerate(table["display"]) if pair is not None]
    if viewer is not None:
        regions += [rect(f"hand:{letter}", layout.chip_box(layout.hand_at, i)) for i, letter in enumerate(card_letters)]
    for seat, facts in enumerate(table["seats"]):
        regions += [rect(f"char:{seat}:{c['number']}", layout.char_box(seat, i))
                    for i, c in enumerate(facts["characters"])]
    regions += [rect(f"reserve:{letter}", layout.chip_box(layout.reserve_at, i))
                for i, letter in enumerate(reserve_letters(table, viewer, card_letters))]
    regions += [rect(f"pool:{number}", layout.pool_box(i)) for i, number in enumerate(table["pool"])]
    return RegionMap(regions)


def fame_box(layout: Layout, index: int) -> tuple[float, float, float, float]:
    x0, y0 = layout.fame_at
    return x0 + index * 66, y0 + 18, 62, 34


def reserve_letters(table: dict[str, Any], viewer: int | None, card_letters: str) -> list[str]:
    """The kinds in the viewer's reserve, one chip per kind (none without a viewer)."""
    if viewer is None:
        return []
    reserve = table["seats"][viewer]["reserve"]
    return [letter for letter in card_letters if reserve.get(letter)]
