"""Issue 28 item 5, in real Chromium against `nbgames serve`: a teacher records a lesson on New
York's play page with the recorder ("Make a lesson from here": a move to find and a question),
saves the lesson file (the download link), opens it on the learn page with "Open a lesson file",
answers wrong then right (a wrong move leaves the board untouched; the teacher's words and the
rule id show), then opens the page's link to the same file in the served folder
(``learn.ipynb?lesson=<name>``) and reloads it: the progress kept in the browser is still there.
One server for the module (the session's); the page errors fail the test (`page` fixture)."""

from __future__ import annotations

import base64
import json
import os
import time

import pytest
from support import ROOT

from nbgames.newyork.view import N
from nbgames.rulebook import rule
from nbgames.ui.board import CELL, Geometry

pytestmark = pytest.mark.browser

PLAY = "/voila/render/newyork/play.ipynb"
LEARN = "/voila/render/newyork/learn.ipynb"
GEOM = Geometry(N, N)
CELL_RGB = tuple(int(CELL[i:i + 2], 16) for i in (1, 3, 5))
RIGHT = "Yes: Park Ave is a fine first square."
WRONG = "Not there: start on Park Ave (row F)."


def piece_drawn(board, name: str) -> bool:
    """A disc is painted on the square: a pixel left of its letter is far from the empty-cell colour."""
    row, col = "ABCDEFG".index(name[0]), int(name[1]) - 1
    cx, cy = GEOM.cell_centre(row, col)
    rgba = board.pixel(cx - GEOM.cell * 0.25, cy)
    return rgba[3] == 255 and max(abs(a - b) for a, b in zip(rgba[:3], CELL_RGB, strict=True)) > 40


def text(board, css: str) -> str:
    return board.text(css) if board.page.locator(css).count() else ""


def wait_text(board, css: str, *parts: str, timeout: float = 30.0) -> None:
    board.wait_for(lambda: all(p in text(board, css) for p in parts), f"{css} to show {parts}", timeout=timeout)


def fill(board, css: str, value: str) -> None:
    box = board.page.locator(f"{css} input").first
    box.fill(value)
    box.dispatch_event("change")


def record_lesson(board) -> dict:
    """On the play page: a practice game, then the recorder's two steps, then Save."""
    page = board.page
    page.locator(".nbg-practice input").check()
    page.locator("button.nbg-new-game").click()
    wait_text(board, ".nbg-settings-message", "practice game")
    if page.locator(".nbg-fold-recorder .jupyter-widget-Collapse-open").count() == 0:
        page.locator(".nbg-fold-recorder .jupyter-widget-Collapse-header").click()
    page.locator("button.nbg-rec-ask-move").click()
    wait_text(board, ".nbg-rec-message", "make the right move")
    board.click_square("F5")
    wait_text(board, ".nbg-rec-message", "1 right answer so far: F5")
    board.wait_for(lambda: board.ply() == 0 and not piece_drawn(board, "F5"), "the board back at the question")
    fill(board, ".nbg-rec-prompt", "Where does your first piece go?")
    fill(board, ".nbg-rec-right", RIGHT)
    fill(board, ".nbg-rec-wrong", WRONG)
    page.locator(".nbg-rec-rule select").select_option(label=f"NY-5 · {rule('NY-5')['title']}")
    page.locator("button.nbg-rec-done").click()
    wait_text(board, ".nbg-rec-message", "Step 1 added")
    page.locator("button.nbg-rec-ask-choice").click()
    wait_text(board, ".nbg-rec-message", "Write the question")
    fill(board, ".nbg-rec-prompt", "How many setup pieces does each player place?")
    fill(board, ".nbg-rec-option-0", "2")
    fill(board, ".nbg-rec-option-1", "5")
    page.locator(".nbg-rec-rule select").select_option(label=f"NY-5 · {rule('NY-5')['title']}")
    page.locator("button.nbg-rec-done").click()
    wait_text(board, ".nbg-rec-message", "Step 2 added")
    assert "1. Ask for a move: F5 (NY-5)" in text(board, ".nbg-rec-steps")
    fill(board, ".nbg-rec-title", "Recorded in Chromium")
    page.locator("button.nbg-rec-save").click()
    link = page.locator("a.nbg-rec-download")
    link.wait_for(timeout=30_000)
    href = link.get_attribute("href")
    assert href.startswith("data:application/json;base64,")
    return json.loads(base64.b64decode(href.split(",", 1)[1]))


def answer_wrong_then_right(board) -> None:
    """The learner's side: a wrong square (legal, not asked for), then F5; a wrong and a right
    answer to the question."""
    page = board.page
    wait_text(board, ".nbg-lesson-title", "Recorded in Chromium")
    wait_text(board, ".nbg-lesson-prompt", "Where does your first piece go?")
    board.canvas.scroll_into_view_if_needed()
    board.click_square("A1")
    wait_text(board, ".nbg-lesson-feedback", "Not quite", "NY-5", WRONG)
    assert not piece_drawn(board, "A1") and "step 1 of 2" in text(board, ".nbg-lesson-step")  # untouched
    board.click_square("F5")
    wait_text(board, ".nbg-lesson-feedback", "Right", "NY-5", RIGHT)
    wait_text(board, ".nbg-lesson-step", "step 2 of 2")
    page.locator(".nbg-lesson-choice", has_text="5").first.click()
    wait_text(board, ".nbg-lesson-feedback", "Not quite", "NY-5")
    page.locator(".nbg-lesson-choice", has_text="2").first.click()
    wait_text(board, ".nbg-lesson-progress", "1 of 10 lessons done")


def test_a_recorded_lesson_is_saved_opened_answered_and_its_progress_kept(board, tmp_path):
    started = time.monotonic()
    board.open(PLAY)
    data = record_lesson(board)
    assert data["game"] == "newyork" and [s["type"] for s in data["steps"]] == ["move", "choice"]
    assert all("seed" not in record for record in data["positions"].values())
    recorded = time.monotonic()

    # the learn page: Open a lesson file, as a visitor picks it in the browser's file chooser
    path = tmp_path / "recorded.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    board.open(LEARN)
    with board.page.expect_file_chooser() as chooser:
        board.page.locator("button.nbg-lesson-open").click()
    chooser.value.set_files(path)
    wait_text(board, ".nbg-lesson-file-message", "Opened the lesson", "Recorded in Chromium")
    wait_text(board, ".nbg-lesson-progress", "0 of 10 lessons done")
    answer_wrong_then_right(board)
    board.check_no_error()
    answered = time.monotonic()

    # the same file in the served folder, opened by the page's link; reloaded: progress kept
    folder = ROOT / "notebooks" / "lessons"
    made = not folder.exists()
    name = f"recorded-test-{os.getpid()}.json"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(json.dumps(data), encoding="utf-8")
    try:
        board.open(f"{LEARN}?lesson={name}")
        wait_text(board, ".nbg-lesson-title", "Recorded in Chromium")
        wait_text(board, ".nbg-lesson-progress", "1 of 10 lessons done")  # kept from the upload
        assert board.page.locator(".nbg-lesson-item.nbg-lesson-file").inner_text().startswith("✓")
        board.page.reload()
        board.wait_drawn()
        wait_text(board, ".nbg-lesson-title", "Recorded in Chromium")
        wait_text(board, ".nbg-lesson-progress", "1 of 10 lessons done")
        board.check_no_error()
    finally:
        (folder / name).unlink()
        if made:
            folder.rmdir()
    print(f"\nrecorder browser test: recorded {recorded - started:.1f} s, opened and answered "
          f"{answered - recorded:.1f} s, link and reload {time.monotonic() - answered:.1f} s")
