"""What a page load costs the server, in-process: its templates are compiled once, debug lines
nobody keeps are not built, and the kernel-activity watch reads only signed headers (py-spy on
`nbgames serve` while pages loaded, 2026-12-04: the three took almost half its busy time). The
served behaviour they must keep: tests/test_serve_heartbeat.py (activity), test_serve_security.py
(pages render), tests/browser/ (everything a visitor sees)."""

from __future__ import annotations

import json
import logging

import jinja2
import pytest
import voila.notebook_renderer
from jupyter_client.session import Session
from support import ROOT
from voila.exporter import VoilaExporter
from voila.paths import collect_template_paths

from nbgames.serve import SHARE_DIR
from nbgames.serve.app import COMPILED_TEMPLATES, NbgamesExporter, NbgamesVoila
from nbgames.serve.kernels import _signed_message


@pytest.fixture
def nbgames_templates(monkeypatch):
    monkeypatch.setenv("JUPYTER_PATH", str(SHARE_DIR))
    return collect_template_paths(["voila", "nbconvert"], "nbgames")


@pytest.fixture
def compiles(monkeypatch):
    """The names of the templates Jinja compiles from source from now on."""
    names: list[str] = []
    real = jinja2.Environment.compile

    def counting(self, source, name=None, filename=None, raw=False, defer_init=False):
        names.append(name)
        return real(self, source, name, filename, raw, defer_init)

    monkeypatch.setattr(jinja2.Environment, "compile", counting)
    return names


def test_page_templates_are_compiled_once_for_every_page(nbgames_templates, compiles):
    COMPILED_TEMPLATES._code.clear()
    for page in range(3):  # Voilà makes a new exporter, and so a new Jinja environment, per page
        exporter = NbgamesExporter(template_paths=nbgames_templates, template_name="nbgames")
        assert exporter.environment.bytecode_cache is COMPILED_TEMPLATES
        exporter.environment.get_template("index.html.j2")
        if page == 0:
            first = list(compiles)
            assert "index.html.j2" in first
    assert compiles == first, "a later page compiled its templates again"


def test_an_edited_template_is_compiled_anew(tmp_path, compiles):
    (tmp_path / "page.j2").write_text("one {{ x }}")
    cache = type(COMPILED_TEMPLATES)()

    def render() -> str:
        environment = jinja2.Environment(loader=jinja2.FileSystemLoader(tmp_path), bytecode_cache=cache)
        return environment.get_template("page.j2").render(x=1)

    assert render() == "one 1" and render() == "one 1"
    assert compiles == ["page.j2"]
    (tmp_path / "page.j2").write_text("two {{ x }}")
    assert render() == "two 1"  # Jinja checks the source's checksum: the cached code is not used
    assert compiles == ["page.j2", "page.j2"]


def test_async_and_plain_code_of_a_template_are_kept_apart(tmp_path):
    (tmp_path / "page.j2").write_text("{{ x }}")
    cache = type(COMPILED_TEMPLATES)()
    for is_async in (True, False, True):
        environment = jinja2.Environment(loader=jinja2.FileSystemLoader(tmp_path), bytecode_cache=cache,
                                         enable_async=is_async)
        assert environment.get_template("page.j2").render(x=7) == "7"
    assert len(cache._code) == 2


def test_the_served_app_renders_with_its_exporter_and_builds_no_dropped_debug_lines(monkeypatch):
    monkeypatch.setattr(voila.notebook_renderer, "VoilaExporter", VoilaExporter)  # restored afterwards
    monkeypatch.setenv("JUPYTER_PATH", "")
    app = NbgamesVoila()
    app.initialize([str(ROOT / "notebooks")])
    assert voila.notebook_renderer.VoilaExporter is NbgamesExporter
    assert not app.log.isEnabledFor(logging.DEBUG)
    assert app.log.isEnabledFor(min(handler.level for handler in app.log.handlers) or logging.DEBUG)


def raw_message(session: Session, msg_type: str, content: dict, parent_id: str = "p1") -> list[bytes]:
    """A message as the kernel's IOPub socket sends it (topic, delimiter, signature, frames)."""
    msg = session.msg(msg_type, content, parent={"msg_id": parent_id, "msg_type": "comm_msg"})
    return [b"kernel.topic", *session.serialize(msg)]


def test_the_activity_watch_reads_signed_headers_and_refuses_the_rest():
    session = Session(key=b"the kernel's key")
    header, parent, content = _signed_message(session, raw_message(session, "status", {"execution_state": "idle"}))
    assert header["msg_type"] == "status" and parent["msg_id"] == "p1"
    assert json.loads(content) == {"execution_state": "idle"}

    forged = raw_message(Session(key=b"another key"), "status", {"execution_state": "idle"})
    assert _signed_message(session, forged) is None
    tampered = raw_message(session, "status", {"execution_state": "idle"})
    tampered[-1] = b'{"execution_state": "busy"}'
    assert _signed_message(session, tampered) is None
    for junk in ([], [b"<IDS|MSG>"], [b"<IDS|MSG>", b"sig", b"not json", b"{}", b"{}", b"{}"], [b"no delimiter"]):
        assert _signed_message(session, junk) is None
    unsigned = Session(key=b"")
    good = raw_message(unsigned, "stream", {"name": "stdout", "text": "x"})
    assert _signed_message(unsigned, good)[0]["msg_type"] == "stream"
