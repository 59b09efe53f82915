"""Set positions (the ``position`` option: lessons, puzzles, tests), checked before a game
starts from one. A saved record carries its options, so a position is untrusted input: it is
refused unless it fits the components and play can go on from it by the rules."""

from __future__ import annotations

from typing import Any

from .tables import BLUE0, CARD_BY_NAME, COLOUR_LETTERS, COLOURS, DATA, STOP, N, full_deck

SETUP, MAIN = "setup", "main"
KEYS = {"phase", "board", "seat_colours", "chips", "to_move", "setup_left", "hands", "deck", "discard",
        "stop_armed"}


def check_position(pos: Any, players: int, options: dict[str, Any]) -> dict[str, Any]:
    """Validate a set position (JSON); ValueError saying what is wrong. Keys: phase ("setup" /
    "main"), board (7 strings of 7 characters, "." or a colour letter r b y g k), seat_colours
    (colour names per seat), and optionally chips, to_move, setup_left {colour: n} (setup; a
    colour not named has all its setup pieces left), hands (card names per seat), deck (card
    names, top first; given = exactly these cards, else the cards not named anywhere), discard
    (card names), stop_armed (NY-15; true when a STOP card is named)."""
    if not isinstance(pos, dict):
        raise _bad("must be an object")
    if set(pos) - KEYS or not {"phase", "board", "seat_colours"} <= set(pos):
        raise _bad(f"keys must include phase, board, seat_colours and be among {sorted(KEYS)}")
    if pos["phase"] not in (SETUP, MAIN):
        raise _bad("phase must be 'setup' or 'main'")
    ncolours = 4 if options["two_player"] else players
    counts = DATA["two_player"] if options["two_player"] else DATA["per_player_count"][str(players)]
    on_board = _board_counts(pos["board"], ncolours, counts["pieces"])
    _check_seats(pos, players, ncolours, 2 if options["two_player"] else 1)
    if "chips" in pos and not (isinstance(pos["chips"], list) and len(pos["chips"]) == players
                               and all(_is_int(c, 0, 1000) for c in pos["chips"])):
        raise _bad("chips must be one whole number per seat")
    if "to_move" in pos and not _is_int(pos["to_move"], 0, players - 1):
        raise _bad("to_move must be a seat")
    if "stop_armed" in pos and not isinstance(pos["stop_armed"], bool):
        raise _bad("stop_armed must be true or false")
    setup_left = pos.get("setup_left", {})
    if not (isinstance(setup_left, dict) and all(
            k in COLOURS[:ncolours] and _is_int(v, 0, counts["setup_pieces"]) for k, v in setup_left.items())):
        raise _bad("setup_left must map colours to numbers of setup pieces")
    if pos["phase"] == SETUP:
        for colour, placed in enumerate(on_board):
            left = setup_left.get(COLOURS[colour], counts["setup_pieces"])
            if placed + left > counts["pieces"]:
                raise _bad(f"{COLOURS[colour]} has {placed} pieces on the board and {left} setup pieces to "
                           f"place: more than its {counts['pieces']} pieces (NY-3)")
    _check_cards(pos, players, options["action_cards"])
    return pos


def _bad(why: str) -> ValueError:
    return ValueError(f"bad New York position: {why}")


def _is_int(x: Any, lo: int, hi: int) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and lo <= x <= hi


def _board_counts(board: Any, ncolours: int, pieces: int) -> list[int]:
    """Pieces of each colour on a well-formed board."""
    letters = COLOUR_LETTERS[:ncolours]
    if (not isinstance(board, list) or len(board) != N
            or not all(isinstance(row, str) and len(row) == N and set(row) <= set(letters) | {"."}
                       for row in board)):
        raise _bad(f"board must be {N} strings of {N} characters from '.{''.join(letters)}'")
    joined = "".join(board)
    counts = [joined.count(letter) for letter in letters]
    if max(counts) > pieces:
        raise _bad("more pieces of a colour than the game has")
    return counts


def _check_seats(pos: dict[str, Any], players: int, ncolours: int, per_seat: int) -> None:
    seat_colours = pos["seat_colours"]
    flat = [c for cs in seat_colours for c in cs] if isinstance(seat_colours, list) and all(
        isinstance(cs, list) for cs in seat_colours) else None
    if (flat is None or len(seat_colours) != players or any(len(cs) != per_seat for cs in seat_colours)
            or sorted(flat, key=str) != sorted(COLOURS[:ncolours])):
        raise _bad(f"seat_colours must give each seat {per_seat} distinct colour(s) of {COLOURS[:ncolours]}")


def _check_cards(pos: dict[str, Any], players: int, action_cards: bool) -> None:
    """Card names and counts; then, in the main round, that the game can go on and end."""
    hands = pos.get("hands", [])
    if not (isinstance(hands, list) and len(hands) <= players and all(isinstance(h, list) for h in hands)):
        raise _bad("hands must be a list of card-name lists, one per seat")
    for key in ("deck", "discard"):
        if key in pos and not isinstance(pos[key], list):
            raise _bad(f"{key} must be a list of card names")
    held = [c for h in hands for c in h]
    named = held + pos.get("deck", []) + pos.get("discard", [])
    for name in named:
        if not isinstance(name, str) or name not in CARD_BY_NAME:
            raise _bad(f"unknown card {name!r}")
    full = full_deck(action_cards) + [STOP] * DATA["stop_cards"]
    for name in set(named):
        if named.count(name) > full.count(CARD_BY_NAME[name]):
            raise _bad(f"more {name!r} cards than the game has")
    if "STOP" in held:
        raise _bad("a STOP card cannot be in a hand")
    if pos["phase"] != MAIN:
        return
    stops = named.count("STOP")
    if stops and pos.get("stop_armed") is False:
        raise _bad("STOP cards are named but stop_armed is false: they join the cards only when 4 or "
                   "fewer squares are empty (NY-15)")
    if pos.get("stop_armed") and not stops:
        raise _bad("stop_armed is true but no STOP card is in the draw or discard pile (NY-15 puts both "
                   "in the discard pile): the game could never end")
    cards = [CARD_BY_NAME[name] for name in named]
    if "deck" not in pos:  # the draw pile is every card not named elsewhere
        cards += full_deck(action_cards)
    if not any(card < BLUE0 for card in cards) or not any(BLUE0 <= card < STOP for card in cards):
        raise _bad("no red or no blue road card in any hand or pile: no pair could ever be played "
                   "(NY-9), every turn would be NY-13 forever")
