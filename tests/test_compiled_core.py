"""benchmarks/compiled_core.py (issue 30, item 5) compiles the modules a decision runs through:
its list must name modules that exist and that a game of each kind actually runs."""

from __future__ import annotations

import subprocess
import sys

from support import ROOT, benchmark


def test_every_module_it_compiles_exists_and_a_decision_runs_through_it():
    script = benchmark("compiled_core")
    paths = script.module_paths()
    assert len(paths) == len(set(paths))
    assert all((ROOT / path).is_file() for path in paths), [p for p in paths if not (ROOT / p).is_file()]
    # A fresh interpreter plays one random game of each: every listed module must then be loaded,
    # and none of the pages' (a decision needs no widget).
    games = sorted({path.split("/")[1] for path in paths} - {"engine"})
    probe = ("import random, sys, nbgames\n"
             "for name in sys.argv[1:]:\n"
             "    game, rng = nbgames.new_game(name, 4, seed=1, allow_undo=False), random.Random(1)\n"
             "    while not game.is_over: game.play(rng.choice(game.legal_actions()))\n"
             "print(' '.join(sorted(sys.modules)))")
    loaded = set(subprocess.run([sys.executable, "-c", probe, *games], capture_output=True, text=True, check=True,
                                cwd=ROOT).stdout.split())
    assert set(script.module_names()) <= loaded, sorted(set(script.module_names()) - loaded)
    assert "ipywidgets" not in loaded
    for skipped in script.SKIPPED:  # left out on purpose: it exists, and is not listed
        assert (ROOT / "nbgames" / f"{skipped}.py").is_file() and f"nbgames/{skipped}.py" not in paths
