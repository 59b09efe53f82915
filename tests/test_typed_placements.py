"""New York 1901's placements in C types (`benchmarks/typed/placements.pyx`, issue 30 item 5):
what `make bench-compiled` measures must find the same builds and rebuilds, in the same order,
as the pure rules (NY1901-5, NY1901-6) — else its speed is that of another game."""

from __future__ import annotations

import importlib.util
import os
import random
import subprocess
import sys

import pytest
from support import ROOT, benchmark

from nbgames.engine.game import Game
from nbgames.newyork1901.building import Building


@pytest.fixture(scope="module")
def typed(tmp_path_factory):
    script = benchmark("compiled_core")
    problem = script.cannot_build()
    if problem:
        assert os.environ.get("CI") != "true", f"CI must compile the typed placements: {problem} (.ci/run installs it)"
        pytest.skip(f"NOT TESTED: the typed placements cannot be compiled here: {problem}")
    folder = tmp_path_factory.mktemp("typed")
    (folder / "typed_placements.pyx").write_text((ROOT / "benchmarks" / "typed" / "placements.pyx").read_text())
    subprocess.run([sys.executable, "-c", script.SETUP, "typed_placements.pyx"], cwd=folder, check=True,
                   capture_output=True)
    [built] = folder.glob("typed_placements*.so")
    spec = importlib.util.spec_from_file_location("typed_placements", built)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_typed_placements_are_the_pure_ones_in_the_same_order(typed, players):
    """At every position of seeded random games, for every seat: the same builds and
    demolish-and-rebuilds, and the same first ones (what `can_build_or_rebuild` asks)."""
    compared = rebuilds = short = 0
    for seed in range(6):
        game, rng = Game("newyork1901", players, seed), random.Random(seed)
        rules = game.rules
        while not game.is_over:
            for seat in range(players):
                for first in (False, True):
                    assert typed.build_actions(rules, seat, first) == Building._build_actions(rules, seat, first)
                    pure = Building._demolish_actions(rules, seat, first)
                    assert typed.demolish_actions(rules, seat, first) == pure
                    rebuilds += len(pure)
                    short += bool(pure) and not rules.supply[seat]  # NY1901-6's worker count decides
                compared += 1
            game.play(rng.choice(game.legal_actions()))
    assert compared > 300 and rebuilds > 100 and short, (compared, rebuilds, short)


def test_the_benchmark_puts_them_in_place_of_the_pure_ones(typed, tmp_path):
    """`compiled_core.py --typed` builds them into a copy of a tree and installs them there (its
    own probe fails otherwise); that copy then offers the pure tree's legal lists."""
    script = benchmark("compiled_core")
    script.add_typed(str(ROOT), str(tmp_path))  # the pure tree stands in for the compiled one
    assert list((tmp_path / "nbgames" / "newyork1901").glob("typed_placements*.so"))
    assert script.same_games(str(tmp_path), 3, ["newyork1901"]) == []
