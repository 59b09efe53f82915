"""Galopp Royal (Klaus Teuber): the complete rules GR-1…GR-20 of ``rules/galopp_royal.md``.

Seats are 0…n-1, clockwise (the next seat to the left is ``seat + 1``). Bearer cards are named
``+1 +2 +3 +5 goof schemer``; slots on a bearer board are 1–4.

Notation (``str(action)``):

- ``bid 7`` / ``pass``            bid in an auction (GR-7) or drop out of it
- ``keep`` / ``arrange 2,1,4,3``  place the bought team on slots 1–4 (GR-9, GR-17): slot 1 gets the
  bearer now in slot 2, slot 2 the one in slot 1, and so on (the identity is written ``keep``)
- ``roll``                        roll the die on your race turn (GR-11); chance is resolved inside
- ``scheme +2 3:-2``              schemer option (a): own chair +2, seat 3's chair -2
- ``scheme +2 1:-1 3:-1``         option (a) with two chairs -1 each (``scheme -2 2:+2`` and
  ``scheme -2 1:+1 3:+1`` are option (b)); ``scheme +2`` / ``scheme -2`` when no other chair may
  be moved (GR-11 [R]). Pairs are written in ascending seat order.
- ``exchange 0:2 1:4 2:1``        the last-placed player discards the bearer in slot 2 of seat 0's
  board, slot 4 of seat 1's, … (one slot on every board, GR-16)

``view(seat)`` keys (JSON-safe):

- ``game``, ``seat``, ``players``, ``phase`` (``auction`` ``arrange`` ``race`` ``scheme``
  ``exchange`` ``over``), ``to_move``, ``race`` (1–6: the race being run, or just run while the
  players exchange and bid between races), ``goal``, ``prizes`` (this race's 1st/2nd/3rd),
  ``goals`` and ``prize_table`` (all six races), ``pond_depth``
- ``positions`` (each chair's space; START = 0, negative behind it; ``None`` in the pond),
  ``status`` (``racing`` ``finished`` ``pond``), ``finished`` (seats in finishing order),
  ``pond`` (seats in the order they fell in), ``starter`` (who began the race), ``last_roll``
  (``{"seat", "die", "card"}`` or ``None``), ``last_placed`` (of the latest race), ``results``
  (the final order of every race run)
- ``coins``, ``boards`` (each seat's 4 slots, or ``None`` before it owns a team)
- ``auction``: ``None`` or ``{"kind": "start"|"substitute", "number", "opener",
  "participants", "active", "passers", "current_bid", "high_bidder", "lot_public",
  "my_private", "private_counts", "discarded_up", "must_bid"}``
- ``deck_size``, ``discard`` (face-up cards, oldest first), ``discard_face_down`` (how many
  discarded cards are face down), ``my_face_down_discards`` (those the seat saw itself),
  ``empty_auctions`` (start auctions in a row nobody bid in, GR-8), ``arrange_queue``,
  ``winners`` (when over)

Options (validated; both default ``None``) exist to build teaching and test positions:
``deck``: card names to put on top of the deck, top first; ``scenario``: start directly at a
race: ``{"boards": [[4 card names] per seat], "race": 1-6, "coins": [...], "positions": [...],
"starter": seat}``.
"""

from __future__ import annotations

import copy
import itertools
import json
import random
from importlib import resources
from typing import Any

from ..engine.action import Action
from ..engine.errors import IllegalAction
from ..engine.rules import Rules
from . import events as ev

DATA: dict[str, Any] = json.loads(resources.files(__package__).joinpath("data.json").read_text("utf-8"))

CARD_COUNTS: dict[str, int] = DATA["cards"]
CARD_KINDS: list[str] = list(CARD_COUNTS)
ALL_CARDS: list[str] = [kind for kind, count in CARD_COUNTS.items() for _ in range(count)]
MOVES: dict[str, int] = DATA["card_moves"]
SCHEMER, GOOF = "schemer", "goof"
GOALS: list[int] = DATA["goals"]
PRIZES: list[list[int]] = DATA["prizes"]
RACES = len(GOALS)
POND_DEPTH: int = DATA["pond_depth"]
START_COINS: int = DATA["start_coins"]
FORCED_PRICE: int = DATA["forced_team_price"]
GUARD: int = DATA["empty_auction_guard"]
SLOTS: int = DATA["slots"]
TEAM: int = DATA["team_size"]
DIE: int = DATA["die_sides"]
SCHEME_OWN = DATA["schemer_moves"]["own"]
SCHEME_SINGLE = DATA["schemer_moves"]["single"]
SCHEME_PAIR = DATA["schemer_moves"]["pair"]
MIN_PLAYERS, MAX_PLAYERS = 3, 6
MAX_SCENARIO_COINS = 1000
# Nobody can ever hold more coins than this, so every possible bid is interned.
MAX_COINS = MAX_SCENARIO_COINS + sum(max(p) for p in PRIZES)

PHASE_AUCTION, PHASE_ARRANGE, PHASE_RACE, PHASE_SCHEME, PHASE_EXCHANGE, PHASE_OVER = (
    "auction", "arrange", "race", "scheme", "exchange", "over")
RACING, FINISHED, POND = 0, 1, 2
STATUS_NAMES = ("racing", "finished", "pond")
PUBLIC = -1  # knower of a face-up discard


def _check_data() -> None:
    if len(GOALS) != len(PRIZES) or any(len(p) != 3 for p in PRIZES):
        raise ValueError("galopp_royal data: one prize triple per goal")
    if set(MOVES) | {SCHEMER} != set(CARD_KINDS) or SLOTS != DIE or TEAM != SLOTS:
        raise ValueError("galopp_royal data: card kinds, slots and die do not fit")
    # enough cards for six full boards plus the largest lot (GR-6 with six players)
    if len(ALL_CARDS) < TEAM * MAX_PLAYERS + MAX_PLAYERS:
        raise ValueError("galopp_royal data: too few bearer cards")


_check_data()

# -- the action table: every action of the game, built once --------------------------------
ACTIONS: dict[str, Action] = {}


def _add(kind: str, args: tuple, notation: str) -> Action:
    action = Action(kind, args, notation)
    ACTIONS[notation] = action
    return action


PASS = _add("pass", (), "pass")
BIDS: list[Action | None] = [None] + [_add("bid", (k,), f"bid {k}") for k in range(1, MAX_COINS + 1)]
ROLL = _add("roll", (), "roll")
KEEP = _add("arrange", (0, 1, 2, 3), "keep")
ARRANGEMENTS: list[Action] = [KEEP] + [
    _add("arrange", perm, "arrange " + ",".join(str(i + 1) for i in perm))
    for perm in itertools.permutations(range(SLOTS)) if perm != (0, 1, 2, 3)
]
EXCHANGES: dict[int, list[Action]] = {
    n: [_add("exchange", slots, "exchange " + " ".join(f"{s}:{slot + 1}" for s, slot in enumerate(slots)))
        for slots in itertools.product(range(SLOTS), repeat=n)]
    for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)
}
# scheme args: (own sign +1/-1, targets tuple ascending)
SCHEMES: dict[tuple[int, tuple[int, ...]], Action] = {}
for _sign in (1, -1):
    _own = f"{'+' if _sign > 0 else '-'}{SCHEME_OWN}"
    _one = f"{'-' if _sign > 0 else '+'}{SCHEME_SINGLE}"
    _two = f"{'-' if _sign > 0 else '+'}{SCHEME_PAIR}"
    SCHEMES[_sign, ()] = _add("scheme", (_sign, ()), f"scheme {_own}")
    for _t in range(MAX_PLAYERS):
        SCHEMES[_sign, (_t,)] = _add("scheme", (_sign, (_t,)), f"scheme {_own} {_t}:{_one}")
    for _t, _u in itertools.combinations(range(MAX_PLAYERS), 2):
        SCHEMES[_sign, (_t, _u)] = _add(
            "scheme", (_sign, (_t, _u)), f"scheme {_own} {_t}:{_two} {_u}:{_two}")


class Auction:
    """One auction in progress (GR-6, GR-7, GR-8, GR-17)."""

    __slots__ = ("kind", "number", "opener", "participants", "private", "public", "active",
                 "passers", "bid", "high", "turn", "discarded_up")

    def __init__(self, kind: str, number: int, participants: list[int]):
        self.kind = kind                      # "start" or "substitute"
        self.number = number                  # 1, 2, … start auctions; 1 or 2 substitute
        self.opener = participants[0]
        self.participants = participants      # clockwise from the opener
        self.private: dict[int, list[str]] = {s: [] for s in participants}
        self.public: list[str] = []
        self.active = list(participants)
        self.passers: list[int] = []
        self.bid = 0
        self.high: int | None = None
        self.turn = self.opener
        self.discarded_up: list[tuple[int, str]] = []


def _card_list(value: Any, what: str) -> list[str]:
    if not isinstance(value, list):
        raise ValueError(f"{what} must be a list of card names")
    for card in value:
        if not isinstance(card, str) or card not in CARD_COUNTS:
            raise ValueError(f"{what}: {str(card)[:20]!r} is not a card; cards: {', '.join(CARD_KINDS)}")
    return list(value)


def _int(value: Any, lo: int, hi: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise ValueError(f"{what} must be a whole number from {lo} to {hi}")
    return value


class GaloppRoyal(Rules):
    """Galopp Royal: start-team auctions, six races, exchanges and substitute auctions."""

    name = "galopp_royal"
    title = "Galopp Royal"
    rules_version = "1"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS

    @classmethod
    def normalize_options(cls, players: int, options: dict[str, Any]) -> dict[str, Any]:
        """Fill in ``deck`` and ``scenario`` (both None by default); ValueError if invalid."""
        unknown = set(options) - {"deck", "scenario"}
        if unknown:
            raise ValueError(f"unknown Galopp Royal options: {sorted(map(str, unknown))[:5]}")
        out: dict[str, Any] = {"deck": None, "scenario": None}
        left = dict(CARD_COUNTS)
        scenario = options.get("scenario")
        if scenario is not None:
            out["scenario"] = cls._normalize_scenario(players, scenario, left)
        deck = options.get("deck")
        if deck is not None:
            deck = _card_list(deck, "deck")
            for card in deck:
                left[card] -= 1
                if left[card] < 0:
                    raise ValueError(f"deck: there are only {CARD_COUNTS[card]} {card} cards in the game")
            out["deck"] = deck
        return out

    @staticmethod
    def _normalize_scenario(players: int, scenario: Any, left: dict[str, int]) -> dict[str, Any]:
        if not isinstance(scenario, dict):
            raise ValueError("scenario must be an object")
        allowed = {"boards", "race", "coins", "positions", "starter"}
        unknown = set(scenario) - allowed
        if unknown or "boards" not in scenario:
            raise ValueError(f"scenario needs 'boards' and may have {sorted(allowed)}")
        race = _int(scenario.get("race", 1), 1, RACES, "scenario race")
        boards = scenario["boards"]
        if not isinstance(boards, list) or len(boards) != players:
            raise ValueError(f"scenario boards: one list of {TEAM} cards per seat ({players})")
        out_boards = []
        for board in boards:
            cards = _card_list(board, "scenario board")
            if len(cards) != TEAM:
                raise ValueError(f"scenario board: exactly {TEAM} cards")
            for card in cards:
                left[card] -= 1
                if left[card] < 0:
                    raise ValueError(f"scenario: there are only {CARD_COUNTS[card]} {card} cards")
            out_boards.append(cards)
        coins = scenario.get("coins", [START_COINS] * players)
        if not isinstance(coins, list) or len(coins) != players:
            raise ValueError("scenario coins: one number per seat")
        coins = [_int(c, 0, MAX_SCENARIO_COINS, "scenario coins") for c in coins]
        positions = scenario.get("positions", [0] * players)
        if not isinstance(positions, list) or len(positions) != players:
            raise ValueError("scenario positions: one number per seat")
        positions = [_int(p, -POND_DEPTH, GOALS[race - 1] - 1, "scenario position") for p in positions]
        starter = _int(scenario.get("starter", 0), 0, players - 1, "scenario starter")
        return {"boards": out_boards, "race": race, "coins": coins, "positions": positions,
                "starter": starter}

    def __init__(self, players: int, options: dict[str, Any], rng: random.Random):
        super().__init__(players, options, rng)
        n = players
        scenario = options.get("scenario")
        self.coins = [START_COINS] * n
        self.start_coins = [START_COINS] * n
        self.paid_bids = [0] * n
        self.paid_forced = [0] * n
        self.prizes_won = [0] * n
        self.boards: list[list[str] | None] = [None] * n
        self.discard: list[tuple[str, int]] = []  # (card, knower): PUBLIC = face up
        self.race = 1
        self.positions = [0] * n
        self.status = [RACING] * n
        self.finished: list[int] = []
        self.pond: list[int] = []
        self.starter = 0
        self.current = 0
        self.last_roll: tuple[int, int, str] | None = None
        self.last_placed: int | None = None
        self.results: list[list[int]] = []
        self.auction: Auction | None = None
        self.auction_count = 0
        self.empty_streak = 0
        self.substitute = 0
        self.arrange_queue: list[int] = []
        self.phase = PHASE_AUCTION

        left = list(ALL_CARDS)
        if scenario:
            for board in scenario["boards"]:
                for card in board:
                    left.remove(card)
        top = list(options.get("deck") or [])
        for card in top:
            left.remove(card)
        rng.shuffle(left)
        self.deck = left + top[::-1]  # the top of the deck is the end of the list

        if scenario:
            self.boards = [list(b) for b in scenario["boards"]]
            self.coins = list(scenario["coins"])
            self.start_coins = list(scenario["coins"])
            self.race = scenario["race"]
            self._start_race(scenario["starter"], scenario["positions"])
        else:
            self._next_start_auction(0)

    # -- cards -----------------------------------------------------------------------------
    def _draw(self) -> str:
        if not self.deck:  # GR-19
            self.deck = [card for card, _ in self.discard]
            self.discard = []
            self.rng.shuffle(self.deck)
            self.events.append(ev.DeckReshuffled(len(self.deck)))
        return self.deck.pop()

    def _discard_up(self, cards: list[str]) -> None:
        self.discard.extend((card, PUBLIC) for card in cards)

    def _clockwise(self, first: int) -> list[int]:
        return [(first + i) % self.players for i in range(self.players)]

    # -- auctions (GR-6 … GR-9, GR-17) -----------------------------------------------------
    def _next_start_auction(self, opener: int) -> None:
        teamless = [s for s in self._clockwise(opener) if self.boards[s] is None]
        if not teamless:
            self.auction = None
            self.phase = PHASE_ARRANGE
            self.arrange_queue = list(range(self.players))
            return
        if len(teamless) == 1:  # GR-6 n = 1: the forced team
            seat = teamless[0]
            cards = [self._draw() for _ in range(TEAM)]
            price = min(FORCED_PRICE, self.coins[seat])
            self.coins[seat] -= price
            self.paid_forced[seat] += price
            self.boards[seat] = cards
            self.events.append(ev.TeamForced(seat, price, tuple(cards)))
            self._next_start_auction(seat)
            return
        self._open_auction("start", teamless)

    def _open_auction(self, kind: str, participants: list[int]) -> None:
        self.auction_count += 1
        number = self.substitute if kind == "substitute" else self.auction_count
        a = self.auction = Auction(kind, number, participants)
        per_seat = 2 if len(participants) == 2 else 1
        for seat in participants:
            a.private[seat] = [self._draw() for _ in range(per_seat)]
        if len(participants) == 3:
            a.public.append(self._draw())
        self.phase = PHASE_AUCTION
        self.events.append(ev.AuctionOpened(kind, number, a.opener, tuple(participants), tuple(a.public)))

    def _must_bid(self, seat: int) -> bool:
        """GR-8 [R] termination guard: the opener of a start auction after repeated empty ones."""
        a = self.auction
        return (a is not None and a.kind == "start" and self.empty_streak >= GUARD
                and seat == a.opener and a.bid == 0 and self.coins[seat] >= 1)

    def _auction_actions(self) -> list[Action]:
        a = self.auction
        seat = a.turn
        top = min(self.coins[seat], MAX_COINS)
        bids = BIDS[a.bid + 1: top + 1]
        return bids if self._must_bid(seat) else [*bids, PASS]

    def _next_active(self, seat: int) -> int:
        a = self.auction
        for s in self._clockwise(seat)[1:]:
            if s in a.active:
                return s
        return seat

    def _bid(self, amount: int) -> None:
        a = self.auction
        seat = a.turn
        a.bid, a.high = amount, seat
        self.events.append(ev.Bid(seat, amount))
        if len(a.active) == 1:
            self._auction_won()
        else:
            a.turn = self._next_active(seat)

    def _pass(self) -> None:
        a = self.auction
        seat = a.turn
        a.active.remove(seat)
        a.passers.append(seat)
        self.events.append(ev.Passed(seat))
        if len(a.passers) <= len(a.participants) - TEAM and len(a.participants) > TEAM:
            card = a.private[seat].pop()  # GR-6 n = 5/6: the first passer(s) discard face up
            a.discarded_up.append((seat, card))
            self._discard_up([card])
            self.events.append(ev.DiscardedFaceUp(seat, card))
        if not a.active:
            self._auction_empty()
        elif len(a.active) == 1 and a.high is not None:
            self._auction_won()
        else:
            a.turn = self._next_active(seat)

    def _lot(self) -> list[str]:
        a = self.auction
        return [card for s in a.participants for card in a.private[s]] + a.public

    def _auction_won(self) -> None:
        a = self.auction
        winner, price, lot = a.high, a.bid, self._lot()
        self.coins[winner] -= price
        self.paid_bids[winner] += price
        self.events.append(ev.LotWon(winner, price, tuple(lot)))
        self.auction = None
        if a.kind == "start":
            self.empty_streak = 0
            self.boards[winner] = lot
            self._next_start_auction((winner + 1) % self.players)
            return
        old = self.boards[winner]
        self._discard_up(old)
        self.boards[winner] = lot
        self.events.append(ev.TeamReplaced(winner, tuple(old), tuple(lot)))
        self.phase = PHASE_ARRANGE
        self.arrange_queue = [winner]

    def _auction_empty(self) -> None:
        a = self.auction
        # [R] an unbid lot goes to the discard pile as it lies: private cards face down
        for seat in a.participants:
            self.discard.extend((card, seat) for card in a.private[seat])
        self._discard_up(a.public)
        self.events.append(ev.LotDiscarded(a.kind, a.number))
        self.auction = None
        if a.kind == "start":
            self.empty_streak += 1
            self._next_start_auction(a.opener)
        else:
            self._after_substitute()

    def _after_substitute(self) -> None:
        if self.substitute == 1:
            self.substitute = 2
            self._open_auction("substitute", self._clockwise(self.last_placed))
        else:
            self.substitute = 0
            self.race += 1  # GR-18
            self._start_race(self.last_placed, [0] * self.players)

    def _arrange(self, perm: tuple[int, ...]) -> None:
        seat = self.arrange_queue.pop(0)
        board = self.boards[seat]
        self.boards[seat] = [board[i] for i in perm]
        self.events.append(ev.TeamArranged(seat, tuple(self.boards[seat])))
        if self.arrange_queue:
            return
        if self.substitute:
            self._after_substitute()
        else:
            self._start_race(0, [0] * self.players)  # GR-10: race 1 is started by seat 0

    # -- races (GR-10 … GR-15) -------------------------------------------------------------
    def _start_race(self, starter: int, positions: list[int]) -> None:
        self.phase = PHASE_RACE
        self.positions = list(positions)
        self.status = [RACING] * self.players
        self.finished, self.pond = [], []
        self.starter = self.current = starter
        self.last_roll = None
        self.events.append(ev.RaceStarted(self.race, GOALS[self.race - 1], starter))

    @property
    def goal(self) -> int:
        return GOALS[self.race - 1]

    def _move(self, seat: int, delta: int) -> None:
        before = self.positions[seat]
        after = before + delta
        self.positions[seat] = after
        self.events.append(ev.ChairMoved(seat, before, after))
        if after >= self.goal:  # GR-12
            self.status[seat] = FINISHED
            self.finished.append(seat)
            self.events.append(ev.ChairFinished(seat, len(self.finished)))
        elif after < -POND_DEPTH:  # GR-4
            self.status[seat] = POND
            self.pond.append(seat)
            self.events.append(ev.ChairInPond(seat, len(self.pond)))

    def _roll(self) -> None:
        seat = self.current
        die = int(self.rng.random() * DIE) + 1  # exactly uniform: DIE divides 2**53
        card = self.boards[seat][die - 1]
        self.last_roll = (seat, die, card)
        self.events.append(ev.DieRolled(seat, die, card))
        if card == SCHEMER:
            self.phase = PHASE_SCHEME
            return
        self._move(seat, MOVES[card])
        self._end_turn()

    def _can_push_back(self, seat: int, steps: int) -> bool:
        return self.positions[seat] - steps >= -POND_DEPTH

    def _scheme_actions(self) -> list[Action]:
        seat = self.current
        others = [s for s in range(self.players) if s != seat and self.status[s] == RACING]
        out = []
        for sign in (1, -1):
            if sign > 0:
                singles = [s for s in others if self._can_push_back(s, SCHEME_SINGLE)]
                pairable = [s for s in others if self._can_push_back(s, SCHEME_PAIR)]
            else:
                singles = pairable = others
            options = [SCHEMES[sign, (s,)] for s in singles]
            options += [SCHEMES[sign, pair] for pair in itertools.combinations(pairable, 2)]
            out += options or [SCHEMES[sign, ()]]
        return out

    def _scheme(self, sign: int, targets: tuple[int, ...]) -> None:
        seat = self.current
        step = SCHEME_SINGLE if len(targets) == 1 else SCHEME_PAIR
        self.events.append(ev.Schemed(seat, sign * SCHEME_OWN, targets, -sign * step if targets else 0))
        self._move(seat, sign * SCHEME_OWN)
        # simultaneous pushes over the goal finish clockwise from the schemer [R]
        for target in sorted(targets, key=lambda s: (s - seat) % self.players):
            self._move(target, -sign * step)
        self.phase = PHASE_RACE
        self._end_turn()

    def _race_decided(self) -> bool:
        """GR-13: places 1-3 and the last place are decided (or no chair is racing)."""
        if len(self.finished) < 3:
            return self.status.count(RACING) <= 1
        racing = [s for s in range(self.players) if self.status[s] == RACING]
        if len(racing) <= 1:
            return True
        if self.pond:
            return True
        rear = min(self.positions[s] for s in racing)
        return sum(1 for s in racing if self.positions[s] == rear) == 1

    def final_order(self) -> list[int]:
        """GR-14: finishers, then chairs on the course front to back, then the pond, latest first."""
        racing = [s for s in self._clockwise(self.starter) if self.status[s] == RACING]
        racing.sort(key=lambda s: -self.positions[s])  # stable: ties clockwise from the starter
        return self.finished + racing + self.pond[::-1]

    def _end_turn(self) -> None:
        if self._race_decided():
            self._end_race()
            return
        n, status = self.players, self.status
        for i in range(1, n):
            s = (self.current + i) % n
            if status[s] == RACING:
                self.current = s
                return

    def _end_race(self) -> None:
        order = self.final_order()
        self.results.append(order)
        for place, seat in enumerate(order[:3]):  # GR-15
            prize = PRIZES[self.race - 1][place]
            self.coins[seat] += prize
            self.prizes_won[seat] += prize
            self.events.append(ev.PrizePaid(seat, place + 1, prize))
        self.last_placed = order[-1]
        self.events.append(ev.RaceEnded(self.race, tuple(order)))
        if self.race >= RACES:  # GR-20
            self.phase = PHASE_OVER
            self.events.append(ev.GameOver(tuple(self.winners())))
            return
        self.phase = PHASE_EXCHANGE

    def _exchange(self, slots: tuple[int, ...]) -> None:
        chooser = self.last_placed
        gone = []
        for seat, slot in enumerate(slots):
            card = self.boards[seat][slot]
            gone.append(card)
            self.discard.append((card, PUBLIC))
        self.events.append(ev.BearersExchanged(chooser, tuple(slot + 1 for slot in slots), tuple(gone)))
        for seat in self._clockwise(chooser):  # GR-16: draws from the last-placed player on
            card = self._draw()
            self.boards[seat][slots[seat]] = card
            self.events.append(ev.BearerDrawn(seat, slots[seat] + 1, card))
        self.substitute = 1
        self._open_auction("substitute", self._clockwise(chooser))

    # -- the contract ----------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        phase = self.phase
        if phase == PHASE_AUCTION:
            return self.auction.turn
        if phase == PHASE_ARRANGE:
            return self.arrange_queue[0]
        if phase == PHASE_RACE or phase == PHASE_SCHEME:
            return self.current
        if phase == PHASE_EXCHANGE:
            return self.last_placed
        return None

    @property
    def is_over(self) -> bool:
        return self.phase == PHASE_OVER

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == PHASE_RACE:
            return [ROLL]
        if phase == PHASE_AUCTION:
            return self._auction_actions()
        if phase == PHASE_SCHEME:
            return self._scheme_actions()
        if phase == PHASE_ARRANGE:
            return list(ARRANGEMENTS)
        if phase == PHASE_EXCHANGE:
            return list(EXCHANGES[self.players])
        return []

    def apply(self, action: Action) -> None:
        kind = action.kind
        if kind == "roll":
            self._roll()
        elif kind == "bid":
            self._bid(action.args[0])
        elif kind == "pass":
            self._pass()
        elif kind == "scheme":
            self._scheme(*action.args)
        elif kind == "arrange":
            self._arrange(action.args)
        elif kind == "exchange":
            self._exchange(action.args)
        else:  # pragma: no cover - Game only hands over legal actions
            raise ValueError(f"not a Galopp Royal action: {action!r}")

    # -- refusing, with the rule -----------------------------------------------------------
    def parse(self, text: str) -> Action | None:
        return ACTIONS.get(text)

    def why_not(self, action: Action) -> tuple[str, str]:
        return self._why(action, str(action))

    def why_unknown(self, text: str) -> tuple[str, str]:
        return self._why(None, text)

    def refuse(self, action: Action | None, text: str) -> IllegalAction:
        if action is not None:
            action = ACTIONS.get(str(action))  # only trust our own table, never foreign args
        rule, reason = self._why(action, text)
        return IllegalAction(rule, reason, action)

    _HINTS = {
        PHASE_AUCTION: ("GR-7", "in an auction say 'bid 5' or 'pass'"),
        PHASE_ARRANGE: ("GR-9", "place your team with 'keep' or e.g. 'arrange 2,1,4,3'"),
        PHASE_RACE: ("GR-11", "on your race turn say 'roll'"),
        PHASE_SCHEME: ("GR-11", "choose the schemer's effect, e.g. 'scheme +2 1:-2' or "
                                "'scheme -2 1:+1 2:+1'"),
        PHASE_EXCHANGE: ("GR-16", "name one slot on every board, e.g. 'exchange 0:2 1:4 2:1'"),
    }

    def _why(self, action: Action | None, text: str) -> tuple[str, str]:  # noqa: C901
        phase = self.phase
        if phase == PHASE_OVER:
            return "GR-20", "The game is over: six races have been run."
        rule, hint = self._HINTS[phase]
        if action is None:
            if text.strip() == "arrange 1,2,3,4" and phase == PHASE_ARRANGE:
                return "GR-9", "To leave the team as it lies, say 'keep'."
            if text.startswith("scheme") and phase == PHASE_SCHEME:
                hint += " (write two seats in ascending order)"
            return rule, f"{text[:40]!r} is not a move here; {hint}."
        kind = action.kind
        seat = self.to_move
        if phase == PHASE_AUCTION:
            a = self.auction
            if kind == "pass":
                return "GR-8", (f"After {self.empty_streak} start auctions in a row without a bid, the "
                                "opener may not pass: bid at least 1.")
            if kind != "bid":
                return rule, f"An auction is running; {hint}."
            amount = action.args[0]
            if amount > self.coins[seat]:
                have = self.coins[seat]
                return "GR-7", f"You have {have} coins, so you can bid at most {have}."
            return "GR-7", f"The current bid is {a.bid}; bid at least {a.bid + 1} or pass."
        if phase == PHASE_SCHEME:
            if kind == "roll":
                return "GR-11", "You rolled the schemer: choose its effect first."
            if kind != "scheme":
                return rule, f"You rolled the schemer; {hint}."
            return self._why_scheme(action.args)
        if kind == "scheme":
            return "GR-11", "A schemer effect is chosen only right after rolling a schemer."
        if phase == PHASE_EXCHANGE and kind == "exchange":
            return "GR-16", (f"Name exactly one slot (1-{SLOTS}) on each of the {self.players} boards, "
                             f"seats 0 to {self.players - 1} in the notation.")
        if phase == PHASE_EXCHANGE:
            return rule, f"Player {self.last_placed + 1} placed last and exchanges bearers first; {hint}."
        if phase == PHASE_ARRANGE:
            return rule, f"Player {seat + 1} must place the new team on the board; {hint}."
        return rule, f"The race is on; {hint}."

    def _why_scheme(self, args: tuple) -> tuple[str, str]:
        sign, targets = args
        seat = self.current
        for t in targets:
            if t >= self.players:
                return "GR-11", f"There is no seat {t} (player {t + 1}) in this game."
            if t == seat:
                return "GR-11", "The schemer moves your own chair and *other* chairs; name other seats."
            if self.status[t] != RACING:
                return "GR-11", (f"Player {t + 1}'s chair is {STATUS_NAMES[self.status[t]]}: only racing "
                                 "chairs are targets.")
        if sign > 0:
            step = SCHEME_SINGLE if len(targets) == 1 else SCHEME_PAIR
            for t in targets:
                if not self._can_push_back(t, step):
                    return "GR-11", (f"Player {t + 1}'s chair is on {self.positions[t]}; pushing it back {step} "
                                     "would drop it into the pond, which the schemer may never do.")
        if not targets:
            return "GR-11", ("Another racing chair can be moved, so the schemer must move one chair by "
                             f"{SCHEME_SINGLE} or two chairs by {SCHEME_PAIR}.")
        return "GR-11", "That schemer effect is not possible now."

    # -- results and views -----------------------------------------------------------------
    def scores(self) -> list[int]:
        return list(self.coins)

    def explain_scores(self) -> list[dict[str, Any]]:
        out = []
        for seat in range(self.players):
            parts = [
                {"rule": "GR-1", "what": "starting coins", "points": self.start_coins[seat]},
                {"rule": "GR-15", "what": "race prizes", "points": self.prizes_won[seat]},
                {"rule": "GR-8", "what": "auction bids paid", "points": -self.paid_bids[seat]},
                {"rule": "GR-6", "what": "forced team paid", "points": -self.paid_forced[seat]},
            ]
            out.append({"seat": seat, "parts": parts, "total": self.coins[seat]})
        return out

    def _auction_view(self, seat: int | None) -> dict[str, Any] | None:
        a = self.auction
        if a is None:
            return None
        return {
            "kind": a.kind,
            "number": a.number,
            "opener": a.opener,
            "participants": list(a.participants),
            "active": list(a.active),
            "passers": list(a.passers),
            "current_bid": a.bid,
            "high_bidder": a.high,
            "lot_public": list(a.public),
            "my_private": list(a.private[seat]) if seat in a.private else [],
            "private_counts": [len(a.private.get(s, ())) for s in range(self.players)],
            "discarded_up": [[s, c] for s, c in a.discarded_up],
            "must_bid": self._must_bid(a.turn),
        }

    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may know (None: what everyone may know); keys in the module docstring."""
        roll = self.last_roll
        return {
            "game": self.name,
            "seat": seat,
            "players": self.players,
            "phase": self.phase,
            "to_move": self.to_move,
            "race": self.race,
            "goal": self.goal,
            "prizes": list(PRIZES[self.race - 1]),
            "goals": list(GOALS),
            "prize_table": [list(p) for p in PRIZES],
            "pond_depth": POND_DEPTH,
            "positions": [None if self.status[s] == POND else self.positions[s] for s in range(self.players)],
            "status": [STATUS_NAMES[st] for st in self.status],
            "finished": list(self.finished),
            "pond": list(self.pond),
            "starter": self.starter,
            "last_roll": None if roll is None else {"seat": roll[0], "die": roll[1], "card": roll[2]},
            "last_placed": self.last_placed,
            "results": [list(r) for r in self.results],
            "coins": list(self.coins),
            "boards": [None if b is None else list(b) for b in self.boards],
            "auction": self._auction_view(seat),
            "deck_size": len(self.deck),
            "discard": [card for card, knower in self.discard if knower == PUBLIC],
            "discard_face_down": sum(1 for _, knower in self.discard if knower != PUBLIC),
            "my_face_down_discards": [card for card, knower in self.discard
                                      if knower != PUBLIC and knower == seat],
            "empty_auctions": self.empty_streak,
            "arrange_queue": list(self.arrange_queue),
            "winners": self.winners() if self.phase == PHASE_OVER else None,
        }

    # -- hidden information ----------------------------------------------------------------
    def determinize(self, seat: int | None, rng: random.Random) -> GaloppRoyal:
        """A full state consistent with ``view(seat)``: every card `seat` cannot know is re-dealt
        at random from `rng`, and future chance comes from `rng` too (never from this game's RNG).
        """
        other = object.__new__(type(self))
        for key, value in self.__dict__.items():
            if key not in ("rng", "events"):
                other.__dict__[key] = copy.deepcopy(value)
        other.events = list(self.events)
        other.rng = random.Random(rng.getrandbits(64))
        pool = list(other.deck)
        a = other.auction
        hidden_seats = [] if a is None else [s for s in a.participants if s != seat]
        for s in hidden_seats:
            pool += a.private[s]
        hidden_discards = [i for i, (_, knower) in enumerate(other.discard)
                           if knower != PUBLIC and knower != seat]
        pool += [other.discard[i][0] for i in hidden_discards]
        rng.shuffle(pool)
        deal = iter(pool)
        other.deck = [next(deal) for _ in other.deck]
        for s in hidden_seats:
            a.private[s] = [next(deal) for _ in a.private[s]]
        for i in hidden_discards:
            other.discard[i] = (next(deal), other.discard[i][1])
        return other
