"""Bots. A bot only reads what its seat may know: the legal actions, its seat's view, and
samples from ``game.determinize(seat, rng)``.

Every bot has ``choose(game, deadline=None, stop=None) -> Action`` and ``seconds``, its think
time per move (None for a bot that decides at once). It reads `game` but never
changes it, so a page may run it in a worker thread on a private copy (``game.clone()``) and
end it early: ``deadline`` is a `time.monotonic()` instant, ``stop`` a `threading.Event`; a
stopped search answers with the best action found so far.

Kinds (`make_bot`): ``random``, ``greedy``, ``mcts-easy``, ``mcts-normal``, ``mcts-hard``
(``mcts`` is ``mcts-normal``; ``mcts-strong``, the hard level's name before, is ``mcts-hard``).
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass

from .action import Action
from .game import Game
from .search import BotHooks, Search, SearchResult, decided, decision, evaluate, for_search, hooks_for, options


@dataclass(frozen=True)
class Level:
    """How long an MCTS bot may think (a time budget per move and an iteration cap), and how many
    playouts the one-ply look at each root move is worth to its search (`Search.prior`)."""

    seconds: float
    iterations: int
    prior: int = 5


LEVELS = {
    "easy": Level(0.2, 150),
    "normal": Level(0.9, 5000),  # decides within ~1 s a move on a 2-core machine
    "hard": Level(2.0, 20000, prior=30),  # how it was chosen: docs/bots.md, "The hard level"
}
RENAMED = {"strong": "hard", "mcts-strong": "mcts-hard"}  # older names: kept games, tables, scripts


def current_kind(kind):
    """A bot kind (or level) by its current name (anything else as it is, for the caller to refuse)."""
    return RENAMED.get(kind, kind) if isinstance(kind, str) else kind


class RandomBot:
    """Picks uniformly among the legal actions, from its own seeded RNG (never the game's)."""

    name = "random"
    seconds = None  # decides at once: no think time to budget

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, game: Game, deadline: float | None = None, stop: threading.Event | None = None) -> Action:
        return self.rng.choice(game.legal_actions())


class GreedyBot:
    """One ply: the action whose outcome is best for its seat by the game's evaluation (score
    lead, or the features the game declares), averaged over `samples` determinized outcomes of
    chance and hidden cards. Ties are broken by its own seeded RNG."""

    name = "greedy"
    seconds = None

    def __init__(self, seed: int | None = None, samples: int = 2, hooks: BotHooks | None = None):
        self.rng = random.Random(seed)
        self.samples = samples
        self.hooks = hooks

    def values(self, game: Game) -> dict[Action, float]:
        """Each legal action's estimated value (0..1) for the seat to move."""
        seat = game.to_move
        hooks = self.hooks or hooks_for(game)
        out = {}
        for action in options(game, hooks):
            total = 0.0
            for _ in range(self.samples):
                sample = game.determinize(seat, self.rng)
                sample.play(action)
                total += evaluate(sample, hooks)[seat]
            out[action] = total / self.samples
        return out

    def choose(self, game: Game, deadline: float | None = None, stop: threading.Event | None = None) -> Action:
        legal = options(game, self.hooks or hooks_for(game))
        if len(legal) == 1:
            return legal[0]
        values = self.values(game)
        best = max(values.values())
        return self.rng.choice([a for a, v in values.items() if v >= best - 1e-12])


class MctsBot:
    """Information-set MCTS (see `nbgames.engine.search`) within a `Level`'s budget.

    Reproducible: with the same seed, a move found within the iteration cap (before the time
    budget ends) is the same every time; ``seconds=None`` searches by iterations only.
    """

    def __init__(self, seed: int | None = None, level: str = "normal", iterations: int | None = None,
                 seconds: float | None = -1.0, hooks: BotHooks | None = None):
        level = current_kind(level)
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
        budget = LEVELS[level]
        self.name = f"mcts-{level}"
        self.search = Search(iterations=iterations or budget.iterations,
                             seconds=budget.seconds if seconds == -1.0 else seconds, prior=budget.prior,
                             hooks=hooks, rng=random.Random(seed), stop_when_decided=True)
        self.last: SearchResult | None = None  # the latest search (for hints, tests, a page's display)

    @property
    def seconds(self) -> float | None:
        """Think time per move (None: by iterations only)."""
        return self.search.seconds

    def analyse(self, game: Game, deadline: float | None = None,
                stop: threading.Event | None = None) -> SearchResult:
        """The search's result; a move the game's `BotHooks.decide` makes needs none."""
        hooks = self.search.hooks or hooks_for(game)
        move = decision(game, hooks)
        if move is None:
            self.last = self.search.run(game, deadline, stop, hooks=for_search(hooks))
        else:
            self.last = decided(game, move, hooks)
        return self.last

    def choose(self, game: Game, deadline: float | None = None, stop: threading.Event | None = None) -> Action:
        legal = options(game, self.search.hooks or hooks_for(game))
        if len(legal) == 1:
            return legal[0]
        return self.analyse(game, deadline, stop).best


def _mcts(level: str):
    return lambda seed=None: MctsBot(seed, level)


BOTS = {"random": RandomBot, "greedy": GreedyBot, "mcts": _mcts("normal"),
        **{f"mcts-{level}": _mcts(level) for level in LEVELS}}
BOT_KINDS = ("random", "greedy", "mcts-easy", "mcts-normal", "mcts-hard")  # what a page offers


def make_bot(kind: str, seed: int | None = None):
    """A bot by kind (see the module docstring), seeded."""
    kind = current_kind(kind)
    if kind not in BOTS:
        raise ValueError(f"unknown bot {kind!r}; bots: {', '.join(BOTS)}")
    return BOTS[kind](seed)
