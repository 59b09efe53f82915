"""How well a game's evaluation reads as a winning chance (docs/bots.md): greedy bots play
seeded games; every few decisions each seat's value by the game's own evaluation (on a sample of
what the seat to move cannot see, as the search judges its leaves) is set against who won. Per
fifth of the game it prints the mean value and the share of wins, the log loss, and the
temperature `k` of the best fit P(win) = sigmoid(k * logit(value) + b): k = 1 is calibrated in
shape, k < 1 an evaluation that is too sure of a lead (its scale should be 1/k times wider).

    python benchmarks/calibration.py newyork_city -n 200 --jobs 2
    python benchmarks/calibration.py newyork -n 300 --jobs 2
"""

from __future__ import annotations

import argparse
import math
import random
from concurrent.futures import ProcessPoolExecutor

from nbgames.engine.bots import GreedyBot
from nbgames.engine.game import Game
from nbgames.engine.search import evaluate, hooks_for, squash

EVERY = 4  # plies between two readings
PARTS = 5  # a game is read in fifths of its plies


def readings(name: str, players: int, index: int) -> list[tuple[float, float, float]]:
    """Game `index` of greedy bots: (fifth of the game, value, win share) per reading and seat."""
    game = Game(name, players, 50_000 + index)
    bots = [GreedyBot(50_000 * index + seat) for seat in range(players)]
    hooks, rng = hooks_for(game), random.Random(index)
    seen: list[tuple[int, list[float]]] = []
    while not game.is_over:
        if game.ply % EVERY == 0:
            seen.append((game.ply, evaluate(game.determinize(game.to_move, rng), hooks)))
        game.play(bots[game.to_move].choose(game))
    winners, plies = game.winners(), game.ply
    return [(min(PARTS - 1, PARTS * ply // plies), value, (1 / len(winners)) if seat in winners else 0.0)
            for ply, values in seen for seat, value in enumerate(values)]


def logit(p: float) -> float:
    p = min(max(p, 1e-6), 1 - 1e-6)
    return math.log(p / (1 - p))


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
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    with ProcessPoolExecutor(args.jobs) as pool:
        games = list(pool.map(readings, [args.game] * args.n, [args.players] * args.n, range(args.n)))
    print(f"{args.game}, {args.players} seats, {args.n} games of greedy bots, a reading every {EVERY} plies")
    print("| part of the game | readings | mean value | wins | log loss | fitted k | b | log loss fitted |")
    print("|---|---|---|---|---|---|---|---|")
    for part in range(PARTS):
        rows = [(value, win) for game in games for p, value, win in game if p == part]
        k, b = fit(rows)
        print(f"| {part + 1}/{PARTS} | {len(rows)} | {sum(v for v, _ in rows) / len(rows):.3f} "
              f"| {sum(w for _, w in rows) / len(rows):.3f} | {log_loss(rows):.3f} | {k:.2f} | {b:+.2f} "
              f"| {log_loss(rows, k, b):.3f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
