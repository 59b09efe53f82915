"""The New York 1901 view, on the kit's one view shell (``ui/shell.py``).

The canvas (``drawing.py``, laid out by ``layout.py``) shows the map — districts in Okabe–Ito
colours with their letters, lot outlines, parks, the five avenues with their names (a star on
those whose bonus card is in play), buildings as their polyomino shapes in the owner's colour
with a tier letter, workers —, the open market, the tiles of the seat shown and the legendaries,
the VP track with the 6 and 18 unlock marks, and the cards in play. The shell adds the status
line, the player strip (VP, tier, workers, tiles per tier, unused action cards), the information
panel and buttons for the moves not made on the map (a character, Construction Boom, Market
Shift, End turn, Pass); this view adds Turn (R), Mirror (M) and Put down, and the final scoring.

Moves (``selection.py`` keeps what is chosen so far):

- acquire: click a market card (``market:<i>``), then a lit lot; or a lot straight away. Where
  Land Grab could take the same lot, the click asks which.
- build: click a tile (``tile:<name>``), turn it with R or the Turn button, mirror it with M,
  move over the map — a green or red preview follows the pointer, and when red the information
  panel gives the engine's refusal with its rule id —, click to place. Over your own building
  the click demolishes it and rebuilds (NY1901-6).
- a click that plays nothing puts the engine's refusal, with its rule id, on the status line.
On a phone the map shows an 8 × 8 window and a 3 × 3 picker chooses which (``window:<r>:<c>``).
The game is read only through the facade (view, legal_actions, parse, refusal, preview, explain_scores).
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from ..engine.action import Action
from ..engine.errors import IllegalAction
from ..engine.game import Game
from ..i18n import msg
from ..ui.board import HIGHLIGHTS, Op
from ..ui.i18n import t
from ..ui.shell import ShellView, lines_html
from . import drawing, panels
from .drawing import cell_rc, seat_fill
from .layout import Layout, layout_for, regions_for, window_starts
from .selection import Selection, build_notation, tile_shape
from .text import score_line

BUTTON_KINDS = ("character", "boom", "shift", "end", "pass")
LOT_KINDS = ("acquire", "grab", "recall")


class NewYork1901View(ShellView):
    """The New York 1901 board for one game; `seat` = whose tiles are shown (None: hot seat)."""

    css_class = "nbg-ny1901"
    max_listed_moves = 800

    def __init__(self, game: Game, seat: int | None = None, lang: str | None = None):
        self.selection = Selection()
        self.table: dict[str, Any] = game.view(seat if seat is not None else game.to_move)
        self.window = (0, 0)
        self._preview: tuple[list[tuple[int, int]], bool, str] | None = None  # cells, legal, words
        self._preview_at: str | None = None
        board = self.table["board"]
        self.layout: Layout = layout_for(board["rows"], board["cols"], game.players, tiles=len(self.tile_names()))
        super().__init__(game, seat, lang, self.layout.grid, size=(self.layout.width, self.layout.height),
                         regions=regions_for(self.layout, len(self.table["market"]), self.tile_names()))
        self.rotate_button = self._make_button("ny1901.ui.button.rotate", "nbg-ny1901-rotate", self.rotate)
        self.mirror_button = self._make_button("ny1901.ui.button.mirror", "nbg-ny1901-mirror", self.mirror)
        self.drop_button = self._make_button("ny1901.ui.button.drop", "nbg-ny1901-drop", self.drop)
        self.scores = widgets.HTML()
        self.scores.add_class("nbg-ny1901-final")
        tools = widgets.HBox([self.rotate_button, self.mirror_button, self.drop_button],
                             layout=widgets.Layout(flex_flow="row wrap"))
        self.extras.children = [tools, self.scores]
        self.refresh()

    def _make_button(self, key: str, css: str, handler) -> widgets.Button:
        button = widgets.Button(description=t(key, self.lang), layout=widgets.Layout(width="auto", min_height="36px"))
        button.add_class(css)
        button.on_click(lambda _b: handler())
        return button

    # -- reading the game ------------------------------------------------------------------------
    def tile_names(self) -> list[str]:
        """The tiles shown beside the map: every tile kind of the set, then the legendaries."""
        return [x["name"] for x in self.table["board"]["tiles"] if x["name"] != "start"]

    @property
    def shown_seat(self) -> int:
        """Whose tiles are shown: the viewer, else the seat to move, else seat 0."""
        seat = self.viewer if self.viewer is not None else self.game.to_move
        return seat if seat is not None else 0

    def read_game(self) -> None:
        self.table = self.game.view(self.viewer)
        self.regions = regions_for(self.layout, len(self.table["market"]), self.tile_names())
        sel = self.selection
        if sel.card is not None and sel.card >= len(self.table["market"]):
            sel.card = None
        if sel.tile is not None and not drawing.tile_facts(self.table, self.shown_seat, sel.tile)["left"]:
            sel.tile = None
        self._preview_again()

    def refresh(self) -> None:
        super().refresh()
        if hasattr(self, "scores"):
            over = self.game.is_over
            self.scores.value = panels.scores_html(self.game.explain_scores(), self.lang) if over else ""
            self._sync_tools()

    def set_game(self, game: Game) -> None:
        self.selection.reset()
        self._preview = self._preview_at = None
        if game.players != self.layout.players:
            self.table = game.view(None)
            self._use_layout()
        super().set_game(game)

    def _use_layout(self) -> None:
        board = self.table["board"]
        self.layout = layout_for(board["rows"], board["cols"], self.game.players, self.narrow, self.window,
                                 len(self.tile_names()))
        self.geom = self.layout.grid
        self.regions = regions_for(self.layout, len(self.table["market"]), self.tile_names())
        self.resize(self.layout.width, self.layout.height)

    def relayout(self) -> None:
        """A phone-sized page: the map's 8 × 8 window with its picker, everything else below."""
        self._use_layout()

    def show_window(self, row: int, col: int) -> None:
        """Show the part of the map starting at (row, col) (narrow layout)."""
        self.window = (row, col)
        self._preview = self._preview_at = None
        self._use_layout()
        self._static_key = object()
        self.refresh()
        r0, c0, nr, nc = self.layout.window
        self.info.value = html.escape(t("ny1901.ui.window_moved", self.lang,
                                        rows=f"{chr(65 + r0)}–{chr(64 + r0 + nr)}", cols=f"{c0 + 1}–{c0 + nc}"))

    def cursor_step(self, cursor: str | None, dr: int, dc: int) -> str:
        """The arrows walk the whole map; on a phone the window follows the cursor."""
        target = super().cursor_step(cursor, dr, dc)
        self.show_cell(self.cell_of(target))
        return target

    def keyboard_stops(self) -> list[str]:
        """N / P: the lots a click acquires and the tiles with a legal build; with a tile picked,
        the cells where its first cell can go as it lies (turned, then mirrored, until it fits
        somewhere: the preview shows it so)."""
        if not (self._interactive and self._viewer_may_act()):
            return []
        sel = self.selection
        if sel.tile is None:
            built = {str(a).split()[-1].partition("@")[0] for a in self._legal if "@" in str(a)}
            return super().keyboard_stops() + [f"tile:{name}" for name in self.tile_names() if name in built]
        legal = set(map(str, self._legal))
        cells = [self.cell_name(r, c) for r in range(self.geom.rows) for c in range(self.geom.cols)]
        start = sel.rotation, sel.mirrored
        for turn in range(8):  # the four turns as it lies, then the four mirrored
            fits = [cell for cell in cells if self.placement_action(cell) in legal]
            if fits:
                return fits
            if turn == 3:
                sel.mirror()
            else:
                sel.rotate(1)
        sel.rotation, sel.mirrored = start
        return []

    def show_cell(self, cell: tuple[int, int] | None) -> None:
        """On a phone: move the map's window (the nearest one) so that `cell` shows."""
        if cell is None or self.layout.shows(*cell):
            return
        r0, c0, nr, nc = self.layout.window
        row = min((s for s in window_starts(self.layout.rows) if s <= cell[0] < s + nr), key=lambda s: abs(s - r0))
        col = min((s for s in window_starts(self.layout.cols) if s <= cell[1] < s + nc), key=lambda s: abs(s - c0))
        self.show_window(row, col)

    def static_key(self) -> tuple:
        return (self.game.players, self.layout.narrow, self.layout.window, self.lang,
                tuple(self.table["avenues_in_play"]), tuple(self.table["districts_in_play"]))

    # -- the canvas --------------------------------------------------------------------------------
    def static_ops(self) -> list[Op]:
        return drawing.static_ops(self.layout, self.table["board"], self.table["avenues_in_play"],
                                  self.table["districts_in_play"], self.lang)

    def piece_ops(self) -> list[Op]:
        return drawing.piece_ops(self.layout, self.table, self.shown_seat, self.tile_names(), self.lang)

    def highlight_ops(self) -> list[Op]:
        cell_marks, region_marks = [], []
        for kind, targets in self.highlight_marks():
            cells = [c for tg in targets for c in self.target_cells(tg)]
            if cells:
                cell_marks.append((kind, cells))
            boxes = [self.target_box(tg) for tg in targets]
            boxes = [b for b in boxes if b is not None]
            if boxes:
                region_marks.append((kind, boxes))
        preview = self._preview[:2] if self._preview is not None and self._interactive else None
        return drawing.highlight_ops(self.layout, cell_marks, region_marks, preview)

    def target_box(self, target: str) -> tuple[float, ...] | None:
        """The box of a target off the map (a market card, a tile, a window square)."""
        region = self.regions.get(target) if self.regions is not None else None
        if region is None:
            return None
        left, top, right, bottom = region.bounds
        return left, top, right - left, bottom - top

    def highlight_marks(self) -> list[tuple[str, list[str]]]:
        marks = super().highlight_marks()
        sel = self.selection
        if sel.card is not None:
            marks.append(("last", [f"market:{sel.card}"]))
        if sel.tile is not None:
            marks.append(("last", [f"tile:{sel.tile}"]))
        return marks

    def legal_targets(self) -> list[str]:
        """Lit lots: those matching the chosen market card, or every lot a click acquires now
        (none while a tile is picked: the preview shows where it goes)."""
        if self.selection.tile is not None:
            return []
        lots = super().legal_targets()
        card = self.chosen_card()
        if card is not None:
            lots = [lot for lot in lots if self._card_of_lot(lot.partition(":")[2]) == card]
        return lots

    def chosen_card(self) -> str | None:
        index = self.selection.card
        return self.table["market"][index] if index is not None and index < len(self.table["market"]) else None

    def _card_of_lot(self, lot_name: str) -> str | None:
        lot = panels.lot_facts(self.table, lot_name)
        return f"{lot['district']}{lot['size']}" if lot else None

    def hit(self, x: Any, y: Any) -> tuple[int, int] | None:
        cell = self.geom.hit(x, y)
        return cell if cell is not None and self.layout.shows(*cell) else None

    def target_cells(self, target: str) -> list[tuple[int, int]]:
        """The map cells of a target that the map shows now (a phone shows a part)."""
        return [c for c in self.map_cells(target) if self.layout.shows(*c)]

    def map_cells(self, target: str) -> list[tuple[int, int]]:
        """The map cells of a target: a cell ("C4") or a lot ("lot:C4")."""
        if target.startswith("lot:"):
            lot = panels.lot_facts(self.table, target[4:])
            return [cell_rc(c) for c in lot["cells"]] if lot else []
        cell = self.cell_of(target) if target[:1].isalpha() and target[1:].isdigit() else None
        return [cell] if cell is not None else []

    # -- targets and clicks --------------------------------------------------------------------------
    def target_of(self, action: Action) -> str | None:
        if action.kind in LOT_KINDS:
            return f"lot:{str(action).partition(' ')[2]}"
        return None

    def button_actions(self) -> list[Action]:
        return [a for a in self._legal if a.kind in BUTTON_KINDS]

    def button_classes(self, action: Action) -> list[str]:
        return [f"nbg-ny1901-{action.kind}"]

    def candidates(self, target: str) -> list[Action]:
        found = super().candidates(target)
        card = self.chosen_card()
        if card is not None and target.startswith("lot:"):
            found = [a for a in found if a.kind == "recall" or self._card_of_lot(target[4:]) == card]
        return found

    def click(self, target: str) -> None:
        """A click on the canvas (or Enter on the cursor): a window square, a tile, a market card,
        a lot, or — with a tile picked — the cell where its first cell goes."""
        kind, _, rest = target.partition(":")
        if kind == "window":
            row, _, col = rest.partition(":")
            if row.isdigit() and col.isdigit():
                self.show_window(int(row), int(col))
            return
        if not self._interactive or not self._viewer_may_act():
            return
        if kind == "tile" and rest in self.tile_names():
            refused = self.tile_refusal(rest)
            if refused is not None and self.selection.tile != rest:
                self.status.value = refused
                return
            self.selection.pick_tile(rest)
            self._after_pick()
        elif kind == "market" and rest.isdigit() and int(rest) < len(self.table["market"]):
            self.selection.pick_card(int(rest))
            self._after_pick()
        elif kind == "lot":
            self._click_lot(target)
        elif self.cell_of(target) is not None:
            if self.selection.tile is not None:
                self._place(target)
            else:
                lot = panels.lot_of_cell(self.table, target)
                if lot is None:
                    self.status.value = t("status.illegal", self.lang, rule="NY1901-1",
                                          reason=t("ny1901.ui.info.park", self.lang, cell=target))
                else:
                    self._click_lot(f"lot:{lot['name']}")

    def tile_refusal(self, name: str) -> str | None:
        """Why a tile cannot be picked at all (its tier is locked, none is left), or None."""
        return panels.tile_refusal(self.game, self.table, self.shown_seat, name, self.lang)

    def _click_lot(self, target: str) -> None:
        found = self.candidates(target)
        if not found and self.chosen_card() is not None and super().candidates(target):
            reason = t("ny1901.ui.no_match", self.lang, lot=target[4:],
                       card=panels.card_words(self.table, self.chosen_card() or "", self.lang))
            self.status.value = t("status.illegal", self.lang, rule="NY1901-5", reason=reason)
            return
        super().click(target)

    def refusal_text(self, target: str) -> str:
        """Why a click on a lot plays nothing: the engine's refusal of acquiring it."""
        if target.startswith("lot:"):
            error = self.game.refusal(f"lot {target[4:]}")
            if error is not None:
                return t("status.illegal", self.lang, rule=error.rule, reason=error.reason)
        return super().refusal_text(target)

    def placement_action(self, target: str) -> str | None:
        """The notation a click on cell `target` makes with the picked tile, or None."""
        cell = self.cell_of(target)
        if self.selection.tile is None or cell is None:
            return None
        try:
            return build_notation(self.table, self.viewer, self.selection, cell)
        except ValueError:  # an anchor off the notation's range
            return None

    def _resolve(self, notation: str) -> tuple[Action | None, IllegalAction | None]:
        """The legal action a notation names, or the engine's refusal."""
        try:
            action = self.game.parse(notation)
        except IllegalAction as exc:
            return None, exc
        if action in self._legal:
            return action, None
        return None, self.game.refusal(action) or IllegalAction(
            "NY1901-5", msg("{move} cannot be played now.", move=notation))

    def _place(self, target: str) -> None:
        notation = self.placement_action(target)
        if notation is None:
            return
        action, error = self._resolve(notation)
        if action is not None:
            self._emit(action)
        else:
            self.status.value = t("status.illegal", self.lang, rule=error.rule, reason=error.reason)

    def _after_pick(self) -> None:
        self._preview = self._preview_at = None
        self._preview_again()
        self.info.value = self.info_html()
        self.redraw((HIGHLIGHTS,))
        self.status.value = self.status_text()
        self._sync_tools()

    # -- the picked tile: turn, mirror, preview --------------------------------------------------
    def rotate(self, turns: int = 1) -> None:
        if self.selection.tile is not None and self._interactive:
            self.selection.rotate(turns)
            self._after_pick()

    def mirror(self) -> None:
        if self.selection.tile is not None and self._interactive:
            self.selection.mirror()
            self._after_pick()

    def drop(self) -> None:
        self.selection.reset()
        self._after_pick()

    def _preview_again(self) -> None:
        """The preview of the picked tile where the pointer (or the cursor) is."""
        target = self._hover or self._cursor
        notation = self.placement_action(target) if target is not None and self._viewer_may_act() else None
        if notation is None:
            self._preview = self._preview_at = None
            return
        self._preview_at = target
        shape = tile_shape(self.table, self.selection.tile or "")
        cells = self.selection.cells(shape, self.cell_of(target) or (0, 0))
        action, error = self._resolve(notation)
        if action is not None:
            preview = self.game.preview(action)
            words = t("ny1901.ui.preview_ok", self.lang, placement=str(action), vp=preview.get("vp_change", 0),
                      cells=", ".join(preview.get("cells", [])))
            self._preview = (cells, True, words)
        else:
            words = t("ny1901.ui.preview_refused", self.lang, placement=notation, reason=error.reason, rule=error.rule)
            self._preview = (cells, False, words)

    def preview_text(self) -> str:
        """The words of the preview under the pointer ("" when there is none)."""
        return self._preview[2] if self._preview is not None else ""

    def _on_mouse_move(self, x: Any, y: Any) -> None:
        target = self.target_at(x, y)
        if target == self._hover:
            return
        self._hover = target
        if self.selection.tile is not None:
            self._preview_again()
            self.redraw((HIGHLIGHTS,))
        self.info.value = self.info_html()

    def _on_mouse_out(self, x: Any = None, y: Any = None) -> None:
        had = self._preview is not None
        super()._on_mouse_out(x, y)
        if had:
            self._preview = self._preview_at = None
            self.redraw((HIGHLIGHTS,))

    def _on_key(self, key: Any, shift: Any = False, ctrl: Any = False, meta: Any = False) -> None:
        """R turns and M mirrors a picked tile (without one, R is the shell's redo); Escape puts
        it down; the arrows move the cursor and the preview with it."""
        if self.selection.tile is not None and key in ("r", "R"):
            self.rotate(1)
        elif self.selection.tile is not None and key in ("m", "M"):
            self.mirror()
        elif key == "Escape":
            self.drop()
        else:
            super()._on_key(key, shift, ctrl, meta)
            if self.selection.tile is not None:
                self._preview_again()
                self.info.value = self.info_html()
                self.redraw((HIGHLIGHTS,))

    def _before_emit(self) -> None:
        super()._before_emit()
        self.selection.reset()
        self._preview = self._preview_at = None

    # -- words -------------------------------------------------------------------------------------
    def describe(self, action: Action) -> str:
        return panels.describe(action, self.table, self.lang)

    def score_what(self, part: dict) -> str:
        """What a line of the score table counts, in words (the kit's score panel asks)."""
        return score_line(part, self.lang)

    def status_what(self) -> str:
        return panels.status_what(self.table, self.selection.tile, self.chosen_card(), self.lang)

    def seat_facts(self, seat: int) -> str:
        return panels.seat_facts(self.table, seat, self.lang)

    def seat_colour(self, seat: int) -> str:
        return seat_fill(seat)

    def target_facts(self, target: str) -> list[str]:
        lines = panels.target_facts(target, self.table, self.shown_seat, self.lang)
        if self._preview is not None and target == self._preview_at:
            lines = [self._preview[2], *lines]
        return lines

    def reach_lines(self, target: str) -> list[str]:
        if self.selection.tile is not None or not (target.startswith("lot:") or panels.lot_of_cell(self.table, target)):
            return []
        lot = target[4:] if target.startswith("lot:") else panels.lot_of_cell(self.table, target)["name"]
        ways = [self.way_text(a) for a in self.candidates(f"lot:{lot}")]
        return [t("label.reach", self.lang, ways="; ".join(ways))] if ways else []

    def idle_info(self) -> str:
        return panels.legend(self.table, self.lang)

    def score_colour(self, seat: int) -> str:
        return f"P{seat + 1}"

    # -- lessons: where a move is made ------------------------------------------------------------
    def how_to_play(self, action: Action) -> tuple[list[str], str] | None:
        """For "Show me": a build marks the tile, the Turn/Mirror buttons it needs and the cell
        where its first cell goes; an acquire marks the market card and the lot. On a phone the
        map's window moves to show the marked cell."""
        how = self._how(action)
        if how is not None:
            cells = [c for target in how[0] for c in self.map_cells(target)]
            self.show_cell(cells[0] if cells else None)
        return how

    def _how(self, action: Action) -> tuple[list[str], str] | None:
        text = str(action)
        if action.kind in ("build", "demolish"):
            return panels.show_build(text, self.lang)
        if action.kind == "acquire" and self._card_of_lot(text[4:]) in self.table["market"]:
            return panels.show_acquire(self.table, text[4:], self._card_of_lot(text[4:]) or "", self.lang)
        if action.kind in LOT_KINDS:  # a lot clicked straight away (Land Grab: then chosen)
            target = f"lot:{text.partition(' ')[2]}"
            words = t("ny1901.show.lot", self.lang, lot=target[4:])
            if self.asks_which(target):
                space = "" if words.endswith("。") else " "  # Japanese sentences need no space
                words += space + t("lesson.show_then_choose", self.lang, way=self.describe(action))
            return [target], words
        return super().how_to_play(action)

    def target_words(self, target: str) -> str:
        """A target in words: "lot C4" / 「区画 C4」, "cell C4" / 「スペース C4」 (the seed's word)."""
        kind, _, rest = target.partition(":")
        if kind == "lot":
            return t("ny1901.ui.target_lot", self.lang, lot=rest)
        if not rest and panels.lot_of_cell(self.table, target) is not None or target in self.table["board"]["parks"]:
            return t("ny1901.ui.target_cell", self.lang, cell=target)
        return target

    def ask_text(self, target: str, found) -> str:
        """The shell's "which way?" question, the target named in words (not "lot:C4")."""
        return t("label.choose_how", self.lang, target=self.target_words(target))

    def named_controls(self) -> dict[str, widgets.DOMWidget]:
        own = {"button:rotate": self.rotate_button, "button:mirror": self.mirror_button,
               "button:drop": self.drop_button}
        return {**super().named_controls(), **own}

    def _sync_tools(self) -> None:
        idle = self.selection.tile is None or not self._interactive
        for button in (self.rotate_button, self.mirror_button, self.drop_button):
            button.disabled = idle

    def _sync_controls(self) -> None:
        super()._sync_controls()
        if hasattr(self, "rotate_button"):
            self._sync_tools()

    def info_html(self) -> str:
        if self.selection.tile is not None and self._preview is not None and self._hover is None \
                and self._cursor is None:
            return lines_html([self._preview[2]])
        return super().info_html()

