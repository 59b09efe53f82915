"""The New York view, on the kit's one view shell (``ui/shell.py``).

The shell shows the status line, the hand (card chips), the players panel, the information on
hover and under the keyboard cursor, the "which way?" choices, the move buttons and the list of
legal moves, and handles clicks and keys. This view fills in what is New York's: the 7×7 board's
draw lists, the words for a square and for a move (which cards it spends, the fee, the score it
would bring), the draw pile and STOP line, and why a square can't be played.

It sees the game only through the `Game` facade: ``view(viewer)`` (the viewer's own hand and the
public facts: fees, line counts, groups), events, legal actions, refusals and previews. It only
*offers* legal actions and reports the chosen one through `on_choose`; it never plays. Targets
are square names ("C3"), shared with `highlight`.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from ..engine.action import Action
from ..engine.game import Game
from ..i18n import N_, _, localize
from ..ui.access import ink_on
from ..ui.board import OKABE_ITO, STATIC, TEXT, Geometry, Op, draw_discs, draw_grid
from ..ui.fonts import canvas_font, fit_size, localize_fonts, text_width
from ..ui.i18n import t
from ..ui.shell import ShellView, chip, lines_html
from ..ui.view import player_name
from . import tables as ny
from .text import chips_word, colour_name, comma

# The score lines of NY-17 (explain_scores' "what") and their labels with a count.
SCORE_LABELS = {"largest group": "ny.score.largest_group", "other pieces": "ny.score.other_pieces",
                "chips": "ny.score.chips"}

# Okabe–Ito colours for the five piece colours; each disc also shows its letter.
PIECE_FILL = {"red": OKABE_ITO["vermillion"], "blue": OKABE_ITO["blue"], "yellow": OKABE_ITO["yellow"],
              "green": OKABE_ITO["green"], "black": OKABE_ITO["black"]}
PIECE_LETTER = {"red": "R", "blue": "B", "yellow": "Y", "green": "G", "black": "K"}
LETTER_INK = {"red": "#FFFFFF", "blue": "#FFFFFF", "yellow": "#000000", "green": "#FFFFFF",
              "black": "#FFFFFF"}
# Card chips: a red back (avenue) is a triangle, a blue back (street) a disc: never colour alone.
BACK_MARK = {"r": ("▲", PIECE_FILL["red"]), "b": ("●", PIECE_FILL["blue"])}
N = ny.N
# On a phone-sized page: one-character line labels, 46 px squares, 352 px in all (a 390 px page
# shows the canvas at about 358 px, so it is not scaled down); the full names are in the info panel.
NARROW = Geometry(N, N, cell=46.0, left=24.0, top=24.0, right=6.0, bottom=6.0)
# The avenues and streets as the board writes them in another language (the seed's katakana:
# パークアベニュー, 49番ストリート); English keeps data.json's names.
LINE_NAMES = (N_("Broadway"), N_("Eighth Ave"), N_("Sixth Ave"), N_("Fifth Ave"), N_("Madison Ave"), N_("Park Ave"),
              N_("Lexington Ave"), N_("34th St"), N_("38th St"), N_("42nd St"), N_("46th St"), N_("49th St"),
              N_("53rd St"), N_("57th St"))
LINE_KINDS = ("アベニュー", "ストリート")  # where a Japanese line name too long for its place breaks


def line_label(mark: str, name: str, room: float, size: float, lang: str, split: bool = False) -> list[str]:
    """A line's label in `lang` ("F パークアベニュー"), on two lines where it is wider than
    `room` at `size` px, or `split` says so ("F パーク" over "アベニュー")."""
    shown = f"{mark} {_(name, lang)}"
    if not split and text_width(shown, size) <= room:
        return [shown]
    for kind in LINE_KINDS:
        if shown.endswith(kind) and len(shown) > len(kind) + 2:
            return [shown[:-len(kind)].rstrip(), kind]
    return [shown]


def line_label_ops(geom: Geometry, lang: str) -> list[Op]:
    """The avenues' names left of their rows and the streets' above their columns, in `lang`
    (each within its place: the left margin, a column's width)."""
    ops: list[Op] = [(STATIC, "set:fill_style", (TEXT,)), (STATIC, "set:text_baseline", ("middle",))]
    places = [("right", geom.left - 8, lambda i: geom.cell_centre(i, 0)[1], geom.left - 12, ny.AVENUE_LETTERS,
               ny.DATA["avenues"]),
              ("center", None, lambda i: geom.top / 2, geom.cell - 4, ny.STREET_DIGITS, ny.DATA["streets"])]
    for align, x_at, y_of, room, marks, names in places:
        ops.append((STATIC, "set:text_align", (align,)))
        split = any(len(line_label(mark, name, room, 13, lang)) > 1 for mark, name in zip(marks, names, strict=True))
        for i, (mark, name) in enumerate(zip(marks, names, strict=True)):
            lines = line_label(mark, name, room, 13, lang, split)  # all of one side alike
            x = x_at if x_at is not None else geom.cell_centre(0, i)[0]
            y = y_of(i)
            for k, line in enumerate(lines):
                size = fit_size(line, room, 13 if k == 0 else 11)
                dy = 0 if len(lines) == 1 else (-8 if k == 0 else 8)
                ops += [(STATIC, "set:font", (canvas_font(size, False, lang),)),
                        (STATIC, "fill_text", (line, x, y + dy, room))]
    return ops


def square_of(action: Action) -> int | None:
    """The board square an action is played by clicking, or None (played from a button)."""
    if action.kind == "pair" or action.kind == "baulowe":
        return action.args[2]
    if action.kind in ("place", "remove"):
        return action.args[0]
    return None


def jokers_spent(action: Action) -> list[int]:
    """The jokers an action spends (a pair, or a Baulöwe's or Statik's partner card): none,
    one or both."""
    if action.kind == "pair":
        cards = action.args[:2]
    elif action.kind in ("baulowe", "statik"):  # an action card and its partner road card
        cards = action.args[1:2]
    else:
        return []
    return [card for card in cards if card in (ny.RED_JOKER, ny.BLUE_JOKER)]


def card_chip(name: str, lang: str | None = None) -> str:
    """One card of a hand ("C", "R*", "3", "statik.b") as a chip marked with its back."""
    if name in ny.AVENUE_LETTERS or name == "R*":
        back, label = "r", name
    elif name in ny.STREET_DIGITS or name == "B*":
        back, label = "b", name
    else:  # an action card (V1): its name, framed in its back's colour
        kind, _, back = name.partition(".")
        mark, fill = BACK_MARK[back]
        return chip(f"{mark} {t(f'ny.card.{kind}', lang)}", f"background:#fff;color:#000;border:2px solid {fill}")
    mark, fill = BACK_MARK[back]
    return chip(f"{mark} {label}", f"background:{fill};color:{ink_on(fill)}")  # ink at 4.5:1 (WCAG AA)


class NewYorkView(ShellView):
    """The New York board and its panels for one game; `seat` = whose cards are shown.

    ``seat=None`` is hot-seat: the cards of the seat to move are shown (unless `reveal` is
    False, which the hot-seat screen uses to hide them between players).
    """

    css_class = "nbg-newyork"

    def __init__(self, game: Game, seat: int | None = None, lang: str | None = None):
        self.facts: dict[str, Any] = {}  # game.view(viewer) as last refreshed
        super().__init__(game, seat, lang, Geometry(N, N))
        self.refresh()

    def relayout(self) -> None:
        """A phone-sized page: squares of 46 px, one-letter line labels (see `NARROW`)."""
        self.geom = NARROW if self.narrow else Geometry(N, N)
        self.resize(self.geom.width, self.geom.height)

    def read_game(self) -> None:
        self.facts = self.game.view(self.viewer)

    def static_key(self) -> bool:
        return bool(self.game.options.get("action_cards"))  # V1 shades its action squares

    # -- targets ---------------------------------------------------------------------------
    def target_of(self, action: Action) -> str | None:
        sq = square_of(action)
        return None if sq is None else ny.square_name(sq)

    def candidates(self, target: str) -> list[Action]:
        """The shell's ways to play a square, those spending fewer jokers first."""
        return sorted(super().candidates(target), key=lambda a: len(jokers_spent(a)))

    def asks_which(self, target: str) -> bool:
        """A square only jokers can name asks too, so the player sees what the click spends (a
        lesson question's click only names the square: it never asks)."""
        if not self._spends():
            return False
        found = self.candidates(target)
        return len(found) > 1 or (len(found) == 1 and bool(jokers_spent(found[0])))

    def ask_text(self, target: str, found: Sequence[Action]) -> str:
        """The shell's question; asked about the only way to play a square (jokers, see
        `asks_which`), it says which jokers that way spends."""
        jokers = jokers_spent(found[0]) if len(found) == 1 else []
        if not jokers:
            return super().ask_text(target, found)
        key = "ny.spend_both" if len(jokers) == 2 else "ny.spend_one"
        joker = t("ny.red_joker" if jokers[0] == ny.RED_JOKER else "ny.blue_joker", self.lang)
        return t(key, self.lang, target=target, joker=joker)

    def _spends(self) -> bool:
        """Whether a click plays (and spends) what it names: not a lesson question's click."""
        step = self.lesson_step() if self.lesson_step is not None else None
        return step is None or step.plays

    def square(self, target: str) -> int | None:
        """The square index a target names ("C3" -> 16), or None."""
        cell = self.cell_of(target)
        return None if cell is None else cell[0] * N + cell[1]

    # -- words -----------------------------------------------------------------------------
    def seat_label(self, seat: int | None) -> str:
        """"Player 2 (blue)": in New York a seat is known by its colour(s)."""
        colours = self.facts["seat_colours"][seat] if seat is not None and self.facts else []
        name = player_name(seat, self.lang)
        if not colours:
            return name
        return t("ny.seat_label", self.lang, name=name,
                 colours="/".join(t(f"ny.colour.{c}", self.lang) for c in colours))

    def seat_colour(self, seat: int) -> str | None:
        """The player strip's swatch: the seat's (first) piece colour, once it has one."""
        colours = self.facts["seat_colours"][seat] if self.facts else []
        return PIECE_FILL[colours[0]] if colours else None

    def status_what(self) -> str:
        facts = self.facts
        if facts["phase"] in ("pick", "setup"):
            return t(f"ny.what.{facts['phase']}", self.lang)
        if facts["pending"] is not None:
            return t(f"ny.what.{facts['pending']['kind']}", self.lang)
        return t("ny.what.noplay" if self._legal == [ny.NOPLAY] else "ny.what.main", self.lang)

    def status_text(self) -> str:
        """The shell's status; at the end, also who drew the STOP card (NY-16). While a lesson
        still asks about a finished game, the winners are left for the learner to find."""
        if self.game.is_over and self.lesson_step is not None and self.lesson_step() is not None:
            return t("ny.game_over_asked", self.lang)
        text = super().status_text()
        drawn = self.facts["stop_drawn_by"]
        if self.game.is_over and drawn is not None:
            text += " " + t("ny.stop_drawn", self.lang, player=self.seat_label(drawn))
        return text

    def hand_chips(self) -> list[str]:
        return [card_chip(name, self.lang) for name in self.facts["hand"]]

    def hand_html(self) -> str:
        """The shell's hand ("Cards hidden" between hot-seat players), then the draw pile and
        the STOP warning (NY-15)."""
        lang, facts = self.lang, self.facts
        own = super().hand_html() if self.reveal else f"<b>{html.escape(t('ny.hand_hidden', lang))}</b>"
        parts = [own] if own else []
        parts.append(html.escape(t("ny.deck", lang, deck=facts["deck_size"], discard=facts["discard_size"])))
        if facts["stop_armed"] and not self.game.is_over:  # where the STOP cards wait (NY-14, NY-15)
            where = "ny.stop_in_discard" if facts["stops_in_discard"] else "ny.stop_in_deck"
            stop = html.escape(t("ny.card.stop", lang))
            parts.append(f"<div class='nbg-stop'><b>{stop}</b> {html.escape(t(where, lang))}</div>")
        return "<br>".join(parts)

    def seat_facts(self, seat: int) -> str:
        """Public counts: red and blue cards in hand (NY-7), chips, pieces left in supply."""
        facts = self.facts
        counts = facts["hand_counts"][seat]
        supply = sum(facts["supply"][c] for c in facts["seat_colours"][seat])
        return t("ny.seat_facts", self.lang, red=counts["red"], blue=counts["blue"],
                 chips=t("ny.chip_count", self.lang, n=facts["chips"][seat]),
                 supply=t("ny.pieces_left", self.lang, n=supply))

    def describe(self, action: Action) -> str:
        """A sentence for one action, naming what it spends (which card, which joker, which colour)."""
        lang, facts = self.lang, self.facts
        kind, args = action.kind, action.args
        if kind == "noplay":
            return t("ny.noplay", lang)
        if kind == "pick":
            return t("ny.pick", lang, colour=colour_name(args[0], lang))
        if kind == "place":
            return self._with_colour(f"{ny.square_name(args[0])}: {t('ny.place', lang)}", args[1])
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
                fee = facts["fees"][row][col]
                text = t("ny.with_fee", lang, how=how, fee=fee, chips=chips_word(fee, lang),
                         owner=self.seat_label(owner))
            else:
                text = how
            return f"{ny.square_name(sq)}: " + self._with_colour(text, code)
        if kind in ("sanierung", "ruine"):
            return t("ny.spends", lang, what=t("ny.action." + kind, lang), cards=self._back_text(args[0]))
        if kind == "spekulation":
            text = t("ny.action.spekulation", lang, player=self.seat_label(args[1]))
            return self._with_colour(t("ny.spends", lang, what=text, cards=self._back_text(args[0])), args[2])
        if kind == "baulowe":
            back, partner, sq, code = args
            text = t("ny.action.baulowe", lang, name=ny.square_name(sq))
            line = sq // N if partner in ny.RED_CARDS else sq % N  # the line the partner names
            cards = f"{self._back_text(back)} + {self._card_text(partner, line)}"
            return self._with_colour(t("ny.spends", lang, what=text, cards=cards), code)
        if kind == "statik":
            back, partner, line, target, code = args
            names = ny.DATA["avenues"] if partner in ny.RED_CARDS else ny.DATA["streets"]
            text = t("ny.action.statik", lang, line=names[line])
            text = t("ny.spends", lang, what=text, cards=f"{self._back_text(back)} + {self._card_text(partner, line)}")
            if target >= 0:
                text += t("ny.action.target", lang, player=self.seat_label(target))
            return self._with_colour(text, code)
        return str(action)

    def _with_colour(self, text: str, code: int) -> str:
        if code is None or code < 0:
            return text
        return t("ny.colour_suffix", self.lang, how=text, colour=colour_name(code, self.lang))

    def _back_text(self, card: int) -> str:
        return t("ny.back." + ny.card_name(card).split(".")[1], self.lang)

    def _cards_text(self, red: int, blue: int, sq: int) -> str:
        row, col = divmod(sq, N)
        return t("ny.pair", self.lang, red=self._card_text(red, row), blue=self._card_text(blue, col))

    def _card_text(self, card: int, line: int) -> str:
        """A road card a move spends ("red C"); a joker with the line it is declared as."""
        lang = self.lang
        if card == ny.RED_JOKER:
            return t("ny.joker_red", lang, line=ny.DATA["avenues"][line])
        if card == ny.BLUE_JOKER:
            return t("ny.joker_blue", lang, line=ny.DATA["streets"][line])
        return t("ny.red_card" if card in ny.RED_CARDS else "ny.blue_card", lang, card=ny.card_name(card))

    def way_text(self, action: Action) -> str:
        """A way to play a square, with what it would do to the mover's score (the engine's preview)."""
        change = self.game.preview(action)["score_change"][self.game.to_move]
        if not change:  # no "+0": a move that leaves the score as it is says only what it does
            return self.describe(action)
        return t("ny.way_score", self.lang, how=self.describe(action), change=change)

    def target_facts(self, target: str) -> list[str]:
        """A square's names, occupant and eviction fee (NY-11)."""
        sq = self.square(target)
        if sq is None:
            return []
        lang, facts = self.lang, self.facts
        row, col = divmod(sq, N)
        lines = [t("ny.square", lang, name=target, avenue=ny.DATA["avenues"][row], street=ny.DATA["streets"][col])]
        colour = facts["board_colours"][row][col]
        if colour is None:
            return [*lines, t("ny.empty", lang)]
        counts, owner = facts["line_counts"][colour], self.seat_label(facts["board"][row][col])
        return [*lines, t("ny.owned", lang, colour=t(f"ny.colour.{colour}", lang), player=owner),
                t("ny.fee", lang, fee=facts["fees"][row][col], row=counts["avenues"][row], col=counts["streets"][col])]

    def idle_info(self) -> str:
        """How to read a square; on a narrow board (one-character labels) also the line names."""
        lines = [t("ny.idle_narrow" if self.narrow else "ny.idle", self.lang)] if self._legal else []
        if self.narrow:
            for key, marks, names in (("ny.avenues", ny.AVENUE_LETTERS, ny.DATA["avenues"]),
                                      ("ny.streets", ny.STREET_DIGITS, ny.DATA["streets"])):
                pairs = (f"{mark} {name}" for mark, name in zip(marks, names, strict=True))
                lines.append(t(key, self.lang, names=comma(self.lang).join(pairs)))
        return lines_html(lines)

    def refusal_text(self, target: str) -> str:
        """Why nothing can be played on a square, in the engine's words (rule id included): the
        refusal of the placement or of a pair of the viewer's cards naming it."""
        facts, sq = self.facts, self.square(target)
        if sq is None:
            return super().refusal_text(target)
        colours = [ny.COLOURS.index(name) for name in facts["seat_colours"][facts["to_move"]]]
        code = colours[0] if len(colours) > 1 else -1  # V3: two colours, named in the notation
        candidate: Action | None = None
        if facts["phase"] == "pick":  # V2: no colour yet, the engine says to pick one first
            candidate = ny.PLACE[sq, -1]
        elif facts["phase"] == "setup":
            left = [c for c in colours if facts["setup_left"][ny.COLOURS[c]] > 0]
            candidate = ny.PLACE[sq, code if code < 0 or not left else left[0]]
        elif facts["phase"] == "main" and facts["pending"] is None:
            hand = {ny.CARD_BY_NAME[name] for name in facts["hand"]}
            row, col = divmod(sq, N)
            reds = [c for c in (row, ny.RED_JOKER) if c in hand]
            blues = [c for c in (ny.BLUE0 + col, ny.BLUE_JOKER) if c in hand]
            if not reds or not blues:
                return t("ny.no_pair", self.lang, name=target)
            candidate = ny.PAIR[reds[0], blues[0], sq, code]
        error = self.game.refusal(candidate) if candidate is not None else None
        if error is None:
            return super().refusal_text(target)
        return t("status.illegal", self.lang, rule=error.rule, reason=error.reason)

    def score_what(self, part: dict) -> str:
        """A score line's label with its count in plain words ("largest group (8 pieces)")."""
        key = SCORE_LABELS.get(str(part.get("what")))
        if key is None or part.get("count") is None:
            return localize(part.get("what", ""), self.lang)
        return t(key, self.lang, count=part["count"])

    def score_notes(self, seat: int) -> list[str]:
        """Scoreboard lines (controller hook): at the end, the squares of the largest group."""
        if not self.game.is_over:
            return []
        group = self.game.explain_scores()[seat]["largest_group"]
        return [t("ny.score.group_squares", self.lang, squares=" ".join(group))] if group else []

    # -- draw lists ------------------------------------------------------------------------
    def static_ops(self) -> list[Op]:
        shaded = []
        if self.static_key():  # V1: Sanierung / Ruine squares
            shaded = [divmod(sq, N) for sq in ny.CENTRAL + ny.CORNERS]
        if self.narrow:  # no room for the names: the info panel gives them
            return localize_fonts(draw_grid(self.geom, list(ny.AVENUE_LETTERS), list(ny.STREET_DIGITS), shaded),
                                  self.lang)
        if self.lang != "en":  # the names in the page's language, each within its place
            return localize_fonts(draw_grid(self.geom, [], [], shaded), self.lang) + line_label_ops(self.geom,
                                                                                                     self.lang)
        rows = [f"{ny.AVENUE_LETTERS[r]} {name}" for r, name in enumerate(ny.DATA["avenues"])]
        cols = [f"{ny.STREET_DIGITS[c]} {name.replace(' St', '')}"
                for c, name in enumerate(ny.DATA["streets"])]
        return draw_grid(self.geom, rows, cols, shaded)

    def piece_ops(self) -> list[Op]:
        discs = [(row, col, PIECE_FILL[name], PIECE_LETTER[name], LETTER_INK[name])
                 for row, names in enumerate(self.facts["board_colours"])
                 for col, name in enumerate(names) if name is not None]
        return localize_fonts(draw_discs(self.geom, discs), self.lang)

    def highlight_marks(self) -> list[tuple[str, list[str]]]:
        """The last move's square, at the end each colour's largest group (outlined in its
        colour), then the shell's marks (legal squares, lessons, the cursor)."""
        marks: list[tuple[str, list[str]]] = []
        last = self.last_square()
        if last is not None:
            marks.append(("last", [last]))
        if self.game.is_over:
            marks += [(PIECE_FILL[entry["colour"]], list(entry["largest_group"]))
                      for entry in self.game.explain_scores() if entry["colour"] and entry["largest_group"]]
        return marks + super().highlight_marks()

    def last_square(self) -> str | None:
        """The square the latest move resolved (None after a turn that placed nothing)."""
        for event in reversed(self.game.events()):
            if event.kind in ("place", "return", "setup", "evict"):
                return ny.square_name(event.square)
            if event.kind in ("noplay", "colours"):
                return None
        return None
