"""notebooks/bots.ipynb (issue 12, item 6) runs headlessly: the reader's bots play a game, a
tournament shows its progress bar and a chart of win rates. (tests/test_ui_notebooks.py lists
the play and learn pages by name and holds them to two short cells; this notebook is code for
programmers, so it is executed here.)"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "bots.ipynb"


@pytest.mark.timeout(300)
def test_bots_notebook_executes_with_a_progress_bar_and_a_chart():
    nb = nbformat.read(NOTEBOOK, as_version=4)
    NotebookClient(nb, timeout=240, kernel_name="python3",
                   resources={"metadata": {"path": str(NOTEBOOK.parent)}}).execute()
    outputs = [o for cell in nb.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    assert any("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in outputs)  # the bar
    text = "".join(o.get("text", "") for o in outputs)
    assert "12 games of newyork" in text and "95% CI" in text and "lead" in text
    charts = [o["data"]["text/html"] for o in outputs if "text/html" in o.get("data", {})]
    assert any("border-left:2px dashed" in html and "lead" in html for html in charts)
