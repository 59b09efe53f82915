"""What a compiled core would give (issue 30, item 5), measured, not shipped.

This tree's engine modules are compiled as they are with Cython (from PyPI; the C compiler and
Python's headers from the system) in a temporary copy of the tree, and measured in the same run
against the same tree in pure Python and against the engine of d414cc1, with `speed_vs.py`'s
measures (each engine in its own subprocess, in turn, the best of `--rounds` runs each). First
it checks that the compiled engines play the same games: the legal lists of seeded random
games of every variant (`legal_hash.py`'s fingerprints) must equal the pure tree's.

The compile is untyped: nothing is declared in C types, and `annotation_typing` is off, since
the annotations are written for readers and mypy (Cython reads `-> str` as exactly `str`, and a
refusal's reason is a `Msg`, a subclass). The modules are those a decision runs through; the
pages, lessons and bots stay in Python. docs/speed.md has the figures and what shipping a
compiled core would take.

With `--typed`, a fourth engine: the compiled tree with New York 1901's placements, the hot spot
of its decisions, written in C types (`benchmarks/typed/placements.pyx`, in place of
`Building._build_actions` and `Building._demolish_actions`): what a typed core would reach there.

    python benchmarks/compiled_core.py [--seconds 1] [--rounds 2] [--games 10] [--only newyork1901 ...] [--typed]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time

import legal_hash
import speed_vs

# Per package: the modules a decision runs through (the rules, their tables and events, the facade).
COMPILED = {
    "engine": ("action", "chance", "events", "game", "rules"),
    "newyork": ("cards", "events", "facts", "pairs", "position", "rules"),  # tables: see SKIPPED
    "galopp_royal": ("events", "rules", "tables"),
    "newyork1901": ("building", "events", "facts", "position", "rules", "tables"),
    "newyork_city": ("abilities", "bidding", "events", "notation", "rules", "scoring", "tables"),
}
SKIPPED = {"newyork/tables": "Cython 3.3.1 builds it, but the module fails to import (undefined PyRange_CheckExact)"}
SETUP = """
import os, sys
from Cython.Build import cythonize
from setuptools import setup
jobs = os.cpu_count() or 1
setup(ext_modules=cythonize(sys.argv[1:], nthreads=jobs, quiet=True,
                            compiler_directives={"language_level": 3, "annotation_typing": False}),
      script_args=["build_ext", "--inplace", "-j", str(jobs)])
"""


def module_names() -> list[str]:
    return [f"nbgames.{package}.{name}" for package, names in COMPILED.items() for name in names]


def module_paths() -> list[str]:
    return [name.replace(".", "/") + ".py" for name in module_names()]


def cannot_build() -> str | None:
    """Why this machine cannot compile the modules, or None."""
    for need in ("Cython", "setuptools"):
        if importlib.util.find_spec(need) is None:
            return f"{need} is not installed (pip install cython setuptools; `make` installs both)"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler}; Debian: apt-get install gcc)"
    if not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")):
        return "no Python headers (Debian: apt-get install python3-dev)"
    return None


def build(folder: str) -> float:
    """Copy this tree's nbgames into `folder` and compile the modules there; seconds it took."""
    shutil.copytree(os.path.join(speed_vs.REPO, "nbgames"), os.path.join(folder, "nbgames"),
                    ignore=shutil.ignore_patterns("__pycache__"))
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", SETUP, *module_paths()], cwd=folder, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"compiled_core: the build failed:\n{done.stderr[-3000:]}")
    return time.perf_counter() - start


TYPED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "typed", "placements.pyx")
TYPED_MODULE = "nbgames.newyork1901.typed_placements"
INSTALL = ("\n# benchmarks/compiled_core.py --typed: the typed placements in place of the pure ones\n"
           "from .building import Building as _Building\n"
           "from .typed_placements import install as _install\n"
           "_install(_Building)\n")


def add_typed(compiled: str, folder: str) -> float:
    """A copy of the compiled tree in `folder` with the typed placements built and installed;
    seconds the build took."""
    shutil.copytree(os.path.join(compiled, "nbgames"), os.path.join(folder, "nbgames"))
    package = os.path.join(folder, "nbgames", "newyork1901")
    shutil.copy(TYPED, os.path.join(package, "typed_placements.pyx"))
    with open(os.path.join(package, "__init__.py"), "a") as init:
        init.write(INSTALL)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", SETUP, "nbgames/newyork1901/typed_placements.pyx"], cwd=folder,
                          capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"compiled_core: the typed build failed:\n{done.stderr[-3000:]}")
    probe = ("from nbgames.newyork1901.building import Building\n"
             f"assert Building._build_actions.__module__ == {TYPED_MODULE!r}\n"
             f"assert Building._demolish_actions.__module__ == {TYPED_MODULE!r}\n")
    subprocess.run([sys.executable, "-c", probe], cwd=folder, env={**os.environ, "PYTHONPATH": folder}, check=True)
    return time.perf_counter() - start


# The hot spot alone: New York 1901's two placement generators, asked for the seat to move at every
# position of 40 new seeded random 4-seat games (the pure rules' memo as cold as in `make bench`).
HOT_SPOT = """
import json, random, time
import nbgames
builds = demolishes = calls = 0.0
for seed in range(900, 940):
    game, rng = nbgames.new_game("newyork1901", 4, seed=seed, allow_undo=False), random.Random(seed)
    rules = game.rules
    while not game.is_over:
        seat = game.to_move
        start = time.perf_counter()
        rules._build_actions(seat)
        middle = time.perf_counter()
        rules._demolish_actions(seat)
        builds, demolishes, calls = builds + middle - start, demolishes + time.perf_counter() - middle, calls + 1
        game.play(rng.choice(game.legal_actions()))
print(json.dumps({"builds": 1e6 * builds / calls, "demolishes": 1e6 * demolishes / calls}))
"""


def hot_spot(folder: str) -> dict[str, float]:
    """µs a position for the builds and the demolish-and-rebuilds of the seat to move (`HOT_SPOT`)."""
    done = subprocess.run([sys.executable, "-c", HOT_SPOT], cwd=folder, env={**os.environ, "PYTHONPATH": folder},
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def compiled_modules(folder: str) -> list[str]:
    """The listed modules that a fresh interpreter with `folder` first on its path loads compiled."""
    probe = ("import importlib, sys\n"
             "for name in sys.argv[1:]:\n"
             "    if importlib.import_module(name).__file__.endswith('.so'): print(name)")
    done = subprocess.run([sys.executable, "-c", probe, *module_names()], cwd=folder, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": folder}, check=True)
    return done.stdout.split()


def same_games(folder: str, games: int, only: list[str] | None) -> list[str]:
    """The variants whose legal lists differ between the pure and the compiled tree."""
    extra = ["--games", str(games), "--json", *(["--only", *only] if only else [])]
    pure, compiled = (json.loads(legal_hash._child(path, *extra)) for path in (speed_vs.REPO, folder))
    return [key for key in pure if pure[key]["sha256"] != compiled.get(key, {}).get("sha256")]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--against", default="d414cc1", help="the git revision to compare with")
    parser.add_argument("--seconds", type=float, default=1.0, help="per measurement")
    parser.add_argument("--rounds", type=int, default=2, help="runs of each engine, in turn")
    parser.add_argument("--games", type=int, default=10, help="games per variant for the same-games check")
    parser.add_argument("--only", nargs="*", default=None, help="only these games (e.g. newyork1901)")
    parser.add_argument("--typed", action="store_true", help="also New York 1901's placements in C types")
    args = parser.parse_args()
    problem = cannot_build()
    if problem:
        print(f"compiled_core: nothing measured: {problem}")
        return 0
    with tempfile.TemporaryDirectory() as old, tempfile.TemporaryDirectory() as compiled, \
            tempfile.TemporaryDirectory() as typed:
        problem = speed_vs.take_out(args.against, old)
        if problem:
            print(f"compiled_core: cannot take {args.against} out of git ({problem}); nothing measured")
            return 0
        seconds = build(compiled)
        loaded = compiled_modules(compiled)
        print(f"compiled {len(loaded)} of {len(module_paths())} modules in {seconds:.0f} s "
              f"(Cython, untyped; not compiled: {', '.join(f'{k} ({why})' for k, why in SKIPPED.items())})")
        missing = sorted(set(module_names()) - set(loaded))
        if missing:
            print("compiled_core: some modules did not load compiled:", missing)
            return 1
        differ = same_games(compiled, args.games, args.only)
        if differ:
            print(f"compiled_core: the compiled engines play other games than the pure ones: {differ}")
            return 1
        print(f"same legal lists, compiled and pure: {args.games} seeded random games of every variant")
        trees = {"then": old, "pure": speed_vs.REPO, "compiled": compiled}
        if args.typed:
            seconds = add_typed(compiled, typed)
            differ = same_games(typed, args.games, args.only)
            if differ:
                print(f"compiled_core: the typed placements play other games than the pure ones: {differ}")
                return 1
            print(f"typed placements built in {seconds:.0f} s; same legal lists as the pure tree")
            trees["typed"] = typed
        found = speed_vs.measured(trees, args.seconds, args.only, args.rounds)
        spots: dict[str, list[dict[str, float]]] = {"pure": [], "typed": []}
        for _ in range(args.rounds if args.typed else 0):  # in turn too; the best of the rounds
            for label, runs in spots.items():
                runs.append(hot_spot(trees[label]))
    print(f"\nengine speed: {args.against}, this tree, this tree compiled{' (and typed)' if args.typed else ''} "
          f"(same run; best of {args.rounds} each)")
    print(f"{'game/players':<26}{'measure':<22}{args.against:>9}{'pure':>9}{'compiled':>9}"
          f"{'compiled/pure':>14}{'compiled/then':>14}  target")
    for key, row in found["compiled"].items():
        target = speed_vs.TARGETS.get(key.split("/")[0], 0)
        for measure, label in (("decisions", "decisions/s"), ("lists", "legal lists/s"),
                               ("iterations", "search iterations/s")):
            if measure not in row:
                continue
            then, pure, now = found["then"][key][measure], found["pure"][key][measure], row[measure]
            print(f"{key:<26}{label:<22}{then:>9.0f}{pure:>9.0f}{now:>9.0f}{now / pure:>13.2f}x"
                  f"{now / then:>13.1f}x  {verdict(target, measure, now / then)}")
            if args.typed and key.startswith("newyork1901"):
                typed_now = found["typed"][key][measure]
                print(f"{'':<26}{'  typed placements':<22}{'':>9}{'':>9}{typed_now:>9.0f}{typed_now / pure:>13.2f}x"
                      f"{typed_now / then:>13.1f}x  {verdict(target, measure, typed_now / then)}")
    if args.typed:
        print("\nthe hot spot: New York 1901's placements for the seat to move, µs a position "
              "(40 new 4-seat random games)")
        for part in ("builds", "demolishes"):
            pure, typed_now = (min(run[part] for run in spots[label]) for label in ("pure", "typed"))
            print(f"  {part:<12} pure {pure:6.1f}   typed {typed_now:6.2f}   {pure / typed_now:5.1f}x")
    return 0


def verdict(target: float, measure: str, ratio: float) -> str:
    """Issue 30's target for a ratio against d414cc1 (search iterations have none)."""
    if not target or measure == "iterations":
        return ""
    return f"{target:g}x {'met' if ratio >= target else 'MISSED'}"


if __name__ == "__main__":
    sys.exit(main())
