"""The Galopp Royal learn page in real Chromium against `nbgames serve` (Voilà): the first two
lessons completed by clicking the lesson's answer buttons and the board's own Roll / Pass / Bid
buttons, wrong answers explained with the rule id, progress counted, and no page error (the `page`
fixture fails the test on `pageerror`)."""

from __future__ import annotations

import pytest

from nbgames.testing import goto_drawn

pytestmark = pytest.mark.browser

LEARN = "/voila/render/galopp_royal/learn.ipynb"


def wait_text(board, css: str, *parts: str) -> None:
    board.wait_for(lambda: all(p in board.text(css) for p in parts), f"{css} to show {parts}")


def click_choice(board, text: str) -> None:
    board.page.locator(".nbg-lesson-choice", has_text=text).first.click()


def click_control(board, css: str) -> None:
    button = board.page.locator(css).first
    button.scroll_into_view_if_needed()
    board.wait_for(lambda: button.is_enabled(), f"{css} enabled")
    button.click()


def test_first_two_lessons_by_clicking(board):
    page = board.page
    goto_drawn(page, board.server.url + LEARN)
    wait_text(board, ".nbg-lesson-progress", "0 of 9 lessons done")
    wait_text(board, ".nbg-lesson-prompt", "moves 5")

    # lesson 1: odds; a wrong answer is explained (GR-5) and the step stays
    click_choice(board, "1 in 2")
    wait_text(board, ".nbg-lesson-feedback", "Not quite", "GR-5")
    assert "step 1 of 4" in board.text(".nbg-lesson-step")
    click_choice(board, "1 in 4")
    wait_text(board, ".nbg-lesson-step", "step 2 of 4")
    click_choice(board, "1 in 2")
    wait_text(board, ".nbg-lesson-step", "step 3 of 4")
    click_choice(board, "2.25")
    wait_text(board, ".nbg-lesson-feedback", "Not quite", "GR-5")
    click_choice(board, "1.75")
    wait_text(board, ".nbg-lesson-step", "step 4 of 4")
    click_control(board, ".nbg-roll")  # the board's own Roll button
    wait_text(board, ".nbg-lesson-progress", "1 of 9 lessons done")
    wait_text(board, ".nbg-lesson-feedback", "Right", "GR-5", "slot 1 holds +5")

    # lesson 2: a partly known lot; Pass is explained (GR-7), a bid of 6 wins the lot
    page.locator(".nbg-lesson-next").click()
    wait_text(board, ".nbg-lesson-title", "partly known")
    click_choice(board, "2")
    wait_text(board, ".nbg-lesson-feedback", "Right", "GR-6")
    click_control(board, ".nbg-pass")
    wait_text(board, ".nbg-lesson-feedback", "Not quite", "GR-7")
    assert "1 of 9 lessons done" in board.text(".nbg-lesson-progress")
    click_control(board, ".nbg-bid")
    wait_text(board, ".nbg-lesson-progress", "2 of 9 lessons done")
    wait_text(board, ".nbg-lesson-feedback", "Right", "GR-7", "Player 1 wins the lot for 6 coins")
    assert page.locator(".nbg-lesson-item").nth(1).inner_text().startswith("✓")
    board.check_no_error()
