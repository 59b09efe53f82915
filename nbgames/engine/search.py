"""Information-set Monte Carlo tree search over the `Game` facade, game-agnostic.

Every iteration plays on ``game.determinize(seat, rng)``: a sample of everything the searching
seat cannot see, so the search never reads a secret (single-observer IS-MCTS, Cowling et al.
2012). The tree is keyed by action notation; a child's UCB uses how often it was *available*,
because which actions exist depends on the sample. A game may declare `BotHooks` (manifest
``bot="module:NAME"``): an evaluation of positions not yet over, a rollout policy and a rollout
depth. No game-specific search.
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from .action import Action
from .game import Game

EXPLORATION = 0.7  # UCT constant for values in [0, 1]


@dataclass(frozen=True)
class BotHooks:
    """What a game may tell its bots; every field is optional.

    ``evaluate(game) -> [value per seat in 0..1]`` judges a position that is not over (default:
    each seat's score lead, squashed by ``score_scale``). ``search_evaluate`` is the searching
    bots' own judgement where the game has a better one for them (default: ``evaluate``): the
    greedy bot and the post-game review keep ``evaluate``, whose values the review's
    temperatures were fitted to. ``rollout(game, legal, rng) -> Action``
    picks a move in a playout (default: uniform). ``rollout_depth`` plies are played before the
    evaluation (None: to the end of the game). ``considered(game, legal) -> actions`` narrows
    the legal actions a bot weighs (never to none; default: all of them), for a game whose
    rules allow a move forever, such as a swap undone and done again. ``decide(game, legal) ->
    action or None`` is a move the game's own knowledge makes without a search, where it plays
    better than the search (None: search): the searching bots play it, hints suggest it and the
    review offers it as the better move; the greedy bot keeps its one-ply look. ``review_scale`` scales
    the post-game review's iterations (`nbgames.engine.review`): below 1 for a game whose
    playouts are slow or whose games are long, so that the review of a whole 4-seat game keeps
    to its time. ``review_temperatures`` turn the search's values into the review's winning
    chances (`nbgames.engine.review.shares`), one per equal part of the game, first to last:
    fitted to who won greedy games (`benchmarks/calibration.py --review`); 0.5 leaves a
    heads-up game's values as they are. ``review_temperatures_by_seats`` are those fitted at a
    table size of their own (seats -> temperatures), where the others' fit reads wrong: a
    heads-up game's two values make sharper chances at the same temperature than four values do.
    """

    evaluate: Callable[[Game], list[float]] | None = None
    search_evaluate: Callable[[Game], list[float]] | None = None
    rollout: Callable[[Game, list[Action], random.Random], Action] | None = None
    rollout_depth: int | None = None
    considered: Callable[[Game, list[Action]], list[Action]] | None = None
    decide: Callable[[Game, list[Action]], Action | None] | None = None
    score_scale: float = 10.0
    review_scale: float = 1.0
    review_temperatures: tuple[float, ...] = (0.5,)
    review_temperatures_by_seats: dict[int, tuple[float, ...]] = field(default_factory=dict)


DEFAULT_HOOKS = BotHooks()


def hooks_for(game: Game) -> BotHooks:
    """The hooks a game's manifest names (the defaults when it names none)."""
    return game.manifest.bot_hooks() or DEFAULT_HOOKS


def for_search(hooks: BotHooks) -> BotHooks:
    """The hooks a searching bot plays with: its own judgement (`BotHooks.search_evaluate`)."""
    return replace(hooks, evaluate=hooks.search_evaluate) if hooks.search_evaluate else hooks


def options(game: Game, hooks: BotHooks) -> list[Action]:
    """The legal actions a bot weighs: all, or those the game's `BotHooks.considered` keeps."""
    legal = game.legal_actions()
    return (hooks.considered(game, legal) or legal) if hooks.considered else legal


def decision(game: Game, hooks: BotHooks) -> Action | None:
    """The move `BotHooks.decide` makes in this position without a search (None: search)."""
    return hooks.decide(game, options(game, hooks)) if hooks.decide else None


def squash(lead: float, scale: float) -> float:
    """A score lead as a value in 0..1 (0.5: level)."""
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, lead / scale))))


def score_values(scores: list[float], scale: float) -> list[float]:
    """Per seat, its lead over the best other seat, squashed to 0..1."""
    values = []
    for seat, own in enumerate(scores):
        best_other = max((s for i, s in enumerate(scores) if i != seat), default=own)
        values.append(squash(own - best_other, scale))
    return values


def evaluate(game: Game, hooks: BotHooks) -> list[float]:
    """Value of a position per seat, 0..1. A finished game: its win shares, nudged by the margin
    so a bot prefers winning big to winning narrowly."""
    if not game.is_over:
        return hooks.evaluate(game) if hooks.evaluate else score_values(game.scores(), hooks.score_scale)
    winners = game.winners()
    margins = score_values(game.scores(), hooks.score_scale)
    return [0.9 * (1.0 / len(winners) if seat in winners else 0.0) + 0.1 * margins[seat]
            for seat in range(game.players)]


def rollout(game: Game, hooks: BotHooks, rng: random.Random) -> list[float]:
    """Play on (a sampled copy) by the rollout policy, then evaluate."""
    depth = hooks.rollout_depth
    while not game.is_over and (depth is None or depth > 0):
        legal = options(game, hooks)
        game.play(hooks.rollout(game, legal, rng) if hooks.rollout and len(legal) > 1 else rng.choice(legal))
        if depth is not None:
            depth -= 1
    return evaluate(game, hooks)


WIDENING = 0.25  # root actions weighed after n iterations: 1 + n ** WIDENING


def widening(iterations: int, power: float = WIDENING) -> int:
    """How many root actions, best prior first, the search weighs after `iterations`: with 50
    bids and noisy playouts, a search that spreads its iterations over all of them picks one at
    random; widening slowly (progressive unpruning, Chaslot et al. 2008) lets the playouts refine
    the few the prior finds best first. (Other powers tried in New York City on 2026-12-05 were
    not shown stronger: docs/bots.md.)"""
    return 1 + int(iterations ** power)


class Node:
    """Statistics of one action sequence: visits, total value for the seat that chose it, and
    how often it was available."""

    __slots__ = ("action", "children", "visits", "total", "available", "mover")

    def __init__(self, action: Action | None, mover: int | None):
        self.action = action
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 0
        self.mover = mover

    def ucb(self, exploration: float) -> float:
        return self.total / self.visits + exploration * math.sqrt(math.log(self.available) / self.visits)


@dataclass
class ActionValue:
    """One root action: its notation, visits and mean value (0..1) for the seat that chooses it."""

    action: Action
    visits: int
    value: float


@dataclass
class SearchResult:
    """What a search found: root actions best first, and each seat's estimated value."""

    seat: int  # the observer: the seat whose knowledge the samples respect
    actions: list[ActionValue]
    values: list[float]  # per seat, mean value over the iterations (≈ winning chance)
    iterations: int
    seconds: float
    stopped: bool = False  # ended before the iteration cap

    @property
    def best(self) -> Action:
        return self.actions[0].action


def decided(game: Game, action: Action, hooks: BotHooks) -> SearchResult:
    """The result for a move `BotHooks.decide` made without a search: that move first, the
    other legal moves after it, none visited; the values are the position's evaluation."""
    seat, values = game.to_move, evaluate(game, hooks)
    others = [ActionValue(a, 0, 0.0) for a in options(game, hooks) if a != action]
    actions = [ActionValue(action, 0, values[seat]), *others]
    return SearchResult(seat, actions, values, 0, 0.0)


@dataclass
class Search:
    """IS-MCTS with UCT. Reproducible: the same seed and iteration count (no deadline reached)
    give the same result.

    ``prior`` seeds each root action with that many virtual visits at its one-ply value (the
    game's evaluation after it, on one sample): with many actions (a bid from 1 to 50) and a
    second to think, the search then refines the sensible ones instead of trying each once.
    Every action is judged on the same sample (hidden cards and future chance alike), so the
    values differ by the action alone and not by the luck of its sample."""

    iterations: int = 1000
    seconds: float | None = None
    exploration: float = EXPLORATION
    prior: int = 5
    widen: float = WIDENING  # the power of `widening`
    stop_when_decided: bool = False  # stop once no other action can overtake the most visited
    hooks: BotHooks | None = None
    rng: random.Random = field(default_factory=random.Random)

    def run(self, game: Game, deadline: float | None = None, stop: threading.Event | None = None,
            observer: int | None = None, hooks: BotHooks | None = None) -> SearchResult:
        """Search from `game` for the seat to move, on samples of what `observer` (default: that
        seat) cannot see, with `hooks` (default: the search's own, else the game's). `deadline`
        (time.monotonic()) and `stop` end it early; the live game is only read through
        `determinize`, `legal_actions` and `to_move`."""
        if game.to_move is None:
            raise ValueError("the game is over: there is nothing to search")
        seat = game.to_move if observer is None else observer
        hooks = hooks or self.hooks or hooks_for(game)
        start = time.monotonic()
        if self.seconds is not None:
            deadline = min(deadline or math.inf, start + self.seconds)
        # the seat to move's own legal actions (another observer gets the actions its samples had)
        legal = {str(a): a for a in options(game, hooks)} if seat == game.to_move else None
        root = Node(None, None)
        ranking: list[str] = []  # root actions best first by their prior (empty: no widening)
        if self.prior and seat == game.to_move:
            ranking = self._seed_root(root, game, hooks, deadline, stop)
        sums = [0.0] * game.players
        done = 0
        while done < self.iterations:
            # one iteration at least before the deadline counts: a late start still gives an answer
            if (deadline is not None and done and time.monotonic() >= deadline) or (stop is not None and stop.is_set()):
                break
            allowed = set(ranking[:widening(done, self.widen)]) if ranking else None
            values = self._iterate(root, game.determinize(seat, self.rng), hooks, allowed)
            sums = [s + v for s, v in zip(sums, values, strict=True)]
            done += 1
            check_due = self.stop_when_decided and legal and done % 16 == 0
            if check_due and self._decided(root, legal, done, start, deadline):
                break
        stopped = done < self.iterations  # by the deadline, `stop`, or decided
        ranked = sorted((n for name, n in root.children.items() if legal is None or name in legal),
                        key=lambda n: (-n.visits, -n.total / n.visits, str(n.action)))
        actions = [ActionValue(legal[str(n.action)] if legal else n.action, n.visits, n.total / n.visits)
                   for n in ranked]
        seen = {a.action for a in actions}
        actions += [ActionValue(a, 0, 0.0) for a in (legal or {}).values() if a not in seen]
        return SearchResult(seat, actions, [s / max(done, 1) for s in sums], done,
                            time.monotonic() - start, stopped)

    def _decided(self, root: Node, legal: dict[str, Action], done: int, start: float, deadline: float | None) -> bool:
        """Whether the most visited root action keeps its place whatever the iterations left
        do (the move is chosen by visits): those left by the cap, or by the time at this pace."""
        left = self.iterations - done
        if deadline is not None:
            now = time.monotonic()
            left = min(left, int((deadline - now) * done / max(now - start, 1e-9)) + 1)
        visits = sorted((root.children[name].visits for name in legal if name in root.children), reverse=True)
        return len(visits) < 2 or visits[0] - visits[1] > left

    def _seed_root(self, root: Node, game: Game, hooks: BotHooks, deadline: float | None = None,
                   stop: threading.Event | None = None) -> list[str]:
        """Seed the root's children with their prior; returns their names best first. With a
        hundred actions this alone can outlast a hint's budget: once the deadline passes (or
        `stop` is set) the actions left get no prior and come last, in the order of the legal list."""
        mover = game.to_move
        seed = self.rng.getrandbits(64)
        legal = options(game, hooks)
        for k, action in enumerate(legal):
            if k and ((deadline is not None and time.monotonic() >= deadline) or (stop is not None and stop.is_set())):
                break
            sample = game.determinize(mover, random.Random(seed))
            sample.play(action)
            child = root.children[str(action)] = Node(action, mover)
            child.visits = child.available = self.prior
            child.total = self.prior * evaluate(sample, hooks)[mover]
        seeded = sorted(root.children, key=lambda name: (-root.children[name].total, name))
        return seeded + [str(a) for a in legal if str(a) not in root.children]

    def _iterate(self, root: Node, sample: Game, hooks: BotHooks, allowed: set[str] | None = None) -> list[float]:
        """One iteration; at the root only the `allowed` actions (None: all) are searched."""
        node, path = root, []
        while not sample.is_over:
            legal = options(sample, hooks)
            if node is root and allowed is not None:
                legal = [a for a in legal if str(a) in allowed] or legal
            mover = sample.to_move
            untried = []
            for action in legal:  # every action on offer counts as available, also when one is expanded
                child = node.children.get(str(action))
                if child is None:
                    untried.append(action)
                else:
                    child.available += 1
            if untried:
                action = self.rng.choice(untried)
                node.children[str(action)] = child = Node(action, mover)
                child.available = 1
                sample.play(action)
                path.append(child)
                break
            children = [node.children[str(a)] for a in legal]
            best = max(range(len(legal)), key=lambda i: children[i].ucb(self.exploration))
            sample.play(legal[best])
            node = children[best]
            path.append(node)
        values = rollout(sample, hooks, self.rng)
        for child in path:
            child.visits += 1
            child.total += values[child.mover]
        return values
