"""Engine speed: random full games through the public API, against a hand-tuned reference.

One decision = one setup placement or one turn (plus sub-decisions in variants).
The reference is a plain Python random New York game (same rules, no API, no history, no
refusals) measured in the same run, so the ratio holds on a busy machine too.

    python benchmarks/engine.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import random
import time

import nbgames
from nbgames.engine.registry import available_games

N = 7
NEIGHBOURS = [[s for s in (sq - N if sq >= N else -1, sq + N if sq < 42 else -1,
                           sq - 1 if sq % N else -1, sq + 1 if sq % N < 6 else -1) if s >= 0]
              for sq in range(49)]
PER_COUNT = {3: (25, 8, 8), 4: (20, 6, 6), 5: (15, 5, 5)}


def reference_newyork(players: int, rng: random.Random) -> int:
    """A hand-tuned random New York game (base rules); returns its number of decisions."""
    pieces, chips0, setup = PER_COUNT[players]
    board = [-1] * 49
    supply = [pieces] * players
    chips = [chips0] * players
    rows = [[0] * N for _ in range(players)]
    cols = [[0] * N for _ in range(players)]
    decisions = 0
    left = [setup] * players
    seat = 0
    while any(left):
        if left[seat]:
            options = [sq for sq in range(49) if board[sq] < 0
                       and all(board[nb] != seat for nb in NEIGHBOURS[sq])]
            if options:
                sq = rng.choice(options)
                board[sq] = seat
                rows[seat][sq // N] += 1
                cols[seat][sq % N] += 1
                supply[seat] -= 1
                left[seat] -= 1
                decisions += 1
            else:
                left[seat] = 0
        seat = (seat + 1) % players
    owner = list(range(players))
    rng.shuffle(owner)  # colour cards: colour -> seat
    deck = [c for c in range(16) for _ in range(4 if c % 8 < 7 else 5)]  # 0-6 red, 7 R*, 8-14 blue, 15 B*
    rng.shuffle(deck)
    discard: list[int] = []
    hands = [[] for _ in range(players)]
    empty = board.count(-1)
    armed = False

    def draw(s: int) -> bool:
        nonlocal deck, discard
        hand = hands[s]
        while sum(1 for c in hand if c < 8) < 2 or sum(1 for c in hand if 8 <= c < 16) < 2:
            if not deck:
                if not discard:
                    return True
                deck, discard = discard, []
                rng.shuffle(deck)
            card = deck.pop()
            if card == 16:
                return False
            hand.append(card)
        return True

    seat = owner.index(0)
    for i in range(players):
        if not draw((seat + i) % players):
            return decisions
    colour_of = [owner.index(s) for s in range(players)]
    while True:
        hand, mine, money = hands[seat], colour_of[seat], chips[seat]
        options = []
        for red in set(c for c in hand if c < 8):
            for blue in set(c for c in hand if 8 <= c < 16):
                for r in (range(N) if red == 7 else (red,)):
                    for c in (range(N) if blue == 15 else (blue - 8,)):
                        sq = r * N + c
                        col = board[sq]
                        if col == mine or (supply[mine] and (col < 0 or min(rows[col][r], cols[col][c]) <= money)):
                            options.append((red, blue, sq))
        decisions += 1
        if options:
            red, blue, sq = rng.choice(options)
            hand.remove(red)
            hand.remove(blue)
            discard += (red, blue)
            col = board[sq]
            r, c = divmod(sq, N)
            if col >= 0:
                if col != mine:
                    fee = min(rows[col][r], cols[col][c])
                    chips[seat] -= fee
                    chips[owner[col]] += fee
                board[sq] = -1
                rows[col][r] -= 1
                cols[col][c] -= 1
                supply[col] += 1
                empty += 1
            if col != mine:
                board[sq] = mine
                rows[mine][r] += 1
                cols[mine][c] += 1
                supply[mine] -= 1
                empty -= 1
        else:
            discard += hand
            hand.clear()
        if not armed and empty <= 4:
            armed = True
            discard += (16, 16)
        if not draw(seat):
            return decisions
        seat = (seat + 1) % players


def api_game(name: str, players: int, seed: int, options: dict | None = None) -> int:
    """A random game through the public API; returns its number of decisions."""
    game = nbgames.new_game(name, players=players, seed=seed, options=options, allow_undo=False)
    rng = random.Random(seed)
    while not game.is_over:
        game.play(rng.choice(game.legal_actions()))
    return len(game.history)


def run(name: str, players: int, seconds: float, options: dict | None = None) -> tuple[float, float]:
    count = [0]

    def one(_):
        count[0] += 1
        return api_game(name, players, count[0], options)

    decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or count[0] < 3:
        decisions += one(0)
    elapsed = time.perf_counter() - start
    return count[0] / elapsed, decisions / elapsed


def run_reference(players: int, seconds: float) -> tuple[float, float]:
    rng = random.Random(1)
    games = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games < 3:
        decisions += reference_newyork(players, rng)
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, decisions / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="per measurement")
    args = parser.parse_args()
    print(f"{'game':<14}{'players':>8}{'games/s':>10}{'decisions/s':>13}{'vs reference':>14}")
    for players in (3, 4, 5):
        ref_games, ref_dec = run_reference(players, args.seconds)
        games, dec = run("newyork", players, args.seconds)
        print(f"{'reference':<14}{players:>8}{ref_games:>10.0f}{ref_dec:>13.0f}{'1.00':>14}")
        print(f"{'newyork':<14}{players:>8}{games:>10.0f}{dec:>13.0f}{games / ref_games:>14.2f}")
    variants = {"action_cards": True}
    games, dec = run("newyork", 4, args.seconds, variants)
    print(f"{'newyork V1':<14}{4:>8}{games:>10.0f}{dec:>13.0f}{'':>14}")
    # Every other registered game (Galopp Royal, New York 1901, New York City, …), no reference.
    from nbgames.engine.registry import manifest
    for name in available_games():
        if name == "newyork":
            continue
        for players in manifest(name).player_counts():
            games, dec = run(name, players, args.seconds)
            print(f"{name:<14}{players:>8}{games:>10.0f}{dec:>13.0f}{'':>14}")

if __name__ == "__main__":
    main()
