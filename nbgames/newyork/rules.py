"""New York (Sackson & Kübler): the complete rules, NY-1…NY-18 and variants V1–V4.

Squares are numbered 0…48 (avenue * 7 + street). A square's name is the avenue letter A–G (top
to bottom) and the street digit 1–7 (left to right): "E5" is Madison Ave × 49th St by default.

Notation (``str(action)``):

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
- ``pending`` a V1 sub-decision {kind, seat, squares} or null; ``teams`` (V4) or null
- ``avenues``, ``streets`` display names (house defaults, data.json)
"""

from __future__ import annotations

import copy
import json
import random
from importlib import resources
from itertools import compress
from typing import Any

from ..engine.action import Action
from ..engine.chance import shuffle
from ..engine.errors import IllegalAction
from ..engine.rules import Rules

DATA: dict[str, Any] = json.loads(resources.files(__package__).joinpath("data.json").read_text("utf-8"))

N = DATA["board_size"]
SQUARES = N * N
AVENUE_LETTERS = "ABCDEFG"[:N]
STREET_DIGITS = "1234567"[:N]
COLOURS: list[str] = DATA["colours"]
COLOUR_LETTERS: list[str] = DATA["colour_letters"]
ACTION_KINDS = list(DATA["action_cards"])  # sanierung, ruine, spekulation, baulowe, statik
STANDALONE = ("sanierung", "ruine", "spekulation")

# Card types: 0-6 red road (avenue), 7 red joker, 8-14 blue road (street), 15 blue joker,
# 16 STOP, then action cards 17 + 2*kind + back (back 0 red, 1 blue).
RED_JOKER, BLUE0, BLUE_JOKER, STOP, ACTION0 = N, N + 1, 2 * N + 1, 2 * N + 2, 2 * N + 3
CARD_TYPES = ACTION0 + 2 * len(ACTION_KINDS)
BACKS = "rb"


def action_card(kind: str, back: int) -> int:
    return ACTION0 + 2 * ACTION_KINDS.index(kind) + back


def card_name(card: int) -> str:
    """Notation of a card type: "C", "R*", "3", "B*", "STOP", "statik.b"."""
    if card < RED_JOKER:
        return AVENUE_LETTERS[card]
    if card == RED_JOKER:
        return "R*"
    if card < BLUE_JOKER:
        return STREET_DIGITS[card - BLUE0]
    if card == BLUE_JOKER:
        return "B*"
    if card == STOP:
        return "STOP"
    kind, back = divmod(card - ACTION0, 2)
    return f"{ACTION_KINDS[kind]}.{BACKS[back]}"


def back_of(card: int) -> int:
    """0 for a red-backed card, 1 for blue-backed, -1 for STOP (never in a hand)."""
    if card <= RED_JOKER:
        return 0
    if card <= BLUE_JOKER:
        return 1
    if card == STOP:
        return -1
    return (card - ACTION0) % 2


def square_name(sq: int) -> str:
    return AVENUE_LETTERS[sq // N] + STREET_DIGITS[sq % N]


def neighbours(sq: int) -> list[int]:
    r, c = divmod(sq, N)
    out = []
    if r > 0:
        out.append(sq - N)
    if r < N - 1:
        out.append(sq + N)
    if c > 0:
        out.append(sq - 1)
    if c < N - 1:
        out.append(sq + 1)
    return out


NEIGHBOURS = [neighbours(sq) for sq in range(SQUARES)]
CENTRAL = [r * N + c for r, c in DATA["central_squares"]]
CORNERS = [r * N + c for r, c in DATA["corner_squares"]]


# -- the action table: every action of the game, built once --------------------------------
ACTIONS: dict[str, Action] = {}


def _add(kind: str, args: tuple, notation: str) -> Action:
    action = Action(kind, args, notation)
    ACTIONS[notation] = action
    return action


def _suffix(colour: int) -> str:
    return "" if colour < 0 else "/" + COLOUR_LETTERS[colour]


# colour -1 means "the player's only colour" (no suffix); 0… name a colour explicitly.
COLOUR_CODES = range(-1, len(COLOURS))
PLACE = {(sq, col): _add("place", (sq, col), square_name(sq) + _suffix(col))
         for sq in range(SQUARES) for col in COLOUR_CODES}
PLACE_BY_NOTATION = {str(a): a for a in PLACE.values()}
PLACE_LIST = {col: [PLACE[sq, col] for sq in range(SQUARES)] for col in COLOUR_CODES}
REMOVE = [_add("remove", (sq,), "remove " + square_name(sq)) for sq in range(SQUARES)]
NOPLAY = _add("noplay", (), "noplay")
PICK = [_add("pick", (col,), "pick " + name) for col, name in enumerate(COLOURS)]


def _pair_notation(red: int, blue: int, sq: int) -> str:
    rn = "*" if red == RED_JOKER else AVENUE_LETTERS[red]
    bn = "*" if blue == BLUE_JOKER else STREET_DIGITS[blue - BLUE0]
    if red == RED_JOKER or blue == BLUE_JOKER:
        return f"{rn}{bn}@{square_name(sq)}"
    return rn + bn


def _pair_squares(red: int, blue: int) -> list[int]:
    rows = range(N) if red == RED_JOKER else (red,)
    cols = range(N) if blue == BLUE_JOKER else (blue - BLUE0,)
    return [r * N + c for r in rows for c in cols]


RED_CARDS = range(0, RED_JOKER + 1)
BLUE_CARDS = range(BLUE0, BLUE_JOKER + 1)
PAIR: dict[tuple[int, int, int, int], Action] = {}
for _red in RED_CARDS:
    for _blue in BLUE_CARDS:
        for _sq in _pair_squares(_red, _blue):
            for _col in COLOUR_CODES:
                PAIR[_red, _blue, _sq, _col] = _add(
                    "pair", (_red, _blue, _sq, _col), _pair_notation(_red, _blue, _sq) + _suffix(_col))
# Hot-path tables for the single-colour game. Squares as bit masks (bit r * N + c); a colour's
# pieces per avenue and per street also as 4-bit fields of one int, so one addition tells which
# lines hold more than `chips` pieces (NY-11 fees): adding 7 - chips to a field sets its bit 3
# exactly when the count is above `chips`, and counts are at most 7, so no field carries over.
BIT = [1 << sq for sq in range(SQUARES)]
ALL_SQUARES = (1 << SQUARES) - 1
LINE = (1 << N) - 1
COLUMN0 = sum(1 << (r * N) for r in range(N))
ROW_SHIFT = [4 * (sq // N) for sq in range(SQUARES)]
COL_SHIFT = [4 * (sq % N) for sq in range(SQUARES)]
ROW_UNIT = [1 << shift for shift in ROW_SHIFT]
COL_UNIT = [1 << shift for shift in COL_SHIFT]
FIELD_HIGH = sum(8 << 4 * i for i in range(N))
ABOVE = [sum((7 - chips) << 4 * i for i in range(N)) for chips in range(N)]


def _lines_over(line_mask) -> dict[int, int]:
    """For each set of lines over `chips` (as FIELD_HIGH bits), the squares of those lines."""
    return {sum(8 << 4 * i for i in range(N) if over >> i & 1):
            sum(line_mask(i) for i in range(N) if over >> i & 1) for over in range(1 << N)}


ROWS_OVER = _lines_over(lambda r: LINE << (r * N))
COLS_OVER = _lines_over(lambda c: COLUMN0 << c)
PAIR_OWN = [[tuple(PAIR[r, b, sq, -1] for sq in _pair_squares(r, b)) for b in BLUE_CARDS]
            for r in RED_CARDS]
# Per road card and per set of streets (7 bits): that avenue's actions on those streets.
ROAD_PAIRS = [[tuple(PAIR[red, BLUE0 + c, red * N + c, -1] for c in range(N) if bits >> c & 1)
               for bits in range(1 << N)] for red in range(N)]
ROW_SELECTOR = [bytes(bits >> i & 1 for i in range(N)) for bits in range(1 << N)]
# Per red card and set of blue cards held (bit i: blue card BLUE0 + i): every pair's actions.
PAIRS_ANYWHERE = [[sum((PAIR_OWN[red][b] for b in range(N + 1) if blues >> b & 1), ())
                   for blues in range(1 << (N + 1))] for red in RED_CARDS]
NOT_FIRST_STREET = ALL_SQUARES ^ COLUMN0
NOT_LAST_STREET = ALL_SQUARES ^ (COLUMN0 << (N - 1))


def squares_selector(mask: int) -> bytes:
    """A `compress` selector over all squares (0/1 per square) from a square mask."""
    return b"".join([ROW_SELECTOR[mask >> r & LINE] for r in range(0, SQUARES, N)])


COLUMN_SELECTOR = {sum((bits >> r & 1) << (r * N) for r in range(N)): ROW_SELECTOR[bits]
                   for bits in range(1 << N)}
RED_CARD_BITS = (1 << (RED_JOKER + 1)) - 1
BLUE_CARD_BITS = (1 << (BLUE_JOKER - BLUE0 + 1)) - 1
STREET_LISTS = [tuple(c for c in range(N) if bits >> c & 1) for bits in range(1 << N)]
HELD_REDS = [tuple(card for card in RED_CARDS if bits >> card & 1) for bits in range(RED_CARD_BITS + 1)]

# A line is ("row", i) for an avenue or ("col", j) for a street; a card names lines.
STANDALONE_ACTIONS = {}
for _kind in ("sanierung", "ruine"):
    for _back in (0, 1):
        STANDALONE_ACTIONS[_kind, _back] = _add(
            _kind, (action_card(_kind, _back),), f"{_kind}.{BACKS[_back]}")
SPEKULATION = {}
for _back in (0, 1):
    for _seat in range(5):
        for _col in COLOUR_CODES:
            SPEKULATION[_back, _seat, _col] = _add(
                "spekulation", (action_card("spekulation", _back), _seat, _col),
                f"spekulation.{BACKS[_back]}>{_seat}{_suffix(_col)}")


def _partner_cards(back: int) -> range:
    """An action card is played with a road card of the other back colour."""
    return BLUE_CARDS if back == 0 else RED_CARDS


def _line_of(card: int, sq: int) -> tuple[str, int]:
    return ("row", sq // N) if card in RED_CARDS else ("col", sq % N)


def _card_label(card: int) -> str:
    if card in (RED_JOKER, BLUE_JOKER):
        return "*"
    return card_name(card)


def _line_index(card: int) -> int:
    """The avenue or street a road card names (its row or column index)."""
    return card if card < RED_JOKER else card - BLUE0


def _partner_squares(partner: int) -> list[int]:
    """Squares in the line(s) a single road card (or joker) can name."""
    if partner in RED_CARDS:
        return _pair_squares(partner, BLUE_JOKER)
    return _pair_squares(RED_JOKER, partner)


BAULOWE = {}
STATIK = {}
for _back in (0, 1):
    _card = action_card("baulowe", _back)
    for _partner in _partner_cards(_back):
        for _sq in _partner_squares(_partner):
            for _col in COLOUR_CODES:
                BAULOWE[_back, _partner, _sq, _col] = _add(
                    "baulowe", (_card, _partner, _sq, _col),
                    f"baulowe.{BACKS[_back]}+{_card_label(_partner)}@{square_name(_sq)}{_suffix(_col)}")
    _card = action_card("statik", _back)
    for _partner in _partner_cards(_back):
        _is_joker = _partner in (RED_JOKER, BLUE_JOKER)
        _labels = AVENUE_LETTERS if _partner in RED_CARDS else STREET_DIGITS
        for _line in (range(N) if _is_joker else (_line_index(_partner),)):
            _base = f"statik.{BACKS[_back]}+" + (f"*@{_labels[_line]}" if _is_joker else _labels[_line])
            for _target in range(-1, 5):
                for _col in COLOUR_CODES:
                    STATIK[_back, _partner, _line, _target, _col] = _add(
                        "statik", (_card, _partner, _line, _target, _col),
                        _base + ("" if _target < 0 else f">{_target}") + _suffix(_col))

del _red, _blue, _sq, _col, _kind, _back, _seat, _card, _partner, _is_joker, _line
del _labels, _base, _target

PICK_PHASE, SETUP, MAIN, OVER = "pick", "setup", "main", "over"
STOP_TRIGGER = DATA["stop_trigger_empty_squares"]
CARD_BY_NAME = {card_name(c): c for c in range(CARD_TYPES)}


def road_cards(hand: list[int]) -> tuple[int, int]:
    """NY-7: how many red and blue road cards (jokers included) a hand holds; action cards
    don't count."""
    return sum(hand[:BLUE0]), sum(hand[BLUE0:STOP])


def _full_deck(action_cards: bool) -> list[int]:
    """NY-2: the road cards and jokers (and V1 action cards), unshuffled; STOP stays aside."""
    deck = []
    per_line = DATA["road_cards_per_line"]
    for line in range(N):
        deck += [line] * per_line + [BLUE0 + line] * per_line
    deck += [RED_JOKER] * DATA["jokers_per_colour"] + [BLUE_JOKER] * DATA["jokers_per_colour"]
    if action_cards:
        for kind, backs in DATA["action_cards"].items():
            deck += [action_card(kind, 0)] * backs["red"] + [action_card(kind, 1)] * backs["blue"]
    return deck


def _check_position(pos: Any, players: int, options: dict[str, Any]) -> dict[str, Any]:
    """Validate a set position (JSON). Keys: phase ("setup"/"main"), board (7 strings of 7
    characters, "." or a colour letter r b y g k), seat_colours (colour names per seat), and
    optionally chips, to_move, setup_left {colour: n} (setup), hands (card names per seat),
    deck (card names, top first; given = exactly these cards), discard (card names)."""
    def bad(why: str) -> ValueError:
        return ValueError(f"bad New York position: {why}")

    if not isinstance(pos, dict):
        raise bad("must be an object")
    allowed = {"phase", "board", "seat_colours", "chips", "to_move", "setup_left", "hands", "deck",
               "discard", "stop_armed"}
    if set(pos) - allowed or not {"phase", "board", "seat_colours"} <= set(pos):
        raise bad(f"keys must include phase, board, seat_colours and be among {sorted(allowed)}")
    if pos["phase"] not in (SETUP, MAIN):
        raise bad("phase must be 'setup' or 'main'")
    ncolours = 4 if options["two_player"] else players
    letters = COLOUR_LETTERS[:ncolours]
    board = pos["board"]
    if (not isinstance(board, list) or len(board) != N
            or not all(isinstance(row, str) and len(row) == N and set(row) <= set(letters) | {"."}
                       for row in board)):
        raise bad(f"board must be {N} strings of {N} characters from '.{''.join(letters)}'")
    seat_colours = pos["seat_colours"]
    per_seat = 2 if options["two_player"] else 1
    flat = [c for cs in seat_colours for c in cs] if isinstance(seat_colours, list) and all(
        isinstance(cs, list) for cs in seat_colours) else None
    if (flat is None or len(seat_colours) != players or any(len(cs) != per_seat for cs in seat_colours)
            or sorted(flat, key=str) != sorted(COLOURS[:ncolours])):
        raise bad(f"seat_colours must give each seat {per_seat} distinct colour(s) of {COLOURS[:ncolours]}")
    counts = DATA["two_player"] if options["two_player"] else DATA["per_player_count"][str(players)]
    joined = "".join(board)
    if any(joined.count(letter) > counts["pieces"] for letter in letters):
        raise bad("more pieces of a colour than the game has")

    def is_int(x: Any, lo: int, hi: int) -> bool:
        return isinstance(x, int) and not isinstance(x, bool) and lo <= x <= hi

    if "chips" in pos and not (isinstance(pos["chips"], list) and len(pos["chips"]) == players
                               and all(is_int(c, 0, 1000) for c in pos["chips"])):
        raise bad("chips must be one whole number per seat")
    if "to_move" in pos and not is_int(pos["to_move"], 0, players - 1):
        raise bad("to_move must be a seat")
    if "stop_armed" in pos and not isinstance(pos["stop_armed"], bool):
        raise bad("stop_armed must be true or false")
    setup_left = pos.get("setup_left", {})
    if not (isinstance(setup_left, dict) and all(k in COLOURS[:ncolours] and is_int(v, 0, counts["setup_pieces"])
                                                 for k, v in setup_left.items())):
        raise bad("setup_left must map colours to numbers of setup pieces")
    full = _full_deck(options["action_cards"]) + [STOP] * DATA["stop_cards"]
    used: list[str] = []
    hands = pos.get("hands", [])
    if not (isinstance(hands, list) and len(hands) <= players and all(isinstance(h, list) for h in hands)):
        raise bad("hands must be a list of card-name lists, one per seat")
    for key in ("deck", "discard"):
        if key in pos and not isinstance(pos[key], list):
            raise bad(f"{key} must be a list of card names")
    for name in [c for h in hands for c in h] + pos.get("deck", []) + pos.get("discard", []):
        if not isinstance(name, str) or name not in CARD_BY_NAME:
            raise bad(f"unknown card {name!r}")
        used.append(name)
    for name in set(used):
        if used.count(name) > full.count(CARD_BY_NAME[name]):
            raise bad(f"more {name!r} cards than the game has")
    if any(CARD_BY_NAME[c] == STOP for h in hands for c in h):
        raise bad("a STOP card cannot be in a hand")
    return pos


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
        if "position" in out:
            out["position"] = _check_position(out["position"], players, out)
        if out["two_player"] != (players == 2):
            raise ValueError("the two_player variant (V3) is for exactly 2 players, and 2 players need it")
        if out["teams"] and players != 4:
            raise ValueError("the teams variant (V4) is for exactly 4 players")
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
        self.pending: tuple | None = None
        self.events: list[tuple] = []
        self.seat_colours: list[list[int]] = [[] for _ in range(players)]
        self.colour_owner = [-1] * self.ncolours
        self.teammate = [(s + 2) % 4 for s in range(4)] if options["teams"] else None
        self.action_cards = options["action_cards"]
        self.current = 0
        if "position" in options:
            self._load_position(options["position"])
        elif options["colour_choice"]:
            self.phase = PICK_PHASE
            self.pick_order = [s % players for s in range(self.ncolours)]
            self.current = self.pick_order[0]
        else:
            for colour in range(self.ncolours):
                self._own(colour, colour % players)
            self._start_setup()

    def _load_position(self, pos: dict[str, Any]) -> None:
        """Start from a set position (lessons, puzzles); see `_check_position` for its keys."""
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
            self.phase, self.current = SETUP, pos.get("to_move", 0)
            return
        self.phase, self.current = MAIN, pos.get("to_move", 0)
        for seat, names in enumerate(pos.get("hands", [])):
            for name in names:
                self._take(seat, CARD_BY_NAME[name])
        self.discard = [CARD_BY_NAME[name] for name in pos.get("discard", [])]
        self.stop_armed = pos.get("stop_armed", False) or STOP in self.discard
        if "deck" in pos:
            self.deck = [CARD_BY_NAME[name] for name in reversed(pos["deck"])]  # top = last
        else:
            deck = _full_deck(self.options["action_cards"])
            for card in [c for h in self.hands for c in range(CARD_TYPES) for _ in range(h[c])] + self.discard:
                if card in deck:
                    deck.remove(card)
            shuffle(self.rng, deck)
            self.deck = deck

    # -- small helpers ---------------------------------------------------------------------
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

    # -- V2 colour choice and the setup round (NY-4, NY-5) ---------------------------------
    def _start_setup(self) -> None:
        self.phase = SETUP
        self.setup_seat = 0
        self.current = 0
        if not self._can_place_setup(0):
            self._advance_setup()

    def _setup_mask(self, colour: int) -> int:
        """NY-5: empty squares with no orthogonal neighbour of this colour, as a bit mask."""
        own = self.occupied[colour]
        near = own << N | own >> N | (own & NOT_LAST_STREET) << 1 | (own & NOT_FIRST_STREET) >> 1
        free = ALL_SQUARES
        for squares in self.occupied:
            free ^= squares
        return free & ~near

    def _setup_options(self, seat: int) -> list[Action]:
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
        self.events.append(("colours", [list(c) for c in self.seat_colours]))
        self._start_main()

    # -- the main round (NY-7…NY-16) -------------------------------------------------------
    def _start_main(self) -> None:
        self.phase = MAIN
        deck = _full_deck(self.options["action_cards"])
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
            self.events.append(("reshuffle",))
        card = self.deck.pop()
        if card == STOP:
            self.stop_drawn_by = seat
            self.phase = OVER
            self.events.append(("stop", seat))
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
            self.events.append(("draw", seat, drawn))

    def _end_turn(self) -> None:
        """Steps after a resolution: NY-15 check, NY-9 step 4 refill, next seat (NY-8)."""
        self.pending = None
        if not self.stop_armed and self.empty <= STOP_TRIGGER:
            self.stop_armed = True
            self.discard += [STOP] * DATA["stop_cards"]
            self.events.append(("stop_armed",))
        self._refill(self.current)
        if self.phase != OVER:
            self.current = (self.current + 1) % self.players

    # -- legality --------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        if self.phase == OVER:
            return None
        if self.pending is not None:
            return self.pending[1]
        return self.current

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == MAIN:
            if self.pending is not None:
                return self._pending_actions()
            actions = self._pair_actions(self.current)
            if self.action_cards:
                actions += self._action_card_actions(self.current)
            return actions or [NOPLAY]
        if phase == SETUP:
            return self._setup_options(self.current)
        if phase == PICK_PHASE:
            return [PICK[c] for c in range(self.ncolours) if self.colour_owner[c] < 0]
        return []

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
            partners = [p for p in _partner_cards(back) if hand[p]]
            if hand[action_card("baulowe", back)] and codes:
                for partner in partners:
                    for sq in _partner_squares(partner):
                        colour = self.board[sq]
                        if colour >= 0 and colour not in mine:
                            out.extend(BAULOWE[back, partner, sq, code] for code in codes)
            if hand[action_card("statik", back)]:
                for partner in partners:
                    joker = partner in (RED_JOKER, BLUE_JOKER)
                    for line in (range(N) if joker else (_line_index(partner),)):
                        victims = self._statik_victims(seat, partner in RED_CARDS, line)
                        if not victims:  # playable, with no effect [R]
                            out.append(STATIK[back, partner, line, -1, -1 if not self._explicit(seat)
                                              else self.seat_colours[seat][0]])
                        elif codes:
                            targets = [-1] if len(victims) == 1 else victims
                            out.extend(STATIK[back, partner, line, t, code]
                                       for t in targets for code in codes)
        return out

    def _line_squares(self, is_row: bool, line: int) -> range:
        return range(line * N, line * N + N) if is_row else range(line, SQUARES, N)

    def _statik_victims(self, seat: int, is_row: bool, line: int) -> list[int]:
        """Other seats with the most pieces in the line (V1 Statik)."""
        counts = [0] * self.players
        for sq in self._line_squares(is_row, line):
            colour = self.board[sq]
            if colour >= 0:
                counts[self.colour_owner[colour]] += 1
        counts[seat] = 0
        best = max(counts)
        return [s for s in range(self.players) if best and counts[s] == best]

    def _pending_actions(self) -> list[Action]:
        kind, actor = self.pending[0], self.pending[1]
        if kind == "fill":
            squares = self.pending[2]
            explicit = self._explicit(actor)
            return [PLACE[sq, c if explicit else -1] for c in self.seat_colours[actor]
                    if self.supply[c] > 0 for sq in squares]
        if kind == "remove":  # ("remove", victim, card player, colour, squares)
            mine = set(self.seat_colours[actor])
            return [REMOVE[sq] for sq in self.pending[4] if self.board[sq] in mine]
        return []

    # -- applying --------------------------------------------------------------------------
    def apply(self, action: Action) -> None:
        kind = action.kind
        if kind == "pair":
            self._play_pair(action.args)
        elif kind == "place":
            if self.phase == SETUP:
                self._place_setup(action.args)
            else:
                self._fill(action.args)
        elif kind == "noplay":
            self._noplay()
        elif kind == "pick":
            self._pick(action.args[0])
        elif kind == "remove":
            self._remove(action.args[0])
        else:
            self._play_action_card(action)

    def _place_setup(self, args: tuple) -> None:
        sq, code = args
        seat = self.current
        colour = code if code >= 0 else self.seat_colours[seat][0]
        self._set(sq, colour)
        self.setup_left[colour] -= 1
        self.events.append(("setup", seat, sq, colour))
        self._advance_setup()

    def _pick(self, colour: int) -> None:
        self._own(colour, self.current)
        self.events.append(("pick", self.current, colour))
        picked = sum(1 for c in self.colour_owner if c >= 0)
        if picked < self.ncolours:
            self.current = self.pick_order[picked]
        else:
            for seat in range(self.players):
                self.seat_colours[seat].sort()
            self._start_setup()

    def _play_pair(self, args: tuple) -> None:
        red, blue, sq, code = args
        seat = self.current
        self._spend(seat, red)  # NY-9 step 3: both cards to the discard pile
        self._spend(seat, blue)
        colour = self.board[sq]
        if colour >= 0 and colour in self.seat_colours[seat]:
            self._clear(sq)  # NY-10: own piece returns to supply
            self.events.append(("return", seat, sq, colour))
        else:
            placed = self._colour_of(seat, code)
            if colour >= 0:  # NY-10/11: evict and pay the owner
                fee = self.fee(sq)
                self.chips[seat] -= fee
                self.chips[self.colour_owner[colour]] += fee
                self._clear(sq)
                self.events.append(("evict", seat, sq, colour, fee))
            self._set(sq, placed)
            self.events.append(("place", seat, sq, placed))
        self._end_turn()

    def _noplay(self) -> None:
        """NY-13: reveal the hand, discard it all, draw to 2 + 2; the turn ends."""
        seat = self.current
        hand = self.hands[seat]
        revealed = [card_name(c) for c in range(CARD_TYPES) for _ in range(hand[c])]
        for card in range(CARD_TYPES):
            while hand[card]:
                self._spend(seat, card)
        self.events.append(("noplay", seat, revealed))
        self._end_turn()

    def _play_action_card(self, action: Action) -> None:
        seat = self.current
        kind = action.kind
        card = action.args[0]
        self._spend(seat, card)
        self.events.append(("action_card", seat, kind))
        if kind in ("sanierung", "ruine"):
            squares = CENTRAL if kind == "sanierung" else CORNERS
            for sq in squares:
                if self.board[sq] >= 0:
                    self._clear(sq)
            self._next_filler(seat, list(squares), first=True)
        elif kind == "spekulation":
            _, victim, code = action.args
            self.pending = ("remove", victim, seat, self._colour_of(seat, code), tuple(range(SQUARES)))
        elif kind == "baulowe":
            _, partner, sq, code = action.args
            self._spend(seat, partner)
            self._clear(sq)
            self._set(sq, self._colour_of(seat, code))
            self.events.append(("place", seat, sq, self.board[sq]))
            self._end_turn()
        elif kind == "statik":
            _, partner, line, target, code = action.args
            self._spend(seat, partner)
            is_row = partner in RED_CARDS
            victims = self._statik_victims(seat, is_row, line)
            if not victims:
                self._end_turn()
                return
            victim = victims[0] if target < 0 else target
            self.pending = ("remove", victim, seat, self._colour_of(seat, code),
                            tuple(self._line_squares(is_row, line)))

    def _next_filler(self, seat: int, squares: list[int], first: bool = False) -> None:
        """Sanierung/Ruine: clockwise from the card's player, each fills one square."""
        if squares:
            start = seat if first else self._next_seat(seat)
            for i in range(self.players):
                candidate = (start + i) % self.players
                if any(self.supply[c] > 0 for c in self.seat_colours[candidate]):
                    self.pending = ("fill", candidate, squares)
                    return
        self._end_turn()

    def _fill(self, args: tuple) -> None:
        sq, code = args
        actor = self.pending[1]
        colour = self._colour_of(actor, code)
        self._set(sq, colour)
        self.events.append(("place", actor, sq, colour))
        squares = [s for s in self.pending[2] if s != sq]
        self._next_filler(actor, squares)

    def _remove(self, sq: int) -> None:
        _, victim, card_player, colour, _ = self.pending
        removed = self._clear(sq)
        self.events.append(("removed", victim, sq, removed))
        self._set(sq, colour)
        self.events.append(("place", card_player, sq, colour))
        self._end_turn()

    # -- refusing, with the rule -----------------------------------------------------------
    def parse(self, text: str) -> Action | None:
        # "D4" places a piece in the setup round (and when filling squares), else names a pair.
        placing = self.phase == SETUP or (self.pending is not None and self.pending[0] == "fill")
        return (PLACE_BY_NOTATION if placing else ACTIONS).get(text) or ACTIONS.get(text)

    def why_not(self, action: Action) -> tuple[str, str]:
        return self._why(action, str(action))

    def why_unknown(self, text: str) -> tuple[str, str]:
        return self._why(None, text)

    def refuse(self, action: Action | None, text: str) -> IllegalAction:
        rule, reason = self._why(action, text)
        return IllegalAction(rule, reason, action)

    def _why(self, action: Action | None, text: str) -> tuple[str, str]:  # noqa: C901
        seat = self.to_move
        phase = self.phase
        if phase == OVER:
            return "NY-16", "The game is over."
        if action is None:
            if phase == SETUP:
                return "NY-4", f"{text!r} is not a square; in the setup round name a square like 'C3'."
            if phase == PICK_PHASE:
                return "NY-V2", f"{text!r} is not a colour choice; say e.g. 'pick red'."
            return "NY-9", (f"{text!r} is not a move. Play a red and a blue card like 'C3', "
                            "a joker like '*3@C3', or 'noplay'.")
        kind = action.kind
        if phase == PICK_PHASE:
            if kind != "pick":
                return "NY-V2", "First each player picks a colour."
            return "NY-V2", f"{COLOURS[action.args[0]]} is not available."
        if phase == SETUP:
            if kind != "place":
                return "NY-4", "It is the setup round: place one of your setup pieces on a square."
            sq, code = action.args
            colours = self.seat_colours[seat]
            if self._explicit(seat) != (code >= 0) or (code >= 0 and code not in colours):
                return "NY-4", "Place a piece of your own setup colour" + (
                    " (name it, e.g. 'C3/r')." if self._explicit(seat) else " (no colour suffix).")
            colour = self._colour_of(seat, code)
            if self.setup_left[colour] <= 0:
                return "NY-4", f"All your {COLOURS[colour]} setup pieces are placed."
            if self.board[sq] >= 0:
                return "NY-5", f"{square_name(sq)} is already taken; setup pieces go on empty squares."
            return "NY-5", (f"{square_name(sq)} touches another {COLOURS[colour]} piece; in the setup "
                            "round pieces of one colour may not be orthogonal neighbours.")
        # main round
        if self.pending is not None:
            what = "fill one of the emptied squares" if self.pending[0] == "fill" else \
                "remove one of your pieces"
            if kind != self.pending[0].replace("fill", "place"):
                return "NY-V1", f"First player {seat + 1} must {what} for the action card."
            if kind == "remove":
                return "NY-V1", f"{square_name(action.args[0])} is not one of your pieces that can be removed."
            return "NY-V1", "That square is not one of the emptied squares, or that colour has no pieces left."
        hand = self.hands[seat]
        if kind == "place" or kind == "remove" or kind == "pick":
            return "NY-9", "On your turn play a red and a blue card (or 'noplay' if you cannot)."
        if kind == "noplay":
            return "NY-13", "You have a playable pair, so you must play one."
        if kind == "pair":
            red, blue, sq, code = action.args
            if not hand[red] or not hand[blue]:
                missing = [card_name(c) for c in (red, blue) if not hand[c]]
                return "NY-9", f"You do not hold {' and '.join(missing)}."
            return self._why_square(seat, sq, code, pair=True)
        if not self.options["action_cards"]:
            return "NY-V1", "Action cards are not in this game."
        card = action.args[0]
        if not hand[card]:
            return "NY-V1", f"You do not hold {card_name(card)}."
        if kind in ("baulowe", "statik") and not hand[action.args[1]]:
            return "NY-V1", f"You do not hold {card_name(action.args[1])}."
        code = action.args[-1] if kind in ("spekulation", "baulowe", "statik") else -1
        if code >= 0 and code not in self.seat_colours[seat] or (code >= 0) != self._explicit(seat):
            return "NY-V3", "Name one of your own colours (V3 only)."
        if kind in ("baulowe", "statik", "spekulation") and not self._placing_codes(seat):
            return "NY-12", "Your supply is empty, so you cannot place a piece."
        if kind == "spekulation":
            victim = action.args[1]
            if victim == seat or victim >= self.players:
                return "NY-V1", "Spekulation names another player."
            return "NY-V1", (f"Player {victim + 1} has fewer than {DATA['spekulation_min_pieces']} pieces "
                             "on the board.")
        if kind == "baulowe":
            return "NY-V1", "Baulöwe takes another player's piece in the named line; that square has none."
        return "NY-V1", "Statik: name the player to remove a piece only when several tie for the most."

    def _why_square(self, seat: int, sq: int, code: int, pair: bool) -> tuple[str, str]:
        colour = self.board[sq]
        mine = self.seat_colours[seat]
        mate = self.seat_colours[self.teammate[seat]] if self.teammate else []
        name = square_name(sq)
        if code >= 0 and code not in mine and code not in mate:
            return "NY-V3", f"You cannot place {COLOURS[code]} pieces."
        if code >= 0 and code in mate:
            if colour >= 0:
                return "NY-V4", "A teammate's piece may only be placed on an empty square."
            return "NY-12", f"Your teammate has no {COLOURS[code]} pieces left."
        if colour >= 0 and colour in mine:
            if self._explicit(seat) and code != colour:
                return "NY-V3", (f"{name} holds your {COLOURS[colour]} piece; you may not play onto "
                                 "your other colour, and playing onto it returns that piece.")
            return "NY-10", f"{name} holds your own piece."
        if self._explicit(seat) and code < 0:
            return "NY-V3", "With two colours, name the colour you place (e.g. 'C3/r')."
        placed = self._colour_of(seat, code)
        if self.supply[placed] <= 0:
            return "NY-12", f"You have no {COLOURS[placed]} pieces left in your supply."
        fee = self.fee(sq)
        return "NY-12", (f"Taking {name} costs {fee} chips (NY-11) and you have {self.chips[seat]}; "
                         "a pair whose fee you cannot pay may not be played.")

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
                     "deck", "discard", "events", "seat_colours", "colour_owner"):
            setattr(other, name, copy.deepcopy(getattr(self, name)))
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
        grid = [[None if self.board[r * N + c] < 0 else self.colour_owner[self.board[r * N + c]]
                 for c in range(N)] for r in range(N)]
        colours = [[None if self.board[r * N + c] < 0 else COLOURS[self.board[r * N + c]]
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
            pending = {"kind": self.pending[0], "seat": self.pending[1],
                       "squares": [square_name(s) for s in (self.pending[2] if self.pending[0] == "fill"
                                                             else self.pending[4])]}
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
            "supply": {COLOURS[c]: self.supply[c] for c in range(self.ncolours)},
            "setup_left": {COLOURS[c]: self.setup_left[c] for c in range(self.ncolours)},
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
        }
