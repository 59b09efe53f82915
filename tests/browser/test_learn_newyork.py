"""The New York learn page in real Chromium against `nbgames serve` (Voilà): the first two
lessons completed by clicking the board and the lesson buttons, wrong clicks explained with the
rule id, progress counted, and no page error (the `page` fixture fails the test on `pageerror`)."""

from __future__ import annotations

import pytest

from nbgames.newyork.view import N
from nbgames.ui.board import CELL, Geometry

GEOM = Geometry(N, N)
CELL_RGB = tuple(int(CELL[i:i + 2], 16) for i in (1, 3, 5))
pytestmark = pytest.mark.browser

LEARN = "/voila/render/newyork/learn.ipynb"


def feedback(board) -> str:
    return board.text(".nbg-lesson-feedback")


def progress(board) -> str:
    return board.text(".nbg-lesson-progress")


def wait_text(board, css: str, *parts: str) -> None:
    board.wait_for(lambda: all(p in board.text(css) for p in parts), f"{css} to show {parts}")


def click_square(board, name: str) -> None:
    """Click a board square: bring the canvas into view first (the lesson text sits above it)."""
    board.click_square(name)  # `point` scrolls the canvas into view and waits for it to hold still


def piece_drawn(board, name: str) -> bool:
    """A disc is painted on the square: a pixel left of its letter is far from the empty-cell colour."""
    row, col = "ABCDEFG".index(name[0]), int(name[1]) - 1
    cx, cy = GEOM.cell_centre(row, col)
    rgba = board.pixel(cx - GEOM.cell * 0.25, cy)
    return rgba[3] == 255 and max(abs(a - b) for a, b in zip(rgba[:3], CELL_RGB, strict=True)) > 40


def click_choice(board, text: str) -> None:
    board.page.locator(".nbg-lesson-choice", has_text=text).first.click()


def test_first_two_lessons_by_clicking(board):
    board.open(LEARN)
    page = board.page
    assert "0 of 9 lessons done" in progress(board)
    wait_text(board, ".nbg-lesson-prompt", "Park Ave × 49th St")

    # lesson 1: a wrong square is explained (NY-1) and changes nothing; the right one moves on
    click_square(board, "E5")
    wait_text(board, ".nbg-lesson-feedback", "Not quite", "NY-1", "Madison Ave")
    assert "step 1 of 2" in board.text(".nbg-lesson-step")
    click_square(board, "F5")
    wait_text(board, ".nbg-lesson-feedback", "Right", "NY-1")
    wait_text(board, ".nbg-lesson-step", "step 2 of 2")
    click_choice(board, "18")
    wait_text(board, ".nbg-lesson-feedback", "Not quite", "NY-17")
    click_choice(board, "15")
    wait_text(board, ".nbg-lesson-progress", "1 of 9 lessons done")
    wait_text(board, ".nbg-lesson-feedback", "Right", "NY-17")

    # lesson 2: setup; the refused neighbour is explained with NY-5, then a good placement
    page.locator(".nbg-lesson-next").click()
    wait_text(board, ".nbg-lesson-title", "Setup")
    # the board was redrawn with the setup position (lesson 1 had a piece on C2, lesson 2 has none)
    board.wait_for(lambda: piece_drawn(board, "C3") and not piece_drawn(board, "C2"), "lesson 2's board")
    click_choice(board, "(C4)")
    wait_text(board, ".nbg-lesson-feedback", "Right", "NY-5")
    wait_text(board, ".nbg-lesson-step", "step 2 of 2")
    click_square(board, "C4")
    wait_text(board, ".nbg-lesson-feedback", "Not quite", "NY-5", "touches another red piece")
    assert "1 of 9 lessons done" in progress(board)
    click_square(board, "D5")
    wait_text(board, ".nbg-lesson-progress", "2 of 9 lessons done")
    wait_text(board, ".nbg-lesson-feedback", "Right", "NY-5", "Well placed")
    board.wait_for(lambda: piece_drawn(board, "D5"), "the placed piece drawn on D5")
    assert not piece_drawn(board, "C4")  # the refused click placed nothing
    item = page.locator(".nbg-lesson-item").nth(1)  # its mark may reach the page after the progress line
    board.wait_for(lambda: item.inner_text().startswith("✓"), "lesson 2 marked done in the list")
    board.check_no_error()
