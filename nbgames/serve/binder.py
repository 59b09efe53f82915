"""Configure Jupyter's Voilà server extension like ``nbgames serve`` (run by binder/postBuild).

On Binder each visitor gets a whole container behind JupyterHub, so the standalone server's
handler table (v1-only websockets, no file tree) does not apply; what carries over is the look
and the visitor-facing settings: the nbgames template, stripped sources and no tracebacks.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

from jupyter_core.paths import jupyter_config_dir, jupyter_data_dir

from . import PACKAGE_DIR, SHARE_DIR

EXTENSION_KEYS = ("template", "theme", "strip_sources", "show_tracebacks", "file_allowlist", "http_header_envs")


def install(data_dir: str | None = None, config_dir: str | None = None) -> tuple[Path, Path]:
    """Copy the template into the user's Jupyter data dir and write voila.json into the config dir."""
    data = Path(data_dir or jupyter_data_dir())
    config = Path(config_dir or jupyter_config_dir())
    src = SHARE_DIR / "voila" / "templates" / "nbgames"
    dest = data / "voila" / "templates" / "nbgames"
    shutil.copytree(src, dest, dirs_exist_ok=True)
    shipped = json.loads((PACKAGE_DIR / "voila.json").read_text())
    settings = {
        "VoilaConfiguration": {k: v for k, v in shipped["VoilaConfiguration"].items() if k in EXTENSION_KEYS},
        "VoilaExecutor": shipped["VoilaExecutor"],
    }
    config.mkdir(parents=True, exist_ok=True)
    target = config / "voila.json"
    target.write_text(json.dumps(settings, indent=2) + "\n")
    return dest, target


if __name__ == "__main__":
    template, conf = install(*sys.argv[1:3])
    print(f"nbgames: Voilà template in {template}, settings in {conf}")
