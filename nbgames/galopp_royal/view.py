"""The Galopp Royal view: course, bearer boards, podium and die on one canvas, plus the auction
panel and the race controls.

One canvas holds two grids of the widget kit: the **course** (one lane per chair, one column per
space: the shell pond, the 3 spaces behind START, START, then spaces 1 … 30, so the six goal
positions all show) and the **bearer boards** (one row per player, slots 1–4). Beside the boards:
the podium of the current race and, for a moment after each roll, the die.

The view only *offers* actions from ``game.legal_actions()`` and reports the chosen one through
`on_choose`; it never plays. What it shows of hidden cards comes from ``game.view(viewer)`` only.
Click targets have names, shared with `highlight`: ``chair:<seat>``, ``slot:<seat>:<1-4>``,
``space:<n>`` and ``button:<name>`` (bid, bid_amount, pass, roll, keep, confirm, scheme_plus,
scheme_minus).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable
from typing import Any

import ipywidgets as widgets
import numpy as np

from ..engine.action import Action
from ..engine.events import Event
from ..engine.game import Game
from ..ui.board import (
    HIGHLIGHTS,
    OKABE_ITO,
    PIECES,
    STATIC,
    TEXT,
    Geometry,
    Op,
    draw_discs,
    draw_grid,
    draw_marks,
)
from ..ui.i18n import t
from ..ui.view import GameView
from . import rules as gr
from .text import CARD_SHORT, card_text, event_text, order_text, place_text, player_name, space_name

# Chair colours (Okabe–Ito) with the player's number on every chair: colour is never alone.
CHAIR_FILL = [OKABE_ITO["vermillion"], OKABE_ITO["blue"], OKABE_ITO["green"], OKABE_ITO["yellow"],
              OKABE_ITO["purple"], OKABE_ITO["sky"]]
CHAIR_INK = ["#FFFFFF", "#FFFFFF", "#FFFFFF", "#000000", "#000000", "#000000"]
# Bearer cards: fill and a short label (the label carries the meaning, the fill only helps).
CARD_FILL = {"+1": "#DCEEF8", "+2": "#B4DBF1", "+3": "#56B4E9", "+5": "#0072B2",
             "goof": "#D55E00", "schemer": "#CC79A7"}
CARD_INK = {"+1": TEXT, "+2": TEXT, "+3": TEXT, "+5": "#FFFFFF", "goof": "#FFFFFF", "schemer": TEXT}
POND_FILL = "#BFE0F0"
BEHIND_FILL = "#DCD3C0"
BEYOND_FILL = "#F3F0E8"
MAX_SPACE = max(gr.GOALS)
POND_COL = 0
START_COL = gr.POND_DEPTH + 1
COURSE_COLS = START_COL + MAX_SPACE + 1
COURSE_CELL, BOARD_CELL = 28.0, 40.0
LEFT = 96.0
STEP_SECONDS = 0.12     # one step of a moving chair
MAX_FRAMES = 16         # a long sequence of moves is shown in at most this many steps
DIE_SECONDS = 1.6       # how long the die face stays on the canvas
BUTTONS = ("bid", "bid_amount", "pass", "roll", "keep", "confirm", "scheme_plus", "scheme_minus")


def space_col(space: int, goal: int) -> int:
    """Course column of a space (chairs past the goal stand on it; below the pond edge: pond)."""
    if space < -gr.POND_DEPTH:
        return POND_COL
    return START_COL + min(space, goal)


def parse_target(name: Any) -> tuple | None:
    """``"chair:2"`` -> ("chair", 2); ``"slot:1:4"`` -> ("slot", 1, 4); ``"space:-2"``,
    ``"button:roll"``; None for anything else."""
    if not isinstance(name, str) or len(name) > 40:
        return None
    kind, _, rest = name.partition(":")
    try:
        if kind == "chair":
            return ("chair", int(rest))
        if kind == "slot":
            seat, _, slot = rest.partition(":")
            return ("slot", int(seat), int(slot))
        if kind == "space":
            return ("space", int(rest))
    except ValueError:
        return None
    if kind == "button" and rest in BUTTONS:
        return ("button", rest)
    return None


def _chip(card: str, lang: str) -> str:
    """A bearer card as a small labelled HTML chip."""
    style = f"background:{CARD_FILL[card]};color:{CARD_INK[card]}"
    return (f"<span class='nbg-card gr-card' style='display:inline-block;padding:2px 6px;margin:2px;"
            f"border:1px solid #555;border-radius:4px;{style}'>{html.escape(card_text(card, lang))}</span>")


def _back(n: int) -> str:
    return "".join("<span class='nbg-card gr-back' style='display:inline-block;padding:2px 6px;"
                   "margin:2px;border:1px solid #555;border-radius:4px;background:#777;color:#fff'>"
                   "?</span>" for _ in range(n))


class GaloppView(GameView):
    """The Galopp Royal course, boards and controls for one game; `seat` = whose cards are shown.

    ``seat=None`` is hot-seat: the private cards of the seat to move are shown (unless `reveal`
    is False, which the hot-seat screen uses to hide them between players).
    """

    def __init__(self, game: Game, seat: int | None = None, lang: str = "en"):
        self._extra: list[tuple[str, list[tuple]]] = []
        self._legal_key: tuple = ()
        self._scheme_sign: int | None = None
        self._scheme_targets: list[int] = []
        self._exchange: dict[int, int] = {}
        self._arrange: list[int] = list(range(gr.SLOTS))
        self._arrange_first: int | None = None
        self._cursor: tuple | None = None
        self._hover: tuple | None = None
        self._anim_cols: list[int] | None = None
        self._anim_gen = 0
        self._die_shown = False
        self._seen: tuple[int, int] = (id(game.rules), len(game.rules.events))
        self._drawn_cols: list[int] | None = None
        self._static_key: tuple | None = None
        course, boards = self._geometries(game.players)
        super().__init__(game, seat, lang, course, size=(course.width, boards.height))
        self.boards_geom = boards

        self.status = widgets.Label(value=t("app.loading", lang))
        self.status.add_class("nbg-status")
        self.die = widgets.Label()
        self.die.add_class("nbg-die")
        self.info = widgets.HTML()
        self.info.add_class("nbg-info")
        self.auction = widgets.HTML()
        self.auction.add_class("nbg-auction")
        self.bid_amount = widgets.IntSlider(value=1, min=1, max=1, description=t("gr.label.bid", lang),
                                            continuous_update=True)
        self.bid_amount.add_class("nbg-bid-amount")
        self.bid_button = self._make_button("gr.button.bid_none", "nbg-bid", self._on_bid)
        self.pass_button = self._make_button("gr.button.pass", "nbg-pass", lambda: self._emit_notation("pass"))
        self.roll_button = self._make_button("gr.button.roll", "nbg-roll", lambda: self._emit_notation("roll"))
        self.keep_button = self._make_button("gr.button.keep", "nbg-keep", lambda: self._emit_notation("keep"))
        self.scheme_plus = self._make_button("gr.button.scheme_plus", "nbg-scheme-plus",
                                             lambda: self.choose_scheme_option(1))
        self.scheme_minus = self._make_button("gr.button.scheme_minus", "nbg-scheme-minus",
                                              lambda: self.choose_scheme_option(-1))
        self.confirm_button = self._make_button("gr.button.place", "nbg-confirm", self._on_confirm)
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
        ], layout=widgets.Layout(border="1px solid #ccc", padding="6px", min_width="300px",
                                 flex="1 1 300px"))
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
        self.on_cell(self._on_hit)
        self.canvas.on_mouse_move(self._on_mouse_move)
        self.canvas.on_key_down(self._on_key)
        self.refresh()

    # -- geometry and hit-testing ----------------------------------------------------------
    @staticmethod
    def _geometries(players: int) -> tuple[Geometry, Geometry]:
        course = Geometry(players, COURSE_COLS, cell=COURSE_CELL, left=LEFT, top=44.0, bottom=8.0)
        boards = Geometry(players, gr.SLOTS, cell=BOARD_CELL, left=LEFT, top=course.height + 34.0,
                          bottom=12.0)
        return course, boards

    @property
    def podium_origin(self) -> tuple[float, float]:
        g = self.boards_geom
        return g.left + g.cols * g.cell + 240.0, g.top  # right of the coins text beside each board

    def hit(self, x: Any, y: Any) -> tuple | None:
        """``("chair", seat, col)`` on the course, ``("slot", seat, slot 1-4)`` on a board, or None."""
        cell = self.geom.hit(x, y)
        if cell is not None:
            return ("lane", cell[0], cell[1])
        cell = self.boards_geom.hit(x, y)
        if cell is not None:
            return ("slot", cell[0], cell[1] + 1)
        return None

    def target_at(self, x: Any, y: Any) -> str | None:
        """The name of what is under canvas point (x, y): ``chair:``/``space:``/``slot:`` or None."""
        hit = self.hit(x, y)
        return None if hit is None else self._target_name(hit)

    def _target_name(self, hit: tuple) -> str:
        if hit[0] == "slot":
            return f"slot:{hit[1]}:{hit[2]}"
        seat, col = hit[1], hit[2]
        if col == self.chair_cols()[seat]:
            return f"chair:{seat}"
        return f"space:{col - START_COL}" if col != POND_COL else f"space:{-gr.POND_DEPTH - 1}"

    def chair_cols(self) -> list[int]:
        """The course column each chair stands in (from the game, or mid-animation)."""
        if self._anim_cols is not None:
            return list(self._anim_cols)
        return self._state_cols()

    def _state_cols(self) -> list[int]:
        rules = self.game.rules
        goal = rules.goal
        return [POND_COL if rules.status[s] == gr.POND else space_col(rules.positions[s], goal)
                for s in range(self.game.players)]

    # -- public interface ------------------------------------------------------------------

    def set_game(self, game: Game) -> None:
        """Show another game (new game, loaded record); clears lesson highlights and selections."""
        self.game = game
        self._extra = []
        self._cursor = None
        self._anim_gen += 1
        self._anim_cols = None
        self._die_shown = False
        self._seen = (id(game.rules), len(game.rules.events))
        course, boards = self._geometries(game.players)
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
        game = self.game
        legal = game.legal_actions() if self._viewer_may_act() else []
        key = tuple(map(str, legal))
        if key != self._legal_key:  # a new decision: forget half-made choices
            self._legal_key = key
            self._reset_selection()
        self._legal = legal
        new_events = self._new_events()
        self._maybe_animate(new_events)
        self._maybe_show_die(new_events)
        self._drawn_cols = self._state_cols()
        static_key = (self.game.players, self.game.rules.goal, self.lang)
        layers = [] if static_key == self._static_key else [STATIC]
        self._static_key = static_key
        self.redraw((*layers, PIECES, HIGHLIGHTS))  # the board first, then the panels
        self.status.value = self.status_text()
        self.die.value = self.die_text()
        self.auction.value = self.auction_html()
        self.bid_row.layout.display = "flex" if self.game.rules.auction is not None else "none"
        self.info.value = self.results_html()
        self._sync_controls()

    def _reset_selection(self) -> None:
        self._scheme_sign = None
        self._scheme_targets = []
        self._exchange = {}
        self._arrange = list(range(gr.SLOTS))
        self._arrange_first = None

    def _viewer_may_act(self) -> bool:
        to_move = self.game.to_move
        return to_move is not None and self.reveal and (self.seat is None or self.seat == to_move)

    # -- scheduling: animation and the die ------------------------------------------------
    def _schedule(self, delay: float, callback: Callable[[], None]) -> bool:
        """Run `callback` later on the kit's clock; False if there is none (nothing animates)."""
        return self.scheduler(delay, callback) is not False

    def _new_events(self) -> list[Event]:
        rules = self.game.rules
        ident, seen = self._seen
        self._seen = (id(rules), len(rules.events))
        if ident != id(rules) or len(rules.events) < seen:
            return []  # another game or a replay (undo, load): no animation
        return list(rules.events[seen:])

    def _maybe_animate(self, events: list[Event]) -> bool:
        """Start a step-by-step chair animation for the moves in `events`; True if started."""
        self._anim_gen += 1
        self._anim_cols = None
        start = self._drawn_cols
        moves = [ev for ev in events if ev.kind == "move"]
        if not moves or start is None or any(ev.kind == "race" for ev in events):
            return False
        goal = self.game.rules.goal
        frames: list[list[int]] = []
        cur = list(start)
        for move in moves:
            seat, before, after = move.seat, move.before, move.after
            step = 1 if after > before else -1
            for space in range(before + step, after + step, step):
                col = space_col(space, goal)
                if col != cur[seat]:
                    cur = list(cur)
                    cur[seat] = col
                    frames.append(cur)
        if not frames:
            return False
        if len(frames) > MAX_FRAMES:
            picks = np.linspace(0, len(frames) - 1, MAX_FRAMES).round().astype(int)
            frames = [frames[i] for i in picks]
        generation = self._anim_gen
        self._anim_cols = list(start)
        for i, frame in enumerate(frames):
            last = i == len(frames) - 1
            if not self._schedule(STEP_SECONDS * (i + 1),
                                  lambda f=frame, end=last: self._anim_frame(generation, f, end)):
                self._anim_cols = None
                return False
        return True

    def _anim_frame(self, generation: int, frame: list[int], last: bool) -> None:
        if generation != self._anim_gen:
            return  # the game moved on: a newer drawing replaced this animation
        self._anim_cols = None if last else frame
        self.redraw((PIECES,))

    @property
    def animating(self) -> bool:
        return self._anim_cols is not None

    def _maybe_show_die(self, events: list[Event]) -> None:
        if not any(ev.kind == "roll" for ev in events):
            self._die_shown = False
            return
        self._die_shown = True
        generation = self._anim_gen
        self._schedule(DIE_SECONDS, lambda: self._hide_die(generation))

    def _hide_die(self, generation: int) -> None:
        if generation != self._anim_gen or not self._die_shown:
            return
        self._die_shown = False
        self.redraw((HIGHLIGHTS,))

    # -- texts -----------------------------------------------------------------------------
    def status_text(self) -> str:
        game, lang = self.game, self.lang
        rules = game.rules
        if game.is_over:
            winners = game.winners()
            names = ", ".join(player_name(s, lang) for s in winners)
            key = "status.winners" if len(winners) == 1 else "status.winners_many"
            return t("status.game_over", lang, winners=t(key, lang, names=names))
        to_move = game.to_move
        if not self._legal:
            return t("gr.waiting", lang, player=player_name(to_move, lang))
        phase = rules.phase
        if phase == gr.PHASE_AUCTION:
            if rules.auction.bid == 0 and "pass" not in self._legal_key:
                what = t("gr.what.must_bid", lang, n=rules.empty_streak)
            else:
                what = t("gr.what.auction", lang, bid=rules.auction.bid, coins=rules.coins[to_move])
        else:
            what = t(f"gr.what.{phase}", lang)
        return t("status.your_turn", lang, player=player_name(to_move, lang), what=what)

    def die_text(self) -> str:
        roll = self.game.view(None)["last_roll"]
        if roll is None:
            return t("gr.die_none", self.lang)
        return t("gr.die", self.lang, player=player_name(roll["seat"], self.lang), die=roll["die"],
                 card=card_text(roll["card"], self.lang))

    def auction_html(self) -> str:
        """The auction panel: only what `viewer` may see (``game.view(viewer)``)."""
        lang = self.lang
        view = self.game.view(self.viewer)
        a = view["auction"]
        if a is None:
            return html.escape(t("gr.auction.none", lang))
        title = t(f"gr.auction.{a['kind']}", lang, n=a["number"], player=player_name(a["opener"], lang))
        lines = [f"<b>{html.escape(title)}</b>"]
        if a["lot_public"]:
            cards = "".join(_chip(c, lang) for c in a["lot_public"])
            lines.append(html.escape(t("gr.auction.public", lang, cards="")) + cards)
        if self.viewer is not None and a["my_private"]:
            cards = "".join(_chip(c, lang) for c in a["my_private"])
            lines.append("<span class='nbg-private'>" + html.escape(t("gr.auction.mine", lang, cards=""))
                         + cards + "</span>")
        elif self.viewer is None and not self.reveal:
            lines.append(html.escape(t("gr.auction.hidden_mine", lang)))
        for seat in a["participants"]:
            n = a["private_counts"][seat]
            if seat != self.viewer and n:
                lines.append(html.escape(t("gr.auction.others", lang, player=player_name(seat, lang), n=n))
                             + " " + _back(n))
        for seat, card in a["discarded_up"]:
            lines.append(html.escape(t("gr.auction.discarded", lang, player=player_name(seat, lang),
                                       card=card_text(card, lang))))
        if a["high_bidder"] is None:
            lines.append(html.escape(t("gr.auction.no_bid", lang)))
        else:
            lines.append("<b>" + html.escape(t("gr.auction.bid", lang, bid=a["current_bid"],
                                               player=player_name(a["high_bidder"], lang))) + "</b>")
        active = ", ".join(player_name(s, lang) for s in a["active"])
        lines.append(html.escape(t("gr.auction.in", lang, players=active)))
        if a["passers"]:
            passed = ", ".join(player_name(s, lang) for s in a["passers"])
            lines.append(html.escape(t("gr.auction.passed", lang, players=passed)))
        return "<br>".join(lines)

    def results_html(self) -> str:
        """Race line, coins, and every race's order (text twin of the podium)."""
        lang = self.lang
        view = self.game.view(None)
        p1, p2, p3 = view["prizes"]
        line = t("gr.race_line", lang, race=view["race"], goal=view["goal"], p1=p1, p2=p2, p3=p3)
        lines = [f"<b>{html.escape(line)}</b>"]
        for race, order in enumerate(view["results"], start=1):
            lines.append(html.escape(t("gr.result", lang, race=race, order=order_text(order, lang))))
        return "<br>".join(lines)

    def score_notes(self, seat: int) -> list[str]:
        """Scoreboard lines: the seat's place in every race run (controller hook)."""
        results = self.game.view(None)["results"]
        if not results:
            return []
        places = ", ".join(place_text(order.index(seat) + 1, self.lang) for order in results)
        return [t("gr.score.results", self.lang, places=places)]

    def score_colour(self, seat: int) -> str:
        """The chair colour of a seat (controller hook for the scoreboard)."""
        return f"{t(f'gr.colour.{seat}', self.lang)} ({seat + 1})"

    def describe(self, action: Action) -> str:
        """A sentence for one action, for buttons and the move list."""
        lang = self.lang
        kind, args = action.kind, action.args
        if kind == "bid":
            return t("gr.do.bid", lang, n=args[0])
        if kind in ("pass", "roll"):
            return t(f"gr.do.{kind}", lang)
        if kind == "arrange":
            if str(action) == "keep":
                return t("gr.do.keep", lang)
            board = self._arranging_board()
            if board is None:
                return str(action)
            cards = " ".join(f"{i + 1}:{CARD_SHORT[board[j]]}" for i, j in enumerate(args))
            return t("gr.do.arrange", lang, cards=cards)
        if kind == "scheme":
            sign, targets = args
            own = f"{'+' if sign > 0 else '−'}{gr.SCHEME_OWN}"
            step = gr.SCHEME_SINGLE if len(targets) == 1 else gr.SCHEME_PAIR
            delta = f"{'−' if sign > 0 else '+'}{step}"
            text = t("gr.do.scheme", lang, own=own)
            if targets:
                text += ", " + ", ".join(t("gr.do.scheme_target", lang, player=player_name(s, lang), delta=delta)
                                         for s in targets)
            return text
        if kind == "exchange":
            boards = self.game.rules.boards
            slots = ", ".join(f"{player_name(s, lang)} {slot + 1} ({CARD_SHORT[boards[s][slot]]})"
                              for s, slot in enumerate(args))
            return t("gr.do.exchange", lang, slots=slots)
        return str(action)

    def _arranging_board(self) -> list[str] | None:
        rules = self.game.rules
        if rules.phase != gr.PHASE_ARRANGE or not rules.arrange_queue:
            return None
        return rules.boards[rules.arrange_queue[0]]

    def target_info(self, name: str) -> str:
        """Hover/keyboard text for a named target."""
        lang, rules = self.lang, self.game.rules
        target = parse_target(name)
        if target is None:
            return ""
        if target[0] == "slot":
            seat, slot = target[1], target[2]
            board = self.display_board(seat)
            if board is None:
                return t("gr.slot_empty", lang, player=player_name(seat, lang), slot=slot)
            return t("gr.slot", lang, player=player_name(seat, lang), slot=slot, card=card_text(board[slot - 1], lang))
        if target[0] == "chair":
            seat = target[1]
            if rules.status and rules.status[seat] == gr.FINISHED and rules.phase != gr.PHASE_AUCTION:
                return t("gr.chair_finished", lang, player=player_name(seat, lang),
                         place=place_text(rules.finished.index(seat) + 1, lang))
            if rules.status and rules.status[seat] == gr.POND and rules.phase != gr.PHASE_AUCTION:
                return t("gr.chair_pond", lang, player=player_name(seat, lang))
            col = self._state_cols()[seat]
            return t("gr.chair", lang, player=player_name(seat, lang), space=space_name(col - START_COL, lang))
        if target[0] == "space":
            return space_name(target[1], lang)
        return ""

    # -- the event log ---------------------------------------------------------------------
    def event_text(self, event: Event) -> str:
        return event_text(event, self.lang)

    # -- draw lists ------------------------------------------------------------------------
    def display_board(self, seat: int) -> list[str] | None:
        """A seat's bearers as shown (the arranging player's pending swaps included)."""
        board = self.game.rules.boards[seat]
        if board is None:
            return None
        if self._arranging_board() is board and self._legal and self._arrange != list(range(gr.SLOTS)):
            return [board[i] for i in self._arrange]
        return list(board)

    def static_ops(self) -> list[Op]:
        g, b = self.geom, self.boards_geom
        rules = self.game.rules
        n, goal = self.game.players, rules.goal
        lang = self.lang
        cols = [t("gr.pond", lang)[:1].upper()] + [str(s) for s in range(-gr.POND_DEPTH, 0)] + ["S"]
        cols += [str(s) for s in range(1, MAX_SPACE + 1)]
        rows = [player_name(s, lang) for s in range(n)]
        ops = draw_grid(g, rows, cols)
        beyond = [(r, c) for r in range(n) for c in range(START_COL + goal + 1, COURSE_COLS)]
        for fill, cells in ((POND_FILL, [(r, POND_COL) for r in range(n)]),
                            (BEHIND_FILL, [(r, c) for r in range(n) for c in range(1, START_COL)]),
                            (BEYOND_FILL, beyond)):
            if cells:
                rr = np.array([r for r, _ in cells])
                cc = np.array([c for _, c in cells])
                ops += [(STATIC, "set:fill_style", (fill,)),
                        (STATIC, "fill_rects", (g.left + cc * g.cell + 1, g.top + rr * g.cell + 1,
                                                g.cell - 2, g.cell - 2))]
        # START and the six goal positions: vertical lines; the current goal thick, with its race
        ops += [(STATIC, "set:stroke_style", (TEXT,)), (STATIC, "set:line_width", (2.0,)),
                (STATIC, "stroke_line", (g.left + START_COL * g.cell, g.top, g.left + START_COL * g.cell,
                                         g.top + n * g.cell)),
                (STATIC, "set:font", ("11px sans-serif",)), (STATIC, "set:text_align", ("center",)),
                (STATIC, "set:text_baseline", ("middle",))]
        for race, gpos in enumerate(gr.GOALS, start=1):
            x = g.left + (START_COL + gpos + 1) * g.cell
            current = gpos == goal
            ops += [(STATIC, "set:line_width", (4.0 if current else 1.0,)),
                    (STATIC, "set_line_dash", ([] if current else [4, 3],)),
                    (STATIC, "stroke_line", (x, g.top - 12, x, g.top + n * g.cell)),
                    (STATIC, "set:fill_style", (TEXT,)),
                    (STATIC, "set:font", ("bold 12px sans-serif" if current else "11px sans-serif",)),
                    (STATIC, "fill_text", (f"R{race}" + (" ⚑" if current else ""), x - g.cell / 2, 8))]
        ops.append((STATIC, "set_line_dash", ([],)))
        # bearer boards: a second grid on the same canvas
        ops += draw_grid(b, rows, [str(i) for i in range(1, gr.SLOTS + 1)], clear=False, label_y=b.top - 12)
        return ops

    def piece_ops(self) -> list[Op]:
        g, b = self.geom, self.boards_geom
        lang, rules = self.lang, self.game.rules
        n = self.game.players
        cols = self.chair_cols()
        ops = draw_discs(g, [(s, cols[s], CHAIR_FILL[s], str(s + 1), CHAIR_INK[s]) for s in range(n)])
        # bearer cards, batched per kind, each with its label
        cells: dict[str, list[tuple[int, int]]] = {}
        labels = []
        for seat in range(n):
            board = self.display_board(seat)
            if board is None:
                continue
            for slot, card in enumerate(board):
                cells.setdefault(card, []).append((seat, slot))
                labels.append((seat, slot, card))
        for card, where in cells.items():
            rr = np.array([r for r, _ in where])
            cc = np.array([c for _, c in where])
            ops += [(PIECES, "set:fill_style", (CARD_FILL[card],)),
                    (PIECES, "fill_rects", (b.left + cc * b.cell + 3, b.top + rr * b.cell + 3,
                                            b.cell - 6, b.cell - 6))]
        ops += [(PIECES, "set:font", ("bold 15px sans-serif",)), (PIECES, "set:text_align", ("center",)),
                (PIECES, "set:text_baseline", ("middle",))]
        for seat, slot, card in labels:
            cx, cy = b.cell_centre(seat, slot)
            ops += [(PIECES, "set:fill_style", (CARD_INK[card],)), (PIECES, "fill_text", (CARD_SHORT[card], cx, cy))]
        # coins beside each board
        ops += [(PIECES, "set:fill_style", (TEXT,)), (PIECES, "set:font", ("13px sans-serif",)),
                (PIECES, "set:text_align", ("left",))]
        for seat in range(n):
            _, cy = b.cell_centre(seat, 0)
            text = t("gr.coins", lang, coins=rules.coins[seat])
            if rules.boards[seat] is None:
                text += " · " + t("gr.no_team", lang)
            ops.append((PIECES, "fill_text", (text, b.left + b.cols * b.cell + 10, cy)))
        ops += self._podium_ops()
        return ops

    def podium_order(self) -> list[int]:
        """Seats on the podium: the finishers so far, or the last race's final order."""
        rules = self.game.rules
        if rules.phase in (gr.PHASE_RACE, gr.PHASE_SCHEME):
            return list(rules.finished)
        return list(rules.results[-1]) if rules.results else []

    def _podium_ops(self) -> list[Op]:
        lang, rules = self.lang, self.game.rules
        x0, y0 = self.podium_origin
        p1, p2, p3 = gr.PRIZES[rules.race - 1]
        ops: list[Op] = [(PIECES, "set:fill_style", (TEXT,)), (PIECES, "set:font", ("bold 13px sans-serif",)),
                         (PIECES, "set:text_align", ("left",)),
                         (PIECES, "fill_text", (t("gr.race_line", lang, race=rules.race, goal=rules.goal,
                                                  p1=p1, p2=p2, p3=p3), x0, y0 - 14))]
        step_w, base = 70.0, y0 + 150.0
        heights = {1: 90.0, 2: 64.0, 3: 44.0}
        xs = {2: x0, 1: x0 + step_w, 3: x0 + 2 * step_w}
        ops.append((PIECES, "set:fill_style", ("#D9D0BC",)))
        for place, h in heights.items():
            ops.append((PIECES, "fill_rect", (xs[place], base - h, step_w - 4, h)))
        ops += [(PIECES, "set:fill_style", (TEXT,)), (PIECES, "set:font", ("12px sans-serif",)),
                (PIECES, "set:text_align", ("center",))]
        for place, h in heights.items():
            ops.append((PIECES, "fill_text", (place_text(place, lang), xs[place] + step_w / 2 - 2, base - h / 2 + 14)))
        order = self.podium_order()
        for place, seat in enumerate(order[:3], start=1):
            cx, cy = xs[place] + step_w / 2 - 2, base - heights[place] - 14
            ops += [(PIECES, "set:fill_style", (CHAIR_FILL[seat],)), (PIECES, "fill_circle", (cx, cy, 12)),
                    (PIECES, "set:stroke_style", (TEXT,)), (PIECES, "set:line_width", (2.0,)),
                    (PIECES, "stroke_circle", (cx, cy, 12)), (PIECES, "set:fill_style", (CHAIR_INK[seat],)),
                    (PIECES, "set:font", ("bold 13px sans-serif",)), (PIECES, "fill_text", (str(seat + 1), cx, cy + 1))]
        if rules.phase not in (gr.PHASE_RACE, gr.PHASE_SCHEME) and rules.results:
            ops += [(PIECES, "set:fill_style", (TEXT,)), (PIECES, "set:font", ("12px sans-serif",)),
                    (PIECES, "fill_text", (t("gr.last", lang, player=player_name(rules.last_placed, lang)),
                                           x0 + 1.5 * step_w, base + 14))]
        return ops

    def highlight_targets(self) -> list[tuple[str, list[tuple]]]:
        """(kind, parsed targets) the highlight layer shows."""
        rules = self.game.rules
        marks: list[tuple[str, list[tuple]]] = []
        roll = rules.last_roll
        if roll is not None and rules.phase != gr.PHASE_AUCTION:
            marks.append(("last", [("slot", roll[0], roll[1])]))
        if self._interactive and self._legal:
            phase = rules.phase
            if phase == gr.PHASE_SCHEME:
                marks.append(("legal", [("chair", s) for s in self.scheme_candidates()]))
                marks.append(("hint", [("chair", s) for s in self._scheme_targets]))
            elif phase == gr.PHASE_EXCHANGE:
                chosen = self._exchange
                marks.append(("legal", [("slot", s, k + 1) for s in range(self.game.players)
                                        for k in range(gr.SLOTS) if s not in chosen]))
                marks.append(("refused", [("slot", s, k + 1) for s, k in chosen.items()]))
            elif phase == gr.PHASE_ARRANGE:
                seat = rules.arrange_queue[0]
                marks.append(("legal", [("slot", seat, k + 1) for k in range(gr.SLOTS)]))
                if self._arrange_first is not None:
                    marks.append(("hint", [("slot", seat, self._arrange_first + 1)]))
            elif phase == gr.PHASE_RACE:
                marks.append(("legal", [("chair", rules.current)]))
        marks += self._extra
        if self._cursor is not None:
            marks.append(("cursor", [self._cursor]))
        return marks

    def _cells(self, targets: list[tuple]) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
        """Course cells and board cells of parsed targets (buttons have none)."""
        course, boards = [], []
        cols = self.chair_cols()
        n = self.game.players
        for target in targets:
            if target[0] == "chair" and 0 <= target[1] < n:
                course.append((target[1], cols[target[1]]))
            elif target[0] == "slot" and 0 <= target[1] < n and 1 <= target[2] <= gr.SLOTS:
                boards.append((target[1], target[2] - 1))
            elif target[0] == "space":
                col = space_col(target[1], MAX_SPACE)
                course += [(r, col) for r in range(n)]
            elif target[0] == "lane" and 0 <= target[1] < n:
                course.append((target[1], target[2]))
        return course, boards

    def highlight_ops(self) -> list[Op]:
        marks = self.highlight_targets()
        course_marks, board_marks = [], []
        for kind, targets in marks:
            course, boards = self._cells(targets)
            course_marks.append((kind, course))
            board_marks.append((kind, boards))
        ops = draw_marks(self.geom, course_marks)
        ops += draw_marks(self.boards_geom, board_marks, clear=False)
        if self._die_shown:
            ops += self._die_ops()
        return ops

    def _die_ops(self) -> list[Op]:
        roll = self.game.rules.last_roll
        if roll is None:
            return []
        seat, die, card = roll
        x0, y0 = self.podium_origin
        x, y, size = x0 + 250.0, y0, 84.0
        return [(HIGHLIGHTS, "set:fill_style", ("#FFFFFF",)), (HIGHLIGHTS, "fill_rect", (x, y, size, size)),
                (HIGHLIGHTS, "set:stroke_style", (CHAIR_FILL[seat],)), (HIGHLIGHTS, "set:line_width", (5.0,)),
                (HIGHLIGHTS, "stroke_rect", (x, y, size, size)), (HIGHLIGHTS, "set:fill_style", (TEXT,)),
                (HIGHLIGHTS, "set:text_align", ("center",)), (HIGHLIGHTS, "set:text_baseline", ("middle",)),
                (HIGHLIGHTS, "set:font", ("bold 44px sans-serif",)),
                (HIGHLIGHTS, "fill_text", (str(die), x + size / 2, y + size / 2 - 6)),
                (HIGHLIGHTS, "set:font", ("bold 13px sans-serif",)),
                (HIGHLIGHTS, "fill_text", (f"{player_name(seat, self.lang)}: {CARD_SHORT[card]}",
                                           x + size / 2, y + size - 11))]

    # -- choosing --------------------------------------------------------------------------
    def scheme_candidates(self, sign: int | None = None) -> list[int]:
        """Chairs the schemer may move with the chosen option (both options if none chosen)."""
        sign = self._scheme_sign if sign is None else sign
        seats = set()
        for a in self._legal:
            if a.kind == "scheme" and (sign is None or a.args[0] == sign):
                seats.update(a.args[1])
        return sorted(seats)

    def choose_scheme_option(self, sign: int) -> None:
        """Pick the schemer's option: +1 (own +2, others back) or -1 (own −2, others forward)."""
        if not self._interactive or self.game.rules.phase != gr.PHASE_SCHEME or sign not in (1, -1):
            return
        self._scheme_sign = sign
        self._scheme_targets = [s for s in self._scheme_targets if s in self.scheme_candidates()]
        self._after_selection()

    def selected_scheme(self) -> Action | None:
        """The legal scheme action matching the chosen option and chairs, if any."""
        if self._scheme_sign is None:
            return None
        key = (self._scheme_sign, tuple(sorted(self._scheme_targets)))
        for a in self._legal:
            if a.kind == "scheme" and a.args == key:
                return a
        return None

    def selected_exchange(self) -> Action | None:
        """The legal exchange matching one chosen slot per board, if complete."""
        if len(self._exchange) != self.game.players:
            return None
        slots = tuple(self._exchange[s] for s in range(self.game.players))
        for a in self._legal:
            if a.kind == "exchange" and a.args == slots:
                return a
        return None

    def selected_arrangement(self) -> Action | None:
        perm = tuple(self._arrange)
        for a in self._legal:
            if a.kind == "arrange" and a.args == perm:
                return a
        return None

    def click(self, name: str) -> None:
        """A named target was clicked (canvas or keyboard): ``chair:2``, ``slot:1:3``, ``space:4``."""
        target = parse_target(name)
        if target is None or not self._interactive or not self._legal:
            return
        rules = self.game.rules
        phase = rules.phase
        n = self.game.players
        info = self.target_info(name)
        if target[0] == "slot" and 0 <= target[1] < n and 1 <= target[2] <= gr.SLOTS:
            seat, slot = target[1], target[2] - 1
            if phase == gr.PHASE_EXCHANGE:
                if self._exchange.get(seat) == slot:
                    del self._exchange[seat]
                else:
                    self._exchange[seat] = slot
                self._after_selection(info)
                return
            if phase == gr.PHASE_ARRANGE and seat == rules.arrange_queue[0]:
                if self._arrange_first is None:
                    self._arrange_first = slot
                    self._after_selection(t("gr.arrange_pick", self.lang))
                    return
                i, j = self._arrange_first, slot
                self._arrange[i], self._arrange[j] = self._arrange[j], self._arrange[i]
                self._arrange_first = None
                self._after_selection(info)
                self.redraw((PIECES,))
                return
        if target[0] == "chair" and phase == gr.PHASE_SCHEME and 0 <= target[1] < n:
            seat = target[1]
            if self._scheme_sign is None:
                self._after_selection(t("gr.pick_option", self.lang))
                return
            if seat in self._scheme_targets:
                self._scheme_targets.remove(seat)
            elif seat in self.scheme_candidates():
                self._scheme_targets = (self._scheme_targets + [seat])[-2:]
            else:
                self._after_selection(t("gr.not_target", self.lang, player=player_name(seat, self.lang)))
                return
            self._after_selection(info)
            return
        if target[0] == "chair" and phase == gr.PHASE_RACE and target[1] == rules.current:
            self._emit_notation("roll")
            return
        self.info.value = html.escape(info or t("gr.not_now", self.lang))

    def _after_selection(self, message: str = "") -> None:
        lang = self.lang
        lines = [message] if message else []
        if self.game.rules.phase == gr.PHASE_SCHEME and self._scheme_targets:
            lines.append(t("gr.targets", lang, players=", ".join(player_name(s, lang) for s in self._scheme_targets)))
        if self.game.rules.phase == gr.PHASE_EXCHANGE:
            chosen = ", ".join(f"{player_name(s, lang)} {k + 1}" for s, k in sorted(self._exchange.items()))
            lines.append(t("gr.exchange_pick", lang, slots=chosen or "—", n=len(self._exchange),
                           total=self.game.players))
        self.info.value = "<br>".join(html.escape(line) for line in lines)
        self._sync_controls()
        self.redraw((HIGHLIGHTS,))

    def _on_hit(self, *hit: Any) -> None:
        target = self._target_name(tuple(hit))
        rules = self.game.rules
        if hit[0] == "lane" and rules.phase == gr.PHASE_SCHEME:
            target = f"chair:{hit[1]}"  # anywhere in a chair's lane picks that chair
        self._cursor = ("lane", hit[1], hit[2]) if hit[0] == "lane" else ("slot", hit[1], hit[2])
        self.click(target)

    def _on_mouse_move(self, x: Any, y: Any) -> None:
        hit = self.hit(x, y)
        if hit == self._hover:
            return
        self._hover = hit
        if hit is not None and not self._choices_pending():
            self.info.value = html.escape(self.target_info(self._target_name(hit)))

    def _choices_pending(self) -> bool:
        return bool(self._scheme_targets or self._exchange or self._arrange_first is not None)

    def _on_key(self, key: Any, shift: Any = False, ctrl: Any = False, meta: Any = False) -> None:
        """Arrows move a cursor over lanes and bearer slots, Enter/Space clicks it; U undoes."""
        n = self.game.players
        rows = [("lane", s) for s in range(n)] + [("slot", s) for s in range(n)]
        if key in ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"):
            cur = self._cursor or ("slot", 0, 1)
            index = rows.index(cur[:2]) if cur[:2] in rows else n
            if key in ("ArrowUp", "ArrowDown"):
                index = min(len(rows) - 1, max(0, index + (1 if key == "ArrowDown" else -1)))
                kind, seat = rows[index]
                col = self.chair_cols()[seat] if kind == "lane" else min(cur[2], gr.SLOTS) if cur[0] == "slot" else 1
                self._cursor = (kind, seat, col)
            else:
                delta = 1 if key == "ArrowRight" else -1
                kind, seat, col = cur
                hi = COURSE_COLS - 1 if kind == "lane" else gr.SLOTS
                lo = 0 if kind == "lane" else 1
                self._cursor = (kind, seat, min(hi, max(lo, col + delta)))
            self.info.value = html.escape(self.target_info(self._target_name(self._cursor)))
            self.redraw((HIGHLIGHTS,))
        elif key in ("Enter", " "):
            if self._cursor is not None:
                self._on_hit(*self._cursor)
            elif "roll" in self._legal_key:
                self._emit_notation("roll")
        elif key in ("u", "U", "Backspace"):
            self._command("undo")

    def _on_bid(self) -> None:
        self._emit_notation(f"bid {self.bid_amount.value}")

    def _on_confirm(self) -> None:
        phase = self.game.rules.phase
        if phase == gr.PHASE_SCHEME:
            self._emit(self.selected_scheme())
        elif phase == gr.PHASE_EXCHANGE:
            self._emit(self.selected_exchange())
        elif phase == gr.PHASE_ARRANGE:
            self._emit(self.selected_arrangement())

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
        phase = self.game.rules.phase
        bids = [a.args[0] for a in legal if a.kind == "bid"]
        if bids:
            lo, hi = min(bids), max(bids)
            value = min(max(self.bid_amount.value, lo), hi)
            # widen first so min <= max holds at every step
            self.bid_amount.min = min(self.bid_amount.min, lo)
            self.bid_amount.max = max(self.bid_amount.max, hi)
            self.bid_amount.value = value
            self.bid_amount.min, self.bid_amount.max = lo, hi
        self.bid_amount.disabled = not bids
        self.bid_button.disabled = not bids
        self._sync_bid_label()
        self.pass_button.disabled = "pass" not in names
        self.roll_button.disabled = "roll" not in names
        self.keep_button.disabled = "keep" not in names
        scheming = phase == gr.PHASE_SCHEME and bool(legal)
        self.scheme_plus.disabled = not scheming or not any(a.kind == "scheme" and a.args[0] > 0 for a in legal)
        self.scheme_minus.disabled = not scheming or not any(a.kind == "scheme" and a.args[0] < 0 for a in legal)
        self.scheme_plus.button_style = "info" if scheming and self._scheme_sign == 1 else ""
        self.scheme_minus.button_style = "info" if scheming and self._scheme_sign == -1 else ""
        if phase == gr.PHASE_SCHEME:
            self.confirm_button.description = t("gr.button.confirm_scheme", self.lang)
            ready = self.selected_scheme() if legal else None
        elif phase == gr.PHASE_EXCHANGE:
            self.confirm_button.description = t("gr.button.confirm_exchange", self.lang)
            ready = self.selected_exchange() if legal else None
        else:
            self.confirm_button.description = t("gr.button.place", self.lang)
            ready = self.selected_arrangement() if legal and phase == gr.PHASE_ARRANGE else None
        self.confirm_button.disabled = ready is None
        # the move list: every legal move, except the (up to 4096) exchanges made by clicking
        key = tuple(sorted(names)) if len(legal) <= 256 else ("many", len(legal))
        if key != getattr(self, "_moves_key", None):
            self._moves_key = key
            listed = legal if len(legal) <= 256 else []
            self.moves.options = [(self.describe(a), str(a)) for a in listed]
            self.moves.value = str(listed[0]) if listed else None
        self.moves.disabled = not self.moves.options
        self.play_selected.disabled = not self.moves.options
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
