"""notebooks/teach.ipynb ("Write your own lesson", issue 28 items 4 and 5) runs headlessly: a
teacher's three-step New York lesson is built with the public API (nbgames.board, ask_move with a
judge kind, ask_choice, show_moves, Lesson), shown as widgets, saved as a lesson file and checked
with `nbgames lesson check`. The notebook runs in a copy in a temporary folder, so the lesson file
it writes (in `lessons/`, where the learn pages look) lands there."""

from __future__ import annotations

import shutil
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from nbgames import load_lesson
from nbgames.teach import AskChoice, AskMove, ShowMoves
from nbgames.ui.gallery_page import gallery_html
from nbgames.ui.lesson import find_lesson_file

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
NOTEBOOK = NOTEBOOKS / "teach.ipynb"
WIDGET = "application/vnd.jupyter.widget-view+json"


@pytest.fixture(scope="module")
def executed(tmp_path_factory):
    folder = tmp_path_factory.mktemp("teach")
    shutil.copy(NOTEBOOK, folder / "teach.ipynb")
    nb = nbformat.read(folder / "teach.ipynb", as_version=4)
    NotebookClient(nb, timeout=120, kernel_name="python3",
                   resources={"metadata": {"path": str(folder)}}).execute()
    return nb, folder


@pytest.mark.timeout(180)
def test_the_notebook_runs_without_an_error_and_shows_widgets(executed):
    nb, _ = executed
    code = [cell for cell in nb.cells if cell.cell_type == "code"]
    errors = [o for cell in code for o in cell.outputs if o.output_type == "error"]
    assert not errors, errors
    assert not [o for cell in code for o in cell.outputs if o.output_type == "stream" and o.name == "stderr"]

    def shown(word):  # the output of the code cell whose source contains `word`
        cell = next(c for c in code if word in c.source)
        return [o for o in cell.outputs if WIDGET in o.get("data", {})]

    for word in ("nbgames.board(", "find = nbgames.ask_move", "lesson = nbgames.Lesson", "nbgames.load_lesson("):
        assert shown(word), f"the cell with {word!r} should show a widget"
    printed = "".join(o.get("text", "") for cell in code for o in cell.outputs)
    assert "OK: New York, 'Grow your group': 3 steps (1 move to find, 1 question, 1 replay)" in printed


@pytest.mark.timeout(180)
def test_the_lesson_file_it_writes_loads_with_three_steps_and_can_be_answered(executed):
    _, folder = executed
    path = folder / "lessons" / "my_first_lesson.json"
    # the link the notebook gives, newyork/learn.ipynb?lesson=my_first_lesson.json, finds this file
    assert find_lesson_file("my_first_lesson.json", folder / "newyork") == str(path)
    lesson = load_lesson(path, game="newyork")
    assert [type(s) for s in lesson.steps] == [AskMove, AskChoice, ShowMoves]
    assert lesson.steps[0].accept == {"judge": "any of", "moves": ["F5", "F2"]}  # a judge kind, no code
    session = lesson.session("en")
    wrong = session.submit("C2")  # legal, but not next to the red pieces: the teacher's words, the board unchanged
    assert not wrong.ok and "touches your red pieces" in wrong.text and not session.game.history
    illegal = session.submit("A1")  # red holds no Broadway card: the engine's refusal and its rule
    assert not illegal.ok and illegal.rule == "NY-9"
    assert session.submit("F5").ok and session.submit("NY-11").ok is False and session.submit("NY-10").ok
    assert session.submit("next").ok and session.submit("next").ok and session.done
    ja = lesson.session("ja")
    assert "空いた" in ja.prompt


def test_the_gallery_links_to_it_in_both_languages():
    for lang, words in (("en", "Write your own lesson"), ("ja", "自分のレッスンを作る")):
        page = gallery_html(lang)
        assert f"href='teach.ipynb?lang={lang}'" in page and words in page


def test_the_notebook_has_english_and_japanese_prose_and_a_title_in_both():
    nb = nbformat.read(NOTEBOOK, as_version=4)
    assert nb.metadata["title"] == "Write your own lesson" and nb.metadata["title_ja"] == "自分のレッスンを作る"
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            assert '<div lang="en">' in cell.source and '<div lang="ja">' in cell.source
    assert not [o for cell in nb.cells if cell.cell_type == "code" for o in cell.get("outputs", [])]  # saved clean


def test_a_served_site_does_not_preheat_it():
    """`nbgames serve` keeps a kernel pre-heated for the pages visitors play on; this tutorial is
    opened by a teacher now and then, and running it writes a lesson file, so it waits for one."""
    import json
    import re

    from nbgames.serve import PACKAGE_DIR

    config = json.loads((PACKAGE_DIR / "voila.json").read_text())
    deny = config["VoilaKernelManager"]["preheat_denylist"]
    assert any(re.fullmatch(pattern, "teach.ipynb") for pattern in deny)
    assert not any(re.fullmatch(pattern, "index.ipynb") for pattern in deny)
