"""Area maps for the board kit: named polygon regions and their hit-testing.

Routes between regions, tracks and tokens live in `tracks.py`.

A `Region` is a named polygon in canvas pixels (a district, a card slot, a space of a score
track); a `RegionMap` holds regions in drawing order and answers "what is under the pointer?".
The draw-list functions follow `board.py`: they return `Op` tuples that `board.render` replays in
one `hold_canvas()`, fill shapes in batched calls, and write a text label on every shape so colour
is never the only clue.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np

from .board import CELL, GRID, HIGHLIGHT_KINDS, HIGHLIGHTS, STATIC, TEXT, Op, contrast_text

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


def as_points(values: Iterable[Any]) -> tuple[Point, ...] | None:
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


def distance_to_boundary(x: float, y: float, polygon: Sequence[Point]) -> float:
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
    if point_in_polygon(cx, cy, polygon) and distance_to_boundary(cx, cy, polygon) > 1.0:
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
        points = as_points(self.polygon)
        if points is None or len(points) < 3:
            raise ValueError(f"region {self.name!r}: a polygon needs 3 or more finite (x, y) points")
        object.__setattr__(self, "polygon", points)
        if _area_and_centroid(points)[0] == 0:
            raise ValueError(f"region {self.name!r}: the polygon has no area")
        if self.label_at is not None:
            at = as_points((self.label_at,))
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


def polygon_arrays(regions: Iterable[Region]) -> list[np.ndarray]:
    return [np.array(r.polygon, dtype=float) for r in regions]


def region_labels(regions: Iterable[Region], ink: Mapping[str, str], layer: int) -> list[Op]:
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
        ops += [(layer, "set:fill_style", (colour,)), (layer, "fill_polygons", (polygon_arrays(group),))]
    ops += [(layer, "set:stroke_style", (outline,)), (layer, "set:line_width", (line_width,)),
            (layer, "stroke_polygons", (polygon_arrays(regions),))]
    if labels:
        ink = {r.name: contrast_text(fills.get(r.name, default_fill)) for r in regions}
        ops += [(layer, "set:font", (font,)), (layer, "set:text_align", ("center",)),
                (layer, "set:text_baseline", ("middle",))]
        ops += region_labels(regions, ink, layer)
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
                (layer, "stroke_polygons", (polygon_arrays(chosen),))]
    ops.append((layer, "set_line_dash", ([],)))
    return ops
