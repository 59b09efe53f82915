"""Every notebook runs headlessly (nbclient) without errors or blocking, shows its widget, and is
prose plus a call or two."""

from __future__ import annotations

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
