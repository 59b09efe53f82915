"""New York 1901 engine speed, through the public `Game` facade: random full games per second,
actions per second, and legal-action enumerations per second at positions sampled from random
games (what a bot searching the game needs: every legal acquire, placement and rebuild).

    python benchmarks/newyork1901_speed.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import random
import time

import nbgames


def random_games(players: int, seconds: float) -> tuple[float, float, float]:
    """(games/s, actions/s, mean seconds per game) of uniformly random games."""
    games = actions = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games < 3:
        game = nbgames.new_game("newyork1901", players, seed=seed, allow_undo=False)
        rng = random.Random(seed)
        while not game.is_over:
            game.play(rng.choice(game.legal_actions()))
        games += 1
        actions += len(game.history)
        seed += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / elapsed, elapsed / games


def sampled_positions(players: int, count: int) -> list[nbgames.Game]:
    """`count` positions of random games, each a fresh sampled game whose legal actions are not
    yet listed (a determinization: the facade caches the list of the real game)."""
    out: list[nbgames.Game] = []
    seed = 1000
    rng = random.Random(players)
    while len(out) < count:
        game = nbgames.new_game("newyork1901", players, seed=seed, allow_undo=False)
        while not game.is_over and len(out) < count:
            if rng.random() < 0.2:
                out.append(game.determinize(game.to_move, random.Random(len(out))))
            game.play(rng.choice(game.legal_actions()))
        seed += 1
    return out


def enumerations(players: int, count: int) -> tuple[float, float]:
    """(legal-action enumerations/s, mean legal actions per position)."""
    positions = sampled_positions(players, count)
    start = time.perf_counter()
    sizes = [len(position.legal_actions()) for position in positions]
    elapsed = time.perf_counter() - start
    return count / elapsed, sum(sizes) / len(sizes)


# A position rich in choices: four lots with workers side by side, five buildings that may be
# demolished, every tier unlocked (98 legal actions: 70 builds, 26 rebuilds, 2 action cards; 134 before
# NY1901-6 limited rebuilds to worker lots next to the demolished building).
RICH = {"characters": ["orange", "sky", "green", "yellow"],
        "seats": [{"lots": ["D4", "E4", "E3", "E2"], "vp": 30,
                   "buildings": ["bI2@A1r1", "bI3@A5r1", "bL3@A2r0", "sI2@C1r1", "bI2@A4r1"]}, {}, {}, {}],
        "market": ["orange2", "sky2", "green2", "yellow3"]}


def rich_enumerations(count: int) -> tuple[float, int]:
    """(enumerations/s, legal actions) at the rich position."""
    game = nbgames.new_game("newyork1901", 4, seed=1, options={"position": RICH})
    copies = [game.determinize(0, random.Random(k)) for k in range(count)]
    start = time.perf_counter()
    sizes = [len(c.legal_actions()) for c in copies]
    return count / (time.perf_counter() - start), sizes[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="per measurement")
    parser.add_argument("--positions", type=int, default=2000, help="sampled positions per player count")
    args = parser.parse_args()
    print(f"{'players':>7}{'games/s':>10}{'actions/s':>11}{'ms/game':>9}{'enumerations/s':>16}{'legal/pos':>11}")
    for players in (2, 3, 4):
        games, actions, per_game = random_games(players, args.seconds)
        rate, mean = enumerations(players, args.positions)
        print(f"{players:>7}{games:>10.0f}{actions:>11.0f}{per_game * 1000:>9.1f}{rate:>16.0f}{mean:>11.1f}")
    rate, size = rich_enumerations(args.positions // 4)
    print(f"rich position ({size} legal actions): {rate:.0f} enumerations/s")


if __name__ == "__main__":
    main()
