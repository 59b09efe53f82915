"""What a newcomer tripped over, fixed once in the kit (issue #16), checked in real Chromium:
a click acts on the square under the pointer when pressed, even with the board partly out of
view; the wheel over a board scrolls the page; the square panel tells the state after a move;
nothing is cut off at phone width; a reload or a page exit leaves no error in the console."""

from __future__ import annotations

import pytest
from test_play_page import piece_drawn

from nbgames.testing import goto_drawn

pytestmark = pytest.mark.browser

PLAY = "/voila/render/newyork/play.ipynb"
GALLOP = "/voila/render/galopp_royal/play.ipynb"


SCROLLED = ("() => (document.getElementById('rendered_cells') || {}).scrollTop"
            " + (document.scrollingElement || document.documentElement).scrollTop")


def scroll_top(page) -> float:
    """How far the page is scrolled (Voilà's page scrolls its #rendered_cells, not the window)."""
    return page.evaluate(SCROLLED)


def test_a_click_on_a_board_partly_out_of_view_acts_on_the_square_pressed(board):
    """The canvas takes focus on a press; focusing a board partly below the fold used to scroll
    the page first, so the square that *ended up* under the pointer was played."""
    board.page.set_viewport_size({"width": 1280, "height": 560})
    board.open()
    box = board.canvas.bounding_box()
    assert box["y"] + box["height"] > 560 > box["y"] + 100, "the board must be only partly in view"
    before = scroll_top(board.page)
    scale = box["width"] / board_width(board)
    from test_play_page import GEOM
    cx, cy = GEOM.cell_centre(0, 2)  # A3, in view near the top of the board
    board.page.mouse.click(box["x"] + cx * scale, box["y"] + cy * scale)
    board.wait_for(lambda: "placed" in board.text(".nbg-log"), "the setup placement")
    assert "A3" in board.text(".nbg-log").split("\n")[1], board.text(".nbg-log")
    assert piece_drawn(board, "A3")
    assert scroll_top(board.page) == before, "the press scrolled the page"


def board_width(board) -> float:
    return board.canvas.evaluate("el => (el.tagName === 'CANVAS' ? el : el.querySelector('canvas')).width")


@pytest.mark.parametrize("path", [PLAY, GALLOP])
def test_the_wheel_over_a_board_scrolls_the_page(page, server, path):
    page.set_viewport_size({"width": 1280, "height": 700})
    goto_drawn(page, server.url + path, unfolded=False)
    canvas = page.locator("canvas.nbg-canvas, .nbg-canvas canvas").first
    canvas.scroll_into_view_if_needed()
    page.wait_for_timeout(200)
    box = canvas.bounding_box()
    before = scroll_top(page)
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + min(box["height"] / 2, 200))
    page.mouse.wheel(0, 300)
    page.wait_for_function(f"() => ({SCROLLED})() > {before}", timeout=5_000)


def test_the_square_panel_tells_the_state_after_a_move(board):
    """Pointing at a square, then playing it: the panel describes the piece now there."""
    board.open()
    from test_play_page import GEOM
    box = board.canvas.bounding_box()
    scale = box["width"] / board_width(board)
    cx, cy = GEOM.cell_centre(3, 4)  # D5
    board.page.mouse.move(box["x"] + cx * scale, box["y"] + cy * scale)
    board.wait_for(lambda: "D5" in board.text(".nbg-info") and "empty" in board.text(".nbg-info"), "D5 described")
    board.page.mouse.down()
    board.page.mouse.up()
    board.wait_for(lambda: "placed" in board.text(".nbg-log"), "the placement on D5")
    board.wait_for(lambda: "empty" not in board.text(".nbg-info"), "the panel to tell the new piece")
    assert "D5" in board.text(".nbg-info") and "Player 1" in board.text(".nbg-info"), board.text(".nbg-info")


@pytest.mark.parametrize("path", [PLAY, GALLOP, "/voila/render/newyork/learn.ipynb",
                                  "/voila/render/galopp_royal/learn.ipynb", "/voila/render/index.ipynb"])
def test_every_page_fits_a_phone(page, server, path):
    """390 px wide: nothing wider than the screen, the status line never cut off with "…"."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server.url + path, timeout=60_000)
    page.locator(".nbg-status, .nbg-gallery").first.wait_for(timeout=60_000)
    page.wait_for_timeout(1500)  # the page reports its width; a wide board is laid out again
    overflow = page.evaluate("() => document.documentElement.scrollWidth")
    assert overflow <= 390, f"{path}: the page is {overflow} px wide"
    clipped = page.evaluate("""() => [...document.querySelectorAll('.nbg-status')].filter(
        el => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1 ||
              getComputedStyle(el).textOverflow === 'ellipsis').length""")
    assert clipped == 0, f"{path}: a status line is cut off"
    for canvas in page.locator("canvas.nbg-canvas, .nbg-canvas canvas").all()[:1]:
        assert canvas.bounding_box()["width"] <= 390


def test_reload_and_exit_leave_the_console_clean(page, server):
    """No failed request (a 403 on the page-exit shutdown, a CDN font) in the console."""
    failures: list[str] = []
    page.on("console", lambda m: failures.append(m.text) if m.type == "error" else None)
    page.on("response", lambda r: failures.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    goto_drawn(page, server.url + PLAY, unfolded=False)
    page.reload()
    goto_drawn(page, server.url + GALLOP, unfolded=False)
    page.goto(server.url + "/voila/render/index.ipynb")
    page.locator(".nbg-gallery").wait_for(timeout=60_000)
    page.wait_for_timeout(500)
    assert not failures, failures
