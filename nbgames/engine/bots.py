"""Bots. A bot only reads what its seat may know: the legal actions and its seat's view."""

from __future__ import annotations

import random

from .action import Action
from .game import Game


class RandomBot:
    """Picks uniformly among the legal actions, from its own seeded RNG (never the game's)."""

    name = "random"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        return self.rng.choice(game.legal_actions())


BOTS = {"random": RandomBot}


def make_bot(kind: str, seed: int | None = None):
    if kind not in BOTS:
        raise ValueError(f"unknown bot {kind!r}; bots: {', '.join(BOTS)}")
    return BOTS[kind](seed)
