"""``nbgames serve``: Voilà over the notebooks folder, gallery first (hardened in a later step)."""

from __future__ import annotations

import os
from pathlib import Path


def voila_argv(host: str, port: int, notebooks: str | None, open_browser: bool) -> list[str]:
    root = Path(notebooks or "notebooks").resolve()
    if not root.is_dir():
        raise ValueError(f"no notebooks folder at {root}")
    return [
        str(root),
        f"--port={port}",
        f"--Voila.ip={host}",
        "--no-browser" if not open_browser else "",
        "--MappingKernelManager.cull_interval=30",
        "--MappingKernelManager.cull_idle_timeout=120",
        "--MappingKernelManager.cull_connected=False",
    ]


def serve(host: str = "127.0.0.1", port: int = 8866, notebooks: str | None = None,
          open_browser: bool = False) -> int:
    from voila.app import Voila

    argv = [a for a in voila_argv(host, port, notebooks, open_browser) if a]
    os.environ.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")
    Voila.launch_instance(argv=argv)
    return 0
