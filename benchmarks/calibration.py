"""How well a game's evaluation reads as a winning chance (docs/bots.md): greedy bots play
seeded games; every few decisions each seat's value by the game's own evaluation (on a sample of
what the seat to move cannot see, as the search judges its leaves) is set against who won. Per
fifth of the game it prints the mean value and the share of wins, the log loss, and the
temperature `k` of the best fit P(win) = sigmoid(k * logit(value) + b): k = 1 is calibrated in
shape, k < 1 an evaluation that is too sure of a lead (its scale should be 1/k times wider).

    python benchmarks/calibration.py newyork_city -n 200 --jobs 2
    python benchmarks/calibration.py newyork -n 300 --jobs 2
    python benchmarks/calibration.py newyork_city -n 200 --jobs 2 --review
    python benchmarks/calibration.py newyork_city -n 100 --first 200 --jobs 2 --review

`--review` reads the post-game review's curve instead (`nbgames.engine.review`, for seat 0 of
each game): the winning chances a learner is shown, every few positions.
"""

from __future__ import annotations

import argparse
import math
import random
from concurrent.futures import ProcessPoolExecutor

from nbgames.engine.bots import GreedyBot
from nbgames.engine.game import Game
from nbgames.engine.review import logit, review, shares, temperature, win_shares
from nbgames.engine.search import evaluate, hooks_for, squash

EVERY = 4  # plies between two readings
PARTS = 5  # a game is read in fifths of its plies


def positions(name: str, players: int, index: int, curve: bool = False) -> list[tuple[int, list[float], list[float]]]:
    """Game `index` of greedy bots, every EVERY plies: (fifth of the game, each seat's value, each
    seat's win share); the values by the game's evaluation on a sample, or with `curve` the
    values behind the review's curve for seat 0 (before they become its chances)."""
    game = Game(name, players, 50_000 + index)
    bots = [GreedyBot(50_000 * index + seat) for seat in range(players)]
    hooks, rng = hooks_for(game), random.Random(index)
    seen: list[tuple[int, list[float]]] = []
    while not game.is_over:
        if game.ply % EVERY == 0 and not curve:
            seen.append((game.ply, evaluate(game.determinize(game.to_move, rng), hooks)))
        game.play(bots[game.to_move].choose(game))
    if curve:  # the review searches each position itself
        values = review(game, 0, seed=index, seconds=None).values
        seen = [(ply, values[ply]) for ply in range(0, game.ply, EVERY)]
    wins, plies = win_shares(game), game.ply
    return [(min(PARTS - 1, PARTS * ply // plies), values, wins) for ply, values in seen]


def readings(name: str, players: int, index: int, curve: bool = False) -> list[tuple[float, float, float]]:
    """`positions` a seat at a time: (fifth of the game, value, win share)."""
    return [(part, value, win) for part, values, wins in positions(name, players, index, curve)
            for value, win in zip(values, wins, strict=True)]


def share_loss(groups: list[tuple[list[float], list[float]]], temperature: float) -> float:
    """The log loss of the review's chances (`shares`) at `temperature` against the win shares."""
    total = 0.0
    for values, wins in groups:
        chances = shares(values, temperature)
        total -= sum(w * math.log(max(c, 1e-9)) for c, w in zip(chances, wins, strict=True))
    return total / len(groups)


def fit_temperature(groups: list[tuple[list[float], list[float]]]) -> float:
    """The temperature of `shares` with the least log loss, on a grid (coarse, then fine)."""
    best = min((share_loss(groups, t / 20), t / 20) for t in range(1, 101))[1]
    return min((share_loss(groups, t), t) for t in (best + i / 100 for i in range(-5, 6)) if t > 0)[1]


def log_loss(rows: list[tuple[float, float]], k: float = 1.0, b: float = 0.0) -> float:
    total = 0.0
    for value, win in rows:
        p = min(max(squash(k * logit(value) + b, 1.0), 1e-9), 1 - 1e-9)
        total -= win * math.log(p) + (1 - win) * math.log(1 - p)
    return total / len(rows)


def fit(rows: list[tuple[float, float]]) -> tuple[float, float]:
    """The temperature k and offset b of the least log loss, on a grid (coarse, then fine)."""
    best = (math.inf, 1.0, 0.0)
    for ks, bs in (([i / 20 for i in range(1, 41)], [i / 4 for i in range(-12, 5)]), (None, None)):
        if ks is None:
            k0, b0 = best[1], best[2]
            ks, bs = [k0 + i / 100 for i in range(-5, 6) if k0 + i / 100 > 0], [b0 + i / 20 for i in range(-5, 6)]
        for k in ks:
            for b in bs:
                best = min(best, (log_loss(rows, k, b), k, b))
    return best[1], best[2]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("-n", type=int, default=100, help="games")
    parser.add_argument("--first", type=int, default=0, help="the first game's index (other games than a fit's)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--review", action="store_true", help="read the review's curve, not the evaluation")
    args = parser.parse_args(argv)
    with ProcessPoolExecutor(args.jobs) as pool:
        indices = range(args.first, args.first + args.n)
        games = list(pool.map(positions, [args.game] * args.n, [args.players] * args.n, indices,
                              [args.review] * args.n))
    what = "the values behind the review's curve" if args.review else "the evaluation"
    print(f"{args.game}, {args.players} seats, games {args.first}-{args.first + args.n - 1} of greedy bots, "
          f"{what} every {EVERY} plies")
    print("A seat at a time: P(win) = sigmoid(k * logit(value) + b). All seats at once, as the review's")
    print("chances (`shares`): the temperature of the least log loss, and the log loss at the game's own")
    print("and at 0.5 (the default); a fair share for every seat would score log(seats).")
    print("| part of the game | readings | mean value | wins | log loss | fitted k | b | log loss fitted "
          "| temperature | its log loss | the game's own | its log loss | log loss at 0.5 |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    hooks = hooks_for(Game(args.game, args.players, 0))
    for part in range(PARTS):
        groups = [(values, wins) for game in games for p, values, wins in game if p == part]
        rows = [(value, win) for values, wins in groups for value, win in zip(values, wins, strict=True)]
        k, b = fit(rows)
        fitted, own = fit_temperature(groups), temperature(hooks, part, PARTS, args.players)
        print(f"| {part + 1}/{PARTS} | {len(rows)} | {sum(v for v, _ in rows) / len(rows):.3f} "
              f"| {sum(w for _, w in rows) / len(rows):.3f} | {log_loss(rows):.3f} | {k:.2f} | {b:+.2f} "
              f"| {log_loss(rows, k, b):.3f} | {fitted:.2f} | {share_loss(groups, fitted):.3f} "
              f"| {own:.2f} | {share_loss(groups, own):.3f} | {share_loss(groups, 0.5):.3f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
