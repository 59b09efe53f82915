"""The interface every game's rules implement. The `Game` facade does the rest.

A rules object is a mutable game state that trusts its caller: `apply` is only ever handed an
action taken from `legal_actions()`. Checking, history, undo and records live in `Game`, so a
new game only has to say what is legal, what an action does and why a refused one is refused.

Only the game's own rules module reads a rules object's attributes; views, lessons, bots and
hints see a game through the `Game` facade (`view(seat)`, `events`, `legal_actions`,
`refusal`, `preview`).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, ClassVar

from .action import Action
from .chance import Chance
from .events import Event


class Rules:
    """Base class for a game's state and rules."""

    name: ClassVar[str]
    title: ClassVar[str]
    rules_version: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]

    events: list[Event]  # the public events so far, oldest first (see engine/events.py)

    def __init__(self, players: int, options: dict[str, Any], rng: random.Random):
        """`rng`: the game's `Chance` (a plain Random is continued as one); everything that
        chance reveals goes through `rng.draw` / `rng.pick`, hidden shuffles use it as a Random."""
        self.players = players
        self.options = options
        self.rng = rng if isinstance(rng, Chance) else Chance.following(rng)
        self.events = []

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

    def why_not(self, action: Action) -> tuple[str, str]:
        """(rule id, plain reason) why a parsed action is not legal now (also once the game
        is over). Each kind's check should be the one legality is decided by, not a copy."""
        raise NotImplementedError

    def why_unknown(self, text: str) -> tuple[str, str]:
        """(rule id, plain reason) for text that names no action of this game here: what a
        move looks like at this point."""
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

    def bot_view(self, seat: int | None) -> dict[str, Any]:
        """The part of `view(seat)` that bots weigh, for a game whose view is costly to build:
        some of the view's keys, each with the view's value (a dict may keep fewer keys, each
        dict of a list too). By default the whole view."""
        return self.view(seat)

    def bot_views(self) -> list[dict[str, Any]]:
        """Every seat's `bot_view`, for a sample (see `Game.bot_views`); a game may build the
        part they share once."""
        return [self.bot_view(seat) for seat in range(self.players)]

    def components(self) -> Counter:
        """Every physical component wherever it lies (deck, discard, hands, boards, supply,
        chips), by name: a determinization re-deals hidden ones and must keep this equal."""
        raise NotImplementedError

    def preview(self, action: Action) -> dict[str, Any]:
        """What a legal action would do, played on a determinized copy (imagined chance):
        ``events`` (JSON) and ``scores`` after it. Games may add keys of their own."""
        seat = self.to_move
        copy = self.determinize(seat, random.Random(0)) if seat is not None else self
        mark = len(copy.events)
        copy.apply(action)
        return {"events": [e.to_json() for e in copy.events[mark:]], "scores": copy.scores()}

    def determinize(self, seat: int, rng: random.Random) -> Rules:
        """A copy consistent with `view(seat)` with every unseen card re-dealt from `rng`: the
        unseen cards in a fixed order (sorted), never in their real order, go into the shuffle,
        so the copy depends on the seat's view and `rng` alone (tests/test_contract.py)."""
        raise NotImplementedError(f"{self.title} has no determinization yet")
