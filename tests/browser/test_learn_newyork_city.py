"""The New York City learn page in real Chromium against `nbgames serve` (Voilà): the first three
lessons done by clicking — a starting character's button, a pair of the display on the canvas,
cards of the hand and Done —, wrong answers and clicks explained with their rule id, "Show me" marking the
answer, progress counted, and no page error (the `page` fixture fails on `pageerror`)."""

from __future__ import annotations

import pytest
from test_newyork_city_play import LAYOUT, click_canvas

from nbgames.newyork_city.lessons_round import lesson_city, lesson_draft, start_district
from nbgames.testing import goto_drawn

pytestmark = pytest.mark.browser

LEARN = "/voila/render/newyork_city/learn.ipynb"


def wait_text(board, css: str, *parts: str) -> None:
    board.wait_for(lambda: all(p in board.text(css) for p in parts), f"{css} to show {parts}")


def test_first_lessons_by_clicking(board):
    page = board.page
    goto_drawn(page, board.server.url + LEARN)
    wait_text(board, ".nbg-lesson-progress", "0 of 9 lessons done")
    wait_text(board, ".nbg-lesson-prompt", "starting character")

    # lesson 1: a starting character whose lantern is not at the start district is explained (NYC-7)
    lanterns = start_district(lesson_city().start_game())["lanterns"]
    buttons = page.locator(".nbg-actions button.nbg-start")
    board.wait_for(lambda: buttons.count() == 5, "five starting characters")
    words = buttons.all_inner_texts()
    wrong = next(i for i, w in enumerate(words) if not any(c in w for c in lanterns))
    right = next(i for i, w in enumerate(words) if any(c in w for c in lanterns))
    buttons.nth(wrong).click()
    wait_text(board, ".nbg-lesson-feedback", "Not quite", "NYC-7")
    buttons.nth(right).click()
    wait_text(board, ".nbg-lesson-step", "step 2 of 2")
    page.locator(".nbg-lesson-choice", has_text="5").first.click()
    wait_text(board, ".nbg-lesson-progress", "1 of 9 lessons done")

    # lesson 2: Show me marks the pair with the wild; the learner clicks it on the canvas
    page.locator(".nbg-lesson-next").click()
    wait_text(board, ".nbg-lesson-title", "Drafting pairs")
    page.locator(".nbg-lesson-show").click()
    wait_text(board, ".nbg-lesson-feedback", "Click the marked pair", "NYC-9")
    display = lesson_draft().start_game().view(0)["display"]
    wild = next(i for i, p in enumerate(display) if p and "W" in p)
    click_canvas(board, LAYOUT.pair_box(wild))
    wait_text(board, ".nbg-lesson-progress", "2 of 9 lessons done")

    # lesson 3: a click on a card not held is refused on the status line and in the feedback (NYC-10);
    # then P, P, Done (showing the count), and who gets the +1
    page.locator(".nbg-lesson-next").click()
    wait_text(board, ".nbg-lesson-title", "bidding round")
    click_canvas(board, LAYOUT.chip_box(LAYOUT.hand_at, 6))  # W: none in this hand
    wait_text(board, ".nbg-status", "Not allowed (NYC-10)")
    wait_text(board, ".nbg-lesson-feedback", "NYC-10", "0 W in your hand")
    for step in ("step 2 of 4", "step 3 of 4"):
        click_canvas(board, LAYOUT.chip_box(LAYOUT.hand_at, 0))  # P
        wait_text(board, ".nbg-lesson-step", step)
    done = page.locator(".nbg-actions button.nbg-done")
    board.wait_for(lambda: done.inner_text() == "Done: bid 2 (P P)", "Done showing the count")
    done.click()
    page.locator(".nbg-lesson-choice", has_text="You").first.click()
    wait_text(board, ".nbg-lesson-progress", "3 of 9 lessons done")
    board.check_no_error()
