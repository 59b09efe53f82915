"""New York (Sackson & Kübler): the complete rules, NY-1…NY-18 and variants V1–V4.

Squares are numbered 0…48 (avenue * 7 + street). A square's name is the avenue letter A–G (top
to bottom) and the street digit 1–7 (left to right): "E5" is Madison Ave × 49th St by default.

Notation (``str(action)``; every action is built once in ``tables.py``):

- ``E5``               place a piece on E5 (setup round, and filling squares after Sanierung/Ruine)
- ``C3``               play red card C and blue card 3 (the pair names square C3)
- ``*3@C3``            red joker declared as avenue C, blue card 3; ``C*@C3``, ``**@C3`` likewise
- ``noplay``           no playable pair: reveal and discard the hand, draw again (NY-13)
- ``pick yellow``      choose a colour before the setup round (V2)
- ``sanierung.r``      play the red-backed Sanierung (``ruine.b``, …); ``spekulation.r>2`` names seat 2
- ``baulowe.r+3@C3``   red-backed Baulöwe with blue card 3, taking the piece on C3 (``+*@C3``: joker)
- ``statik.b+C``       blue-backed Statik with red card C (``+*@C``: joker; ``>2``: chosen among tied)
- ``remove C3``        the chosen player removes their piece on C3 (Spekulation, Statik)
- a suffix ``/y`` names the colour of the piece placed, where a player has a choice (V3 two
  colours each; V4 placing a teammate's piece).

``view(seat)`` keys (JSON-safe; ``seat=None`` gives only public facts):

- ``phase`` "pick" (V2) / "setup" / "main" / "over"; ``to_move``; ``players``; ``seat``
- ``board`` 7 rows of 7, each the owning seat or null; ``board_colours`` the same as colour names
- ``colours`` in play; ``seat_colours`` per seat (setup colours until NY-6 deals the real ones)
- ``chips`` per seat; ``supply`` and ``setup_left`` per colour
- ``hand`` the viewer's own cards ("C", "3", "R*", "B*", "statik.b"); empty for other viewers
- ``hand_counts`` per seat {"red": n, "blue": n} by card back (public, NY-7)
- ``deck_size``, ``discard_size``, ``discard_top`` (the face-up cards last played)
- ``stop_armed`` (NY-15), ``stop_drawn_by`` (NY-16), ``empty_squares``
- ``pending`` a V1 sub-decision {kind "fill"/"remove", seat, squares} or null; ``teams`` (V4) or null
- ``avenues``, ``streets`` display names (house defaults, data.json)
- ``fees`` 7 rows of 7: the NY-11 fee for evicting the piece on each square (null where empty)
- ``line_counts`` per colour {"avenues": 7 counts, "streets": 7 counts}: its pieces per line
- ``groups`` per colour: its orthogonally connected groups as lists of square names, largest
  first (the first one is the group NY-17 doubles)

``preview(action)`` keys (the action played on a copy with imagined draws; see `Rules.preview`):

- ``events`` (JSON) and ``scores`` after the action, as for every game
- ``square`` the square the action resolves ("C3"), or null (noplay, pick, Sanierung …)
- ``fee`` chips the mover pays (NY-11), 0 if none
- ``evicted`` the seat whose piece leaves that square for the mover's (eviction, Baulöwe) or null
- ``returned`` true when the mover's own piece goes back to their supply (NY-10)
- ``placed`` the colour name of the piece the mover puts down, or null
- ``score_change`` per seat: score after the action minus score now
- ``stop_armed`` true when the action puts the STOP cards into the discard pile (NY-15)
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from itertools import compress
from typing import Any, NamedTuple

from ..engine.action import Action
from ..engine.chance import shuffle
from ..engine.events import Event
from ..engine.rules import Rules
from . import events as ev
from .position import check_position
from .tables import (
    ABOVE,
    ACTION0,
    ACTION_KINDS,
    ACTIONS,
    ALL_SQUARES,
    BACKS,
    BAULOWE,
    BIT,
    BLUE0,
    BLUE_CARD_BITS,
    BLUE_CARDS,
    BLUE_JOKER,
    CARD_BY_NAME,
    CARD_TYPES,
    CENTRAL,
    COL_SHIFT,
    COL_UNIT,
    COLOUR_CODES,
    COLOUR_LETTERS,
    COLOURS,
    COLS_OVER,
    COLUMN0,
    COLUMN_SELECTOR,
    CORNERS,
    DATA,
    FIELD_HIGH,
    HELD_REDS,
    LINE,
    NEIGHBOURS,
    NOPLAY,
    NOT_FIRST_STREET,
    NOT_LAST_STREET,
    PAIR,
    PAIR_OWN,
    PAIRS_ANYWHERE,
    PICK,
    PLACE,
    PLACE_BY_NOTATION,
    PLACE_LIST,
    RED_CARD_BITS,
    RED_CARDS,
    RED_JOKER,
    REMOVE,
    ROAD_PAIRS,
    ROW_SELECTOR,
    ROW_SHIFT,
    ROW_UNIT,
    ROWS_OVER,
    SPEKULATION,
    SQUARES,
    STANDALONE_ACTIONS,
    STATIK,
    STOP,
    STOP_TRIGGER,
    STREET_LISTS,
    N,
    action_card,
    back_of,
    card_name,
    full_deck,
    line_index,
    pair_squares,
    partner_cards,
    partner_squares,
    road_cards,
    square_name,
    squares_selector,
)

PICK_PHASE, SETUP, MAIN, OVER = "pick", "setup", "main", "over"
SEATS = 5  # at most
# The events of a usual turn, built once (events are immutable): [seat][square][colour].
PLACED = ev.interned(ev.Place, SEATS, SQUARES, len(COLOURS))
RETURNED = ev.interned(ev.Return, SEATS, SQUARES, len(COLOURS))
SET_UP = ev.interned(ev.Setup, SEATS, SQUARES, len(COLOURS))
DREW = [[ev.Draw(seat, count) for count in range(40)] for seat in range(SEATS)]
RESHUFFLED, STOP_ARMED = ev.Reshuffle(), ev.StopArmed()


class Pending(NamedTuple):
    """A V1 sub-decision: `seat` fills one of `squares` (Sanierung, Ruine), or removes one of
    its pieces on `squares` for `card_player`, who puts a `colour` piece there (Spekulation, Statik)."""

    seat: int
    squares: tuple[int, ...]
    card_player: int = -1
    colour: int = -1


class NewYork(Rules):
    """State and rules of one game of New York."""

    name = "newyork"
    title = "New York"
    rules_version = "2"  # 2: decks shuffled by `engine.chance.shuffle`
    min_players = 2
    max_players = 5

    @classmethod
    def normalize_options(cls, players: int, options: dict[str, Any]) -> dict[str, Any]:
        known = {"action_cards": False, "colour_choice": False, "two_player": players == 2,
                 "teams": False}
        unknown = set(options) - set(known) - {"position"}
        if unknown:
            raise ValueError(f"unknown New York options: {sorted(map(str, unknown))}")
        for key, value in options.items():
            if key != "position" and not isinstance(value, bool):
                raise ValueError(f"option {key!r} must be true or false")
        out = {**known, **options}
        if out["two_player"] != (players == 2):
            raise ValueError("the two_player variant (V3) is for exactly 2 players, and 2 players need it")
        if out["teams"] and players != 4:
            raise ValueError("the teams variant (V4) is for exactly 4 players")
        if "position" in out:
            out["position"] = check_position(out["position"], players, out)
        return out

    def __init__(self, players: int, options: dict[str, Any], rng: random.Random):
        super().__init__(players, options, rng)
        two = options["two_player"]
        counts = DATA["two_player"] if two else DATA["per_player_count"][str(players)]
        self.ncolours = 4 if two else players
        self.colours_per_seat = 2 if two else 1
        self.board = [-1] * SQUARES
        self.other_colours = [tuple(c for c in range(self.ncolours) if c != colour) for colour in range(self.ncolours)]
        self.occupied = [0] * self.ncolours  # per colour: its squares as a bit mask,
        self.row_lines = [0] * self.ncolours  # its pieces per avenue and per street as
        self.col_lines = [0] * self.ncolours  # 4-bit fields (see FIELD_HIGH)
        self.empty = SQUARES
        self.supply = [counts["pieces"]] * self.ncolours
        self.setup_left = [counts["setup_pieces"]] * self.ncolours
        self.chips = [counts["chips"]] * players
        self.hands = [[0] * CARD_TYPES for _ in range(players)]  # per seat, a count per card type
        self.held = [0] * players  # per seat, bit `card` set when the hand holds that card
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.stop_armed = False
        self.stop_drawn_by: int | None = None
        self.pending: Pending | None = None
        self.seat_colours: list[list[int]] = [[] for _ in range(players)]
        self.colour_owner = [-1] * self.ncolours
        self.teammate = [(s + 2) % 4 for s in range(4)] if options["teams"] else None
        self.action_cards = options["action_cards"]
        self.current = 0
        if "position" in options:
            self._load_position(options["position"])
        elif options["colour_choice"]:
            self.stage = PICKING
            self.pick_order = [s % players for s in range(self.ncolours)]
            self.current = self.pick_order[0]
        else:
            for colour in range(self.ncolours):
                self._own(colour, colour % players)
            self._start_setup(0)

    def _load_position(self, pos: dict[str, Any]) -> None:
        """Start from a set position (lessons, puzzles); `check_position` has checked it."""
        for seat, names in enumerate(pos["seat_colours"]):
            for name in names:
                self._own(COLOURS.index(name), seat)
        for sq, letter in enumerate("".join(pos["board"])):
            if letter != ".":
                self._set(sq, COLOUR_LETTERS.index(letter))
        if "chips" in pos:
            self.chips = list(pos["chips"])
        if pos["phase"] == SETUP:
            for name, left in pos.get("setup_left", {}).items():
                self.setup_left[COLOURS.index(name)] = left
            self._start_setup(pos.get("to_move", 0))  # runs the NY-5 skip, maybe on to NY-6
            return
        self.stage, self.current = TURN, pos.get("to_move", 0)
        for seat, names in enumerate(pos.get("hands", [])):
            for name in names:
                self._take(seat, CARD_BY_NAME[name])
        self.discard = [CARD_BY_NAME[name] for name in pos.get("discard", [])]
        if "deck" in pos:
            self.deck = [CARD_BY_NAME[name] for name in reversed(pos["deck"])]  # top = last
        else:
            deck = full_deck(self.action_cards)
            for card in [c for h in self.hands for c in range(CARD_TYPES) for _ in range(h[c])] + self.discard:
                if card in deck:
                    deck.remove(card)
            shuffle(self.rng, deck)
            self.deck = deck
        self.stop_armed = STOP in self.deck or STOP in self.discard

    # -- small helpers ---------------------------------------------------------------------
    @property
    def phase(self) -> str:
        """"pick", "setup", "main" or "over"."""
        return self.stage.phase

    def _own(self, colour: int, seat: int) -> None:
        self.colour_owner[colour] = seat
        self.seat_colours[seat].append(colour)

    def _set(self, sq: int, colour: int) -> None:
        self.board[sq] = colour
        self.occupied[colour] |= BIT[sq]
        self.row_lines[colour] += ROW_UNIT[sq]
        self.col_lines[colour] += COL_UNIT[sq]
        self.supply[colour] -= 1
        self.empty -= 1

    def _clear(self, sq: int) -> int:
        colour = self.board[sq]
        self.board[sq] = -1
        self.occupied[colour] ^= BIT[sq]
        self.row_lines[colour] -= ROW_UNIT[sq]
        self.col_lines[colour] -= COL_UNIT[sq]
        self.supply[colour] += 1
        self.empty += 1
        return colour

    def fee(self, sq: int) -> int:
        """NY-11: the owner's pieces in the avenue and in the street, the smaller count (0 if empty)."""
        colour = self.board[sq]
        if colour < 0:
            return 0
        return min(self.row_lines[colour] >> ROW_SHIFT[sq] & 15, self.col_lines[colour] >> COL_SHIFT[sq] & 15)

    def avenue_count(self, colour: int, row: int) -> int:
        """How many pieces of this colour stand in this avenue (row)."""
        return self.row_lines[colour] >> 4 * row & 15

    def street_count(self, colour: int, col: int) -> int:
        """How many pieces of this colour stand in this street (column)."""
        return self.col_lines[colour] >> 4 * col & 15

    def owner(self, sq: int) -> int | None:
        colour = self.board[sq]
        return None if colour < 0 else self.colour_owner[colour]

    def pieces_on_board(self, seat: int) -> int:
        return sum(self.occupied[c].bit_count() for c in self.seat_colours[seat])

    def _explicit(self, seat: int) -> bool:
        """Whether this seat's actions name their colour (V3)."""
        return self.colours_per_seat > 1

    def _colour_of(self, seat: int, code: int) -> int:
        return self.seat_colours[seat][0] if code < 0 else code

    def _placing_codes(self, seat: int) -> list[int]:
        """Colour codes this seat may place from (own supply), for non-pair placements."""
        if self._explicit(seat):
            return [c for c in self.seat_colours[seat] if self.supply[c] > 0]
        return [-1] if self.supply[self.seat_colours[seat][0]] > 0 else []

    def _next_seat(self, seat: int) -> int:
        return (seat + 1) % self.players

    def _player(self, seat: int) -> str:
        return f"player {seat + 1}"

    # -- V2 colour choice and the setup round (NY-4, NY-5) ---------------------------------
    def _start_setup(self, seat: int) -> None:
        self.stage = SETTING_UP
        self.current = seat
        if not self._can_place_setup(seat):
            self._advance_setup()

    def _setup_mask(self, colour: int) -> int:
        """NY-5: empty squares with no orthogonal neighbour of this colour, as a bit mask."""
        own = self.occupied[colour]
        near = own << N | own >> N | (own & NOT_LAST_STREET) << 1 | (own & NOT_FIRST_STREET) >> 1
        free = ALL_SQUARES
        for squares in self.occupied:
            free ^= squares
        return free & ~near

    def _setup_actions(self) -> list[Action]:
        seat = self.current
        out: list[Action] = []
        explicit = self._explicit(seat)
        for colour in self.seat_colours[seat]:
            if self.setup_left[colour] > 0:
                actions = PLACE_LIST[colour if explicit else -1]
                out += compress(actions, squares_selector(self._setup_mask(colour)))
        return out

    def _can_place_setup(self, seat: int) -> bool:
        return any(self.setup_left[colour] > 0 and self._setup_mask(colour)
                   for colour in self.seat_colours[seat])

    def _advance_setup(self) -> None:
        """NY-4 clockwise; NY-5: a colour with no legal square skips its remaining pieces."""
        seat = self.current
        for _ in range(self.players):
            seat = self._next_seat(seat)
            if self._can_place_setup(seat):
                self.current = seat
                return
        self._deal_colours()

    def _deal_colours(self) -> None:
        """NY-6: colour cards decide each seat's real colour (unless chosen up front, V2)."""
        if not self.options["colour_choice"]:
            cards = list(range(self.ncolours))
            shuffle(self.rng, cards)
            self.seat_colours = [[] for _ in range(self.players)]
            for i, colour in enumerate(cards):
                self._own(colour, i % self.players)
            for seat in range(self.players):
                self.seat_colours[seat].sort()
        self.events.append(ev.Colours(tuple(tuple(cs) for cs in self.seat_colours)))
        self._start_main()

    def _pick_actions(self) -> list[Action]:
        return [PICK[c] for c in range(self.ncolours) if self.colour_owner[c] < 0]

    def _check_pick(self, action: Action) -> tuple[str, str] | None:
        colour = action.args[0]
        if colour >= self.ncolours:
            return "NY-V2", f"{COLOURS[colour]} is not in this game ({', '.join(COLOURS[:self.ncolours])})."
        if self.colour_owner[colour] >= 0:
            return "NY-V2", f"{COLOURS[colour]} is not available: {self._player(self.colour_owner[colour])} took it."
        return None

    def _pick(self, action: Action) -> None:
        colour = action.args[0]
        self._own(colour, self.current)
        self.events.append(ev.Pick(self.current, colour))
        picked = sum(1 for c in self.colour_owner if c >= 0)
        if picked < self.ncolours:
            self.current = self.pick_order[picked]
        else:
            for seat in range(self.players):
                self.seat_colours[seat].sort()
            self._start_setup(0)

    def _check_setup(self, action: Action) -> tuple[str, str] | None:
        sq, code = action.args
        seat = self.current
        colours = self.seat_colours[seat]
        if self._explicit(seat) != (code >= 0) or (code >= 0 and code not in colours):
            return "NY-4", "Place a piece of your own setup colour" + (
                " (name it, e.g. 'C3/r')." if self._explicit(seat) else " (no colour suffix).")
        colour = self._colour_of(seat, code)
        if self.setup_left[colour] <= 0:
            return "NY-4", f"All your {COLOURS[colour]} setup pieces are placed."
        if self.board[sq] >= 0:
            return "NY-5", f"{square_name(sq)} is already taken; setup pieces go on empty squares."
        if any(self.board[nb] == colour for nb in NEIGHBOURS[sq]):
            return "NY-5", (f"{square_name(sq)} touches another {COLOURS[colour]} piece; in the setup "
                            "round pieces of one colour may not be orthogonal neighbours.")
        return None

    def _place_setup(self, action: Action) -> None:
        sq, code = action.args
        seat = self.current
        colour = code if code >= 0 else self.seat_colours[seat][0]
        self._set(sq, colour)
        self.setup_left[colour] -= 1
        self.events.append(SET_UP[seat][sq][colour])
        self._advance_setup()

    # -- the main round (NY-7…NY-16) -------------------------------------------------------
    def _start_main(self) -> None:
        self.stage = TURN
        deck = full_deck(self.action_cards)
        shuffle(self.rng, deck)
        self.deck = deck
        red_seat = self.colour_owner[0]
        # NY-7: one card at a time, clockwise from the red player, until all have 2 + 2.
        seat = red_seat
        while any(self._needs_cards(s) for s in range(self.players)):
            if self._needs_cards(seat) and not self._draw_one(seat):
                break  # no cards left anywhere (NY-14)
            seat = self._next_seat(seat)
        self.current = red_seat  # NY-8

    def _needs_cards(self, seat: int) -> bool:
        reds, blues = road_cards(self.hands[seat])
        return reds < 2 or blues < 2

    def _draw_one(self, seat: int) -> bool:
        """Draw one card (NY-14 reshuffle; NY-16 STOP ends the game). False if none was drawn."""
        if not self.deck:
            if not self.discard:
                return False
            self.deck, self.discard = self.discard, []
            shuffle(self.rng, self.deck)
            self.events.append(RESHUFFLED)
        card = self.deck.pop()
        if card == STOP:
            self.stop_drawn_by = seat
            self.stage = FINISHED
            self.events.append(ev.Stop(seat))
            return False
        self._take(seat, card)
        return True

    def _take(self, seat: int, card: int) -> None:
        self.hands[seat][card] += 1
        self.held[seat] |= 1 << card

    def _spend(self, seat: int, card: int) -> None:
        hand = self.hands[seat]
        hand[card] -= 1
        if not hand[card]:
            self.held[seat] ^= 1 << card
        self.discard.append(card)

    def _refill(self, seat: int) -> None:
        """NY-9 step 4: draw until 2 red and 2 blue. This runs every turn, so the usual draw is
        inlined on local counts; a reshuffle or the STOP card goes through `_draw_one`."""
        hand = self.hands[seat]
        reds, blues = road_cards(hand)
        if reds >= 2 and blues >= 2:
            return
        held, deck = self.held[seat], self.deck
        drawn = 0
        while reds < 2 or blues < 2:
            if deck and deck[-1] != STOP:
                card = deck.pop()
                hand[card] += 1
                held |= 1 << card
                if card <= RED_JOKER:
                    reds += 1
                elif card <= BLUE_JOKER:
                    blues += 1
            else:
                self.held[seat] = held
                if not self._draw_one(seat):
                    break
                (reds, blues), held, deck = road_cards(hand), self.held[seat], self.deck
            drawn += 1
        self.held[seat] = held
        if drawn:
            self.events.append(DREW[seat][drawn] if drawn < len(DREW[seat]) else ev.Draw(seat, drawn))

    def _end_turn(self) -> None:
        """Steps after a resolution: NY-15 check, NY-9 step 4 refill, next seat (NY-8)."""
        self.pending = None
        self.stage = TURN
        if not self.stop_armed and self.empty <= STOP_TRIGGER:
            self.stop_armed = True
            self.discard += [STOP] * DATA["stop_cards"]
            self.events.append(STOP_ARMED)
        self._refill(self.current)
        if self.stage is TURN:
            self.current = (self.current + 1) % self.players

    # -- a turn: the fast move generator ---------------------------------------------------
    def _turn_actions(self) -> list[Action]:
        seat = self.current
        actions = self._pair_actions(seat)
        if not self.action_cards:
            return actions or [NOPLAY]
        if actions:
            return actions + self._action_card_actions(seat)
        return self._action_card_actions(seat) + [NOPLAY]  # NY-13 with V1: no pair, may pass

    def _pair_actions(self, seat: int) -> list[Action]:
        if self.colours_per_seat == 1 and self.teammate is None:
            return self._single_colour_pairs(seat, self.seat_colours[seat][0])
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

    def _action_card_actions(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        out: list[Action] = []
        codes = self._placing_codes(seat)
        mine = set(self.seat_colours[seat])
        for back in (0, 1):
            for kind in ("sanierung", "ruine"):
                if hand[action_card(kind, back)]:
                    out.append(STANDALONE_ACTIONS[kind, back])
            if hand[action_card("spekulation", back)] and codes:
                for other in range(self.players):
                    if other != seat and self.pieces_on_board(other) >= DATA["spekulation_min_pieces"]:
                        out.extend(SPEKULATION[back, other, code] for code in codes)
            partners = [p for p in partner_cards(back) if hand[p]]
            if hand[action_card("baulowe", back)] and codes:
                for partner in partners:
                    for sq in partner_squares(partner):
                        colour = self.board[sq]
                        if colour >= 0 and colour not in mine:
                            out.extend(BAULOWE[back, partner, sq, code] for code in codes)
            if hand[action_card("statik", back)]:
                for partner in partners:
                    joker = partner in (RED_JOKER, BLUE_JOKER)
                    for line in (range(N) if joker else (line_index(partner),)):
                        victims = self._statik_victims(seat, partner in RED_CARDS, line)
                        if not victims:  # playable, with no effect [R]
                            out.append(STATIK[back, partner, line, -1, self._no_effect_code(seat)])
                        elif codes:
                            targets = [-1] if len(victims) == 1 else victims
                            out.extend(STATIK[back, partner, line, t, code]
                                       for t in targets for code in codes)
        return out

    def _no_effect_code(self, seat: int) -> int:
        """The colour code a Statik without effect is written with (V3: the first colour)."""
        return self.seat_colours[seat][0] if self._explicit(seat) else -1

    def _statik_victims(self, seat: int, is_row: bool, line: int) -> list[int]:
        """Other seats with the most pieces in the line (V1 Statik)."""
        counts = [0] * self.players
        for sq in _line_squares(is_row, line):
            colour = self.board[sq]
            if colour >= 0:
                counts[self.colour_owner[colour]] += 1
        counts[seat] = 0
        best = max(counts)
        return [s for s in range(self.players) if best and counts[s] == best]

    def _fill_actions(self) -> list[Action]:
        actor, squares = self.pending.seat, self.pending.squares
        explicit = self._explicit(actor)
        return [PLACE[sq, c if explicit else -1] for c in self.seat_colours[actor]
                if self.supply[c] > 0 for sq in squares]

    def _remove_actions(self) -> list[Action]:
        mine = set(self.seat_colours[self.pending.seat])
        return [REMOVE[sq] for sq in self.pending.squares if self.board[sq] in mine]

    # -- a turn: each kind's legality, read plainly from the rules --------------------------
    def _check_pair(self, action: Action) -> tuple[str, str] | None:
        """NY-9: both cards in hand; then NY-10…NY-12 (and V3, V4) for the square."""
        red, blue, sq, code = action.args
        seat, hand = self.current, self.hands[self.current]
        missing = [card_name(c) for c in (red, blue) if not hand[c]]
        if missing:
            return "NY-9", f"You do not hold {' and '.join(missing)}."
        colour, name = self.board[sq], square_name(sq)
        mine = self.seat_colours[seat]
        mate = self.seat_colours[self.teammate[seat]] if self.teammate else []
        if code in mate:  # V4: a teammate's piece, from the teammate's supply
            if colour >= 0:
                return "NY-V4", "A teammate's piece may only be placed on an empty square."
            if self.supply[code] <= 0:
                return "NY-12", f"Your teammate has no {COLOURS[code]} pieces left."
            return None
        if colour in mine:  # NY-10: your own piece goes back to your supply
            if code == (colour if self._explicit(seat) else -1):
                return None
            if self._explicit(seat):
                return "NY-V3", (f"{name} holds your {COLOURS[colour]} piece: play '{name}/"
                                 f"{COLOUR_LETTERS[colour]}' to take it back; you may not play onto "
                                 "it with your other colour.")
            return "NY-10", f"{name} holds your own piece: play '{name}' (no colour suffix) to take it back."
        refusal = self._check_placing(seat, code)
        if refusal:
            return refusal
        if colour >= 0 and self.fee(sq) > self.chips[seat]:
            return "NY-12", (f"Taking {name} costs {self.fee(sq)} chips (NY-11) and you have "
                             f"{self.chips[seat]}; a pair whose fee you cannot pay may not be played.")
        return None

    def _check_placing(self, seat: int, code: int) -> tuple[str, str] | None:
        """Whether `seat` may put down a piece of the colour `code` names: one of its own
        colours (named with V3, else not named) with a piece left in supply (NY-12)."""
        if self._explicit(seat):
            if code not in self.seat_colours[seat]:
                own = " or ".join(COLOURS[c] for c in self.seat_colours[seat])
                return "NY-V3", f"Name the colour you place, one of yours ({own}), e.g. 'C3/r'."
        elif code >= 0:
            return "NY-10", "You place your own pieces: leave out the colour suffix, e.g. 'C3'."
        placed = self._colour_of(seat, code)
        if self.supply[placed] <= 0:
            return "NY-12", f"You have no {COLOURS[placed]} pieces left in your supply."
        return None

    def _check_noplay(self, action: Action) -> tuple[str, str] | None:
        """NY-13: only with no playable pair (with V1 also when an action card could be played)."""
        hand = self.hands[self.current]
        for red in RED_CARDS:
            for blue in BLUE_CARDS:
                if hand[red] and hand[blue]:
                    for sq in pair_squares(red, blue):
                        for code in COLOUR_CODES:
                            if self._check_pair(PAIR[red, blue, sq, code]) is None:
                                pair = PAIR[red, blue, sq, code]
                                return "NY-13", f"You have a playable pair ({pair}), so you must play one."
        return None

    def _check_card(self, action: Action) -> tuple[str, str] | None:
        """V1: the variant is on and the card (and a partner road card) is in hand."""
        if not self.action_cards:
            return "NY-V1", "Action cards are not in this game."
        hand = self.hands[self.current]
        cards = action.args[:2] if action.kind in ("baulowe", "statik") else action.args[:1]
        missing = [card_name(c) for c in cards if not hand[c]]
        if missing:
            return "NY-V1", f"You do not hold {' and '.join(missing)}."
        return None

    def _check_spekulation(self, action: Action) -> tuple[str, str] | None:
        _, victim, code = action.args
        seat, least = self.current, DATA["spekulation_min_pieces"]
        refusal = self._check_card(action) or self._check_placing(seat, code)
        if refusal:
            return refusal
        if victim == seat or victim >= self.players:
            return "NY-V1", "Spekulation names another player."
        if self.pieces_on_board(victim) < least:
            return "NY-V1", f"Player {victim + 1} has fewer than {least} pieces on the board."
        return None

    def _check_baulowe(self, action: Action) -> tuple[str, str] | None:
        _, _, sq, code = action.args
        refusal = self._check_card(action) or self._check_placing(self.current, code)
        if refusal:
            return refusal
        colour = self.board[sq]
        if colour < 0 or colour in self.seat_colours[self.current]:
            return "NY-V1", (f"Baulöwe takes another player's piece in the named line; {square_name(sq)} "
                             "holds none.")
        return None

    def _check_statik(self, action: Action) -> tuple[str, str] | None:
        _, partner, line, target, code = action.args
        seat = self.current
        refusal = self._check_card(action)
        if refusal:
            return refusal
        victims = self._statik_victims(seat, partner in RED_CARDS, line)
        if not victims:  # no other player's piece in the line: no effect [R]
            if target < 0 and code == self._no_effect_code(seat):
                return None
            back = (action.args[0] - ACTION0) % 2
            plain = STATIK[back, partner, line, -1, self._no_effect_code(seat)]
            return "NY-V1", f"Nobody else has a piece in that line, so Statik has no effect: play '{plain}'."
        refusal = self._check_placing(seat, code)
        if refusal:
            return refusal
        if len(victims) == 1 and target >= 0:
            return "NY-V1", (f"Only player {victims[0] + 1} has the most pieces there: name a player "
                             "only when several tie for the most.")
        if len(victims) > 1 and target not in victims:
            tied = ", ".join(str(v + 1) for v in victims)
            return "NY-V1", f"Players {tied} tie for the most pieces there: name one of them (e.g. '>{victims[0]}')."
        return None

    def _check_fill(self, action: Action) -> tuple[str, str] | None:
        sq, code = action.args
        if sq not in self.pending.squares:
            names = ", ".join(square_name(s) for s in self.pending.squares)
            return "NY-V1", f"{square_name(sq)} is not one of the emptied squares ({names})."
        return self._check_placing(self.pending.seat, code)

    def _check_remove(self, action: Action) -> tuple[str, str] | None:
        sq = action.args[0]
        if sq not in self.pending.squares or self.board[sq] not in self.seat_colours[self.pending.seat]:
            return "NY-V1", f"{square_name(sq)} is not one of your pieces that can be removed."
        return None

    # -- applying --------------------------------------------------------------------------
    def _play_pair(self, action: Action) -> None:
        red, blue, sq, code = action.args
        seat = self.current
        self._spend(seat, red)  # NY-9 step 3: both cards to the discard pile
        self._spend(seat, blue)
        colour = self.board[sq]
        if colour >= 0 and colour in self.seat_colours[seat]:
            self._clear(sq)  # NY-10: own piece returns to supply
            self.events.append(RETURNED[seat][sq][colour])
        else:
            placed = self._colour_of(seat, code)
            if colour >= 0:  # NY-10/11: evict and pay the owner
                fee = self.fee(sq)
                self.chips[seat] -= fee
                self.chips[self.colour_owner[colour]] += fee
                self._clear(sq)
                self.events.append(ev.Evict(seat, sq, colour, fee))
            self._set(sq, placed)
            self.events.append(PLACED[seat][sq][placed])
        self._end_turn()

    def _noplay(self, action: Action) -> None:
        """NY-13: reveal the hand, discard it all, draw to 2 + 2; the turn ends."""
        seat = self.current
        hand = self.hands[seat]
        revealed = tuple(card_name(c) for c in range(CARD_TYPES) for _ in range(hand[c]))
        for card in range(CARD_TYPES):
            while hand[card]:
                self._spend(seat, card)
        self.events.append(ev.NoPlay(seat, revealed))
        self._end_turn()

    def _play_card(self, action: Action) -> None:
        """V1: the action card (and its partner road card) go to the discard pile."""
        seat, card = self.current, action.args[0]
        self._spend(seat, card)
        self.events.append(ev.ActionCard(seat, action.kind, BACKS[back_of(card)]))
        if action.kind in ("baulowe", "statik"):
            self._spend(seat, action.args[1])

    def _clear_and_fill(self, action: Action) -> None:
        """Sanierung / Ruine: the squares empty, then players fill them clockwise."""
        self._play_card(action)
        squares = CENTRAL if action.kind == "sanierung" else CORNERS
        for sq in squares:
            if self.board[sq] >= 0:
                self._clear(sq)
        self._next_filler(self.current, tuple(squares), first=True)

    def _spekulation(self, action: Action) -> None:
        _, victim, code = action.args
        self._play_card(action)
        seat = self.current
        self.pending = Pending(victim, tuple(range(SQUARES)), seat, self._colour_of(seat, code))
        self.stage = REMOVING

    def _baulowe(self, action: Action) -> None:
        _, _, sq, code = action.args
        self._play_card(action)
        seat = self.current
        self.events.append(ev.Evict(seat, sq, self._clear(sq), 0))  # no fee
        placed = self._colour_of(seat, code)
        self._set(sq, placed)
        self.events.append(PLACED[seat][sq][placed])
        self._end_turn()

    def _statik(self, action: Action) -> None:
        _, partner, line, target, code = action.args
        self._play_card(action)
        seat, is_row = self.current, partner in RED_CARDS
        victims = self._statik_victims(seat, is_row, line)
        if not victims:
            self._end_turn()
            return
        victim = victims[0] if target < 0 else target
        self.pending = Pending(victim, tuple(_line_squares(is_row, line)), seat, self._colour_of(seat, code))
        self.stage = REMOVING

    def _next_filler(self, seat: int, squares: tuple[int, ...], first: bool = False) -> None:
        """Sanierung/Ruine: clockwise from the card's player, each fills one square."""
        if squares:
            start = seat if first else self._next_seat(seat)
            for i in range(self.players):
                candidate = (start + i) % self.players
                if any(self.supply[c] > 0 for c in self.seat_colours[candidate]):
                    self.pending = Pending(candidate, squares)
                    self.stage = FILLING
                    return
        self._end_turn()

    def _fill(self, action: Action) -> None:
        sq, code = action.args
        actor = self.pending.seat
        colour = self._colour_of(actor, code)
        self._set(sq, colour)
        self.events.append(PLACED[actor][sq][colour])
        self._next_filler(actor, tuple(s for s in self.pending.squares if s != sq))

    def _remove(self, action: Action) -> None:
        sq = action.args[0]
        victim, _, card_player, colour = self.pending
        self.events.append(ev.Removed(victim, sq, self._clear(sq)))
        self._set(sq, colour)
        self.events.append(PLACED[card_player][sq][colour])
        self._end_turn()

    # -- the stage table at work -----------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return self.stage.mover(self)

    @property
    def is_over(self) -> bool:
        return self.stage is FINISHED

    def legal_actions(self) -> list[Action]:
        return self.stage.legal(self)

    def apply(self, action: Action) -> None:
        self.stage.handlers[action.kind](self, action)

    def check(self, action: Action) -> tuple[str, str] | None:
        """None if `action` is legal now, else (rule id, reason): the one check of each kind,
        which `legal_actions` agrees with (a test compares them on many positions)."""
        stage = self.stage
        check = stage.checks.get(action.kind)
        if check is None:
            rule, reason = stage.wrong
            return rule, reason.format(player=self.to_move + 1 if self.to_move is not None else 0)
        return check(self, action)

    def parse(self, text: str) -> Action | None:
        # "D4" places a piece in the setup round (and when filling squares), else names a pair.
        return self.stage.notations.get(text) or ACTIONS.get(text)

    def why_not(self, action: Action) -> tuple[str, str]:
        return self.check(action) or ("NY-9", f"{action} cannot be played now.")

    def why_unknown(self, text: str) -> tuple[str, str]:
        rule, reason = self.stage.unknown
        return rule, reason.format(text=repr(text))

    # -- scoring (NY-17, NY-18, V3, V4) ----------------------------------------------------
    def groups(self, colour: int) -> list[list[int]]:
        """Orthogonally connected groups of a colour, largest first."""
        seen = [False] * SQUARES
        out = []
        board = self.board
        for start in range(SQUARES):
            if board[start] != colour or seen[start]:
                continue
            seen[start] = True
            stack, group = [start], []
            while stack:
                sq = stack.pop()
                group.append(sq)
                for nb in NEIGHBOURS[sq]:
                    if not seen[nb] and board[nb] == colour:
                        seen[nb] = True
                        stack.append(nb)
            out.append(sorted(group))
        out.sort(key=lambda g: (-len(g), g[0]))
        return out

    def _colour_score(self, colour: int) -> tuple[int, list[int], int]:
        groups = self.groups(colour)
        largest = groups[0] if groups else []
        others = sum(len(g) for g in groups[1:])
        return 2 * len(largest) + others, largest, others

    def explain_scores(self) -> list[dict[str, Any]]:
        out = []
        for seat in range(self.players):
            best = None
            for colour in self.seat_colours[seat] or []:
                points, largest, others = self._colour_score(colour)
                # V3: the colour with the larger largest group counts (ties: the better one)
                if best is None or (len(largest), points) > (len(best[1]), best[0]):
                    best = (points, largest, others, colour)
            points, largest, others, colour = best if best else (0, [], 0, -1)
            parts = [
                {"rule": "NY-17", "what": "largest group", "count": len(largest), "points": 2 * len(largest)},
                {"rule": "NY-17", "what": "other pieces", "count": others, "points": others},
                {"rule": "NY-17", "what": "chips", "count": self.chips[seat], "points": self.chips[seat]},
            ]
            out.append({
                "seat": seat,
                "colour": COLOURS[colour] if colour >= 0 else None,
                "largest_group": [square_name(sq) for sq in largest],
                "parts": parts,
                "total": points + self.chips[seat],
            })
        return out

    def scores(self) -> list[int]:
        return [entry["total"] for entry in self.explain_scores()]

    def winners(self) -> list[int]:
        scores = self.scores()
        if self.teammate is not None:  # V4: the team with the higher sum wins
            team = [scores[s] + scores[self.teammate[s]] for s in range(self.players)]
            best = max(team)
            return [s for s in range(self.players) if team[s] == best]
        best = max(scores)
        return [s for s in range(self.players) if scores[s] == best]

    # -- hidden information ----------------------------------------------------------------
    def determinize(self, seat: int, rng: random.Random) -> NewYork:
        """A copy that agrees with view(seat): other hands (same number of red- and
        blue-backed cards each) and the draw pile are re-dealt from what seat cannot see."""
        other = copy.copy(self)
        for name in ("board", "occupied", "row_lines", "col_lines", "supply", "setup_left", "chips", "hands", "held",
                     "deck", "discard", "seat_colours", "colour_owner"):
            setattr(other, name, copy.deepcopy(getattr(self, name)))
        other.events = list(self.events)  # events are immutable
        other.rng = random.Random(rng.getrandbits(64))
        hidden = list(self.deck)
        wanted = []
        for s, hand in enumerate(other.hands):
            if s == seat:
                continue
            cards = [c for c in range(CARD_TYPES) for _ in range(hand[c])]
            hidden += cards
            wanted.append((s, sum(back_of(c) == 0 for c in cards), sum(back_of(c) == 1 for c in cards)))
            other.hands[s] = [0] * CARD_TYPES
            other.held[s] = 0
        shuffle(rng, hidden)
        for s, reds, blues in wanted:
            for back, count in ((0, reds), (1, blues)):
                for _ in range(count):
                    card = next(c for c in hidden if back_of(c) == back)
                    hidden.remove(card)
                    other._take(s, card)
        other.deck = hidden
        return other

    # -- views -----------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may know; the keys are listed in the module docstring."""
        board = self.board
        grid = [[None if board[r * N + c] < 0 else self.colour_owner[board[r * N + c]]
                 for c in range(N)] for r in range(N)]
        colours = [[None if board[r * N + c] < 0 else COLOURS[board[r * N + c]]
                    for c in range(N)] for r in range(N)]
        hand = []
        if seat is not None:
            hand = [card_name(c) for c in range(CARD_TYPES) for _ in range(self.hands[seat][c])]
        backs = []
        for s in range(self.players):
            h = self.hands[s]
            red = sum(h[c] for c in RED_CARDS) + sum(h[ACTION0 + 2 * k] for k in range(len(ACTION_KINDS)))
            blue = sum(h[c] for c in BLUE_CARDS) + sum(h[ACTION0 + 2 * k + 1] for k in range(len(ACTION_KINDS)))
            backs.append({"red": red, "blue": blue})
        pending = None
        if self.pending is not None:
            pending = {"kind": self.stage.name, "seat": self.pending.seat,
                       "squares": [square_name(s) for s in self.pending.squares]}
        in_play = range(self.ncolours)
        return {
            "game": self.name,
            "seat": seat,
            "phase": self.phase,
            "players": self.players,
            "to_move": self.to_move,
            "colours": COLOURS[: self.ncolours],
            "seat_colours": [[COLOURS[c] for c in cs] for cs in self.seat_colours],
            "board": grid,
            "board_colours": colours,
            "chips": list(self.chips),
            "supply": {COLOURS[c]: self.supply[c] for c in in_play},
            "setup_left": {COLOURS[c]: self.setup_left[c] for c in in_play},
            "hand": hand,
            "hand_counts": backs,
            "deck_size": len(self.deck),
            "discard_size": len(self.discard),
            "discard_top": [card_name(c) for c in self.discard[-2:]],
            "stop_armed": self.stop_armed,
            "stop_drawn_by": self.stop_drawn_by,
            "empty_squares": self.empty,
            "pending": pending,
            "teams": [[s, self.teammate[s]] for s in (0, 1)] if self.teammate else None,
            "avenues": DATA["avenues"],
            "streets": DATA["streets"],
            "fees": [[self.fee(r * N + c) if board[r * N + c] >= 0 else None for c in range(N)] for r in range(N)],
            "line_counts": {COLOURS[c]: {"avenues": [self.avenue_count(c, i) for i in range(N)],
                                         "streets": [self.street_count(c, i) for i in range(N)]} for c in in_play},
            "groups": {COLOURS[c]: [[square_name(sq) for sq in g] for g in self.groups(c)] for c in in_play},
        }

    def preview(self, action: Action) -> dict[str, Any]:
        """What a legal action would do (keys in the module docstring), played on a
        determinized copy, so the draws it shows are imagined."""
        seat = self.to_move
        copy_ = self.determinize(seat, random.Random(0))
        mark = len(copy_.events)
        copy_.apply(action)
        happened: list[Event] = copy_.events[mark:]
        after, now = copy_.scores(), self.scores()
        square = evicted = placed = None
        fee, returned = 0, False
        for event in happened:
            if event.kind == "evict" and event.seat == seat:
                square, fee, evicted = event.square, event.fee, self.colour_owner[event.colour]
            elif event.kind == "return" and event.seat == seat:
                square, returned = event.square, True
            elif event.kind == "place" and event.seat == seat:
                square, placed = event.square, COLOURS[event.colour]
        return {
            "events": [e.to_json() for e in happened],
            "scores": after,
            "square": None if square is None else square_name(square),
            "fee": fee,
            "evicted": evicted,
            "returned": returned,
            "placed": placed,
            "score_change": [a - b for a, b in zip(after, now, strict=True)],
            "stop_armed": any(e.kind == "stop_armed" for e in happened),
        }


def _line_squares(is_row: bool, line: int) -> range:
    return range(line * N, line * N + N) if is_row else range(line, SQUARES, N)


class Stage:
    """A stage of the game: whose decision it is, how its legal actions are listed (the fast
    generator), and per action kind played here its legality check and its effect. Kinds not
    played at a stage are refused with `wrong`; text that is no notation with `unknown`."""

    def __init__(self, name: str, phase: str, mover: Callable[[NewYork], int | None],
                 legal: Callable[[NewYork], list[Action]], kinds: dict[str, tuple[Callable, Callable]],
                 wrong: tuple[str, str], unknown: tuple[str, str], notations: dict[str, Action] = ACTIONS):
        self.name, self.phase, self.mover, self.legal = name, phase, mover, legal
        self.checks = {kind: check for kind, (check, _) in kinds.items()}
        self.handlers = {kind: apply for kind, (_, apply) in kinds.items()}
        self.wrong, self.unknown, self.notations = wrong, unknown, notations

    def __repr__(self) -> str:
        return f"<Stage {self.name}>"


def _current(game: NewYork) -> int:
    return game.current


def _pending_seat(game: NewYork) -> int:
    return game.pending.seat


NY = NewYork
PICKING = Stage(
    "pick", PICK_PHASE, _current, NY._pick_actions, {"pick": (NY._check_pick, NY._pick)},
    ("NY-V2", "First each player picks a colour."),
    ("NY-V2", "{text} is not a colour choice; say e.g. 'pick red'."))
SETTING_UP = Stage(
    "setup", SETUP, _current, NY._setup_actions, {"place": (NY._check_setup, NY._place_setup)},
    ("NY-4", "It is the setup round: place one of your setup pieces on a square."),
    ("NY-4", "{text} is not a square; in the setup round name a square like 'C3'."), PLACE_BY_NOTATION)
TURN = Stage(
    "turn", MAIN, _current, NY._turn_actions, {
        "pair": (NY._check_pair, NY._play_pair),
        "noplay": (NY._check_noplay, NY._noplay),
        "sanierung": (NY._check_card, NY._clear_and_fill),
        "ruine": (NY._check_card, NY._clear_and_fill),
        "spekulation": (NY._check_spekulation, NY._spekulation),
        "baulowe": (NY._check_baulowe, NY._baulowe),
        "statik": (NY._check_statik, NY._statik),
    },
    ("NY-9", "On your turn play a red and a blue card (or 'noplay' if you cannot)."),
    ("NY-9", "{text} is not a move. Play a red and a blue card like 'C3', a joker like '*3@C3', or 'noplay'."))
FILLING = Stage(
    "fill", MAIN, _pending_seat, NY._fill_actions, {"place": (NY._check_fill, NY._fill)},
    ("NY-V1", "First player {player} must fill one of the emptied squares for the action card."),
    ("NY-V1", "{text} is not a square; fill one of the emptied squares, e.g. 'D4'."), PLACE_BY_NOTATION)
REMOVING = Stage(
    "remove", MAIN, _pending_seat, NY._remove_actions, {"remove": (NY._check_remove, NY._remove)},
    ("NY-V1", "First player {player} must remove one of their pieces for the action card."),
    ("NY-V1", "{text} is not a move; remove one of your pieces, e.g. 'remove C3'."))
FINISHED = Stage(
    "over", OVER, lambda game: None, lambda game: [], {},
    ("NY-16", "The game is over."), ("NY-16", "The game is over."))
del NY
