"""Chance helpers. Every random event in a game draws from the game's own seeded RNG."""

from __future__ import annotations

import random


def shuffle(rng: random.Random, items: list) -> None:
    """Shuffle `items` in place, uniformly, from `rng`.

    Sorting on one random key per item is a uniform shuffle (ties between 53-bit keys are
    vanishingly rare) and runs about twice as fast as `random.shuffle`, whose loop is Python
    code: New York reshuffles its discard pile every dozen turns.
    """
    key = rng.random
    items.sort(key=lambda _: key())
