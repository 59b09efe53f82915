"""The interface every game's rules implement. The `Game` facade does the rest.

A rules object is a mutable game state that trusts its caller: `apply` is only ever handed an
action taken from `legal_actions()`. Checking, history, undo and records live in `Game`, so a
new game only has to say what is legal and what an action does.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from .action import Action
from .errors import IllegalAction


class Rules:
    """Base class for a game's state and rules."""

    name: ClassVar[str]
    title: ClassVar[str]
    rules_version: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]

    def __init__(self, players: int, options: dict[str, Any], rng: random.Random):
        self.players = players
        self.options = options
        self.rng = rng

    @classmethod
    def normalize_options(cls, players: int, options: dict[str, Any]) -> dict[str, Any]:
        """Return the complete option dict (defaults filled in); raise ValueError if invalid."""
        if options:
            raise ValueError(f"{cls.title} has no options; got {sorted(options)}")
        return {}

    # -- the state -------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    def legal_actions(self) -> list[Action]:
        """Every action the seat to move may take; an empty list once the game is over."""
        raise NotImplementedError

    def apply(self, action: Action) -> None:
        """Carry out a legal action, resolving any chance that follows it."""
        raise NotImplementedError

    # -- refusing --------------------------------------------------------------------------
    def parse(self, text: str) -> Action | None:
        """The action a notation names, or None if the text is not a notation of this game."""
        raise NotImplementedError

    def refuse(self, action: Action | None, text: str) -> IllegalAction:
        """Why an action (or unparseable text, action=None) is not legal now, citing a rule
        (also when the game is over)."""
        raise NotImplementedError

    # -- results and views -----------------------------------------------------------------
    def scores(self) -> list[int]:
        raise NotImplementedError

    def winners(self) -> list[int]:
        best = max(self.scores())
        return [seat for seat, score in enumerate(self.scores()) if score == best]

    def explain_scores(self) -> list[dict[str, Any]]:
        raise NotImplementedError

    def view(self, seat: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def determinize(self, seat: int, rng: random.Random) -> Rules:
        """A copy consistent with `view(seat)` with every unseen card re-dealt from `rng`."""
        raise NotImplementedError(f"{self.title} has no determinization yet")
