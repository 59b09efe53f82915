"""Every notebook runs headlessly (nbclient) without errors or blocking, shows its widget, and is
prose plus a call or two."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
# The gallery and every game's pages (learn, play, rules), games added later included.
PAGES = ["index.ipynb", *sorted(str(p.relative_to(NOTEBOOKS)) for p in NOTEBOOKS.glob("*/*.ipynb"))]
# The named exceptions to "prose plus a call or two": tutorials whose code IS the page (a reader
# learns from the cells and changes them), each executed by its own test.
TUTORIALS = {
    "bots.ipynb": "tests/test_bots_notebook.py",  # write a bot, run a tournament (issue 12)
    "teach.ipynb": "tests/test_teach_notebook.py",  # write your own lesson with nbgames.teach (issue 28)
}


@pytest.mark.timeout(180)
@pytest.mark.parametrize("path", PAGES)
def test_notebook_executes(path):
    nb = nbformat.read(NOTEBOOKS / path, as_version=4)
    NotebookClient(nb, timeout=120, kernel_name="python3",
                   resources={"metadata": {"path": str((NOTEBOOKS / path).parent)}}).execute()
    outputs = [o for cell in nb.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    widget_views = [o for o in outputs if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert widget_views, "the notebook should display its widget"
    code = [cell.source for cell in nb.cells if cell.cell_type == "code"]
    assert len(code) <= 2 and all(len(src.splitlines()) <= 4 for src in code)  # no logic in notebooks


def test_every_notebook_is_a_page_or_a_named_tutorial():
    top = {p.name for p in NOTEBOOKS.glob("*.ipynb")}
    assert top == {"index.ipynb", *TUTORIALS}, "a new top-level notebook is a page (two short cells) or a tutorial here"
    for test in TUTORIALS.values():
        assert (NOTEBOOKS.parent / test).is_file()


LEAD_MOST = 300  # characters: a lead a phone shows in a few lines, the board close below it


@pytest.mark.parametrize("path", sorted(str(p.relative_to(NOTEBOOKS)) for kind in ("learn", "play")
                                        for p in NOTEBOOKS.glob(f"*/{kind}.ipynb")))
def test_a_learn_or_play_page_leads_with_a_short_paragraph_and_folds_the_rest(path):
    """In every language: the title, one short paragraph with the way on (the other page and the
    gallery), then everything else folded (`<details>`), so the board comes soon on a phone."""
    nb = nbformat.read(NOTEBOOKS / path, as_version=4)
    other = "play.ipynb" if path.endswith("learn.ipynb") else "learn.ipynb"
    languages = re.findall(r'<div lang="(\w+)">(.*?)</div>', nb.cells[0].source, re.S)
    assert [lang for lang, _ in languages] == ["en", "ja"]
    for lang, body in languages:
        title, lead, rest = body.strip().split("\n\n", 2)
        assert title.startswith("# ")
        assert f"]({other})" in lead and "](../index.ipynb)" in lead, (lang, lead)
        assert len(lead) <= LEAD_MOST, (lang, len(lead))
        assert rest.startswith("<details><summary>") and rest.endswith("</details>"), (lang, rest[:80])
