"""axe-core for the browser tests (issue 27 item 7): read from disk where `make axe` put it (npm
registry, .venv/node), never from a CDN. Missing, a test fails under CI=true and skips loudly."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from nbgames.testing import ROOT

AXE = Path(os.environ.get("NBGAMES_AXE", ROOT / ".venv" / "node" / "node_modules" / "axe-core" / "axe.min.js"))
RUN_AXE = """async () => {
  const result = await axe.run(document, {resultTypes: ["violations"]});
  return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 3).map(n => n.target.join(" ") + " :: "
                                      + n.failureSummary.split("\\n").slice(1, 2).join(""))}));
}"""
IMPACTS = ("critical", "serious", "moderate", "minor")


def axe_source() -> str:
    if AXE.exists():
        return AXE.read_text()
    message = (f"axe-core not found at {AXE}: run `make axe` (npm install axe-core into .venv/node); "
               "the accessibility checks need it")
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip("SKIPPED LOUDLY: " + message)


def run_axe(page, source: str | None = None) -> list[dict]:
    """axe-core's violations on the page as it is now."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(content=source or axe_source())
    return page.evaluate(RUN_AXE)


def counts(violations: list[dict]) -> dict[str, int]:
    impacts = [v["impact"] for v in violations]
    return {impact: impacts.count(impact) for impact in IMPACTS}


def serious(violations: list[dict]) -> list[dict]:
    return [v for v in violations if v["impact"] in ("serious", "critical")]


def describe(violations: list[dict]) -> str:
    return "\n".join(f"[{v['impact']}] {v['id']} ({v['help']}): {v['nodes']}" for v in violations)
