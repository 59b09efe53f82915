"""Issue 26 item 12, in real Chromium: a 20 MB file given to the play page's Load says "too large"
and loses nothing: the game is unchanged and the page still plays. (Sent, its websocket frame
passed tornado's 10 MiB limit and the connection dropped without a word.)"""

from __future__ import annotations

import pytest

from nbgames.engine.game import MAX_RECORD_BYTES

pytestmark = pytest.mark.browser


def load(board, path) -> None:
    """Press Load and pick a file in the browser's file chooser, as a visitor does. (A path, not
    a buffer: Playwright would carry 20 MB through the DevTools protocol, 30 s on a busy machine.)"""
    with board.page.expect_file_chooser() as chooser:
        board.page.locator("button.nbg-load").click()
    chooser.value.set_files(path)


def test_a_20_mb_load_is_refused_and_the_page_plays_on(board, tmp_path):
    board.open()
    assert board.ply() == 0
    big = tmp_path / "huge.json"
    big.write_bytes(b'{"game": "newyork", "pad": "' + b"x" * (20 * 1024 * 1024) + b'"}')
    assert big.stat().st_size > MAX_RECORD_BYTES
    load(board, big)
    board.wait_for(lambda: "too large" in board.status(), "the 'too large' message")
    assert "(0)" in board.text("button.nbg-load")  # the upload widget never took the file
    assert board.ply() == 0  # the game is unchanged
    assert board.page.locator(".nbg-lost").count() == 0
    board.click_square("D4")  # and the page is still connected: a move plays
    board.wait_for(lambda: board.ply() > 0, "the move after the refused file")
    assert "Player 1 placed a red setup piece on D4" in board.text(".nbg-log")
    assert board.page.locator(".nbg-lost").count() == 0


def test_a_saved_game_still_loads(board, tmp_path):
    """The size check lets an ordinary saved game through to the kernel."""
    board.open()
    board.click_square("D4")
    board.wait_for(lambda: board.ply() >= 3, "the bots' setup moves")
    board.page.locator("button.nbg-save").click()
    link = board.page.locator("a.nbg-download")
    link.wait_for()
    with board.page.expect_download() as download:
        link.click()
    record = tmp_path / "saved.json"
    download.value.save_as(record)
    saved_ply = board.ply()
    load(board, record)
    board.wait_for(lambda: "Loaded a saved game" in board.status(), "the game loaded")
    assert board.ply() == saved_ply
