"""New York City engine speed: random full games through the public API (games/s, actions/s)
and legal-action enumerations/s at positions sampled from such games (what a bot asks for).

    python benchmarks/newyork_city_speed.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import random
import time

import nbgames

NAME = "newyork_city"


def random_game(players: int, seed: int) -> nbgames.Game:
    game = nbgames.new_game(NAME, players=players, seed=seed, allow_undo=False)
    rng = random.Random(seed)
    while not game.is_over:
        game.play(rng.choice(game.legal_actions()))
    return game


def games_per_second(players: int, seconds: float) -> tuple[float, float, float]:
    """(games/s, actions/s, slowest game in s) over at least `seconds` and 3 games."""
    games = actions = 0
    slowest = 0.0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games < 3:
        began = time.perf_counter()
        actions += len(random_game(players, games).history)
        slowest = max(slowest, time.perf_counter() - began)
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / elapsed, slowest


def enumerations_per_second(players: int, seconds: float) -> float:
    """Legal-action lists per second at 200 positions sampled from random games (the facade's
    cache is bypassed by asking the game's own rules each time)."""
    rng = random.Random(1)
    positions = []
    for seed in range(10):
        game = random_game(players, 100 + seed)
        for ply in rng.sample(range(len(game.history)), 20):
            copy = nbgames.new_game(NAME, players=players, seed=100 + seed)
            for action in game.history[:ply]:
                copy.play(action)
            positions.append(copy)
    count = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for game in positions:
            game.rules.legal_actions()
        count += len(positions)
    return count / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="per measurement")
    args = parser.parse_args()
    print(f"{'players':>7}{'games/s':>10}{'actions/s':>12}{'slowest game':>14}{'legal lists/s':>15}")
    for players in (2, 3, 4):
        games, actions, slowest = games_per_second(players, args.seconds)
        lists = enumerations_per_second(players, args.seconds / 2)
        print(f"{players:>7}{games:>10.1f}{actions:>12.0f}{slowest * 1000:>12.0f} ms{lists:>15.0f}")


if __name__ == "__main__":
    main()
