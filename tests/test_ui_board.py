"""The game-agnostic board kit: geometry, hit-testing and draw lists (no browser)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from nbgames.ui.board import HIGHLIGHTS, PIECES, STATIC, Geometry, draw_discs, draw_grid, draw_marks
from nbgames.ui.i18n import EN, catalogue, t

GEOM = Geometry(7, 7)


def test_geometry_size_and_centres():
    assert (GEOM.width, GEOM.height) == (120 + 7 * 60 + 12, 44 + 7 * 60 + 12)
    assert GEOM.cell_centre(0, 0) == (150.0, 74.0)
    assert GEOM.cell_centre(6, 6) == (120 + 6.5 * 60, 44 + 6.5 * 60)


@pytest.mark.parametrize("row,col", [(0, 0), (3, 4), (6, 6), (2, 5)])
def test_hit_finds_the_cell_under_its_centre_and_corners(row, col):
    x, y = GEOM.cell_origin(row, col)
    assert GEOM.hit(*GEOM.cell_centre(row, col)) == (row, col)
    assert GEOM.hit(x + 0.01, y + 0.01) == (row, col)
    assert GEOM.hit(x + 59.99, y + 59.99) == (row, col)


@pytest.mark.parametrize("x,y", [
    (119.9, 100), (100, 43.9), (120 + 420, 100), (150, 44 + 420), (-5, -5), (1e308, 1e308),
    (math.nan, 100), (100, math.inf), ("150", "x"), (None, 80), ([1], {}), ("1e999", 80),
])
def test_hit_rejects_anything_outside_or_malformed(x, y):
    assert GEOM.hit(x, y) is None


def test_hit_accepts_numeric_strings_from_the_browser():
    assert GEOM.hit("150", "74") == (0, 0)


def test_draw_grid_batches_cells_in_one_call_and_labels_every_line():
    ops = draw_grid(GEOM, list("ABCDEFG"), list("1234567"))
    assert all(layer == STATIC for layer, _, _ in ops)
    assert ops[0][1] == "clear"
    rects = [args for _, name, args in ops if name == "fill_rects"]
    assert len(rects) == 1 and len(rects[0][0]) == 49
    texts = [args[0] for _, name, args in ops if name == "fill_text"]
    assert texts == list("ABCDEFG") + list("1234567")


def test_draw_discs_one_fill_call_per_colour_and_a_letter_per_piece():
    discs = [(0, 0, "#D55E00", "R", "#fff"), (1, 1, "#D55E00", "R", "#fff"), (2, 2, "#0072B2", "B", "#fff")]
    ops = draw_discs(GEOM, discs)
    assert all(layer == PIECES for layer, _, _ in ops)
    circles = [args for _, name, args in ops if name == "fill_circles"]
    assert len(circles) == 2
    assert np.allclose(circles[0][0], [150, 210]) and np.allclose(circles[0][1], [74, 134])
    assert [args[0] for _, name, args in ops if name == "fill_text"] == ["R", "R", "B"]
    assert draw_discs(GEOM, []) == [(PIECES, "clear", ())]


def test_draw_marks_outlines_cells_by_kind():
    ops = draw_marks(GEOM, [("legal", [(0, 0), (6, 6)]), ("hint", [])])
    assert all(layer == HIGHLIGHTS for layer, _, _ in ops)
    rects = [args for _, name, args in ops if name == "stroke_rects"]
    assert len(rects) == 1 and len(rects[0][0]) == 2  # empty kinds draw nothing


def test_i18n_formats_falls_back_and_shows_missing_keys():
    assert t("seat.name", n=3) == "Player 3"
    assert t("seat.name", lang="ja", n=3) == "プレイヤー3"
    assert t("seat.name", lang="fr", n=3) == "Player 3"  # a language nobody wrote: English
    assert t("no.such.key") == "no.such.key"
    assert t("seat.name") == EN["seat.name"]  # missing argument: the template, not a crash
    assert t("ny.empty") == "empty" and "gr.what.race" in catalogue()  # games' own catalogues


def test_client_ready_sends_board_and_label_again_once_the_page_settled(monkeypatch):
    """A browser drops messages for models it has not created yet: the first answer to
    "client ready" may be lost, so the board and its readiness label are sent again later."""
    import asyncio
    import threading

    from nbgames.ui import board as kit

    monkeypatch.setattr(kit, "RESEND_AFTER_READY", (0.01, 0.02))
    view = kit.BoardView(GEOM)
    resent = []
    monkeypatch.setattr(view.drawn_label, "send_state", lambda key=None: resent.append(key))
    draws = []
    monkeypatch.setattr(view, "redraw", lambda *a, **k: draws.append(a))

    async def connect():
        view._on_client_ready()
        await asyncio.sleep(0.1)

    def in_a_thread():  # Playwright's sync API may leave a running loop in the main thread
        asyncio.run(connect())
        view._on_client_ready()  # no running event loop (a plain script): drawn, nothing scheduled

    worker = threading.Thread(target=in_a_thread)
    worker.start()
    worker.join(10)
    assert view.drawn_label.value == t("board.drawn", n=2) and view.client_draws == 2
    assert len(draws) == 4 and resent == ["value"] * 4  # change, twice again, change


def test_a_page_that_settled_without_its_canvas_saying_ready_gets_its_board(monkeypatch):
    """The page tells the kernel when all its widgets exist; if the canvas's own "client ready"
    never arrived (lost on a loaded page), that is the browser being there: the board is drawn
    and the readiness label filled, not left blank for ever."""
    from nbgames.ui import board as kit

    view = kit.BoardView(GEOM)
    view.scheduler = lambda delay, callback: None  # no later resends in this test
    draws = []
    monkeypatch.setattr(view, "redraw", lambda *a, **k: draws.append(a))
    view._resend()  # what the page's "settled" message calls
    assert view.client_draws == 1 and view.drawn_label.value == t("board.drawn", n=1) and draws
    view._resend()  # once drawn, a resend sends again without counting another browser
    assert view.client_draws == 1 and len(draws) == 2
