"""The New York board: 7×7 canvas, hand panel, status and choice buttons.

The view only *offers* actions taken from ``game.legal_actions()`` and reports the one the user
chose through `on_choose` callbacks; it never plays and never decides legality (refusals are
explained by the engine, through ``game.refusal``). It sees the game only through the `Game`
facade: ``view(viewer)`` (the viewer's own hand and public facts), events, legal actions,
refusals and previews.
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from typing import Any

import ipywidgets as widgets

from ..engine.action import Action
from ..engine.game import Game
from ..ui.board import HIGHLIGHTS, OKABE_ITO, PIECES, Geometry, Op, draw_discs, draw_grid, draw_marks
from ..ui.i18n import t
from ..ui.view import GameView, player_name
from . import tables as ny

# Okabe–Ito colours for the five piece colours; each disc also shows its letter.
PIECE_FILL = {"red": OKABE_ITO["vermillion"], "blue": OKABE_ITO["blue"], "yellow": OKABE_ITO["yellow"],
              "green": OKABE_ITO["green"], "black": OKABE_ITO["black"]}
PIECE_LETTER = {"red": "R", "blue": "B", "yellow": "Y", "green": "G", "black": "K"}
LETTER_INK = {"red": "#FFFFFF", "blue": "#FFFFFF", "yellow": "#000000", "green": "#FFFFFF",
              "black": "#FFFFFF"}
SQUARE_KINDS = ("pair", "place", "remove", "baulowe")
N = ny.N


def square_of(action: Action) -> int | None:
    """The board square an action is played by clicking, or None (played from a button)."""
    if action.kind == "pair" or action.kind == "baulowe":
        return action.args[2]
    if action.kind in ("place", "remove"):
        return action.args[0]
    return None


def parse_square(name: str) -> int | None:
    """Square index of a name like "C3" (None if it is not one)."""
    if not isinstance(name, str) or len(name) != 2:
        return None
    row = ny.AVENUE_LETTERS.find(name[0].upper())
    col = ny.STREET_DIGITS.find(name[1])
    if row < 0 or col < 0:
        return None
    return row * N + col


class NewYorkView(GameView):
    """The New York board and its panels for one game; `seat` = whose cards are shown.

    ``seat=None`` is hot-seat: the cards of the seat to move are shown (unless `reveal` is
    False, which the hot-seat screen uses to hide them between players).
    """

    def __init__(self, game: Game, seat: int | None = None, lang: str = "en"):
        self._facts: dict[str, Any] | None = None
        super().__init__(game, seat, lang, Geometry(N, N))
        self._extra: list[tuple[str, list[int]]] = []
        self._cursor: int | None = None
        self._hover: int | None = None
        self._choices_key: tuple = ()
        self._buttons_key: tuple = ()

        self.status = widgets.Label(value=t("app.loading", lang))
        self.status.add_class("nbg-status")
        self.info = widgets.HTML()
        self.info.add_class("nbg-info")
        self.hand = widgets.HTML()
        self.hand.add_class("nbg-hand")
        self.choices = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.choices.add_class("nbg-choices")
        self.actions = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.actions.add_class("nbg-actions")
        self.moves = widgets.Dropdown(description=t("label.moves", lang), options=[],
                                      layout=widgets.Layout(width="auto", max_width="520px"),
                                      style={"description_width": "initial"})
        self.moves.add_class("nbg-moves")
        self.play_selected = widgets.Button(description=t("button.play_selected", lang))
        self.play_selected.add_class("nbg-play-selected")
        self.play_selected.on_click(lambda _: self._emit_notation(self.moves.value))
        side = widgets.VBox([self.hand, self.info],
                            layout=widgets.Layout(min_width="260px", flex="1 1 260px"))
        self.widget = widgets.VBox([
            self.status,
            widgets.HBox([widgets.Box([self.canvas], layout=widgets.Layout(flex="2 1 420px")), side],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start")),
            self.choices, self.actions,
            widgets.HBox([self.moves, self.play_selected]),
            self.drawn_label,
        ])
        self.widget.add_class("nbg-newyork")
        self.on_cell(lambda row, col: self.click_square(row * N + col))
        self.canvas.on_mouse_move(self._on_mouse_move)
        self.canvas.on_key_down(self._on_key)
        self.refresh()

    # -- public interface ------------------------------------------------------------------

    def set_game(self, game: Game) -> None:
        """Show another game (new game, loaded record); clears lesson highlights."""
        self.game = game
        self._extra = []
        self._cursor = None
        self.refresh()

    def highlight(self, squares: Iterable[str], kind: str = "hint") -> None:
        """Add highlights on named squares ("C3"); ``highlight([])`` clears that kind."""
        cells = [sq for sq in (parse_square(s) for s in squares) if sq is not None]
        self._extra = [(k, s) for k, s in self._extra if k != kind]
        if cells:
            self._extra.append((kind, cells))
        self.redraw((HIGHLIGHTS,))

    def refresh(self) -> None:
        """Redraw everything from the game (call after every change of the game)."""
        game = self.game
        self._facts = None
        self._legal = game.legal_actions() if self._viewer_may_act() else []
        # The board first: its message then leaves before the text widgets' updates. The static
        # layer never changes with the game (it is drawn when a browser connects).
        self.redraw((PIECES, HIGHLIGHTS))
        self.status.value = self.status_text()
        self.hand.value = self.hand_html()
        self._update_choices([])
        self._sync_controls()

    # -- what is shown ---------------------------------------------------------------------
    @property
    def facts(self) -> dict[str, Any]:
        """What the viewer may know: ``game.view(viewer)``, read once per refresh."""
        if self._facts is None:
            self._facts = self.game.view(self.viewer)
        return self._facts

    def _viewer_may_act(self) -> bool:
        to_move = self.game.to_move
        return to_move is not None and self.reveal and (self.seat is None or self.seat == to_move)

    def legal_squares(self) -> list[int]:
        """Squares the user may click now (sorted)."""
        return sorted({sq for sq in map(square_of, self._legal) if sq is not None})

    def button_actions(self) -> list[Action]:
        """Legal actions not tied to one square (no play, pick, most action cards)."""
        return [a for a in self._legal if square_of(a) is None]

    def status_text(self) -> str:
        game, lang, facts = self.game, self.lang, self.facts
        if game.is_over:
            winners = game.winners()
            names = ", ".join(self.seat_label(s) for s in winners)
            key = "status.winners" if len(winners) == 1 else "status.winners_many"
            text = t("status.game_over", lang, winners=t(key, lang, names=names))
            if facts["stop_drawn_by"] is not None:
                text += " " + t("ny.stop_drawn", lang, player=self.seat_label(facts["stop_drawn_by"]))
            return text
        to_move = game.to_move
        if facts["phase"] in ("pick", "setup"):
            what = t(f"ny.what.{facts['phase']}", lang)
        elif facts["pending"] is not None:
            what = t(f"ny.what.{facts['pending']['kind']}", lang)
        elif self._legal == [ny.NOPLAY]:
            what = t("ny.what.noplay", lang)
        else:
            what = t("ny.what.main", lang)
        return t("status.your_turn", lang, player=self.seat_label(to_move), what=what)

    def seat_label(self, seat: int) -> str:
        colours = self.facts["seat_colours"][seat] if seat is not None else []
        name = player_name(seat, self.lang)
        if not colours:
            return name
        return f"{name} ({'/'.join(t(f'ny.colour.{c}', self.lang) for c in colours)})"

    def colour_name(self, colour: int) -> str:
        return t(f"ny.colour.{ny.COLOURS[colour]}", self.lang)

    def hand_html(self) -> str:
        game, lang, view = self.game, self.lang, self.facts
        parts = []
        if self.viewer is not None and view["hand"]:
            cards = "".join(_card_chip(c) for c in view["hand"])
            parts.append(f"<b>{html.escape(t('ny.hand', lang, player=self.seat_label(self.viewer)))}</b>"
                         f"<div class='nbg-cards'>{cards}</div>")
        elif not self.reveal:
            parts.append(f"<b>{html.escape(t('ny.hand_hidden', lang))}</b>")
        rows = []
        for seat in range(game.players):
            counts = view["hand_counts"][seat]
            supply = sum(view["supply"][c] for c in view["seat_colours"][seat])
            rows.append("<li>" + html.escape(t("ny.hand_counts", lang, player=self.seat_label(seat),
                                                 red=counts["red"], blue=counts["blue"],
                                                 chips=view["chips"][seat], supply=supply)) + "</li>")
        parts.append("<ul class='nbg-counts'>" + "".join(rows) + "</ul>")
        parts.append(html.escape(t("ny.deck", lang, deck=view["deck_size"], discard=view["discard_size"])))
        if view["stop_armed"] and not game.is_over:
            parts.append(f"<div class='nbg-stop'><b>STOP</b> {html.escape(t('ny.stop_armed', lang))}</div>")
        return "<br>".join(parts)

    def describe(self, action: Action) -> str:
        """A sentence for one action, for buttons and the move list."""
        lang, facts = self.lang, self.facts
        kind, args = action.kind, action.args
        if kind == "noplay":
            return t("ny.noplay", lang)
        if kind == "pick":
            return t("ny.pick", lang, colour=self.colour_name(args[0]))
        if kind == "place":
            text = f"{ny.square_name(args[0])}: {t('ny.place', lang)}"
            return self._with_colour(text, args[1])
        if kind == "remove":
            return f"{ny.square_name(args[0])}: {t('ny.remove', lang)}"
        if kind == "pair":
            red, blue, sq, code = args
            how = self._cards_text(red, blue, sq)
            row, col = divmod(sq, N)
            colour, owner = facts["board_colours"][row][col], facts["board"][row][col]
            if colour is not None and owner == facts["to_move"] and colour in facts["seat_colours"][owner]:
                text = t("ny.returns", lang, how=how)
            elif colour is not None:
                text = t("ny.with_fee", lang, how=how, fee=facts["fees"][row][col], owner=self.seat_label(owner))
            else:
                text = how
            return f"{ny.square_name(sq)}: " + self._with_colour(text, code)
        if kind in ("sanierung", "ruine"):
            back = ny.card_name(args[0]).split(".")[1]
            return f"{t('ny.action.' + kind, lang)} ({t('ny.back.' + back, lang)})"
        if kind == "spekulation":
            back = ny.card_name(args[0]).split(".")[1]
            text = t("ny.action.spekulation", lang, player=self.seat_label(args[1]))
            text += f" ({t('ny.back.' + back, lang)})"
            return self._with_colour(text, args[2])
        if kind == "baulowe":
            text = t("ny.action.baulowe", lang, name=ny.square_name(args[2]))
            return self._with_colour(f"{text} ({ny.card_name(args[1])})", args[3])
        if kind == "statik":
            _, partner, line, target, code = args
            names = ny.DATA["avenues"] if partner in ny.RED_CARDS else ny.DATA["streets"]
            text = t("ny.action.statik", lang, line=names[line])
            if target >= 0:
                text += t("ny.action.target", lang, player=self.seat_label(target))
            return self._with_colour(text, code)
        return str(action)

    def _with_colour(self, text: str, code: int) -> str:
        if code is None or code < 0:
            return text
        return t("ny.colour_suffix", self.lang, how=text, colour=self.colour_name(code))

    def _cards_text(self, red: int, blue: int, sq: int) -> str:
        lang = self.lang
        row, col = divmod(sq, N)
        red_text = (t("ny.joker_red", lang, line=ny.DATA["avenues"][row]) if red == ny.RED_JOKER
                    else ny.card_name(red))
        blue_text = (t("ny.joker_blue", lang, line=ny.DATA["streets"][col]) if blue == ny.BLUE_JOKER
                     else ny.card_name(blue))
        return t("ny.pair", lang, red=red_text, blue=blue_text)

    def square_info(self, sq: int) -> str:
        """Hover text: the square's names, occupant and fee (NY-11), and the moves reaching it
        with what each would do to the mover's score (the engine's preview)."""
        lang, facts = self.lang, self.facts
        row, col = divmod(sq, N)
        lines = [t("ny.square", lang, name=ny.square_name(sq), avenue=ny.DATA["avenues"][row],
                   street=ny.DATA["streets"][col])]
        colour = facts["board_colours"][row][col]
        if colour is None:
            lines.append(t("ny.empty", lang))
        else:
            owner = facts["board"][row][col]
            counts = facts["line_counts"][colour]
            lines.append(t("ny.owned", lang, colour=t(f"ny.colour.{colour}", lang), player=self.seat_label(owner)))
            lines.append(t("ny.fee", lang, fee=facts["fees"][row][col], row=counts["avenues"][row],
                           col=counts["streets"][col]))
        mover = self.game.to_move
        ways = [t("ny.way_score", lang, how=self.describe(a), change=self.game.preview(a)["score_change"][mover])
                for a in self._legal if square_of(a) == sq]
        if ways:
            lines.append(t("ny.reach", lang, ways="; ".join(ways)))
        elif self._legal:
            lines.append(t("ny.reach_none", lang))
        return "<br>".join(html.escape(line) for line in lines)

    # -- draw lists ------------------------------------------------------------------------
    def static_ops(self) -> list[Op]:
        shaded = []
        if self.game.options.get("action_cards"):  # V1: Sanierung / Ruine squares
            shaded = [divmod(sq, N) for sq in ny.CENTRAL + ny.CORNERS]
        rows = [f"{ny.AVENUE_LETTERS[r]} {name}" for r, name in enumerate(ny.DATA["avenues"])]
        cols = [f"{ny.STREET_DIGITS[c]} {name.replace(' St', '')}"
                for c, name in enumerate(ny.DATA["streets"])]
        return draw_grid(self.geom, rows, cols, shaded)

    def piece_ops(self) -> list[Op]:
        discs = [(row, col, PIECE_FILL[name], PIECE_LETTER[name], LETTER_INK[name])
                 for row, names in enumerate(self.facts["board_colours"])
                 for col, name in enumerate(names) if name is not None]
        return draw_discs(self.geom, discs)

    def highlight_marks(self) -> list[tuple[str, list[tuple[int, int]]]]:
        """(kind, cells) pairs the highlight layer shows."""
        game = self.game
        marks: list[tuple[str, list[tuple[int, int]]]] = []
        last = self.last_square()
        if last is not None:
            marks.append(("last", [divmod(last, N)]))
        if game.is_over:
            for entry in game.explain_scores():
                colour = entry["colour"]
                squares = [parse_square(s) for s in entry["largest_group"]]
                if colour and squares:
                    marks.append((PIECE_FILL[colour], [divmod(s, N) for s in squares if s is not None]))
        elif self._interactive:
            marks.append(("legal", [divmod(sq, N) for sq in self.legal_squares()]))
        for kind, squares in self._extra:
            marks.append((kind, [divmod(sq, N) for sq in squares]))
        if self._cursor is not None:
            marks.append(("cursor", [divmod(self._cursor, N)]))
        return marks

    def highlight_ops(self) -> list[Op]:
        return draw_marks(self.geom, self.highlight_marks())

    def last_square(self) -> int | None:
        """The square the latest move resolved (None after a turn that placed nothing)."""
        for event in reversed(self.game.events()):
            if event.kind in ("place", "return", "setup", "evict"):
                return event.square
            if event.kind in ("noplay", "colours"):
                return None
        return None

    # -- input -----------------------------------------------------------------------------
    def click_square(self, sq: int) -> None:
        """A square was clicked (or confirmed by keyboard): offer the legal moves there."""
        if not self._interactive or not self._legal:
            return
        if not (isinstance(sq, int) and 0 <= sq < ny.SQUARES):
            return
        self._cursor = sq
        candidates = [a for a in self._legal if square_of(a) == sq]
        self.info.value = self.square_info(sq)
        if not candidates:
            self._update_choices([])
            self.status.value = self.refusal_text(sq)
            self.redraw((HIGHLIGHTS,))
            return
        if len(candidates) == 1:
            self._emit(candidates[0])
            return
        self.status.value = t("ny.choose_how", self.lang, name=ny.square_name(sq))
        self._update_choices(candidates)
        self.redraw((HIGHLIGHTS,))

    def refusal_text(self, sq: int) -> str:
        """Why nothing can be played on `sq`, in the engine's words (rule id included)."""
        facts = self.facts
        colours = [ny.COLOURS.index(name) for name in facts["seat_colours"][facts["to_move"]]]
        code = -1 if len(colours) == 1 else colours[0]  # V3: two colours, named in the notation
        candidate: Action | None = None
        if facts["phase"] == "setup":
            left = [c for c in colours if facts["setup_left"][ny.COLOURS[c]] > 0]
            candidate = ny.PLACE[sq, code if code < 0 or not left else left[0]]
        elif facts["phase"] == "main" and facts["pending"] is None:
            hand = {ny.CARD_BY_NAME[name] for name in facts["hand"]}
            row, col = divmod(sq, N)
            reds = [c for c in (row, ny.RED_JOKER) if c in hand]
            blues = [c for c in (ny.BLUE0 + col, ny.BLUE_JOKER) if c in hand]
            if not reds or not blues:
                return t("ny.no_pair", self.lang, name=ny.square_name(sq))
            candidate = ny.PAIR[reds[0], blues[0], sq, code]
        if candidate is None:
            return t("ny.reach_none", self.lang)
        error = self.game.refusal(candidate)
        if error is None:
            return t("ny.reach_none", self.lang)
        return t("status.illegal", self.lang, rule=error.rule, reason=error.reason)

    def score_notes(self, seat: int) -> list[str]:
        """Scoreboard lines (controller hook): at the end, the squares of the largest group."""
        if not self.game.is_over:
            return []
        group = self.game.explain_scores()[seat]["largest_group"]
        return [t("ny.score.group_squares", self.lang, squares=" ".join(group))] if group else []

    def _before_emit(self) -> None:
        self._update_choices([])

    def _on_mouse_move(self, x: Any, y: Any) -> None:
        cell = self.hit(x, y)
        sq = None if cell is None else cell[0] * N + cell[1]
        if sq == self._hover:
            return  # only talk to the browser when the square under the mouse changes
        self._hover = sq
        if sq is not None:
            self.info.value = self.square_info(sq)

    def _on_key(self, key: Any, shift: Any = False, ctrl: Any = False, meta: Any = False) -> None:
        moves = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}
        if key in moves:
            cur = self._cursor if self._cursor is not None else 3 * N + 3
            dr, dc = moves[key]
            row = min(N - 1, max(0, cur // N + dr))
            col = min(N - 1, max(0, cur % N + dc))
            self._cursor = row * N + col
            self.info.value = self.square_info(self._cursor)
            self.redraw((HIGHLIGHTS,))
        elif key in ("Enter", " ") and self._cursor is not None:
            self.click_square(self._cursor)
        elif key in ("u", "U", "Backspace"):
            self._command("undo")
        elif key in ("r", "R"):
            self._command("redo")

    # -- panels ----------------------------------------------------------------------------
    def _update_choices(self, candidates: list[Action]) -> None:
        key = tuple(str(a) for a in candidates)
        if key == self._choices_key:
            return
        self._choices_key = key
        self.choices.children = [self._button(a, "nbg-choice") for a in candidates]

    def _button(self, action: Action, css: str) -> widgets.Button:
        button = widgets.Button(description=self.describe(action), tooltip=str(action),
                                layout=widgets.Layout(width="auto"))
        button.add_class(css)
        button.on_click(lambda _b, a=action: self._emit(a))
        return button

    def _sync_controls(self) -> None:
        legal = self._legal if self._interactive else []
        key = tuple(str(a) for a in legal)
        if key != self._buttons_key:
            self._buttons_key = key
            self.actions.children = [self._button(a, "nbg-action") for a in self.button_actions()
                                     if self._interactive]
            self.moves.options = [(self.describe(a), str(a)) for a in legal]
            self.moves.value = str(legal[0]) if legal else None
        self.moves.disabled = not legal
        self.play_selected.disabled = not legal
        for child in self.choices.children:
            child.disabled = not self._interactive


def _card_chip(name: str) -> str:
    """One card of a hand as a small labelled chip (colour and text, never colour alone)."""
    if name in ny.AVENUE_LETTERS or name == "R*":
        style, label = "background:#D55E00;color:#fff", f"▲ {name}"
    elif name in ny.STREET_DIGITS or name == "B*":
        style, label = "background:#0072B2;color:#fff", f"● {name}"
    else:
        style, label = "background:#eee;color:#000;border:1px solid #666", name
    return (f"<span class='nbg-card' style='display:inline-block;padding:2px 6px;margin:2px;"
            f"border-radius:4px;{style}'>{html.escape(label)}</span>")

