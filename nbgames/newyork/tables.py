"""New York's fixed tables: the board, the cards, every action with its notation (the action
table, built once at import) and the bit-mask tables the fast move generator reads.

Squares are numbered 0…48 (avenue * 7 + street). A square's name is the avenue letter A–G (top
to bottom) and the street digit 1–7 (left to right): "E5" is Madison Ave × 49th St by default.
The notation is described in ``rules.py``.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from ..engine.action import Action

DATA: dict[str, Any] = json.loads(resources.files(__package__).joinpath("data.json").read_text("utf-8"))

N = DATA["board_size"]
SQUARES = N * N
AVENUE_LETTERS = "ABCDEFG"[:N]
STREET_DIGITS = "1234567"[:N]
COLOURS: list[str] = DATA["colours"]
COLOUR_LETTERS: list[str] = DATA["colour_letters"]
ACTION_KINDS = list(DATA["action_cards"])  # sanierung, ruine, spekulation, baulowe, statik

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
ACTIONS: dict[str, Action] = {}  # by notation (a pair shadows the placement "C3" of the same name)
ALL_ACTIONS: list[Action] = []  # every action of the game, placements included


def _add(kind: str, args: tuple, notation: str) -> Action:
    action = Action(kind, args, notation)
    ACTIONS[notation] = action
    ALL_ACTIONS.append(action)
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


def pair_squares(red: int, blue: int) -> list[int]:
    rows = range(N) if red == RED_JOKER else (red,)
    cols = range(N) if blue == BLUE_JOKER else (blue - BLUE0,)
    return [r * N + c for r in rows for c in cols]


RED_CARDS = range(0, RED_JOKER + 1)
BLUE_CARDS = range(BLUE0, BLUE_JOKER + 1)
PAIR: dict[tuple[int, int, int, int], Action] = {}
for _red in RED_CARDS:
    for _blue in BLUE_CARDS:
        for _sq in pair_squares(_red, _blue):
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
PAIR_OWN = [[tuple(PAIR[r, b, sq, -1] for sq in pair_squares(r, b)) for b in BLUE_CARDS]
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


def line_squares(is_row: bool, line: int) -> range:
    """The squares of an avenue (row) or a street (column)."""
    return range(line * N, line * N + N) if is_row else range(line, SQUARES, N)


def partner_cards(back: int) -> range:
    """An action card is played with a road card of the other back colour."""
    return BLUE_CARDS if back == 0 else RED_CARDS


def _card_label(card: int) -> str:
    if card in (RED_JOKER, BLUE_JOKER):
        return "*"
    return card_name(card)


def line_index(card: int) -> int:
    """The avenue or street a road card names (its row or column index)."""
    return card if card < RED_JOKER else card - BLUE0


def partner_squares(partner: int) -> list[int]:
    """Squares in the line(s) a single road card (or joker) can name."""
    if partner in RED_CARDS:
        return pair_squares(partner, BLUE_JOKER)
    return pair_squares(RED_JOKER, partner)


BAULOWE = {}
STATIK = {}
for _back in (0, 1):
    _card = action_card("baulowe", _back)
    for _partner in partner_cards(_back):
        for _sq in partner_squares(_partner):
            for _col in COLOUR_CODES:
                BAULOWE[_back, _partner, _sq, _col] = _add(
                    "baulowe", (_card, _partner, _sq, _col),
                    f"baulowe.{BACKS[_back]}+{_card_label(_partner)}@{square_name(_sq)}{_suffix(_col)}")
    _card = action_card("statik", _back)
    for _partner in partner_cards(_back):
        _is_joker = _partner in (RED_JOKER, BLUE_JOKER)
        _labels = AVENUE_LETTERS if _partner in RED_CARDS else STREET_DIGITS
        for _line in (range(N) if _is_joker else (line_index(_partner),)):
            _base = f"statik.{BACKS[_back]}+" + (f"*@{_labels[_line]}" if _is_joker else _labels[_line])
            for _target in range(-1, 5):
                for _col in COLOUR_CODES:
                    STATIK[_back, _partner, _line, _target, _col] = _add(
                        "statik", (_card, _partner, _line, _target, _col),
                        _base + ("" if _target < 0 else f">{_target}") + _suffix(_col))

del _red, _blue, _sq, _col, _kind, _back, _seat, _card, _partner, _is_joker, _line
del _labels, _base, _target

STOP_TRIGGER = DATA["stop_trigger_empty_squares"]
CARD_BY_NAME = {card_name(c): c for c in range(CARD_TYPES)}


def road_cards(hand: list[int]) -> tuple[int, int]:
    """NY-7: how many red and blue road cards (jokers included) a hand holds; action cards
    don't count."""
    return sum(hand[:BLUE0]), sum(hand[BLUE0:STOP])


def full_deck(action_cards: bool) -> list[int]:
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

