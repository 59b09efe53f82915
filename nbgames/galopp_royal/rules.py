"""Galopp Royal (Klaus Teuber): the complete rules GR-1…GR-20 of ``rules/galopp_royal.md``.

Seats are 0…n-1, clockwise (the next seat to the left is ``seat + 1``). Bearer cards are named
``+1 +2 +3 +5 goof schemer``; slots on a bearer board are 1–4.

Notation: see ``tables.py``. Events (public facts only): ``events.py``; in words: ``text.py``.

Legality lives in one place: the ``PHASES`` table at the end says, for each phase, whose
decision it is and which kinds of action are played there, each with its legal actions, its check
(None, or the refusal with its GR rule id) and its handler. ``check(action)`` answers for any
action of the table and backs ``why_not``; ``preview(action)`` is the engine's (events, scores).

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

``bot_view(seat)``: what the bots weigh of that view (nbgames/galopp_royal/bot.py), cheaper:
``seat``, ``players``, ``phase``, ``goal``, ``prize_table``, ``results``, ``positions``,
``status``, ``finished``, ``coins``, ``boards`` and ``auction`` (the view's values).

Options (validated in ``options.py``; both default ``None``) exist to build teaching and test
positions: ``deck``: card names to put on top of the deck, top first; ``scenario``: start
directly at a race: ``{"boards": [[4 card names] per seat], "race": 1-6, "coins": [...],
"positions": [...], "starter": seat}``.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from ..engine.action import Action
from ..engine.chance import Chance
from ..engine.plaincopy import copied
from ..engine.rules import Rules
from ..i18n import N_, msg
from . import events as ev
from .options import normalize
from .tables import (
    ACTIONS,
    ALL_CARDS,
    ARRANGEMENTS,
    BIDS,
    DIE,
    EXCHANGES,
    FORCED_PRICE,
    GOALS,
    GUARD,
    MAX_COINS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MOVES,
    PASS,
    POND_DEPTH,
    PRIZES,
    RACES,
    ROLL,
    SCHEME_OWN,
    SCHEME_PAIR,
    SCHEME_SINGLE,
    SCHEMER,
    SCHEMES,
    SLOTS,
    START_COINS,
    TEAM,
)

PHASE_AUCTION, PHASE_ARRANGE, PHASE_RACE, PHASE_SCHEME, PHASE_EXCHANGE, PHASE_OVER = (
    "auction", "arrange", "race", "scheme", "exchange", "over")
RACING, FINISHED, POND = 0, 1, 2
STATUS_NAMES = ("racing", "finished", "pond")
STATUS_WORDS = (N_("racing"), N_("finished"), N_("in the pond"))  # as a refusal says it
PUBLIC = -1  # knower of a face-up discard
Refusal = tuple[str, str]  # (rule id, reason)


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

    def copy(self) -> Auction:
        """An independent copy (for `GaloppRoyal.determinize`): its lists copied, cards shared."""
        other = object.__new__(Auction)
        other.kind, other.number, other.opener = self.kind, self.number, self.opener
        other.bid, other.high, other.turn = self.bid, self.high, self.turn
        other.participants, other.active, other.passers = list(self.participants), list(self.active), list(self.passers)
        other.private = {seat: list(cards) for seat, cards in self.private.items()}
        other.public, other.discarded_up = list(self.public), list(self.discarded_up)
        return other



def _is_die(value: Any) -> bool:
    return type(value) is int and 1 <= value <= DIE

class GaloppRoyal(Rules):
    """Galopp Royal: start-team auctions, six races, exchanges and substitute auctions."""

    name = "galopp_royal"
    title = N_("Galopp Royal")
    rules_version = "1"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS

    @classmethod
    def normalize_options(cls, players: int, options: dict[str, Any]) -> dict[str, Any]:
        """Fill in ``deck`` and ``scenario`` (both None by default); ValueError if invalid."""
        return normalize(players, options)

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
        self.rng.shuffle(left)
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
            self.rng.shuffle(self.deck)  # hidden: each draw reveals one card
            self.events.append(ev.DeckReshuffled(len(self.deck)))
        return self.rng.draw(self.deck)

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

    def _bid_range(self) -> tuple[int, int]:
        """GR-7: the lowest and highest bid allowed now (more than the bid, at most your coins)."""
        return self.auction.bid + 1, min(self.coins[self.auction.turn], MAX_COINS)

    def _bids(self) -> list[Action]:
        low, high = self._bid_range()
        return BIDS[low:high + 1]

    def _check_bid(self, action: Action) -> Refusal | None:
        low, high = self._bid_range()
        if action.args[0] > high:
            return "GR-7", msg("You have {coins} coins, so you can bid at most {coins}.", coins=high)
        if action.args[0] < low:
            return "GR-7", msg("The current bid is {bid}; bid at least {low} or pass.", bid=low - 1, low=low)
        return None

    def _check_pass(self, action: Action) -> Refusal | None:
        if self._must_bid(self.auction.turn):
            return "GR-8", msg("After {n} start auctions in a row without a bid, the opener may not pass: "
                               "bid at least 1.", n=self.empty_streak)
        return None

    def _passes(self) -> list[Action]:
        return [PASS] if self._check_pass(PASS) is None else []

    def _next_active(self, seat: int) -> int:
        a = self.auction
        for s in self._clockwise(seat)[1:]:
            if s in a.active:
                return s
        return seat

    def _bid(self, action: Action) -> None:
        a = self.auction
        seat, amount = a.turn, action.args[0]
        a.bid, a.high = amount, seat
        self.events.append(ev.bid(seat, amount))
        if len(a.active) == 1:
            self._auction_won()
        else:
            a.turn = self._next_active(seat)

    def _pass(self, action: Action) -> None:
        a = self.auction
        seat = a.turn
        a.active.remove(seat)
        a.passers.append(seat)
        self.events.append(ev.passed(seat))
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

    def _arrange(self, action: Action) -> None:
        seat = self.arrange_queue.pop(0)
        board = self.boards[seat]
        self.boards[seat] = [board[i] for i in action.args]
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
        self.events.append(ev.chair_moved(seat, before, after))
        if after >= self.goal:  # GR-12
            self.status[seat] = FINISHED
            self.finished.append(seat)
            self.events.append(ev.chair_finished(seat, len(self.finished)))
        elif after < -POND_DEPTH:  # GR-4
            self.status[seat] = POND
            self.pond.append(seat)
            self.events.append(ev.ChairInPond(seat, len(self.pond)))

    def _roll_die(self) -> int:
        return int(self.rng.random() * DIE) + 1  # exactly uniform: DIE divides 2**53

    def _roll(self, action: Action) -> None:
        seat = self.current
        die = self.rng.pick(self._roll_die, _is_die)
        card = self.boards[seat][die - 1]
        self.last_roll = (seat, die, card)
        self.events.append(ev.die_rolled(seat, die, card))
        if card == SCHEMER:
            self.phase = PHASE_SCHEME
            return
        self._move(seat, MOVES[card])
        self._end_turn()

    def _target_fault(self, target: int, sign: int, step: int) -> str | None:
        """GR-11: why the schemer may not move `target`'s chair by `step` (back for option (a),
        sign +1), as a short code for `_check_target` to put in words; None if it may. The legal
        list asks this many times a turn, so no words are built here."""
        if target >= self.players:
            return "no seat"
        if target == self.current:
            return "own chair"
        if self.status[target] != RACING:
            return "not racing"
        if sign > 0 and self.positions[target] - step < -POND_DEPTH:
            return "pond"
        return None

    def _check_target(self, target: int, sign: int, step: int) -> Refusal | None:
        fault = self._target_fault(target, sign, step)
        if fault is None:
            return None
        if fault == "no seat":
            return "GR-11", msg("There is no seat {seat} (player {n}) in this game.", seat=target, n=target + 1)
        if fault == "own chair":
            return "GR-11", msg("The schemer moves your own chair and other players' chairs: name other players.")
        if fault == "not racing":
            return "GR-11", msg("Player {n}'s chair is {status}: only racing chairs are targets.",
                               n=target + 1, status=STATUS_WORDS[self.status[target]])
        return "GR-11", msg("Player {n}'s chair is on {space}; pushing it back {step} would drop it into "
                           "the pond, which the schemer may never do.",
                           n=target + 1, space=self.positions[target], step=step)

    def _scheme_options(self, sign: int) -> list[Action]:
        """The schemer's legal effects with this option: one chair moved, two, or (if no other
        chair may be moved) only the schemer's own (GR-11 [R])."""
        fault, seats = self._target_fault, range(self.players)
        singles = [s for s in seats if fault(s, sign, SCHEME_SINGLE) is None]
        pairable = [s for s in seats if fault(s, sign, SCHEME_PAIR) is None]
        options = [SCHEMES[sign, (s,)] for s in singles]
        options += [SCHEMES[sign, pair] for pair in itertools.combinations(pairable, 2)]
        return options or [SCHEMES[sign, ()]]

    def _schemes(self) -> list[Action]:
        return self._scheme_options(1) + self._scheme_options(-1)

    def _check_scheme(self, action: Action) -> Refusal | None:
        sign, targets = action.args
        step = SCHEME_SINGLE if len(targets) == 1 else SCHEME_PAIR
        for target in targets:
            refusal = self._check_target(target, sign, step)
            if refusal is not None:
                return refusal
        if not targets and self._scheme_options(sign) != [SCHEMES[sign, ()]]:
            return "GR-11", msg("Another racing chair can be moved, so the schemer must move one chair by "
                               "{single} or two chairs by {pair}.", single=SCHEME_SINGLE, pair=SCHEME_PAIR)
        return None

    def _scheme(self, action: Action) -> None:
        seat, (sign, targets) = self.current, action.args
        step = SCHEME_SINGLE if len(targets) == 1 else SCHEME_PAIR
        self.events.append(ev.schemed(seat, sign * SCHEME_OWN, targets, -sign * step if targets else 0))
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

    def _exchange(self, action: Action) -> None:
        chooser, slots = self.last_placed, action.args
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

    def _check_exchange(self, action: Action) -> Refusal | None:
        if len(action.args) != self.players:
            return "GR-16", msg("Name exactly one slot (1-{slots}) on each of the {n} boards, seats 0 to {last} in "
                               "the notation.", slots=SLOTS, n=self.players, last=self.players - 1)
        return None

    # -- the contract: every phase's rules are in the PHASES table below ----------------------
    @property
    def to_move(self) -> int | None:
        return PHASES[self.phase].to_move(self)

    @property
    def is_over(self) -> bool:
        return self.phase == PHASE_OVER

    def legal_actions(self) -> list[Action]:
        kinds = PHASES[self.phase].playing
        if len(kinds) == 1:  # most phases: no list to join
            return kinds[0].legal(self)
        return [action for kind in kinds for action in kind.legal(self)]

    def apply(self, action: Action) -> None:
        PHASES[self.phase].kinds[action.kind].apply(self, action)

    def parse(self, text: str) -> Action | None:
        return ACTIONS.get(text)

    def check(self, action: Action) -> Refusal | None:
        """None if `action` (from ACTIONS) is legal now, else (rule id, reason): its kind's own
        check, or the phase's reason when its kind is not played now."""
        phase = PHASES[self.phase]
        kind = phase.kinds.get(action.kind)
        if kind is None:
            return phase.refusal(phase.busy(self))
        return kind.check(self, action)

    def why_not(self, action: Action) -> Refusal:
        refusal = self.check(action)
        if refusal is None:
            raise ValueError(f"{action} is legal now")
        return refusal

    def why_unknown(self, text: str) -> Refusal:
        phase = PHASES[self.phase]
        if text.strip() == "arrange 1,2,3,4" and self.phase == PHASE_ARRANGE:
            return "GR-9", msg("To leave the team as it lies, say 'keep'.")
        if self.phase == PHASE_OVER:
            return phase.refusal(phase.busy(self))
        lead = msg("{text} is not a move here", text=repr(text[:40]))
        if text.startswith("scheme") and self.phase == PHASE_SCHEME:
            return phase.rule, msg("{lead}; {hint} (write two seats in ascending order).", lead=lead, hint=phase.hint)
        return phase.refusal(lead)

    # -- results and views -----------------------------------------------------------------
    def scores(self) -> list[int]:
        return list(self.coins)

    def explain_scores(self) -> list[dict[str, Any]]:
        out = []
        for seat in range(self.players):
            parts = [
                {"rule": "GR-1", "what": msg("starting coins"), "points": self.start_coins[seat]},
                {"rule": "GR-15", "what": msg("race prizes"), "points": self.prizes_won[seat]},
                {"rule": "GR-8", "what": msg("auction bids paid"), "points": -self.paid_bids[seat]},
                {"rule": "GR-6", "what": msg("forced team paid"), "points": -self.paid_forced[seat]},
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
        view = {"game": self.name, **self.bot_view(seat)}
        view.update({
            "to_move": self.to_move,
            "race": self.race,
            "prizes": list(PRIZES[self.race - 1]),
            "goals": list(GOALS),
            "pond_depth": POND_DEPTH,
            "pond": list(self.pond),
            "starter": self.starter,
            "last_roll": None if roll is None else {"seat": roll[0], "die": roll[1], "card": roll[2]},
            "last_placed": self.last_placed,
            "deck_size": len(self.deck),
            "discard": [card for card, knower in self.discard if knower == PUBLIC],
            "discard_face_down": sum(1 for _, knower in self.discard if knower != PUBLIC),
            "my_face_down_discards": [card for card, knower in self.discard
                                      if knower != PUBLIC and knower == seat],
            "empty_auctions": self.empty_streak,
            "arrange_queue": list(self.arrange_queue),
            "winners": self.winners() if self.phase == PHASE_OVER else None,
        })
        return view

    def bot_view(self, seat: int | None) -> dict[str, Any]:
        """The keys of `view(seat)` the bots read at every playout bid and evaluation (the view
        is built on them), built alone."""
        return {
            "seat": seat,
            "players": self.players,
            "phase": self.phase,
            "goal": self.goal,
            "prize_table": [list(p) for p in PRIZES],
            "results": [list(r) for r in self.results],
            "positions": [None if self.status[s] == POND else self.positions[s] for s in range(self.players)],
            "status": [STATUS_NAMES[st] for st in self.status],
            "finished": list(self.finished),
            "coins": list(self.coins),
            "boards": [None if b is None else list(b) for b in self.boards],
            "auction": self._auction_view(seat),
        }

    # -- hidden information ----------------------------------------------------------------
    def components(self) -> Counter:
        """Every bearer card wherever it lies (deck, discard pile, boards, the auction's private
        and public cards): the multiset a determinization must conserve."""
        cards = Counter(self.deck)
        cards.update(card for card, _ in self.discard)
        for board in self.boards:
            cards.update(board or ())
        if self.auction is not None:
            for private in self.auction.private.values():
                cards.update(private)
            cards.update(self.auction.public)
        return cards

    # The state's lists, each copied by `_copy`; everything else in it is a number, text, a tuple,
    # an immutable card, action or event, the options (plain data) or the RNG (replaced).
    _LISTS = ("coins", "start_coins", "paid_bids", "paid_forced", "prizes_won", "deck", "discard",
              "positions", "status", "finished", "pond", "arrange_queue", "events")

    def _copy(self) -> GaloppRoyal:
        """An independent copy of the state, several times faster than a deep copy: a search
        makes one for every sampled game. It shares the RNG until the caller replaces it."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        for key in self._LISTS:
            setattr(other, key, list(getattr(self, key)))
        other.boards = [None if board is None else list(board) for board in self.boards]
        other.results = [list(order) for order in self.results]
        other.options = copied(self.options)
        if self.auction is not None:
            other.auction = self.auction.copy()
        return other

    def determinize(self, seat: int | None, rng: random.Random) -> GaloppRoyal:
        """A full state consistent with ``view(seat)``: every card `seat` cannot know is re-dealt
        at random from `rng`, and future chance comes from `rng` too (never from this game's RNG).
        """
        other = self._copy()
        other.rng = Chance(rng.getrandbits(64))
        pool = list(other.deck)
        a = other.auction
        hidden_seats = [] if a is None else [s for s in a.participants if s != seat]
        for s in hidden_seats:
            pool += a.private[s]
        hidden_discards = [i for i, (_, knower) in enumerate(other.discard)
                           if knower != PUBLIC and knower != seat]
        pool += [other.discard[i][0] for i in hidden_discards]
        pool.sort()  # the unseen cards, not where they really lie, go into the shuffle
        rng.shuffle(pool)
        deal = iter(pool)
        other.deck = [next(deal) for _ in other.deck]
        for s in hidden_seats:
            a.private[s] = [next(deal) for _ in a.private[s]]
        for i in hidden_discards:
            other.discard[i] = (next(deal), other.discard[i][1])
        return other


# -- the phases: who moves, which kinds of action are played, and how ---------------------------
@dataclasses.dataclass(frozen=True)
class Kind:
    """One kind of action in a phase. `legal` and `check` rest on the same rule helpers, so an
    action is in `legal` exactly when `check` finds nothing against it."""

    legal: Callable[[GaloppRoyal], list[Action]]
    check: Callable[[GaloppRoyal, Action], Refusal | None]
    apply: Callable[[GaloppRoyal, Action], None]


def _always_legal(rules: GaloppRoyal, action: Action) -> None:
    return None


@dataclasses.dataclass(frozen=True)
class Phase:
    """A phase of the game: whose decision it is, the kinds of action played (in the order the
    legal list gives them), and what to tell a player who tries anything else."""

    to_move: Callable[[GaloppRoyal], int | None]
    kinds: dict[str, Kind]
    rule: str
    busy: Callable[[GaloppRoyal], str]  # why other moves wait, e.g. "An auction is running"
    hint: str = ""  # what a move looks like here

    @functools.cached_property
    def playing(self) -> tuple[Kind, ...]:
        return tuple(self.kinds.values())

    def refusal(self, lead: str) -> Refusal:
        if self.hint:
            return self.rule, msg("{lead}; {hint}.", lead=lead, hint=self.hint)
        return self.rule, msg("{lead}.", lead=lead)


R = GaloppRoyal  # the table names its methods
PHASES: dict[str, Phase] = {
    PHASE_AUCTION: Phase(
        to_move=lambda r: r.auction.turn,
        kinds={"bid": Kind(R._bids, R._check_bid, R._bid), "pass": Kind(R._passes, R._check_pass, R._pass)},
        rule="GR-7", busy=lambda r: msg("An auction is running"), hint=N_("in an auction say 'bid 5' or 'pass'")),
    PHASE_ARRANGE: Phase(
        to_move=lambda r: r.arrange_queue[0],
        kinds={"arrange": Kind(lambda r: list(ARRANGEMENTS), _always_legal, R._arrange)},
        rule="GR-9", busy=lambda r: msg("Player {n} must place the new team on the board", n=r.arrange_queue[0] + 1),
        hint=N_("place your team with 'keep' or e.g. 'arrange 2,1,4,3'")),
    PHASE_RACE: Phase(
        to_move=lambda r: r.current,
        kinds={"roll": Kind(lambda r: [ROLL], _always_legal, R._roll)},
        rule="GR-11", busy=lambda r: msg("The race is on"), hint=N_("on your race turn say 'roll'")),
    PHASE_SCHEME: Phase(
        to_move=lambda r: r.current,
        kinds={"scheme": Kind(R._schemes, R._check_scheme, R._scheme)},
        rule="GR-11", busy=lambda r: msg("You rolled the schemer"),
        hint=N_("choose the schemer's effect, e.g. 'scheme +2 1:-2' or 'scheme -2 1:+1 2:+1'")),
    PHASE_EXCHANGE: Phase(
        to_move=lambda r: r.last_placed,
        kinds={"exchange": Kind(lambda r: list(EXCHANGES[r.players]), R._check_exchange, R._exchange)},
        rule="GR-16", busy=lambda r: msg("Player {n} placed last and exchanges bearers first", n=r.last_placed + 1),
        hint=N_("name one slot on every board, e.g. 'exchange 0:2 1:4 2:1'")),
    PHASE_OVER: Phase(
        to_move=lambda r: None, kinds={},
        rule="GR-20", busy=lambda r: msg("The game is over: six races have been run")),
}
