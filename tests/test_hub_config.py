"""`nbgames hub-config` and docs/hub/values.yaml: what a teacher copies onto a hub.

The files are proved working by tests/browser/test_hub.py (a real hub runs them); these checks
read what they say, so a wrong edit fails in seconds and points at the line.
"""

from __future__ import annotations

import json
import subprocess
import sys

import yaml
from support import ROOT
from traitlets.config.loader import PyFileConfigLoader

from nbgames.cli import main
from nbgames.serve.hub import GALLERY, SERVER_CULLING, run_service

VALUES = ROOT / "docs" / "hub" / "values.yaml"


def written(tmp_path, mode: str, *extra: str):
    out = subprocess.run([sys.executable, "-m", "nbgames", "hub-config", "--mode", mode, "-o", str(tmp_path),
                          "--port", "8123", *extra], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "jupyterhub -f" in out.stdout
    return PyFileConfigLoader("jupyterhub_config.py", str(tmp_path)).load_config()


def test_service_mode_is_a_hub_service_behind_the_login(tmp_path):
    override = tmp_path / "class.json"
    override.write_text('{"MappingKernelManager": {"cull_idle_timeout": 120}}')
    config = written(tmp_path, "service", "--config", str(override))
    (service,) = config.JupyterHub.services
    assert service["name"] == "nbgames" and service["oauth_no_confirm"]
    assert service["command"][1:3] == ["-m", "nbgames.serve.hub"]
    assert service["environment"] == {"NBGAMES_VOILA_CONFIG": str(override)}
    assert config.JupyterHub.load_roles == [{"name": "user", "scopes": ["self", "access:services!service=nbgames"]}]
    assert config.JupyterHub.default_url == "/services/nbgames/"
    assert config.JupyterHub.bind_url == "http://:8123"


def test_the_service_can_record_the_class_s_progress(tmp_path):
    config = written(tmp_path, "service", "--class-progress", "--class-db", "postgresql://hub-db/nbgames",
                     "--teachers", "tess,tom")
    (service,) = config.JupyterHub.services
    assert service["environment"] == {"NBGAMES_CLASS_PROGRESS": "1", "NBGAMES_CLASS_DB": "postgresql://hub-db/nbgames",
                                      "NBGAMES_TEACHER_GROUP": "nbgames-teachers"}
    assert config.JupyterHub.load_groups == {"nbgames-teachers": {"users": ["tess", "tom"]}}
    plain = written(tmp_path / "plain", "service")
    assert "NBGAMES_CLASS_PROGRESS" not in plain.JupyterHub.services[0]["environment"]
    assert "load_groups" not in plain.JupyterHub


def test_servers_mode_records_through_a_class_service(tmp_path):
    """Each student's server forwards to one class service, which alone has the database."""
    config = written(tmp_path, "servers", "--class-progress", "--class-db", "postgresql://hub-db/nbgames",
                     "--teacher-group", "maths", "--service-port", "8899")
    (service,) = config.JupyterHub.services
    assert service["command"][1:] == ["-m", "nbgames.classroom.hubservice"]
    assert service["url"] == "http://127.0.0.1:8899"
    assert service["environment"] == {"NBGAMES_CLASS_DB": "postgresql://hub-db/nbgames",
                                      "NBGAMES_TEACHER_GROUP": "maths"}
    env = config.Spawner.environment
    assert env["NBGAMES_CLASS_SERVICE"] == "http://127.0.0.1:8899/services/nbgames/nbgames/progress/hub"
    assert not any("CLASS_DB" in key or "postgresql" in str(value) for key, value in env.items())  # no credentials
    extension = json.loads((tmp_path / "jupyter" / "jupyter_server_config.d" / "nbgames-class.json").read_text())
    assert extension == {"ServerApp": {"jpserver_extensions": {"nbgames.classroom.hubservice": True}}}
    # only the teachers' group may open the service (the teacher page); the students keep their servers
    assert config.JupyterHub.load_roles == [{"name": "maths", "groups": ["maths"],
                                             "scopes": ["access:services!service=nbgames"]}]
    assert config.JupyterHub.load_groups == {"maths": {"users": []}}
    assert config.Spawner.default_url == "/" + GALLERY
    plain = written(tmp_path, "servers")  # written again without it: the extension goes
    assert "NBGAMES_CLASS_SERVICE" not in plain.Spawner.environment and "services" not in plain.JupyterHub
    assert not (tmp_path / "jupyter" / "jupyter_server_config.d" / "nbgames-class.json").exists()


def test_bad_teacher_settings_are_refused_and_nothing_is_written(tmp_path):
    for extra, words in [(["--class-progress", "--teacher-group", "two words"], "plain name"),
                         (["--class-progress", "--teachers", "tess,a b"], "no spaces"),
                         (["--teachers", "tess"], "add --class-progress")]:
        out = subprocess.run([sys.executable, "-m", "nbgames", "hub-config", "-o", str(tmp_path / "hub"), *extra],
                             cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert out.returncode != 0 and words in out.stderr, (extra, out.stderr)
        assert not (tmp_path / "hub").exists()


def test_servers_mode_opens_each_students_server_on_the_gallery(tmp_path):
    config = written(tmp_path, "servers")
    assert config.Spawner.default_url == "/" + GALLERY
    assert (ROOT / "notebooks" / "index.ipynb").samefile(f"{config.Spawner.notebook_dir}/index.ipynb")
    env = config.Spawner.environment
    assert (tmp_path / "share" / "voila" / "templates" / "nbgames").is_dir() and env["JUPYTER_PATH"].endswith("share")
    settings = json.loads((tmp_path / "jupyter" / "voila.json").read_text())
    assert settings["VoilaConfiguration"]["template"] == "nbgames"
    assert settings["VoilaConfiguration"]["strip_sources"] and not settings["VoilaConfiguration"]["show_tracebacks"]
    assert env["JUPYTER_CONFIG_PATH"] == str(tmp_path / "jupyter")
    assert "--MappingKernelManager.cull_idle_timeout=300" in config.Spawner.args


def test_a_missing_notebooks_folder_is_refused(tmp_path, capsys):
    assert main(["hub-config", "-o", str(tmp_path / "hub"), "--notebooks", str(tmp_path)]) == 2
    assert "index.ipynb" in capsys.readouterr().err


def test_the_service_entry_point_needs_the_hub(monkeypatch, capsys):
    monkeypatch.delenv("JUPYTERHUB_API_TOKEN", raising=False)
    assert run_service([]) == 2
    assert "JUPYTERHUB_API_TOKEN" in capsys.readouterr().err


def test_helm_values_match_the_servers_mode_and_the_sizing_in_the_docs():
    values = yaml.safe_load(VALUES.read_text())
    single = values["singleuser"]
    # repo2docker puts the repository in the home folder: the gallery is under notebooks/
    assert single["defaultUrl"] == "/voila/render/notebooks/index.ipynb"
    assert (ROOT / "notebooks" / "index.ipynb").is_file()
    culling = single["extraFiles"]["nbgames-kernel-culling"]["data"]["MappingKernelManager"]
    assert culling == SERVER_CULLING
    assert (single["memory"], single["cpu"]) == ({"guarantee": "256M", "limit": "1G"}, {"guarantee": 0.05, "limit": 1})
    docs = (ROOT / "docs" / "serving.md").read_text()
    assert "docs/hub/values.yaml" in docs and "nbgames hub-config" in docs
    assert values["cull"]["enabled"] and values["prePuller"]["hook"]["enabled"]
