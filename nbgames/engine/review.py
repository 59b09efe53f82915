"""Post-game review: each seat's estimated winning chance move by move, and a learner's three
costliest moves, each with the better move the search found and the facts behind it.

Every position is judged by a short search on samples of what the reviewed seat could not see
(``determinize(seat)``), never on the real hidden cards of the others. The page draws the
curve and words the moves; this module only computes them.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..i18n import _
from .action import Action
from .game import Game, from_record
from .hints import Advice, Facts, advise, facts, plain_advice
from .search import BotHooks, Search, hooks_for, rollout

# The budget is counted in iterations, so a review is the same for the same seed (issue 30 item
# 4), and sized so that a whole 4-seat game of any of the four games is reviewed well inside
# SECONDS on a 2-core machine (docs/bots.md, "Hints and review"). SECONDS only guards a machine
# too busy for that: a position that overruns its share of the time is searched less, and the
# review says so (`Review.hurried`: then it may differ from one run to the next).
CURVE_ITERATIONS = 10  # per position, for the winning-chance curve
FORCED_ITERATIONS = 3  # a position with a single legal move (a die to roll, a card to take)
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
    """`chances[k][s]`: seat s's estimated winning chance before move k (the last entry is the
    end: the win shares once the game is over). `costly`: the learner's worst moves, worst first."""

    seat: int
    actions: list[Action]
    chances: list[list[float]]
    costly: list[CostlyMove]
    stopped: bool = False  # ended early (`stop`): a partial review
    hurried: bool = False  # the time guard cut some position's search short (not reproducible then)


def win_shares(game: Game) -> list[float]:
    winners = game.winners()
    return [1 / len(winners) if s in winners else 0.0 for s in range(game.players)]


def compare(game: Game, seat: int, actions: tuple[Action, Action], samples: int, seed: int, hooks: BotHooks,
            deadline: float | None = None) -> tuple[float, float, int]:
    """Mean values for `seat` of two actions, each played on the same determinized samples and
    played out (common random numbers: the difference is what the moves make), and how many
    samples that took. At least MIN_SAMPLES each, more up to `samples` while the deadline allows."""
    totals, done = [0.0, 0.0], 0
    while done < samples and (deadline is None or done < MIN_SAMPLES or time.monotonic() < deadline):
        for k, action in enumerate(actions):
            rng = random.Random(seed * 7919 + done)
            sample = game.determinize(seat, rng)
            sample.play(action)
            totals[k] += rollout(sample, hooks, rng)[seat]
        done += 1
    return totals[0] / done, totals[1] / done, done


def _budgets(game: Game, actions: list[Action], seat: int, curve: int, check: int, samples: int) -> list[int]:
    """Each position's iterations (a learner's decision: its search and both moves' playouts)."""
    budgets = []
    for action in actions:
        legal = len(game.legal_actions())
        budgets.append(check + 2 * samples if game.to_move == seat and legal > 1 else
                       curve if legal > 1 else min(curve, FORCED_ITERATIONS))
        game.play(action)
    game.goto(0)
    return budgets


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


def replayable(record_or_game: Game | dict[str, Any] | str | bytes) -> Game:
    """A private game that replays the record (or the game's record) from its start."""
    game = from_record(record_or_game.to_record() if isinstance(record_or_game, Game) else record_or_game)
    game.goto(0)
    return game


def review(record_or_game: Game | dict[str, Any] | str | bytes, seat: int, *, curve_iterations: int = CURVE_ITERATIONS,
           check_iterations: int = CHECK_ITERATIONS, samples: int = SAMPLES, seed: int = 0, worst: int = 3,
           seconds: float | None = SECONDS, progress: Callable[[int, int], None] | None = None,
           stop: threading.Event | None = None) -> Review:
    """Review a game (finished or not) for `seat`: the winning-chance curve of every seat and its
    `worst` costliest moves, by iterations (reproducible for a seed), within about `seconds`
    (a guard spread over the positions in proportion to their iterations; None: no guard): a
    review the guard cut short says so (`Review.hurried`). Run it in a worker thread;
    `progress` is called with (positions done, positions), `stop` ends it early (a partial
    review)."""
    game = replayable(record_or_game)
    actions = [game.redo() for _ in range(game.timeline_length)]
    game.goto(0)
    hooks = hooks_for(game)
    schedule = _schedule(_budgets(game, actions, seat, curve_iterations, check_iterations, samples), seconds)
    chances: list[list[float]] = []
    costly: list[CostlyMove] = []
    hurried = False
    for ply, played in enumerate(actions):
        if stop is not None and stop.is_set():
            break
        mover = game.to_move
        legal = game.legal_actions()
        checked = mover == seat and len(legal) > 1
        iterations = check_iterations if checked else curve_iterations if len(legal) > 1 else min(
            curve_iterations, FORCED_ITERATIONS)
        end = schedule[ply + 1]
        result = Search(iterations=iterations, seconds=None, hooks=hooks, rng=random.Random(seed * 100003 + ply)).run(
            game, deadline=end, stop=stop, observer=seat)
        hurried |= result.iterations < iterations and not (stop is not None and stop.is_set())
        chances.append(result.values)
        if checked and result.best != played:
            better_value, played_value, done = compare(game, seat, (result.best, played), samples,
                                                       seed * 100003 + ply, hooks, end)
            hurried |= done < samples and not (stop is not None and stop.is_set())
            if better_value > played_value:
                played_facts, better_facts = facts(game, seat, played, seed), facts(game, seat, result.best, seed)
                costly.append(CostlyMove(ply, seat, played, result.best, played_value, better_value,
                                         played_facts, better_facts, advise(game, seat, played, played_facts),
                                         advise(game, seat, result.best, better_facts)))
        game.redo()
        if progress:
            progress(ply + 1, len(actions))
    else:
        chances.append(win_shares(game) if game.is_over else
                       Search(iterations=curve_iterations, seconds=None, hooks=hooks,
                              rng=random.Random(seed)).run(game, observer=seat).values)
    costly.sort(key=lambda m: (-m.loss, m.ply))
    return Review(seat, actions, chances, costly[:worst], stopped=len(chances) <= len(actions), hurried=hurried)
