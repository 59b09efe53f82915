"""The `Game` facade: one object per game being played, the same for every game."""

from __future__ import annotations

import json
import random
import secrets
from typing import Any

from ..i18n import msg
from .action import Action
from .chance import Chance
from .errors import IllegalAction, RecordError, UnknownNotation
from .events import Event
from .manifest import Manifest
from .registry import manifest as find_manifest
from .registry import rules_class
from .rules import Rules

RECORD_FORMAT = "nbgames-record"
RECORD_VERSION = 2  # 2: a game in progress is saved without its seed (`chance`); 1 still loads
MAX_CHANCE_OUTCOMES = 1_000_000
MAX_SEED = 2**63
MAX_RECORD_ACTIONS = 100_000
MAX_NOTATION_LENGTH = 80
MAX_RECORD_BYTES = 4_000_000


class Game:
    """A game being played: legal actions, playing, undo/redo, views, results and records.

    >>> g = Game("newyork", players=4, seed=7)
    >>> g.play(g.legal_actions()[0])
    """

    def __init__(
        self,
        name: str,
        players: int,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        allow_undo: bool = True,
        practice: bool = False,
    ):
        """`practice`: a learning game — undo may go back anywhere and a page may show the
        seed. Otherwise (fair play) a seat may undo only its own moves that revealed nothing."""
        self.manifest = find_manifest(name)
        cls = self.manifest.rules_class()
        if isinstance(players, bool) or not isinstance(players, int):
            raise ValueError(f"players must be a whole number, got {players!r}")
        m = self.manifest
        if not m.min_players <= players <= m.max_players:
            raise ValueError(f"{m.title} is for {m.min_players}-{m.max_players} players, not {players}")
        if seed is None:  # 63 random bits: too many to find from the cards a seat sees
            seed = secrets.randbits(63)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < MAX_SEED:
            raise ValueError(f"seed must be a whole number from 0 to 2**63-1, got {seed!r}")
        self.name = name
        self.players = players
        self.seed = seed
        self.options = cls.normalize_options(players, _checked_options(self.manifest, players, options))
        self.allow_undo = allow_undo
        self.practice = bool(practice)
        self.sampled = False
        self._cls = cls
        self._replay: list | None = None  # a loaded game's recorded past outcomes of chance
        self._history: list[Action] = []
        self._plies: list[tuple[int | None, bool]] = []  # per ply: who moved, whether it revealed
        self._undone: list[Action] = []
        self._state = self._fresh_state()
        self._legal: list[Action] | None = None

    def _fresh_state(self) -> Rules:
        return self._cls(self.players, self.options, Chance(self.seed, self._replay))

    @staticmethod
    def _apply(state: Rules, action: Action) -> tuple[int | None, bool]:
        """Apply a legal action; (who played it, whether it revealed anything hidden: an
        outcome of chance or an event that shows what was secret)."""
        actor, outcomes, events = state.to_move, len(state.rng.log), len(state.events)
        state.apply(action)
        revealed = len(state.rng.log) > outcomes or any(e.reveals for e in state.events[events:])
        return actor, revealed

    # -- the state -------------------------------------------------------------------------
    @property
    def title(self) -> str:
        return self.manifest.title

    @property
    def rules(self) -> Rules:
        """The underlying rules state (read it; change it only through `play`)."""
        return self._state

    def events(self, since: int = 0) -> list[Event]:
        """The game's public events (typed, oldest first) from index `since` on."""
        return self._state.events[since:]

    @property
    def event_count(self) -> int:
        """How many events the game has produced so far (an index for `events(since)`)."""
        return len(self._state.events)

    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is, or None when the game is over."""
        return self._state.to_move

    @property
    def is_over(self) -> bool:
        return self._state.is_over

    @property
    def history(self) -> list[Action]:
        """The actions played so far, oldest first."""
        return list(self._history)

    @property
    def ply(self) -> int:
        """How many actions have been played: `len(history)` without copying it."""
        return len(self._history)

    def recent(self, count: int) -> list[Action]:
        """The last `count` actions played, oldest first: the end of `history` without copying
        the rest (a bot's hook asks this at every ply of its playouts)."""
        return self._history[-count:] if count > 0 else []

    def legal_actions(self) -> list[Action]:
        """Every action the seat to move may take now."""
        return list(self._legal_now())

    # -- playing ---------------------------------------------------------------------------
    def parse(self, action: Action | str) -> Action:
        """This game's action for a notation (or an equal Action); UnknownNotation if none."""
        text = str.__str__(action) if isinstance(action, str) else repr(action)
        parsed = None
        if isinstance(action, str) and len(action) <= MAX_NOTATION_LENGTH:
            parsed = self._state.parse(text)
        if parsed is None:
            rule, reason = self._state.why_unknown(text[:MAX_NOTATION_LENGTH])
            raise UnknownNotation(rule, reason, None)
        return parsed

    def is_legal(self, action: Action | str) -> bool:
        try:
            action = self.parse(action)
        except IllegalAction:
            return False
        return action in self._legal_now()

    def refusal(self, action: Action | str) -> IllegalAction | None:
        """Why `action` may not be played now (the error `play` would raise), or None if it may."""
        try:
            parsed = self.parse(action)
        except UnknownNotation as exc:
            return exc
        if parsed in self._legal_now():
            return None
        rule, reason = self._state.why_not(parsed)
        return IllegalAction(rule, reason, parsed)

    def preview(self, action: Action | str) -> dict[str, Any]:
        """What a legal action would do, computed on a copy (IllegalAction if it is not legal).

        Keys are the game's own (documented in its rules module); every game gives at least
        ``events`` (the public events it would produce, as JSON) and ``scores`` (after it).
        Chance in a preview is imagined, never the game's real future.
        """
        refusal = self.refusal(action)
        if refusal is not None:
            raise refusal
        legal = self._legal_now()
        return self._state.preview(legal[legal.index(self.parse(action))])

    def play(self, action: Action | str) -> Action:
        """Play an action (or its notation). Illegal: raises IllegalAction, nothing changes."""
        legal = self._legal_now()
        try:
            action = legal[legal.index(action)]  # the game's own Action object
        except ValueError:
            parsed = self.parse(action)  # another spelling of a legal action is fine
            if parsed not in legal:
                rule, reason = self._state.why_not(parsed)
                raise IllegalAction(rule, reason, parsed) from None
            action = legal[legal.index(parsed)]
        self._plies.append(self._apply(self._state, action))
        self._history.append(action)
        self._undone.clear()
        self._legal = None
        return action

    def _legal_now(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._state.legal_actions()  # [] once the game is over
        return self._legal

    # -- time travel -----------------------------------------------------------------------
    @property
    def can_undo(self) -> bool:
        return self.allow_undo and bool(self._history)

    @property
    def can_redo(self) -> bool:
        return self.allow_undo and bool(self._undone)

    def undo_floor(self, seat: int | None) -> int:
        """The earliest ply `seat` may go back to. In a fair game that is past only the seat's
        own latest moves that revealed nothing: going back past another seat's move, a card
        drawn or a lot won would let it replay knowing what it could not know. 0 (anywhere)
        in practice mode, or when nobody in particular asks (seat None)."""
        if seat is None or self.practice:
            return 0
        ply = len(self._history)
        while ply and self._plies[ply - 1] == (seat, False):
            ply -= 1
        return ply

    def _check_back(self, ply: int, seat: int | None) -> None:
        floor = self.undo_floor(seat)
        if ply < floor:
            actor, _ = self._plies[floor - 1]
            why = (msg("your move revealed something hidden")
                   if actor == seat else msg("Player {n} has moved since", n=actor + 1) if actor is not None
                   else msg("chance has revealed something since"))
            raise IllegalAction("UNDO", msg("Undo stops here: {why}, and going back would let you play again "
                                            "knowing it. (A practice game lifts this.)", why=why))

    def undo(self, seat: int | None = None) -> Action:
        """Take back the last action. `seat`: who asks (a fair game refuses what `undo_floor`
        forbids); None: no limit (a Python user, a lesson)."""
        if not self.can_undo:
            raise IllegalAction("UNDO", msg("There is nothing to undo.") if self.allow_undo
                                else msg("Undo is switched off in this game."))
        action = self._history[-1]
        self.goto(len(self._history) - 1, seat)
        return action

    def redo(self) -> Action:
        """Play again the action most recently undone."""
        if not self.can_redo:
            raise IllegalAction("UNDO", msg("There is nothing to redo."))
        action = self._undone.pop()
        self._plies.append(self._apply(self._state, action))
        self._history.append(action)
        self._legal = None
        return action

    def goto(self, ply: int, seat: int | None = None) -> None:
        """Show the game as it was after `ply` actions; later actions can be redone. `seat`:
        who asks, as for `undo`."""
        if isinstance(ply, bool) or not isinstance(ply, int):
            raise IllegalAction("UNDO", msg("A position is a whole number of moves, not {ply}.", ply=repr(ply)))
        if not self.allow_undo and ply != len(self._history):
            raise IllegalAction("UNDO", msg("Undo is switched off in this game."))
        timeline = self._history + self._undone[::-1]
        if not 0 <= ply <= len(timeline):
            raise IllegalAction("UNDO", msg("There is no position {ply}; the game has {count}.", ply=ply,
                                            count=len(timeline)))
        self._check_back(ply, seat)
        state = self._fresh_state()
        self._plies = [self._apply(state, action) for action in timeline[:ply]]
        self._state = state
        self._history = timeline[:ply]
        self._undone = timeline[ply:][::-1]
        self._legal = None

    @property
    def replays_from_seed(self) -> bool:
        """Whether the seed alone replays this game (False for a game loaded from a record of
        revealed outcomes, whose unseen cards were dealt anew, and for a sampled game)."""
        return self._replay is None and not self.sampled

    @property
    def timeline_length(self) -> int:
        """Actions played plus actions undone (that redo could bring back)."""
        return len(self._history) + len(self._undone)

    # -- results ---------------------------------------------------------------------------
    def scores(self) -> list[int]:
        return self._state.scores()

    def winners(self) -> list[int]:
        """Seats that share the win (only meaningful once the game is over)."""
        return self._state.winners()

    def explain_scores(self) -> list[dict[str, Any]]:
        """Per seat, the score broken down by the rule each part comes from."""
        return self._state.explain_scores()

    def _seat(self, seat: Any) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat!r} in a {self.players}-player game (seats are 0-{self.players - 1})")
        return seat

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """JSON-safe dict of what `seat` may know (None: only what everyone may know)."""
        return self._state.view(None if seat is None else self._seat(seat))

    def bot_view(self, seat: int | None = None) -> dict[str, Any]:
        """Part of `view(seat)`, cheaper to build: what a bot's evaluation reads at the end of
        every playout (keys: the game's rules module; a game may give the whole view)."""
        return self._state.bot_view(None if seat is None else self._seat(seat))

    def bot_views(self) -> list[dict[str, Any]]:
        """Every seat's `bot_view`, only of a sampled game (`determinize`): a search's own
        imagining, whose hidden cards it dealt itself, as its playouts play every seat's hand.
        Of the game being played it would show secrets: ValueError."""
        if not self.sampled:
            raise ValueError("every seat's view is shown only of a sampled game (determinize)")
        return self._state.bot_views()

    def determinize(self, seat: int, rng: random.Random) -> Game:
        """A sampled game consistent with `view(seat)`: everything that seat cannot know is
        re-dealt from `rng`, and its future chance comes from `rng` too. What information-set
        search plays on, so no bot ever reads a secret. It cannot be undone or saved."""
        state = self._state.determinize(self._seat(seat), rng)
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other.options = json.loads(json.dumps(self.options))
        other.allow_undo = False
        other.sampled = True
        other._history, other._undone, other._plies = list(self._history), [], list(self._plies)
        other._state, other._legal = state, None
        return other

    def clone(self) -> Game:
        """An independent copy with the same history (undone actions are dropped)."""
        if self.sampled:
            raise ValueError("a sampled (determinized) game cannot be cloned from its seed")
        other = Game(self.name, self.players, self.seed, self.options, self.allow_undo, self.practice)
        other._replay = self._replay
        other.goto_history(self._history)
        return other

    def goto_history(self, actions: list[Action]) -> None:
        """Replace the game by a replay of `actions` (legal ones, e.g. another game's history)."""
        self._history, self._undone = list(actions), []
        self.goto(len(actions))

    # -- records ---------------------------------------------------------------------------
    def to_record(self) -> dict[str, Any]:
        """A JSON-safe record that replays this game's past exactly and shares nothing with it.

        A game in progress is saved without its seed: the record holds what has happened —
        the actions and the outcomes of chance revealed so far (`chance`) — never the order of
        cards still unseen, so loading it deals those anew. A finished game's record holds
        its seed (there is nothing left to hide).
        """
        if self.sampled:
            raise ValueError("a sampled (determinized) game has no record")
        record: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.name,
            "rules_version": self._cls.rules_version,
            "players": self.players,
            "options": json.loads(json.dumps(self.options)),
            "actions": [str(a) for a in self._history],
        }
        if self.is_over:
            record["seed"] = self.seed
            if self._replay is not None:
                record["chance"] = json.loads(json.dumps(self._replay))
        else:
            record["chance"] = json.loads(json.dumps(self._state.rng.log))
        return record

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        """A game as a notebook cell's last line draws its board (`nbgames.board`); the kit is
        imported only here (the engine never needs widgets), and without a kernel it is text."""
        from ..ui.cells import in_kernel

        if not in_kernel():
            return {"text/plain": repr(self)}
        from ..teach import board

        return board(self)._repr_mimebundle_(include=include, exclude=exclude)

    def __repr__(self) -> str:  # no seed: it would tell every hidden card
        state = "over" if self.is_over else f"seat {self.to_move} to move"
        return f"<Game {self.name} {self.players}p ply={len(self._history)} {state}>"


def _checked_options(manifest: Manifest, players: int, options: Any) -> dict[str, Any]:
    """A private, JSON-only copy of the caller's options, each checked against the manifest."""
    if options is None:
        return {}
    if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
        raise ValueError("options must be a dict with text keys")
    try:
        options = json.loads(json.dumps(options, allow_nan=False))
    except (TypeError, ValueError, RecursionError):
        raise ValueError("options must be plain JSON data (numbers, text, lists, objects)") from None
    for key, value in options.items():
        option = manifest.option(key)
        option.check(value)
        if option.players and value != option.default and players not in option.players:
            counts = " or ".join(map(str, option.players))
            raise ValueError(f"option {key!r} is for {counts} players, not {players}")
    return options


def new_game(
    name: str,
    players: int,
    seed: int | None = None,
    options: dict[str, Any] | None = None,
    **kwargs: Any,
) -> Game:
    """Start a game: ``new_game("newyork", players=4, seed=7, options={...})``."""
    return Game(name, players, seed, options, **kwargs)


_RECORD_KEYS = {"format", "version", "game", "rules_version", "players", "options", "actions"}
_OPTIONAL_KEYS = {1: {"seed"}, 2: {"seed", "chance"}}


def from_record(record: dict[str, Any] | str | bytes, *, seed: int | None = None) -> Game:
    """Rebuild a game from `to_record()` output (a dict or its JSON text).

    `seed`: what a record without one deals its unseen cards from (a lesson wants the same
    deal each time); None, a fresh random seed. A record's own seed always wins.

    Everything is checked and every action replayed through the rules; anything malformed,
    hostile or illegal raises RecordError. Records are data: never unpickled, never evaluated.
    """
    if isinstance(record, (str, bytes, bytearray)):
        if len(record) > MAX_RECORD_BYTES:
            raise RecordError("This saved game is too large to be an nbgames record.")
        try:
            record = json.loads(record)
        except (ValueError, RecursionError) as exc:
            raise RecordError(f"This is not a saved game (not valid JSON: {exc}).") from None
    if not isinstance(record, dict):
        raise RecordError("A saved game must be a JSON object.")
    version = record.get("version")
    if record.get("format") == "nbgames-sealed":  # engine/seal.py: a page's game in progress
        raise RecordError("This is a game in progress sealed by the server that saved it: load it on that "
                          "server's play page (Load game).")
    if record.get("format") != RECORD_FORMAT or type(version) is not int or version not in _OPTIONAL_KEYS:
        raise RecordError("Not an nbgames record of a version this package reads.")
    keys = set(record)
    allowed = _RECORD_KEYS | _OPTIONAL_KEYS[version]
    if not _RECORD_KEYS <= keys <= allowed or not keys & _OPTIONAL_KEYS[version] or (
            version == 1 and "seed" not in keys):
        missing, extra = sorted(_RECORD_KEYS - keys), sorted(map(str, keys - allowed))
        raise RecordError(f"Not an nbgames record (missing {missing or 'seed or chance'}, unexpected {extra}).")
    chance = record.get("chance")
    if "chance" in record and not _valid_outcomes(chance):  # null too: never "deal me anew"
        raise RecordError("The record's outcomes of chance are not a list of cards, numbers or orders.")
    try:
        cls = rules_class(record["game"])
    except ValueError as exc:
        raise RecordError(str(exc)) from None
    if record["rules_version"] != cls.rules_version:
        title = find_manifest(record["game"]).title
        raise RecordError(
            f"This game was saved with {title} rules version {record['rules_version']!r}; "
            f"this package plays version {cls.rules_version!r}."
        )
    actions = record["actions"]
    if not isinstance(actions, list) or len(actions) > MAX_RECORD_ACTIONS:
        raise RecordError("The record's actions must be a list (of at most 100,000 moves).")
    options = record["options"]
    if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
        raise RecordError("The record's options must be an object.")
    try:
        game = Game(record["game"], record["players"], record.get("seed", seed), options)
        if chance is not None:  # the past as it was revealed; the unseen future from a fresh seed
            game._replay = json.loads(json.dumps(chance))  # private: shares nothing with the caller
            game._state = game._fresh_state()
    except (ValueError, TypeError) as exc:
        raise RecordError(f"Bad record: {exc}") from None
    for index, text in enumerate(actions):
        if not isinstance(text, str) or len(text) > MAX_NOTATION_LENGTH:
            raise RecordError(f"Move {index + 1} is not a move notation.")
        try:
            game.play(text)
        except IllegalAction as exc:
            raise RecordError(f"Move {index + 1} ({text!r}) is illegal: {exc}") from None
        if game._state.rng.diverged:
            raise RecordError(f"The record's outcomes of chance do not fit its moves (by move {index + 1}, "
                              "a card that was not there to draw).")
    if chance is not None and "seed" in record and not game.is_over:
        raise RecordError("This record of a game in progress holds both its seed and its outcomes of chance: "
                          "a game in progress is saved with its outcomes only (or, in practice, with its "
                          "seed only), so this record was changed.")
    chance_now = game._state.rng
    # every outcome used; a game in progress lists all of its past (a finished one, with its
    # seed, lists only the outcomes it was once loaded with)
    if chance is not None and (chance_now.replaying or ("seed" not in record and len(chance_now.log) != len(chance))):
        raise RecordError("The record's outcomes of chance do not fit its moves (outcomes left over, "
                          "or some missing).")
    return game


def _valid_outcomes(chance: Any) -> bool:
    """A JSON list of outcomes: cards (numbers or short names), die rolls, dealt orders."""
    def outcome(value: Any) -> bool:
        if isinstance(value, list):
            return len(value) <= 64 and all(type(v) is int for v in value)
        return (type(value) is int and abs(value) < 2**31) or (isinstance(value, str) and len(value) <= 40)

    return isinstance(chance, list) and len(chance) <= MAX_CHANCE_OUTCOMES and all(map(outcome, chance))
