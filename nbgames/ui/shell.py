"""`ShellView`: the one view shell every game fills in.

The shell owns what every game page shares: the status line (the one place where the page
talks to the player), the information panel (hover / keyboard cursor), the player's hand as card
chips, a players panel, "which way?" choice buttons, buttons for moves not played on the board,
the list of all legal moves, hover and the keyboard cursor. A game view fills it in with a few
hooks, all reading the game only through the `Game` facade:

- draw lists: `static_ops` (redrawn when `static_key()` changes), `piece_ops` (and optionally
  `highlight_marks`); `read_game()` reads what they need, once per refresh;
- `target_of(action)`: the board target ("C3", a region name) an action is played by clicking,
  or None for a button; `target_at(x, y)` / `target_cells(target)` if the board is no plain grid;
- `describe(action)`, `status_what()`, `target_facts(target)`, `reach_lines(target)` (or just
  `way_text(action)`), `idle_info()`, `hand_chips()`, `seat_facts(seat)` for the words;
- `cursor_step(cursor, dr, dc)` if the keyboard cursor walks more than one grid;
- `relayout()` if the board needs another layout on a phone-sized page (`narrow`);
- its own controls go in `extras` (`named_controls()` names them for lesson highlights); a game
  whose move takes several clicks (choose, then confirm) overrides `click(target)`.

Clicks act on the target under the pointer when it was pressed; a target reached by several
actions asks which (never picks one silently); a click that plays nothing says why, in the
engine's words with its rule id.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from typing import Any

import ipywidgets as widgets

from ..engine.action import Action
from ..engine.game import Game
from ..rulebook import cited, rulebook_module
from .access import NEXT_KEYS, Announcer, next_stop, nothing_on_board, spoken
from .board import HIGHLIGHTS, PIECES, STATIC, Geometry, Op, draw_marks
from .closing import close_all
from .folds import fold, set_open
from .guard import install as guard_page
from .guard import not_understood
from .i18n import t
from .pagekit import PageKit
from .scheduler import call_later
from .view import GameView, player_name

NARROW_PX = 600  # a page narrower than this (a phone) gets each game's narrow board layout
KEY_STEPS = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}
HINT_CLASS = "nbg-hint"  # a control a lesson points at
RETIRE_AFTER = 3.0  # seconds a button taken off the page still takes a click on its way (`_retire`)
CHIP = ("display:inline-block;padding:2px 7px;margin:2px;border-radius:4px;"
        "font-weight:600;{style}")


def chip(label: str, style: str = "background:#eee;color:#000;border:1px solid #666") -> str:
    """One card, tile or token as a small labelled chip (text and colour, never colour alone)."""
    return f"<span class='nbg-card' style='{CHIP.format(style=style)}'>{html.escape(label)}</span>"


def lines_html(lines: Iterable[str]) -> str:
    """Plain text lines for an HTML panel (escaped, one per line)."""
    return "<br>".join(html.escape(line) for line in lines)


class ShellView(GameView):
    """A game page: board, status line, hand, players panel, choices, moves list."""

    css_class = "nbg-game"
    max_listed_moves: int | None = None  # more legal moves than this: the list stays empty

    def __init__(self, game: Game, seat: int | None, lang: str | None, geom: Geometry, **board_kwargs: Any):
        super().__init__(game, seat, lang, geom, **board_kwargs)
        lang = self.lang
        self._extra: list[tuple[str, list[str]]] = []  # lesson highlights: (kind, targets)
        self._cursor: str | None = None
        self._hover: str | None = None
        self._choice_actions: list[Action] = []  # the "which way?" buttons shown
        self._buttons_key: tuple = ()
        self._action_buttons: dict[str, widgets.Button] = {}
        self._refused: set[str] = set()  # model ids of buttons the page refused (see `_watch`)
        self._static_key: Any = None
        self.width: int | None = None  # the page's width in CSS pixels, as the browser reports it

        self.status = widgets.Label(value=t("app.loading", lang))
        self.status.add_class("nbg-status")
        self.info = widgets.HTML()
        self.info.add_class("nbg-info")
        self.hand = widgets.HTML()
        self.hand.add_class("nbg-hand")
        self.players_panel = widgets.HTML()
        self.players_panel.add_class("nbg-players-panel")
        self.choices = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.choices.add_class("nbg-choices")
        self.actions = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.actions.add_class("nbg-actions")
        self.extras = widgets.VBox()  # a game's own controls (a bid row, a confirm button…)
        self.extras.add_class("nbg-extras")
        self.moves = widgets.Dropdown(options=[], layout=widgets.Layout(width="auto", max_width="100%"))
        self.moves.add_class("nbg-moves")
        self.moves.tooltip = t("label.moves", lang)  # its name for a screen reader (it has no label)
        self.play_selected = widgets.Button(description=t("button.play_selected", lang))
        self.play_selected.add_class("nbg-play-selected")
        self.play_selected.on_click(lambda _: self._emit_notation(self.moves.value))
        self.rule_buttons = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.rule_buttons.add_class("nbg-status-rules")  # the rules the status line cites, one click away
        self._rule_ids: tuple[str, ...] = ()
        self.rules_box = widgets.VBox()  # the game's rules, made when first opened
        self.rules_fold = fold("rules", t("label.rules", lang), [self.rules_box])
        self.rules_fold.observe(lambda change: change["new"] == 0 and self.rules_panel(), names="selected_index")
        self.rules_fold.layout.display = "" if rulebook_module(game.manifest.name) else "none"
        self.status.observe(self._on_status, names="value")
        self.moves_fold = fold("moves", t("label.moves", lang), [
            widgets.HBox([self.moves, self.play_selected], layout=widgets.Layout(flex_flow="row wrap"))])
        self.seat_kinds: list[str] = []  # "human" / a bot's name per seat (the controller tells)
        self.seat_names: list[str] = []  # who sits per seat, said in the strip (a table's other humans)
        self.lesson_step: Any = None  # a lesson runner sets it: () -> the step being asked
        self.pagekit = PageKit(lang=lang)
        self.pagekit.observe(lambda change: self.set_width(change["new"]), names="width")
        self.pagekit.on_rule(self.show_rule)
        self.pagekit.on_settled(self._resend_board)  # the board and its readiness, once all exist
        self.announcer = Announcer(lang=lang)  # the page's one live region (`ui/access.py`)
        self.drawn_label.layout.display = "none"  # a readiness signal for tests, not for readers
        side = widgets.VBox([self.hand, self.info], layout=widgets.Layout(flex="1 1 240px", min_width="0"))
        side.add_class("nbg-side")
        # The board at its natural size, shrinking (never growing) to fit a narrow page.
        self.board_box = widgets.Box([self.canvas], layout=widgets.Layout(
            flex="0 1 auto", width=f"{self.canvas.width}px", max_width="100%", margin="0 12px 0 0"))
        self.board_box.add_class("nbg-board")
        # Nothing above or beside the board changes size while a game runs (the kit's CSS in
        # `pagekit.py`): the status line keeps a box of fixed height (a longer text is cut with
        # "…" and shown whole on hover or focus), the rule buttons a row of their own, the player
        # strip a fixed grid; the board's row and the rows below it never shrink.
        self.status_box = widgets.Box([self.status])
        self.status_box.add_class("nbg-status-box")
        board_row = widgets.HBox([self.board_box, side], layout=widgets.Layout(flex_flow="row wrap",
                                                                               align_items="flex-start"))
        board_row.add_class("nbg-board-row")
        self.widget = widgets.VBox([
            self.pagekit, self.status_box, self.rule_buttons, self.players_panel, board_row,
            self.choices, self.actions, self.extras, self.moves_fold, self.rules_fold,
            self.drawn_label, self.announcer,
        ])
        self.widget.add_class(self.css_class)
        self.on_cell(lambda row, col: self.click(self.cell_name(row, col)))
        self.on_region(self.click)
        self.canvas.on_mouse_move(self._on_mouse_move)
        self.canvas.on_mouse_out(self._on_mouse_out)
        self.canvas.on_key_down(self._on_key)
        guard_page(self.widget, self._not_understood)  # a widget message it cannot mean: a refusal

    def _not_understood(self) -> None:
        """A widget message from the page was refused (`ui/guard.py`): say so; its value is back."""
        self.status.value = not_understood(self.lang)

    # -- rules at hand ---------------------------------------------------------------------
    def rules_panel(self):
        """The game's Rules panel (made on first use: most visits never open it)."""
        if not self.rules_box.children:
            from .rules_panel import RulesPanel

            self.rules_box.children = [RulesPanel(self.game.manifest.name, self.lang)]
        return self.rules_box.children[0]

    def show_rule(self, rule_id: str) -> bool:
        """Open rule `rule_id` beside the board (the Rules panel); the game is untouched."""
        if self.rules_fold.layout.display == "none":
            return False
        shown = self.rules_panel().show(rule_id)
        set_open(self.rules_fold, True)
        return shown

    def _on_status(self, change: dict) -> None:
        """The rules the status line cites become buttons beside it."""
        self.announcer.say(change["new"] or "")
        ids = tuple(cited(change["new"] or "")) if self.rules_fold.layout.display != "none" else ()
        if ids != self._rule_ids:
            self._show_rule_buttons(ids)

    def _show_rule_buttons(self, ids: tuple[str, ...]) -> None:
        self._rule_ids = ids
        old = self.rule_buttons.children
        buttons = []
        for rule_id in ids:
            button = widgets.Button(description=t("label.rule_button", self.lang, rule=rule_id),
                                    icon="book", layout=widgets.Layout(width="auto"))
            button.add_class("nbg-rule-button")
            button.on_click(lambda _b, r=rule_id: self.show_rule(r))
            buttons.append(self._watch(button))
        self.rule_buttons.children = buttons
        for button in old:
            self._retire(button)

    # -- hooks a game fills in -------------------------------------------------------------
    def cell_name(self, row: int, col: int) -> str:
        """The target name of a grid cell ("A1" … by default: row letter, column number)."""
        return f"{chr(ord('A') + row)}{col + 1}"

    def cell_of(self, target: str) -> tuple[int, int] | None:
        """The grid cell a target names (the inverse of `cell_name`), or None."""
        for row in range(self.geom.rows):
            for col in range(self.geom.cols):
                if self.cell_name(row, col) == target:
                    return row, col
        return None

    def target_of(self, action: Action) -> str | None:
        """The board target an action is played by clicking; None: it is played from a button."""
        return None

    def target_words(self, target: str) -> str:
        """A target in words for sentences ("square C3"); a game with named regions says more."""
        return t("label.square", self.lang, target=target)

    def target_facts(self, target: str) -> list[str]:
        """Plain lines about a target for the information panel (what stands there)."""
        return [target]

    def describe(self, action: Action) -> str:
        """A sentence for one action, for buttons and the move list."""
        return str(action)

    def status_what(self) -> str:
        """What the player to move is asked to do (the end of the "your turn" line)."""
        return ""

    def hand_chips(self) -> list[str]:
        """The viewer's own cards as `chip(...)` HTML (read from `game.view(self.viewer)`)."""
        return []

    def seat_facts(self, seat: int) -> str:
        """One short line of public facts about a seat (counts that matter)."""
        return ""

    def seat_label(self, seat: int | None) -> str:
        return player_name(seat, self.lang)

    def read_game(self) -> None:
        """Read what the draw lists and words need from the game (once per refresh, after the
        legal list)."""

    def static_key(self) -> Any:
        """What the static layer depends on: it is redrawn by `refresh` when this changes
        (None: never; the board is drawn when the browser is ready)."""
        return None

    def idle_info(self) -> str:
        """The information panel's HTML while no target is under the pointer or the cursor."""
        return ""

    def button_name(self, action: Action) -> str:
        """The target name of an action's button (lessons highlight it): "button:<notation>"."""
        return f"button:{action}"

    def button_classes(self, action: Action) -> list[str]:
        """Extra CSS classes of an action's button (pages and tests find it by them)."""
        return []

    def named_controls(self) -> dict[str, widgets.DOMWidget]:
        """Controls by target name, for lesson highlights: the action buttons; a game adds the
        controls it puts in `extras`."""
        return dict(self._action_buttons)

    def how_to_play(self, action: Action) -> tuple[list[str], str] | None:
        """Where a legal action is played, for a lesson's "Show me": the targets (or control
        names) to mark and a sentence saying what to do; None when it can only be typed. A game
        whose move takes several clicks or a slider says how here."""
        target = self.target_of(action)
        if target is not None:
            words = t("lesson.show_target", self.lang, target=self.target_words(target))
            if self.asks_which(target):  # the click asks "which way?"
                words += " " + t("lesson.show_then_choose", self.lang, way=self.describe(action))
            return [target], words
        control = self.control(self.button_name(action))
        if control is not None:
            return [self.button_name(action)], t("lesson.show_control", self.lang, label=control.description)
        return None

    def control(self, name: str) -> widgets.DOMWidget | None:
        """The control called `name` ("button:pass"), or None while it is not shown."""
        return self.named_controls().get(name)

    @property
    def narrow(self) -> bool:
        """True on a phone-sized page: the board is laid out for a narrow screen."""
        return self.width is not None and self.width < NARROW_PX

    def relayout(self) -> None:
        """Fit the board to `narrow` (a game with a wide board re-lays it out: new geometry,
        `resize`); called when `narrow` changes, before the whole board is redrawn."""

    def resize(self, width: int, height: int) -> None:
        super().resize(width, height)
        self.board_box.layout.width = f"{width}px"

    # -- state -----------------------------------------------------------------------------
    def set_width(self, width: Any) -> None:
        """The browser reports the page's width (CSS pixels; anything else is ignored)."""
        if isinstance(width, bool) or not isinstance(width, (int, float)) or not 0 < width < 100_000:
            return
        was = self.narrow
        self.width = int(width)
        if self.narrow != was:
            self.relayout()
            self._static_key = object()  # the static layer changes with the layout
            self.refresh()

    def set_game(self, game: Game) -> None:
        """Show another game (new game, loaded record); clears lesson highlights."""
        if game is not self.game:  # another game (a lesson's, a new one): the page's rows may shrink once
            self.pagekit.hold_epoch += 1
        self.game = game
        self._extra = []
        self._cursor = None
        self._hover = None
        self.refresh()

    def refresh(self) -> None:
        """Show the game as it is now (call after every change of the game)."""
        self._legal = self.game.legal_actions() if self._viewer_may_act() else []
        if not self.reveal:  # a hot-seat pass screen: nothing of the last or the next player
            self._hover = self._cursor = None
        self.read_game()
        static_key = self.static_key()
        layers = (PIECES, HIGHLIGHTS) if static_key == self._static_key else (STATIC, PIECES, HIGHLIGHTS)
        self._static_key = static_key
        self.redraw(layers)  # the board's message first, then the panels, the status line last:
        self.hand.value = self.hand_html()  # once it tells the new state, every panel does
        self.players_panel.value = self.players_html()
        self.info.value = self.info_html()
        self._update_choices([])
        self._sync_controls()
        self.status.value = self.status_text()

    def _viewer_may_act(self) -> bool:
        to_move = self.game.to_move
        return to_move is not None and self.reveal and (self.seat is None or self.seat == to_move)

    def candidates(self, target: str) -> list[Action]:
        """The legal actions played by clicking `target`."""
        return [a for a in self._legal if self.target_of(a) == target]

    def legal_targets(self) -> list[str]:
        return sorted({tg for tg in map(self.target_of, self._legal) if tg is not None})

    def button_actions(self) -> list[Action]:
        """Legal actions not played on the board (pass, no play, a choice of colour…)."""
        return [a for a in self._legal if self.target_of(a) is None]

    # -- words -----------------------------------------------------------------------------
    def status_text(self) -> str:
        game, lang = self.game, self.lang
        if game.is_over:
            winners = game.winners()
            names = ", ".join(self.seat_label(s) for s in winners)
            key = "status.winners" if len(winners) == 1 else "status.winners_many"
            return t("status.game_over", lang, winners=t(key, lang, names=names))
        if not self._viewer_may_act():
            return t("status.to_move", lang, player=self.seat_label(game.to_move))
        if not self._interactive:  # a lesson shows the board: it takes no move now
            asked = self.lesson_step is not None and self.lesson_step() is not None  # a question is up
            return t("status.look" if asked else "status.look_only", lang, player=self.seat_label(game.to_move))
        return t("status.your_turn", lang, player=self.seat_label(game.to_move), what=self.status_what())

    def hand_html(self) -> str:
        if self.viewer is None:
            return f"<b>{html.escape(t('label.hand_hidden', self.lang))}</b>" if not self.reveal else ""
        chips = self.hand_chips()
        if not chips and type(self).hand_chips is ShellView.hand_chips:
            return ""  # a game without hands; one with hands keeps the hand's box while it is empty
        title = html.escape(t("label.hand", self.lang, player=self.seat_label(self.viewer)))
        return f"<b>{title}</b><div class='nbg-cards'>{''.join(chips)}</div>"

    def seat_colour(self, seat: int) -> str | None:
        """A seat's colour ("#RRGGBB") for the player strip, or None (no swatch)."""
        return None

    def seat_kind(self, seat: int) -> str:
        """"you", the bot and its strength ("bot (easy)", "random bot"), who sits (`seat_names`: a
        table's other players) or "" (one of several people at one screen) for the player strip."""
        if seat < len(self.seat_kinds) and self.seat_kinds[seat] != "human":
            kind = self.seat_kinds[seat]
            named = t(f"seat.{kind}", self.lang)
            return named if named != f"seat.{kind}" else t("label.seat_bot", self.lang)
        if seat == self.seat:
            return t("label.seat_you", self.lang)
        return self.seat_names[seat] if seat < len(self.seat_names) else ""

    def final_facts(self, seat: int) -> str:
        """A finished game's word for a seat in the strip: its final score (and a star if it won)."""
        game = self.game
        points = game.scores()[seat]
        text = t("label.final_score", self.lang, n=points)
        return f"{text} ★ {t('score.winner', self.lang)}" if seat in game.winners() else text

    def strip_columns(self) -> tuple[int, int]:
        """The player strip's columns on a wide and on a narrow page: fixed by the number of
        seats alone, so the strip keeps its rows whatever the seats' words."""
        n = self.game.players
        return (n if n <= 4 else (n + 1) // 2), min(n, 2)

    def players_html(self) -> str:
        """The player strip: per seat its colour, name, whose turn it is (a mark and a frame, not
        colour alone), you or which bot, and the counts that matter (after the game: the final
        score). Each seat keeps a box of fixed size (`pagekit.CSS`): a longer line is cut with
        "…" and shown whole on hover or focus and in its title."""
        chips = []
        over = self.game.is_over
        for seat in range(self.game.players):
            facts = self.seat_facts(seat)
            if over:
                facts = f"{self.final_facts(seat)} · {facts}" if facts else self.final_facts(seat)
            colour = self.seat_colour(seat)
            kind = self.seat_kind(seat)
            turn = seat == self.game.to_move
            name = self.seat_label(seat)
            full = f"{name}{' ◀' if turn else ''}{': ' + facts if facts else ''}{' · ' + kind if kind else ''}"
            swatch = (f"<span class='nbg-swatch' style='background:{html.escape(colour)}'></span>"
                      if colour else "")
            tag = f" <span class='nbg-seat-kind'>{html.escape(kind)}</span>" if kind else ""
            words = f" <span class='nbg-seat-facts'>{html.escape(facts)}</span>" if facts else ""
            mark = f"<span class='nbg-mover-mark' aria-hidden='{str(not turn).lower()}'>◀</span>"
            chips.append(f"<div class='nbg-seat{' nbg-turn' if turn else ''}' title='{html.escape(full)}'"
                         f" tabindex='0'><div class='nbg-seat-line'>{swatch}<span class='nbg-seat-name'>"
                         f"{html.escape(name)}</span>{mark}{tag}{words}</div></div>")
        wide, narrow = self.strip_columns()
        return (f"<div class='nbg-strip' style='--nbg-seats:{wide};--nbg-seats-narrow:{narrow}'>"
                + "".join(chips) + "</div>")

    def target_info(self, target: str) -> str:
        """The information panel for a target: its facts, then what clicking it plays."""
        return lines_html([*self.target_facts(target), *self.reach_lines(target)])

    def reach_lines(self, target: str) -> list[str]:
        """What clicking `target` plays: the moves that reach it (or that none does)."""
        ways = [self.way_text(a) for a in self.candidates(target)]
        if ways:
            return [t("label.reach", self.lang, ways="; ".join(ways))]
        return [t("label.reach_none", self.lang)] if self._legal else []

    def way_text(self, action: Action) -> str:
        """One way to play a target, for the information panel: `describe` (a game may add
        what the move would do, e.g. from `game.preview`)."""
        return self.describe(action)

    def info_html(self) -> str:
        """The information panel now: the target under the pointer, else under the cursor."""
        if not self.reveal:
            return ""
        target = self._hover or self._cursor
        return self.target_info(target) if target is not None else self.idle_info()

    def refusal_text(self, target: str) -> str:
        """Why clicking `target` plays nothing: the engine's refusal of the first action that
        names it (a game may override to pick a better candidate)."""
        return t("label.reach_none", self.lang)

    # -- input -----------------------------------------------------------------------------
    def click(self, target: str) -> None:
        """The player clicked (or pressed Enter on) a target."""
        if not self._interactive or not self._viewer_may_act():
            self.say_why_not()
            return
        found = self.candidates(target)
        if found and not self.asks_which(target):
            self._emit(found[0])
        elif found:  # several ways to play here: ask which, never pick one silently
            # the question first: its rule buttons must not push the choices down under the pointer
            self.status.value = self.ask_text(target, found)
            self._update_choices(found)
        else:
            self.status.value = self.refusal_text(target)
            self._update_choices([])

    def ask_text(self, target: str, found: Sequence[Action]) -> str:
        """The status line's question when a click on `target` asks which way to play it."""
        return t("label.choose_how", self.lang, target=target)

    def asks_which(self, target: str) -> bool:
        """Whether a click on `target` asks "which way?" before playing (several ways to play
        it; a game may also ask for a single way that spends something the player may not
        expect)."""
        return len(self.candidates(target)) > 1

    def target_at(self, x: Any, y: Any) -> str | None:
        cell = self.hit(x, y)
        return self.cell_name(*cell) if cell is not None else self.hit_region(x, y)

    def _on_mouse_move(self, x: Any, y: Any) -> None:
        target = self.target_at(x, y)
        if target == self._hover:
            return  # talk to the browser only when the target under the mouse changes
        self._hover = target
        self.info.value = self.info_html()

    def _on_mouse_out(self, x: Any = None, y: Any = None) -> None:
        """The pointer left the board: the panel stops describing the last square it was on."""
        if self._hover is not None:
            self._hover = None
            self.info.value = self.info_html()

    def _on_key(self, key: Any, shift: Any = False, ctrl: Any = False, meta: Any = False) -> None:
        if key in KEY_STEPS or key in NEXT_KEYS:
            self.move_cursor(key)
        elif key in ("Enter", " ") and self._cursor is not None:
            self.click(self._cursor)
        elif key in ("Enter", " ") and len(self._legal) == 1:  # no cursor: the only move there is
            target = self.target_of(self._legal[0])
            if target is not None:
                self.click(target)  # as a click would: it may ask first (what it spends)
            else:
                self._emit(self._legal[0])
        elif key in ("u", "U", "Backspace"):
            self._command("undo")
        elif key in ("r", "R"):
            self._command("redo")

    def move_cursor(self, key: str) -> None:
        """An arrow key moves the keyboard cursor one step (`cursor_step`); N / P to the next /
        previous target that plays something now (`keyboard_stops`). The information panel and
        the live region say where it is."""
        if key in NEXT_KEYS:
            if not self.reveal:
                return
            stop = next_stop(self.keyboard_stops(), self._cursor, NEXT_KEYS[key])
            if stop is None:
                self.announcer.say(nothing_on_board(self.lang))
                return
            self._cursor = stop
        else:
            self._cursor = self.cursor_step(self._cursor, *KEY_STEPS[key])
        target = self._cursor
        facts, reach = self.target_facts(target), self.reach_lines(target)  # once: a preview costs
        self.info.value = lines_html([*facts, *reach])  # as `target_info`
        self.redraw((HIGHLIGHTS,))
        self.announcer.say(spoken([self.target_words(target), *facts, *reach]))

    def keyboard_stops(self) -> list[str]:
        """Where N / P take the keyboard cursor: the targets a click plays something on now (a
        game whose moves take several clicks adds where its next click goes)."""
        return self.legal_targets() if self._interactive and self._viewer_may_act() else []

    def cursor_step(self, cursor: str | None, dr: int, dc: int) -> str:
        """Where an arrow key takes the keyboard cursor: one cell on the grid (from the middle);
        right of the grid's last column, the board's named regions (cards, tiles) one by one,
        and back onto the grid before the first."""
        side = list(self.regions.names) if self.regions is not None else []
        if cursor in side:
            index = side.index(cursor) + (dr or dc)
            if index >= 0 or not (self.geom.rows and self.geom.cols):
                return side[min(max(index, 0), len(side) - 1)]
            return self.cell_name(0, self.geom.cols - 1)
        cells = self.target_cells(cursor) if cursor is not None else []  # a cell, or a lot's first
        row, col = cells[0] if cells else (self.geom.rows // 2, self.geom.cols // 2)
        if side and dc > 0 and col == self.geom.cols - 1:
            return side[0]
        row = min(self.geom.rows - 1, max(0, row + dr))
        col = min(self.geom.cols - 1, max(0, col + dc))
        return self.cell_name(row, col)

    # -- highlights ------------------------------------------------------------------------
    def highlight(self, targets: Iterable[str], kind: str = "hint") -> None:
        """Mark named targets (lessons); ``highlight([])`` clears that kind."""
        targets = [tg for tg in targets if isinstance(tg, str)]
        self._extra = [(k, tgs) for k, tgs in self._extra if k != kind]
        if targets:
            self._extra.append((kind, targets))
        self._style_buttons()
        self.redraw((HIGHLIGHTS,))

    def highlight_marks(self) -> list[tuple[str, list[str]]]:
        """(kind, targets) to outline: legal targets, lesson marks, the cursor."""
        marks = [("legal", self.legal_targets() if self._interactive else [])] + list(self._extra)
        if self._cursor is not None:
            marks.append(("cursor", [self._cursor]))
        return marks

    def target_cells(self, target: str) -> list[tuple[int, int]]:
        cell = self.cell_of(target)
        return [cell] if cell is not None else []

    def highlight_ops(self) -> list[Op]:
        marks = [(kind, [c for tg in targets for c in self.target_cells(tg)])
                 for kind, targets in self.highlight_marks()]
        return draw_marks(self.geom, marks)

    def say_why_not(self) -> None:
        """Why a click plays nothing now, on the status line: a bot's turn, another player's,
        a question to answer first, the game over — or a button of a position that has passed."""
        game, lang = self.game, self.lang
        seat = game.to_move
        if seat is not None and seat < len(self.seat_kinds) and self.seat_kinds[seat] != "human":
            self.status.value = t("status.not_your_turn", lang, player=self.seat_label(seat))
        elif game.is_over or not self._interactive or not self._viewer_may_act():
            self.status.value = self.status_text()
        else:  # what the line asks still stands, and why the click played nothing
            self.status.value = f"{self.status_text()} {t('status.click_stale', lang)}"

    # -- panels ----------------------------------------------------------------------------
    def _before_emit(self) -> None:
        self._update_choices([])

    def _update_choices(self, candidates: Sequence[Action]) -> None:
        if list(map(str, candidates)) != list(map(str, self._choice_actions)):
            self._show_choices(candidates)

    def _show_choices(self, candidates: Sequence[Action]) -> None:
        self._choice_actions = list(candidates)
        old = self.choices.children
        self.choices.children = [self._button(a, "nbg-choice") for a in candidates]
        for button in old:  # free the old buttons (and what they said) in kernel and page
            self._retire(button)

    def _button(self, action: Action, css: str) -> widgets.Button:
        button = widgets.Button(description=self.describe(action), tooltip=str(action),
                                layout=widgets.Layout(width="auto"))
        button.add_class(css)
        for extra in self.button_classes(action):
            button.add_class(extra)
        button.on_click(lambda _b, a=action: self._emit(a))
        return self._watch(button)

    def _retire(self, button: widgets.Button) -> None:
        """Close a button taken off the page a little later, not at once: a click already on its
        way when the button was remade still reaches it (and plays its move if that is still
        legal, else says why). A closed widget's click is lost without a word."""
        if not call_later(RETIRE_AFTER, lambda: close_all(button)):  # no event loop (outside a kernel): at once
            close_all(button)

    # -- a page that connects while the game moves -----------------------------------------
    def _watch(self, button: widgets.Button) -> widgets.Button:
        """Note when the page refuses a button. A button made while a browser is connecting
        (a bot's move made it your turn) can reach the page before its widget manager is up: the
        page closes that comm, yet later shows the button from the kernel's state, and its clicks
        never arrive. Such buttons are made again once the page is ready (`_resend`)."""
        button.comm.on_close(lambda _msg, model_id=button.model_id: self._refused.add(model_id))
        return button

    def _resend_board(self) -> None:
        """The page has made all its widgets: the board and its readiness label again (what a
        slow page dropped). Not the panels: at that moment a hot-seat pass screen may be up."""
        super()._resend()

    def _resend(self) -> None:
        """After a browser connected: make again the buttons it refused, and send the panels
        again (an update that reached a model still in creation was dropped)."""
        super()._resend()
        if self._refused:
            self._renew_refused()
        for panel in (self.status, self.info, self.hand, self.players_panel):
            panel.send_state("value")
        for box in (self.rule_buttons, self.choices, self.actions):
            box.send_state("children")

    def _renew_refused(self) -> None:
        refused, self._refused = self._refused, set()

        def dead(button: widgets.Button) -> bool:
            return button.comm is not None and button.model_id in refused

        actions = {self.button_name(a): a for a in self.button_actions()}
        renewed = False
        for name, button in list(self._action_buttons.items()):
            if dead(button) and name in actions:  # in its place; the others keep their widgets
                self._action_buttons[name] = self._button(actions[name], "nbg-action")
                close_all(button)
                renewed = True
        if renewed:
            self.actions.children = list(self._action_buttons.values())
        if any(map(dead, self.choices.children)):
            self._show_choices(self._choice_actions)
        if any(map(dead, self.rule_buttons.children)):
            self._show_rule_buttons(self._rule_ids)

    def _style_buttons(self) -> None:
        """Mark the controls a lesson points at ("hint" highlights naming them)."""
        hinted = {name for kind, names in self._extra if kind in ("hint", "shown", "suggested") for name in names}
        for name, control in self.named_controls().items():
            if name in hinted:
                control.add_class(HINT_CLASS)
            else:
                control.remove_class(HINT_CLASS)
            if isinstance(control, widgets.Button):
                control.button_style = "warning" if name in hinted else ""

    def _sync_controls(self) -> None:
        legal = self._legal if self._interactive else []
        key = tuple(map(str, legal))
        if key != self._buttons_key:
            self._buttons_key = key
            old = self._action_buttons
            # A button whose move is still legal keeps its widget: a click on it while the others
            # change (another seat took a district) still counts.
            self._action_buttons = {}
            for action in self.button_actions() if self._interactive else ():
                name = self.button_name(action)
                kept = old.pop(name, None)
                if kept is not None:
                    kept.description = self.describe(action)
                self._action_buttons[name] = kept or self._button(action, "nbg-action")
            self.actions.children = list(self._action_buttons.values())
            for button in old.values():
                self._retire(button)
            listed = legal if self.max_listed_moves is None or len(legal) <= self.max_listed_moves else []
            self.moves.options = [(self.describe(a), str(a)) for a in listed]
            self.moves.value = str(listed[0]) if listed else None
        else:  # the same moves: their words may still have changed (a bid's count, a fee)
            actions = {self.button_name(a): a for a in self.button_actions()}
            for name, button in self._action_buttons.items():
                if name in actions:
                    button.description = self.describe(actions[name])
        self.moves.disabled = self.play_selected.disabled = not self.moves.options
        for child in self.choices.children:
            child.disabled = not self._interactive
        self._style_buttons()
