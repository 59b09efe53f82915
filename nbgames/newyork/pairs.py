"""Pair moves (NY-9…NY-12, V3, V4), as a part of the `NewYork` rules class (a mixin): the
fast generator of every playable pair, and the plain check of one pair (and of NY-13's
"no playable pair"), which a test holds to the same answers on many positions.

The generator works on square bit masks and packed line counts (see ``tables.py``): it runs
for every decision of every game, bots and searches included. The checks read the rule text
square by square and also say why a pair is refused.
"""

from __future__ import annotations

from itertools import compress

from ..engine.action import Action
from ..i18n import msg
from .tables import (
    ABOVE,
    ALL_SQUARES,
    BLUE0,
    BLUE_CARD_BITS,
    BLUE_CARDS,
    BLUE_JOKER,
    COLOUR_CODES,
    COLOUR_LETTERS,
    COLOURS,
    COLS_OVER,
    COLUMN0,
    COLUMN_SELECTOR,
    FIELD_HIGH,
    HELD_REDS,
    LINE,
    PAIR,
    PAIR_OWN,
    PAIRS_ANYWHERE,
    RED_CARD_BITS,
    RED_CARDS,
    RED_JOKER,
    ROAD_PAIRS,
    ROW_SELECTOR,
    ROWS_OVER,
    STREET_LISTS,
    N,
    card_name,
    pair_squares,
    square_name,
    squares_selector,
)


class PairMoves:
    """The pair moves of `NewYork` (it reads the state `NewYork` defines)."""

    # -- the fast generator ----------------------------------------------------------------
    def _pair_actions(self, seat: int) -> list[Action]:
        """Every playable pair of `seat`, in any game (V3 two colours, V4 teams)."""
        hand = self.hands[seat]
        reds = [c for c in RED_CARDS if hand[c]]
        blues = [c for c in BLUE_CARDS if hand[c]]
        if not reds or not blues:
            return []
        board, chips = self.board, self.chips[seat]
        mine = self.seat_colours[seat]
        explicit = self._explicit(seat)
        own_codes = [c for c in mine if self.supply[c] > 0] if explicit else (
            [-1] if self.supply[mine[0]] > 0 else [])
        mate_codes = []
        if self.teammate is not None:
            mate_codes = [c for c in self.seat_colours[self.teammate[seat]] if self.supply[c] > 0]
        out = []
        for red in reds:
            rows = range(N) if red == RED_JOKER else (red,)
            for blue in blues:
                cols = range(N) if blue == BLUE_JOKER else (blue - BLUE0,)
                for r in rows:
                    base = r * N
                    for c in cols:
                        sq = base + c
                        colour = board[sq]
                        if colour < 0:  # NY-10 empty: place (NY-12 needs a piece in supply)
                            for code in own_codes:
                                out.append(PAIR[red, blue, sq, code])
                            for code in mate_codes:
                                out.append(PAIR[red, blue, sq, code])
                        elif colour in mine:  # own piece goes home; V3: not your other colour
                            out.append(PAIR[red, blue, sq, colour if explicit else -1])
                        elif self.fee(sq) <= chips:
                            for code in own_codes:
                                out.append(PAIR[red, blue, sq, code])
        return out

    def _single_colour_pairs(self, seat: int, mine: int) -> list[Action]:
        """`_pair_actions` for the usual game (one colour per seat, no teams), kept fast: the
        target squares as one bit mask, then per card tuple lookups or a C-level `compress`."""
        held = self.held[seat]
        reds, blue_cards = HELD_REDS[held & RED_CARD_BITS], held >> BLUE0 & BLUE_CARD_BITS
        if not reds or not blue_cards:
            return []
        targets = self._target_mask(mine, self.chips[seat])
        out: list[Action] = []
        if targets == ALL_SQUARES:  # the usual case: every pair in hand may be played
            for red in reds:
                out += PAIRS_ANYWHERE[red][blue_cards]
            return out
        streets, blue_joker = blue_cards & LINE, blue_cards >> N
        for red in reds:
            own = PAIR_OWN[red]
            if red == RED_JOKER:  # any avenue: the blue card's street (or any square)
                for c in STREET_LISTS[streets]:
                    out += compress(own[c], COLUMN_SELECTOR[targets >> c & COLUMN0])
                if blue_joker:
                    out += compress(own[N], squares_selector(targets))
            else:
                row = targets >> (red * N) & LINE
                out += ROAD_PAIRS[red][row & streets]
                if blue_joker:  # any street of this avenue
                    out += own[N] if row == LINE else compress(own[N], ROW_SELECTOR[row])
        return out

    def _target_mask(self, mine: int, chips: int) -> int:
        """Squares a pair card may target (NY-10 to NY-12): own pieces; and, with a piece in
        supply, empty squares and other colours' pieces whose fee (NY-11) the seat can pay."""
        occupied = self.occupied
        if self.supply[mine] <= 0:
            return occupied[mine]
        if chips >= N:  # no fee is above N
            return ALL_SQUARES
        targets = ALL_SQUARES
        above, row_lines, col_lines = ABOVE[chips], self.row_lines, self.col_lines
        for colour in self.other_colours[mine]:  # fee = min(avenue, street): too high if both are
            rows_over = (row_lines[colour] + above) & FIELD_HIGH
            if rows_over:
                cols_over = (col_lines[colour] + above) & FIELD_HIGH
                if cols_over:
                    targets ^= occupied[colour] & ROWS_OVER[rows_over] & COLS_OVER[cols_over]
        return targets

    # -- the plain checks ------------------------------------------------------------------
    def _check_pair(self, action: Action) -> tuple[str, str] | None:
        """NY-9: both cards in hand; then NY-10…NY-12 (and V3, V4) for the square."""
        red, blue, sq, code = action.args
        seat, hand = self.current, self.hands[self.current]
        missing = [card_name(c) for c in (red, blue) if not hand[c]]
        if missing:
            return "NY-9", (msg("You do not hold {card}.", card=missing[0]) if len(missing) == 1 else
                            msg("You do not hold {card} and {other}.", card=missing[0], other=missing[1]))
        colour, name = self.board[sq], square_name(sq)
        mine = self.seat_colours[seat]
        mate = self.seat_colours[self.teammate[seat]] if self.teammate else []
        if code in mate:  # V4: a teammate's piece, from the teammate's supply
            if colour >= 0:
                return "NY-V4", msg("A teammate's piece may only be placed on an empty square.")
            if self.supply[code] <= 0:
                return "NY-12", msg("Your teammate has no {colour} pieces left.", colour=COLOURS[code])
            return None
        if colour in mine:  # NY-10: your own piece goes back to your supply
            if code == (colour if self._explicit(seat) else -1):
                return None
            if self._explicit(seat):
                return "NY-V3", msg("{name} holds your {colour} piece: play '{name}/{letter}' to take it back; "
                                    "you may not play onto it with your other colour.", name=name,
                                    colour=COLOURS[colour], letter=COLOUR_LETTERS[colour])
            return "NY-10", msg("{name} holds your own piece: play '{name}' (no colour suffix) to take it back.",
                                name=name)
        refusal = self._check_placing(seat, code)
        if refusal:
            return refusal
        if colour >= 0 and self.fee(sq) > self.chips[seat]:
            if self.fee(sq) == 1:
                return "NY-12", msg("Taking {name} costs 1 chip (NY-11) and you have {chips}; a pair whose "
                                    "fee you cannot pay may not be played.", name=name, chips=self.chips[seat])
            return "NY-12", msg("Taking {name} costs {fee} chips (NY-11) and you have {chips}; a pair whose "
                                "fee you cannot pay may not be played.", name=name, fee=self.fee(sq),
                                chips=self.chips[seat])
        return None

    def _check_placing(self, seat: int, code: int) -> tuple[str, str] | None:
        """Whether `seat` may put down a piece of the colour `code` names: one of its own
        colours (named with V3, else not named) with a piece left in supply (NY-12)."""
        if self._explicit(seat):
            if code not in self.seat_colours[seat]:
                names = [COLOURS[c] for c in self.seat_colours[seat]]
                own = msg("{colour} or {other}", colour=names[0], other=names[1]) if len(names) == 2 else names[0]
                return "NY-V3", msg("Name the colour you place, one of yours ({own}), e.g. 'C3/r'.", own=own)
        elif code >= 0:
            return "NY-10", msg("You place your own pieces: leave out the colour suffix, e.g. 'C3'.")
        placed = self._colour_of(seat, code)
        if self.supply[placed] <= 0:
            return "NY-12", msg("You have no {colour} pieces left in your supply.", colour=COLOURS[placed])
        return None

    def _check_noplay(self, action: Action) -> tuple[str, str] | None:
        """NY-13: only with no playable pair (with V1 also when an action card could be played)."""
        hand = self.hands[self.current]
        for red in RED_CARDS:
            for blue in BLUE_CARDS:
                if hand[red] and hand[blue]:
                    for sq in pair_squares(red, blue):
                        for code in COLOUR_CODES:
                            pair = PAIR[red, blue, sq, code]
                            if self._check_pair(pair) is None:
                                return "NY-13", msg("You have a playable pair ({pair}), so you must play one.",
                                                    pair=str(pair))
        return None
