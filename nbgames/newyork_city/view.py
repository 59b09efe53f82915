"""The New York City view, on the kit's one view shell (``ui/shell.py``).

The canvas (``drawing.py``, laid out by ``layout.py``, wide or narrow for a phone) shows the
city map — districts with letter, value, buildings per player, the black neutral buildings, the
mayor; routes with their vehicles and lanterns —, the press track, the fame tiles and the Statue,
the display of pairs, the viewer's hand and reserve, every player's personal board with their
characters (phase, and "$" once used this round) and the characters to hire. The shell adds the
status line, the player strip (after the round line: bidding round and who leads), the hand as
chips, the information panel and buttons for moves not made on the board (Done — which shows the
bid's count before it is confirmed —, Pass, a starting character, none).

Every move is a click on a named target: ``pair:<n>`` drafts, ``hand:<card>`` adds that card to
the bid (a wild, or two identical cards counted as one), ``reserve:<card>`` swaps it into the
hand (asking which hand card goes back), ``char:<seat>:<n>`` uses a character, ``pool:<n>`` hires
one, ``district:<letter>`` moves a building there or places a fame tile (asking which tile and
route when several fit). A click that plays nothing shows the engine's refusal with its rule id
(and a character's number) on the status line.

It sees the game through the facade only: ``game.view(viewer)`` (so another seat's hand never
reaches a widget), ``legal_actions()``, ``refusal()`` and ``explain_scores()``.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from ..engine.action import Action
from ..engine.game import Game
from ..i18n import localize
from ..ui.board import Geometry, Op
from ..ui.i18n import t
from ..ui.shell import ShellView
from . import drawing, panels
from .layout import Layout, layout_for, regions_for
from .tables import KINDS, tables_for

NAMED = ("district", "route", "pair", "hand", "reserve", "char", "pool", "fame")
NO_GRID = Geometry(0, 0, cell=1.0, left=0.0, top=0.0, right=0.0, bottom=0.0)  # the board is all regions
TARGET_OF_KIND = {"take": "pair", "take2": "pair", "split": "pair", "play": "hand", "swap": "reserve",
                "use": "char", "hire": "pool", "move": "district", "fame": "district"}


class NewYorkCityView(ShellView):
    """The New York City board for one game; `seat` = whose hand is shown (None: hot seat)."""

    css_class = "nbg-nyc"

    def __init__(self, game: Game, seat: int | None = None, lang: str | None = None):
        self.T = tables_for(game.options.get("data"))
        self.layout: Layout = layout_for(game.players)
        self.table: dict[str, Any] = {}
        super().__init__(game, seat, lang, NO_GRID, size=(self.layout.width, self.layout.height))
        self.round_line = widgets.HTML()
        self.round_line.add_class("nbg-nyc-round")
        self.round_line.add_class("nbg-line")  # the kit keeps its box: the board never moves (issue 27)
        self.scores = widgets.HTML()
        self.scores.add_class("nbg-nyc-scores")
        self.extras.children = [self.scores]
        children = list(self.widget.children)
        self.widget.children = [children[0], self.round_line, *children[1:]]
        self.refresh()

    # -- reading the game --------------------------------------------------------------------
    def read_game(self) -> None:
        table = self.game.view(self.viewer)
        table["fame_tiles"] = self.T.data["fame_tiles"]
        table["pool_levels"] = {str(n): self.T.characters[n].level for n in table["pool"] if n in self.T.characters}
        self.table = table
        old, self.regions = self.regions, regions_for(self.layout, table, self.T.letters_of_kinds, self.viewer)
        # A target named by what lies there ("reserve:D") is renamed when that changes (a swap
        # brings a W): the pointer and the cursor stay on the same place, so the panel tells of
        # what lies there now, never of the card that has gone.
        self._hover, self._cursor = self._same_place(old, self._hover), self._same_place(old, self._cursor)

    def _same_place(self, old: Any, target: str | None) -> str | None:
        """`target` in the new regions: itself, else the region now where it was (or None)."""
        if target is None or target in self.regions or old is None or target not in old:
            return target if target is None or target in self.regions else None
        return self.regions.hit(*old[target].centre)

    def refresh(self) -> None:
        super().refresh()
        if not hasattr(self, "round_line"):
            return  # the shell's first refresh, before this view's own widgets exist
        self.round_line.value = f"<b>{html.escape(panels.round_line(self.table, self.T, self.lang))}</b>"
        over = self.game.is_over
        self.scores.value = panels.scores_html(self.game.explain_scores(), self.lang, True) if over else ""

    def set_game(self, game: Game) -> None:
        self.T = tables_for(game.options.get("data"))
        if game.players != self.layout.players:
            self._use_layout(layout_for(game.players, self.narrow))
        super().set_game(game)

    def _use_layout(self, layout: Layout) -> None:
        self.layout = layout
        self.resize(layout.width, layout.height)

    def relayout(self) -> None:
        """A phone-sized page: every section in one column 360 canvas pixels wide."""
        self._use_layout(layout_for(self.game.players, self.narrow))
        self.read_game()

    def static_key(self) -> tuple:
        return (self.game.players, self.layout.narrow, self.lang,
                tuple((d["letter"], d["tile"]) for d in self.table["districts"]))

    # -- the canvas ------------------------------------------------------------------------------
    def static_ops(self) -> list[Op]:
        return drawing.static_ops(self.layout, self.table, self.lang)

    def piece_ops(self) -> list[Op]:
        return drawing.piece_ops(self.layout, self.table, self.T.letters_of_kinds, self.viewer, self.lang)

    def highlight_ops(self) -> list[Op]:
        return drawing.highlight_ops(self.regions, self.highlight_marks())

    def target_cells(self, target: str) -> list[tuple[int, int]]:
        return []

    def target_at(self, x: Any, y: Any) -> str | None:
        return self.hit_region(x, y)

    def cursor_step(self, cursor: str | None, dr: int, dc: int) -> str:
        """Arrow keys walk through the board's targets in drawing order (down/right: next)."""
        names = list(self.regions.names) if self.regions is not None else []
        if not names:
            return cursor or ""
        here = names.index(cursor) if cursor in names else -1
        return names[(here + (dr or dc)) % len(names)] if here >= 0 else names[0]

    # -- targets of actions --------------------------------------------------------------------
    def target_of(self, action: Action) -> str | None:
        kind, args = action.kind, action.args
        prefix = TARGET_OF_KIND.get(kind)
        if prefix is None or (kind in ("hire", "fame") and not (args and args[0])):
            return None  # pass, done, a starting character, "none": buttons
        if kind in ("take", "take2", "split"):
            return f"pair:{args[0]}"
        if kind == "play":
            bidding = self.table.get("bidding")
            if args[1] == 2 and bidding and self.T.data["kinds"].index(bidding["kind"]) == args[0]:
                return None  # 'play PP' in the P round: a button, so a click on a P plays one P
            return f"hand:{self.T.letter(args[0])}"
        if kind == "swap":
            return f"reserve:{self.T.letter(args[1])}"
        if kind == "use":
            return f"char:{self.game.to_move}:{args[0]}"
        if kind == "hire":
            return f"pool:{args[0]}"
        if kind == "move":
            return f"district:{args[0]}"
        return f"district:{args[2]}"  # fame tile, route, district

    def ask_text(self, target: str, found: Sequence[Action]) -> str:
        """The shell's "which way?" question, the target named in words."""
        return t("label.choose_how", self.lang, target=self.target_words(target))

    def target_words(self, target: str) -> str:
        """A target in words: "District B", "Pair 3", "The E in your reserve", "Character 24"."""
        kind, _, rest = target.partition(":")
        return t(f"nyc.name.{kind}", self.lang, name=rest.rpartition(":")[2]) if kind in NAMED else target

    def refusal_text(self, target: str) -> str:
        """Why a click plays nothing: the engine's refusal of what the click would mean."""
        kind, _, rest = target.partition(":")
        if kind == "char" and rest.partition(":")[0] != str(self.game.to_move):
            seat, _, number = rest.partition(":")
            reason = t("nyc.info.not_yours", self.lang, number=number, player=self.seat_label(int(seat)))
            return t("status.illegal", self.lang, rule="NYC-12", reason=reason)
        if kind == "fame":
            tile = next((x for x in self.table["fame_up"] if str(x["id"]) == rest), None)
            return t("nyc.info.fame_click", self.lang, vehicle=localize(tile["vehicle"], self.lang) if tile else "?")
        notation = self._meaning(kind, rest)
        error = self.game.refusal(notation) if notation else None
        if error is None:
            return t("label.reach_none", self.lang)
        if self._legal and notation.partition(" ")[0] not in {str(a).partition(" ")[0] for a in self._legal}:
            # a move of another step (a district during the bidding): what this step asks, in the
            # page's words, not the engine's notation for Python users ('play P', 'swap D>V')
            return t("status.illegal", self.lang, rule=error.rule,
                     reason=t("nyc.info.not_now", self.lang, what=self.status_what()))
        return t("status.illegal", self.lang, rule=error.rule, reason=error.reason)

    def _meaning(self, kind: str, rest: str) -> str | None:
        """The move a click on a target would be (its notation), for the engine to refuse."""
        table = self.table
        if kind == "pair":
            return f"take {rest}"
        if kind == "pool":
            return f"hire {rest}"
        if kind == "char":
            return f"use {rest.partition(':')[2]}"
        if kind == "hand":
            bidding = table["bidding"]
            round_kind = self.T.letter(self.T.data["kinds"].index(bidding["kind"])) if bidding else None
            return f"play {rest}" if rest in (round_kind, self.T.letter(KINDS)) or not round_kind else \
                f"play {rest * 2}"
        if kind == "reserve":
            hand = (table["seats"][self.viewer]["hand"] or {}) if self.viewer is not None else {}
            given = next((x for x in hand if x != rest), next(iter(hand), rest))
            return f"swap {given}>{rest}"
        if kind == "district":
            if table["stage"] == "fame" and table["fame_up"]:
                tile = table["fame_up"][0]
                route = next((r for r in table["routes"] if rest in r["ends"]), None)
                return f"fame {tile['id']} {route['id']}>{rest}" if route else None
            return f"move {rest}"
        return None

    # -- words ---------------------------------------------------------------------------------
    def describe(self, action: Action) -> str:
        return panels.describe(action, self.table, self.T, self.lang)

    def status_what(self) -> str:
        return panels.status_what(self.table, self.lang)

    def hand_chips(self) -> list[str]:
        return panels.hand_chips(self.table, self.viewer, self.T, self.lang)

    def seat_facts(self, seat: int) -> str:
        return panels.seat_facts(self.table, seat, self.lang)

    def seat_colour(self, seat: int) -> str:
        return drawing.seat_fill(seat)

    def target_facts(self, target: str) -> list[str]:
        return panels.target_facts(target, self.table, self.T, self.viewer, self.lang)

    def idle_info(self) -> str:
        if self.game.is_over:
            return ""
        return html.escape(t("nyc.ui.legend", self.lang))

    def score_colour(self, seat: int) -> str:
        """A seat's colour in words and its number, for the controller's scoreboard."""
        return f"{t(f'nyc.colour.{seat}', self.lang)} ({seat + 1})"

    def _sync_controls(self) -> None:
        """The shell keeps its buttons while the legal moves keep their notation; Done's words
        (the bid's count) change with every card played, so they are written anew."""
        super()._sync_controls()
        by_notation = {str(a): a for a in self._legal}
        for button in self.actions.children:
            action = by_notation.get(button.tooltip)
            if action is not None:
                button.description = self.describe(action)

    def button_classes(self, action: Action) -> list[str]:
        return [f"nbg-{action.kind}"]  # nbg-done, nbg-pass, nbg-start, nbg-hire, nbg-fame …

    def how_to_play(self, action: Action) -> tuple[list[str], str] | None:
        """For "Show me": the target to click, in words (and the choice when the click asks which
        way); a move made with a button marks that button (the shell's)."""
        target = self.target_of(action)
        if target is None:
            return super().how_to_play(action)
        kind, _, rest = target.partition(":")
        words = t(f"nyc.show.{kind}", self.lang, name=rest.rpartition(":")[2])
        if self.asks_which(target):
            words += " " + t("lesson.show_then_choose", self.lang, way=self.describe(action))
        return [target], words
