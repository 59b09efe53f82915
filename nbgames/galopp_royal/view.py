"""The Galopp Royal view, on the kit's one view shell (``ui/shell.py``).

The shell shows the status line, the hand (the viewer's private cards of the auction running),
the players panel, hover and keyboard information, the Pass / Roll / Keep buttons and the list of
legal moves. This view fills in Galopp's canvas (``drawing.py``), its words (``panels.py``), the
choices that take several clicks (``selection.py``) and, in the shell's ``extras``, its own
controls: the die line, the schemer's options and the confirm button, the auction with its bid row.
On a phone-sized page (`relayout`) the canvas takes `layout.py`'s narrow layout: the course wrapped
into bands, boards, podium and die below, every target at least 36 canvas pixels.

It sees the game through the facade only: ``game.view(viewer)`` (so it never shows what its
viewer may not know), ``game.events(since)`` and ``legal_actions()``. It only *offers* legal
actions and reports the chosen one through `on_choose`; it never plays. Targets have names,
shared with `highlight`: ``chair:<seat>``, ``lane:<seat>:<space>``, ``slot:<seat>:<1-4>``,
``space:<n>`` and ``button:<name>`` (bid, bid_amount, pass, roll, keep, confirm, scheme_plus,
scheme_minus).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ..engine.action import Action
from ..engine.events import Event
from ..engine.game import Game
from ..i18n import localize, resolve
from ..ui.board import HIGHLIGHTS, PIECES, Geometry, Op
from ..ui.i18n import t
from ..ui.shell import ShellView, lines_html
from . import drawing, panels
from .drawing import (
    CHAIR_FILL,
    Marks,
    chair_cols,
    course_cell,
    course_target,
    parse_target,
)
from .layout import COURSE_COLS, LEFT, Layout, layout_for, slot_regions
from .selection import Reply, Selection
from .tables import SLOTS
from .text import CARD_SHORT, player_name, players_text

__all__ = ["GaloppView", "LEFT"]  # LEFT: where the course starts (the browser tests look there)

STEP_SECONDS = 0.12     # one step of a moving chair
DIE_SECONDS = 1.6       # how long the die face stays on the canvas
BUTTON_MOVES = ("pass", "roll", "keep")  # the shell's buttons; bids come from the bid row


class GaloppView(ShellView):
    """The Galopp Royal course, boards and controls for one game; `seat` = whose cards are shown.

    ``seat=None`` is hot-seat: the private cards of the seat to move are shown (unless `reveal`
    is False, which the hot-seat screen uses to hide them between players).
    """

    css_class = "nbg-galopp"
    max_listed_moves = 256  # the (up to 4096) exchanges are made by clicking, not from a list

    def __init__(self, game: Game, seat: int | None = None, lang: str | None = None):
        self.selection = Selection(resolve(lang))
        self.table: dict[str, Any] = {}  # game.view(viewer) as last refreshed
        self._anim_cols: list[int] | None = None
        self._anim_gen = 0
        self._die: dict[str, Any] | None = None  # the roll the canvas shows now
        self._own_roll: Event | None = None  # the viewer's latest roll in this race (the die line keeps it)
        self._pointer: tuple[Any, Any] | None = None  # where the mouse last was on the canvas
        self._die_pinned = False  # the viewer's own roll stays up for DIE_SECONDS, whatever bots roll
        self._drawn_cols: list[int] | None = None
        self._seen: tuple = (None, 0, None)  # (game, event count, last event) at the last refresh
        self.layout = layout_for(game.players)
        super().__init__(game, seat, lang, self.layout.course, size=(self.layout.width, self.layout.height),
                         regions=slot_regions(self.layout.boards))
        self._build_controls()
        self.refresh()

    @property
    def boards_geom(self) -> Geometry:
        """The bearer boards' grid on the canvas."""
        return self.layout.boards

    def _use_layout(self, layout: Layout) -> None:
        self.layout, self.geom, self.regions = layout, layout.course, slot_regions(layout.boards)
        self.resize(layout.width, layout.height)

    def relayout(self) -> None:
        """A phone-sized page: the course wrapped into bands, boards, podium and die below."""
        self._use_layout(layout_for(self.game.players, self.narrow))

    def _build_controls(self) -> None:
        lang = self.lang
        self.die = widgets.HTML(value="")  # HTML, not a Label: a long line wraps on a phone, never "…"
        self.die.add_class("nbg-die")
        self.auction = widgets.HTML()
        self.auction.add_class("nbg-auction")
        self.bid_amount = widgets.IntSlider(value=1, min=1, max=1, description=t("gr.label.bid", lang),
                                            continuous_update=True)
        self.bid_amount.add_class("nbg-bid-amount")
        self.bid_button = self._make_button("gr.button.bid_none", "nbg-bid",
                                            lambda: self._emit_notation(f"bid {self.bid_amount.value}"))
        self.scheme_plus = self._make_button("gr.button.scheme_plus", "nbg-scheme-plus",
                                             lambda: self.choose_scheme_option(1))
        self.scheme_minus = self._make_button("gr.button.scheme_minus", "nbg-scheme-minus",
                                              lambda: self.choose_scheme_option(-1))
        self.confirm_button = self._make_button("gr.button.place", "nbg-confirm",
                                                lambda: self._emit(self.selection.selected()))
        self.bid_amount.observe(lambda _: self._sync_bid_label(), names="value")
        self.bid_note = widgets.HTML(value="")  # why nothing can be bid now (wraps)
        self.bid_note.add_class("nbg-bid-note")
        self.bid_row = widgets.HBox([self.bid_amount, self.bid_button, self.bid_note],
                                    layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        self.auction_box = widgets.VBox([
            widgets.HTML(f"<b>{html.escape(t('gr.auction.title', lang))}</b>"), self.auction, self.bid_row,
        ], layout=widgets.Layout(border="1px solid #ccc", padding="6px", max_width="560px"))
        self.auction_box.add_class("nbg-auction-panel")
        choosing = widgets.HBox([self.scheme_plus, self.scheme_minus, self.confirm_button],
                                layout=widgets.Layout(flex_flow="row wrap"))
        choosing.add_class("nbg-galopp-choosing")
        self.extras.children = [self.die, choosing, self.auction_box]

    # -- the interface ---------------------------------------------------------------------
    def set_game(self, game: Game) -> None:
        """Show another game (new game, loaded record); clears lesson highlights and selections."""
        self._anim_gen += 1
        self._anim_cols = None
        self._die, self._die_pinned, self._own_roll = None, False, None
        self._seen = (None, 0, None)  # another game: nothing in it is new
        self.selection.reset()
        if game.players != self.layout.players:
            self._use_layout(layout_for(game.players, self.narrow))
        super().set_game(game)

    def read_game(self) -> None:
        self.table = self.game.view(self.viewer)
        self.selection.update(self.table, self._legal)
        new_events = self._new_events()
        self._track_own_roll(new_events)
        self._animate(new_events or [])
        self._show_die(new_events or [])
        self._drawn_cols = chair_cols(self.table)
        self._hover_again()

    def _on_mouse_move(self, x: Any, y: Any) -> None:
        self._pointer = (x, y)
        super()._on_mouse_move(x, y)

    def _hover_again(self) -> None:
        """What is under a pointer that stayed put changes when chairs move: name it anew (a
        chair that walked away is no longer what the information panel describes)."""
        if self._pointer is not None and self._hover is not None:
            self._hover = self.target_at(*self._pointer)

    def static_key(self) -> tuple:
        return self.game.players, self.table["goal"], self.lang

    def refresh(self) -> None:
        """Show the game as it is now (call after every change of the game)."""
        super().refresh()
        own = self._own_roll if self.seat is not None else None
        self.die.value = html.escape(panels.die_text(self.table, self.lang, own), quote=False)
        self.auction.value = panels.auction_html(self.table, self.lang, hidden=not self.reveal)
        self.bid_row.layout.display = "flex" if self.table["auction"] is not None else "none"

    # -- words (the canvas's twins) --------------------------------------------------------
    def describe(self, action: Action) -> str:
        return panels.describe(action, self.table, self.lang)

    def status_what(self) -> str:
        return panels.status_what(self.table, self.lang)

    def status_text(self) -> str:
        """The shell's line, or why the chairs chosen for the schemer may not be moved (the
        engine's refusal with its rule id) while Confirm stays grey."""
        refused = self.selection.refused() if self._interactive else None
        if refused is not None and self.game.to_move in refused.args[1]:  # said plainly, as a player would
            return t("status.illegal", self.lang, rule="GR-11", reason=t("gr.own_chair", self.lang))
        error = self.game.refusal(refused) if refused is not None else None
        if error is not None:
            return t("status.illegal", self.lang, rule=error.rule, reason=localize(error.reason, self.lang))
        return super().status_text()

    def hand_chips(self) -> list[str]:
        return panels.hand_chips(self.table, self.lang)

    def seat_facts(self, seat: int) -> str:
        return panels.seat_facts(self.table, seat, self.lang)

    def target_facts(self, target: str) -> list[str]:
        text = panels.target_text(target, self.table, self.selection.boards_shown(), self.lang)
        return [text] if text else []

    def reach_lines(self, target: str) -> list[str]:
        """What is chosen so far (a click adds to it, see `selection.py`)."""
        return self.selection.summary() if self.selection.legal else []

    def idle_info(self) -> str:
        return panels.results_html(self.table, self.lang)

    def score_notes(self, seat: int) -> list[str]:
        """Scoreboard lines: the seat's place in every race run (controller hook)."""
        return panels.score_notes(self.game.view(None), seat, self.lang)

    def seat_colour(self, seat: int) -> str:
        """The player strip's swatch: the seat's chair colour (its number is on the chair too)."""
        return CHAIR_FILL[seat]

    def score_colour(self, seat: int) -> str:
        """The chair colour of a seat (controller hook for the scoreboard)."""
        return f"{t(f'gr.colour.{seat}', self.lang)} ({seat + 1})"

    # -- the canvas: the course is the grid, the bearer slots are regions -------------------
    def cell_name(self, row: int, col: int) -> str:
        """The target of a canvas grid cell ("" for a band's row of space numbers)."""
        cell = self.layout.logical(row, col)
        return "" if cell is None else course_target(*cell, self.chair_cols())

    def cell_of(self, target: str) -> tuple[int, int] | None:
        parsed = parse_target(target)
        cell = None if parsed is None else course_cell(parsed, self.chair_cols())
        return None if cell is None else self.layout.grid_cell(*cell)

    def target_at(self, x: Any, y: Any) -> str | None:
        return super().target_at(x, y) or None  # a row of space numbers is no target

    def chair_cols(self) -> list[int]:
        """The course column each chair stands in (from the game, or mid-animation)."""
        return list(self._anim_cols) if self._anim_cols is not None else chair_cols(self.table)

    def display_board(self, seat: int) -> list[str] | None:
        """A seat's bearers as shown (the arranging player's pending swaps included)."""
        return self.selection.boards_shown()[seat]

    def static_ops(self) -> list[Op]:
        return drawing.static_ops(self.layout, self.table["goal"], self.lang)

    def piece_ops(self) -> list[Op]:
        return drawing.piece_ops(self.layout, self.table, self.chair_cols(),
                                 self.selection.boards_shown(), self.lang)

    def highlight_marks(self) -> Marks:
        """The last roll's slot, the decision's marks, then the shell's (lessons, the cursor)."""
        marks: Marks = []
        roll = self.table["last_roll"]
        if roll is not None and self.table["phase"] != "auction":
            marks.append(("last", [f"slot:{roll['seat']}:{roll['die']}"]))
        if self._interactive:
            marks += self.selection.marks()
        return marks + super().highlight_marks()

    def highlight_ops(self) -> list[Op]:
        return drawing.highlight_ops(self.layout, self.highlight_marks(), self.chair_cols(), self._die, self.lang)

    def cursor_step(self, cursor: str | None, dr: int, dc: int) -> str:
        """Up/down: through the lanes, then the boards (into a lane: onto its chair); left/right:
        along a lane or a board. The cursor starts on the first board's first slot."""
        n = self.game.players
        here = parse_target(cursor)
        cell = None if here is None else course_cell(here, self.chair_cols())
        if cell is not None:
            row, col = cell
        elif here is not None and here[0] == "slot" and 0 <= here[1] < n:
            row, col = n + here[1], here[2]
        else:
            row, col = n, 1
        if dr:
            row = min(2 * n - 1, max(0, row + dr))
            return f"chair:{row}" if row < n else f"slot:{row - n}:{1 if cell is not None else col}"
        if row < n:
            return self.cell_name(row, min(COURSE_COLS - 1, max(0, col + dc)))
        return f"slot:{row - n}:{min(SLOTS, max(1, col + dc))}"

    def keyboard_stops(self) -> list[str]:
        """N / P: what the decision lets you click now (the chairs and slots it lights)."""
        if not (self._interactive and self._viewer_may_act()):
            return []
        return [name for kind, names in self.selection.marks() if kind == "legal" for name in names]

    # -- animation and the die, on the kit's clock (`self.scheduler`) ----------------------
    def _event_mark(self) -> tuple:
        count = self.game.event_count
        return self.game, count, self.game.events(count - 1)[0] if count else None

    def _new_events(self) -> list[Event] | None:
        """Events since the last refresh; None after a jump (another game, an undo or a load
        replays the game: its events are new objects), so only real moves animate."""
        game, count, last = self._seen
        self._seen = self._event_mark()
        if game is not self.game or count > self.game.event_count:
            return None
        if count and self.game.events(count - 1)[0] is not last:
            return None
        return self.game.events(count)

    def _animate(self, events: list[Event]) -> None:
        """Walk the moved chairs step by step to where they now stand (nothing without a clock)."""
        self._anim_gen += 1
        self._anim_cols = None
        moves = [e for e in events if e.kind == "move"]
        if not moves or self._drawn_cols is None or any(e.kind == "race" for e in events):
            return
        frames = drawing.animation_frames(moves, self._drawn_cols, self.table["goal"])
        generation = self._anim_gen
        self._anim_cols = list(self._drawn_cols) if frames else None
        for i, frame in enumerate(frames):
            last = i == len(frames) - 1
            if self.scheduler(STEP_SECONDS * (i + 1),
                              lambda f=frame, end=last: self._anim_frame(generation, f, end)) is False:
                self._anim_cols = None  # no clock (outside a kernel): show the end at once
                return

    def _anim_frame(self, generation: int, frame: list[int], last: bool) -> None:
        if generation != self._anim_gen:
            return  # the game moved on: a newer drawing replaced this animation
        self._anim_cols = None if last else frame
        self.redraw((PIECES,))
        if last and self._hover is not None:
            self._hover_again()
            self.info.value = self.info_html()

    @property
    def animating(self) -> bool:
        return self._anim_cols is not None

    def _show_die(self, events: list[Event]) -> None:
        """Put the newest roll on the canvas for DIE_SECONDS; the viewer's own roll is pinned that
        long (fast bots rolling right after it do not hide it)."""
        rolls = [e for e in events if e.kind == "roll"]
        own = [e for e in rolls if e.seat == self.seat]
        if own or (rolls and not self._die_pinned):
            roll = (own or rolls)[-1]
            self._die = {"seat": roll.seat, "die": roll.die, "card": roll.card}
            self._die_pinned = bool(own)
            shown = self._die
            self.scheduler(DIE_SECONDS, lambda: self._hide_die(shown))

    def _hide_die(self, shown: dict[str, Any]) -> None:
        if self._die is shown:  # not replaced by a newer roll since
            self._die, self._die_pinned = None, False
            self.redraw((HIGHLIGHTS,))

    def _track_own_roll(self, events: list[Event] | None) -> None:
        """The viewer's own latest roll in this race (None after a jump: read the whole game)."""
        if events is None:
            self._own_roll, events = None, self.game.events(0)
        for event in events:
            if event.kind == "race":
                self._own_roll = None
            elif event.kind == "roll" and event.seat == self.seat:
                self._own_roll = event

    # -- choosing: several clicks make one move ----------------------------------------------
    def scheme_candidates(self, sign: int | None = None) -> list[int]:
        """Chairs the schemer may move with the chosen option (both options if none chosen)."""
        return self.selection.scheme_candidates(sign)

    def choose_scheme_option(self, sign: int) -> None:
        """Pick the schemer's option: +1 (own +2, others back) or -1 (own −2, others forward)."""
        if self._interactive:
            self._answer(self.selection.choose_scheme_option(sign))

    def click(self, target: str) -> None:
        """A named target was clicked (canvas or keyboard): ``chair:2``, ``slot:1:3``, ``lane:0:4``."""
        parsed = parse_target(target)
        if parsed is not None and self._interactive:
            self._answer(self.selection.click(parsed, lambda: "; ".join(self.target_facts(target))))

    def _answer(self, reply: Reply | None) -> None:
        if reply is None:
            return
        if reply.action is not None:
            self._emit(reply.action)
            return
        self.info.value = lines_html(reply.lines)
        self._sync_controls()
        self.redraw((PIECES, HIGHLIGHTS) if reply.boards_changed else (HIGHLIGHTS,))
        self.status.value = self.status_text()  # a choice the rules refuse says why, at once

    def how_to_play(self, action: Action) -> tuple[list[str], str] | None:
        """For a lesson's "Show me": the controls and targets of a move that takes a slider or
        several clicks (a bid, the schemer, the exchange, an arrangement), and what to do."""
        lang, kind, args = self.lang, action.kind, action.args
        if kind == "bid":
            return ["button:bid_amount", "button:bid"], t("gr.show.bid", lang, n=args[0])
        if kind == "scheme":
            option = "scheme_plus" if args[0] > 0 else "scheme_minus"
            words = t("gr.show.scheme", lang, option=t(f"gr.button.{option}", lang), chairs=players_text(args[1], lang),
                      confirm=t("gr.button.confirm_scheme", lang))
            return [f"button:{option}", *(f"chair:{s}" for s in args[1]), "button:confirm"], words
        if kind == "exchange":
            slots = [f"slot:{seat}:{slot + 1}" for seat, slot in enumerate(args)]
            picks = ", ".join(f"{player_name(seat, lang)} {slot + 1}" for seat, slot in enumerate(args))
            return [*slots, "button:confirm"], t("gr.show.exchange", lang, slots=picks,
                                                  confirm=t("gr.button.confirm_exchange", lang))
        if kind == "arrange" and action != "keep" and self.table["phase"] == "arrange":
            seat = self.table["arrange_queue"][0]
            board = self.table["boards"][seat]
            cards = " ".join(CARD_SHORT[board[i]] for i in args)
            return ([f"slot:{seat}:{k}" for k in range(1, SLOTS + 1)] + ["button:confirm"],
                    t("gr.show.arrange", lang, cards=cards, confirm=t("gr.button.place", lang)))
        return super().how_to_play(action)

    # -- controls --------------------------------------------------------------------------
    def button_actions(self) -> list[Action]:
        return [a for a in self._legal if a in BUTTON_MOVES]

    def button_classes(self, action: Action) -> list[str]:
        return [f"nbg-{action}"]  # nbg-pass, nbg-roll, nbg-keep

    def named_controls(self) -> dict[str, widgets.DOMWidget]:
        own = {"bid": self.bid_button, "bid_amount": self.bid_amount, "confirm": self.confirm_button,
               "scheme_plus": self.scheme_plus, "scheme_minus": self.scheme_minus}
        return {**super().named_controls(), **{f"button:{name}": control for name, control in own.items()}}

    def _make_button(self, key: str, css: str, handler: Callable[[], None]) -> widgets.Button:
        button = widgets.Button(description=t(key, self.lang), layout=widgets.Layout(width="auto"))
        button.add_class(css)
        button.on_click(lambda _b: handler())
        return button

    def _sync_bid_label(self) -> None:
        if self.bid_amount.disabled:
            self.bid_button.description = t("gr.button.bid_none", self.lang)
        else:
            self.bid_button.description = t("gr.button.bid", self.lang, n=self.bid_amount.value)

    def _sync_controls(self) -> None:
        legal = self._legal if self._interactive else []
        bids = [a.args[0] for a in legal if a.kind == "bid"]
        self._set_bid_range(*((min(bids), max(bids)) if bids else panels.bid_range(self.table)))
        self.bid_amount.disabled = self.bid_button.disabled = not bids
        self.bid_note.value = "" if bids else html.escape(self._why_no_bid(), quote=False)
        self._sync_bid_label()
        for button, sign in ((self.scheme_plus, 1), (self.scheme_minus, -1)):
            button.disabled = not any(a.kind == "scheme" and a.args[0] == sign for a in legal)
        confirm = {"scheme": "gr.button.confirm_scheme", "exchange": "gr.button.confirm_exchange"}
        self.confirm_button.description = t(confirm.get(self.table["phase"], "gr.button.place"), self.lang)
        self.confirm_button.disabled = not legal or self.selection.selected() is None
        super()._sync_controls()

    def _set_bid_range(self, lo: int, hi: int) -> None:
        """Bound the slider to the bids allowed; a new range starts at its lowest bid."""
        if (self.bid_amount.min, self.bid_amount.max) == (lo, hi):
            return
        with self.bid_amount.hold_sync():  # widen first, so min <= value <= max holds at every step
            self.bid_amount.min = min(self.bid_amount.min, lo)
            self.bid_amount.max = max(self.bid_amount.max, hi)
            self.bid_amount.value = lo
            self.bid_amount.min, self.bid_amount.max = lo, hi

    def _why_no_bid(self) -> str:
        """Why the viewer cannot bid now (the engine's refusal when it is the viewer's turn)."""
        auction, viewer = self.table["auction"], self.viewer
        if auction is None or viewer is None or self.game.to_move is None:
            return ""
        if viewer not in auction["participants"]:
            return t("gr.bid_note.has_team", self.lang)
        if viewer in auction["passers"]:
            return t("gr.bid_note.passed", self.lang)
        if self.game.to_move != viewer:
            return t("gr.bid_note.wait", self.lang, player=player_name(self.game.to_move, self.lang))
        lowest = panels.bid_range(self.table)[0]
        error = self.game.refusal(f"bid {lowest}")
        if error is not None:
            return t("status.illegal", self.lang, rule=error.rule, reason=localize(error.reason, self.lang))
        return t("gr.bid_note.closed", self.lang)

    def _style_buttons(self) -> None:
        super()._style_buttons()
        chosen = self.selection.scheme_sign if self._interactive and self._legal else None
        for button, sign in ((self.scheme_plus, 1), (self.scheme_minus, -1)):
            if chosen == sign:
                button.button_style = "info"  # the schemer's option chosen
