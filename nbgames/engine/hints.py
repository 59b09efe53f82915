"""Hints: the move a bot suggests to a seat, its three best alternatives with their estimated
values, and the engine's own facts behind it — the score lines it changes (`explain_scores`
before and after, on a sample of what the seat cannot see), the costs its preview names, and
the public events it would cause. Hints search on ``determinize(seat)`` only, so they never use
another seat's hidden information. The page words and draws them; `Hint.text` is a plain
English sentence built from the same facts.
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass, field
from typing import Any

from ..i18n import _, localize
from .action import Action
from .bots import LEVELS, MctsBot
from .game import Game
from .search import ActionValue

COST_KEYS = ("fee", "fees", "cost", "costs", "paid", "price", "spent", "spend")  # preview keys that are costs


@dataclass(frozen=True)
class ScoreChange:
    """One score line (a part of `explain_scores`) that an action changes."""

    seat: int
    rule: str
    what: str
    before: int
    after: int
    count_before: int | None = None
    count_after: int | None = None

    @property
    def delta(self) -> int:
        return self.after - self.before

    def words(self, seat_name: str) -> str:
        counted = (f" ({self.count_before} → {self.count_after})"
                   if self.count_before is not None and self.count_before != self.count_after else "")
        return f"{seat_name} {localize(self.what)}{counted} {self.delta:+d} ({self.rule})"


@dataclass
class Facts:
    """What an action does, from the engine's own accounts (on one sample of the unseen)."""

    action: Action
    changes: list[ScoreChange]  # every score line that moves, every seat
    costs: dict[str, Any]  # the preview's cost keys (fee, paid, …) with their values
    events: list[str]  # the public events it causes, in the game's words
    preview: dict[str, Any] = field(default_factory=dict)

    def mine(self, seat: int) -> list[ScoreChange]:
        return [c for c in self.changes if c.seat == seat]

    def others(self, seat: int) -> list[ScoreChange]:
        """Lines of other seats it changes: what it blocks (their loss) or gives away."""
        return [c for c in self.changes if c.seat != seat]


@dataclass
class Hint:
    """The suggested action for `seat`, with its value (≈ winning chance) and the facts."""

    seat: int
    action: Action
    value: float
    alternatives: list[ActionValue]  # the next three by the search, best first
    facts: Facts
    iterations: int

    @property
    def text(self) -> str:
        return describe(self.seat, self.action, self.value, self.facts, self.alternatives)


def _lines(explained: list[dict[str, Any]]) -> dict[tuple[int, str, str], dict[str, Any]]:
    lines: dict[tuple[int, str, str], dict[str, Any]] = {}
    for seat, entry in enumerate(explained):
        for part in entry.get("parts", []):
            key = (entry.get("seat", seat), str(part.get("rule", "")), str(part.get("what", "")))
            lines[key] = part
    return lines


def score_changes(before: list[dict[str, Any]], after: list[dict[str, Any]]) -> list[ScoreChange]:
    """The `explain_scores` lines whose points or count differ between two accounts."""
    old, new = _lines(before), _lines(after)
    changes = []
    for key in list(old) + [k for k in new if k not in old]:
        a, b = old.get(key, {}), new.get(key, {})
        if a.get("points", 0) != b.get("points", 0) or a.get("count") != b.get("count"):
            changes.append(ScoreChange(*key, a.get("points", 0), b.get("points", 0), a.get("count"), b.get("count")))
    return changes


def facts(game: Game, seat: int, action: Action, seed: int = 0) -> Facts:
    """What `action` does, seen by `seat`: score lines on a determinized sample, costs from the
    game's preview, and the public events in the game's words."""
    sample = game.determinize(seat, random.Random(seed))
    before, mark = sample.explain_scores(), sample.event_count
    sample.play(action)
    events = [game.manifest.event_text(e) for e in sample.events(mark)]
    preview = game.preview(action) if game.to_move == seat else {}
    costs = {k: v for k, v in preview.items() if k in COST_KEYS and v}
    return Facts(action, score_changes(before, sample.explain_scores()), costs, events, preview)


def seat_name(seat: int, me: int) -> str:
    return _("your") if seat == me else _("Player {n}'s").format(n=seat + 1)


def describe(seat: int, action: Action, value: float, facts: Facts, alternatives: list[ActionValue]) -> str:
    """The hint in plain words (the page's language), from the facts alone."""
    parts = [_("Play {move} (estimated winning chance {chance:.0%}).").format(move=action, chance=value)]
    changes = [c.words(seat_name(c.seat, seat)) for c in facts.mine(seat) + facts.others(seat)]
    if changes:
        parts.append(_("It changes {lines}.").format(lines=_("; ").join(changes)))
    else:
        parts.append(_("It changes no score line now; it is about what comes later."))
    if facts.costs:
        parts.append(_("It costs {costs}.").format(costs=", ".join(f"{k} {v}" for k, v in facts.costs.items())))
    if alternatives:
        parts.append(_("Next best: {moves}.").format(
            moves=", ".join(f"{a.action} ({a.value:.0%})" for a in alternatives)))
    return " ".join(parts)


def hint(game: Game, seat: int | None = None, level: str = "normal", seed: int = 0,
         iterations: int | None = None, deadline: float | None = None,
         stop: threading.Event | None = None) -> Hint:
    """The move a `level` bot suggests to `seat` (the seat to move) and why. Run it in a worker
    thread on ``game.clone()``; `deadline` / `stop` end the search early. `iterations` alone
    (no time budget) makes it reproducible."""
    if game.to_move is None:
        raise ValueError("the game is over: there is no move to suggest")
    seat = game.to_move if seat is None else seat
    if seat != game.to_move:
        raise ValueError(f"a hint is for the seat to move (seat {game.to_move}), not seat {seat}")
    bot = MctsBot(seed, level, iterations=iterations, seconds=None if iterations else LEVELS[level].seconds)
    result = bot.analyse(game, deadline, stop)
    best = result.actions[0]
    return Hint(seat, best.action, best.value, result.actions[1:4], facts(game, seat, best.action, seed),
                result.iterations)
