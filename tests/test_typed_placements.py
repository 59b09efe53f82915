"""New York 1901's placements in C types (`benchmarks/typed/placements.pyx`, issue 30 item 5):
what `make bench-compiled` measures must find the same builds and rebuilds, in the same order,
as the pure rules (NY1901-5, NY1901-6) — else its speed is that of another game."""

from __future__ import annotations

import importlib.util
import os
import random

import pytest
from support import ROOT, benchmark

from nbgames.engine.game import Game
from nbgames.newyork1901.building import Building


@pytest.fixture(scope="module")
def typed_tree(tmp_path_factory):
    """A copy of this tree with the typed placements built and installed, as `compiled_core.py
    --typed` makes it (its own probe fails if they are not in place); compiled once."""
    script = benchmark("compiled_core")
    problem = script.cannot_build()
    if problem:
        assert os.environ.get("CI") != "true", f"CI must compile the typed placements: {problem} (.ci/run installs it)"
        pytest.skip(f"NOT TESTED: the typed placements cannot be compiled here: {problem}")
    folder = tmp_path_factory.mktemp("typed")
    script.add_typed(str(ROOT), str(folder))  # the pure tree stands in for the compiled one
    return folder


@pytest.fixture(scope="module")
def typed(typed_tree):
    """The typed module itself, loaded beside this process's pure rules."""
    [built] = (typed_tree / "nbgames" / "newyork1901").glob("typed_placements*.so")
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


def test_the_benchmark_puts_them_in_place_of_the_pure_ones(typed_tree):
    """`compiled_core.py --typed` builds them into a copy of a tree and installs them there; that
    copy then offers the pure tree's legal lists."""
    assert list((typed_tree / "nbgames" / "newyork1901").glob("typed_placements*.so"))
    assert benchmark("compiled_core").same_games(str(typed_tree), 3, ["newyork1901"]) == []
