"""Post-game review: each seat's estimated winning chance move by move, and a learner's three
costliest moves, each with the better move the search found and the facts behind it.

Every position is judged by a short search on samples of what the reviewed seat could not see
(``determinize(seat)``), never on the real hidden cards of the others. The page draws the
curve and words the moves; this module only computes them.
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..i18n import _
from .action import Action
from .game import Game, from_record
from .hints import Advice, Facts, advise, facts, plain_advice
from .search import BotHooks, Search, decision, hooks_for, rollout

# The budget is counted in iterations, so a review is the same for the same seed (issue 30 item
# 4), and sized so that a whole 4-seat game of any of the four games is reviewed well inside
# SECONDS on a 2-core machine (docs/bots.md, "Hints and review"). SECONDS only guards a machine
# too busy for that: a position that overruns its share of the time is searched less, and the
# review says so (`Review.hurried`: then it may differ from one run to the next).
CURVE_ITERATIONS = 10  # per position, for the winning-chance curve
FORCED_ITERATIONS = 3  # a position with a single legal move (a die to roll, a card to take)
CURVE_POINTS = 120  # positions searched for the curve at most (its canvas is 476 px wide), besides the learner's
CHECK_ITERATIONS = 100  # per learner's decision, to find a better move
SAMPLES = 20  # playouts that value the move played and the better one (the same samples for both)
MIN_SAMPLES = 4
SECONDS = 16.0  # the guard on a whole review (the page's target: 20 s with the drawing)


@dataclass
class CostlyMove:
    """A learner's move that lost value: what was played, what the search preferred, and why."""

    ply: int  # index of the move in the game's history (0: the first move)
    seat: int
    played: Action
    better: Action
    played_value: float
    better_value: float
    played_facts: Facts
    better_facts: Facts
    played_advice: Advice | None = None  # both moves in the game's words, with a reason and its rule
    better_advice: Advice | None = None

    @property
    def loss(self) -> float:
        return self.better_value - self.played_value

    @property
    def reason(self) -> str:
        """In plain words (the page's language): what was played, the better move and one reason
        for it with its rule id — no notation, no score-line key, no winning chance (the curve
        shows the chances)."""
        played = (self.played_advice or plain_advice(self.seat, self.played_facts)).move
        better = self.better_advice or plain_advice(self.seat, self.better_facts)
        if not better.rule:
            return _("Move {n}: you played “{played}”. Better: “{better}”: {reason}.").format(
                n=self.ply + 1, played=played, better=better.move, reason=better.reason)
        return _("Move {n}: you played “{played}”. Better: “{better}”: {reason} ({rule}).").format(
            n=self.ply + 1, played=played, better=better.move, reason=better.reason, rule=better.rule)


@dataclass
class Review:
    """`chances[k][s]`: seat s's estimated winning chance before move k, adding up to one over
    the seats (the search's `values` as `shares`; the last entry is the end: the win shares once
    the game is over; a long game's positions between those searched are on the line between
    them). `costly`: the learner's worst moves, worst first."""

    seat: int
    actions: list[Action]
    chances: list[list[float]]
    costly: list[CostlyMove]
    stopped: bool = False  # ended early (`stop`): a partial review
    hurried: bool = False  # the time guard cut some position's search short (not reproducible then)
    values: list[list[float]] = field(default_factory=list)  # the search's values behind `chances`


def logit(value: float) -> float:
    value = min(max(value, 1e-6), 1 - 1e-6)
    return math.log(value / (1 - value))


def shares(values: list[float], temperature: float) -> list[float]:
    """Each seat's value (0..1, 0.5: level with the best other seat) as a winning chance, the
    chances adding up to one: each seat's odds, raised to `temperature`, over all seats' (a
    conditional logit). A level table gives every seat 1 / seats; at temperature 0.5 a
    heads-up game keeps its values."""
    odds = [temperature * logit(v) for v in values]
    top = max(odds)
    weights = [math.exp(x - top) for x in odds]
    total = sum(weights)
    return [w / total for w in weights]


def temperature(hooks: BotHooks, ply: int, plies: int, seats: int = 4) -> float:
    """The game's review temperature for a position `ply` moves into a game of `plies` at a table
    of `seats`."""
    parts = hooks.review_temperatures_by_seats.get(seats, hooks.review_temperatures)
    return parts[min(len(parts) - 1, len(parts) * ply // max(1, plies))]


def win_shares(game: Game) -> list[float]:
    winners = game.winners()
    return [1 / len(winners) if s in winners else 0.0 for s in range(game.players)]


def compare(game: Game, seat: int, actions: tuple[Action, Action], samples: int, seed: int, hooks: BotHooks,
            deadline: float | None = None, stop: threading.Event | None = None) -> tuple[float, float, int]:
    """Mean values for `seat` of two actions, each played on the same determinized samples and
    played out (common random numbers: the difference is what the moves make), and how many
    samples that took. At least MIN_SAMPLES each, more up to `samples` while the deadline allows
    (one when `stop` is set)."""
    totals, done = [0.0, 0.0], 0
    while done < samples and (deadline is None or done < MIN_SAMPLES or time.monotonic() < deadline):
        if done and stop is not None and stop.is_set():
            break
        for k, action in enumerate(actions):
            rng = random.Random(seed * 7919 + done)
            sample = game.determinize(seat, rng)
            sample.play(action)
            totals[k] += rollout(sample, hooks, rng)[seat]
        done += 1
    return totals[0] / done, totals[1] / done, done


def _budgets(game: Game, actions: list[Action], seat: int, curve: int, check: int) -> tuple[list[int], list[bool]]:
    """Each position's iterations, and whether it is a learner's decision to check. A long game's
    curve is searched at about CURVE_POINTS positions (and at every learner's decision); 0: a
    position drawn between its neighbours."""
    step = max(1, math.ceil(len(actions) / CURVE_POINTS))
    iterations, checked = [], []
    for ply, action in enumerate(actions):
        legal = len(game.legal_actions())
        checked.append(game.to_move == seat and legal > 1)
        iterations.append(check if checked[-1] else 0 if ply % step else
                          curve if legal > 1 else min(curve, FORCED_ITERATIONS))
        game.play(action)
    game.goto(0)
    return iterations, checked


def between(chances: list[list[float] | None]) -> list[list[float]]:
    """The positions not searched, on the straight line between their searched neighbours (after
    the last one searched: its values)."""
    known = [k for k, row in enumerate(chances) if row is not None]
    out = list(chances)
    for k, row in enumerate(chances):
        if row is None:
            before = max((i for i in known if i < k), default=None)
            after = min((j for j in known if j > k), default=None)
            if after is None or before is None:
                out[k] = list(chances[before if after is None else after])
            else:
                w = (k - before) / (after - before)
                out[k] = [a + (b - a) * w for a, b in zip(chances[before], chances[after], strict=True)]
    return out


def _schedule(budgets: list[int], seconds: float | None) -> list[float | None]:
    """When each position's share of the time ends (monotonic clock), in proportion to its
    iterations, unused time carrying on."""
    if seconds is None:
        return [None] * (len(budgets) + 1)
    start, total, schedule, done = time.monotonic(), sum(budgets) or 1, [], 0
    for budget in [0, *budgets]:
        done += budget
        schedule.append(start + seconds * done / total)
    return schedule


def replayable(record_or_game: Game | dict[str, Any] | str | bytes, seed: int = 0) -> Game:
    """A private game that replays the record (or the game's record) from its start. A game in
    progress has no seed in its record: its unseen cards are dealt from `seed` (the same review
    for the same seed)."""
    game = from_record(record_or_game.to_record() if isinstance(record_or_game, Game) else record_or_game, seed=seed)
    game.goto(0)
    return game


def scaled(default: int, scale: float, least: int) -> int:
    """A default budget scaled by the game's `BotHooks.review_scale`, never below `least`."""
    return max(least, round(default * scale))


def review(record_or_game: Game | dict[str, Any] | str | bytes, seat: int, *, curve_iterations: int | None = None,
           check_iterations: int | None = None, samples: int | None = None, seed: int = 0, worst: int = 3,
           seconds: float | None = SECONDS, progress: Callable[[int, int], None] | None = None,
           stop: threading.Event | None = None) -> Review:
    """Review a game (finished or not) for `seat`: the winning-chance curve of every seat and its
    `worst` costliest moves, by iterations (reproducible for a seed; None: this module's defaults
    scaled by the game's `BotHooks.review_scale`), within about `seconds`
    (a guard spread over the positions in proportion to their iterations; None: no guard): a
    review the guard cut short says so (`Review.hurried`). Run it in a worker thread;
    `progress` is called with (positions done, positions), `stop` ends it early (a partial
    review)."""
    game = replayable(record_or_game, seed)
    actions = [game.redo() for _ in range(game.timeline_length)]
    game.goto(0)
    hooks = hooks_for(game)
    curve_iterations = curve_iterations or scaled(CURVE_ITERATIONS, hooks.review_scale, 2)
    check_iterations = check_iterations or scaled(CHECK_ITERATIONS, hooks.review_scale, 8)
    samples = samples or scaled(SAMPLES, hooks.review_scale, MIN_SAMPLES)
    budgets, checks = _budgets(game, actions, seat, curve_iterations, check_iterations)
    schedule = _schedule([n + 2 * samples * checked for n, checked in zip(budgets, checks, strict=True)], seconds)
    chances: list[list[float] | None] = []
    costly: list[CostlyMove] = []
    hurried = False
    for ply, played in enumerate(actions):
        if stop is not None and stop.is_set():
            break
        iterations, end = budgets[ply], schedule[ply + 1]
        if not iterations:
            chances.append(None)  # drawn between its neighbours
        else:
            result = Search(iterations=iterations, seconds=None, hooks=hooks,
                            rng=random.Random(seed * 100003 + ply)).run(game, deadline=end, stop=stop, observer=seat)
            hurried |= result.iterations < iterations and not (stop is not None and stop.is_set())
            chances.append(result.values)
        # the move a hint gives (by the review's evaluation where the game's search has its own)
        better = (decision(game, hooks) or result.best) if checks[ply] else played
        if better != played:
            better_value, played_value, done = compare(game, seat, (better, played), samples,
                                                       seed * 100003 + ply, hooks, end, stop)
            hurried |= done < samples and not (stop is not None and stop.is_set())
            if better_value > played_value:
                played_facts, better_facts = facts(game, seat, played, seed), facts(game, seat, better, seed)
                costly.append(CostlyMove(ply, seat, played, better, played_value, better_value,
                                         played_facts, better_facts, advise(game, seat, played, played_facts),
                                         advise(game, seat, better, better_facts)))
        game.redo()
        if progress:
            progress(ply + 1, len(actions))
    else:
        chances.append(win_shares(game) if game.is_over else
                       Search(iterations=curve_iterations, seconds=None, hooks=hooks,
                              rng=random.Random(seed)).run(game, observer=seat).values)
    costly.sort(key=lambda m: (-m.loss, m.ply))
    values = between(chances)
    end = len(values) - 1 if game.is_over else None  # a finished game's end: its win shares already
    curve = [row if ply == end else shares(row, temperature(hooks, ply, len(actions), game.players))
             for ply, row in enumerate(values)]
    return Review(seat, actions, curve, costly[:worst], stopped=len(chances) <= len(actions), hurried=hurried,
                  values=values)
