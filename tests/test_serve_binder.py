"""Binder: a fresh virtual environment built from binder/ alone runs every notebook.

Does what repo2docker does (install binder/requirements.txt, then run binder/postBuild from the
repository root), with nothing from the test environment, then executes the gallery and New York's
notebooks with nbclient inside it (every notebook runs in the test environment too:
tests/test_ui_notebooks.py; here the question is the environment). The requirements go in with uv
(a test dependency; the same requirements from the same index): ≈ 1 s from the cache `make test`
filled (≈ 2 s with an empty cache here), where pip spent ≈ 30 s downloading on a clean CI
machine. postBuild's `pip install` stays.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import venv

import pytest
import tomllib
from support import ROOT

RUNNER = r"""
import pathlib, sys
import nbformat
from nbclient import NotebookClient

failures = []
root = pathlib.Path(sys.argv[1])
notebooks = [root / "index.ipynb", *sorted((root / "newyork").glob("*.ipynb"))]
for path in notebooks:
    nb = nbformat.read(path, as_version=4)
    try:
        NotebookClient(nb, timeout=300, kernel_name="python3",
                       resources={"metadata": {"path": str(path.parent)}}).execute()
        print("ok", path)
    except Exception as exc:
        failures.append(f"{path}: {type(exc).__name__}: {str(exc)[-800:]}")
print("executed", len(notebooks))
sys.exit("\n".join(failures) if failures else 0)
"""


def test_binder_installs_every_runtime_dependency_with_the_same_bounds():
    """postBuild installs nbgames with --no-deps, so requirements.txt must carry every dependency."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    lines = (ROOT / "binder" / "requirements.txt").read_text().splitlines()
    binder = {line.strip() for line in lines if line.strip() and not line.startswith("#")}
    assert set(project) <= binder, set(project) - binder


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_binder_environment_runs_the_notebooks(tmp_path):
    binder = ROOT / "binder"
    assert (binder / "runtime.txt").read_text().strip().startswith("python-3")
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True, clear=True).create(env_dir)
    home = tmp_path / "home"
    home.mkdir()
    # uv's own cache (the one `make test` filled), not one under the fresh HOME
    uv_cache = subprocess.run([sys.executable, "-m", "uv", "cache", "dir"], capture_output=True, text=True,
                              check=True).stdout.strip()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JUPYTER", "PYTHON", "VIRTUAL_ENV"))}
    env.update(PATH=f"{env_dir / 'bin'}{os.pathsep}{env['PATH']}", HOME=str(home),
               VIRTUAL_ENV=str(env_dir), PIP_DISABLE_PIP_VERSION_CHECK="1", UV_CACHE_DIR=uv_cache)
    python = str(env_dir / "bin" / "python")

    def run(*cmd, **kw):
        done = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, **kw)
        assert done.returncode == 0, f"{cmd} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
        return done

    run(sys.executable, "-m", "uv", "pip", "install", "--quiet", "--python", python,
        "-r", str(binder / "requirements.txt"))
    run("bash", str(binder / "postBuild"))
    run(python, "-c", "import nbgames, sys; assert sys.prefix != sys.base_prefix; print(nbgames.__file__)")

    # postBuild configured the Voilà server extension the Binder badge opens.
    config = json.loads((home / ".jupyter" / "voila.json").read_text())
    assert config["VoilaConfiguration"]["template"] == "nbgames"
    assert config["VoilaConfiguration"]["strip_sources"] is True
    assert config["VoilaConfiguration"]["http_header_envs"] == ["Accept-Language"]  # the browser's language
    assert (home / ".local" / "share" / "jupyter" / "voila" / "templates" / "nbgames" / "conf.json").exists()

    done = run(python, "-c", RUNNER, str(ROOT / "notebooks"), timeout=800)
    assert "executed" in done.stdout and "executed 0" not in done.stdout, done.stdout
    assert done.stdout.count("ok ") >= 4, done.stdout  # the gallery, learn, play and rules
    assert sys.executable != python
