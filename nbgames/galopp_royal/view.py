"""The Galopp Royal view: one widget wiring the canvas (``drawing.py``), the text panels
(``panels.py``) and the choices that take several clicks (``selection.py``) to a game.

It sees the game through the facade only: ``game.view(viewer)`` (so it never shows what its
viewer may not know), ``game.events(since)`` and ``legal_actions()``. It only *offers* legal
actions and reports the chosen one through `on_choose`; it never plays. Click targets have names,
shared with `highlight`: ``chair:<seat>``, ``slot:<seat>:<1-4>``, ``space:<n>`` and
``button:<name>`` (bid, bid_amount, pass, roll, keep, confirm, scheme_plus, scheme_minus).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable
from typing import Any

import ipywidgets as widgets

from ..engine.action import Action
from ..engine.events import Event
from ..engine.game import Game
from ..ui.board import HIGHLIGHTS, PIECES, STATIC, Op
from ..ui.i18n import t
from ..ui.view import GameView
from . import drawing, panels
from .drawing import COURSE_COLS, LEFT, Marks, chair_cols, geometries, parse_target, target_name
from .selection import Reply, Selection
from .tables import SLOTS

__all__ = ["GaloppView", "LEFT"]  # LEFT: where the course starts (the browser tests look there)

STEP_SECONDS = 0.12     # one step of a moving chair
DIE_SECONDS = 1.6       # how long the die face stays on the canvas


class GaloppView(GameView):
    """The Galopp Royal course, boards and controls for one game; `seat` = whose cards are shown.

    ``seat=None`` is hot-seat: the private cards of the seat to move are shown (unless `reveal`
    is False, which the hot-seat screen uses to hide them between players).
    """

    def __init__(self, game: Game, seat: int | None = None, lang: str = "en"):
        self._extra: Marks = []   # highlights set from outside (lessons), by kind
        self.selection = Selection(lang)
        self.table: dict[str, Any] = {}  # game.view(viewer) as last refreshed
        self._cursor: tuple | None = None
        self._hover: tuple | None = None
        self._anim_cols: list[int] | None = None
        self._anim_gen = 0
        self._die_shown = False
        self._drawn_cols: list[int] | None = None
        self._static_key: tuple | None = None
        self._moves_key: tuple | None = None
        course, boards = geometries(game.players)
        super().__init__(game, seat, lang, course, size=(course.width, boards.height))
        self.boards_geom = boards
        self._seen = self._event_mark()
        self._build_controls()
        self.on_cell(self._on_hit)
        self.canvas.on_mouse_move(self._on_mouse_move)
        self.canvas.on_key_down(self._on_key)
        self.refresh()

    def _build_controls(self) -> None:
        lang = self.lang
        self.status = _label(t("app.loading", lang), "nbg-status")
        self.die = _label("", "nbg-die")
        self.info = widgets.HTML()
        self.info.add_class("nbg-info")
        self.auction = widgets.HTML()
        self.auction.add_class("nbg-auction")
        self.bid_amount = widgets.IntSlider(value=1, min=1, max=1, description=t("gr.label.bid", lang),
                                            continuous_update=True)
        self.bid_amount.add_class("nbg-bid-amount")
        self.bid_button = self._make_button("gr.button.bid_none", "nbg-bid",
                                            lambda: self._emit_notation(f"bid {self.bid_amount.value}"))
        self.pass_button = self._make_button("gr.button.pass", "nbg-pass", lambda: self._emit_notation("pass"))
        self.roll_button = self._make_button("gr.button.roll", "nbg-roll", lambda: self._emit_notation("roll"))
        self.keep_button = self._make_button("gr.button.keep", "nbg-keep", lambda: self._emit_notation("keep"))
        self.scheme_plus = self._make_button("gr.button.scheme_plus", "nbg-scheme-plus",
                                             lambda: self.choose_scheme_option(1))
        self.scheme_minus = self._make_button("gr.button.scheme_minus", "nbg-scheme-minus",
                                              lambda: self.choose_scheme_option(-1))
        self.confirm_button = self._make_button("gr.button.place", "nbg-confirm",
                                                lambda: self._emit(self.selection.selected()))
        self.bid_amount.observe(lambda _: self._sync_bid_label(), names="value")
        self.buttons = {"bid": self.bid_button, "bid_amount": self.bid_amount, "pass": self.pass_button,
                        "roll": self.roll_button, "keep": self.keep_button, "confirm": self.confirm_button,
                        "scheme_plus": self.scheme_plus, "scheme_minus": self.scheme_minus}
        self.moves = widgets.Dropdown(description=t("label.moves", lang), options=[],
                                      layout=widgets.Layout(width="auto", max_width="560px"),
                                      style={"description_width": "initial"})
        self.moves.add_class("nbg-moves")
        self.play_selected = widgets.Button(description=t("button.play_selected", lang))
        self.play_selected.add_class("nbg-play-selected")
        self.play_selected.on_click(lambda _: self._emit_notation(self.moves.value))
        self.bid_row = widgets.HBox([self.bid_amount, self.bid_button, self.pass_button],
                                    layout=widgets.Layout(flex_flow="row wrap"))
        self.auction_box = widgets.VBox([
            widgets.HTML(f"<b>{html.escape(t('gr.auction.title', lang))}</b>"), self.auction, self.bid_row,
        ], layout=widgets.Layout(border="1px solid #ccc", padding="6px", min_width="300px", flex="1 1 300px"))
        self.auction_box.add_class("nbg-auction-panel")
        controls = widgets.HBox([self.roll_button, self.scheme_plus, self.scheme_minus, self.keep_button,
                                 self.confirm_button], layout=widgets.Layout(flex_flow="row wrap"))
        controls.add_class("nbg-actions")
        self.widget = widgets.VBox([
            self.status, self.die, self.canvas, controls,
            widgets.HBox([self.auction_box, widgets.Box([self.info], layout=widgets.Layout(flex="1 1 300px"))],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start")),
            widgets.HBox([self.moves, self.play_selected]),
            self.drawn_label,
        ])
        self.widget.add_class("nbg-galopp")

    # -- the interface ---------------------------------------------------------------------
    def set_game(self, game: Game) -> None:
        """Show another game (new game, loaded record); clears lesson highlights and selections."""
        self.game = game
        self._extra = []
        self._cursor = None
        self._anim_gen += 1
        self._anim_cols = None
        self._die_shown = False
        self._seen = self._event_mark()
        self.selection.reset()
        course, boards = geometries(game.players)
        if course != self.geom:
            self.geom, self.boards_geom = course, boards
            self.resize(course.width, boards.height)
        self.refresh()

    def highlight(self, targets: Iterable[str], kind: str = "hint") -> None:
        """Mark named targets (``chair:2``, ``slot:0:3``, ``space:5``, ``button:roll``) with a
        highlight kind; ``highlight([], kind)`` clears that kind."""
        parsed = [p for p in (parse_target(s) for s in targets) if p is not None]
        self._extra = [(k, ps) for k, ps in self._extra if k != kind]
        if parsed:
            self._extra.append((kind, parsed))
        self._style_buttons()
        self.redraw((HIGHLIGHTS,))

    def refresh(self) -> None:
        """Redraw everything from the game (call after every change of the game)."""
        self.table = self.game.view(self.viewer)
        self._legal = self.game.legal_actions() if self._viewer_may_act() else []
        self.selection.update(self.table, self._legal)
        new_events = self._new_events()
        self._animate(new_events)
        self._show_die(new_events)
        self._drawn_cols = chair_cols(self.table)
        static_key = (self.game.players, self.table["goal"], self.lang)
        layers = [] if static_key == self._static_key else [STATIC]
        self._static_key = static_key
        self.redraw((*layers, PIECES, HIGHLIGHTS))  # the board first, then the panels
        self.status.value = panels.status_text(self.table, bool(self._legal), self.lang)
        self.die.value = panels.die_text(self.table, self.lang)
        self.auction.value = panels.auction_html(self.table, self.lang, hidden=not self.reveal)
        self.bid_row.layout.display = "flex" if self.table["auction"] is not None else "none"
        self.info.value = panels.results_html(self.table, self.lang)
        self._sync_controls()

    def _viewer_may_act(self) -> bool:
        to_move = self.game.to_move
        return to_move is not None and self.reveal and (self.seat is None or self.seat == to_move)

    # -- texts (the canvas's twins) --------------------------------------------------------
    def describe(self, action: Action) -> str:
        """A sentence for one action, for buttons and the move list."""
        return panels.describe(action, self.table, self.lang)

    def target_info(self, name: str) -> str:
        """Hover/keyboard text for a named target."""
        return panels.target_info(name, self.table, self.selection.boards_shown(), self.lang)

    def score_notes(self, seat: int) -> list[str]:
        """Scoreboard lines: the seat's place in every race run (controller hook)."""
        return panels.score_notes(self.game.view(None), seat, self.lang)

    def score_colour(self, seat: int) -> str:
        """The chair colour of a seat (controller hook for the scoreboard)."""
        return f"{t(f'gr.colour.{seat}', self.lang)} ({seat + 1})"

    # -- the canvas ------------------------------------------------------------------------
    def hit(self, x: Any, y: Any) -> tuple | None:
        """``("lane", seat, col)`` on the course, ``("slot", seat, slot 1-4)`` on a board, or None."""
        cell = self.geom.hit(x, y)
        if cell is not None:
            return ("lane", cell[0], cell[1])
        cell = self.boards_geom.hit(x, y)
        return None if cell is None else ("slot", cell[0], cell[1] + 1)

    def target_at(self, x: Any, y: Any) -> str | None:
        """The name of what is under canvas point (x, y): ``chair:``/``space:``/``slot:`` or None."""
        hit = self.hit(x, y)
        return None if hit is None else target_name(hit, self.chair_cols())

    def chair_cols(self) -> list[int]:
        """The course column each chair stands in (from the game, or mid-animation)."""
        return list(self._anim_cols) if self._anim_cols is not None else chair_cols(self.table)

    def display_board(self, seat: int) -> list[str] | None:
        """A seat's bearers as shown (the arranging player's pending swaps included)."""
        return self.selection.boards_shown()[seat]

    def static_ops(self) -> list[Op]:
        return drawing.static_ops(self.geom, self.boards_geom, self.table["goal"], self.lang)

    def piece_ops(self) -> list[Op]:
        return drawing.piece_ops(self.geom, self.boards_geom, self.table, self.chair_cols(),
                                 self.selection.boards_shown(), self.lang)

    def highlight_targets(self) -> Marks:
        """(kind, parsed targets) the highlight layer shows."""
        marks: Marks = []
        roll = self.table["last_roll"]
        if roll is not None and self.table["phase"] != "auction":
            marks.append(("last", [("slot", roll["seat"], roll["die"])]))
        if self._interactive:
            marks += self.selection.marks()
        marks += self._extra
        if self._cursor is not None:
            marks.append(("cursor", [self._cursor]))
        return marks

    def highlight_ops(self) -> list[Op]:
        die = self.table["last_roll"] if self._die_shown else None
        return drawing.highlight_ops(self.geom, self.boards_geom, self.highlight_targets(), self.chair_cols(),
                                     die, self.lang)

    # -- animation and the die, on the kit's clock (`self.scheduler`) ----------------------
    def _event_mark(self) -> tuple:
        count = self.game.event_count
        return self.game, count, self.game.events(count - 1)[0] if count else None

    def _new_events(self) -> list[Event]:
        """Events since the last refresh; none after a jump (another game, an undo or a load
        replays the game: its events are new objects), so only real moves animate."""
        game, count, last = self._seen
        self._seen = self._event_mark()
        if game is not self.game or count > self.game.event_count:
            return []
        if count and self.game.events(count - 1)[0] is not last:
            return []
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

    @property
    def animating(self) -> bool:
        return self._anim_cols is not None

    def _show_die(self, events: list[Event]) -> None:
        self._die_shown = any(e.kind == "roll" for e in events)
        if self._die_shown:
            generation = self._anim_gen
            self.scheduler(DIE_SECONDS, lambda: self._hide_die(generation))

    def _hide_die(self, generation: int) -> None:
        if generation == self._anim_gen and self._die_shown:
            self._die_shown = False
            self.redraw((HIGHLIGHTS,))

    # -- choosing: clicks, hover and keys --------------------------------------------------
    def scheme_candidates(self, sign: int | None = None) -> list[int]:
        """Chairs the schemer may move with the chosen option (both options if none chosen)."""
        return self.selection.scheme_candidates(sign)

    def choose_scheme_option(self, sign: int) -> None:
        """Pick the schemer's option: +1 (own +2, others back) or -1 (own −2, others forward)."""
        if self._interactive:
            self._answer(self.selection.choose_scheme_option(sign))

    def click(self, name: str) -> None:
        """A named target was clicked (canvas or keyboard): ``chair:2``, ``slot:1:3``, ``space:4``."""
        target = parse_target(name)
        if target is not None and self._interactive:
            self._answer(self.selection.click(target, self.target_info(name)))

    def _answer(self, reply: Reply | None) -> None:
        if reply is None:
            return
        if reply.action is not None:
            self._emit(reply.action)
            return
        self.info.value = "<br>".join(html.escape(line) for line in reply.lines)
        self._sync_controls()
        self.redraw((PIECES, HIGHLIGHTS) if reply.boards_changed else (HIGHLIGHTS,))

    def _on_hit(self, *hit: Any) -> None:
        target = target_name(hit, self.chair_cols())
        if hit[0] == "lane" and self.table["phase"] == "scheme":
            target = f"chair:{hit[1]}"  # anywhere in a chair's lane picks that chair
        self._cursor = tuple(hit)
        self.click(target)

    def _on_mouse_move(self, x: Any, y: Any) -> None:
        hit = self.hit(x, y)
        if hit == self._hover:
            return
        self._hover = hit
        if hit is not None and not self.selection.pending:
            self.info.value = html.escape(self.target_info(target_name(hit, self.chair_cols())))

    def _on_key(self, key: Any, shift: Any = False, ctrl: Any = False, meta: Any = False) -> None:
        """Arrows move a cursor over lanes and bearer slots, Enter/Space clicks it; U undoes."""
        if key in ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"):
            self._cursor = self._moved_cursor(key)
            self.info.value = html.escape(self.target_info(target_name(self._cursor, self.chair_cols())))
            self.redraw((HIGHLIGHTS,))
        elif key in ("Enter", " "):
            if self._cursor is not None:
                self._on_hit(*self._cursor)
            else:
                self._emit_notation("roll")
        elif key in ("u", "U", "Backspace"):
            self._command("undo")

    def _moved_cursor(self, key: str) -> tuple:
        """Up/down: between the lanes and then the boards (a lane's cursor starts on its chair);
        left/right: along a lane or a board."""
        n = self.game.players
        rows = [("lane", s) for s in range(n)] + [("slot", s) for s in range(n)]
        cur = self._cursor or ("slot", 0, 1)
        if key in ("ArrowUp", "ArrowDown"):
            index = rows.index(cur[:2]) if cur[:2] in rows else n
            kind, seat = rows[min(len(rows) - 1, max(0, index + (1 if key == "ArrowDown" else -1)))]
            col = self.chair_cols()[seat] if kind == "lane" else min(cur[2], SLOTS) if cur[0] == "slot" else 1
            return (kind, seat, col)
        kind, seat, col = cur
        low, high = (0, COURSE_COLS - 1) if kind == "lane" else (1, SLOTS)
        return (kind, seat, min(high, max(low, col + (1 if key == "ArrowRight" else -1))))

    # -- controls --------------------------------------------------------------------------
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
        names = {str(a) for a in legal}
        phase = self.table["phase"]
        bids = [a.args[0] for a in legal if a.kind == "bid"]
        if bids:
            lo, hi = min(bids), max(bids)
            value = min(max(self.bid_amount.value, lo), hi)
            # widen first so min <= max holds at every step
            self.bid_amount.min = min(self.bid_amount.min, lo)
            self.bid_amount.max = max(self.bid_amount.max, hi)
            self.bid_amount.value = value
            self.bid_amount.min, self.bid_amount.max = lo, hi
        self.bid_amount.disabled = self.bid_button.disabled = not bids
        self._sync_bid_label()
        self.pass_button.disabled = "pass" not in names
        self.roll_button.disabled = "roll" not in names
        self.keep_button.disabled = "keep" not in names
        for button, sign in ((self.scheme_plus, 1), (self.scheme_minus, -1)):
            button.disabled = not any(a.kind == "scheme" and a.args[0] == sign for a in legal)
            button.button_style = "info" if legal and self.selection.scheme_sign == sign else ""
        confirm = {"scheme": "gr.button.confirm_scheme", "exchange": "gr.button.confirm_exchange"}
        self.confirm_button.description = t(confirm.get(phase, "gr.button.place"), self.lang)
        self.confirm_button.disabled = not legal or self.selection.selected() is None
        # the move list: every legal move, except the (up to 4096) exchanges made by clicking
        key = tuple(sorted(names)) if len(legal) <= 256 else ("many", len(legal))
        if key != self._moves_key:
            self._moves_key = key
            listed = legal if len(legal) <= 256 else []
            self.moves.options = [(self.describe(a), str(a)) for a in listed]
            self.moves.value = str(listed[0]) if listed else None
        self.moves.disabled = self.play_selected.disabled = not self.moves.options
        self._style_buttons()

    def _style_buttons(self) -> None:
        hinted = {target[1] for _, targets in self._extra for target in targets if target[0] == "button"}
        for name, control in self.buttons.items():
            if name in hinted:
                control.add_class("nbg-hint")
            else:
                control.remove_class("nbg-hint")
        for name in ("bid", "pass", "roll", "keep", "confirm"):
            self.buttons[name].button_style = "warning" if name in hinted else ""


def _label(value: str, css: str) -> widgets.Label:
    label = widgets.Label(value=value)
    label.add_class(css)
    return label
