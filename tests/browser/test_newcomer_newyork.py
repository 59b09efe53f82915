"""New York in real Chromium: what a newcomer tripped over (issue 16) that only a page shows.

- a phone-sized page (390 × 844) gets the narrow board: squares a thumb can hit (≥ 32 CSS px),
  one-character line labels with the full names in the information panel, a tap plays the
  square under it, New York's panels fit the page (play page and lesson page);
- the information panel tells the board as it is after a move and after a new lesson;
- a square only a joker names asks before spending it (a "which way?" button, the status says
  which joker), and the button plays it.

The `page` fixture fails a test on any `pageerror`; `Board.check_no_error` also looks for Voilà
error output.
"""

from __future__ import annotations

import pytest

from nbgames.newyork.view import NARROW, N
from nbgames.ui.board import Geometry

pytestmark = pytest.mark.browser

PLAY = "/voila/render/newyork/play.ipynb"
LEARN = "/voila/render/newyork/learn.ipynb"
WIDE = Geometry(N, N)
MIN_TARGET = 32  # CSS px


def canvas_width(board) -> int:
    """The canvas's own pixel width (the layout the kernel chose), not its displayed width."""
    return board.canvas.evaluate("el => (el.tagName === 'CANVAS' ? el : el.querySelector('canvas')).width")


def point(board, geom: Geometry, name: str) -> tuple[float, float]:
    """Page coordinates of a square's centre on a board laid out with `geom`, from the canvas's
    displayed box once the page has stopped moving (two equal reads)."""
    board.canvas.scroll_into_view_if_needed()
    box, previous = board.canvas.bounding_box(), None
    for _ in range(40):
        if box == previous:
            break
        board.page.wait_for_timeout(50)
        previous, box = box, board.canvas.bounding_box()
    scale = box["width"] / geom.width
    cx, cy = geom.cell_centre("ABCDEFG".index(name[0]), int(name[1]) - 1)
    return box["x"] + cx * scale, box["y"] + cy * scale


def info(board) -> str:
    return board.text(".nbg-info")


def wait_text(board, css: str, *parts: str, absent: tuple[str, ...] = ()) -> None:
    board.wait_for(lambda: all(p in board.text(css) for p in parts)
                   and not any(p in board.text(css) for p in absent), f"{css} to show {parts}, not {absent}")


def overflowing(board) -> list[str]:
    """New York's panels that stick out of the page or are cut inside their box."""
    return board.page.evaluate("""() => {
        const out = [], width = document.documentElement.clientWidth;
        for (const css of ['.nbg-status', '.nbg-board', '.nbg-hand', '.nbg-info', '.nbg-choices']) {
          for (const el of document.querySelectorAll(css)) {
            const r = el.getBoundingClientRect();
            if (r.width && (r.right > width + 1 || el.scrollWidth > el.clientWidth + 1)) out.push(css);
          }
        }
        return out; }""")


def test_a_phone_page_gets_a_board_for_thumbs(board):
    board.page.set_viewport_size({"width": 390, "height": 844})
    board.open(PLAY)
    board.wait_for(lambda: canvas_width(board) == NARROW.width, "the narrow board layout")
    box = board.canvas.bounding_box()
    assert box["width"] <= 390
    cell = NARROW.cell * box["width"] / NARROW.width
    assert cell >= MIN_TARGET, cell  # every square is a target a thumb can hit
    wait_text(board, ".nbg-info", "A Broadway", "G Lexington Ave", "1 34th St", "7 57th St")
    assert overflowing(board) == []
    # a tap plays the square under it on the narrow geometry (the human places a setup piece)
    board.wait_for(lambda: "your turn" in board.status(), "the human's turn")
    board.page.mouse.click(*point(board, NARROW, "D4"))
    wait_text(board, ".nbg-log", "Player 1 placed a red setup piece on D4")
    assert overflowing(board) == []
    # the point of D4 on the wide layout would have been another square: the layout really changed
    assert WIDE.hit(*NARROW.cell_centre(3, 3)) != (3, 3)
    board.check_no_error()

    # the lesson page on the phone: the joker lesson's square asks on the narrow board too
    board.open(LEARN)
    board.wait_for(lambda: canvas_width(board) == NARROW.width, "the narrow board layout")
    board.page.locator(".nbg-lesson-item").nth(4).click()
    wait_text(board, ".nbg-lesson-title", "Jokers")
    board.page.mouse.click(*point(board, NARROW, "F4"))
    wait_text(board, ".nbg-status", "Only your red joker names F4")
    choice = board.page.locator(".nbg-choice", has_text="red joker as Park Ave")
    choice.wait_for(timeout=10_000)
    assert overflowing(board) == []
    choice.click()
    wait_text(board, ".nbg-lesson-feedback", "Right", "NY-9")
    board.check_no_error()


def test_lessons_tell_the_board_and_ask_before_a_joker(board):
    board.open(LEARN)
    page = board.page
    # lesson 2: the panel follows the placement made under the pointer
    page.locator(".nbg-lesson-item").nth(1).click()
    wait_text(board, ".nbg-lesson-title", "Setup")
    page.locator(".nbg-lesson-choice", has_text="(C4)").first.click()
    wait_text(board, ".nbg-lesson-step", "step 2 of 2")
    page.mouse.move(*point(board, WIDE, "D5"))
    wait_text(board, ".nbg-info", "D5: Fifth Ave × 49th St", "empty")
    page.mouse.click(*point(board, WIDE, "D5"))
    wait_text(board, ".nbg-lesson-progress", "1 of 9 lessons done")
    wait_text(board, ".nbg-info", "D5: Fifth Ave × 49th St", "red piece of Player 1", absent=("empty", "place here"))

    # lesson 5: F4 only the red joker names: the page asks before spending it
    page.locator(".nbg-lesson-item").nth(4).click()
    wait_text(board, ".nbg-lesson-title", "Jokers")
    page.mouse.click(*point(board, WIDE, "F4"))
    wait_text(board, ".nbg-status", "Only your red joker names F4")
    choice = page.locator(".nbg-choice", has_text="red joker as Park Ave")
    choice.wait_for(timeout=10_000)
    assert "Right" not in board.text(".nbg-lesson-feedback")  # nothing spent yet
    choice.click()
    wait_text(board, ".nbg-lesson-feedback", "Right", "NY-9")
    wait_text(board, ".nbg-lesson-step", "step 2 of 2")

    # lesson 7 → lesson 8: the square pointed at last does not keep the old lesson's piece
    page.locator(".nbg-lesson-item").nth(6).click()
    wait_text(board, ".nbg-lesson-title", "pay")
    page.mouse.move(*point(board, WIDE, "F5"))
    wait_text(board, ".nbg-info", "F5: Park Ave × 49th St", "blue piece of Player 2")
    page.locator(".nbg-lesson-item").nth(7).click()
    wait_text(board, ".nbg-lesson-title", "STOP")
    wait_text(board, ".nbg-info", absent=("blue piece",))
    page.mouse.move(*point(board, WIDE, "F6"))
    page.mouse.move(*point(board, WIDE, "F5"))
    wait_text(board, ".nbg-info", "F5: Park Ave × 49th St", "empty", absent=("blue piece",))
    board.check_no_error()
