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
- ``stop_armed`` (NY-15), ``stops_in_discard`` (STOP cards face up there), ``stop_drawn_by`` (NY-16),
  ``empty_squares``
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

import random
from collections.abc import Callable
from itertools import compress
from typing import Any

from ..engine.action import Action
from ..engine.chance import shuffle
from ..engine.rules import Rules
from ..i18n import N_, msg
from . import events as ev
from .cards import ActionCards, Pending
from .events import DREW, EVICTED, PLACED, RESHUFFLED, RETURNED, SET_UP, STOP_ARMED
from .facts import Facts
from .pairs import PairMoves
from .position import check_position
from .tables import (
    ACTIONS,
    ALL_SQUARES,
    BIT,
    BLUE0,
    BLUE_JOKER,
    CARD_BY_NAME,
    CARD_TYPES,
    COL_SHIFT,
    COL_UNIT,
    COLOUR_LETTERS,
    COLOURS,
    DATA,
    NEIGHBOURS,
    NOPLAY,
    NOT_FIRST_STREET,
    NOT_LAST_STREET,
    PICK,
    PLACE_BY_NOTATION,
    PLACE_LIST,
    RED_JOKER,
    ROW_SHIFT,
    ROW_UNIT,
    SQUARES,
    STOP,
    STOP_TRIGGER,
    N,
    card_name,
    full_deck,
    road_cards,
    square_name,
    squares_selector,
)

PICK_PHASE, SETUP, MAIN, OVER = "pick", "setup", "main", "over"


class NewYork(PairMoves, ActionCards, Facts, Rules):
    """State and rules of one game of New York."""

    name = "newyork"
    title = N_("New York")
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
        self.one_colour = not two and self.teammate is None  # the usual game: the fast pair moves
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
        return msg("player {n}", n=seat + 1)

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
            cards = self.rng.pick(self._shuffled_colours, self._is_colour_order)  # revealed to all
            self.seat_colours = [[] for _ in range(self.players)]
            for i, colour in enumerate(cards):
                self._own(colour, i % self.players)
            for seat in range(self.players):
                self.seat_colours[seat].sort()
        self.events.append(ev.Colours(tuple(tuple(cs) for cs in self.seat_colours)))
        self._start_main()

    def _shuffled_colours(self) -> list[int]:
        cards = list(range(self.ncolours))
        shuffle(self.rng, cards)
        return cards

    def _is_colour_order(self, cards: Any) -> bool:
        return isinstance(cards, list) and sorted(map(str, cards)) == sorted(map(str, range(self.ncolours))) \
            and all(type(c) is int for c in cards)

    def _pick_actions(self) -> list[Action]:
        return [PICK[c] for c in range(self.ncolours) if self.colour_owner[c] < 0]

    def _check_pick(self, action: Action) -> tuple[str, str] | None:
        colour = action.args[0]
        if colour >= self.ncolours:
            return "NY-V2", msg("{colour} is not in this game ({colours}).", colour=COLOURS[colour],
                                colours=msg(", ".join(f"{{c{i}}}" for i in range(self.ncolours)),
                                            **{f"c{i}": COLOURS[i] for i in range(self.ncolours)}))
        if self.colour_owner[colour] >= 0:
            return "NY-V2", msg("{colour} is not available: {player} took it.", colour=COLOURS[colour],
                                player=self._player(self.colour_owner[colour]))
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
            if self._explicit(seat):
                return "NY-4", msg("Place a piece of your own setup colour (name it, e.g. 'C3/r').")
            return "NY-4", msg("Place a piece of your own setup colour (no colour suffix).")
        colour = self._colour_of(seat, code)
        if self.setup_left[colour] <= 0:
            return "NY-4", msg("All your {colour} setup pieces are placed.", colour=COLOURS[colour])
        if self.board[sq] >= 0:
            return "NY-5", msg("{name} is already taken; setup pieces go on empty squares.", name=square_name(sq))
        if any(self.board[nb] == colour for nb in NEIGHBOURS[sq]):
            return "NY-5", msg("{name} touches another {colour} piece; in the setup round pieces of one colour "
                               "may not be orthogonal neighbours.", name=square_name(sq), colour=COLOURS[colour])
        return None

    def _place_setup(self, action: Action) -> None:
        sq, code = action.args
        seat = self.current
        colour = code if code >= 0 else self.seat_colours[seat][0]
        self._set(sq, colour)
        self.setup_left[colour] -= 1
        self.events.append(SET_UP(seat, sq, colour))
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
        card = self.rng.draw(self.deck)
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
        inlined on local counts: the top card of the pile, as `Chance.draw` takes it when no
        record is replayed (pop it, log it). A reshuffle, the STOP card or a replayed draw go
        through `_draw_one`."""
        hand = self.hands[seat]
        reds, blues = sum(hand[:BLUE0]), sum(hand[BLUE0:STOP])
        if reds >= 2 and blues >= 2:
            return
        held, deck, rng = self.held[seat], self.deck, self.rng
        plain, log = not rng.replaying, rng.log
        drawn = 0
        while reds < 2 or blues < 2:
            if plain and deck and deck[-1] != STOP:
                card = deck.pop()
                log.append(card)
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
                reds, blues = sum(hand[:BLUE0]), sum(hand[BLUE0:STOP])
                held, deck, plain = self.held[seat], self.deck, not rng.replaying
            drawn += 1
        self.held[seat] = held
        if drawn:
            self.events.append(DREW(seat, drawn))

    def _await(self, pending: Pending) -> None:
        """A V1 sub-decision comes before the turn ends: someone fills a square or removes a piece."""
        self.pending = pending
        self.stage = FILLING if pending.kind == "fill" else REMOVING

    def _end_turn(self) -> None:
        """Steps after a resolution: NY-15 check, NY-9 step 4 refill, next seat (NY-8)."""
        if self.pending is not None:  # back from a V1 sub-decision
            self.pending = None
            self.stage = TURN
        if not self.stop_armed and self.empty <= STOP_TRIGGER:
            self.stop_armed = True
            self.discard += [STOP] * DATA["stop_cards"]
            self.events.append(STOP_ARMED)
        self._refill(self.current)
        if self.stage is TURN:
            self.current = (self.current + 1) % self.players

    # -- a turn (pairs in pairs.py, V1 action cards in cards.py) -------------------------------
    def _turn_actions(self) -> list[Action]:
        seat = self.current
        if self.one_colour:
            actions = self._single_colour_pairs(seat, self.seat_colours[seat][0])
        else:
            actions = self._pair_actions(seat)
        if not self.action_cards:
            return actions or [NOPLAY]
        if actions:
            return actions + self._action_card_actions(seat)
        return self._action_card_actions(seat) + [NOPLAY]  # NY-13 with V1: no pair, may pass

    def _play_pair(self, action: Action) -> None:
        red, blue, sq, code = action.args
        seat = self.current
        # NY-9 step 3: both cards to the discard pile (`_spend` twice, inlined: every turn runs this).
        hand, held = self.hands[seat], self.held[seat]
        hand[red] -= 1
        if not hand[red]:
            held ^= 1 << red
        hand[blue] -= 1
        if not hand[blue]:
            held ^= 1 << blue
        self.held[seat] = held
        self.discard += (red, blue)
        colour = self.board[sq]
        mine = self.seat_colours[seat]
        if colour >= 0 and colour in mine:
            self._clear(sq)  # NY-10: own piece returns to supply
            self.events.append(RETURNED(seat, sq, colour))
        else:
            placed = mine[0] if code < 0 else code  # `_colour_of`
            if colour >= 0:  # NY-10/11: evict and pay the owner
                fee = self.fee(sq)
                self.chips[seat] -= fee
                self.chips[self.colour_owner[colour]] += fee
                self._clear(sq)
                self.events.append(EVICTED(seat, sq, colour, fee))
            self._set(sq, placed)
            self.events.append(PLACED(seat, sq, placed))
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

    # -- the stage table at work -----------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        stage = self.stage
        return self.current if stage.mover is _current else stage.mover(self)  # the usual case, one call less

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
            return rule, msg(reason, player=self.to_move + 1 if self.to_move is not None else 0)
        return check(self, action)

    def parse(self, text: str) -> Action | None:
        # "D4" places a piece in the setup round (and when filling squares), else names a pair.
        return self.stage.notations.get(text) or ACTIONS.get(text)

    def why_not(self, action: Action) -> tuple[str, str]:
        return self.check(action) or ("NY-9", msg("{action} cannot be played now.", action=str(action)))

    def why_unknown(self, text: str) -> tuple[str, str]:
        rule, reason = self.stage.unknown
        return rule, msg(reason, text=repr(text))


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
    ("NY-V2", N_("First each player picks a colour.")),
    ("NY-V2", N_("{text} is not a colour choice; say e.g. 'pick red'.")))
SETTING_UP = Stage(
    "setup", SETUP, _current, NY._setup_actions, {"place": (NY._check_setup, NY._place_setup)},
    ("NY-4", N_("It is the setup round: place one of your setup pieces on a square.")),
    ("NY-4", N_("{text} is not a square; in the setup round name a square like 'C3'.")), PLACE_BY_NOTATION)
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
    ("NY-9", N_("On your turn play a red and a blue card (or 'noplay' if you cannot).")),
    ("NY-9", N_("{text} is not a move. Play a red and a blue card like 'C3', a joker like '*3@C3', or 'noplay'.")))
FILLING = Stage(
    "fill", MAIN, _pending_seat, NY._fill_actions, {"place": (NY._check_fill, NY._fill)},
    ("NY-V1", N_("First player {player} must fill one of the emptied squares for the action card.")),
    ("NY-V1", N_("{text} is not a square; fill one of the emptied squares, e.g. 'D4'.")), PLACE_BY_NOTATION)
REMOVING = Stage(
    "remove", MAIN, _pending_seat, NY._remove_actions, {"remove": (NY._check_remove, NY._remove)},
    ("NY-V1", N_("First player {player} must remove one of their pieces for the action card.")),
    ("NY-V1", N_("{text} is not a move; remove one of your pieces, e.g. 'remove C3'.")))
FINISHED = Stage(
    "over", OVER, lambda game: None, lambda game: [], {},
    ("NY-16", N_("The game is over.")), ("NY-16", N_("The game is over.")))
del NY
