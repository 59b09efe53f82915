"""Chance helpers. Every random event in a game draws from the game's own seeded RNG."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any


def shuffle(rng: random.Random, items: list) -> None:
    """Shuffle `items` in place, uniformly, from `rng`.

    Sorting on one random key per item is a uniform shuffle (ties between 53-bit keys are
    vanishingly rare) and runs about twice as fast as `random.shuffle`, whose loop is Python
    code: New York reshuffles its discard pile every dozen turns.
    """
    key = rng.random
    items.sort(key=lambda _: key())


class Chance(random.Random):
    """A game's source of chance: a seeded RNG that also remembers what chance revealed.

    Rules use it as a `random.Random` for what stays hidden (shuffling a deck), and through
    `draw` and `pick` for every outcome that becomes known to someone (a card drawn, a die
    rolled, colour cards dealt). `log` lists those outcomes, so a game in progress can be saved
    without its seed: loading replays them (`replay`) and then deals everything not yet seen anew
    from a fresh seed.
    """

    def __init__(self, seed: int = 0, replay: list | None = None):
        super().__init__(seed)
        self.log: list = []
        self._replay = list(replay or [])[::-1]  # next outcome last
        self.diverged = False

    @classmethod
    def following(cls, rng: random.Random) -> Chance:
        """A Chance that continues `rng`'s stream exactly."""
        chance = cls()
        chance.setstate(rng.getstate())
        return chance

    @property
    def replaying(self) -> bool:
        return bool(self._replay)

    def draw(self, pile: list) -> Any:
        """Take the top card (the end) of a shuffled pile — or, replaying, the card recorded."""
        if self._replay:
            card = self._replay[-1]
            try:
                pile.remove(card)  # type: ignore[arg-type]
            except (ValueError, TypeError):  # the recorded past no longer fits: deal anew
                self._forget()
                card = pile.pop()
            else:
                self._replay.pop()
        else:
            card = pile.pop()
        self.log.append(card)
        return card

    def pick(self, make: Callable[[], Any], valid: Callable[[Any], bool]) -> Any:
        """An outcome made by `make()` from this RNG (a die, a dealt order) — or, replaying,
        the recorded one if `valid` accepts it."""
        if self._replay and valid(self._replay[-1]):
            value = self._replay.pop()
        else:
            if self._replay:
                self._forget()
            value = make()
        self.log.append(value)
        return value

    def _forget(self) -> None:
        self._replay.clear()
        self.diverged = True

    def __reduce__(self):
        return (_restore_chance, (self.getstate(), self.log, self._replay, self.diverged))


def _restore_chance(state: tuple, log: list, replay: list, diverged: bool) -> Chance:
    chance = Chance()
    chance.setstate(state)
    chance.log, chance._replay, chance.diverged = list(log), list(replay), diverged
    return chance
