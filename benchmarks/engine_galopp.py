"""Galopp Royal engine speed: random full games through the public API (``nbgames.new_game``,
``legal_actions``, ``play``), for 3, 4, 5 and 6 players. Prints games/s and actions/s.

Random players choose uniformly among the legal actions (bids included) with their own RNG.

    python benchmarks/engine_galopp.py [--seconds 2]
"""

from __future__ import annotations

import argparse
import random
import time

import nbgames


def bench(players: int, seconds: float) -> tuple[int, int, float]:
    """Play seeded random games for about `seconds`; return (games, actions, elapsed)."""
    games = actions = 0
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds:
        g = nbgames.new_game("galopp_royal", players=players, seed=seed, allow_undo=False)
        rng = random.Random(seed)
        while not g.is_over:
            g.play(rng.choice(g.legal_actions()))
            actions += 1
        games += 1
        seed += 1
    return games, actions, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per player count")
    args = parser.parse_args()
    print("galopp_royal  players  games/s  actions/s  actions/game")
    for players in (3, 4, 5, 6):
        games, actions, elapsed = bench(players, args.seconds)
        print(f"galopp_royal  {players:>7}  {games / elapsed:>7.0f}  {actions / elapsed:>9.0f}  "
              f"{actions / games:>12.0f}")


if __name__ == "__main__":
    main()
