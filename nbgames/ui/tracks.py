"""Routes between regions, score and race tracks, and tokens spread over regions.

Built on `regions.py`: a route and every space of a track are `Region`s, so they are hit-tested
and highlighted like districts; tokens stand on regions in numbered slots and never overlap.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from .board import GRID, PIECES, STATIC, TEXT, Op, contrast_text
from .regions import Point, Region, RegionMap, as_points, distance_to_boundary, point_in_polygon


# -- routes ----------------------------------------------------------------------------------
def _crossings(polygon: Sequence[Point], p: Point, q: Point) -> list[float]:
    """Parameters t in [0, 1] where segment p→q crosses the polygon's edges."""
    (px, py), (qx, qy) = p, q
    rx, ry = qx - px, qy - py
    out = []
    for i in range(len(polygon)):
        (x1, y1), (x2, y2) = polygon[i - 1], polygon[i]
        sx, sy = x2 - x1, y2 - y1
        denom = rx * sy - ry * sx
        if denom == 0:
            continue  # parallel edges never give a single crossing point
        t = ((x1 - px) * sy - (y1 - py) * sx) / denom
        u = ((x1 - px) * ry - (y1 - py) * rx) / denom
        if 0 <= t <= 1 and 0 <= u <= 1:
            out.append(t)
    return out


def route_segment(regions: RegionMap, a: str, b: str) -> tuple[Point, Point] | None:
    """The part of the line between the centres of regions `a` and `b` that lies between them.

    It runs from where the line last leaves `a` to where it first enters `b`; for regions that
    touch, a short piece across the shared border. None when a name is unknown or equal.
    """
    ra, rb = regions.get(a), regions.get(b)
    if ra is None or rb is None or a == b:
        return None
    (ax, ay), (bx, by) = ra.centre, rb.centre
    length = math.hypot(bx - ax, by - ay)
    if length == 0:
        return None
    t0 = max(_crossings(ra.polygon, ra.centre, rb.centre), default=0.0)
    t1 = min(_crossings(rb.polygon, ra.centre, rb.centre), default=1.0)
    if t1 - t0 < 24.0 / length:  # touching or overlapping regions: 24 px across the border
        mid, half = (t0 + t1) / 2, min(12.0 / length, 0.5)
        t0, t1 = max(0.0, mid - half), min(1.0, mid + half)
    return ((ax + t0 * (bx - ax), ay + t0 * (by - ay)), (ax + t1 * (bx - ax), ay + t1 * (by - ay)))


def route_region(regions: RegionMap, a: str, b: str, *, width: float = 18.0, name: str | None = None,
                 label: str | None = None) -> Region | None:
    """A thin rectangle along `route_segment(a, b)`: a clickable route that can hold tokens.

    Named ``"a-b"`` unless `name` is given; None when the segment is.
    """
    seg = route_segment(regions, a, b)
    if seg is None:
        return None
    (x1, y1), (x2, y2) = seg
    length = math.hypot(x2 - x1, y2 - y1)
    nx, ny = -(y2 - y1) / length * width / 2, (x2 - x1) / length * width / 2
    polygon = ((x1 + nx, y1 + ny), (x2 + nx, y2 + ny), (x2 - nx, y2 - ny), (x1 - nx, y1 - ny))
    return Region(name or f"{a}-{b}", polygon, label, ((x1 + x2) / 2, (y1 + y2) / 2))


# -- tracks ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Track:
    """A score or race track: spaces named ``"<name>:<value>"`` for value = start, start + 1, …"""

    name: str
    spaces: tuple[Region, ...]
    start: int = 0

    def space(self, value: int) -> str:
        """The region name of the space showing `value`."""
        return f"{self.name}:{value}"

    def value_of(self, region_name: object) -> int | None:
        """The value of a space of this track from its region name, or None."""
        if not isinstance(region_name, str) or not region_name.startswith(self.name + ":"):
            return None
        tail = region_name[len(self.name) + 1:]
        if not re.fullmatch(r"-?[0-9]{1,9}", tail):
            return None
        value = int(tail)
        return value if self.start <= value < self.start + len(self.spaces) else None

    def __len__(self) -> int:
        return len(self.spaces)

    @classmethod
    def strip(cls, name: str, count: int, *, x: float, y: float, width: float, height: float | None = None,
              per_row: int | None = None, gap: float = 0.0, snake: bool = False, start: int = 0,
              labels: Sequence[str] | None = None) -> Track:
        """`count` rectangles left to right from (x, y), `per_row` to a row (default: one row).

        ``snake=True`` runs every second row right to left (a race track folded on the page).
        """
        height = width if height is None else height
        per_row = per_row or count
        spaces = []
        for i in range(count):
            row, col = divmod(i, per_row)
            if snake and row % 2:
                col = per_row - 1 - col
            value = start + i
            spaces.append(Region.rect(f"{name}:{value}", x + col * (width + gap), y + row * (height + gap),
                                      width, height, labels[i] if labels else str(value)))
        return cls(name, tuple(spaces), start)

    @classmethod
    def along(cls, name: str, path: Sequence[Point], count: int, *, size: float, start: int = 0,
              labels: Sequence[str] | None = None) -> Track:
        """`count` squares of side `size`, evenly spaced along a polyline and turned with it.

        A closed path (last point = first) spreads the spaces around the loop, as on a score
        track around a board; an open one puts the first and last spaces on its ends.
        """
        pts = as_points(path)
        if pts is None or len(pts) < 2 or count < 1:
            raise ValueError("a track needs 2 or more finite path points and 1 or more spaces")
        legs = [math.hypot(q[0] - p[0], q[1] - p[1]) for p, q in zip(pts, pts[1:], strict=False)]
        total = sum(legs)
        if total == 0:
            raise ValueError("a track's path has no length")
        closed = pts[0] == pts[-1]
        step = total / count if closed or count == 1 else total / (count - 1)
        spaces = []
        for i in range(count):
            d, leg = min(i * step, total), 0
            while leg < len(legs) - 1 and d > legs[leg]:
                d -= legs[leg]
                leg += 1
            (x1, y1), (x2, y2) = pts[leg], pts[leg + 1]
            ux, uy = ((x2 - x1) / legs[leg], (y2 - y1) / legs[leg]) if legs[leg] else (1.0, 0.0)
            cx, cy = x1 + ux * d, y1 + uy * d
            h = size / 2
            corners = tuple((cx + sx * h * ux - sy * h * uy, cy + sx * h * uy + sy * h * ux)
                            for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1)))
            value = start + i
            spaces.append(Region(f"{name}:{value}", corners, labels[i] if labels else str(value), (cx, cy)))
        return cls(name, tuple(spaces), start)


# -- tokens ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Token:
    """A piece standing in a region: ``label`` is written on it (an owner's letter, a name).

    ``slot`` orders tokens inside a region: slot 0 sits at the region's centre, the next ones
    around it (see `slot_points`); two tokens never share a point.
    """

    label: str
    colour: str
    region: str
    slot: int = 0


def slot_points(region: Region, count: int, spacing: float) -> list[Point]:
    """The first `count` token points of `region`, at least `spacing` apart from each other.

    Points come from a hexagonal lattice of pitch `spacing` centred on `region.centre`, nearest
    first, preferring points whose whole token (diameter `spacing`) fits inside, then points
    inside, then the rest: distinct lattice points never overlap, and the order is fixed.
    """
    if count <= 0:
        return []
    cx, cy = region.centre
    left, top, right, bottom = region.bounds
    need_rings = math.ceil(math.sqrt(count / 3)) + 1  # a hexagon of k rings holds 1 + 3k(k+1) points
    box_rings = min(60, math.ceil(math.hypot(right - left, bottom - top) / spacing) + 1)
    k = max(need_rings, box_rings)
    a, b = (g.ravel() for g in np.mgrid[-k:k + 1, -k:k + 1])
    keep = np.maximum(np.maximum(np.abs(a), np.abs(b)), np.abs(a + b)) <= k
    xs = cx + spacing * (a[keep] + b[keep] / 2)
    ys = cy + spacing * (math.sqrt(3) / 2) * b[keep]
    order = np.lexsort((np.round(np.arctan2(ys - cy, xs - cx), 9), np.round(np.hypot(xs - cx, ys - cy), 6)))
    tiers: tuple[list[Point], list[Point], list[Point]] = ([], [], [])
    for i in order:
        x, y = float(xs[i]), float(ys[i])
        if not point_in_polygon(x, y, region.polygon):
            tiers[2].append((x, y))
        elif distance_to_boundary(x, y, region.polygon) >= spacing / 2:
            tiers[0].append((x, y))
            if len(tiers[0]) == count:
                break
        else:
            tiers[1].append((x, y))
    return (tiers[0] + tiers[1] + tiers[2])[:count]


def token_positions(regions: RegionMap, tokens: Sequence[Token], *, radius: float = 12.0,
                    gap: float = 3.0) -> list[Point | None]:
    """Canvas centres of `tokens` (None for a token whose region is unknown).

    A token whose slot is taken (or negative) moves to the next free slot of its region, so
    tokens in one region never overlap; the result depends only on the input order.
    """
    taken: dict[str, set[int]] = {}
    slots: list[int | None] = []
    for token in tokens:
        if regions.get(token.region) is None:
            slots.append(None)
            continue
        used = taken.setdefault(token.region, set())
        slot = token.slot if isinstance(token.slot, int) and 0 <= token.slot < 1000 else 0
        while slot in used:
            slot += 1
        used.add(slot)
        slots.append(slot)
    points = {name: slot_points(regions[name], max(used) + 1, 2 * radius + gap) for name, used in taken.items()}
    return [None if slot is None else points[token.region][slot] for token, slot in zip(tokens, slots, strict=True)]


# -- draw lists ------------------------------------------------------------------------------


def draw_routes(regions: RegionMap, routes: Iterable[tuple[str, str] | tuple[str, str, str]], *,
                colour: str = GRID, width: float = 4.0, layer: int = STATIC, clear: bool = False) -> list[Op]:
    """Routes ``(a, b)`` or ``(a, b, label)`` as lines between regions (`route_segment`), in one
    ``stroke_line_segments`` call; a label is written at the middle of its line.

    Routes naming an unknown region are skipped.
    """
    ops: list[Op] = [(layer, "clear", ())] if clear else []
    segments, texts = [], []
    for route in routes:
        seg = route_segment(regions, route[0], route[1])
        if seg is None:
            continue
        segments.append(seg)
        if len(route) > 2 and route[2]:
            (x1, y1), (x2, y2) = seg
            texts.append((route[2], (x1 + x2) / 2, (y1 + y2) / 2))
    if not segments:
        return ops
    ops += [(layer, "set:stroke_style", (colour,)), (layer, "set:line_width", (width,)),
            (layer, "stroke_line_segments", (np.array(segments, dtype=float),))]
    if texts:
        ops += [(layer, "set:fill_style", (TEXT,)), (layer, "set:font", ("12px sans-serif",)),
                (layer, "set:text_align", ("center",)), (layer, "set:text_baseline", ("bottom",))]
        ops += [(layer, "fill_text", text) for text in texts]
    return ops


def draw_tokens(regions: RegionMap, tokens: Sequence[Token], *, radius: float = 12.0, gap: float = 3.0,
                layer: int = PIECES, clear: bool = True) -> list[Op]:
    """Tokens as discs with their label: one ``fill_circles`` per colour, one outline call.

    Tokens of an unknown region are skipped. ``clear=False`` adds to what the layer holds.
    """
    ops: list[Op] = [(layer, "clear", ())] if clear else []
    placed = [(t, p) for t, p in zip(tokens, token_positions(regions, tokens, radius=radius, gap=gap),
                                     strict=True) if p is not None]
    if not placed:
        return ops
    by_colour: dict[str, list[Point]] = {}
    for token, point in placed:
        by_colour.setdefault(token.colour, []).append(point)
    for colour, points in by_colour.items():
        arr = np.array(points, dtype=float)
        ops += [(layer, "set:fill_style", (colour,)), (layer, "fill_circles", (arr[:, 0], arr[:, 1], radius))]
    arr = np.array([p for _, p in placed], dtype=float)
    # a dark outline so light colours (yellow) stand out on a light map
    ops += [(layer, "set:stroke_style", (TEXT,)), (layer, "set:line_width", (1.5,)),
            (layer, "stroke_circles", (arr[:, 0], arr[:, 1], radius)),
            (layer, "set:font", (f"bold {max(8, int(radius))}px sans-serif",)),
            (layer, "set:text_align", ("center",)), (layer, "set:text_baseline", ("middle",))]
    current = None
    for token, (x, y) in placed:
        ink = contrast_text(token.colour)
        if ink != current:
            ops.append((layer, "set:fill_style", (ink,)))
            current = ink
        ops.append((layer, "fill_text", (token.label, x, y + 1)))
    return ops
