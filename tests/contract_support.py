"""Helpers of the conformance suite (tests/test_contract.py): the cases it runs, seeded random
playouts, the positions it samples, and exact snapshots of a game's whole state.

Everything here works on any registered game through the `Game` facade; the only internals it
reads are generic (a recursive copy of the objects a game is made of), never a game's own names.
It imports no pytest, so a subprocess can use it too (the PYTHONHASHSEED check).
"""

from __future__ import annotations

import copy
import functools
import hashlib
import json
import os
import random
import sys
import types
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import nbgames
from nbgames.engine.events import Event
from nbgames.engine.registry import manifests

MAX_PLIES = 20_000  # a random playout longer than this is taken as a game that does not end


def seeds_from(text: str | None, default: tuple[int, ...]) -> tuple[int, ...]:
    """The seeds of `NBGAMES_CONTRACT_SEEDS`: "FIRST-LAST" (both included) or one seed; `default`
    when unset. `make fuzz` runs the suite so over many more games than `make test` does."""
    if not text:
        return default
    first, dash, last = text.partition("-")
    if not (first.isdigit() and (last.isdigit() if dash else True)) or int(last or first) < int(first):
        raise ValueError(f"NBGAMES_CONTRACT_SEEDS={text!r}: give a seed (7) or a range of seeds (100-139)")
    return tuple(range(int(first), int(last or first) + 1))


# The seeded games the checks sample their positions from; WIDENED under `make fuzz`.
FUZZ_SEEDS = os.environ.get("NBGAMES_CONTRACT_SEEDS")
WIDENED = bool(FUZZ_SEEDS)
PLAYOUT_SEEDS = seeds_from(FUZZ_SEEDS, (0, 1))
RANDOM_PLIES = 3  # positions sampled at random per playout, besides the systematic ones


@dataclass(frozen=True)
class Case:
    """One game, one of its declared variants (option sets) and one player count."""

    game: str
    variant: str
    players: int
    options_json: str  # the variant's options as JSON text (hashable, and a fresh copy each time)

    @property
    def options(self) -> dict[str, Any]:
        return json.loads(self.options_json)

    @property
    def id(self) -> str:
        return f"{self.game}-{self.variant}-{self.players}p"

    def new_game(self, seed: int) -> nbgames.Game:
        return nbgames.new_game(self.game, self.players, seed=seed, options=self.options)


def all_cases() -> list[Case]:
    """Every registered game x each variant it declares x each player count the variant allows."""
    out = []
    for manifest in manifests():
        for variant in manifest.variants:
            for players in variant.players or manifest.player_counts():
                out.append(Case(manifest.name, variant.name, players,
                                json.dumps(dict(variant.options), sort_keys=True)))
    return out


def chooser(case: Case, seed: int) -> random.Random:
    """The RNG that picks a playout's moves (separate from the game's own seeded chance)."""
    return random.Random(f"{case.id}/{seed}")  # str seeds hash with SHA-512: stable across runs


def play_random(case: Case, seed: int, each_ply=None) -> nbgames.Game:
    """Play uniformly random legal actions until the game ends; `each_ply(game, legal)` runs
    before every action. AssertionError if it takes more than MAX_PLIES actions."""
    game = case.new_game(seed)
    rng = chooser(case, seed)
    while not game.is_over:
        assert len(game.history) < MAX_PLIES, f"{case.id} seed {seed}: no end after {MAX_PLIES} plies"
        legal = game.legal_actions()
        if each_ply is not None:
            each_ply(game, legal)
        game.play(rng.choice(legal))
    return game


@dataclass(frozen=True)
class Playout:
    """A finished random game, kept as plain data: rebuild positions with `replay`."""

    case: Case
    seed: int
    played: tuple[nbgames.Action, ...]  # the actions, in order
    legal: tuple[tuple[nbgames.Action, ...], ...]  # per ply: the legal actions before it

    @functools.cached_property
    def actions(self) -> tuple[str, ...]:
        """The notations of the actions played."""
        return tuple(map(str, self.played))

    @functools.cached_property
    def notations(self) -> dict[str, str]:
        """Every notation legal somewhere in the game, with its action's kind."""
        return {str(a): a.kind for actions in self.legal for a in actions}

    def replay(self, ply: int | None = None) -> nbgames.Game:
        """A fresh game from the same seed with the first `ply` actions played (all if None)."""
        game = self.case.new_game(self.seed)
        for action in self.played[:ply]:
            game.play(str(action))
        return game


@functools.cache
def playout(case: Case, seed: int = PLAYOUT_SEEDS[0]) -> Playout:
    legal_lists = []
    game = play_random(case, seed, lambda game, legal: legal_lists.append(tuple(legal)))
    return Playout(case, seed, tuple(game.history), tuple(legal_lists))


def playouts(case: Case) -> list[Playout]:
    return [playout(case, seed) for seed in PLAYOUT_SEEDS]


@functools.cache
def game_notations(game: str) -> dict[str, str]:
    """Notations seen legal anywhere in the playouts of every case of a game, with their kind
    (other variants' moves are good refusal material: an action card where there are none)."""
    out: dict[str, str] = {}
    for case in all_cases():
        if case.game == game:
            for p in playouts(case):
                out.update(p.notations)
    return dict(sorted(out.items()))


def illegal_notations(p: Playout, ply: int, rng: random.Random, count: int) -> list[str]:
    """Notations of the game that are not legal at `ply`: near misses (legal a few plies
    before or after), some of every kind, and some at random."""
    legal_now = set(map(str, p.legal[ply])) if ply < len(p.legal) else set()
    known = game_notations(p.case.game)
    window = p.legal[max(0, ply - 2 * p.case.players): ply + 2 * p.case.players]
    near = sorted({str(a) for actions in window for a in actions} - legal_now)
    by_kind: dict[str, list[str]] = {}
    for notation, kind in known.items():
        if notation not in legal_now:
            by_kind.setdefault(kind, []).append(notation)
    chosen = rng.sample(near, min(count // 2, len(near)))
    for notations in by_kind.values():
        chosen += rng.sample(notations, min(2, len(notations)))
    others = [n for n in known if n not in legal_now]
    chosen += rng.sample(others, min(count // 4, len(others)))
    return list(dict.fromkeys(chosen))


# Values a changed record may hold instead of one of its own (besides another of its own).
ODD_VALUES = (None, True, False, 0, -1, 1, 2, 3, 7, 99, 2**31 - 1, -(2**31) + 1, 10**6, 1.5, "", "x", "A1",
              [], [0], [0, 0, 0], [-1, 5], {})


def changed_at_random(value: Any, rng: random.Random, odd: tuple = ODD_VALUES) -> Any:
    """`value` (JSON data, changed in place) with one to three of its parts replaced by another of
    its parts or an `odd` value, dropped, doubled or swapped: what a careless edit or a hostile
    hand makes of a file (a lesson, a data set)."""
    def paths(node: Any, path: tuple = ()) -> Iterator[tuple]:
        yield path
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for key, child in items:
            yield from paths(child, (*path, key))

    def at(path: tuple) -> Any:
        node = value
        for key in path:
            node = node[key]
        return node

    for _ in range(rng.choice((1, 1, 2, 3))):
        parts = [p for p in paths(value) if p]
        if not parts:
            break
        path = rng.choice(parts)
        parent, key = at(path[:-1]), path[-1]
        how = rng.choice(("replace", "replace", "nudge", "drop", "double", "swap"))
        if how == "replace":
            parent[key] = copy.deepcopy(rng.choice([*odd, at(rng.choice(parts))]))
        elif how == "nudge" and type(parent[key]) is int:
            parent[key] += rng.choice((-3, -1, 1, 2, 50))
        elif how == "drop":
            del parent[key]
        elif isinstance(parent, list):
            other = rng.randrange(len(parent))
            if how == "double":
                parent.insert(key, copy.deepcopy(parent[key]))
            else:
                parent[key], parent[other] = parent[other], parent[key]
    return value


def mutated(record: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A copy of `record` changed once or twice at random, as a careless or hostile hand would:
    its outcomes of chance or its moves changed (`changed_at_random`: a part replaced, nudged,
    dropped, doubled or swapped), an option or the player count replaced."""
    changed = json.loads(json.dumps(record))
    for _ in range(rng.choice((1, 1, 2))):
        what = rng.choice(("chance", "chance", "actions", "actions", "options", "players"))
        if what in ("chance", "actions") and isinstance(changed.get(what), list) and changed[what]:
            changed_at_random(changed[what], rng)
        elif what == "options" and isinstance(changed["options"], dict):
            keys = [*changed["options"], "teams", "action_cards", "colour_choice", "characters", "position"]
            changed["options"][rng.choice(keys)] = rng.choice(ODD_VALUES)
        elif what == "players":
            changed["players"] = rng.choice((0, 1, 2, 3, 4, 5, 6, 7, "4", True))
    return changed


def sample_positions(p: Playout) -> list[int]:
    """Plies worth checking: the start, the end, the first ply where each kind of action is
    legal, the ply right after each kind is first played (sub-decisions: filling a square,
    choosing a schemer's effect …) and a few random plies."""
    plies = {0, len(p.actions)}
    legal_seen: set[str] = set()
    for ply, actions in enumerate(p.legal):
        kinds = {a.kind for a in actions}
        if kinds - legal_seen:
            plies.add(ply)
            legal_seen |= kinds
    played_seen: set[str] = set()
    for ply, action in enumerate(p.played):
        if action.kind not in played_seen:
            played_seen.add(action.kind)
            plies.add(ply + 1)
    rng = random.Random(f"{p.case.id}/sample")
    plies.update(rng.sample(range(len(p.actions) + 1), min(RANDOM_PLIES, len(p.actions) + 1)))
    return sorted(plies)


def walk(p: Playout, plies: list[int]) -> Iterator[tuple[int, nbgames.Game]]:
    """One game replaying the playout, stopping at each of the (ascending) plies."""
    game = p.case.new_game(p.seed)
    for ply in plies:
        while len(game.history) < ply:
            game.play(str(p.played[len(game.history)]))
        yield ply, game


def positions(case: Case) -> Iterator[tuple[str, nbgames.Game]]:
    """The sampled positions of every playout of a case: ("seed/ply", the game there)."""
    for p in playouts(case):
        for ply, game in walk(p, sample_positions(p)):
            yield f"seed {p.seed} ply {ply}", game


# -- exact snapshots ------------------------------------------------------------------------
_SCALARS = frozenset({int, str, bool, float, type(None)})
_REFERENCES = (type, types.FunctionType, types.BuiltinFunctionType, types.MethodType, types.ModuleType,
               functools.partial)


def snapshot(value: Any, tables: Mapping[int, tuple[str, Any]] | None = None,
             _active: frozenset = frozenset()) -> Any:
    """A plain, comparable copy of everything reachable from `value`: containers element by
    element, objects by their ``vars()`` and ``__slots__``, a `random.Random` by its state.
    Two snapshots are equal exactly when the objects hold the same data. Objects in `tables`
    (see `module_tables`) are compared by identity only."""
    if value is None or isinstance(value, (bool, int, float, complex)):
        return (type(value).__name__, value)
    if type(value) is nbgames.Action:  # immutable: its notation, kind and arguments say it all
        return ("Action", str.__str__(value), value.kind, repr(value.args))
    if isinstance(value, Event):  # frozen plain data by contract: its repr shows every field
        return ("Event", type(value).__qualname__, repr(value))
    if isinstance(value, str):
        extra = snapshot(vars(value), tables, _active) if hasattr(value, "__dict__") else None
        return (type(value).__name__, str.__str__(value), extra)
    if isinstance(value, (bytes, bytearray)):
        return (type(value).__name__, bytes(value))
    if isinstance(value, random.Random):
        return ("Random", value.getstate())
    if isinstance(value, _REFERENCES):
        return ("ref", id(value))
    if tables and id(value) in tables:
        return ("table", tables[id(value)][0])
    if id(value) in _active:
        return ("cycle", type(value).__name__)
    active = _active | {id(value)}

    def inner(v):
        return snapshot(v, tables, active)

    if isinstance(value, (list, tuple)):
        if all(type(v) in _SCALARS for v in value):  # fast path: repr is exact for these
            return (type(value).__name__, repr(value))
        return (type(value).__name__, tuple(map(inner, value)))
    if isinstance(value, Mapping):
        return (type(value).__name__, tuple((inner(k), inner(v)) for k, v in value.items()))
    if isinstance(value, (set, frozenset)):
        return (type(value).__name__, tuple(sorted(map(inner, value), key=repr)))
    return (type(value).__qualname__, tuple((name, inner(field)) for name, field in sorted(_fields(value).items())))


def module_tables(game: nbgames.Game) -> dict[int, tuple[str, Any]]:
    """The module-level objects of the package a game's rules come from (action tables, stage
    tables, data), by id. Every game shares them, so a snapshot names them instead of copying
    them out each time (a game state is not meant to live in a module global)."""
    return _tables(type(game.rules).__module__)


@functools.cache
def _tables(rules_module: str) -> dict[int, tuple[str, Any]]:
    # Cached per rules module: by a game's first snapshot, all of its modules are imported.
    package = rules_module.partition(".")[0]
    out = {}
    for name, module in list(sys.modules.items()):
        if module is not None and (name == package or name.startswith(package + ".")):
            for attr, value in vars(module).items():
                if type(value) not in _SCALARS and not isinstance(value, _REFERENCES):
                    out[id(value)] = (f"{name}.{attr}", value)  # holding it keeps its id unique
    return out


def _fields(obj: Any) -> dict[str, Any]:
    out = dict(vars(obj)) if hasattr(obj, "__dict__") else {}
    for cls in type(obj).__mro__:
        slots = getattr(cls, "__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            if name not in ("__dict__", "__weakref__") and hasattr(obj, name):
                out[name] = getattr(obj, name)
    return out


def event_data(event: Any) -> Any:
    """An event as comparable data: its JSON if it is a typed Event (else the raw value)."""
    return event.to_json() if isinstance(event, Event) else event


def observe(game: nbgames.Game, events: bool = True) -> dict[str, Any]:
    """Everything the facade shows of a game: whose move, the legal actions, every seat's view
    and the public one, the history, the events (as JSON) and the scores."""
    seen = {
        "to_move": game.to_move,
        "is_over": game.is_over,
        "legal": [str(a) for a in game.legal_actions()],
        "views": [game.view(s) for s in range(game.players)],
        "public": game.view(None),
        "history": [str(a) for a in game.history],
        "scores": game.scores(),
    }
    if events:
        seen["events"] = [event_data(e) for e in game.events()]
    return seen


def whole_state(game: nbgames.Game) -> tuple:
    """The game's whole state: what the facade shows plus a snapshot of every object it holds
    (the rules state with its RNG, history, undone actions, options, caches)."""
    seen = observe(game, events=False)  # (the snapshot holds the events) fills the legal cache
    return json.dumps(seen, sort_keys=True, default=repr), snapshot(vars(game), module_tables(game))


def position(game: nbgames.Game) -> tuple:
    """What a replay from the seed must rebuild exactly: a snapshot of the rules state (with
    its RNG) and everything the facade shows, events included."""
    return snapshot(game.rules, module_tables(game)), observe(game)


def json_round_trip(value: Any) -> Any:
    """`value` through strict JSON (no NaN/Infinity) and back."""
    return json.loads(json.dumps(value, allow_nan=False))


def fingerprint(case: Case, seed: int) -> str:
    """A hash of a seeded random playout: every action, the final views, the scores, the
    events, and every seat's view of a determinization half way. Equal in every process."""
    p = play_random(case, seed)
    middle = p.clone()
    middle.goto(len(p.history) // 2)
    sample = middle.determinize(middle.to_move or 0, random.Random(seed))
    data = [
        [str(a) for a in p.history],
        [p.view(s) for s in range(p.players)] + [p.view(None)],
        p.scores(),
        [repr(event_data(e)) for e in p.events()],
        [sample.view(s) for s in range(p.players)],
    ]
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()
