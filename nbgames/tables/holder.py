"""The table holder: the one place a table's game lives (see docs/tables.md).

A *table* is one game played from several devices. The holder (one per server process) keeps
every open table's `Game`; clients (the pages' kernels, through nbgames/serve/tables.py) send
actions and get views back, never game state. So:

- `open` a table: a game, its options and seats, each ``"human"`` or a bot's kind
  (`nbgames.engine.bots.BOT_KINDS`); it gets a short code (`CODE_LEN` letters and digits that
  cannot be misread: no 0/O, no 1/I);
- a client `join`\\ s a free human seat under a name (``who``: the server says who a kernel's
  student is, never the client);
- `act`: only the seated human whose turn it is; the engine checks the move, a refusal names
  the rule and changes nothing; then the bots move on their turns (`bots_move`), each bot seeded
  from the table's seed, its seat and the move number, so a table replays the same after a restart;
- `view`: a seated client sees its own seat's view, anyone else the public view (no hand);
- every change raises the table's `version`: `changed_since(code, n)` / `wait(code, n, timeout)`
  answer "anything after version n?" (long-poll);
- `close`; `hand_idle_seats`: a human seat nobody has been seen at for `idle_minutes` goes to a bot.

Persistence: each table and its seats are rows of the class database (nbgames/classroom/schema.py
``game_tables``, ``table_seats``); the game itself is kept as its seed and moves **sealed** with the
server's key (engine/seal.py), so the database never holds the seed, which would tell every hidden
card. A new holder on the same database reloads the open tables and continues them exactly.

No undo at a table: a move that drew or revealed a card cannot be taken back without telling or
re-dealing, and agreeing among all the humans at a table is a page of its own. A table is a game
played for real (`Game(..., allow_undo=False)`); practice with undo stays on the one-screen page.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..engine.bots import BOT_KINDS, current_kind, make_bot
from ..engine.errors import IllegalAction, RecordError
from ..engine.game import MAX_NOTATION_LENGTH, Game
from ..engine.registry import available_games
from ..engine.seal import seal, unseal
from ..i18n import Msg

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

# SQLAlchemy and the class schema are imported where the database is used (a holder, in the server):
# a page's kernel imports this module for its codes and refusals (nbgames/ui/tablepanel.py), and a
# kernel never loads the database library (tests/test_class_wiring.py).

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, no 1/I: read aloud or off a board
CODE_LEN = 6
CODE = re.compile(rf"^[{CODE_ALPHABET}]{{{CODE_LEN}}}$")
HUMAN = "human"
SEAT_KINDS = (HUMAN, *BOT_KINDS)
IDLE_BOT = "greedy"  # who takes over an idle seat
MAX_OPEN_TABLES = 500
MAX_TABLES_PER_OPENER = 5  # open tables one person may have opened at once
MAX_EVENTS = 500  # public events in one answer (a client asks again from where it got to)
MAX_BOT_MOVES = 2000  # a table of bots only stops here (a finished game stops sooner)


class TableError(ValueError):
    """A request the holder refuses (nothing changed); ``status`` is the HTTP status it deserves;
    ``refusal``: a move the rules refuse, ``{"rule", "reason"}`` (the reason as `wire` sends it: a page says
    it in its own language)."""

    def __init__(self, message: str, status: int = 400, refusal: dict[str, Any] | None = None):
        super().__init__(message)
        self.status = status
        self.refusal = refusal


def wire(value: Any) -> Any:
    """`value` as JSON, a translatable sentence (`nbgames.i18n.Msg`) kept as its message id and
    values (``{"$msg": template, "params": {…}, "domain": …}``; `nbgames.tables.remote.unwire`
    rebuilds it), so a refusal or a score's words reach a Japanese page in Japanese."""
    if isinstance(value, Msg):
        return {"$msg": value.template, "params": {k: wire(v) for k, v in value.params.items()},
                "domain": value.domain}
    if isinstance(value, dict):
        return {str(k): wire(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [wire(v) for v in value]
    return value if value is None or isinstance(value, (str, int, float, bool)) else str(value)


def refused(error: IllegalAction) -> dict[str, Any]:
    """A rules refusal as sent to a page: its rule id and its reason (`wire`)."""
    return {"rule": error.rule, "reason": wire(error.reason)}


def _now() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc)


def check_code(code: Any) -> str:
    """A table code as typed (any case, spaces around) → its canonical form; TableError otherwise."""
    if not isinstance(code, str) or len(code) > 20:
        raise TableError("a table code is 6 letters and digits")
    code = code.strip().upper()
    if not CODE.match(code):
        raise TableError("a table code is 6 letters and digits")
    return code


def check_who(who: Any) -> str:
    from ..classroom.schema import WHO_LEN

    if not isinstance(who, str) or not 0 < len(who) <= WHO_LEN:
        raise TableError("who sits must be a name of 1 to 80 characters")
    return who


def shown_who(who: str | None) -> dict[str, Any]:
    """Who sits, as the teacher's list says it: ``{"taken", "class", "name"}``. A student is
    ``class/name`` (plain serve: the class code and nickname the page joined with; under a hub the
    hub's class and the user); a page that joined no class sits as its kernel, whose id is never
    shown (it opens that kernel): taken, with no class and no name."""
    if who is None:
        return {"taken": False, "class": None, "name": None}
    group, slash, name = who.partition("/")
    if who.startswith("kernel:") or not slash:
        return {"taken": True, "class": None, "name": None}
    return {"taken": True, "class": group, "name": name}


def seat_shown(seat: Seat) -> dict[str, Any]:
    """A seat as every client at the table sees it: its kind and who sits (`shown_who`: a class and a
    name), and ``who``: ``class/name``, ``"kernel"`` for a page that joined no class (never its id:
    it opens that kernel) or None (free)."""
    shown = shown_who(seat.who)
    who = None if seat.who is None else f"{shown['class']}/{shown['name']}" if shown["name"] is not None else "kernel"
    return {"kind": seat.kind, "who": who, **shown}


def _aware(when: dt.datetime | None) -> dt.datetime | None:
    """A time read back from the database (SQLite forgets the zone: it was UTC)."""
    return when.replace(tzinfo=dt.timezone.utc) if when is not None and when.tzinfo is None else when


def bot_seed(seed: int, seat: int, ply: int) -> int:
    """A bot's seed for one move: from the table's seed, its seat and the move number."""
    digest = hashlib.sha256(f"nbgames-table:{seed}:{seat}:{ply}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


@dataclass
class Seat:
    kind: str  # "human" or a bot's kind
    who: str | None = None
    last_seen: dt.datetime | None = None


@dataclass
class Table:
    code: str
    game: Game
    seats: list[Seat]
    opened_by: str
    opened_at: dt.datetime
    version: int = 1
    state: str = "open"
    row_id: int | None = None
    changed_at: dt.datetime | None = None  # the last change (a join, a move, a seat handed over)
    lock: threading.RLock = field(default_factory=threading.RLock)
    bots_busy: bool = False  # a thread is letting this table's bots move (they think outside `lock`)

    def seat_of(self, who: str) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s.kind == HUMAN and s.who == who), None)


class TableHolder:
    """Every open table of one server, kept in the class database behind `engine`.

    `clock`: what "now" is (a timezone-aware datetime; tests pass their own), `secret`: the sealing
    key (default: the server's, engine/seal.py), `idle_minutes`: how long a human seat may stay
    unseen before `hand_idle_seats` gives it to a bot."""

    def __init__(self, engine: Engine, *, clock: Callable[[], dt.datetime] = _now, secret: bytes | None = None,
                 idle_minutes: float = 5.0):
        self.engine = engine
        self.clock = clock
        self.secret = secret
        self.idle_minutes = idle_minutes
        self.tables: dict[str, Table] = {}
        self.closed: dict[str, None] = {}  # codes closed while this holder ran (newest last), to say so
        self._lock = threading.Lock()
        self._changed = threading.Condition(self._lock)
        self.watchers: list[Callable[[str, int], None]] = []  # told (code, version) after each change
        # who lets the bots move after a change (open, act, idle seats handed over): None, the caller's
        # thread before it returns; the server passes its bots' own workers (nbgames/serve/tables.py)
        self.bot_runner: Callable[[str], None] | None = None
        self.stopping = threading.Event()  # set: bots stop thinking and no bot moves any more
        self.load()

    # -- the tables ---------------------------------------------------------------------------------
    def open(self, game: Any, seats: Any, who: str, options: Any = None, seed: int | None = None) -> str:
        """A new table: `game` (a game's name), `seats` (one kind per seat), opened by `who`
        (who sits nowhere yet: they `join` like anyone). Returns the table's code."""
        from ..classroom.schema import GAME_LEN

        who = check_who(who)
        if not isinstance(game, str) or len(game) > GAME_LEN or game not in available_games():
            raise TableError(f"no such game; games: {', '.join(available_games())}")
        seats = [current_kind(s) for s in seats] if isinstance(seats, list) else seats
        if not isinstance(seats, list) or not all(isinstance(s, str) and s in SEAT_KINDS for s in seats):
            raise TableError(f"seats must be a list of {', '.join(SEAT_KINDS)}")
        if HUMAN not in seats:
            raise TableError("a table needs at least one human seat")
        if options is not None and not isinstance(options, dict):
            raise TableError("options must be an object")
        try:
            played = Game(game, len(seats), seed, options, allow_undo=False)
        except ValueError as exc:
            raise TableError(str(exc)) from None
        now = self.clock()
        if len(self.tables) >= MAX_OPEN_TABLES:  # full: finished games make room first
            for done in [c for c, t in list(self.tables.items()) if t.game.is_over]:
                self.close(done)
        with self._lock:
            if len(self.tables) >= MAX_OPEN_TABLES:
                raise TableError("this server has as many open tables as it can hold: close some first", 503)
            if sum(t.opened_by == who and not t.game.is_over for t in self.tables.values()) >= MAX_TABLES_PER_OPENER:
                raise TableError(f"you have {MAX_TABLES_PER_OPENER} open tables already: close one first", 429)
            code = self._new_code()
            table = Table(code, played, [Seat(kind) for kind in seats], who, now)
            self.tables[code] = table
        with table.lock:
            self._insert(table)
        self._bots_after(table)
        return code

    def join(self, code: Any, who: str, seat: Any) -> int:
        """`who` sits at `seat` (a free human seat; sitting again where one sits is fine).
        Returns the seat; TableError (and nothing changed) otherwise."""
        table, who = self._table(code), check_who(who)
        with table.lock:
            self._check_open(table)
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(table.seats):
                raise TableError(f"no seat {seat!r} at this table (seats 0-{len(table.seats) - 1})")
            place = table.seats[seat]
            already = table.seat_of(who)
            if already == seat:
                place.last_seen = self.clock()
                return seat
            if already is not None:
                raise TableError(f"you sit at seat {already} already")
            if place.kind != HUMAN:
                raise TableError(f"seat {seat} is a bot's ({place.kind})", 409)
            if place.who is not None:
                raise TableError(f"seat {seat} is taken", 409)
            place.who, place.last_seen = who, self.clock()
            self._save(table, seats=True)
            return seat

    def act(self, code: Any, who: str, action: Any, *, bots: bool = True) -> int:
        """`who` plays `action` (its notation) at their seat, if it is their turn; the engine
        checks it (a refusal names the rule; nothing changes). Then, if `bots`, the bots move until
        a human's turn (on `bot_runner`'s thread if set; else call `bots_move`). Returns the table's
        version after the move."""
        table, who = self._table(code), check_who(who)
        with table.lock:
            self._mover(table, who, action)
            try:
                table.game.play(action)
            except IllegalAction as exc:
                raise TableError(str(exc), 422, refused(exc)) from None
            self._save(table, seats=True)
            version = table.version
        if bots:
            self._bots_after(table)
        return version

    def check(self, code: Any, who: str, action: Any) -> dict[str, Any] | None:
        """Why `who` may not play `action` now (`refused`: its rule and reason), or None if they
        may; nothing changes (a page asks why a move not in its legal list is refused). Asked out of
        turn or by someone not seated: TableError, as `act`."""
        table, who = self._table(code), check_who(who)
        with table.lock:
            self._mover(table, who, action)
            error = table.game.refusal(action)
            return None if error is None else refused(error)

    def _mover(self, table: Table, who: str, action: Any) -> int:
        """(under the table's lock) The seat of `who`, who may move now, else TableError."""
        if not isinstance(action, str) or not 0 < len(action) <= MAX_NOTATION_LENGTH:
            raise TableError("an action is its notation: text of at most 80 characters")
        self._check_open(table)
        seat = table.seat_of(who)
        if seat is None:
            raise TableError("only a player seated at this table may move", 403)
        table.seats[seat].last_seen = self.clock()
        if table.game.is_over:
            raise TableError("this game is over", 409)
        if table.game.to_move != seat:
            raise TableError(f"it is not your turn: seat {table.game.to_move} is to move", 409)
        return seat

    def bots_move(self, code: Any) -> int:
        """Let the bots play while it is a bot's turn. Returns the table's version."""
        table = self._table(code)
        self._bots_move(table)
        return table.version

    def view(self, code: Any, who: str | None = None, events_since: int | None = None) -> dict[str, Any]:
        """What `who` may see of a table: their seat's view if they sit there, else the public view
        (a spectator: no one's hand), with the seats, whose turn, the moves open to them (``legal``,
        on their turn), the version and the state. `events_since`: also the game's public events from
        that index on (at most `MAX_EVENTS`; a move's notation is not sent, it may be private)."""
        table = self._table(code)
        with table.lock:
            seat = table.seat_of(who) if who is not None else None
            if seat is not None:
                table.seats[seat].last_seen = self.clock()
            game = table.game
            return {"code": table.code, "game": game.name, "players": game.players,
                    "options": json.loads(json.dumps(game.options)), "version": table.version,
                    "state": table.state, "you": seat, "to_move": game.to_move, "over": game.is_over,
                    "moves": game.ply, "event_count": game.event_count,
                    "seats": [seat_shown(s) for s in table.seats],
                    "scores": game.scores() if game.is_over else None,
                    # the end in full (everything is shown then): who won, and each score by its rules
                    "winners": game.winners() if game.is_over else None,
                    "explained": wire(game.explain_scores()) if game.is_over else None,
                    # the moves open to this seat now (its own turn only; they tell nothing it cannot see)
                    "legal": [str(a) for a in game.legal_actions()] if seat is not None and seat == game.to_move
                    else [],
                    "view": game.view(seat),
                    **({} if events_since is None else {"events": self._events(game, events_since)})}

    @staticmethod
    def _events(game: Game, since: Any) -> list[dict[str, Any]]:
        if isinstance(since, bool) or not isinstance(since, int) or since < 0:
            raise TableError("events are asked for from an index: a whole number from 0")
        return [e.to_json() for e in game.events(since)[:MAX_EVENTS]]

    def close(self, code: Any, who: str | None = None) -> int:
        """Close a table: no more moves; it is kept in the database (closed) and leaves the holder.
        `who`: a client asking (only the one who opened it may); None: the server (the teacher)."""
        table = self._table(code)
        if who is not None and check_who(who) != table.opened_by:
            raise TableError("only the one who opened this table may close it", 403)
        with table.lock:
            if table.state != "closed":
                table.state = "closed"
                self._save(table)
            with self._lock:
                self.tables.pop(table.code, None)
                self.closed[table.code] = None
                if len(self.closed) > 10 * MAX_OPEN_TABLES:
                    del self.closed[next(iter(self.closed))]
            return table.version

    def listing(self) -> list[dict[str, Any]]:
        """The open tables as plain dicts, for the teacher's list (oldest first): code, game,
        players, options, version, state (``playing`` / ``over``), whose turn, moves so far, when
        opened and last changed (ISO), who opened it, and per seat its kind, who sits (`shown_who`:
        a class and a name, never a kernel's id), whether it has been idle for `idle_minutes`.
        Nothing of the game's hidden part: no seed, no record, no hand."""
        with self._lock:
            tables = list(self.tables.values())
        limit = self.clock() - dt.timedelta(minutes=self.idle_minutes)
        out = []
        for table in tables:
            with table.lock:
                game = table.game
                changed = table.changed_at or table.opened_at
                out.append({"code": table.code, "game": game.name, "players": game.players,
                            "options": json.loads(json.dumps(game.options)), "version": table.version,
                            "state": "over" if game.is_over else "playing", "to_move": game.to_move,
                            "moves": game.ply, "opened_at": table.opened_at.isoformat(),
                            "changed_at": changed.isoformat(), "opened_by": shown_who(table.opened_by),
                            "seats": [{"kind": s.kind, **shown_who(s.who),
                                       "idle": self._idle(table, s, limit) and not game.is_over}
                                      for s in table.seats]})
        return sorted(out, key=lambda t: (t["opened_at"], t["code"]))

    @staticmethod
    def _idle(table: Table, seat: Seat, limit: dt.datetime) -> bool:
        """A human seat nobody has been seen at since `limit` (never sat at: since the opening)."""
        return seat.kind == HUMAN and (seat.last_seen or table.opened_at) <= limit

    def hand_idle_seats(self, bot: str = IDLE_BOT, code: Any = None) -> list[tuple[str, int]]:
        """Give every human seat nobody has been seen at for `idle_minutes` to a `bot` (a seat
        never sat at counts from the table's opening), then let the bots move; `code`: at that
        table only. Returns the (code, seat) pairs handed over."""
        if bot not in BOT_KINDS:
            raise TableError(f"no bot {bot!r}")
        limit = self.clock() - dt.timedelta(minutes=self.idle_minutes)
        handed = []
        if code is not None:
            tables = [self._table(code)]
        else:
            with self._lock:
                tables = list(self.tables.values())
        for table in tables:
            with table.lock:
                if table.state != "open" or table.game.is_over:
                    continue
                idle = [i for i, s in enumerate(table.seats) if self._idle(table, s, limit)]
                if not idle:
                    continue
                for i in idle:
                    table.seats[i] = Seat(bot)
                    handed.append((table.code, i))
                self._save(table, seats=True)
            self._bots_after(table)
        return handed

    # -- "anything after version n?" --------------------------------------------------------------
    def version(self, code: Any) -> int:
        return self._table(code).version

    def snapshot(self, code: Any) -> tuple[Game, int]:
        """A copy of the table's game and its version, taken under the table's lock, to draw
        outside it (the teacher's spectator picture). Server-side only: the copy holds every
        hidden card; what is drawn of it must be the public view (`game.view(None)`)."""
        table = self._table(code)
        with table.lock:
            return table.game.clone(), table.version

    def wait(self, code: Any, after: int, timeout: float) -> int:
        """Block until the table's version passes `after`, it closes, or `timeout` seconds pass;
        returns its version."""
        table = self._table(code)
        with self._changed:
            self._changed.wait_for(lambda: table.version > after or table.state == "closed", timeout)
        return table.version

    def _bump(self, table: Table) -> None:
        with self._changed:
            table.version += 1
            self._changed.notify_all()
        for watcher in list(self.watchers):
            watcher(table.code, table.version)

    # -- inside -----------------------------------------------------------------------------------
    def _table(self, code: Any) -> Table:
        code = check_code(code)
        with self._lock:
            table = self.tables.get(code)
            closed = code in self.closed
        if table is None:
            raise TableError("this table has been closed", 410) if closed else TableError(
                "no open table has this code", 404)
        return table

    def _check_open(self, table: Table) -> None:
        if table.state != "open":
            raise TableError("this table is closed", 409)

    def _new_code(self) -> str:
        from sqlalchemy import select

        from ..classroom.schema import game_tables

        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LEN))
            if code in self.tables:
                continue
            with self.engine.connect() as connection:  # closed tables keep their codes
                if connection.execute(select(game_tables.c.id).where(game_tables.c.code == code)).first() is None:
                    return code

    def _bots_after(self, table: Table) -> None:
        """After a change: the bots move, on `bot_runner`'s thread if there is one, else now."""
        if self.bot_runner is not None:
            self.bot_runner(table.code)
        else:
            self._bots_move(table)

    def _bots_move(self, table: Table) -> None:
        """Let the bots play while it is a bot's turn. A bot thinks **outside** the table's lock (an
        MCTS bot may think for seconds: a view, a join or the teacher's list is answered meanwhile);
        the game cannot change under it, since on a bot's turn only this loop plays, and one thread
        at a time runs it per table (`Table.bots_busy`; another caller finds it busy and leaves it)."""
        with table.lock:
            if table.bots_busy:
                return
            table.bots_busy = True
        done = False
        try:
            for _ in range(MAX_BOT_MOVES):
                with table.lock:
                    game, seat = table.game, table.game.to_move
                    if (self.stopping.is_set() or table.state != "open" or game.is_over or seat is None
                            or table.seats[seat].kind == HUMAN):
                        table.bots_busy, done = False, True  # decided under the lock: a move after it finds it free
                        return
                    kind, ply = table.seats[seat].kind, game.ply
                bot = make_bot(kind, bot_seed(game.seed, seat, ply))
                choice = bot.choose(game, stop=self.stopping)  # a bot reads the game, never changes it
                with table.lock:
                    if self.stopping.is_set() or table.state != "open" or game.ply != ply:
                        continue  # closed or stopped meanwhile: looked at again above
                    game.play(choice)
                    self._save(table)
        finally:
            if not done:  # an error, or MAX_BOT_MOVES
                with table.lock:
                    table.bots_busy = False

    def _sealed(self, table: Table) -> str:
        game = table.game
        return seal({"seed": game.seed, "actions": [str(a) for a in game.history]}, game.name, secret=self.secret)

    def _insert(self, table: Table) -> None:
        from sqlalchemy import insert

        from ..classroom.schema import game_tables, table_seats

        game, now = table.game, self.clock()
        with self.engine.begin() as connection:
            table.row_id = connection.execute(insert(game_tables).values(
                code=table.code, game=game.name, players=game.players, options=json.dumps(game.options),
                record=self._sealed(table), version=table.version, state=table.state,
                opened_by=table.opened_by, opened_at=table.opened_at, updated_at=now)).inserted_primary_key[0]
            connection.execute(insert(table_seats), [
                {"table_id": table.row_id, "seat": i, "kind": s.kind, "who": s.who, "last_seen": s.last_seen}
                for i, s in enumerate(table.seats)])
        table.changed_at = now

    def _save(self, table: Table, seats: bool = False) -> None:
        """Write the table (and its seats) and raise its version: the database first, then the
        watchers are told."""
        from sqlalchemy import update

        from ..classroom.schema import game_tables, table_seats

        now = self.clock()
        with self.engine.begin() as connection:
            connection.execute(update(game_tables).where(game_tables.c.id == table.row_id).values(
                record=self._sealed(table), version=table.version + 1, state=table.state, updated_at=now))
            if seats:
                for i, s in enumerate(table.seats):
                    connection.execute(update(table_seats).where(
                        table_seats.c.table_id == table.row_id, table_seats.c.seat == i).values(
                        kind=s.kind, who=s.who, last_seen=s.last_seen))
        table.changed_at = now
        self._bump(table)

    def load(self) -> None:
        """(Re)load the open tables from the database (a server's start). A table whose record does
        not open (another server's key, changed) is left closed in the database and said once."""
        from sqlalchemy import select

        from ..classroom.schema import game_tables, table_seats

        with self.engine.connect() as connection:
            rows = connection.execute(select(game_tables).where(game_tables.c.state == "open")).mappings().all()
            seats = connection.execute(select(table_seats).where(
                table_seats.c.table_id.in_([r["id"] for r in rows])).order_by(table_seats.c.seat)).mappings().all()
        by_table: dict[int, list[Seat]] = {}
        for s in seats:
            by_table.setdefault(s["table_id"], []).append(Seat(current_kind(s["kind"]), s["who"]))
        now = self.clock()
        for row in rows:
            try:
                kept = unseal(row["record"], row["game"], secret=self.secret)
                game = Game(row["game"], row["players"], kept["seed"], json.loads(row["options"]), allow_undo=False)
                for text in kept["actions"]:
                    game.play(text)
            except (RecordError, ValueError, KeyError, TypeError) as exc:
                import logging

                logging.getLogger("nbgames.tables").warning("Table %s cannot be reloaded: %s", row["code"], exc)
                continue
            opened, changed = (_aware(row["opened_at"]), _aware(row["updated_at"]))
            for seat in by_table.get(row["id"], []):  # the server was away, not the players: idle counts anew
                if seat.kind == HUMAN:
                    seat.last_seen = now
            self.tables[row["code"]] = Table(row["code"], game, by_table.get(row["id"], []), row["opened_by"],
                                             opened, row["version"], "open", row["id"], changed_at=changed)
