"""Area maps for the board kit: named polygon regions, routes, tracks and tokens.

A `Region` is a named polygon in canvas pixels (a district, a card slot, a space of a score
track); a `RegionMap` holds regions in drawing order and answers "what is under the pointer?".
The draw-list functions follow `board.py`: they return `Op` tuples that `board.render` replays in
one `hold_canvas()`, fill shapes in batched calls, and write a text label on every shape so colour
is never the only clue.
"""

from __future__ import annotations

import math
import numbers
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np

from .board import CELL, GRID, HIGHLIGHT_KINDS, HIGHLIGHTS, PIECES, STATIC, TEXT, Op, contrast_text

Point = tuple[float, float]

#: Browser coordinates farther than this from the origin are junk (canvases are a few thousand
#: pixels); rejecting them also keeps every product in the geometry below far from overflow.
MAX_COORD = 1e6
_EDGE_EPS = 1e-7  # pixels: a point this close to an edge lies on it


def as_point(x: Any, y: Any) -> Point | None:
    """(x, y) as finite floats within ±`MAX_COORD`, or None for anything else.

    Browser input may be anything: real numbers and numeric strings are accepted (as
    `Geometry.hit` does); booleans, bytes, None, lists, NaN, infinities and huge values are not.
    """
    if not all(isinstance(v, (numbers.Real, str)) and not isinstance(v, bool) for v in (x, y)):
        return None
    try:
        fx, fy = float(x), float(y)
    except (TypeError, ValueError, OverflowError):
        return None
    if not (math.isfinite(fx) and math.isfinite(fy)) or abs(fx) > MAX_COORD or abs(fy) > MAX_COORD:
        return None
    return fx, fy


def _points(values: Iterable[Any]) -> tuple[Point, ...] | None:
    """Pairs of coordinates as finite points, or None when any of them is not one."""
    try:
        points = tuple(as_point(*p) for p in values)
    except TypeError:  # not a pair
        return None
    return None if None in points else points  # type: ignore[return-value]


def _on_segment(x: float, y: float, a: Point, b: Point) -> bool:
    (x1, y1), (x2, y2) = a, b
    if not (min(x1, x2) - _EDGE_EPS <= x <= max(x1, x2) + _EDGE_EPS
            and min(y1, y2) - _EDGE_EPS <= y <= max(y1, y2) + _EDGE_EPS):
        return False
    cross = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)
    return abs(cross) <= _EDGE_EPS * math.hypot(x2 - x1, y2 - y1)


def point_in_polygon(x: Any, y: Any, polygon: Sequence[Point]) -> bool:
    """True when (x, y) lies inside `polygon` or on its boundary (even–odd rule).

    Works for concave polygons; a point on an edge or a vertex always counts as inside, so two
    regions sharing an edge both contain it and `RegionMap.hit` decides by drawing order.
    Malformed coordinates (see `as_point`) are never inside.
    """
    p = as_point(x, y)
    if p is None:
        return False
    px, py = p
    inside = False
    for i in range(len(polygon)):
        a, b = polygon[i - 1], polygon[i]
        if _on_segment(px, py, a, b):
            return True
        (x1, y1), (x2, y2) = a, b
        if (y1 > py) != (y2 > py):  # half-open: a vertex on the ray is counted once
            if px < x1 + (py - y1) * (x2 - x1) / (y2 - y1):
                inside = not inside
    return inside


def _area_and_centroid(polygon: Sequence[Point]) -> tuple[float, Point]:
    area2 = cx = cy = 0.0
    for i in range(len(polygon)):
        (x1, y1), (x2, y2) = polygon[i - 1], polygon[i]
        cross = x1 * y2 - x2 * y1
        area2 += cross
        cx += (x1 + x2) * cross
        cy += (y1 + y2) * cross
    if area2 == 0:
        return 0.0, polygon[0]
    return area2 / 2, (cx / (3 * area2), cy / (3 * area2))


def _distance_to_boundary(x: float, y: float, polygon: Sequence[Point]) -> float:
    best = math.inf
    for i in range(len(polygon)):
        (x1, y1), (x2, y2) = polygon[i - 1], polygon[i]
        dx, dy = x2 - x1, y2 - y1
        t = max(0.0, min(1.0, ((x - x1) * dx + (y - y1) * dy) / (dx * dx + dy * dy or 1.0)))
        best = min(best, math.hypot(x - x1 - t * dx, y - y1 - t * dy))
    return best


def _interior_point(polygon: Sequence[Point]) -> Point:
    """The centroid when it is inside, else the middle of the widest inside span at its height."""
    _, (cx, cy) = _area_and_centroid(polygon)
    if point_in_polygon(cx, cy, polygon) and _distance_to_boundary(cx, cy, polygon) > 1.0:
        return cx, cy
    xs = []
    for i in range(len(polygon)):
        (x1, y1), (x2, y2) = polygon[i - 1], polygon[i]
        if (y1 > cy) != (y2 > cy):
            xs.append(x1 + (cy - y1) * (x2 - x1) / (y2 - y1))
    xs.sort()
    spans = list(zip(xs[::2], xs[1::2], strict=False))
    if not spans:
        return cx, cy
    left, right = max(spans, key=lambda s: s[1] - s[0])
    return (left + right) / 2, cy


@dataclass(frozen=True)
class Region:
    """A named polygon on the canvas: ``polygon`` holds (x, y) canvas points, in order.

    ``label`` is the text drawn on it (default: the name); ``label_at`` where (default: an inside
    point near the centroid, also where tokens gather).
    """

    name: str
    polygon: tuple[Point, ...]
    label: str | None = None
    label_at: Point | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise ValueError("a region needs a non-empty name")
        points = _points(self.polygon)
        if points is None or len(points) < 3:
            raise ValueError(f"region {self.name!r}: a polygon needs 3 or more finite (x, y) points")
        object.__setattr__(self, "polygon", points)
        if _area_and_centroid(points)[0] == 0:
            raise ValueError(f"region {self.name!r}: the polygon has no area")
        if self.label_at is not None:
            at = _points((self.label_at,))
            if at is None:
                raise ValueError(f"region {self.name!r}: label_at must be a finite point")
            object.__setattr__(self, "label_at", at[0])

    @classmethod
    def rect(cls, name: str, x: float, y: float, width: float, height: float,
             label: str | None = None) -> Region:
        """An axis-aligned rectangle (a card slot, a space of a track)."""
        return cls(name, ((x, y), (x + width, y), (x + width, y + height), (x, y + height)), label)

    @property
    def text(self) -> str:
        """What is written on the region."""
        return self.name if self.label is None else self.label

    @cached_property
    def bounds(self) -> tuple[float, float, float, float]:
        """(left, top, right, bottom) of the polygon."""
        xs = [x for x, _ in self.polygon]
        ys = [y for _, y in self.polygon]
        return min(xs), min(ys), max(xs), max(ys)

    @cached_property
    def centre(self) -> Point:
        """Where the label goes and tokens gather: `label_at`, or a point inside the polygon."""
        return self.label_at if self.label_at is not None else _interior_point(self.polygon)

    def contains(self, x: Any, y: Any) -> bool:
        """True when canvas point (x, y) is inside or on the boundary; malformed input is not."""
        p = as_point(x, y)
        if p is None:
            return False
        left, top, right, bottom = self.bounds
        if not (left - _EDGE_EPS <= p[0] <= right + _EDGE_EPS and top - _EDGE_EPS <= p[1] <= bottom + _EDGE_EPS):
            return False
        return point_in_polygon(p[0], p[1], self.polygon)


class RegionMap:
    """Regions in drawing order; a later region lies on top and wins hit-tests. Immutable."""

    def __init__(self, regions: Iterable[Region] = ()):
        self._regions = tuple(regions)
        self._by_name: dict[str, Region] = {}
        for region in self._regions:
            if not isinstance(region, Region):
                raise TypeError(f"not a Region: {region!r}")
            if region.name in self._by_name:
                raise ValueError(f"two regions named {region.name!r}")
            self._by_name[region.name] = region

    def __add__(self, other: Iterable[Region]) -> RegionMap:
        """This map with `other`'s regions on top."""
        return RegionMap((*self._regions, *other))

    def __iter__(self) -> Iterator[Region]:
        return iter(self._regions)

    def __len__(self) -> int:
        return len(self._regions)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name in self._by_name

    def __getitem__(self, name: str) -> Region:
        return self._by_name[name]

    def get(self, name: object) -> Region | None:
        """The region called `name`, or None (any value accepted: names may come from a browser)."""
        return self._by_name.get(name) if isinstance(name, str) else None

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(r.name for r in self._regions)

    def hit(self, x: Any, y: Any) -> str | None:
        """The name of the topmost region under canvas point (x, y), or None.

        Anything that is not a finite point (strings that are not numbers, NaN, inf, 1e308,
        None, lists) is None.
        """
        p = as_point(x, y)
        if p is None:
            return None
        for region in reversed(self._regions):
            if region.contains(*p):
                return region.name
        return None

    @property
    def bounds(self) -> tuple[float, float, float, float] | None:
        """(left, top, right, bottom) around every region, or None for an empty map."""
        if not self._regions:
            return None
        boxes = [r.bounds for r in self._regions]
        return (min(b[0] for b in boxes), min(b[1] for b in boxes),
                max(b[2] for b in boxes), max(b[3] for b in boxes))

    def centre(self, name: str) -> Point:
        """Where region `name` shows its label (KeyError for an unknown name)."""
        return self._by_name[name].centre


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
        pts = _points(path)
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
        elif _distance_to_boundary(x, y, region.polygon) >= spacing / 2:
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
def _polygons(regions: Iterable[Region]) -> list[np.ndarray]:
    return [np.array(r.polygon, dtype=float) for r in regions]


def _labels(regions: Iterable[Region], ink: Mapping[str, str], layer: int) -> list[Op]:
    ops: list[Op] = []
    current = None
    for region in regions:
        colour = ink.get(region.name, TEXT)
        if colour != current:
            ops.append((layer, "set:fill_style", (colour,)))
            current = colour
        ops.append((layer, "fill_text", (region.text, *region.centre)))
    return ops


def draw_regions(regions: Iterable[Region], fills: Mapping[str, str] | None = None, *,
                 default_fill: str = CELL, outline: str = GRID, line_width: float = 1.5,
                 labels: bool = True, font: str = "13px sans-serif", layer: int = STATIC,
                 clear: bool = True) -> list[Op]:
    """Regions filled by name (`fills`, else `default_fill`): one ``fill_polygons`` per colour,
    one ``stroke_polygons`` for every outline, then each region's label at its centre.

    ``clear=False`` adds to what the layer holds (e.g. a track drawn over a map).
    """
    regions = list(regions)
    fills = fills or {}
    ops: list[Op] = [(layer, "clear", ())] if clear else []
    if not regions:
        return ops
    by_fill: dict[str, list[Region]] = {}
    for region in regions:
        by_fill.setdefault(fills.get(region.name, default_fill), []).append(region)
    for colour, group in by_fill.items():
        ops += [(layer, "set:fill_style", (colour,)), (layer, "fill_polygons", (_polygons(group),))]
    ops += [(layer, "set:stroke_style", (outline,)), (layer, "set:line_width", (line_width,)),
            (layer, "stroke_polygons", (_polygons(regions),))]
    if labels:
        ink = {r.name: contrast_text(fills.get(r.name, default_fill)) for r in regions}
        ops += [(layer, "set:font", (font,)), (layer, "set:text_align", ("center",)),
                (layer, "set:text_baseline", ("middle",))]
        ops += _labels(regions, ink, layer)
    return ops


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


def draw_region_marks(regions: RegionMap, marks: Sequence[tuple[str, Iterable[str]]], *,
                      layer: int = HIGHLIGHTS, clear: bool = True) -> list[Op]:
    """For each ``(kind, region names)`` one batched outline in the style of `HIGHLIGHT_KINDS`
    (a kind starting with ``#`` is a raw colour, as in `board.draw_marks`).

    Unknown names are skipped. ``clear=False`` adds to what the layer holds.
    """
    ops: list[Op] = [(layer, "clear", ())] if clear else []
    for kind, names in marks:
        chosen = [r for r in (regions.get(n) for n in names) if r is not None]
        if not chosen:
            continue
        colour, width, dashed = HIGHLIGHT_KINDS.get(kind, HIGHLIGHT_KINDS["hint"])
        if kind.startswith("#"):
            colour, width, dashed = kind, 5.0, False
        ops += [(layer, "set:stroke_style", (colour,)), (layer, "set:line_width", (width,)),
                (layer, "set_line_dash", ([6, 4] if dashed else [],)),
                (layer, "stroke_polygons", (_polygons(chosen),))]
    ops.append((layer, "set_line_dash", ([],)))
    return ops
