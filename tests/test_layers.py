"""The layering of DESIGN.md, checked on the source: rules know nothing of widgets, and only a
game's own rules module reads its rules state (views, lessons, bots and the kit see a game
through the `Game` facade: `view(seat)`, events, legal actions, refusals, previews)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "nbgames"
SOURCES = sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)
# engine/game.py owns the facade (it holds the rules object); a game's rules.py is its rules;
# a manifest's `rules` is the import path of the rules class, not a state.
STATE_OWNERS = ({PACKAGE / "engine" / "game.py", PACKAGE / "engine" / "manifest.py"}
                | {p for p in SOURCES if p.name == "rules.py"})


def rules_state_reads(path: Path) -> list[str]:
    """Places in a module that read a `.rules` attribute or the facade's private `_state`."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return [f"{path.relative_to(PACKAGE.parent)}:{node.lineno} .{node.attr}"
            for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and node.attr in ("rules", "_state")]


@pytest.mark.parametrize("path", [p for p in SOURCES if p not in STATE_OWNERS],
                         ids=lambda p: str(p.relative_to(PACKAGE)))
def test_only_a_games_rules_module_reads_its_rules_state(path):
    assert rules_state_reads(path) == []


def test_the_check_finds_a_rules_read():
    probe = PACKAGE.parent / "tests" / "_probe_layers.py"
    probe.write_text("def f(game):\n    return game.rules.board\n")
    try:
        assert rules_state_reads(probe) == ["tests/_probe_layers.py:2 .rules"]
    finally:
        probe.unlink()


@pytest.mark.parametrize("path", [p for p in SOURCES if p.parent.name not in ("ui", "serve")
                                  and p.name not in ("view.py", "lessons.py", "drawing.py", "panels.py",
                                                     "selection.py", "testing.py")],
                         ids=lambda p: str(p.relative_to(PACKAGE)))
def test_rules_and_engine_never_import_widgets(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
             for alias in node.names}
    names |= {(node.module or "").split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not names & {"ipywidgets", "ipycanvas", "IPython"}, path
