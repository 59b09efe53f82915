"""``nbgames serve``: the game gallery as a read-only Voilà site that is safe to put in front of a class.

What it adds to a plain ``voila notebooks/`` (see docs/serving.md):

- the gallery (``index.ipynb``) is the landing page; the file tree and contents API are gone;
- settings live in one file, ``nbgames/serve/voila.json`` (preheated kernels, culling, stripped
  sources, no tracebacks, the nbgames template); ``NBGAMES_VOILA_CONFIG=/path/to/file.json``
  overrides it and command-line options override both;
- kernels of closed pages are culled quickly, idle open pages much later (``kernels.py``);
- kernel websockets without the v1 subprotocol are refused: they let any visitor freeze
  Voilà 0.5.13 (``handlers.py``);
- every incoming kernel websocket frame is checked before jupyter_server parses it; a malformed one
  (e.g. 13 bytes whose first 8 claim 10**18 offsets) closes its connection (``frames.py``);
- the page kit's heartbeat is not kernel activity, so a forgotten tab is culled (``kernels.py``);
- every error a visitor can trigger gets a short friendly page, never a traceback.
"""

from __future__ import annotations

import os
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
#: Jupyter data dir shipped with the package: holds the ``nbgames`` Voilà template.
SHARE_DIR = PACKAGE_DIR / "share"
CONFIG_ENV = "NBGAMES_VOILA_CONFIG"


def voila_argv(host: str, port: int, notebooks: str | None, open_browser: bool,
               class_size: int | None = None, class_pages: list[str] | None = None) -> list[str]:
    """Arguments for :class:`nbgames.serve.app.NbgamesVoila`; everything else is in voila.json."""
    root = Path(notebooks or "notebooks").resolve()
    if not root.is_dir():
        raise ValueError(f"no notebooks folder at {root}")
    argv = [str(root), f"--port={port}", f"--Voila.ip={host}"]
    if not open_browser:
        argv.append("--no-browser")
    if class_size is not None:
        if class_size < 0:
            raise ValueError(f"--class-size must be 0 or more, not {class_size}")
        argv.append(f"--NbgamesVoila.class_size={class_size}")
    for page in class_pages or ():
        if not (root / page).is_file():
            raise ValueError(f"--class-page {page}: no such notebook under {root}")
        argv.append(f"--NbgamesVoila.class_pages={page}")
    return argv


def serve(host: str = "127.0.0.1", port: int = 8866, notebooks: str | None = None,
          open_browser: bool = False, class_size: int | None = None, class_pages: list[str] | None = None) -> int:
    """Run the hardened Voilà server until interrupted; returns the exit status."""
    argv = voila_argv(host, port, notebooks, open_browser, class_size, class_pages)
    os.environ.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")
    from .app import NbgamesVoila

    NbgamesVoila.launch_instance(argv=argv)
    return 0
