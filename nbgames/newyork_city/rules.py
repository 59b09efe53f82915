"""New York City (Stefan Feld): the complete rules, NYC-1 … NYC-14, for 2–4 players.

Rule file: ``shared/rules/newyork_city.md``; numbers the rule file leaves open are house defaults
in ``data.json`` (named in its ``house_resolutions``). Seats sit clockwise in seat order; "the
player to the right" of a seat is the seat before it.

Notation (``str(action)``; cards are kind letters P press, D dollar, E elevator, A building
acquisition, V VP, C construction, W wild; districts their letter of this game; ``-`` no cards):

- ``start 29``         choose starting character 29 (NYC-7)
- ``take 3``           take display pair 3 while drafting (NYC-9)
- ``take 3+5``         character 4: take pairs 3 and 5 at once (first lap; no second-lap pick)
- ``take 3:D 5:W``     character 2: take a D from pair 3 and a W from pair 5 (the rest stays a pair)
- ``play P``           add a card of the bidding round's kind to your bid (NYC-10)
- ``play DD``          add two identical cards of any kind, counted as one card (``play PP`` in the
  press round too: the rule allows it, though two P played singly count twice)
- ``play W``           add a wild (it copies the bid's kind; never alone)
- ``done`` / ``pass``  finish your bid / play nothing this bidding round
- ``swap D>V``         put hand card D into your reserve and take reserve card V: in every decision
  of that seat (draft, character windows, bidding, elevator, fame tile, …), as often as it likes;
  a swap does not end the decision (NYC-10 [R])
- ``use 13 D``         use a character's ability (1 dollar onto it); the detail depends on it:
  ``use 1 DDV`` / ``use 1 -`` (cards to redraw), ``use 7 28>14`` (give 28, take 14), ``use 11 B``
  (district), ``use 12 DV`` (reserve cards to replace), ``use 13 D`` / ``use 20 D`` / ``use 15 P``
  (a card), ``use 14 2`` (press spaces), ``use 3`` … (no detail)
- ``done``             also ends your turn to use phase-1 / phase-3 abilities
- ``drop DV``          character 5: the two cards to discard after drawing 3
- ``back PW``          character 22: the played cards to take back (``back -``: none)
- ``hire 14`` / ``hire none``   elevator round: the character you take (NYC-10)
- ``move B``           construction when short of buildings: move one of yours from district B
- ``fame 7 r4>B`` / ``fame none``   VP round: fame tile 7 onto district B at an end of route r4,
  whose vehicle you take

``view(seat)`` keys (JSON-safe; ``seat=None`` gives only public facts): ``round``, ``stage``,
``to_move``, ``swaps_now`` (the swaps the seat to move made since its last other move),
``players``, ``seat``, ``letters`` (each district's letter, in data order), ``mayor`` (a letter),
``districts`` (per district: letter, name, tile, fame tiles, value, neutral, buildings per seat,
lanterns, mayor), ``routes`` (id, ends as letters, vehicle or null once taken, vehicle_colour,
lanterns), ``press_order`` (seats and "black", first = highest),
``neutral_press``, ``statue`` (next value, holders), ``fame_up``, ``fame_left``, ``seats`` (per
seat: dollars, on_characters, board, stock, vp, press, statue, characters with
number/phase/level/used, vehicles, reserve, hand_size, known_hand (cards everyone saw it take),
hand (the viewer's own only, else null), last_pick), ``display`` (pairs, null where taken),
``bidding`` (kind, order, start, values, done, cards; null outside phase 2), ``pool``
(characters to hire), ``deck_size``, ``discard_size``, ``draft_order``, ``bank``, ``pending``
(what the seat to move decides: what, seat, lap / limit / left) and ``scores`` (NYC-13 if the
game ended now).

``bot_view(seat)``: what the bots weigh of that view, cheaper: ``stage``, ``to_move``,
``swaps_now``, ``players``, ``press_order``, ``bidding``, ``pending`` and ``seats`` with
reserve, known_hand and hand alone (the bots ask ``scores()`` apart).

``preview(action)``: ``events`` and ``scores`` after it (imagined chance), as for every game.
"""

from __future__ import annotations

import functools
import random
from typing import Any

from ..engine.action import Action
from ..engine.chance import shuffle
from ..engine.rules import Rules
from ..i18n import N_
from . import events as ev
from . import notation as nt
from .abilities import Abilities
from .bidding import Bidding
from .knowledge import Knowledge
from .scoring import Scoring
from .tables import CARD_KINDS, PUBLIC, msg, tables_for

# NYC-10 [R]: the reserve may be swapped with hand cards in every decision of its seat ("at any
# time"), so "swap" is offered in every stage; a swap never ends the decision.
KINDS_OF_STAGE = {
    "start": ("start",), "draft": ("take", "take2", "split"), "window1": ("use", "done"),
    "bid": ("play", "use", "pass", "done"), "drop": ("drop",), "back": ("back",),
    "hire": ("hire",), "move": ("move",), "fame": ("fame",), "window3": ("use", "done"), "over": (),
}
KINDS_OF_STAGE = {stage: kinds + ("swap",) if stage != "over" else kinds for stage, kinds in KINDS_OF_STAGE.items()}
DRAFT_ABILITY = {"take2": "two_pairs", "split": "split_pairs"}  # draft picks of characters 4 and 2
# Kinds whose candidates are each legal (their generators ask what the checks ask): `legal_actions`
# skips their checks, and asks of a character's use only what its ability needs (`_usable`);
# tests/test_engine_speed.py compares with every candidate checked in full.
EXACT_KINDS = frozenset({"take", "play", "swap", "hire", "pass", "done"})
LIST_CHECKS = {"use": "_usable"}
WHAT_NOW = {
    "start": ("NYC-7", N_("choose a starting character, e.g. 'start 29'")),
    "draft": ("NYC-9", N_("take a display pair, e.g. 'take 3'")),
    "window1": ("NYC-9", N_("use a phase-1 character ('use 3') or say 'done'")),
    "bid": ("NYC-10", N_("add cards to your bid ('play P', 'play DD', 'play W'), swap with your reserve "
                         "('swap D>V'), use a phase-2 character, then 'done' — or 'pass'")),
    "drop": ("NYC-12", N_("character 5: name the two cards to discard, e.g. 'drop DV'")),
    "back": ("NYC-12", N_("character 22: name the played cards to take back, e.g. 'back PW' or 'back -'")),
    "hire": ("NYC-10", N_("take a character with the elevator ('hire 14') or 'hire none'")),
    "move": ("NYC-10", N_("move one of your buildings into the mayor's district, e.g. 'move B'")),
    "fame": ("NYC-10", N_("place a fame tile ('fame 7 r4>B') or 'fame none'")),
    "window3": ("NYC-11", N_("use a phase-3 character ('use 24') or say 'done'")),
    "over": ("NYC-14", N_("the game is over")),
}


class NewYorkCity(Abilities, Bidding, Scoring, Knowledge, Rules):
    """State and rules of one game of New York City."""

    name = "newyork_city"
    title = N_("New York City")
    rules_version = "1"
    min_players = 2
    max_players = 4

    @classmethod
    def normalize_options(cls, players: int, options: dict[str, Any]) -> dict[str, Any]:
        unknown = set(options) - {"data"}
        if unknown:
            raise ValueError(f"unknown New York City options: {sorted(map(str, unknown))}")
        out = {"data": options.get("data")}
        tables_for(out["data"])  # ValueError naming what is wrong with a user's data
        return out

    def __init__(self, players: int, options: dict[str, Any], rng: random.Random):
        super().__init__(players, options, rng)
        T = self.T = tables_for(options.get("data"))
        data = T.data
        n = len(T.districts)
        self.round = 0
        self.stage, self.actor = "start", 0
        self.todo: list[tuple] = []
        self.bank = data["bank_dollars"]
        self.dollars = [0] * players
        self.on_chars = [0] * players  # dollars lying on used characters (NYC-12)
        self.used: list[set[int]] = [set() for _ in range(players)]
        self.vp = [0] * players
        self.board = [0] * players  # buildings on the personal board
        self.stock = [data["buildings_per_player"]] * players
        self.buildings = [[0] * players for _ in range(n)]
        self.neutral = [data["neutral_buildings"]] * n
        self.boxed_black = 0
        self.fame_on: list[list[int]] = [[] for _ in range(n)]
        self.vehicle_on = [True] * len(T.routes)
        self.vehicles = [[0] * len(T.vehicle_colours) for _ in range(players)]
        self.statue_next = data["statue"]["first"]
        self.statue = [0] * players
        self.chars: list[list[int]] = [[] for _ in range(players)]
        self.pool = sorted(c for c in T.characters if c not in T.starting)
        self.boxed_chars: list[int] = []
        self.hand_pub = [[0] * CARD_KINDS for _ in range(players)]  # cards every seat knows are there
        self.hand_sec = [[0] * CARD_KINDS for _ in range(players)]  # cards only the owner knows
        self.reserve = [[0] * CARD_KINDS for _ in range(players)]
        self.discard: list[tuple[int, int]] = []  # (card, who knows it: PUBLIC or a seat)
        self.display: list[tuple[int, int] | None] = []
        self.last_pick: list[tuple[int, ...]] = [() for _ in range(players)]
        self.skip_lap2: set[int] = set()
        self.fame_up: list[int] = []
        self.fame_gone: list[int] = []
        self.start_player = 0
        self.swaps_now = 0  # swaps the seat to move has made since its last other action (NYC-10)
        self.mayor = -1
        self._reset_bids(0)
        self._setup()

    # -- setup (NYC-7) ---------------------------------------------------------------------
    def _setup(self) -> None:
        T, rng, n = self.T, self.rng, len(self.T.districts)
        letters = rng.pick(lambda: self._permutation(n), lambda v: self._is_permutation(v, n))
        self.letters = "".join(T.letters[i] for i in letters)  # district index -> its letter this game
        tiles = rng.pick(lambda: self._permutation(n), lambda v: self._is_permutation(v, n))
        self.tile = [T.data["score_tiles"][i] for i in tiles]
        start = rng.pick(lambda: rng.randrange(n), lambda v: type(v) is int and 0 <= v < n)
        order = rng.pick(lambda: self._permutation(self.players), lambda v: self._is_permutation(v, self.players))
        # NYC-2: all markers stacked at 0, the first of `order` on top; black by player count
        self.press = [0] * self.players
        self.stamp = [0] * self.players
        for height, seat in enumerate(reversed(order)):
            self.stamp[seat] = height + 1
        self.counter = self.players + 1
        self.neutral_press = T.data["neutral_press"][str(self.players)]
        self.deck = list(T.deck)
        shuffle(rng, self.deck)
        self.fame_pile = sorted(T.fame)
        shuffle(rng, self.fame_pile)
        self.fame_up = [rng.draw(self.fame_pile) for _ in range(T.data["fame_tiles_per_round"])]
        for seat in range(self.players):
            self.buildings[start][seat] = 1
            self.stock[seat] -= 1 + T.data["start_buildings"]
            self.board[seat] = T.data["start_buildings"]
            self._bank_pays(seat, T.data["start_dollars"])
        self.events.append(ev.Setup(self.letters, tuple(self.tile), self.letters[start], tuple(order)))
        for seat in range(self.players):
            self._refill_reserve(seat, T.data["reserve_cards"], "NYC-7")
        self.todo = [("start", seat) for seat in self.draft_order()] + [("round",)]
        self._run()

    def _permutation(self, n: int) -> list[int]:
        items = list(range(n))
        shuffle(self.rng, items)
        return items

    @staticmethod
    def _is_permutation(value: Any, n: int) -> bool:
        return isinstance(value, list) and all(type(v) is int for v in value) and sorted(value) == list(range(n))

    # -- small helpers ---------------------------------------------------------------------
    def press_key(self, seat: int) -> tuple[int, int]:
        """Higher is ahead on the press track (NYC-2): the space, then the height in its stack."""
        return (self.press[seat], self.stamp[seat])

    def press_order(self) -> list[int]:
        """Seats from the press leader down."""
        return sorted(range(self.players), key=self.press_key, reverse=True)

    def draft_order(self) -> list[int]:
        """NYC-7/9: counter-clockwise from the player to the right of the press leader."""
        leader = self.press_order()[0]
        return [(leader - k) % self.players for k in range(1, self.players + 1)]

    def district(self, letter: str) -> int:
        return self.letters.index(letter)

    def hand(self, seat: int, card: int) -> int:
        return self.hand_pub[seat][card] + self.hand_sec[seat][card]

    def hand_size(self, seat: int) -> int:
        return sum(self.hand_pub[seat]) + sum(self.hand_sec[seat])

    def hand_cards(self, seat: int) -> list[int]:
        return [card for card in range(CARD_KINDS) for _ in range(self.hand(seat, card))]

    def _take_from_hand(self, seat: int, card: int) -> bool:
        """Remove one card from a hand (a known one first); True if everyone knew it was there."""
        if self.hand_pub[seat][card]:
            self.hand_pub[seat][card] -= 1
            return True
        self.hand_sec[seat][card] -= 1
        return False

    def _discard_face_down(self, seat: int, cards: tuple[int, ...] | list[int]) -> None:
        """Discard hand cards unseen. Which ones stays secret: of the cards everyone knew were
        in the hand, only those certain to be left stay known (k discards: k fewer of each)."""
        k = len(cards)
        for card in range(CARD_KINDS):
            forgotten = min(k, self.hand_pub[seat][card])
            self.hand_pub[seat][card] -= forgotten
            self.hand_sec[seat][card] += forgotten
        for card in cards:
            self.hand_sec[seat][card] -= 1
            self.discard.append((card, seat))
        self.events.append(ev.DiscardHidden(seat, k))

    def _draw(self) -> int | None:
        """The top card of the deck (the discard pile reshuffled when it is empty), or None."""
        if not self.deck:
            if not self.discard:
                return None
            self.deck = [card for card, _ in self.discard]
            self.discard = []
            shuffle(self.rng, self.deck)
            self.events.append(ev.Reshuffle())
        return self.rng.draw(self.deck)

    def _draw_to_hand(self, seat: int, count: int) -> None:
        drawn = 0
        for _ in range(count):
            card = self._draw()
            if card is None:
                break
            self.hand_sec[seat][card] += 1
            drawn += 1
        self.events.append(ev.Draw(seat, drawn))

    def _refill_reserve(self, seat: int, count: int, rule: str) -> None:
        cards = []
        for _ in range(count):
            card = self._draw()
            if card is None:
                break
            self.reserve[seat][card] += 1
            cards.append(card)
        self.events.append(ev.Reserve(seat, tuple(cards), rule))

    def _bank_pays(self, seat: int, amount: int) -> int:
        paid = min(amount, self.bank)
        self.bank -= paid
        self.dollars[seat] += paid
        return paid

    def _move_press(self, seat: int, steps: int, rule: str) -> None:
        """Up `steps` spaces (on top of a stack) or down (under it), within the track."""
        start = self.press[seat]
        end = max(0, min(self.T.data["press_track_top"], start + steps))
        if end != start:
            self.press[seat] = end
            self.counter += 1
            self.stamp[seat] = self.counter if end > start else -self.counter
        self.events.append(ev.Press(seat, start, end, rule))

    def _build(self, seat: int, d: int, source: str, rule: str) -> None:
        self.buildings[d][seat] += 1
        self.events.append(ev.Build(seat, self.letters[d], source, rule))
        self._check_statue(seat)

    def _check_statue(self, seat: int) -> None:
        """NYC-4: buildings in all six districts take the Statue bonus (4 first, 3 later)."""
        if not self.statue[seat] and all(row[seat] for row in self.buildings):
            self.statue[seat] = self.statue_next
            self.statue_next = self.T.data["statue"]["later"]
            self.events.append(ev.Statue(seat, self.statue[seat]))

    # -- the flow of the game: a list of tasks, some of them decisions ----------------------
    def _run(self) -> None:
        """Carry out automatic tasks until a seat has a decision to make (or the game ends)."""
        while self.todo:
            task = self.todo[0]
            name = task[0]
            if name in KINDS_OF_STAGE:
                if self._ready(task):
                    self.stage, self.actor = name, task[1]
                    return
                self.todo.pop(0)
                continue
            self.todo.pop(0)
            getattr(self, "_task_" + name)(*task[1:])
        self.stage, self.actor = "over", None

    def _ready(self, task: tuple) -> bool:
        """Whether a decision task has anything to decide (else it is skipped)."""
        name, seat = task[0], task[1]
        self.stage, self.actor = name, seat
        if name == "draft" and task[2] == 2 and seat in self.skip_lap2:
            return False
        kinds = tuple(k for k in KINDS_OF_STAGE[name] if k != "swap")  # a swap alone decides nothing
        if name in ("window1", "window3"):
            return self._some_legal(("use",))
        if name in ("hire", "fame"):  # only "hire none" / "fame none" left: nothing to decide
            return self._some_legal(kinds, lambda a: a.args and a.args[0])
        return self._some_legal(kinds)  # (an empty display or no starting character left: nothing to take)

    def _finish_decision(self) -> None:
        self.todo.pop(0)
        self._run()

    def _task_round(self) -> None:
        """NYC-8 phase 0, NYC-9 phase 1's deal and display; then the draft and the bidding."""
        T, data = self.T, self.T.data
        if self.round == data["rounds"]:
            self.events.append(ev.GameEnd(tuple(self.scores())))
            return
        self.round += 1
        self.mayor = self.district(T.mayor_letters[self.round - 1])
        if self.round > 1:
            self.fame_up = [self.rng.draw(self.fame_pile) for _ in range(data["fame_tiles_per_round"])
                            if self.fame_pile]
        for seat in range(self.players):  # the dollars on last round's characters go back
            self.bank += self.on_chars[seat]
            self.on_chars[seat] = 0
            self.used[seat].clear()
        self.events.append(ev.RoundStart(self.round, self.letters[self.mayor], tuple(self.fame_up)))
        for seat in range(self.players):
            self._draw_to_hand(seat, data["hand_deal"])
        self.display = []
        for _ in range(2 * self.players + 1):
            first = self._draw()
            second = self._draw() if first is not None else None
            if second is None:  # the cards ran out: no more pairs; a lone card is discarded face up
                if first is not None:
                    self.discard.append((first, PUBLIC))
                    self.events.append(ev.Discard(-1, (first,)))
                break
            self.display.append(tuple(sorted((first, second))))
        self.events.append(ev.Deal(data["hand_deal"], tuple(p or (-1, -1) for p in self.display)))
        order = self.draft_order()
        self.todo[0:0] = [("draft", seat, lap) for lap in range(1, data["draft_laps"] + 1) for seat in order] + \
            [("draft_end",)] + [("window1", seat) for seat in order] + [("bidround", 0)]

    def _task_draft_end(self) -> None:
        for pair in self.display:
            if pair is not None:
                self.discard += [(card, PUBLIC) for card in pair]
                self.events.append(ev.Discard(-1, pair))
        self.display = []

    def _task_round_end(self) -> None:
        """NYC-10: cards left in hand are discarded; then the next round."""
        for seat in range(self.players):
            self._discard_face_down(seat, self.hand_cards(seat))
            self.last_pick[seat] = ()
        self.skip_lap2.clear()
        self.todo.insert(0, ("round",))

    # -- setup and draft decisions -----------------------------------------------------------
    def _candidates_start(self) -> list[Action]:
        return [nt.start(number) for number in self.T.starting]

    def _check_start(self, action: Action) -> tuple[str, str] | None:
        number = action.args[0]
        if number not in self.T.starting:
            return "NYC-7", msg("Character {number} is not a starting character (those are {starting}).", number=number,
                                starting=", ".join(map(str, self.T.starting)))
        taken = [s for s in range(self.players) if number in self.chars[s]]
        if taken:
            return "NYC-7", msg("Character {number} was already chosen by player {n}.", number=number, n=taken[0] + 1)
        return None

    def _apply_start(self, action: Action) -> None:
        number = action.args[0]
        self.chars[self.actor].append(number)
        self.events.append(ev.StartChoice(self.actor, number))
        if self.todo[1][0] != "start":  # the last choice: the others go back to the box (NYC-7)
            chosen = {c for cs in self.chars for c in cs}
            self.boxed_chars = [c for c in self.T.starting if c not in chosen]
        self._finish_decision()

    def _candidates_take(self) -> list[Action]:
        return [nt.take(slot + 1) for slot, pair in enumerate(self.display) if pair is not None]

    def _slot(self, slot: int) -> tuple[str, str] | None:
        if not 1 <= slot <= len(self.display) or self.display[slot - 1] is None:
            taken = [str(i + 1) for i, p in enumerate(self.display) if p is not None]
            return "NYC-9", msg("There is no pair {slot} on the display (pairs left: {left}).", slot=slot,
                                 left=", ".join(taken))
        return None

    def _check_take(self, action: Action) -> tuple[str, str] | None:
        return self._slot(action.args[0])

    def _apply_take(self, action: Action) -> None:
        slot = action.args[0]
        self._drafted(self.actor, (slot,), self.display[slot - 1])
        self.display[slot - 1] = None
        self._finish_decision()

    def _drafted(self, seat: int, slots: tuple[int, ...], cards: tuple[int, ...]) -> None:
        for card in cards:
            self.hand_pub[seat][card] += 1
        self.last_pick[seat] = tuple(sorted(cards))
        self.events.append(ev.Draft(seat, slots, tuple(sorted(cards))))

    # -- the interface ---------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self.stage == "over" else self.actor

    @property
    def is_over(self) -> bool:
        return self.stage == "over"

    def legal_actions(self) -> list[Action]:
        out = []
        for kind, candidates, check, closable in _stage_functions(type(self), self.stage):
            if closable and self._kind_closed(kind):
                continue
            if check is None:
                out += candidates(self)
            else:
                out += [a for a in candidates(self) if check(self, a) is None]
        return out

    def _kind_closed(self, kind: str) -> bool:
        """Whether every candidate of `kind` is refused for a reason found once: a draft pick of
        character 2 or 4 that the seat cannot make (their check, `_two_slots`, refuses every
        such pick on `_draft_character`'s problem before it looks at the pairs)."""
        ability = DRAFT_ABILITY.get(kind)
        return ability is not None and self._draft_character(self.actor, ability)[1] is not None

    def _some_legal(self, kinds: tuple[str, ...], wanted=None) -> bool:
        """Whether some candidate of `kinds` (that `wanted` accepts) is legal: `legal_actions`
        asked only as far as the first one."""
        for kind in kinds:
            if self._kind_closed(kind):
                continue
            check = self._checker(kind)
            for action in self._candidates(kind):
                if (wanted is None or wanted(action)) and check(action) is None:
                    return True
        return False

    def _candidates(self, kind: str) -> list[Action]:
        return getattr(self, "_candidates_" + kind)()

    def _checker(self, kind: str):
        return getattr(self, "_check_" + kind)

    def apply(self, action: Action) -> None:
        getattr(self, "_apply_" + action.kind)(action)
        self.swaps_now = self.swaps_now + 1 if action.kind == "swap" else 0

    def parse(self, text: str) -> Action | None:
        return nt.parse(self.T, text)

    def why_not(self, action: Action) -> tuple[str, str]:
        if self.stage == "over":
            return "NYC-14", msg("The game is over: after round 5 the final scoring has been made.")
        if action.kind not in KINDS_OF_STAGE[self.stage]:
            rule, what = self._what_now()
            return rule, msg("'{action}' cannot be played now: player {n} must {what}.", action=str(action),
                             n=self.actor + 1, what=what)
        refusal = self._checker(action.kind)(action)
        if refusal:
            return refusal
        rule, what = self._what_now()
        return rule, msg("'{action}' cannot be played now: {what}.", action=str(action), what=what)

    def why_unknown(self, text: str) -> tuple[str, str]:
        rule, what = self._what_now()
        return rule, msg("{text} is not a New York City move. Now {what}.", text=repr(text), what=what)

    def _what_now(self) -> tuple[str, str]:
        """What the seat to move decides now; in a character window, with examples taken from
        the characters that seat holds and may use now (never one it does not hold)."""
        rule, what = WHAT_NOW[self.stage]
        if self.stage in ("window1", "window3"):
            examples: dict[int, str] = {}
            for action in self.legal_actions():
                if action.kind == "use":
                    examples.setdefault(action.args[0], f"'{action}'")
            phase = 1 if self.stage == "window1" else 3
            what = msg("use a phase-{phase} character of yours ({examples}) or say 'done'", phase=phase,
                       examples=", ".join(examples.values()))
        return rule, what


@functools.cache
def _stage_functions(cls: type, stage: str) -> tuple:
    """(kind, its candidates function, the check its candidates need or None for an exact
    kind, whether a draft ability may close it) of each kind of a stage: the methods
    `_candidates` and `_checker` name, found once per class (a subclass may change them)."""
    return tuple((kind, getattr(cls, "_candidates_" + kind),
                  None if kind in EXACT_KINDS else getattr(cls, LIST_CHECKS.get(kind, "_check_" + kind)),
                  kind in DRAFT_ABILITY)
                 for kind in KINDS_OF_STAGE[stage])
