"""The board kit beyond grids: regions, routes, tracks, tokens and polyomino tiles (no browser)."""

from __future__ import annotations

import itertools
import json
import math

import numpy as np
import pytest

from nbgames.ui.board import (
    HIGHLIGHT_KINDS,
    HIGHLIGHTS,
    OKABE_ITO,
    PIECES,
    STATIC,
    TEXT,
    BoardView,
    Geometry,
    contrast_text,
    draw_grid,
    render,
)
from nbgames.ui.regions import Region, RegionMap, as_point, draw_region_marks, draw_regions, point_in_polygon
from nbgames.ui.tiles import (
    DOMINO,
    MONOMINO,
    PENTOMINOES,
    TETROMINOES,
    TROMINOES,
    Placement,
    Polyomino,
    apply_key,
    cells_on_grid,
    draw_tile,
    draw_tile_preview,
    draw_tiles,
    parse_placement,
    placement_under,
)
from nbgames.ui.tracks import (
    Token,
    Track,
    draw_routes,
    draw_tokens,
    route_region,
    route_segment,
    slot_points,
    token_positions,
)

# A "U": the notch (x 40..60, y 0..70) is open at the top; its centroid lies in the notch.
U = Region("U", ((0, 0), (40, 0), (40, 70), (60, 70), (60, 0), (100, 0), (100, 100), (0, 100)))
SQUARE = Region.rect("sq", 0, 0, 10, 10)

HOSTILE = [("x", "1"), (math.nan, 5), (5, math.nan), (math.inf, 5), (5, -math.inf), (1e308, 5),
           (5, 1e308), (None, 5), ([1], 5), ({}, 5), ("1e999", 5), ("nan", "5"), (True, 5),
           (1 + 2j, 5), (5, b"5"), (2e6, 5)]


def names(ops, name):
    return [args for _, n, args in ops if n == name]


# -- point in polygon ------------------------------------------------------------------------
@pytest.mark.parametrize("point,inside", [
    ((20, 50), True), ((80, 50), True), ((50, 85), True),      # both arms and the base
    ((50, 30), False), ((50, 69.9), False), ((50, 0.5), False),  # inside the notch: outside
    ((-1, 50), False), ((101, 50), False), ((50, 101), False),
])
def test_concave_polygon_notch_is_outside(point, inside):
    assert U.contains(*point) is inside
    assert point_in_polygon(*point, U.polygon) is inside


@pytest.mark.parametrize("point", [
    (0, 50), (100, 50), (20, 0), (50, 100), (50, 70), (40, 30),   # on edges, incl. the notch's
    (0, 0), (100, 100), (40, 70), (60, 0),                        # on vertices
])
def test_points_on_edges_and_vertices_count_as_inside(point):
    assert U.contains(*point)


def test_ray_through_a_vertex_is_counted_once():
    diamond = Region("d", ((50, 0), (100, 50), (50, 100), (0, 50)))
    assert not diamond.contains(-10, 50)      # the leftward ray passes two vertices
    assert diamond.contains(50, 50) and diamond.contains(99, 50)
    assert not diamond.contains(101, 50) and not diamond.contains(50, -0.001)
    assert not SQUARE.contains(20, 0)         # on the line of an edge, beyond its end


@pytest.mark.parametrize("x,y", HOSTILE)
def test_hostile_coordinates_hit_nothing(x, y):
    regions = RegionMap([Region.rect("all", -1e6, -1e6, 2e6, 2e6)])
    assert regions.hit(x, y) is None
    assert not regions["all"].contains(x, y)
    assert as_point(x, y) is None


def test_numeric_strings_from_the_browser_are_points():
    assert RegionMap([SQUARE]).hit("5", "5.5") == "sq"


def test_regions_reject_malformed_polygons():
    for polygon in [((0, 0), (1, 1)), ((0, 0), (1, 0), (math.nan, 1)), ((0, 0), (1, 1), (2, 2)),
                    ((0, 0), (1, 0), (1,)), ((0, 0), (1, 0), (0, 1, 2)), ((0, 0), (1, 0), "ab")]:
        with pytest.raises(ValueError):
            Region("bad", polygon)
    with pytest.raises(ValueError):
        Region("", SQUARE.polygon)


def test_centre_of_a_concave_region_is_inside_it():
    assert not U.contains(50, 50 + 5)  # the centroid is in the notch…
    x, y = U.centre
    assert U.contains(x, y) and not (40 < x < 60 and y < 70)  # …the label point is not
    assert Region("sq", SQUARE.polygon, label_at=(2, 3)).centre == (2.0, 3.0)


# -- region maps -----------------------------------------------------------------------------
def test_topmost_region_wins_and_bounds_cover_all():
    under = Region.rect("under", 0, 0, 100, 100)
    over = Region.rect("over", 50, 50, 100, 100)
    regions = RegionMap([under, over])
    assert regions.hit(75, 75) == "over" and regions.hit(25, 25) == "under"
    assert RegionMap([over, under]).hit(75, 75) == "under"
    assert regions.hit(50, 50) == "over"           # a shared boundary point: the later region
    assert regions.hit(200, 10) is None
    assert regions.bounds == (0, 0, 150, 150) and RegionMap().bounds is None
    assert regions.centre("under") == (50, 50)
    assert (RegionMap([under]) + [over]).names == ("under", "over")


def test_region_map_rejects_duplicates_and_tolerates_odd_names():
    with pytest.raises(ValueError):
        RegionMap([SQUARE, SQUARE])
    regions = RegionMap([SQUARE])
    assert [1] not in regions and regions.get([1]) is None and regions.get("nope") is None
    with pytest.raises(KeyError):
        regions.centre("nope")


# -- tracks and routes -----------------------------------------------------------------------
def test_strip_track_names_labels_and_snake():
    track = Track.strip("score", 6, x=10, y=20, width=30, per_row=3, snake=True, start=1)
    assert [r.name for r in track.spaces] == [f"score:{v}" for v in range(1, 7)]
    assert [r.text for r in track.spaces] == ["1", "2", "3", "4", "5", "6"]
    regions = RegionMap(track.spaces)
    assert regions.hit(15, 25) == "score:1" and regions.hit(75, 25) == "score:3"
    assert regions.hit(75, 55) == "score:4" and regions.hit(15, 55) == "score:6"  # second row reversed
    assert track.value_of("score:4") == 4 and track.space(4) == "score:4"
    for junk in ["score:0", "score:7", "score:", "score:x", "score:--3", "other:3", None, 3, "score:٣"]:
        assert track.value_of(junk) is None


def test_track_along_a_closed_loop_spreads_spaces_evenly():
    loop = [(0, 0), (200, 0), (200, 100), (0, 100), (0, 0)]
    track = Track.along("t", loop, 12, size=20)
    centres = [r.centre for r in track.spaces]
    assert centres[0] == (0, 0) and centres[3] == (150, 0) and centres[6] == (200, 100)
    regions = RegionMap(track.spaces)
    assert [regions.hit(*c) for c in centres] == [r.name for r in track.spaces]
    with pytest.raises(ValueError):
        Track.along("t", [(0, 0), (0, 0)], 3, size=10)


def test_routes_run_between_the_borders_of_two_regions():
    regions = RegionMap([Region.rect("a", 0, 0, 100, 100), Region.rect("b", 200, 0, 100, 100),
                         Region.rect("c", 100, 0, 50, 100)])
    assert route_segment(regions, "a", "b") == ((100.0, 50.0), (200.0, 50.0))  # border to border
    (x1, _), (x2, _) = route_segment(regions, "a", "c")  # touching: a short piece across the border
    assert x1 < 100 < x2 and x2 - x1 == pytest.approx(24)
    assert route_segment(regions, "a", "zz") is None and route_segment(regions, "a", "a") is None
    road = route_region(regions, "c", "b", width=10)
    with_road = regions + [road]
    assert road.name == "c-b" and with_road.hit(175, 52) == "c-b" and with_road.hit(175, 60) is None
    assert with_road.hit(148, 50) == "c" and with_road.hit(202, 50) == "b"  # the road starts at the borders


# -- tokens ----------------------------------------------------------------------------------
def test_tokens_in_one_region_never_overlap_and_stay_inside_when_they_fit():
    district = RegionMap([U])
    tokens = [Token(str(i), OKABE_ITO["blue"], "U", slot=i) for i in range(7)]
    points = token_positions(district, tokens, radius=6)
    assert all(p is not None for p in points)
    for p, q in itertools.combinations(points, 2):
        assert math.dist(p, q) >= 2 * 6
    assert all(U.contains(*p) for p in points)
    assert token_positions(RegionMap([U]), tokens, radius=6) == points  # deterministic


def test_tokens_sharing_a_slot_are_moved_apart_even_in_a_tiny_region():
    tiny = RegionMap([Region.rect("t", 0, 0, 10, 10)])
    tokens = [Token("A", "#000000", "t"), Token("B", "#000000", "t"), Token("C", "#000000", "t", slot=1)]
    points = token_positions(tiny, tokens, radius=12)
    assert points[0] == (5, 5)  # slot 0: the centre
    for p, q in itertools.combinations(points, 2):
        assert math.dist(p, q) >= 24
    assert token_positions(tiny, [Token("Z", "#000", "elsewhere")]) == [None]


def test_slot_points_are_distinct_lattice_points():
    points = slot_points(U, 20, 10.0)
    assert len(points) == len(set(points)) == 20
    assert min(math.dist(p, q) for p, q in itertools.combinations(points, 2)) >= 10 - 1e-9


# -- region draw lists -----------------------------------------------------------------------
def test_draw_regions_batches_fills_by_colour_and_labels_every_region():
    regions = RegionMap([U, SQUARE, Region.rect("r", 200, 0, 50, 50, label="Harlem")])
    ops = draw_regions(regions, {"U": OKABE_ITO["blue"]})
    assert all(layer == STATIC for layer, _, _ in ops) and ops[0][1] == "clear"
    fills = names(ops, "fill_polygons")
    assert len(fills) == 2 and [len(f[0]) for f in fills] == [1, 2]
    assert len(names(ops, "stroke_polygons")) == 1 and len(names(ops, "stroke_polygons")[0][0]) == 3
    assert [args[0] for args in names(ops, "fill_text")] == ["U", "sq", "Harlem"]
    # white ink on the blue region, dark ink on the light ones
    inks = [args[0] for _, n, args in ops if n == "set:fill_style"][-2:]
    assert inks == ["#FFFFFF", TEXT]
    assert draw_regions([], clear=False) == []


def test_draw_routes_one_batched_call_skipping_unknown_regions():
    regions = RegionMap([Region.rect("a", 0, 0, 10, 10), Region.rect("b", 50, 0, 10, 10)])
    ops = draw_routes(regions, [("a", "b", "2 cubes"), ("a", "nowhere"), ("b", "a")])
    segments = names(ops, "stroke_line_segments")
    assert len(segments) == 1 and segments[0][0].shape == (2, 2, 2)
    assert [args[0] for args in names(ops, "fill_text")] == ["2 cubes"]
    assert draw_routes(regions, [("x", "y")]) == []


def test_draw_tokens_batches_by_colour_and_writes_every_label():
    regions = RegionMap([U, SQUARE])
    tokens = [Token("A", OKABE_ITO["blue"], "U"), Token("B", OKABE_ITO["yellow"], "U"),
              Token("A", OKABE_ITO["blue"], "sq"), Token("?", OKABE_ITO["blue"], "missing")]
    ops = draw_tokens(regions, tokens)
    assert all(layer == PIECES for layer, _, _ in ops)
    circles = names(ops, "fill_circles")
    assert [len(c[0]) for c in circles] == [2, 1]
    assert len(names(ops, "stroke_circles")[0][0]) == 3
    assert [args[0] for args in names(ops, "fill_text")] == ["A", "B", "A"]
    assert draw_tokens(regions, []) == [(PIECES, "clear", ())]


def test_draw_region_marks_styles_by_kind_and_skips_unknown_names():
    regions = RegionMap([U, SQUARE])
    ops = draw_region_marks(regions, [("legal", ["U", "sq", "nope"]), ("refused", ["nope"]),
                                      ("#123456", ["sq"])])
    assert all(layer == HIGHLIGHTS for layer, _, _ in ops)
    polys = names(ops, "stroke_polygons")
    assert [len(p[0]) for p in polys] == [2, 1]
    strokes = [args[0] for args in names(ops, "set:stroke_style")]
    assert strokes == [HIGHLIGHT_KINDS["legal"][0], "#123456"]
    assert names(ops, "set_line_dash") == [([6, 4],), ([],), ([],)]


def test_contrast_text_matches_the_chair_inks():
    white = {"vermillion", "blue", "green", "black"}
    for name, colour in OKABE_ITO.items():
        assert contrast_text(colour) == ("#FFFFFF" if name in white else TEXT), name
    assert contrast_text("#fff") == TEXT and contrast_text("red") == TEXT and contrast_text("#zzzzzz") == TEXT


# -- polyominoes -----------------------------------------------------------------------------
@pytest.mark.parametrize("name,count", [("F", 8), ("I", 2), ("L", 8), ("N", 8), ("P", 8), ("T", 4),
                                        ("U", 4), ("V", 4), ("W", 4), ("X", 1), ("Y", 8), ("Z", 4)])
def test_pentomino_orientation_counts(name, count):
    tile = PENTOMINOES[name]
    assert tile.size == 5 and tile.name == name
    assert len(tile.orientations()) == count


def test_smaller_tiles_orientation_counts_and_the_63_fixed_pentominoes():
    assert {k: len(t.orientations()) for k, t in TETROMINOES.items()} == {"I": 2, "O": 1, "T": 4, "S": 4, "L": 8}
    assert {k: len(t.orientations()) for k, t in TROMINOES.items()} == {"I": 2, "L": 4}
    assert len(MONOMINO.orientations()) == 1 and len(DOMINO.orientations()) == 2
    fixed = [o.cells for t in PENTOMINOES.values() for o in t.orientations()]
    assert len(fixed) == len(set(fixed)) == 63  # the 12 free pentominoes are all different


def test_polyomino_normalises_and_validates():
    a = Polyomino(((5, 3), (4, 3), (4, 4)), "A")
    assert a.cells == ((0, 0), (0, 1), (1, 0)) and a == Polyomino(((0, 1), (1, 0), (0, 0)), "A")
    assert a.picture() == "##/#."
    for bad in [(), ((0, 0), (1, 1)), ((0, 0.5),), ((0, True),), ("ab",), ((0, 0, 0),)]:
        with pytest.raises(ValueError):
            Polyomino(bad)
    with pytest.raises(ValueError):
        Polyomino(((0, 0),), "L@1")


def test_rotate_is_clockwise_and_mirror_is_left_right():
    l4 = TETROMINOES["L"]  # #. / #. / ##
    assert l4.rotate().picture() == "###/#.."
    assert l4.rotate(-1).picture() == "..#/###"
    assert l4.mirror().picture() == ".#/.#/##"
    for tile in PENTOMINOES.values():
        assert tile.rotate(4) == tile and tile.mirror().mirror() == tile
        assert tile.rotate().rotate(3) == tile


def test_placement_covers_the_right_cells():
    t5 = Placement(PENTOMINOES["T"], 1, 1)
    assert t5.cells() == ((1, 1), (1, 2), (1, 3), (2, 2), (3, 2))
    x5 = Placement(PENTOMINOES["X"], 0, 1, rotation=3, mirrored=True)
    assert x5.cells() == ((0, 1), (1, 0), (1, 1), (1, 2), (2, 1))
    l5 = Placement(PENTOMINOES["L"], 2, 2, rotation=1, mirrored=True)
    assert l5.cells() == ((2, 2), (3, 2), (3, 3), (3, 4), (3, 5))
    assert Placement(PENTOMINOES["L"], 0, 0, rotation=-3).rotation == 1


def test_anchor_is_always_covered_and_turning_and_flipping_act_on_the_lying_shape():
    for tile in PENTOMINOES.values():
        for rotation, mirrored in itertools.product(range(4), (False, True)):
            p = Placement(tile, 4, 4, rotation, mirrored)
            assert (4, 4) in p.cells()
            assert p.turned().shape == p.shape.rotate()
            assert p.flipped().shape == p.shape.mirror()
            assert p.flipped().flipped() == p
            assert p.canonical().cells() == p.cells()
    assert {Placement(PENTOMINOES["X"], 0, 0, r, m).canonical()
            for r, m in itertools.product(range(4), (False, True))} == {Placement(PENTOMINOES["X"], 0, 0)}


def test_notation_round_trips_for_every_orientation():
    assert Placement(PENTOMINOES["L"], 2, 2, 1, True).notation() == "L@C3r1m"
    assert str(Placement(PENTOMINOES["I"], 0, 9)) == "I@A10r0"
    for tile in PENTOMINOES.values():
        for rotation, mirrored, row, col in itertools.product(range(4), (False, True), (0, 25), (0, 998)):
            p = Placement(tile, row, col, rotation, mirrored)
            assert parse_placement(p.notation(), PENTOMINOES) == p
    assert parse_placement(" T@B2r3 ", PENTOMINOES) == Placement(PENTOMINOES["T"], 1, 1, 3)


@pytest.mark.parametrize("junk", [
    "", "L", "L@", "L@C3", "L@c3r1", "L@C0r1", "L@C03r1", "L@C3r4", "L@C3r-1", "L@C3r1x", "L@C3r1mm",
    "Q@C3r1", "L@@C3r1", "L@C-3r1", "L@C3 r1", "L@Ä3r1", "L@C1000r0", "l@C3r1", " " * 1000, "L@C3r1m" * 10,
    None, 5, b"L@C3r1", ["L@C3r1"], {"L": 1},
])
def test_junk_notation_parses_to_none(junk):
    assert parse_placement(junk, PENTOMINOES) is None


def test_notation_needs_a_name_and_a_lettered_row():
    with pytest.raises(ValueError):
        Placement(Polyomino(((0, 0),)), 0, 0).notation()
    with pytest.raises(ValueError):
        Placement(PENTOMINOES["L"], 26, 0).notation()
    with pytest.raises(ValueError):
        Placement(PENTOMINOES["L"], 0, -1).notation()
    assert str(Placement(PENTOMINOES["L"], -1, 0)).startswith("Placement(")
    with pytest.raises(ValueError):
        Placement(PENTOMINOES["L"], 0, 1.5)


def test_keys_rotate_and_mirror_the_placement_under_the_pointer():
    p = Placement(PENTOMINOES["F"], 3, 3)
    assert apply_key(p, "r") == p.turned() and apply_key(apply_key(p, "r"), "R") == p
    assert apply_key(p, "f") == apply_key(p, "m") == apply_key(p, "M") == p.flipped()
    for other in ["x", "Enter", "", "rr", None, 3, [], {}]:
        assert apply_key(p, other) is None


def test_placement_under_the_pointer():
    geom = Geometry(5, 5)
    p = Placement(PENTOMINOES["P"], 0, 0, 2)
    assert placement_under(geom, *geom.cell_centre(3, 4), p) == Placement(PENTOMINOES["P"], 3, 4, 2)
    for x, y in HOSTILE + [(0, 0)]:
        assert placement_under(geom, x, y, p) is None


# -- tile draw lists -------------------------------------------------------------------------
GEOM = Geometry(5, 5)


def test_draw_tiles_batches_by_colour_and_outlines_each_tile():
    u = Placement(PENTOMINOES["U"], 0, 0).cells()
    o = Placement(TETROMINOES["O"], 3, 3).cells()
    x = Placement(PENTOMINOES["X"], 2, 1).cells()
    ops = draw_tiles(GEOM, [(u, OKABE_ITO["blue"], "U"), (o, OKABE_ITO["yellow"], "O"), (x, OKABE_ITO["blue"], "X")])
    assert all(layer == PIECES for layer, _, _ in ops) and ops[0][1] == "clear"
    rects = names(ops, "fill_rects")
    assert [len(r[0]) for r in rects] == [10, 4]
    segments = names(ops, "stroke_line_segments")
    assert len(segments) == 1 and segments[0][0].shape == (12 + 8 + 12, 2, 2)  # the perimeters
    texts = names(ops, "fill_text")
    assert [t[0] for t in texts] == ["U", "O", "X"]
    assert GEOM.hit(*texts[0][1:]) == (1, 1)  # the U's label sits on the U, not in its notch


def test_draw_tile_skips_cells_off_the_grid_and_garbage():
    cells = Placement(PENTOMINOES["I"], 4, 2, rotation=0).cells()  # (4, 2) … (4, 6): two off
    ops = draw_tile(GEOM, [*cells, (-1, 0), ("a", 1), None, (1.5, 2), (True, 0), (0,)], "#000000", "I")
    assert ops[0][1] != "clear" and len(names(ops, "fill_rects")[0][0]) == 3
    assert draw_tile(GEOM, [(9, 9), (-1, -1)], "#000000", "I") == []
    assert cells_on_grid(GEOM, [(0, 0), (0, 0), (np.int64(1), 1)]) == [(0, 0), (1, 1)]


def test_preview_of_an_illegal_placement_uses_the_refused_colour_dashed():
    cells = Placement(PENTOMINOES["Z"], 0, 0).cells()
    ops = draw_tile_preview(GEOM, cells, legal=False)
    refused = HIGHLIGHT_KINDS["refused"][0]
    assert all(layer == HIGHLIGHTS for layer, _, _ in ops)
    assert names(ops, "set:fill_style")[0] == (refused,) and names(ops, "set:stroke_style") == [(refused,)]
    assert names(ops, "set_line_dash") == [([6, 4],), ([],)]
    assert names(ops, "fill_text")[0][0] == "✗"
    assert names(ops, "set:global_alpha") == [(0.35,), (1.0,)]  # translucent fill, then opaque again


def test_preview_of_a_legal_placement_is_solid_and_skips_cells_off_the_grid():
    cells = Placement(PENTOMINOES["L"], 3, 3).cells()  # (3,3) (4,3) (5,3) (6,3) (6,4): 2 on the grid
    ops = draw_tile_preview(GEOM, cells, legal=True, label="+3")
    legal = HIGHLIGHT_KINDS["legal"][0]
    assert names(ops, "set:stroke_style") == [(legal,)] and names(ops, "set_line_dash") == [([],), ([],)]
    assert len(names(ops, "fill_rects")[0][0]) == 2
    assert names(ops, "stroke_line_segments")[0][0].shape == (6, 2, 2)  # the outline closes at the edge
    assert names(ops, "fill_text")[0][0] == "+3"
    assert draw_tile_preview(GEOM, [(7, 7)], legal=True) == [(HIGHLIGHTS, "clear", ())]


# -- the view hook and one message per redraw ------------------------------------------------
def test_board_view_hit_tests_regions_outside_the_grid():
    geom = Geometry(2, 2, cell=50, left=0, top=0)
    track = Track.strip("score", 3, x=0, y=120, width=40)
    view = BoardView(geom, size=(200, 200), regions=RegionMap(track.spaces))
    cells, regions = [], []
    view.on_cell(lambda r, c: cells.append((r, c)))
    view.on_region(regions.append)
    view._on_mouse_down(25, 25)
    view._on_mouse_down(60, 130)
    view._on_mouse_down(190, 190)
    for x, y in HOSTILE:
        if not (x is True or isinstance(y, bytes)):  # Geometry.hit reads True and b"5" as numbers
            view._on_mouse_down(x, y)
    assert cells == [(0, 0)] and regions == ["score:1"]
    plain = BoardView(geom)
    assert plain.regions is None and plain.hit_region(60, 130) is None


def test_render_of_a_whole_board_sends_one_message(monkeypatch):
    """Every op of a combined draw list reaches the browser in one batched message."""
    from ipycanvas import MultiCanvas
    from ipycanvas.canvas import _CANVAS_MANAGER, COMMANDS

    geom = Geometry(5, 5, left=300)
    districts = RegionMap([U, Region.rect("v", 120, 0, 80, 80)])
    track = Track.strip("score", 10, x=0, y=330, width=30)
    area = districts + track.spaces
    ops = (draw_grid(geom, list("ABCDE"), list("12345"))
           + draw_regions(area, {"U": OKABE_ITO["green"]}, clear=False)
           + draw_routes(area, [("U", "v", "2")])
           + draw_tiles(geom, [(Placement(PENTOMINOES["F"], 1, 1).cells(), OKABE_ITO["sky"], "F")])
           + draw_tokens(area, [Token("1", OKABE_ITO["blue"], "U"), Token("2", OKABE_ITO["orange"], "score:3")],
                         clear=False)
           + draw_tile_preview(geom, Placement(PENTOMINOES["W"], 3, 3).cells(), legal=False)
           + draw_region_marks(area, [("hover", ["v"])], clear=False))
    canvas = MultiCanvas(3, width=geom.width, height=geom.height)
    sent = []
    monkeypatch.setattr(_CANVAS_MANAGER, "send", lambda content, buffers=None: sent.append(buffers))
    monkeypatch.setattr(_CANVAS_MANAGER, "_current_canvas", None)
    assert render(canvas, ops) == len(ops)
    assert len(sent) == 1
    commands = json.loads(bytes(sent[0][0]))
    switches = [c for c in commands if c[0] == COMMANDS["switchCanvas"]]
    assert len(commands) - len(switches) == len(ops)
    assert len(switches) == sum(1 for a, b in zip(ops, ops[1:], strict=False) if a[0] != b[0]) + 1
