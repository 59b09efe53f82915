"""The New York play page and the gallery in real Chromium against `nbgames serve` (Voilà).

The `page` fixture fails a test on any `pageerror`; `Board.check_no_error` also looks for Voilà
error output. Bots move 0.4 s after their turn starts (the notebook's default delay).
"""

from __future__ import annotations

import re

import pytest

from nbgames.newyork.view import N
from nbgames.ui.board import Geometry

GEOM = Geometry(N, N)
GALLERY = "/voila/render/index.ipynb"

pytestmark = pytest.mark.browser

CELL_RGB = (0xE8, 0xE2, 0xD4)


def legal_moves(board) -> list[str]:
    return board.page.locator(".nbg-moves select option").evaluate_all("els => els.map(e => e.value)")


def square_of(notation: str) -> str:
    """The square a move notation is clicked on: "C3", "*3@C3", "C3/r" -> "C3"."""
    return notation.split("@")[-1].split("/")[0][-2:]


def piece_drawn(board, name: str) -> bool:
    """True if a disc is painted on the square (a pixel left of its letter is not the cell colour)."""
    row, col = "ABCDEFG".index(name[0]), int(name[1]) - 1
    cx, cy = GEOM.cell_centre(row, col)
    rgba = board.pixel(cx - GEOM.cell * 0.25, cy)
    return rgba[3] == 255 and max(abs(a - b) for a, b in zip(rgba[:3], CELL_RGB, strict=True)) > 40


def human_turn(board) -> bool:
    return board.status().startswith("Player 1") and "your turn" in board.status()


def test_gallery_links_to_the_play_page(board):
    board.page.goto(board.server.url + GALLERY, timeout=60_000)
    play = board.page.locator("a.nbg-play-link").first
    play.wait_for(timeout=60_000)
    assert board.page.locator("a.nbg-learn").first.get_attribute("href") == "newyork/learn.ipynb?lang=en"
    play.click()
    board.wait_drawn()
    assert board.page.url.endswith("/voila/render/newyork/play.ipynb?lang=en")


def test_fair_undo_stops_at_the_bots_moves(board):
    board.open()
    assert not re.search(r"\d{9,}", board.page.inner_text("body"))  # no seed anywhere on the page
    assert board.page.locator("button.nbg-undo").is_disabled()
    board.click_square("D4")
    board.wait_for(lambda: board.ply() >= 3 and human_turn(board), "both bots to move")
    undo = board.page.locator("button.nbg-undo")
    assert undo.is_disabled()  # back past the bots' moves would be a peek in a fair game
    board.page.keyboard.press("u")  # nor by keyboard (focus the board first)
    board.canvas.focus()
    board.page.keyboard.press("u")
    board.wait_for(lambda: "UNDO" in board.status() and "moved since" in board.status(),
                   "the refusal of the keyboard undo, with its reason")
    assert board.ply() == 3


def test_click_turns_bots_undo_and_double_clicks(board):
    board.open()
    # a practice game: Undo may go back past the bots' moves (a fair game refuses that)
    board.page.locator(".nbg-practice input").check()
    board.page.locator("button.nbg-new-game").click()
    board.wait_for(lambda: "practice game" in board.text(".nbg-settings-message"), "the practice game")
    assert human_turn(board), board.status()
    # a complete setup turn by clicking the board; then both bots move by themselves
    board.click_square("D4")
    board.wait_for(lambda: board.ply() >= 3 and human_turn(board), "both bots to move")
    assert piece_drawn(board, "D4"), (board.text(".nbg-log"), board.page.evaluate("window.scrollY"))
    log = board.text(".nbg-log")
    assert "Player 1 placed a red setup piece on D4" in log
    assert "Player 2 placed" in log and "Player 3 placed" in log
    # a refused square is explained with the rule (NY-5: same colour may not touch in setup)
    board.click_square("D5")
    board.wait_for(lambda: "NY-5" in board.status(), "the NY-5 refusal")
    assert board.ply() == 3

    # a double click plays once; clicks during the bots' turns change nothing
    target = next(m for m in legal_moves(board) if square_of(m) not in ("D5", "C4", "E4", "D3", "A1"))
    row, col = "ABCDEFG".index(target[0]), int(target[1]) - 1
    board.page.mouse.dblclick(*board.point(row, col))
    for _ in range(6):  # hammer the board while the bots think (squares that stay taken, so a
        board.click_square(target[:2])  # click landing after the bots is refused, not played)
        board.click_square("D4")
        board.page.wait_for_timeout(60)
    # the human's turn again: "your turn", or the refusal of a hammering click that landed after
    # the bots (seen on a loaded machine; clicks during the bots' turns are ignored, not refused)
    board.wait_for(lambda: board.ply() >= 6 and (human_turn(board) or board.status().startswith("Not allowed")),
                   "the bots' turns")
    assert board.ply() == 6, board.text(".nbg-log")
    log = board.text(".nbg-log")
    assert log.count("Player 1 placed") == 2, log

    # undo from the timeline: back to the human's previous decision (ply 3), bots paused
    board.page.locator(".nbg-undo").click()
    board.wait_for(lambda: board.ply() == 3, "undo")
    assert board.text(".nbg-log").count("Player 1 placed") == 1
    board.page.wait_for_timeout(800)
    assert board.ply() == 3  # still the human's turn: nothing moved on its own
    # and play on from there by keyboard: focus the board, arrows move the cursor, Enter plays
    board.canvas.focus()
    for key in ["ArrowUp"] * 7 + ["ArrowLeft"] * 7:  # the cursor stops at the edges: A1
        board.page.keyboard.press(key)
    board.wait_for(lambda: "A1: Broadway" in board.text(".nbg-info"), "the cursor on A1")
    goal = legal_moves(board)[-1][:2]  # a legal square; walk there from A1
    for key in ["ArrowDown"] * "ABCDEFG".index(goal[0]) + ["ArrowRight"] * (int(goal[1]) - 1):
        board.page.keyboard.press(key)
    board.wait_for(lambda: f"{goal}:" in board.text(".nbg-info"), f"the cursor on {goal}")
    board.page.keyboard.press("Enter")
    board.wait_for(lambda: board.ply() >= 4, "the keyboard move")
    assert f"red setup piece on {goal}" in board.text(".nbg-log")
    board.check_no_error()


def test_reload_mid_game_draws_again(board):
    """Guards the ipycanvas canvas-manager trap: after a reload drawing must still work."""
    board.open()
    board.click_square("B2")
    board.wait_for(lambda: board.ply() >= 3, "the bots")
    board.page.reload()
    board.wait_drawn()
    assert board.ply() == 0  # a new page is a new kernel and a new game
    board.click_square("F6")
    board.wait_for(lambda: board.ply() >= 1, "the move after reload")
    board.wait_for(lambda: piece_drawn(board, "F6"), "the piece to be drawn after reload")
    board.check_no_error()
