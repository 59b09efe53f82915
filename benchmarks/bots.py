"""How strong the bots are (issue 12's targets), per game, seats rotating:

    greedy      vs 3 × random   wins ≥ 60 %
    mcts normal vs 3 × random   wins ≥ 85 %
    mcts normal vs 3 × greedy   wins ≥ 40 %   (a fair seat wins 25 %)

and, asked for by name (``--mcts mcts-hard --against mcts-normal``), the hard level against the
normal one: shown harder when its 95 % interval lies above a fair seat's share.

    python benchmarks/bots.py [-n 100] [--jobs 2] [--games newyork,galopp_royal] [--mcts mcts-normal]
        [--hero greedy|mcts-normal] [--against random|greedy|mcts-normal] [--players 4] [--log DIR]

Prints each matchup's win rate with its 95 % confidence interval, the target and by how much it
is met or missed, mean think time per move, and the machine's load average (the MCTS levels are
time budgets: on a busy machine they search fewer iterations). With --log DIR every game is
written to a CSV per matchup as it ends, and a later run with the same DIR goes on from there: an
hour-long matchup can stop (Ctrl-C, or SIGSTOP while the machine does something else) and resume.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from pathlib import Path

from nbgames.engine.registry import available_games
from nbgames.engine.simulate import ProgressBar
from nbgames.engine.tournament import CsvLog, read_csv, tournament


def matchups(mcts: str, players: int = 4, against: str | None = None) -> list[tuple[list[str], float | None]]:
    """(seats, target); the targets are issue 12's, set for four players. A stronger level against
    the normal one is played only when asked for (`against`); its target (None) is to win more than
    a fair seat's share by its whole interval."""
    others = players - 1
    played = [(["greedy"] + ["random"] * others, 0.60),
              ([mcts] + ["random"] * others, 0.85),
              ([mcts] + ["greedy"] * others, 0.40)]
    if against == "mcts-normal" and mcts != "mcts-normal":
        played.append(([mcts] + ["mcts-normal"] * others, None))
    return played


def verdict(win_rate: float, low: float, target: float | None, fair: float) -> str:
    """How a matchup's result stands against its target."""
    if target is None:
        return f"above a fair seat's {fair:.0%}: {'shown' if low > fair else 'not shown'}"
    return f"target {target:.0%}: " + ("met" if win_rate >= target else f"MISSED by {target - win_rate:.1%}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=100, help="games per matchup and game")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--games", default=",".join(available_games()))
    parser.add_argument("--mcts", default="mcts-normal", help="the MCTS level measured")
    parser.add_argument("--hero", default=None, help="run only the matchups of this bot (greedy or mcts)")
    parser.add_argument("--against", default=None, help="run only the matchups against this bot")
    parser.add_argument("--players", type=int, default=4, help="seats per game (the targets are for four)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--log", default=None, metavar="DIR", help="a CSV per matchup, resumed from if present")
    args = parser.parse_args(argv)
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores",
          flush=True)
    for name in args.games.split(","):
        for bots, target in matchups(args.mcts, args.players, args.against):
            if args.hero not in (None, bots[0]) or args.against not in (None, bots[1]):
                continue
            goal = "above a fair seat's share" if target is None else f"target ≥ {target:.0%}"
            print(f"\n{name}: {bots[0]} vs {len(bots) - 1} × {bots[1]}  ({goal}; a fair seat wins "
                  f"{1 / len(bots):.0%})", flush=True)
            played, log = [], contextlib.nullcontext()
            if args.log:
                path = Path(args.log) / f"{name}-{len(bots)}p-{bots[0]}-vs-{bots[1]}-seed{args.seed}.csv"
                path.parent.mkdir(parents=True, exist_ok=True)
                played = read_csv(str(path), name, bots, args.seed)
                if played:
                    print(f"  going on from {len({r['game'] for r in played})} games in {path}", flush=True)
                log = CsvLog(str(path), played)
            with log as on_game:
                result = tournament(name, bots, args.n, seed=args.seed, jobs=args.jobs,
                                    progress=ProgressBar(sys.stderr), played=played, on_game=on_game)
            hero = result.entrants[0]
            low, high = hero.interval()
            print(f"  {hero.bot}: {hero.win_rate:.1%} (95% CI {low:.1%}–{high:.1%}) over {hero.games} games, "
                  f"{hero.think_per_move * 1000:.0f} ms/move (longest {hero.think_max:.2f} s); "
                  f"{verdict(hero.win_rate, low, target, 1 / len(bots))}; "
                  f"load {os.getloadavg()[0]:.2f}", flush=True)
            if result.stopped:
                print(f"  stopped after {hero.games} of {args.n} games", flush=True)
                return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
