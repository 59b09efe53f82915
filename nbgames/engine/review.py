"""Post-game review: each seat's estimated winning chance move by move, and a learner's three
costliest moves, each with the better move the search found and the facts behind it.

Every position is judged by a short search on samples of what the reviewed seat could not see
(``determinize(seat)``), never on the real hidden cards of the others. The page draws the
curve and words the moves; this module only computes them.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .action import Action
from .game import Game, from_record
from .hints import Facts, facts
from .search import BotHooks, Search, hooks_for, rollout

CURVE_ITERATIONS = 40  # per position, for the winning-chance curve
CHECK_ITERATIONS = 300  # per learner's move, to find a better one
SAMPLES = 60  # playouts that value the move played and the better one (the same samples for both)


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

    @property
    def loss(self) -> float:
        return self.better_value - self.played_value

    @property
    def reason(self) -> str:
        """In plain English, from the engine's facts of both moves."""
        def lines(f: Facts) -> str:
            mine = [c.words("your") for c in f.mine(self.seat)]
            return "; ".join(mine) if mine else "no score line of yours"
        return (f"Move {self.ply + 1}: you played {self.played} (winning chance about {self.played_value:.0%}); "
                f"{self.better} was better (about {self.better_value:.0%}). "
                f"{self.better} changes {lines(self.better_facts)}; "
                f"{self.played} changes {lines(self.played_facts)}.")


@dataclass
class Review:
    """`chances[k][s]`: seat s's estimated winning chance before move k (the last entry is the
    end: the win shares once the game is over). `costly`: the learner's worst moves, worst first."""

    seat: int
    actions: list[Action]
    chances: list[list[float]]
    costly: list[CostlyMove]
    stopped: bool = False


def win_shares(game: Game) -> list[float]:
    winners = game.winners()
    return [1 / len(winners) if s in winners else 0.0 for s in range(game.players)]


def value_of(game: Game, seat: int, action: Action, samples: int, seed: int, hooks: BotHooks) -> float:
    """Mean value for `seat` of playing `action`, over `samples` determinized playouts (seeded,
    so two actions are judged on the same samples)."""
    total = 0.0
    for i in range(samples):
        rng = random.Random(seed * 7919 + i)
        sample = game.determinize(seat, rng)
        sample.play(action)
        total += rollout(sample, hooks, rng)[seat]
    return total / samples


def replayable(record_or_game: Game | dict[str, Any] | str | bytes) -> Game:
    """A private game that replays the record (or the game's record) from its start."""
    game = from_record(record_or_game.to_record() if isinstance(record_or_game, Game) else record_or_game)
    game.goto(0)
    return game


def review(record_or_game: Game | dict[str, Any] | str | bytes, seat: int, *, curve_iterations: int = CURVE_ITERATIONS,
           check_iterations: int = CHECK_ITERATIONS, samples: int = SAMPLES, seed: int = 0, worst: int = 3,
           progress: Callable[[int, int], None] | None = None, stop: threading.Event | None = None) -> Review:
    """Review a game (finished or not) for `seat`: the winning-chance curve of every seat and its
    `worst` costliest moves. Takes seconds to a minute: run it in a worker thread; `progress`
    is called with (positions done, positions), `stop` ends it early (a partial review)."""
    game = replayable(record_or_game)
    actions = [game.redo() for _ in range(game.timeline_length)]
    game.goto(0)
    hooks = hooks_for(game)
    chances: list[list[float]] = []
    costly: list[CostlyMove] = []
    for ply, played in enumerate(actions):
        if stop is not None and stop.is_set():
            break
        mover = game.to_move
        legal = game.legal_actions()
        iterations = check_iterations if mover == seat and len(legal) > 1 else curve_iterations
        result = Search(iterations=iterations, seconds=None, hooks=hooks,
                        rng=random.Random(seed * 100003 + ply)).run(game, stop=stop, observer=seat)
        chances.append(result.values)
        if mover == seat and result.best != played:
            move_seed = seed * 100003 + ply
            better_value = value_of(game, seat, result.best, samples, move_seed, hooks)
            played_value = value_of(game, seat, played, samples, move_seed, hooks)
            if better_value > played_value:
                costly.append(CostlyMove(ply, seat, played, result.best, played_value, better_value,
                                         facts(game, seat, played, seed), facts(game, seat, result.best, seed)))
        game.redo()
        if progress:
            progress(ply + 1, len(actions))
    else:
        chances.append(win_shares(game) if game.is_over else
                       Search(iterations=curve_iterations, seconds=None, hooks=hooks,
                              rng=random.Random(seed)).run(game, observer=seat).values)
    costly.sort(key=lambda m: (-m.loss, m.ply))
    return Review(seat, actions, chances, costly[:worst], stopped=len(chances) <= len(actions))
