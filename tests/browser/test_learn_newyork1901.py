"""The New York 1901 learn page in real Chromium against `nbgames serve` (Voilà): the first three
lessons done by clicking — a character button, an answer button, a market card and a lot on the
canvas, End turn, a tile and a cell —, a wrong move explained with its rule id, progress counted,
and no page error (the `page` fixture fails the test on `pageerror`)."""

from __future__ import annotations

import pytest

import nbgames
from nbgames.newyork1901.layout import layout_for
from nbgames.testing import goto_drawn

pytestmark = pytest.mark.browser

LEARN = "/voila/render/newyork1901/learn.ipynb"
BOARD = nbgames.new_game("newyork1901", players=2, seed=1).view(None)["board"]
TILES = [x["name"] for x in BOARD["tiles"] if x["name"] != "start"]
LAYOUT = layout_for(BOARD["rows"], BOARD["cols"], 2, tiles=len(TILES))  # every lesson has 2 players


def wait_text(board, css: str, *parts: str) -> None:
    board.wait_for(lambda: all(p in board.text(css) for p in parts), f"{css} to show {parts}")


def click_canvas(board, x: float, y: float) -> None:
    """Click canvas point (x, y) of the lesson's board (shown scaled to its box), once the page
    holds still (a new lesson's longer text moves the board down)."""
    box = board.canvas_box()
    scale = box["width"] / LAYOUT.width
    board.page.mouse.click(box["x"] + x * scale, box["y"] + y * scale)


def click_cell(board, name: str) -> None:
    click_canvas(board, *LAYOUT.grid.cell_centre(ord(name[0]) - 65, int(name[1:]) - 1))


def click_box(board, box) -> None:
    x, y, w, h = box
    click_canvas(board, x + w / 2, y + h / 2)


def test_first_three_lessons_by_clicking(board):
    page = board.page
    goto_drawn(page, board.server.url + LEARN)
    wait_text(board, ".nbg-lesson-progress", "0 of 9 lessons done")
    wait_text(board, ".nbg-lesson-prompt", "Greenwich")

    # 1. a character: the wrong one is explained (NY1901-4), then Greenwich; then an answer button
    page.locator("button.nbg-ny1901-character", has_text="Gramercy").click()
    wait_text(board, ".nbg-lesson-feedback", "Not quite", "NY1901-4")
    page.locator("button.nbg-ny1901-character", has_text="Greenwich").click()
    wait_text(board, ".nbg-lesson-step", "step 2 of 2")
    page.locator(".nbg-lesson-choice", has_text="Bowery").click()
    wait_text(board, ".nbg-lesson-progress", "1 of 9 lessons done")

    # 2. the market: the O3 card, a lot that does not match (refused, NY1901-5), then lot A4
    page.locator(".nbg-lesson-next").click()
    wait_text(board, ".nbg-lesson-title", "Reading the market")
    click_box(board, LAYOUT.market_box(1))
    wait_text(board, ".nbg-status", "matches")
    click_cell(board, "A1")
    wait_text(board, ".nbg-lesson-feedback", "Not quite", "NY1901-5")
    click_cell(board, "B4")
    wait_text(board, ".nbg-lesson-step", "step 2 of 2")
    page.locator("button.nbg-ny1901-end").click()
    wait_text(board, ".nbg-lesson-progress", "2 of 9 lessons done")

    # 3. build across two lots: pick bO4, click E1
    page.locator(".nbg-lesson-next").click()
    wait_text(board, ".nbg-lesson-title", "Build across two lots")
    click_box(board, LAYOUT.tile_box(TILES.index("bO4")))
    wait_text(board, ".nbg-status", "bO4")
    click_cell(board, "E1")
    wait_text(board, ".nbg-lesson-progress", "3 of 9 lessons done")
    wait_text(board, ".nbg-lesson-feedback", "Right", "NY1901-5", "touches Pine St")
    assert page.locator(".nbg-lesson-item").nth(2).inner_text().startswith("✓")
    board.check_no_error()
