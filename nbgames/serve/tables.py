"""The tables endpoint: ``<base>nbgames/tables`` (issue 31, docs/tables.md).

The server holds every table's game (`nbgames.tables.TableHolder`); a page's **kernel** is a client
(`nbgames.tables.client.TableClient`). Requests are signed with the kernel's connection key exactly
as the progress endpoint's (`ProgressHandler.verify`, nbgames/serve/progress.py, reused here), and
who the kernel's player is comes from the same place: under JupyterHub the kernel's owner; in plain
serve the class code and nickname the kernel joined with (``"student"`` in the body, as for
progress), else the kernel itself (``kernel:<id>``). Nothing a client sends is game state: it sends
a move's notation, the holder answers with its seat's view.

- ``POST <base>nbgames/tables`` ``{"game": name, "seats": ["human", "greedy", …], "options": {…}}``
  → 201, the new table's view (its ``code``);
- ``GET <base>nbgames/tables/<code>[?after=N&wait=S&events=E]`` → the table as this kernel may see
  it; with ``after``, held up to S seconds (at most `MAX_WAIT`) until its version passes N
  (long-poll); with ``events``, the game's public events from index E on;
- ``POST <base>nbgames/tables/<code>`` ``{"do": "join", "seat": i}`` | ``{"do": "act", "action":
  notation}`` | ``{"do": "close"}`` → the table's view; the bots then move on their own worker threads;
- ``POST <base>nbgames/tables/<code>`` ``{"do": "check", "action": notation}`` → ``{"code", "refusal"}``:
  why the rules refuse that move now (``{"rule", "reason"}``, the reason as a message id and its
  values: `nbgames.tables.holder.wire`), or null; nothing changes (a page asks why a click is refused).

Threads: the answers (holder calls) run on `ANSWER_WORKERS` threads, the bots' moves on
`BOT_WORKERS` others, and a bot thinks outside its table's lock: a table whose MCTS bot thinks
for seconds delays no answer (its own table's view included: it says the bot is to move). The
server's stop (`TablesService.close`) stops the bots' thinking and ends both pools.

Refused with 4xx and nothing changed: unsigned or forged requests, bodies over `MAX_BODY`, wrong
types, unknown codes, a move out of turn or for another seat (the refusal names the rule; a move the
rules refuse also carries ``"refusal"`` as `check` says it). The holder's refusals (a taken seat, a move
out of turn) are a table's ordinary events: logged at INFO as table refusals; a request that is not
a table request (unsigned, forged, malformed) is a WARNING.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from concurrent.futures import ThreadPoolExecutor

from jupyter_server.utils import url_path_join
from tornado import web

from ..classroom.store import ProgressError
from ..tables.holder import TableError, TableHolder
from .progress import ProgressHandler, ProgressService

PATH = "nbgames/tables"
MAX_WAIT = 25.0  # seconds a long-poll is held (below common proxies' idle timeouts)
ACTIONS = ("join", "act", "check", "close")
ANSWER_WORKERS = 2  # threads answering requests (each call holds a table's lock for milliseconds)
BOT_WORKERS = 2  # threads letting bots move: a table with a bot thinking holds one of them


class TablesService:
    """The holder and the threads it works on (a bot may think for seconds: never on the server's
    loop, and never on the threads that answer)."""

    def __init__(self, progress: ProgressService, holder: TableHolder | None = None):
        self.progress = progress
        self.holder = holder or TableHolder(progress.store.engine)
        self.executor = ThreadPoolExecutor(max_workers=ANSWER_WORKERS, thread_name_prefix="nbgames-tables")
        self.bot_executor = ThreadPoolExecutor(max_workers=BOT_WORKERS, thread_name_prefix="nbgames-table-bots")
        self._bots_queued: set[str] = set()  # tables whose bots' turn waits for a worker (queued once)
        self._bots_lock = threading.Lock()
        self.holder.bot_runner = self.bots_later
        for code in list(self.holder.tables):  # a table reloaded on a bot's turn (a restart) plays on
            self.bots_later(code)
        self.waiting: dict[str, set[asyncio.Event]] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self.holder.watchers.append(self._changed)

    def _changed(self, code: str, _version: int) -> None:
        """(any thread) wake the long-polls of table `code`."""
        if self.loop is not None and self.waiting.get(code):
            self.loop.call_soon_threadsafe(self._wake, code)

    def _wake(self, code: str) -> None:
        for event in self.waiting.get(code, ()):
            event.set()

    def bots_later(self, code: str) -> None:
        """(any thread) Let table `code`'s bots move on a bot worker (once in the queue per table)."""
        with self._bots_lock:
            if code in self._bots_queued or self.holder.stopping.is_set():
                return
            self._bots_queued.add(code)
        try:
            self.bot_executor.submit(self._bots, code)
        except RuntimeError:  # shut down: the server stops
            with self._bots_lock:
                self._bots_queued.discard(code)

    def _bots(self, code: str) -> None:
        with self._bots_lock:
            self._bots_queued.discard(code)  # a change from now on queues them again
        try:
            self.holder.bots_move(code)
        except TableError:  # closed meanwhile
            pass
        except Exception:  # a bot's failure is the server's log's, not a request's
            logging.getLogger("nbgames.tables").exception("The bots of table %s could not move", code)

    async def run(self, function, *args, **kwargs):
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, lambda: function(*args, **kwargs))

    async def wait_for(self, code: str, after: int, seconds: float) -> None:
        """(on the server's loop) Return once table `code`'s version passes `after`, it closes, or
        `seconds` pass (a long-poll: a page's kernel, the teacher's page)."""
        event = asyncio.Event()
        self.waiting.setdefault(code, set()).add(event)
        try:
            loop = asyncio.get_running_loop()
            deadline = loop.time() + seconds
            try:  # a change between the caller's look and this event's adding woke nobody: look again
                if self.holder.version(code) > after:
                    return
            except TableError:
                return
            while loop.time() < deadline:
                try:
                    await asyncio.wait_for(event.wait(), deadline - loop.time())
                except asyncio.TimeoutError:
                    return
                event.clear()
                try:
                    if self.holder.version(code) > after:
                        return
                except TableError:  # closed: answer now (the view then says 404)
                    return
        finally:
            waiting = self.waiting.get(code)
            if waiting is not None:
                waiting.discard(event)
                if not waiting:
                    self.waiting.pop(code, None)

    def close(self) -> None:
        """The server stops: the bots stop thinking, queued bot turns are dropped (the next start
        lets them play: see `__init__`), and both pools end."""
        self.holder.stopping.set()
        self.bot_executor.shutdown(wait=True, cancel_futures=True)
        self.executor.shutdown(wait=True, cancel_futures=True)


class TablesHandler(ProgressHandler):
    """Signed like a progress request (`ProgressHandler.prepare` and `verify`); tables instead of events."""

    def initialize(self, service: ProgressService, tables: TablesService) -> None:  # type: ignore[override]
        super().initialize(service)
        self.tables = tables
        tables.loop = asyncio.get_event_loop()

    def who(self, claimed) -> str:
        """Who this kernel's player is (see the module's docstring)."""
        progress = self.service
        if claimed is None and progress.kernel_owner is None and self.kernel_id not in progress.bound:
            return f"kernel:{self.kernel_id}"
        try:
            class_code, name = progress.student_of(self.kernel_id, claimed)
        except ProgressError as exc:
            self.refuse(exc.status, str(exc))
        return f"{class_code}/{name}"

    def body(self) -> dict:
        self.verify()
        try:
            data = json.loads(bytes(self._body))
        except (ValueError, UnicodeDecodeError):
            data = None
        if not isinstance(data, dict):
            self.refuse(400, "the body must be a JSON object")
        return data

    async def answer(self, function, *args, status: int = 200, **kwargs):
        try:
            result = await self.tables.run(function, *args, **kwargs)
        except TableError as exc:
            self.refused_at_table(exc)
        self.set_status(status)
        return result

    def refused_at_table(self, error: TableError) -> None:
        """The holder says no (a taken seat, a move out of turn or against the rules): an ordinary
        event at a table, logged at INFO; the answer carries the rules' refusal if there is one."""
        logging.getLogger("nbgames.tables").info("Table refusal (%s %s): %s", error.status, self.request.path, error)
        self._table_refusal = error
        raise web.HTTPError(error.status, str(error))

    def log_refusal(self, message: str) -> None:
        logging.getLogger("nbgames.tables").warning("Refused a table request from %s: %s",
                                                    self.request.remote_ip, message)

    def log_exception(self, typ, value, tb) -> None:
        if isinstance(value, web.HTTPError) and getattr(self, "_table_refusal", None) is not None:
            return  # said at INFO (refused_at_table), not tornado's WARNING
        super().log_exception(typ, value, tb)

    def write_error(self, status_code: int, **kwargs) -> None:
        refusal = getattr(getattr(self, "_table_refusal", None), "refusal", None)
        if refusal is None:
            return super().write_error(status_code, **kwargs)
        self.finish(json.dumps({"error": str(self._table_refusal), "refusal": refusal}))

    async def post(self, code: str | None = None) -> None:
        data = self.body()
        who = self.who(data.get("student"))
        holder = self.tables.holder
        if code is None:
            if not set(data) <= {"game", "seats", "options", "student"}:
                self.refuse(400, "a new table is {'game': NAME, 'seats': [...], 'options': {...}}")
            code = await self.answer(holder.open, data.get("game"), data.get("seats"), who, data.get("options"))
            self.set_status(201)
        else:
            act = data.get("do")
            if act not in ACTIONS:
                self.refuse(400, f"'do' must be one of {', '.join(ACTIONS)}")
            if act == "join":
                await self.answer(holder.join, code, who, data.get("seat"))
            elif act == "check":
                refusal = await self.answer(holder.check, code, who, data.get("action"))
                self.finish(json.dumps({"code": code.strip().upper(), "refusal": refusal}))
                return
            elif act == "act":
                await self.answer(holder.act, code, who, data.get("action"))  # the bots move on their workers
            else:
                await self.answer(holder.close, code, who)
                self.finish(json.dumps({"code": code.strip().upper(), "state": "closed"}))
                return
        self.finish(json.dumps(await self.answer(holder.view, code, who, status=self.get_status())))

    async def get(self, code: str | None = None) -> None:
        self.verify()
        if code is None:
            self.refuse(405, "name a table: nbgames/tables/<code>")
        who = self.who(None)
        after, wait = self.get_query_argument("after", None), self.get_query_argument("wait", str(MAX_WAIT))
        events = self.get_query_argument("events", None)
        try:
            after = None if after is None else int(after)
            events = None if events is None else int(events)
            wait = min(max(float(wait), 0.0), MAX_WAIT)
        except ValueError:
            self.refuse(400, "'after' is a version number, 'events' an event index and 'wait' a number of seconds")
        holder = self.tables.holder
        if after is not None:
            version = await self.answer(holder.version, code)
            if version <= after and wait > 0:
                await self.tables.wait_for(code.strip().upper(), after, wait)
        self.finish(json.dumps(await self.answer(holder.view, code, who, events)))


def handlers(base_url: str, progress: ProgressService, tables: TablesService | None = None) -> list[tuple]:
    """The tables' routes; `tables` defaults to a holder on the progress service's database."""
    tables = tables or TablesService(progress)
    progress.tables = tables  # the teacher page lists, watches and closes tables through it
    path = url_path_join(base_url, PATH)
    args = {"service": progress, "tables": tables}
    return [(path, TablesHandler, args), (url_path_join(path, r"([^/]{1,20})"), TablesHandler, args)]
