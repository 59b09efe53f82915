"""Engine speed of this tree against the engine of another commit (default d414cc1), in the same run.

The other commit's ``nbgames`` is taken out with ``git archive`` into a temporary folder; each
engine is measured in its own subprocess (``PYTHONPATH`` puts the right ``nbgames`` first), on
the same seeds and the same positions, twice in turn (old, new, old, new) so a busy machine
weighs on both alike; the better run of each counts. Times are the process's CPU time, so the
other work on a shared machine weighs little. Printed per game and player count:

- decisions/s: uniformly random full games through the public API (`new_game`, `legal_actions`,
  `play`, undo off), one decision = one action played;
- legal lists/s at rich positions: the rules' own `legal_actions()` (the facade's cache
  bypassed) at positions sampled from seeded random games, keeping the richest quarter (New York
  1901: also its benchmark's set position, 98 legal actions now and 134 at d414cc1, before NY1901-6
  limited rebuilds; on determinized copies);
- search iterations/s: the bots' search (`Search`, each game's own hooks: playouts and the
  evaluation that ends them) from positions 30 plies into seeded random games, counted in
  iterations, not timed per move: what a bot's think time buys (no target of its own: issue 30
  item 3 asks for stronger play at the same think time);
- the ratio new / old.

``--where`` measures this tree alone and prints where a decision's time goes: the legal list,
`play` (with whatever the rules do when an action ends, such as finding the next list ahead) and
starting new games, in µs a decision (wall time, the same random games as decisions/s); then
the same games' CPU time a decision through the public API and on the rules' state alone
(`legal_actions` and `apply`), whose difference is what the facade costs.

    python benchmarks/speed_vs.py [--against d414cc1] [--seconds 2]
    python benchmarks/speed_vs.py --where [--seconds 2]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time

# The set position of benchmarks/newyork1901_speed.py: 98 legal actions (70 builds, 26 rebuilds; 134 at d414cc1).
RICH_1901 = {"characters": ["orange", "sky", "green", "yellow"],
             "seats": [{"lots": ["D4", "E4", "E3", "E2"], "vp": 30,
                        "buildings": ["bI2@A1r1", "bI3@A5r1", "bL3@A2r0", "sI2@C1r1", "bI2@A4r1"]}, {}, {}, {}],
             "market": ["orange2", "sky2", "green2", "yellow3"]}

TARGETS = {"newyork1901": 5, "newyork_city": 5, "newyork": 1.5, "galopp_royal": 1.5}  # issue 30, item 1
CASES = [("newyork1901", 2), ("newyork1901", 4), ("newyork_city", 2), ("newyork_city", 4),
         ("newyork", 4), ("galopp_royal", 4)]


# -- what the subprocess measures ---------------------------------------------------------------
def decisions_per_second(name: str, players: int, seconds: float, rules_alone: bool = False) -> float:
    """Decisions a second of uniformly random whole games through the public API; with
    `rules_alone` the same games played on the rules' state (its own `legal_actions` and
    `apply`), without the facade (`--where`: what the facade costs)."""
    import nbgames

    decisions, seed = 0, 0
    start = time.process_time()
    while time.process_time() - start < seconds or seed < 2:
        game = nbgames.new_game(name, players, seed=seed, allow_undo=False)
        rng = random.Random(seed)
        player = game.rules if rules_alone else game
        play = player.apply if rules_alone else player.play
        while not player.is_over:
            play(rng.choice(player.legal_actions()))
            decisions += 1
        seed += 1
    return decisions / (time.process_time() - start)


SPLIT = {"legal list": 11, "play": 8, "new game": 10}  # the parts of a decision `--where` prints, and their widths


def time_split(name: str, players: int, seconds: float) -> dict[str, float]:
    """µs a decision in the legal list, in `play` and in starting new games (uniformly random
    full games as in `decisions_per_second`; wall time around each call)."""
    import nbgames

    clock = time.perf_counter
    spent = dict.fromkeys(SPLIT, 0.0)
    decisions, seed, start = 0, 0, clock()
    while clock() - start < seconds or seed < 2:
        began = clock()
        game = nbgames.new_game(name, players, seed=seed, allow_undo=False)
        spent["new game"] += clock() - began
        rng = random.Random(seed)
        while not game.is_over:
            t0 = clock()
            legal = game.legal_actions()
            t1 = clock()
            game.play(rng.choice(legal))
            spent["legal list"] += t1 - t0
            spent["play"] += clock() - t1
            decisions += 1
        seed += 1
    return {part: 1e6 * total / decisions for part, total in spent.items()}


def where(seconds: float, only: list[str] | None) -> None:
    print(f"where a decision's time goes in this tree (µs a decision, wall time, {seconds:g} s a case);")
    print("then the same games through the public API and on the rules alone (CPU time): the facade is the difference")
    print(f"{'game/players':<26}" + "".join(f"{part:>{width}}" for part, width in SPLIT.items())
          + f"{'total':>8}{'public API':>12}{'rules alone':>13}")
    for name, players in CASES:
        if only and name not in only:
            continue
        split, public, rules = (measure_fresh(what, name, players, seconds) for what in ("split", "public", "rules"))
        row = "".join(f"{split[part]:>{width}.1f}" for part, width in SPLIT.items())
        public, rules = 1e6 / public, 1e6 / rules  # µs a decision
        print(f"{name + '/' + str(players):<26}{row}{sum(split.values()):>8.1f}{public:>12.1f}{rules:>13.1f}")


def measure_fresh(what: str, name: str, players: int, seconds: float):
    """One of `where`'s measures in a new process: New York 1901's placement memo, filled by
    one measure's games, would speed up the next one's (the same seeds)."""
    done = subprocess.run([sys.executable, os.path.abspath(__file__), "--measure", what, name, str(players),
                           "--seconds", str(seconds)], check=True, capture_output=True, text=True)
    return json.loads(done.stdout)


def measure_one(what: str, name: str, players: int, seconds: float):
    if what == "split":
        return time_split(name, players, seconds)
    return decisions_per_second(name, players, seconds, rules_alone=what == "rules")


def rich_positions(name: str, players: int, count: int = 120) -> list:
    """The richest quarter of positions sampled (seeded) from random games: rules states."""
    import nbgames

    rng = random.Random(players)
    found = []
    seed = 500
    while len(found) < 4 * count:
        game = nbgames.new_game(name, players, seed=seed, allow_undo=False)
        while not game.is_over:
            legal = game.legal_actions()
            if rng.random() < 0.15:
                found.append((len(legal), len(found), game.determinize(game.to_move, random.Random(seed))))
            game.play(rng.choice(legal))
        seed += 1
    found.sort(key=lambda item: (-item[0], item[1]))
    return [game.rules for _, _, game in found[:count]]


def iterations_per_second(name: str, players: int, seconds: float) -> float:
    """The search's iterations per CPU second, from positions 30 plies into seeded random games."""
    import nbgames
    from nbgames.engine.search import Search

    positions = []
    for seed in range(3):
        game, rng = nbgames.new_game(name, players, seed=700 + seed, allow_undo=False), random.Random(seed)
        while len(game.history) < 30 and not game.is_over:
            game.play(rng.choice(game.legal_actions()))
        positions.append(game)
    done, k = 0, 0
    start = time.process_time()
    while time.process_time() - start < seconds or not done:
        game = positions[k % len(positions)]
        done += Search(iterations=40, seconds=None, rng=random.Random(k)).run(game).iterations
        k += 1
    return done / (time.process_time() - start)


def lists_per_second(states: list, seconds: float) -> tuple[float, float]:
    """(legal-action lists/s, mean list length) over `states`, each asked again and again."""
    sizes = [len(s.legal_actions()) for s in states]
    count = 0
    start = time.process_time()
    while time.process_time() - start < seconds or not count:
        for state in states:
            state.legal_actions()
        count += len(states)
    return count / (time.process_time() - start), sum(sizes) / len(sizes)


def child(seconds: float, only: list[str]) -> None:
    import nbgames

    out = {}
    for name, players in CASES:
        if only and name not in only:
            continue
        row = {"decisions": decisions_per_second(name, players, seconds),
               "iterations": iterations_per_second(name, players, seconds)}
        if name in ("newyork1901", "newyork_city"):
            row["lists"], row["size"] = lists_per_second(rich_positions(name, players), seconds / 2)
        out[f"{name}/{players}"] = row
    if only and "newyork1901" not in only:
        print(json.dumps(out))
        return
    game = nbgames.new_game("newyork1901", 4, seed=1, options={"position": RICH_1901})
    copies = [game.determinize(0, random.Random(k)).rules for k in range(50)]
    rate, size = lists_per_second(copies, seconds / 2)
    out["newyork1901/set position"] = {"lists": rate, "size": size}
    print(json.dumps(out))


# -- the parent: both engines, in turn ----------------------------------------------------------
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def take_out(revision: str, folder: str) -> str | None:
    """Put the ``nbgames`` of git `revision` into `folder`; why not, if it cannot."""
    archive = subprocess.run(["git", "-C", REPO, "archive", revision, "nbgames"], capture_output=True)
    if archive.returncode:
        return archive.stderr.decode().strip()
    subprocess.run(["tar", "-x", "-C", folder], input=archive.stdout, check=True)
    return None


def run(path: str, seconds: float, only: list[str]) -> dict:
    env = {**os.environ, "PYTHONPATH": path}
    done = subprocess.run([sys.executable, os.path.abspath(__file__), "--child", "--seconds", str(seconds),
                           *(["--only", *only] if only else [])],
                          cwd=path, env=env, check=True, capture_output=True, text=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def best(a: dict, b: dict) -> dict:
    return {key: {k: max(a[key][k], b[key][k]) if k != "size" else a[key][k] for k in a[key]} for key in a}


def measured(trees: dict[str, str], seconds: float, only: list[str], rounds: int) -> dict[str, dict]:
    """Per label, the best of `rounds` runs of the engine in its folder; the trees take turns."""
    found: dict[str, dict] = {}
    for _ in range(rounds):
        for label, path in trees.items():
            result = run(path, seconds, only)
            found[label] = best(found[label], result) if label in found else result
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--against", default="d414cc1", help="the git revision to compare with")
    parser.add_argument("--seconds", type=float, default=2.0, help="per measurement")
    parser.add_argument("--rounds", type=int, default=2, help="runs of each engine, in turn")
    parser.add_argument("--only", nargs="*", default=None, help="only these games (e.g. newyork1901)")
    parser.add_argument("--where", action="store_true", help="this tree alone: where a decision's time goes")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--measure", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        what, name, players = args.measure
        print(json.dumps(measure_one(what, name, int(players), args.seconds)))
        return 0
    if args.where:
        where(args.seconds, args.only)
        return 0
    if args.child:
        child(args.seconds, args.only)
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        problem = take_out(args.against, tmp)
        if problem:  # e.g. a shallow clone without that commit
            print(f"speed_vs: cannot take {args.against} out of git ({problem}); nothing compared")
            return 0
        found = measured({"old": tmp, "new": REPO}, args.seconds, args.only, args.rounds)
    old, new = found["old"], found["new"]
    print(f"engine speed: this tree vs {args.against} (same run, same seeds; best of {args.rounds} each)")
    print(f"{'game/players':<26}{'measure (mean legal then/now)':<30}{args.against:>9}{'now':>9}{'ratio':>8}  target")
    for key, row in new.items():
        target = TARGETS.get(key.split("/")[0], 0)
        for measure, label in (("decisions", "decisions/s"), ("lists", "legal lists/s"),
                               ("iterations", "search iterations/s")):
            if measure in row:
                size = f" ({old[key]['size']:.0f}/{row['size']:.0f} legal)" if measure == "lists" else ""
                then, ratio = old[key][measure], row[measure] / old[key][measure]
                judged = target and measure != "iterations"
                verdict = f"{target:g}x {'met' if ratio >= target else 'MISSED'}" if judged else ""
                print(f"{key:<26}{label + size:<30}{then:>9.0f}{row[measure]:>9.0f}{ratio:>7.1f}x  {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
