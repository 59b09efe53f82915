"""Hints: the move a bot suggests to a seat, its three best alternatives with their estimated
values, and the engine's own facts behind it — the score lines it changes (`explain_scores`
before and after, on a sample of what the seat cannot see), the costs its preview names, and
the public events it would cause. Hints search on ``determinize(seat)`` only, so they never use
another seat's hidden information.

A hint is said in plain words with one reason and the rule it rests on (`Advice`): "Rebuild
G12 as gold: +5 VP, and it touches 2 weaker rival buildings (NY1901-6)." Each game words its
own moves in ``<game package>.hints`` (found like its rulebook: the package of the manifest's
rules class), a function ``advice(game, seat, action, facts) -> Advice``; a game without one
gets `plain_advice` (its own event words and score lines). No notation, no score-line key and
no winning chance is shown: the search's estimate after a few hundred quick games alarms more
than it tells ("winning chance 4 %" for the seat with the most coins), so it stays in
`Hint.value` for whoever wants it.
"""

from __future__ import annotations

import importlib
import random
import threading
from dataclasses import dataclass, field
from typing import Any

from ..i18n import _, localize, ngettext
from .action import Action
from .bots import LEVELS, MctsBot
from .game import Game
from .search import ActionValue

COST_KEYS = ("fee", "fees", "cost", "costs", "paid", "price", "spent", "spend")  # preview keys that are costs
# A hint on the page (issue 30 item 4: on the page within a second of the click): its search ends
# HINT_SECONDS after the click, the wait for a search slot included; the facts, the words and the
# drawing take the rest. HINT_ITERATIONS caps it where the answer is clear sooner.
HINT_SECONDS = 0.4
HINT_ITERATIONS = 400
TEST_CLOCK_ITERATIONS = 60  # a page on a test clock asks in line, by iterations only (reproducible)


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


@dataclass(frozen=True)
class Advice:
    """A move said in plain words, one reason for it and the rule id that reason rests on."""

    move: str  # "Rebuild G12 as gold"
    reason: str  # "+5 VP, and it touches 2 weaker rival buildings"
    rule: str  # "NY1901-6": an id of the game's rulebook

    @property
    def text(self) -> str:
        """One sentence: "Rebuild G12 as gold: +5 VP, and … (NY1901-6)." (the page's language)."""
        if not self.rule:
            return _("{move}: {reason}.").format(move=self.move, reason=self.reason)
        return _("{move}: {reason} ({rule}).").format(move=self.move, reason=self.reason, rule=self.rule)


@dataclass
class Hint:
    """The suggested action for `seat`, with its value (≈ winning chance), the facts and the
    advice in words (`text`)."""

    seat: int
    action: Action
    value: float
    alternatives: list[ActionValue]  # the next three by the search, best first
    facts: Facts
    iterations: int
    advice: Advice | None = None

    @property
    def text(self) -> str:
        return (self.advice or plain_advice(self.seat, self.facts)).text


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


def points_word(n: int) -> str:
    """"+1 point", "−3 points" (a signed count, the page's language)."""
    return ngettext("{n} point", "{n} points", abs(n)).format(n=f"{n:+d}".replace("-", "−"))


def plain_advice(seat: int, facts: Facts, worded: bool = True) -> Advice:
    """Advice for a game that words no moves of its own: what the move does in the game's own
    event words (its notation if it has none), and the score line it changes most for `seat`
    (or the rule its first event cites)."""
    events = [e for e in facts.events if e] if worded else []  # `worded`: the game renders its events
    move = events[0].rstrip(".") if events else str(facts.action)
    mine = sorted(facts.mine(seat), key=lambda c: -abs(c.delta))
    if mine and mine[0].delta:
        change = mine[0]
        return Advice(move, _("{points} ({what})").format(points=points_word(change.delta),
                                                           what=localize(change.what)), change.rule)
    from ..rulebook import cited

    rules = [r for e in events for r in cited(e)]
    return Advice(move, _("the search liked it best of the moves it tried"), rules[0] if rules else "")


def advice_maker(game: Game):
    """The game's own ``advice(game, seat, action, facts)`` (``<package>.hints``), or None."""
    package = game.manifest.package
    if not package:
        return None
    try:
        module = importlib.import_module(package + ".hints")
    except ModuleNotFoundError as exc:
        if exc.name != package + ".hints":
            raise
        return None
    return getattr(module, "advice", None)


def advise(game: Game, seat: int, action: Action, facts: Facts) -> Advice:
    """`action` for `seat` in plain words with one reason and its rule (the page's language)."""
    make = advice_maker(game)
    try:
        found = make(game, seat, action, facts) if make is not None else None
    except Exception:  # noqa: BLE001 - a wording slip must not cost the hint (the tests word every kind)
        found = None
    return found or plain_advice(seat, facts, game.manifest.text is not None)


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
    found = facts(game, seat, best.action, seed)
    return Hint(seat, best.action, best.value, result.actions[1:4], found, result.iterations,
                advise(game, seat, best.action, found))
