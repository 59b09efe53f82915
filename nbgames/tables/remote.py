"""`TableGame`: a table's game as one seat sees it, for the page's board view (docs/tables.md).

At a table the game lives in the server's holder; the page's kernel only has the holder's answers
(`TableHolder.view`). A board view reads a game through the `Game` facade, so a `TableGame` offers
that facade's reading side from an answer: ``view(seat)`` (the kernel's own seat's view, the only
one it has), ``legal_actions()`` (the holder's list, on this seat's turn), ``to_move``, ``is_over``,
``players``, ``options``, ``manifest``, ``name``, ``events(start)`` / ``event_count`` (the public
events the holder sent), ``parse``, ``refusal``, ``scores()``, ``winners()``, ``explain_scores()``
(the last three once the game is over: only then does the holder tell them).

It never holds the seed, another seat's hand or another seat's move notation (the holder does not
send them), and it plays nothing itself: a move goes to the holder (`TableClient.act`).

A refusal (why a click plays nothing) is the holder's: on this seat's turn nobody else can change
the table, so a move not in the legal list is refused by the holder for sure; the page asks it why
(`TableClient.check`: nothing changes) once per position and move, and the answer names the rule,
its reason a message id and values (`unwire`), so a Japanese page says it in Japanese. A preview
(what a move would score) is not computed at a table: `preview` says nothing changes in score
(views then show the move alone).
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

from ..engine.action import Action
from ..engine.errors import IllegalAction
from ..engine.events import Event
from ..engine.game import Game, new_game
from ..engine.registry import manifest as game_manifest
from ..i18n import Msg, _
from .holder import TableError

MAX_KEPT_EVENTS = 5000  # a game's public events kept by the page (more than any game produces)


def _tuples(value: Any) -> Any:
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


def event_from_json(data: Any, classes: dict[str, type[Event]]) -> Event | None:
    """A public event from its JSON (`Event.to_json`), or None if it is not one of the game's."""
    if not isinstance(data, dict) or data.get("kind") not in classes:
        return None
    cls = classes[data["kind"]]
    try:
        return cls(**{f.name: _tuples(data[f.name]) for f in dataclasses.fields(cls)})
    except (KeyError, TypeError):
        return None


def unwire(value: Any) -> Any:
    """`nbgames.tables.holder.wire` undone: a sentence sent as its message id and values is a
    `Msg` again (English as it prints, the page's language through `localize`)."""
    if isinstance(value, list):
        return [unwire(v) for v in value]
    if not isinstance(value, dict):
        return value
    if "$msg" not in value:
        return {k: unwire(v) for k, v in value.items()}
    template, params, domain = value.get("$msg"), value.get("params"), value.get("domain")
    if not isinstance(template, str):
        return ""
    try:
        return Msg(template, {str(k): unwire(v) for k, v in (params or {}).items()},
                   domain if isinstance(domain, str) else None)
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):  # values that do not fit: the template
        return template


def from_refusal(refusal: Any, action: Any = None) -> IllegalAction | None:
    """A refusal as the holder sends it (``{"rule", "reason"}``, `nbgames.tables.holder.refused`)."""
    if not isinstance(refusal, dict) or not isinstance(refusal.get("rule"), str):
        return None
    return IllegalAction(refusal["rule"], unwire(refusal.get("reason")), action)


def refusal_from(error: TableError) -> IllegalAction:
    """The holder's refusal ("NYC-7: Character 99 is not …") as the engine's error (its reason in
    the page's language when the holder sent the rules' refusal)."""
    found = from_refusal(error.refusal)
    if found is not None:
        return found
    rule, sep, reason = str(error).partition(": ")
    return IllegalAction(rule, reason) if sep and " " not in rule else IllegalAction("table", str(error))


class TableGame:
    """One seat's picture of a table's game, from the holder's answers (see the module docstring).

    `answer`: the holder's answer (`TableClient.open/join/act/view`); `ask`: a callable that asks
    the holder why a move's notation is refused (`TableClient.check` for this table: the refusal or
    None; nothing changes), used only for a move not in the legal list (None: refusals say only
    that the move is not open now)."""

    practice = False
    replays_from_seed = False

    def __init__(self, answer: dict[str, Any], ask=None):
        self.name: str = answer["game"]
        self.manifest = game_manifest(self.name)
        self.title = self.manifest.title
        self.code: str = answer["code"]
        self.players: int = int(answer["players"])
        self.options: dict[str, Any] = dict(answer.get("options") or {})
        # notations are read by the game's own parser, on a game of its own (never the table's deal)
        self._parser: Game = new_game(self.name, self.players, seed=1, options=self.options)
        self._classes = game_manifest(self.name).event_classes()
        self._events: list[Event] = []
        self._ask = ask
        self._refusals: dict[tuple[int, str], IllegalAction | None] = {}
        self.update(answer)

    # -- the holder's answers ---------------------------------------------------------------------
    def update(self, answer: dict[str, Any]) -> bool:
        """Take a newer answer of the holder (an older one changes nothing). True if taken."""
        if answer.get("code") != self.code:
            raise ValueError("an answer of another table")
        version = int(answer["version"])
        if getattr(self, "version", -1) > version:
            return False
        self.version = version
        self.state: str = answer["state"]
        self.you: int | None = answer.get("you")
        self.seats: list[dict[str, Any]] = list(answer["seats"])
        self.moves: int = int(answer.get("moves", 0))
        self._to_move: int | None = answer["to_move"]
        self._over = bool(answer["over"])
        self._view: dict[str, Any] = answer["view"]
        self._legal = [self.parse(text) for text in answer.get("legal") or []]
        self._scores = answer.get("scores")
        self._winners = answer.get("winners")
        self._explained = unwire(answer.get("explained"))  # its words (Msg) said in the page's language
        self.event_total = int(answer.get("event_count", len(self._events)))
        self.take_events(answer.get("events"), answer.get("events_from"))
        return True

    def take_events(self, events: Any, start: int | None = None) -> None:
        """Public events the holder sent from index `start` (default: where the page got to)."""
        if not isinstance(events, list):
            return
        start = len(self._events) if start is None else start
        if start > len(self._events):
            return  # a gap: asked again from where the page got to
        fresh = [e for e in (event_from_json(d, self._classes) for d in events) if e is not None]
        self._events[start:] = fresh
        del self._events[MAX_KEPT_EVENTS:]

    @property
    def events_wanted(self) -> int:
        """The index of the first public event the page does not have yet."""
        return len(self._events)

    # -- the facade's reading side -----------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self._over else self._to_move

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def closed(self) -> bool:
        return self.state != "open"

    @property
    def my_turn(self) -> bool:
        return not self._over and not self.closed and self.you is not None and self._to_move == self.you

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """This seat's view (the only one the page has; for `None` too: it shows nothing of
        anyone else's). Another seat's view is not here: ValueError."""
        if seat is not None and seat != self.you:
            raise ValueError("at a table the page sees only its own seat")
        return copy.deepcopy(self._view)  # as `Game.view`: the caller's own (a view adds to it)

    def legal_actions(self) -> list[Action]:
        return list(self._legal) if self.my_turn else []

    def events(self, since: int = 0) -> list[Event]:
        return self._events[since:]

    @property
    def event_count(self) -> int:
        return len(self._events)

    def parse(self, action: Action | str) -> Action:
        return self._parser.parse(action)

    def is_legal(self, action: Action | str) -> bool:
        return str(action) in {str(a) for a in self.legal_actions()}

    def refusal(self, action: Action | str) -> IllegalAction | None:
        """Why `action` may not be played now (the holder's words and rule), or None if it may."""
        try:
            parsed = self.parse(action)
        except IllegalAction as exc:
            return exc
        if self.is_legal(parsed):
            return None
        if not self.my_turn:
            return IllegalAction("table", _("It is not your turn.") if not self._over else _("This game is over."),
                                 parsed)
        key = (self.version, str(parsed))
        if key not in self._refusals:
            self._refusals[key] = self._asked(parsed)
        return self._refusals[key]

    def _asked(self, action: Action) -> IllegalAction:
        if self._ask is None:
            return IllegalAction("table", _("This move is not open now."), action)
        try:
            refusal = self._ask(str(action))
        except TableError as exc:
            return refusal_from(exc)
        # None: it may be played (it cannot: on this seat's turn the legal list is the holder's own) —
        # if it was, the table changed since this answer; the long-poll brings the new one
        return from_refusal(refusal, action) or IllegalAction("table", _("The table has changed: look again."), action)

    def preview(self, action: Action | str) -> dict[str, Any]:
        """No preview at a table (see the module docstring): the move's score change is left at 0."""
        refusal = self.refusal(action)
        if refusal is not None:
            raise refusal
        return {"events": [], "scores": None, "score_change": [0] * self.players}

    def scores(self) -> list[int]:
        return list(self._scores) if self._scores is not None else [0] * self.players

    def winners(self) -> list[int]:
        return list(self._winners) if self._winners is not None else []

    def explain_scores(self) -> list[dict[str, Any]]:
        """Each seat's score by its rules, once the game is over (before: nothing)."""
        return list(self._explained) if self._explained is not None else []

    # what a view may ask of a game that a table does not have
    history: tuple = ()
    timeline_length = 0
    can_undo = can_redo = False

    def __repr__(self) -> str:
        return f"<TableGame {self.code} {self.name} seat {self.you} v{self.version}>"
