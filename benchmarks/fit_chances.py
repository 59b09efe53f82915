"""Fit New York's winning chances (`nbgames.newyork.chances`, docs/bots.md): greedy bots play
seeded games (one move in ten at random, so that the positions are not only greedy ones), each
seat's `FEATURES` are read after every move of the main round, and a conditional logit over the
seats is fitted to who won (Newton's method, a little L2), every fifth game held out to test.
It prints the held-out log loss beside the hand-made evaluation's best fit on the same positions
(its value's logit, times one fitted factor) and a fair share's log(seats). With --write the
weights go into `nbgames/newyork/chances.json` for that table size.

    python benchmarks/fit_chances.py --players 4 -n 3000 --jobs 2 --write
"""

from __future__ import annotations

import argparse
import json
import math
import random
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from nbgames.engine.bots import GreedyBot
from nbgames.engine.game import Game
from nbgames.newyork import bot, chances

FIRST_SEED = 10_000
RANDOM_MOVES = 0.1
L2 = 1e-3
OUT = Path(chances.__file__).with_name("chances.json")


def positions(players: int, index: int) -> tuple[list, list, list, list[float]]:
    """Game `index`: per main-round position, the seats' features, the share of the board
    filled and the hand-made evaluation's values; and each seat's share of the win."""
    game = Game("newyork", players, FIRST_SEED + index)
    rng = random.Random(index)
    bots = [GreedyBot(index * 10 + seat) for seat in range(players)]
    rows, filled, hand_made = [], [], []
    while not game.is_over:
        legal = game.legal_actions()
        game.play(rng.choice(legal) if rng.random() < RANDOM_MOVES else bots[game.to_move].choose(game))
        if not game.is_over and game.view()["phase"] == "main":
            # every seat's whole view: the true hands (a bot view is part of the view)
            seats, share = chances.features([game.view(seat) for seat in range(players)], game.to_move)
            rows.append(seats)
            filled.append(share)
            hand_made.append(bot.evaluate(game))
    winners = game.winners()
    return rows, filled, hand_made, [1 / len(winners) if s in winners else 0.0 for s in range(players)]


def design(rows: list, filled: list) -> np.ndarray:
    """Positions × seats × (features, features × p, features × p²)."""
    x = np.array(rows, dtype=float)
    p = np.array(filled)[:, None, None]
    return np.concatenate([x, x * p, x * p * p], axis=2)


def softmax(z: np.ndarray) -> np.ndarray:
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


def loss(beta: np.ndarray, x: np.ndarray, y: np.ndarray) -> float:
    return float(-(y * np.log(softmax(x @ beta) + 1e-12)).sum(axis=1).mean())


def fit(x: np.ndarray, y: np.ndarray, steps: int = 30) -> np.ndarray:
    """The weights of the least penalized log loss (on standardized columns, then unscaled)."""
    flat = x.reshape(-1, x.shape[2])
    mean, scale = flat.mean(axis=0), flat.std(axis=0) + 1e-9
    xs = (x - mean) / scale
    beta = np.zeros(x.shape[2])
    for _ in range(steps):
        p = softmax(xs @ beta)
        grad = np.einsum("nsf,ns->f", xs, p - y) / len(xs) + 2 * L2 * beta
        mixed = np.einsum("nsf,ns->nf", xs, p)
        hess = (np.einsum("nsf,ns,nsg->fg", xs, p, xs) - mixed.T @ mixed) / len(xs) + 2 * L2 * np.eye(len(beta))
        step = np.linalg.solve(hess, grad)
        beta -= step
        if np.abs(step).max() < 1e-9:
            break
    return beta / scale  # the mean shifts every seat alike: it cancels in the logit


def hand_made_loss(train: list, test: list) -> float:
    """The hand-made values as chances: each seat's logit times one factor, fitted on `train`."""
    def as_logits(values):
        v = np.clip(np.array(values, dtype=float), 1e-6, 1 - 1e-6)
        return np.log(v / (1 - v))
    (zt, yt), (zs, ys) = ((as_logits([v for g in part for v in g[2]])[:, :, None],
                           np.array([g[3] for g in part for _ in g[2]])) for part in (train, test))
    best = min((loss(np.array([k]), zt, yt), k) for k in np.arange(0.05, 3.0, 0.05))[1]
    return loss(np.array([best]), zs, ys)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("-n", type=int, default=3000, help="games")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--write", action="store_true", help="write the weights into chances.json")
    args = parser.parse_args(argv)
    with ProcessPoolExecutor(args.jobs) as pool:
        games = list(pool.map(positions, [args.players] * args.n, range(args.n), chunksize=10))
    games = [g for g in games if g[0]]
    train, test = [g for i, g in enumerate(games) if i % 5], [g for i, g in enumerate(games) if i % 5 == 0]

    def stacked(part):
        x = np.concatenate([design(g[0], g[1]) for g in part])
        y = np.array([g[3] for g in part for _ in g[0]])
        return x, y

    (x, y), (xt, yt) = stacked(train), stacked(test)
    beta = fit(x, y)
    held_out = loss(beta, xt, yt)
    print(f"New York, {args.players} seats: {len(games)} games of greedy bots ({RANDOM_MOVES:.0%} of moves at random), "
          f"{len(x)} positions to fit, {len(xt)} held out")
    print(f"held-out log loss: these chances {held_out:.4f}; the hand-made evaluation, best fitted "
          f"{hand_made_loss(train, test):.4f}; a fair share {math.log(args.players):.4f}")
    weights = [[round(float(w), 6) for w in beta[i::len(chances.FEATURES)]] for i in range(len(chances.FEATURES))]
    for name, w in zip(chances.FEATURES, weights, strict=True):
        print(f"  {name:13s} {w[0]:+.4f} {w[1]:+.4f} p {w[2]:+.4f} p²")
    if args.write:
        data = json.loads(OUT.read_text()) if OUT.exists() else {"features": list(chances.FEATURES), "tables": {}}
        data["tables"][str(args.players)] = {
            "games": len(games), "first_seed": FIRST_SEED, "random_moves": RANDOM_MOVES, "l2": L2,
            "held_out_log_loss": round(held_out, 4), "weights": weights}
        data["tables"] = dict(sorted(data["tables"].items()))
        OUT.write_text(json.dumps(data, indent=1) + "\n")
        print(f"written: {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
