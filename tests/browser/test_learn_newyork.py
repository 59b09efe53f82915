"""The New York learn page in real Chromium against `nbgames serve` (Voilà): the first two
lessons completed by clicking the board and the lesson buttons, wrong clicks explained with the
rule id, progress counted, and no page error (the `page` fixture fails the test on `pageerror`)."""

from __future__ import annotations

import pytest

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
    board.canvas.scroll_into_view_if_needed()
    board.click_square(name)


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
    click_choice(board, "(C4)")
    wait_text(board, ".nbg-lesson-feedback", "Right", "NY-5")
    wait_text(board, ".nbg-lesson-step", "step 2 of 2")
    click_square(board, "C4")
    wait_text(board, ".nbg-lesson-feedback", "Not quite", "NY-5", "touches another red piece")
    assert "1 of 9 lessons done" in progress(board)
    click_square(board, "D5")
    wait_text(board, ".nbg-lesson-progress", "2 of 9 lessons done")
    wait_text(board, ".nbg-lesson-feedback", "Right", "NY-5", "Well placed")
    assert page.locator(".nbg-lesson-item").nth(1).inner_text().startswith("✓")
    board.check_no_error()
