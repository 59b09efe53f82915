"""A page whose output reaches the server late still shows it.

Under a class's burst of pages (20 pre-heated kernels building their pages at once while the pool
refills, on 2 cores) a kernel's IOPub messages reached Voilà more than 4 s after the cell's reply.
nbclient's default `iopub_timeout` (4 s) then logged "Timeout waiting for IOPub output" and
rendered the page without the cell's output: the page had a title and no board, for good (in
`benchmarks/load.py`, 12 of 24 real pages in six runs). Here a kernel delays its own IOPub by 6 s
and the real server must wait.
"""

from __future__ import annotations

import sys
import urllib.request
from pathlib import Path

import nbformat as nbf
from support import Server

sys.path.insert(0, str(Path(__file__).parent / "serve"))
from make_notebooks import KERNELSPEC  # noqa: E402

# Every IOPub message of this kernel leaves 6 s late, in order; shell replies are not delayed,
# which is what a loaded server sees: the reply first, the output long after.
DELAY_IOPUB = """\
import queue, threading, time
from ipykernel.iostream import BackgroundSocket

late = queue.Queue()
send_now = BackgroundSocket.send_multipart

def deliver():
    while True:
        due, args, kwargs = late.get()
        time.sleep(max(0.0, due - time.monotonic()))
        send_now(*args, **kwargs)

threading.Thread(target=deliver, daemon=True).start()
BackgroundSocket.send_multipart = lambda self, *a, **k: late.put((time.monotonic() + 6, (self, *a), k))
"""


def test_output_arriving_after_the_reply_is_on_the_page(tmp_path):
    notebooks = tmp_path / "notebooks"
    notebooks.mkdir()
    page = nbf.v4.new_notebook(metadata={"kernelspec": KERNELSPEC})
    page.cells = [nbf.v4.new_code_cell(DELAY_IOPUB),
                  nbf.v4.new_code_cell("from IPython.display import HTML\nHTML('<p>the board, late</p>')")]
    nbf.write(page, notebooks / "late.ipynb")
    with Server(tmp_path / "serve.log", extra_args=["--notebooks", str(notebooks)]) as served:
        html = urllib.request.urlopen(f"{served.url}/voila/render/late.ipynb", timeout=120).read().decode()
        log = served.log_path.read_text(errors="replace")
    assert "the board, late" in html, "the late output was dropped from the page"
    assert "Timeout waiting for IOPub output" not in log
