"""Rules at hand (issue #19) in Chromium: a refused move's rule id opens its rule beside the
board (the game untouched), and the Rules panel's search finds the fee in both languages."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.browser


def test_a_refused_moves_rule_opens_and_the_search_finds_the_fee(board):
    board.open()
    board.click_square("D4")
    board.wait_for(lambda: board.ply() >= 3 and "your turn" in board.status(), "our next setup turn")
    board.click_square("D5")  # beside our own piece (or taken): refused
    board.wait_for(lambda: "Not allowed" in board.status(), "the refusal")
    rule_id = re.search(r"\((NY-\d+)\)", board.status()).group(1)
    ply = board.ply()
    board.page.locator("button.nbg-rule-button").first.click()
    opened = board.page.locator(".nbg-rules-opened")
    board.wait_for(lambda: rule_id in opened.inner_text(), "the rule opened beside the board")
    assert board.ply() == ply  # the game is untouched
    search = board.page.locator(".nbg-rules-search input")
    listing = board.page.locator(".nbg-rules-list")
    for words in ("fee", "手数料"):
        search.fill(words)
        board.wait_for(lambda: "NY-11" in listing.inner_text() and "NY-5 " not in listing.inner_text(),
                       f"the search for {words!r}")
