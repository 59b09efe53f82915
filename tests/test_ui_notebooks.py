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
