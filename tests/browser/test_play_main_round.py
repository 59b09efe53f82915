"""A complete main-round New York turn played by clicking the board in real Chromium:
setup by clicks, then a red+blue card pair (NY-9) on a clicked square, with the card choice
asked for when several pairs reach it."""

from __future__ import annotations

import re

import pytest
from test_play_page import human_turn, legal_moves, piece_drawn, square_of

pytestmark = pytest.mark.browser


def notations(board) -> list[str]:
    """The legal moves' notations (the dropdown shows "C3: red C + blue 3")."""
    return [m.split(":")[0] for m in legal_moves(board)]


def hand(board) -> str:
    return board.text(".nbg-hand")


def test_a_main_round_turn_by_clicking(board):
    board.open()
    # the setup round: on each of our turns click the first legal square, until the main round
    for _ in range(30):
        board.wait_for(lambda: human_turn(board), "our turn", timeout=40)
        if "setup" not in board.status():
            break
        placed = board.text(".nbg-log").count("Player 1 placed")
        board.wait_for(lambda: notations(board), "our moves listed")
        board.click_square(square_of(notations(board)[0]))
        board.wait_for(lambda n=placed: board.text(".nbg-log").count("Player 1 placed") > n, "our placement")
        # the log is sent before the status line: wait for the bots' turn (we never place twice
        # in a row), or a stale "your turn" sends a setup click into the main round
        board.wait_for(lambda: not human_turn(board), "the bots' turns")
    assert "pair" in board.status(), board.status()

    moves = notations(board)
    target = square_of(moves[0])
    ways = [m for m in moves if square_of(m) == target]
    before_ply, before_hand = board.ply(), hand(board)
    board.click_square(target)
    if len(ways) > 1 or "*" in ways[0]:  # several ways, or only jokers reach it: the view asks
        choice = board.page.locator(".nbg-choice button, button.nbg-choice").first
        choice.wait_for(timeout=10_000)
        choice.click()
    board.wait_for(lambda: board.ply() > before_ply, "the pair to be played")
    board.wait_for(lambda: human_turn(board), "the bots' turns")  # the board is still now
    events = board.text(".nbg-log").split("\n")[1:]  # newest first, after the move list
    ours = next(i for i, line in enumerate(events) if line.startswith("Player 1 ") and target in line)
    took_back = re.match(rf"Player 1 took their \w+ piece back from {target}", events[ours])
    placed = re.match(rf"Player 1 (placed \w+ on|evicted \w+ from) {target}", events[ours])
    assert took_back or placed, events[ours]
    if not any(target in line for line in events[:ours]):  # no bot touched the square since
        assert piece_drawn(board, target) == bool(placed)  # NY-10: our disc, or gone (own piece)
    assert hand(board) != before_hand  # two cards spent, then refilled to 2 red + 2 blue (NY-9)
    board.check_no_error()
