"""The play page's "Play at a table" fold (issue 31; docs/tables.md): one game, several devices.

Shown only when the page's kernel can reach the server's table holder (`TableClient().enabled`:
``nbgames serve --class-progress``). *Open a table*: a kind for each seat (human or a bot), as many
seats as the page's settings say, the page's options → the table's code and a link to it
(``<this page>?table=CODE``); the page sits at the first human seat. *Join*: a code (typed, or from
the link) → the free seats → sit at one. Then the page's board shows the table's game as this
seat sees it (`nbgames.tables.remote.TableGame`): a click sends the move to the holder, which
checks it (a refusal shows its sentence, naming the rule, and changes nothing); a long-poll on a
worker thread hears the other devices' moves and hands each answer to the kernel's event loop,
which redraws. No undo at a table. *Leave the table*: back to the page's own game.

The browser keeps the code only (localStorage ``nbgames/<game>/table``, nothing hidden): a reload
sits down again where the student sat (the holder knows the student: the class they joined, so a
page in a class waits for its "Join a class" box to join again first).
"""

from __future__ import annotations

import asyncio
import html
import threading
import time
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets
import traitlets

from ..engine.action import Action
from ..i18n import _
from ..tables.client import TableClient
from ..tables.holder import CODE_LEN, HUMAN, TableError, check_code
from ..tables.remote import TableGame, refusal_from
from .app import seat_picker
from .closing import replace_children
from .controller import LOG_LINES
from .folds import fold, set_open
from .i18n import player_name, t
from .kitwidget import KitWidget

POLL_WAIT = 20.0  # seconds a long-poll is held by the server
RETRY_AFTER = 2.0  # seconds before asking again after a failed long-poll

ESM = r"""
function render({ model, el }) {
  el.classList.add("nbg-table-keep");
  const link = document.createElement("a");
  link.className = "nbg-table-link";
  el.append(link);
  const show = () => {
    const code = model.get("code");
    if (!code) { link.textContent = ""; link.removeAttribute("href"); return; }
    const url = new URL(window.location.href);
    url.hash = "";
    url.searchParams.set("table", code);
    link.href = url.toString();
    link.textContent = url.toString();
  };
  model.on("change:code", show);
  model.on("msg:custom", (msg) => {
    const key = model.get("storage_key");
    if (!key || !msg || msg.keep === undefined) return;
    try {
      if (msg.keep) localStorage.setItem(key, msg.keep); else localStorage.removeItem(key);
    } catch (err) { /* storage blocked: a reload then asks for the code again */ }
  });
  show();
  let kept = "";
  try { kept = localStorage.getItem(model.get("storage_key")) || ""; } catch (err) { kept = ""; }
  const linked = new URLSearchParams(window.location.search).get("table") || "";
  model.send({ found: { kept: kept.slice(0, 20), linked: linked.slice(0, 20) } });
}
function initialize({ model }) {
  hearKernel(model);
}
export default { initialize, render };
"""


class TableKeep(KitWidget):
    """The table's link (drawn from the page's own address) and the code kept in this browser."""

    FROM_BROWSER = ()
    _esm = ESM
    _css = ".nbg-table-link { word-break: break-all; }"
    code = traitlets.Unicode("").tag(sync=True)
    storage_key = traitlets.Unicode("").tag(sync=True)


def tables_client() -> TableClient | None:
    """This kernel's table client, or None when no table holder is in reach."""
    client = TableClient()
    return client if client.enabled else None


class TablePanel:
    """The "Play at a table" fold of a play page (see the module docstring).

    `controller`: the page's `PlayController`; `settings()`: the page's (players, options) now;
    `client`: a `TableClient` (default: this kernel's); `kinds`: the seat kinds offered, in order."""

    def __init__(self, controller: Any, settings: Callable[[], tuple[int, dict]], kinds: list[str],
                 lang: str | None = None, client: TableClient | None = None, default_bot: str = "greedy"):
        self.controller = controller
        self.settings = settings
        self.kinds = kinds
        self.lang = lang
        self.client = client if client is not None else TableClient()
        self.default_bot = default_bot
        self.game: TableGame | None = None
        self._session = 0  # bumps on every table entered or left: an older poll's answer is dropped
        self._loop: asyncio.AbstractEventLoop | None = None
        self.threaded = getattr(controller, "threaded", True)
        self.poll_wait = POLL_WAIT  # seconds the server holds a long-poll
        name = controller.game.name
        self.game_name = name

        intro = widgets.HTML(html.escape(_(
            "Play one game with others at their own devices: open a table and give them its code, or "
            "join a table with the code you were given.", lang)))
        self.no_undo = widgets.HTML("<small>" + html.escape(_(
            "No undo at a table: most moves draw or show a card, so taking one back would tell everyone "
            "what it showed. Practise with undo on this page's own game.", lang)) + "</small>")
        self.no_undo.add_class("nbg-table-no-undo")
        self.seat_boxes = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.seat_boxes.add_class("nbg-table-seats")
        self.open_button = widgets.Button(description=_("Open a table", lang), button_style="primary",
                                          layout=widgets.Layout(width="auto"))
        self.open_button.add_class("nbg-table-open")
        self.open_button.on_click(lambda _b: self.open_table())
        self.code_box = widgets.Text(placeholder=_("Table code", lang), layout=widgets.Layout(width="140px"))
        self.code_box.add_class("nbg-table-code-box")
        self.join_button = widgets.Button(description=_("Join", lang), layout=widgets.Layout(width="auto"))
        self.join_button.add_class("nbg-table-join")
        self.join_button.on_click(lambda _b: self.look(self.code_box.value))
        self.free_seats = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.free_seats.add_class("nbg-table-free-seats")
        self.message = widgets.HTML()
        self.message.add_class("nbg-table-message")
        self.at_table = widgets.HTML()
        self.at_table.add_class("nbg-table-here")
        self.keep = TableKeep(storage_key=f"nbgames/{name}/table")
        self.keep.on_msg(self._on_browser)
        self.leave_button = widgets.Button(description=_("Leave the table", lang), icon="sign-out",
                                           layout=widgets.Layout(width="auto"))
        self.leave_button.add_class("nbg-table-leave")
        self.leave_button.on_click(lambda _b: self.leave())
        self.outside = widgets.VBox([
            intro, self.seat_boxes, self.open_button,
            widgets.HBox([self.code_box, self.join_button], layout=widgets.Layout(flex_flow="row wrap")),
            self.free_seats])
        self.inside = widgets.VBox([self.at_table, self.keep, self.leave_button],
                                   layout=widgets.Layout(display="none"))
        self.widget = fold("table", _("Play at a table", lang), [self.outside, self.inside, self.message,
                                                                  self.no_undo])
        self.widget.add_class("nbg-table-panel")
        self.make_seat_boxes()
        self._waiting_for_class: str | None = None

    # -- outside a table -------------------------------------------------------------------------
    def make_seat_boxes(self) -> None:
        """One kind picker per seat, as many seats as the page's settings say (two humans first)."""
        players, _options = self.settings()
        if not isinstance(players, int):
            return
        old = [box.value for box in self.seat_boxes.children]
        boxes = []
        for seat in range(players):
            value = old[seat] if seat < len(old) else (HUMAN if seat < 2 else self.default_bot)
            boxes.append(seat_picker(seat, value, self.kinds, self.lang, f"nbg-table-seat-{seat}"))
        replace_children(self.seat_boxes, boxes)

    def _student(self) -> None:
        """The holder knows a plain-serve student by the class they joined on this page."""
        student = getattr(getattr(self.controller, "class_progress", None), "student", None)
        if student is not None:
            self.client.student = dict(student)

    def _say(self, text: str, bad: bool = False) -> None:
        colour = "#b2182b" if bad else "#1b7837"
        self.message.value = f"<span style='color:{colour}'>{html.escape(text)}</span>" if text else ""

    def _refused(self, error: TableError) -> None:
        self._say(_("The table server says: {reason}", self.lang).format(reason=str(error)), bad=True)

    def open_table(self) -> bool:
        """Open a table with the seats picked (and the page's options); sit at its first human seat."""
        players, options = self.settings()
        seats = [box.value for box in self.seat_boxes.children]
        if not isinstance(players, int) or len(seats) != players or any(k not in self.kinds for k in seats):
            self._say(_("Pick a kind for every seat.", self.lang), bad=True)
            return False
        if HUMAN not in seats:
            self._say(_("A table needs at least one human seat.", self.lang), bad=True)
            return False
        self._student()
        try:
            opened = self.client.open(self.game_name, seats, options or None)
            answer = self.client.join(opened["code"], seats.index(HUMAN))
        except TableError as exc:
            self._refused(exc)
            return False
        self.enter(answer)
        return True

    def look(self, typed: Any) -> bool:
        """A typed code: sit again where this student sits, else offer the free human seats."""
        try:
            code = check_code(typed)
        except TableError:
            self._say(_("A table code is {n} letters and digits, like K7MQ2A.", self.lang).format(n=CODE_LEN),
                      bad=True)
            return False
        self._student()
        try:
            answer = self.client.view(code)
        except TableError as exc:
            self._refused(exc)
            return False
        if answer["game"] != self.game_name:
            self._say(_("This table plays another game: open it on that game's page.", self.lang), bad=True)
            return False
        if answer["you"] is not None:  # this student sits there already (a reload, another page)
            self.enter(answer)
            return True
        student = self.client.student  # a new kernel of a student who sits there: sit down again
        mine = f"{student['class']}/{student['name']}" if student else None
        again = next((i for i, s in enumerate(answer["seats"]) if mine and s["kind"] == HUMAN and s["who"] == mine),
                     None)
        if again is not None:
            return self.sit(code, again)
        free = [i for i, s in enumerate(answer["seats"]) if s["kind"] == HUMAN and s["who"] is None]
        buttons = []
        for seat in free:
            button = widgets.Button(description=_("Sit as {player}", self.lang).format(
                player=player_name(seat, self.lang)), layout=widgets.Layout(width="auto"))
            button.add_class(f"nbg-table-sit-{seat}")
            button.on_click(lambda _b, seat=seat: self.sit(code, seat))
            buttons.append(button)
        replace_children(self.free_seats, buttons)
        if not free:
            self._say(_("Every human seat at this table is taken.", self.lang), bad=True)
            return False
        self._say(_("Table {code}: pick a free seat.", self.lang).format(code=code))
        return True

    def sit(self, code: str, seat: int) -> bool:
        self._student()
        try:
            answer = self.client.join(code, seat)
        except TableError as exc:
            self._refused(exc)
            return False
        self.enter(answer)
        return True

    # -- at a table --------------------------------------------------------------------------------
    def enter(self, answer: dict[str, Any]) -> None:
        """Show the table's game on the page's board, for this kernel's seat; hear the others."""
        code = answer["code"]
        self.game = TableGame(answer, lambda text: self.client.check(code, text))
        self._lines: list[str] = []  # the log's sentences so far
        self._session += 1
        replace_children(self.free_seats, [])
        self.code_box.value = ""
        self.outside.layout.display = "none"
        self.inside.layout.display = ""
        self.keep.code = code
        self.keep.send({"keep": code})
        self._say("")
        set_open(self.widget, True)
        self.controller.enter_table(self)
        self._fetch_events()
        self.show()
        self._listen()

    def choose(self, action: Action | str) -> bool:
        """A click on the board: the holder plays it, or says why not (nothing changes then)."""
        game = self.game
        if game is None:
            return False
        view = self.controller.view
        if not game.my_turn:
            view.status.value = t("status.to_move", self.lang, player=player_name(game.to_move, self.lang))
            return False
        try:
            answer = self.client.act(game.code, str(action))
        except TableError as exc:
            refusal = refusal_from(exc)  # 422: the engine's refusal, naming the rule
            rule, reason = (refusal.rule, refusal.reason) if exc.status == 422 else ("table", str(exc))
            view.status.value = t("status.illegal", self.lang, rule=rule, reason=reason)
            return False
        game.update(answer)
        self._fetch_events()
        self.show()
        return True

    def _fetch_events(self) -> None:
        game = self.game
        if game is not None and game.event_count < game.event_total:
            try:
                self._heard(self._session, self._ask_view(game, None))
            except TableError:
                pass  # the long-poll brings them

    def _ask_view(self, game: TableGame, after: int | None, wait: float | None = None) -> dict[str, Any]:
        start = game.events_wanted
        answer = self.client.view(game.code, after=after, wait=self.poll_wait if wait is None else wait, events=start)
        answer["events_from"] = start
        return answer

    def show(self) -> None:
        """Draw the table's game as this seat sees it (board, status, log, scores)."""
        game, controller = self.game, self.controller
        if game is None:
            return
        view = controller.view
        view.seat = game.you
        view.seat_kinds = [s["kind"] for s in game.seats]
        view.seat_names = [self.seat_name(s) for s in game.seats]
        view.reveal = True
        view.interactive = game.my_turn
        if view.game is not game:
            view.set_game(game)
        else:
            view.refresh()
        if hasattr(view, "event_text"):  # each event said once (they never change), the newest 80 shown
            self._lines.extend(view.event_text(e) for e in game.events(len(self._lines)))
        items = "".join(f"<li>{html.escape(line)}</li>" for line in reversed(self._lines[-LOG_LINES:]))
        controller.log.value = f"<ol reversed start='{game.event_count}' class='nbg-events'>{items}</ol>"
        if game.is_over:  # the holder tells each score by its rules at the end only
            controller._update_scores(game, view.seat_kinds)
            set_open(controller.scores_fold, True)
        else:
            controller.scores.value = html.escape(_(
                "At a table the scores, rule by rule, are shown when the game ends.", self.lang))
        you = player_name(game.you, self.lang) if game.you is not None else _("watching", self.lang)
        state = _("This table is closed.", self.lang) if game.closed else ""
        self.at_table.value = (
            "<b>" + html.escape(_("Table {code}", self.lang).format(code=game.code)) + "</b> · "
            + html.escape(_("you play as {player}", self.lang).format(player=you))
            + (" · " + html.escape(state) if state else "") + "<br>"
            + html.escape(_("Others join with this code, or by this link:", self.lang)))
        if game.closed:
            view.interactive = False

    def seat_name(self, seat: dict[str, Any]) -> str:
        """Who sits at a human seat, for the player strip: their nickname (never a kernel's id), a
        page that joined no class, or a free seat; "" for a bot's (the strip says which bot)."""
        if seat.get("kind") != HUMAN:
            return ""
        if isinstance(seat.get("name"), str) and seat["name"]:
            return seat["name"]
        return _("a page with no class", self.lang) if seat.get("who") is not None else _("free seat", self.lang)

    def heard(self, answer: dict[str, Any]) -> bool:
        """An answer of the holder (a long-poll's): redraw if it is newer. True if redrawn."""
        return self._heard(self._session, answer)

    def _heard(self, session: int, answer: Any) -> bool:
        game = self.game
        if session != self._session or game is None:
            return False  # the page left that table meanwhile
        if isinstance(answer, TableError):
            if answer.status in (404, 410):
                game.state = "closed"
                self.show()
            return False
        before = (game.version, game.event_count)
        if not game.update(answer) or (game.version, game.event_count) == before:
            return False
        self.show()
        return True

    def poll(self, wait: float | None = None) -> bool:
        """One long-poll: wait (up to `wait` s) for a change after the version shown, then redraw."""
        game = self.game
        if game is None:
            return False
        try:
            return self.heard(self._ask_view(game, game.version, wait))
        except TableError as exc:
            return self._heard(self._session, exc)

    def _listen(self) -> None:
        """Long-poll on a worker thread while the page sits at this table; each answer is handed to
        the kernel's event loop (widgets are touched there only). Without a running loop (a test's
        clock) nothing starts: the test calls `poll`."""
        if not self.threaded:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        session = self._session

        def run() -> None:
            seen = 0  # the newest version heard (the loop may not have taken it into the game yet)
            while session == self._session and self.game is not None and not self.game.closed:
                game = self.game
                try:
                    answer: Any = self._ask_view(game, max(game.version, seen))
                except TableError as exc:
                    answer = exc
                except OSError:  # the server is away for a moment (a restart): ask again
                    answer = None
                try:
                    if isinstance(answer, dict):
                        seen = max(seen, int(answer["version"]))
                    if answer is not None:
                        loop.call_soon_threadsafe(self._heard, session, answer)
                except RuntimeError:  # the kernel's loop has closed: no page to answer
                    return
                if answer is None or isinstance(answer, TableError):
                    if isinstance(answer, TableError) and answer.status in (404, 410):
                        return
                    time.sleep(RETRY_AFTER)

        threading.Thread(target=run, name="nbgames-table-poll", daemon=True).start()

    def leave(self) -> None:
        """Back to the page's own game; the seat stays this student's (the code brings them back)."""
        self._session += 1
        self.game = None
        self.controller.view.seat_names = []  # the page's own game: its seats are this screen's
        self.keep.code = ""
        self.keep.send({"keep": None})
        self.outside.layout.display = ""
        self.inside.layout.display = "none"
        self._say(_("You left the table. Your seat stays yours: join again with its code to come back.",
                    self.lang))
        self.controller.leave_table()

    # -- the browser: what it kept, the link it came by ----------------------------------------------
    def _on_browser(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict) or not isinstance(content.get("found"), dict):
            return
        found = content["found"]
        kept, linked = found.get("kept"), found.get("linked")
        if self.game is not None:
            return  # at a table already
        code = kept if isinstance(kept, str) and kept else linked if isinstance(linked, str) else ""
        if not code:
            return
        box = getattr(self.controller, "join_box", None)
        if box is not None and not box.joined:  # the holder knows the student once the page joined its class
            self._waiting_for_class = code
            box.observe(self._class_joined, names="joined")
            if kept != code:  # come by a link: the table's free seats now (and again once in the class)
                self.come_back(code, False)
            return
        self.come_back(code, kept == code)

    def _class_joined(self, change: dict) -> None:
        code, self._waiting_for_class = self._waiting_for_class, None
        change["owner"].unobserve(self._class_joined, names="joined")
        if code and change["new"] and self.game is None:
            self.come_back(code, True)

    def come_back(self, code: str, kept: bool) -> None:
        """A reload or a link: sit again where this student sits, else show the table's free seats."""
        self.code_box.value = code[:20]
        set_open(self.widget, True)
        if not self.look(code) and kept:
            self.keep.send({"keep": None})  # a table that is gone is not asked for again
