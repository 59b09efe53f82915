"""`PlayController`: plays chosen actions, runs bots, and shows log, scores and the timeline.

Game-agnostic: it needs a game (the `Game` facade) and a view with the `NewYorkView` shape
(`widget`, `on_choose`, `refresh`, `set_game`, `interactive`, `status`, `reveal`, `seat`,
`event_lines()`). Optional view hooks: `on_command`, `scheduler` (set to the controller's clock,
for animations), `score_notes(seat)` and `score_colour(seat)` (extra scoreboard text). Score
parts may omit ``count`` (then only the points are shown). Every action goes through `Game.play`,
so the engine validates every click.
"""

from __future__ import annotations

import asyncio
import base64
import html
import json
import threading
import time
from typing import Any

import ipywidgets as widgets

from ..engine.action import Action
from ..engine.bots import BOT_KINDS, current_kind, make_bot
from ..engine.budget import SEARCHES, lower_priority
from ..engine.errors import IllegalAction, RecordError
from ..engine.game import MAX_RECORD_BYTES, Game, from_record
from ..engine.seal import is_sealed, sealed_game
from ..i18n import Msg, _, gettext, localize, resolve, using
from .folds import fold, set_open
from .i18n import catalogue, t
from .keep import PlayState, kept_state, needs_seal, read_game_state, read_share, share_fragment
from .review_panel import ReviewPanel, advice_html
from .rules_panel import linked_html
from .scheduler import Scheduler, call_later

SEAT_KINDS = ("human", *BOT_KINDS)
LOG_LINES = 80  # the event log shows the newest lines; sending the whole game each move would grow


def in_worker(name: str, work, done) -> None:
    """Run `work()` in a worker thread, then `done(result)` on the kernel's event loop (the
    widgets are only touched there); nothing if that loop has closed meanwhile."""
    loop = asyncio.get_running_loop()

    def run() -> None:
        result = work()
        try:
            loop.call_soon_threadsafe(done, result)
        except RuntimeError:  # the kernel's loop has closed: no page to answer
            pass

    threading.Thread(target=run, name=name, daemon=True).start()


def make_view(game: Game, lang: str | None = None):
    """The board view of a game, from its manifest."""
    return game.manifest.view_class()(game, lang=lang)


class PlayController:
    """Drive one game from a view: humans click, bots move after a short visible delay."""

    def __init__(self, game: Game, seats: list[str], view: Any = None, *, bot_delay: float = 0.4,
                 scheduler: Scheduler | None = None, bot_seed: int | None = None, lang: str | None = None):
        self.lang = lang = resolve(lang)
        self.bot_delay = bot_delay
        self.scheduler: Scheduler = scheduler or call_later
        self.bot_seed = bot_seed
        self.game = game
        self.view = view if view is not None else make_view(game, lang)
        own_scores = getattr(self.view, "scores", None)  # a view's own final scoring (for lesson pages)
        if isinstance(own_scores, widgets.Widget):  # here the Scores fold says every score line, once
            own_scores.layout.display = "none"
        self.paused = False
        self.generation = 0  # bumps on every change; a bot timer from an older state does nothing
        self._revealed_for: int | None = None
        self._syncing = False
        self.seats: list[str] = []
        self.bots: dict[int, Any] = {}
        # Bots think in a worker thread on a private copy of the game, so the page answers while
        # they do (on a kernel's event loop); with a test clock they think at once, in line.
        self.threaded = scheduler is None
        self._stop_search = threading.Event()
        self._suggested = False  # a hint's move is marked on the board
        self._hinting: int | None = None  # the generation a hint's search runs for (None: no search)
        self._hint_stop = threading.Event()  # ends that search when the position changes
        self._one_step = False

        self.log = widgets.HTML(layout=widgets.Layout(max_height="220px", overflow="auto"))
        self.log.add_class("nbg-log")
        self.scores = widgets.HTML()
        self.scores.add_class("nbg-scores")
        self.undo_button = widgets.Button(description=t("button.undo", lang), icon="undo")
        self.undo_button.add_class("nbg-undo")
        self.redo_button = widgets.Button(description=t("button.redo", lang), icon="repeat")
        self.redo_button.add_class("nbg-redo")
        self.resume_button = widgets.Button(description=t("button.resume", lang), icon="play")
        self.resume_button.add_class("nbg-resume")
        self.stop_button = widgets.Button(description=t("button.stop_bots", lang), icon="pause")
        self.stop_button.add_class("nbg-stop-bots")
        self.stop_button.on_click(lambda _: self.stop_bots())
        self.step_button = widgets.Button(description=t("button.step", lang), icon="step-forward")
        self.step_button.add_class("nbg-step")
        self.step_button.on_click(lambda _: self.step())
        self.hint_button = widgets.Button(description=t("button.hint", lang), icon="lightbulb-o")
        self.hint_button.add_class("nbg-hint-button")
        self.hint_button.on_click(lambda _: self.hint())
        self.hint_text = widgets.HTML()
        self.hint_text.add_class("nbg-hint-text")
        self.review = ReviewPanel(lang, self.start_review, self.stop_review)
        self._review_stop = threading.Event()
        self.review_budget: dict[str, Any] = {}  # the review's iterations, if not its defaults (tests)
        self.slider = widgets.IntSlider(min=0, max=0, value=0, description=t("label.timeline", lang),
                                        continuous_update=False)
        self.slider.add_class("nbg-timeline")
        self.position = widgets.Label()
        self.position.add_class("nbg-position")
        self.reveal_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.reveal_button.add_class("nbg-reveal")
        self.hotseat_text = widgets.Label()
        self.hotseat = widgets.VBox([self.hotseat_text, self.reveal_button],
                                    layout=widgets.Layout(display="none", border="2px solid #E69F00",
                                                          padding="8px"))
        self.hotseat.add_class("nbg-hotseat")
        self.save_button = widgets.Button(description=t("button.save", lang), icon="download")
        self.save_button.add_class("nbg-save")
        self.save_link = widgets.HTML()
        self.save_link.add_class("nbg-save-link")
        self.upload = widgets.FileUpload(accept=".json,application/json", multiple=False,
                                         description=t("button.load", lang))
        self.upload.add_class("nbg-load")

        self.undo_button.on_click(lambda _: self.undo())
        self.redo_button.on_click(lambda _: self.redo())
        self.resume_button.on_click(lambda _: self.resume())
        self.reveal_button.on_click(lambda _: self.reveal())
        self.save_button.on_click(lambda _: self.save())
        self.slider.observe(self._on_slider, names="value")
        self.upload.observe(self._on_upload, names="value")
        self.share_button = widgets.Button(description=t("button.share", lang), icon="link")
        self.share_button.add_class("nbg-share")
        self.share_button.on_click(lambda _: self.share())
        self.share_full_button = widgets.Button(description=t("button.share_full", lang), icon="link",
                                                layout=widgets.Layout(display="none", width="auto"))
        self.share_full_button.add_class("nbg-share-full")
        self.share_full_button.on_click(lambda _: self.share(with_seed=True))
        self.share_link = widgets.Text(value="", disabled=True, layout=widgets.Layout(width="100%"))
        self.share_link.add_class("nbg-share-link")
        self.share_note = widgets.HTML()
        self.share_note.add_class("nbg-share-note")
        self.offer_text = widgets.HTML()
        self.resume_offer_button = widgets.Button(description=t("button.resume_game", lang), button_style="primary")
        self.resume_offer_button.add_class("nbg-resume-game")
        self.resume_offer_button.on_click(lambda _: self.resume_kept())
        self.discard_offer_button = widgets.Button(description=t("button.discard_kept", lang))
        self.discard_offer_button.add_class("nbg-discard-kept")
        self.discard_offer_button.on_click(lambda _: self.dismiss_offer())
        self.offer = widgets.HBox([self.offer_text, self.resume_offer_button, self.discard_offer_button],
                                  layout=widgets.Layout(display="none", flex_flow="row wrap", align_items="center"))
        self.offer.add_class("nbg-resume-offer")
        # A refused link, kept game or file: said in the status line and kept here until the
        # visitor closes it or starts another game (a bot's move rewrites the status at once).
        self.notice_text = widgets.HTML()
        self.notice_button = widgets.Button(description=t("button.notice_ok", lang))
        self.notice_button.add_class("nbg-notice-ok")
        self.notice_button.on_click(lambda _: self.dismiss_notice())
        self.notice = widgets.HBox([self.notice_text, self.notice_button],
                                   layout=widgets.Layout(display="none", flex_flow="row wrap", align_items="center"))
        self.notice.add_class("nbg-notice")
        self.load_note = widgets.HTML()  # a refused file, beside the Load button
        self.load_note.add_class("nbg-load-note")
        self._kept: PlayState | None = None  # a game kept in this browser, offered for resuming
        self.move_listeners: list = []  # listener(seat, action) after a move is shown (ui/recorder.py)
        self._keeping = False  # True once the browser said what it kept: from then on every change is kept
        self.view.on_choose(self.choose)
        if hasattr(self.view, "scheduler"):  # views wait on the same (testable) clock
            self.view.scheduler = self.scheduler
        if hasattr(self.view, "on_command"):
            self.view.on_command(self._on_command)

        timeline = widgets.HBox([self.undo_button, self.redo_button, self.slider, self.position,
                                 self.resume_button, self.stop_button, self.step_button, self.hint_button],
                                layout=widgets.Layout(flex_flow="row wrap"))
        timeline.add_class("nbg-timeline-bar")
        self.timeline_bar = timeline
        self.table: Any = None  # the table the page plays at (ui/tablepanel.py), None: its own game
        self.scores_fold = fold("scores", t("label.scores", lang), [self.scores], opened=True)
        self.log_fold = fold("log", t("label.log", lang), [self.log])
        self.files_fold = fold("files", t("label.files", lang), [
            widgets.HBox([self.save_button, self.upload, self.share_button, self.share_full_button],
                         layout=widgets.Layout(flex_flow="row wrap")),
            self.load_note, self.save_link, self.share_link, self.share_note])
        self.review_fold = fold("review", t("label.review", lang), [self.review.widget])
        self.review_fold.layout.display = "none"  # shown once the game is over
        self.widget = widgets.VBox([self.notice, self.offer, self.hotseat, self.view.widget, timeline, self.hint_text,
                                    self.review_fold, self.scores_fold, self.log_fold, self.files_fold])
        self.widget.add_class("nbg-play")
        # The class's progress (nbgames serve --class-progress): a finished game is told to the server.
        from ..classroom import sink
        from .classjoin import join_box

        self.class_progress = sink()
        self._class_told = False  # this game's end was told
        self.join_box = join_box(lang)
        if self.join_box is not None:
            self.widget.children = (self.join_box, *self.widget.children)
        self.pagekit = getattr(self.view, "pagekit", None)
        if self.pagekit is not None:  # a phone folds the score table too: the board comes first
            self.pagekit.observe(self._on_width, names="width")
            self.pagekit.texts = {"lost": t("page.lost", lang), "reload": t("page.reload", lang)}
            self.pagekit.storage_key = f"nbgames/{game.name}/play"
            self.pagekit.observe(self._on_browser_ready, names="ready")
            self.pagekit.on_too_large(lambda *_: self.refused(t("status.load_too_big", lang), by_files=True))
        self.set_game(game, seats)

    def _on_width(self, change: dict) -> None:
        if getattr(self.view, "narrow", False) and not self.game.is_over:
            set_open(self.scores_fold, False)

    # -- games and seats -------------------------------------------------------------------
    def set_game(self, game: Game, seats: list[str] | None = None) -> None:
        """Play another game (optionally with other seats) in the same widgets."""
        seats = list(seats if seats is not None else self.seats)
        seats = [current_kind(seats[i]) if i < len(seats) else "human" for i in range(game.players)]
        for kind in seats:
            if kind not in SEAT_KINDS:
                raise ValueError(f"seat must be one of {SEAT_KINDS}, not {kind!r}")
        self.game = game
        self.seats = seats
        self._class_told = game.is_over  # a game opened finished was not played here
        base = self.bot_seed if self.bot_seed is not None else game.seed
        self.bots = {s: make_bot(kind, seed=(base * 31 + s) % 2**32)
                     for s, kind in enumerate(seats) if kind != "human"}
        humans = [s for s, kind in enumerate(seats) if kind == "human"]
        # One human: always show their cards. Several: hot-seat (cards of the seat to move,
        # hidden behind a "pass to" screen). None: a bot-only game shows everything.
        if self.table is None:  # at a table the view shows the table's seats
            self.view.seat = humans[0] if len(humans) == 1 else None
            self.view.seat_kinds = list(seats)
        self.share_full_button.layout.display = "" if game.practice and game.replays_from_seed else "none"
        self._revealed_for = None
        self.paused = False
        self.dismiss_notice()  # another game: an earlier refusal is no longer news
        self._keep(False)  # kept before the view shows the game (a restart then loses nothing)
        if self.table is None:  # at a table the board shows the table's game: this one waits
            self.view.set_game(game)
        self._changed(keep=False)

    @property
    def humans(self) -> list[int]:
        return [s for s, kind in enumerate(self.seats) if kind == "human"]

    def is_bot_turn(self) -> bool:
        seat = self.game.to_move
        return seat is not None and self.seats[seat] != "human"

    # -- playing ---------------------------------------------------------------------------
    def choose(self, action: Action | str) -> bool:
        """A human chose an action: play it if it is that human's legal turn. True if played."""
        if self.table is not None:  # at a table the holder plays it (or says why not)
            return self.table.choose(action)
        game = self.game
        seat = game.to_move
        if seat is None or self.seats[seat] != "human" or not self.view.reveal:
            if seat is not None and self.seats[seat] != "human":
                self.view.status.value = t("status.not_your_turn", self.lang, player=self._name(seat))
            return False
        try:
            played = game.play(action)
        except IllegalAction as exc:
            self.view.status.value = t("status.illegal", self.lang, rule=exc.rule, reason=exc.reason)
            return False
        self.paused = False
        self._changed(moved=(seat, played))
        return True

    def _bot_step(self, generation: int) -> None:
        """A bot's turn: it thinks (in a worker thread on a copy of the game, or in line), then
        `_bot_done` plays its move if nothing changed meanwhile."""
        if generation != self.generation or self.paused or not self.is_bot_turn():
            return  # the position changed since this timer was set (undo, new game, …)
        seat = self.game.to_move
        bot = self.bots[seat]
        if not self.threaded:
            try:
                action = bot.choose(self.game)
            except Exception as exc:  # noqa: BLE001 - a timer's error would be invisible otherwise
                self._bot_done(generation, seat, None, exc)
                return
            self._bot_done(generation, seat, action, None)
            return
        copy, stop = self.game.clone(), threading.Event()
        self._stop_search = stop
        loop = asyncio.get_running_loop()

        def slowed() -> None:  # the search waits for its turn on a busy server: say so
            loop.call_soon_threadsafe(self._say_slowed, generation, seat)

        seconds = getattr(bot, "seconds", None)  # a bot of one's own may not say

        def think():
            try:
                if seconds is None:  # decides at once: nothing to share
                    return bot.choose(copy, stop=stop), None
                with SEARCHES.turn(seconds, stop, slowed) as left:  # the wait counts against its time
                    return bot.choose(copy, deadline=time.monotonic() + left, stop=stop), None
            except Exception as exc:  # noqa: BLE001 - reported on the page, not lost in a thread
                return None, exc

        in_worker(f"nbgames-bot-{seat}", think, lambda found: self._bot_done(generation, seat, *found))

    def _say_slowed(self, generation: int, seat: int) -> None:
        if generation == self.generation and not self.paused and self.game.to_move == seat:
            self.view.status.value = t("status.bots_slowed", self.lang, player=self._name(seat))

    def _bot_done(self, generation: int, seat: int, action: Action | None, error: Exception | None) -> None:
        """A bot decided: play its move, unless the page moved on (undo, stop, new game)."""
        if generation != self.generation or self.paused or self.game.to_move != seat:
            return
        try:
            if error is not None:
                raise error
            self.game.play(action)
        except Exception as exc:  # noqa: BLE001 - a bot's error is shown, never hidden
            self.view.status.value = f"{type(exc).__name__}: {exc}"
            return
        if self._one_step:  # "Step": one move, then paused again
            self._one_step, self.paused = False, True
        self._changed(moved=(seat, action))

    def _schedule_bot(self) -> None:
        generation = self.generation
        self.scheduler(self.bot_delay, lambda: self._bot_step(generation))

    def step(self) -> None:
        """Watching bots: let the bot to move play one move, then pause again."""
        if self.paused and self.is_bot_turn():
            self._one_step = True
            self.resume()

    def start_review(self) -> None:
        """Review the finished game for the human (or the first seat): in a worker thread, with
        a progress bar; the curve and the costliest moves are drawn when it is done."""
        from ..engine.review import review

        if not self.game.is_over:
            return
        seat = self.humans[0] if self.humans else 0
        copy, stop = self.game.clone(), threading.Event()
        self._review_stop = stop
        names = [self._name(s) for s in range(copy.players)]
        colours = [self.view.seat_colour(s) if hasattr(self.view, "seat_colour") else None
                   for s in range(copy.players)]
        self.review.started(copy.ply)

        def done(result) -> None:
            if stop is self._review_stop:  # not a stopped review's late answer to a newer one
                self.review.show(result, names, colours)

        if not self.threaded:
            done(review(copy, seat, curve_iterations=2, check_iterations=8, samples=4, stop=stop))  # a test clock
            return
        loop = asyncio.get_running_loop()

        shown = [-1]

        def progress(positions: int, total: int) -> None:  # the bar moves by whole per cents: ≤ 100 messages
            if stop.is_set():
                return  # a stopped review moves no bar (a newer one may have it)
            if positions * 100 // max(1, total) != shown[0] or positions == total:
                shown[0] = positions * 100 // max(1, total)
                try:
                    loop.call_soon_threadsafe(self.review.advance, positions)
                except RuntimeError:  # the kernel's loop has closed: no page to show it
                    stop.set()

        def work():
            lower_priority()  # a long search: below every page's clicks (it takes no slot: it would hold it long)
            with using(self.lang):  # the costly moves' words in the page's language
                return review(copy, seat, progress=progress, stop=stop, **self.review_budget)

        in_worker("nbgames-review", work, done)

    def stop_review(self) -> None:
        """The review's stop button: its search ends at once and the panel says so."""
        self._review_stop.set()
        self.review.stopped()

    def stop_bots(self) -> None:
        """Stop the bots: a search ends at once, nothing more is played until "Play on"."""
        self._stop_search.set()
        self.paused = True
        self._changed()
        if self.is_bot_turn():
            self.view.status.value = t("status.bots_stopped", self.lang)

    def hint(self) -> None:
        """Suggest a move to the human to move: marked on the board, and why in words (the
        engine's hint: an easy search on what this seat may know, never others' hidden cards)."""
        from ..engine.hints import HINT_ITERATIONS, HINT_SECONDS, TEST_CLOCK_ITERATIONS, hint

        seat = self.game.to_move
        if seat is None or self.seats[seat] != "human" or not self.view.reveal or self.table is not None:
            self.hint_text.value = html.escape(t("label.hint_none", self.lang))
            return
        copy, ply, generation = self.game.clone(), self.game.ply, self.generation
        if not self.threaded:  # a test clock: at once, in line
            with using(self.lang):  # the hint's words in the page's language
                self._show_hint(generation, hint(copy, seat, seed=ply, iterations=TEST_CLOCK_ITERATIONS))
            return
        if self._hinting == generation:
            return  # one search for a position, however often the button is clicked
        self._hint_stop.set()  # a search still running for an older position ends at once
        stop = self._hint_stop = threading.Event()
        self._hinting, self.hint_button.disabled = generation, True
        self.hint_text.value = html.escape(t("label.hint_thinking", self.lang))
        asked = time.monotonic()

        def search():  # within HINT_SECONDS of the click, waiting for a search slot included
            try:
                with SEARCHES.turn(HINT_SECONDS, stop=stop), using(self.lang):
                    if stop.is_set():
                        return None  # the position changed while it waited for a slot
                    return hint(copy, seat, seed=ply, iterations=HINT_ITERATIONS, deadline=asked + HINT_SECONDS,
                                stop=stop)
            except Exception as exc:  # noqa: BLE001 - reported on the page, not lost in a thread
                return exc

        in_worker("nbgames-hint", search, lambda advice: self._show_hint(generation, advice))

    def _show_hint(self, generation: int, advice: Any) -> None:
        if self._hinting == generation:
            self._hinting = None
        if generation != self.generation or advice is None:
            return  # the position changed meanwhile: the hint was for another one
        self.hint_button.disabled = False
        if isinstance(advice, Exception):
            self.hint_text.value = html.escape(f"{type(advice).__name__}: {advice}")
            return
        how = self.view.how_to_play(advice.action) if hasattr(self.view, "how_to_play") else None
        if how is not None:  # marked where it is played, as a lesson's "Show me" marks it
            self.view.highlight(how[0], kind="suggested")
            self._suggested = True
        # the move in words, one reason, its rule id marked (a click opens the rule)
        self.hint_text.value = f"<div class='nbg-hint-box'>{advice_html(advice, self.lang)}</div>"

    # -- time travel -----------------------------------------------------------------------
    def asker(self) -> int | None:
        """The seat on whose behalf undo is asked: in a fair game it may undo only its own moves
        that revealed nothing (`Game.undo_floor`); None (no limit) in a practice game or when
        only bots play."""
        humans = self.humans
        if self.game.practice or not humans:
            return None
        return self.game.to_move if self.game.to_move in humans else humans[0]

    def undo(self) -> None:
        """Take back moves up to the previous human decision; bots pause until "Play on"."""
        game, asker = self.game, self.asker()
        if not game.can_undo or self.table is not None:  # no undo at a table (docs/tables.md)
            return
        before = game.ply
        try:
            game.undo(asker)
            if self.humans:
                while game.can_undo and self.is_bot_turn():
                    game.undo(asker)
        except IllegalAction as exc:
            self._refused(exc, changed=game.ply != before)
            return
        self.paused = True
        self._changed()

    def redo(self) -> None:
        if not self.game.can_redo or self.table is not None:
            return
        self.game.redo()
        self.paused = True
        self._changed()

    def goto(self, ply: int) -> None:
        """Scrub to position `ply` (0 … timeline_length); bots pause until "Play on"."""
        try:
            self.game.goto(int(ply), self.asker())
        except IllegalAction as exc:
            self._refused(exc, changed=False)
            return
        except (ValueError, TypeError) as exc:
            self.view.status.value = str(exc)
            return
        self.paused = True
        self._changed()

    def _refused(self, exc: IllegalAction, changed: bool) -> None:
        """Say why undo or the timeline stopped; the timeline goes back to the position shown."""
        if changed:
            self.paused = True
            self._changed()
        else:
            self._update_timeline()
        self.view.status.value = t("status.illegal", self.lang, rule=exc.rule, reason=exc.reason)

    def resume(self) -> None:
        """Continue from the position shown (bots move again)."""
        self.paused = False
        self._changed()

    def _on_slider(self, change: dict) -> None:
        if self._syncing:
            return
        if change["new"] != self.game.ply and self.table is None:
            self.goto(change["new"])

    def _on_command(self, name: str) -> None:
        if name == "undo":
            self.undo()
        elif name == "redo":
            self.redo()

    # -- at a table (ui/tablepanel.py) -----------------------------------------------------
    def enter_table(self, table: Any) -> None:
        """The board shows a table's game (`table.choose` plays a click there); the page's own
        game waits as it is: its bots stop, its timeline, hint and files are put away (no undo
        at a table)."""
        if self.table is None:
            self._away_display = {part: part.layout.display for part in self._own_parts()}
        self.table = table
        self.generation += 1  # a bot's timer of the page's game does nothing now
        for stop in (self._stop_search, self._hint_stop, self._review_stop):
            stop.set()
        for part in self._own_parts():
            part.layout.display = "none"
        self.hint_text.value = ""

    def leave_table(self) -> None:
        """Back to the page's own game, as it was."""
        if self.table is None:
            return
        self.table = None
        for part, display in getattr(self, "_away_display", {}).items():
            part.layout.display = display
        self.set_game(self.game, self.seats)

    def _own_parts(self) -> list[widgets.Widget]:
        return [self.notice, self.offer, self.hotseat, self.timeline_bar, self.hint_text, self.review_fold,
                self.files_fold]

    # -- hot seat --------------------------------------------------------------------------
    def reveal(self) -> None:
        """The player to move confirms they have the device: show their cards."""
        seat = self.game.to_move
        if seat is None or self.seats[seat] != "human":
            return
        self._revealed_for = seat
        self._changed()

    def _tell_class(self) -> None:
        """Tell the class server that the student finished this game (nothing outside a class
        server). The student's score: the human seat's (None in a hot-seat or bot-only game)."""
        humans = self.humans
        if not humans or not self.class_progress.enabled:
            return
        import hashlib

        try:
            score = int(self.game.scores()[humans[0]]) if len(humans) == 1 else None
        except (IndexError, TypeError, ValueError):
            score = None
        record = hashlib.sha256(self.record_json().encode("utf-8")).hexdigest()[:20]
        bots = [kind for kind in self.seats if kind != "human"]
        self.class_progress.game_finished(self.game.name, len(self.seats), bots, score, f"sha256:{record}")

    def _name(self, seat: int | None) -> str:
        return t("seat.name", self.lang, n=(seat or 0) + 1)

    # -- after every change ----------------------------------------------------------------
    def _changed(self, moved: tuple[int, Action] | None = None, keep: bool = True) -> None:
        self.generation += 1
        if keep:  # first: the browser keeps the position before any message shows it
            self._keep(moved is not None)
        if self.table is not None:  # the page's own game waits (no bot moves) while it plays at a table
            return
        game, view = self.game, self.view
        seat = game.to_move
        hotseat = view.seat is None and len(self.humans) >= 2
        need_pass = (hotseat and seat is not None and self.seats[seat] == "human"
                     and seat != self._revealed_for)
        bot_turn = self.is_bot_turn()
        if hotseat:
            view.reveal = not need_pass and not bot_turn
        else:
            view.reveal = True
        view.interactive = not bot_turn and not need_pass and seat is not None
        self._update_timeline()  # the controller's panels, then the view (its status line last)
        self._update_log()
        self._update_scores()
        if game.is_over:  # the final scoring, line by line, is the game's last word
            set_open(self.scores_fold, True)
            if moved is not None and not self._class_told:
                self._class_told = True
                self._tell_class()
        self.review_fold.layout.display = "" if game.is_over else "none"
        if not game.is_over:
            self._review_stop.set()  # a review of a game no longer shown ends
        view.refresh()
        if need_pass:
            self.hotseat_text.value = t("hotseat.pass", self.lang, player=self._name(seat))
            self.reveal_button.description = t("button.reveal", self.lang, player=self._name(seat))
            self.hotseat.layout.display = "flex"
        else:
            self.hotseat.layout.display = "none"
        if bot_turn and not self.paused:
            view.status.value = t("status.bot_thinking", self.lang, player=self._name(seat))
        elif self.paused and bot_turn:
            view.status.value = t("status.paused", self.lang)
        self.resume_button.disabled = not (self.paused and bot_turn)
        self.stop_button.disabled = not bot_turn or self.paused
        self.step_button.disabled = not (self.paused and bot_turn)
        self.hint_button.disabled = bot_turn or need_pass or game.is_over
        self.hint_text.value = ""  # a hint is for the position it was asked in
        if self._hinting is not None and self._hinting != self.generation:
            self._hint_stop.set()  # its search ends: the position it was for has passed
        if self._suggested:
            self._suggested = False
            view.highlight([], kind="suggested")
        if bot_turn and not self.paused:
            self._schedule_bot()
        if moved is not None:  # last: a listener may show another position (the recorder goes back)
            for listener in list(self.move_listeners):
                listener(*moved)

    def _update_timeline(self) -> None:
        game = self.game
        self._syncing = True
        floor = game.undo_floor(self.asker())
        try:
            self.slider.min = 0
            self.slider.max = game.timeline_length
            self.slider.min = min(floor, game.timeline_length)  # a fair game's past is not replayed
            self.slider.value = game.ply
        finally:
            self._syncing = False
        self.position.value = t("timeline.position", self.lang, ply=game.ply,
                                total=game.timeline_length)
        self.undo_button.disabled = not game.can_undo or floor >= game.ply
        self.redo_button.disabled = not game.can_redo

    def _update_log(self) -> None:
        lines = self.view.event_lines(LOG_LINES) if hasattr(self.view, "event_lines") else []
        moves = [str(a) for a in self.game.history]
        items = "".join(f"<li>{html.escape(line)}</li>" for line in reversed(lines))
        played = html.escape(" ".join(moves[-12:]))  # notation: the same in every language
        self.log.value = (f"<div class='nbg-moves-played nbg-notation'>{len(moves)}: {played}"
                          f"</div><ol reversed start='{self.game.event_count}' class='nbg-events'>{items}</ol>")

    def _update_scores(self, game: Any = None, seats: list[str] | None = None) -> None:
        """The Scores fold: each seat's score by its rules (`game`, `seats`: a table's, else the page's)."""
        game = game if game is not None else self.game
        seats = seats if seats is not None else self.seats
        rows = []
        winners = set(game.winners()) if game.is_over else set()
        def words(value: Any) -> Any:  # an engine's word ("red", "largest group") in the page's language
            if isinstance(value, Msg):
                return localize(value, self.lang)
            return gettext(value, self.lang, game.name) if isinstance(value, str) else value

        label = getattr(self.view, "score_what", None)  # a game that keys its score lines words them

        def own(key: str) -> str:  # a game may say its own unit ("coins"): "<prefix>.score.part"
            mine = f"{game.manifest.prefix}.{key}"
            return mine if mine in catalogue() else key

        for entry in game.explain_scores():
            seat = entry["seat"]
            parts = "<br>".join(linked_html(t(own("score.part" if p.get("count") is not None else "score.part_plain"),
                                              self.lang, **{k: words(p.get(k)) for k in ("count", "points", "rule")},
                                              n=p.get("points"),  # "1 point", "2 points"
                                              what=label(p) if label else words(p.get("what"))), self.lang)
                                for p in entry["parts"])
            notes = getattr(self.view, "score_notes", None)  # game-specific lines (race results, …)
            if notes is not None:
                parts += "".join("<br>" + html.escape(line) for line in notes(seat))
            colour = entry.get("colour")
            if colour is None and hasattr(self.view, "score_colour"):
                colour = self.view.score_colour(seat)
            mark = f" ★ {html.escape(t('score.winner', self.lang))}" if seat in winners else ""
            kind = t(f"seat.{seats[seat]}", self.lang)
            who = f"{html.escape(self._name(seat))} ({html.escape(kind)}){mark}"
            rows.append(f"<tr><td>{who}</td>"
                        f"<td>{html.escape(str(words(colour) if colour else '—'))}</td><td>{parts}</td>"
                        f"<td><b>{entry['total']}</b></td></tr>")
        head = (f"<tr><th>{html.escape(t('score.seat', self.lang))}</th>"
                f"<th>{html.escape(t('score.colour', self.lang))}</th><th></th>"
                f"<th>{html.escape(t('score.total', self.lang))}</th></tr>")
        self.scores.value = f"<table class='nbg-score-table'>{head}{''.join(rows)}</table>"

    # -- nothing lost: kept in the visitor's browser, shared by link ------------------------
    def _on_browser_ready(self, change: dict) -> None:
        """A browser shows the page: open a shared link, else offer the game it kept."""
        if not change["new"]:
            return
        kit = self.pagekit
        try:
            shared = read_share(kit.location_hash)
            if shared is not None:
                self._open(read_game_state(shared, SEAT_KINDS, self.game.name))
                self.view.status.value = t("status.shared_opened", self.lang, moves=self.game.ply)
        except RecordError as exc:
            self.refused(t("status.share_refused", self.lang, reason=_reason(exc)))
        if kit.stored and shared is None:
            try:
                self._kept = read_game_state(kit.stored, SEAT_KINDS, self.game.name)
            except RecordError as exc:
                kit.set_aside()  # refused, never half-loaded, and not destroyed either
                self.refused(t("status.kept_refused", self.lang, reason=_reason(exc)))
            else:
                if kit.switched:  # the visitor only changed the page's language: go on at once
                    self.resume_kept()
                    return
                if self._kept.game.is_over:  # a finished game is not offered for resuming
                    self._kept = None
                    self._keeping = True
                    self._keep(False)
                    return
                self.offer_text.value = html.escape(t("label.resume_offer", self.lang, ply=self._kept.shown,
                                                      players=self._kept.game.players))
                self.offer.layout.display = "flex"
                return  # keep nothing until the visitor chose: resume, or start anew
        self._keeping = True
        self._keep(False)

    def refused(self, message: str, by_files: bool = False) -> None:
        """Say that a link, kept game or file was refused: in the status line, and where it stays
        until the visitor closes it or another game starts: a link or kept game (refused as the
        page opens) in the notice above the board, a file beside the Load button (nothing above
        the board moves while the visitor works below it)."""
        self.view.status.value = message
        if by_files:
            self.load_note.value = f"<b>{html.escape(message)}</b>"
            return
        self.notice_text.value = html.escape(message)
        self.notice.layout.display = "flex"

    def dismiss_notice(self) -> None:
        self.notice.layout.display = "none"
        self.notice_text.value = self.load_note.value = ""

    def resume_kept(self) -> None:
        """Resume the game this browser kept (offered when the page opened)."""
        if self._kept is not None:
            self._open(self._kept)
            self.view.status.value = t("status.resumed", self.lang, moves=self._kept.shown)
        self.dismiss_offer()

    def dismiss_offer(self) -> None:
        """Forget the offer to resume (a new game was chosen); keep the page's game from now on."""
        self._kept = None
        self.offer.layout.display = "none"
        self._keeping = True
        self._keep(False)

    def _open(self, state: PlayState) -> None:
        """Show a kept or shared game at its move, bots paused until "Play on"."""
        self.set_game(state.game, state.seats)
        self.paused = self.is_bot_turn()
        self._changed()

    def _keep(self, moved: bool) -> None:
        """Keep the page's state in the visitor's browser (after every change)."""
        if self.pagekit is None:
            return
        if self._kept is not None and moved:  # playing on in the fresh game: that is the choice
            self.dismiss_offer()
            return
        if self._keeping:  # sealed while a fair game runs: no seat can read the others' cards in it
            practice = self.game.practice and self.game.replays_from_seed  # (its seed is shown anyway)
            self.pagekit.store(kept_state(self.game, self.seats, with_seed=practice))

    def share(self, with_seed: bool = False) -> None:
        """Put a link to this game at this move on the clipboard (and in the box to copy).
        Without the seed while the game runs (no spoilers); `with_seed` (practice games only,
        whose seed is shown anyway) replays every hidden card exactly."""
        if self.pagekit is None:
            return
        with_seed = with_seed and self.game.practice and self.game.replays_from_seed
        if needs_seal(self.game):
            words = _("The link holds this game sealed by this server: it opens here only, and nobody "
                      "can read the cards in it. Whoever opens it goes on from this move.", self.lang)
        else:
            words = t("label.share_note_finished" if self.game.is_over else
                      "label.share_note_seed" if with_seed else "label.share_note", self.lang)
        self.share_note.value = html.escape(words)

        def copied(url: str, ok: bool) -> None:
            self.share_link.value = url
            self.share_link.disabled = False
            self.view.status.value = t("status.link_copied" if ok else "status.link_shown", self.lang)

        self.pagekit.copy(share_fragment(kept_state(self.game, self.seats, with_seed=with_seed)), copied)

    # -- save and load ---------------------------------------------------------------------
    def record_json(self) -> str:
        """The game's record (for Python; a page saves `saved_text`)."""
        return json.dumps(self.game.to_record(), indent=1)

    def saved_text(self) -> str:
        """What Save offers: while a fair game runs, the page's state sealed by the server (its
        record holds every seat's cards; `keep.kept_state`); else the plain record."""
        return kept_state(self.game, self.seats) if needs_seal(self.game) else self.record_json()

    def save(self) -> None:
        """Offer the saved game as a download link (a data URL: works in Voilà, no server files)."""
        name = f"{self.game.name}-ply{self.game.ply}.json"  # no seed: it tells every card
        data = base64.b64encode(self.saved_text().encode("utf-8")).decode("ascii")
        label = html.escape(t("label.save_link", self.lang, name=name))
        if self.game.is_over:
            note = ""
        else:
            words = (_("A game in progress is saved sealed: this server loads it (the cards nobody has "
                       "seen yet are dealt anew), and nobody can read the cards in it.", self.lang)
                     if needs_seal(self.game) else t("label.save_note", self.lang))
            note = f"<br><small>{html.escape(words)}</small>"
        self.save_link.value = (f"<a download='{html.escape(name)}'"
                                f" href='data:application/json;base64,{data}'"
                                f" class='nbg-download'>{label}</a>{note}")

    def load(self, data: bytes | str) -> bool:
        """Load a saved game (JSON bytes): a plain record (the visitor's own data) or a game this
        server sealed (it comes back with its seats); refuse bad files with a friendly message.
        True if loaded."""
        if len(data) > MAX_RECORD_BYTES:
            self.refused(t("status.load_too_big", self.lang), by_files=True)
            return False
        try:
            parsed = json.loads(data)
        except (ValueError, RecursionError):
            parsed = None  # from_record says why
        if is_sealed(parsed):
            return self._load_sealed(data, sealed_game(parsed))
        try:
            game = from_record(data)
        except RecordError as exc:
            self.refused(t("status.load_refused", self.lang, reason=_reason(exc)), by_files=True)
            return False
        if game.name != self.game.name:
            self.refused(t("status.load_other_game", self.lang, game=game.title), by_files=True)
            return False
        self.set_game(game)
        self.paused = self.is_bot_turn()  # look at the loaded position before bots move on
        self._changed()
        self.view.status.value = t("status.loaded", self.lang, moves=game.ply)
        return True

    def _load_sealed(self, data: bytes | str, name: str | None) -> bool:
        from ..engine.registry import manifest

        try:
            title = manifest(name).title if name != self.game.name else None
        except ValueError:
            title = None  # no such game: the seal's check says it is of another game
        if title is not None:
            self.refused(t("status.load_other_game", self.lang, game=title), by_files=True)
            return False
        try:
            text = data.decode("utf-8") if isinstance(data, (bytes, bytearray)) else data
            state = read_game_state(text, SEAT_KINDS, self.game.name)
        except UnicodeDecodeError:
            self.refused(t("status.load_refused", self.lang, reason=_("it is not text.")), by_files=True)
            return False
        except RecordError as exc:
            self.refused(t("status.load_refused", self.lang, reason=_reason(exc)), by_files=True)
            return False
        self._open(state)
        self.view.status.value = t("status.loaded", self.lang, moves=state.game.ply)
        return True

    def _on_upload(self, change: dict) -> None:
        files = change["new"]
        if not files:
            return
        first = files[0] if isinstance(files, (list, tuple)) else next(iter(files.values()))
        content = first.get("content", b"") if isinstance(first, dict) else b""
        size = first.get("size", 0) if isinstance(first, dict) else 0
        if not isinstance(size, int) or size > MAX_RECORD_BYTES:
            self.refused(t("status.load_too_big", self.lang), by_files=True)
        else:
            self.load(bytes(content))
        self.upload.value = ()


def _reason(error: Exception) -> str:
    """A refusal's reason, kept translatable when it was written with `msg`."""
    first = error.args[0] if error.args else None
    return first if isinstance(first, Msg) else str(error)
