"""New York 1901 (Chénier La Salle): the complete rules, NY1901-1 … NY1901-13.

The board is a grid of cells named by row letter (A = top) and column number (1 = left): "C4".
A lot is named by its first cell (top row, leftmost); any of its cells names it when typed.

Notation (``str(action)``; the same text is typed, parsed and kept in records):

- ``character sky``          choose the character (district colour) "sky" (NY1901-4)
- ``lot C4``                 acquire: take the market card matching lot C4 (district and size)
                             and put a worker on it (NY1901-5)
- ``sL4@C3r1m``              build: tile sL4 with its first cell on C3, mirrored left–right
                             (``m``) and then turned clockwise 1 quarter turn (``r0``…``r3``);
                             the first cell is the top row's leftmost cell of the tile as it
                             lies (NY1901-5). Tiles: b/s/g + shape for bronze/silver/gold
                             (``bI2``, ``gR6`` …) and the legendaries by name (``Empire``).
- ``demolish D4 gO4@D4r0``   demolish your building on D4 and rebuild gO4 (NY1901-6)
- ``recall C4``              no worker in supply and nothing to do: take back the worker on
                             lot C4, its card goes under the draw pile (NY1901-7)
- ``boom`` / ``shift`` / ``grab C4``   Construction Boom, Market Shift, Land Grab of lot C4
                             (NY1901-8), at any moment of your turn
- ``end``                    end your turn once you have taken your action
- ``pass``                   [R] no action is possible at all (only when nothing else is legal)

A tile's rotations and mirrorings that give the same cells are one action: the legal list
names the first of them (rotations before mirroring); typing another one plays the same move.

``view(seat)`` keys (JSON-safe; everything in this game is public but the draw pile's order):
``phase`` ("characters", "turn", "over"), ``to_move``, ``players``, ``seat``, ``board`` (the
fixed map: rows, cols, districts, parks, avenues with their cells, lots, the cells touching an
avenue or a park, every tile (name, tier, vp, shape as rows of # and ., count, irregular,
legendary height), and the house defaults and house rules in words), ``districts_in_play``,
``lot_owner`` / ``workers`` (lot name → seat, for the lots owned / holding a worker),
``buildings`` (owner, tile, tier, vp, starter, cells), ``market``, ``pile_size``,
``pile_bottom`` (cards known to lie under the pile, in groups from the bottom, each sorted),
``avenues_in_play``, ``challenge``, ``seats`` (per seat: character, vp, workers in supply,
tiles left, legendary, action cards unused, lot cards held, tier unlocked, tiles demolished),
``legendaries`` (name → owner or null), ``turn`` (actions left, may build, demolished, acted),
``end`` (who triggered, why, last turns left), ``projected`` (each
seat's final score if the game ended now).

``bot_view(seat)``: what the bots weigh of that view, cheaper: ``projected``, ``workers`` and
``board`` with its lots' names and sizes alone.

``preview(action)`` keys (played on a determinized copy): ``events`` and ``scores`` (the base
contract), ``cells`` (the cells the action builds on, [] if it builds nothing), ``vp_change``
(the mover's VP gained, Gold Prestige included), ``workers_back`` (workers the building sends
home), ``workers_placed`` (lots that get a worker by NY1901-6), ``unlocks`` (tiers unlocked),
``turn_ends`` (the mover's turn is over after it).

``scores()`` is the VP track while the game runs and the final score once it is over;
``explain_scores()`` lists per seat its parts by rule id: buildings (NY1901-5), Gold Prestige
(NY1901-12, during play), and at the end each avenue bonus (NY1901-10), unused action cards
(NY1901-11) and the challenge card (NY1901-12). ``winners()`` applies the tie-break (NY1901-13).
"""

from __future__ import annotations

import random
from typing import Any

from ..engine.action import Action
from ..engine.chance import shuffle
from ..engine.rules import Rules
from ..i18n import msg
from .building import Building
from .events import Acquire, ActionCard, Character, EndTrigger, GameEnd, Market, Pass, Recall, Setup, TurnEnd
from .facts import Facts
from .position import Position
from .tables import CARDS, CHALLENGES, tables_for, validate

CHOOSING, TURN, OVER = "characters", "turn", "over"


class NewYork1901(Building, Facts, Position, Rules):
    """State and rules of one game of New York 1901."""

    name = "newyork1901"
    title = "New York 1901"
    rules_version = "2"  # 2: rebuilds only over adjacent worker lots (NY1901-6), recalled starting lots (NY1901-7)
    min_players = 2
    max_players = 4

    @classmethod
    def normalize_options(cls, players: int, options: dict[str, Any]) -> dict[str, Any]:
        unknown = set(options) - {"characters", "data", "position"}
        if unknown:
            raise ValueError(f"unknown New York 1901 options: {sorted(map(str, unknown))}")
        out = {"characters": options.get("characters", "choose")}
        if out["characters"] not in ("choose", "deal"):
            raise ValueError("option 'characters' is 'choose' or 'deal'")
        if options.get("data") is not None:
            validate(options["data"])
            out["data"] = options["data"]
        if options.get("position") is not None:
            out["position"] = options["position"]
        return out

    def __init__(self, players: int, options: dict[str, Any], rng: random.Random):
        super().__init__(players, options, rng)
        self.T = T = tables_for(options.get("data"))
        P = players
        self.in_play = [d for d in range(len(T.districts)) if P > 2 or d != T.unused_in_two]
        self.district = [-1] * P
        self.lot_owner = [-1] * T.nlots
        self.worker = [-1] * T.nlots
        self.supply = [T.data["workers"]] * P
        self.owned = [0] * P  # cells of each seat's lots
        self.workers_mask = [0] * P  # cells of the lots holding each seat's workers
        self.occupied = 0
        self.cell_building = [-1] * T.ncells
        self.buildings: list[tuple[int, int, int] | None] = []  # (owner, tile (-1 starter), cells)
        self.own_buildings: list[list[int]] = [[] for _ in range(P)]  # each seat's standing buildings, by index
        self.razed: list[list[int]] = [[] for _ in range(P)]  # tiles demolished: out of the game
        self.tiles_left = [[t.count for t in T.tiles[: T.own_tiles]] for _ in range(P)]
        self.legend_owner = [-1] * len(T.legendaries)
        self.legend_of = [-1] * P
        self.in_hand = [T.own_at_start] * P  # bit masks of each seat's own tiles left (see `hand`)
        self.legends_free = T.legendaries_mask  # bit mask of the legendaries nobody built
        self.vp = [0] * P
        self.prestige = [0] * P
        self.held = [[0] * len(T.card_names) for _ in range(P)]  # lot cards on the character card
        self.cards = [[True] * len(CARDS) for _ in range(P)]  # action cards still unused
        self.current = 0
        self.acts, self.pending, self.demolished, self.acted = 1, False, False, False
        self.trigger: int | None = None
        self.trigger_reason = ""
        self.last_turns: int | None = None
        self.ready: list[Action] | None = None  # the legal list found as the last action ended (see `_after_action`)
        # NY1901-4: the lot cards but the starting lots, shuffled; 3 avenues; 1 challenge; the market
        starts = set(T.start_lot)
        pile = [T.lot_card[lot] for lot in range(T.nlots) if lot not in starts and T.lot_district[lot] in self.in_play]
        shuffle(self.rng, pile)
        self.pile_top = pile  # the unknown part (top = end)
        self.pile_groups: list[list[int]] = []  # known cards put under it, bottom group first
        self.market: list[int] = []
        avenues = list(range(len(T.avenues)))
        shuffle(self.rng, avenues)
        self.avenues_in_play = sorted(self.rng.draw(avenues) for _ in range(T.data["avenue_bonus"]["in_play"]))
        challenges = list(range(len(CHALLENGES)))
        shuffle(self.rng, challenges)
        self.challenge = CHALLENGES[self.rng.draw(challenges)]
        self.phase = TURN
        if "position" in options:
            self._load_position(options["position"])
        self.events.append(Setup(tuple(T.avenues[a] for a in self.avenues_in_play), self.challenge))
        self._refill()
        if "position" in options:
            return
        if options["characters"] == "deal":
            free = list(self.in_play)
            shuffle(self.rng, free)
            for seat in range(P):
                self._take_character(seat, self.rng.draw(free), dealt=True)
        else:
            self.phase = CHOOSING
            self.current = P - 1  # last seat chooses first

    # -- small helpers ---------------------------------------------------------------------
    def _draw(self) -> int | None:
        """The top card of the draw pile (known groups come up once the unknown part is gone)."""
        if not self.pile_top:
            if not self.pile_groups:
                return None
            self.pile_top = self.pile_groups.pop()
        return self.rng.draw(self.pile_top)

    def pile_size(self) -> int:
        return len(self.pile_top) + sum(map(len, self.pile_groups))

    def _refill(self) -> None:
        size = self.T.data["market_size"]
        drew = False
        while len(self.market) < size:
            card = self._draw()
            if card is None:
                break
            self.market.append(card)
            drew = True
        if drew:
            self.events.append(Market(tuple(self.T.card_names[c] for c in self.market)))

    def _take_character(self, seat: int, district: int, dealt: bool) -> None:
        T = self.T
        lot = T.start_lot[district]
        self.district[seat] = district
        self.lot_owner[lot] = seat
        self.owned[seat] |= T.lot_mask[lot]
        self.held[seat][T.lot_card[lot]] += 1
        index = len(self.buildings)
        self.buildings.append((seat, -1, T.lot_mask[lot]))  # the starter building (NY1901-3)
        self.own_buildings[seat].append(index)
        for cell in T.lot_cells[lot]:
            self.cell_building[cell] = index
        self.occupied |= T.lot_mask[lot]
        self.events.append(Character(seat, T.districts[district], T.lot_name(lot), dealt))

    # -- the contract ----------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self.phase == OVER else self.current

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_actions(self) -> list[Action]:
        ready, self.ready = self.ready, None
        if ready is not None:  # found when the last action ended: the state has not changed since
            return ready
        T = self.T
        if self.phase == CHOOSING:
            return [T.character[d] for d in self.in_play if d not in self.district]
        if self.phase == OVER:
            return []
        seat = self.current
        out = self._main_actions(seat)
        if not out and not self.acted:
            out.append(T.fixed["pass"])
        return out + self._card_actions(seat)

    def _card_actions(self, seat: int, first: bool = False) -> list[Action]:
        """The action cards playable now, then ``end`` once the action is taken (`first`: stop
        at the first card)."""
        T = self.T
        out = []
        cards = self.cards[seat]
        if cards[0]:
            out.append(T.fixed["boom"])
        if cards[1] and self.market:
            out.append(T.fixed["shift"])
        if first and out:
            return out
        if cards[2] and self.supply[seat]:
            out += self._acquirable(True)
        if self.acted:
            out.append(T.fixed["end"])
        return out

    def _main_actions(self, seat: int, first: bool = False) -> list[Action]:
        """Acquire, build, demolish-and-rebuild, or (NY1901-7) recall a worker. `first`: stop
        as soon as one is found (the list is then only its first kinds)."""
        T = self.T
        out: list[Action] = []
        if self.acts > 0 and self.supply[seat]:
            out += self._acquirable(False)
        if (self.pending or self.acts > 0) and not (first and out):
            out += self._build_actions(seat, first)
        if self.acts > 0 and not self.demolished and not (first and out):
            out += self._demolish_actions(seat, first)
        if self.acts > 0 and not self.supply[seat] and not out:
            out += [T.recall[lot] for lot in range(T.nlots) if self.worker[lot] == seat]
        return out

    def _acquirable(self, grab: bool) -> list[Action]:
        """Acquire (or Land Grab: size 2 only) actions of the empty lots matching a market card."""
        T = self.T
        key = ("market", frozenset(self.market))
        lots = T.memo.get(key)
        if lots is None:  # the lots of the market's cards, in order
            lots = T.remember(key, tuple(sorted(lot for card in key[1] for lot in T.lots_of_card.get(card, ()))))
        owner, size, in_play, district, start = self.lot_owner, T.lot_size, self.in_play, T.lot_district, T.is_start_lot
        actions, characters = T.grab if grab else T.acquire, self.district
        return [actions[lot] for lot in lots if owner[lot] < 0 and not (grab and size[lot] == 3)
                and district[lot] in in_play and not (start[lot] and district[lot] not in characters)]  # not in the box

    def _in_the_box(self, lot: int) -> bool:
        """NY1901-4 [R]: the starting lot of a character nobody plays stays empty. A starting lot
        of a character in play is an ordinary lot once its worker is recalled (NY1901-7)."""
        T = self.T
        return T.is_start_lot[lot] and T.lot_district[lot] not in self.district

    def apply(self, action: Action) -> None:
        self.ready = None  # found for the state before this action
        HANDLERS[action.kind](self, action)

    def parse(self, text: str) -> Action | None:
        T = self.T
        action = T.fixed.get(text)
        if action is not None:
            return action
        word, _, rest = text.partition(" ")
        if word in ("lot", "grab", "recall"):  # any cell of a lot names it
            cell = T.parse_cell(rest)
            lot = T.lot_of_cell[cell] if cell is not None else -1
            if lot >= 0:
                return {"lot": T.acquire, "grab": T.grab, "recall": T.recall}[word][lot]
            return None
        if word == "demolish":
            where, _, placement = rest.partition(" ")
            cell, parsed = T.parse_cell(where), T.parse_placement(placement)
            if cell is None or parsed is None:
                return None
            index = self.cell_building[cell]
            if index >= 0 and self.buildings[index] is not None:
                cell = T.cells(self.buildings[index][2])[0]  # the building is named by its first cell
            return T.demolish_action(cell, *parsed)
        parsed = T.parse_placement(text)
        return T.build_action(*parsed) if parsed else None

    def why_not(self, action: Action) -> tuple[str, str]:
        if self.phase == OVER:
            return "NY1901-9", msg("The game is over.")
        if self.phase == CHOOSING:
            if action.kind != "character":
                return "NY1901-4", msg("First each player chooses a character (e.g. 'character sky').")
            return self._check_character(action) or ("NY1901-4", msg("{move} cannot be played now.", move=str(action)))
        check = CHECKS.get(action.kind)
        if check is None:
            return "NY1901-4", msg("The characters are already chosen.")
        return check(self, action) or ("NY1901-5", msg("{move} cannot be played now.", move=str(action)))

    def why_unknown(self, text: str) -> tuple[str, str]:
        if self.phase == CHOOSING:
            return "NY1901-4", msg("{text} is not a move: choose a character, e.g. 'character sky'.", text=repr(text))
        return "NY1901-5", msg("{text} is not a move. Acquire with 'lot C4', build with a tile like 'bI2@C4r0', or: "
                               "demolish D4 sO4@D4r0, recall C4, boom, shift, grab C4, end.", text=repr(text))

    # -- checks: why an action is not legal now --------------------------------------------
    def _no_action_left(self) -> tuple[str, str]:
        if self.cards[self.current][0]:
            return "NY1901-5", msg("You have taken your action this turn; end your turn or play Construction Boom "
                                   "for one more.")
        return "NY1901-5", msg("You have taken your action this turn; end your turn.")

    def _check_character(self, action: Action) -> tuple[str, str] | None:
        district = action.args[0]
        name = self.T.districts[district]
        if district not in self.in_play:
            return "NY1901-4", msg("The {district} district is not used with 2 players; its character is not offered.",
                                   district=name)
        if district in self.district:
            return "NY1901-4", msg("Player {n} already took the {district} character.",
                                   n=self.district.index(district) + 1, district=name)
        return None

    def _check_lot(self, action: Action, grab: bool) -> tuple[str, str] | None:
        T = self.T
        seat, lot = self.current, action.args[0]
        name = T.lot_name(lot)
        if grab:
            if not self.cards[seat][2]:
                return "NY1901-8", msg("You have already used Land Grab (each action card once per game).")
            if T.lot_size[lot] == 3:
                return "NY1901-8", msg("Land Grab cannot take a size-3 lot, and {lot} has 3 cells.", lot=name)
        elif self.acts <= 0:
            return self._no_action_left()
        if not self.supply[seat]:
            return "NY1901-5", msg("You have no worker in supply to put on a lot.")
        if T.lot_district[lot] not in self.in_play:
            district = T.districts[T.lot_district[lot]]
            return "NY1901-1", msg("Lot {lot} is in the {district} district, not used with 2 players.", lot=name,
                                   district=district)
        owner = self.lot_owner[lot]
        if owner < 0 and self._in_the_box(lot):
            district = T.districts[T.lot_district[lot]]
            return "NY1901-4", msg("Lot {lot} is the starting lot of the {district} character, who is not in play; it "
                                   "stays empty.", lot=name, district=district)
        if owner >= 0:
            if self.worker[lot] >= 0:
                return "NY1901-5", msg("Lot {lot} is not empty: it has a worker of Player {n}.", lot=name, n=owner + 1)
            return "NY1901-5", msg("Lot {lot} is not empty: it has a building of Player {n}.", lot=name, n=owner + 1)
        card = T.lot_card[lot]
        if card not in self.market:
            return "NY1901-2", msg("No open-market card matches lot {lot}: {district} lot of size {size}.",
                                   district=T.districts[T.lot_district[lot]], size=T.lot_size[lot], lot=name)
        return None

    def _check_acquire(self, action: Action) -> tuple[str, str] | None:
        return self._check_lot(action, grab=False)

    def _check_grab(self, action: Action) -> tuple[str, str] | None:
        return self._check_lot(action, grab=True)

    def _check_recall(self, action: Action) -> tuple[str, str] | None:
        seat, lot = self.current, action.args[0]
        if self.acts <= 0:
            return self._no_action_left()
        if self.supply[seat]:
            return "NY1901-7", msg("You still have a worker in supply; a worker comes back only when you have none.")
        if self.worker[lot] != seat:
            return "NY1901-7", msg("You have no worker on lot {lot}.", lot=self.T.lot_name(lot))
        if self.can_build_or_rebuild(seat):
            return "NY1901-7", msg("You can still build or demolish and rebuild, so you may not take a worker back.")
        return None

    def _check_card(self, action: Action) -> tuple[str, str] | None:
        seat = self.current
        if not self.cards[seat][CARDS.index(action.kind)]:
            return "NY1901-8", msg("You have already used that action card (each once per game).")
        if action.kind == "shift" and not self.market:
            return "NY1901-8", msg("The market is empty: there is nothing to shift.")
        return None

    def _check_end(self, action: Action) -> tuple[str, str] | None:
        if not self.acted:
            return "NY1901-5", msg("Take your action first: acquire and/or build, or demolish and rebuild.")
        return None

    def _check_pass(self, action: Action) -> tuple[str, str] | None:
        if self.acted:
            return "NY1901-5", msg("You have taken your action; say 'end' to end your turn.")
        if self._main_actions(self.current):
            return "NY1901-7", msg("You can still take an action, so you may not pass.")
        return None

    # -- effects ---------------------------------------------------------------------------
    def _character(self, action: Action) -> None:
        self._take_character(self.current, action.args[0], dealt=False)
        if -1 in self.district:
            self.current -= 1  # reverse seat order
        else:
            self.phase, self.current = TURN, 0

    def _put_worker(self, action: Action, grab: bool) -> None:
        T = self.T
        seat, lot = self.current, action.args[0]
        card = T.lot_card[lot]
        self.market.remove(card)
        self.held[seat][card] += 1
        self.lot_owner[lot] = self.worker[lot] = seat
        self.owned[seat] |= T.lot_mask[lot]
        self.workers_mask[seat] |= T.lot_mask[lot]
        self.supply[seat] -= 1
        if grab:
            self.cards[seat][2] = False
            self.events.append(ActionCard(seat, "grab"))
        self.events.append(Acquire(seat, T.card_names[card], T.lot_name(lot), grab))
        self._refill()

    def _acquire(self, action: Action) -> None:
        self._put_worker(action, grab=False)
        self.acts -= 1
        self.pending = self.acted = True
        self._after_action()

    def _grab(self, action: Action) -> None:
        self._put_worker(action, grab=True)
        self._after_action()

    def _recall(self, action: Action) -> None:
        T = self.T
        seat, lot = self.current, action.args[0]
        card = T.lot_card[lot]
        self.worker[lot] = self.lot_owner[lot] = -1
        self.owned[seat] &= ~T.lot_mask[lot]
        self.workers_mask[seat] &= ~T.lot_mask[lot]
        self.supply[seat] += 1
        self.held[seat][card] -= 1
        self.pile_groups.insert(0, [card])
        self.events.append(Recall(seat, T.lot_name(lot), T.card_names[card]))
        self.acts -= 1
        self.pending, self.acted = False, True
        self._after_action()

    def _boom(self, action: Action) -> None:
        self.cards[self.current][0] = False
        self.acts += 1
        self.events.append(ActionCard(self.current, "boom"))
        self._after_action()

    def _shift(self, action: Action) -> None:
        self.cards[self.current][1] = False
        self.events.append(ActionCard(self.current, "shift"))
        old, self.market = self.market, []
        shuffle(self.rng, old)
        self.pile_groups.insert(0, old)
        self._refill()
        self._after_action()

    def _pass(self, action: Action) -> None:
        self.events.append(Pass(self.current))
        self._end_turn()

    def _end(self, action: Action) -> None:
        self._end_turn()

    def _after_action(self) -> None:
        """A turn ends by itself once its action is taken and nothing else could be done.
        When the cards leave only ``end``, the whole legal list decides it, and it is kept for
        the next `legal_actions` call (the mover's next decision) rather than found twice."""
        if not self.acted or self._card_actions(self.current, first=True) != [self.T.fixed["end"]]:
            return
        legal = self.legal_actions()
        if legal == [self.T.fixed["end"]]:
            self._end_turn()
        else:
            self.ready = legal

    def _only_end_left(self) -> bool:
        """Whether `legal_actions()` is just ``end``, once the action is taken (the cards
        first: they are cheap; the main actions only as far as the first one)."""
        seat = self.current
        return self._card_actions(seat, first=True) == [self.T.fixed["end"]] and \
            not self._main_actions(seat, first=True)

    def _end_turn(self) -> None:
        """NY1901-9: the end trigger, one last turn each (triggering player last), the end."""
        T = self.T
        seat = self.current
        self.events.append(TurnEnd(seat))
        if self.last_turns is not None:
            self.last_turns -= 1
        elif sum(self.tiles_left[seat]) <= T.data["end"]["tiles_left"] or \
                len(self.market) <= T.data["end"]["market_cards"]:
            self.trigger = seat
            self.trigger_reason = "tiles" if sum(self.tiles_left[seat]) <= T.data["end"]["tiles_left"] else "market"
            self.last_turns = self.players
            self.events.append(EndTrigger(seat, self.trigger_reason, sum(self.tiles_left[seat])))
        if self.last_turns == 0:
            self.phase = OVER
            scores = self.scores()
            self.events.append(GameEnd(tuple(scores), tuple(self.winners(scores))))
            return
        self.current = (seat + 1) % self.players
        self.acts, self.pending, self.demolished, self.acted = 1, False, False, False


NY = NewYork1901
HANDLERS = {
    "character": NY._character, "acquire": NY._acquire, "grab": NY._grab, "build": NY._build,
    "demolish": NY._demolish, "recall": NY._recall, "boom": NY._boom, "shift": NY._shift,
    "pass": NY._pass, "end": NY._end,
}
CHECKS = {
    "acquire": NY._check_acquire, "grab": NY._check_grab, "build": NY._check_build,
    "demolish": NY._check_demolish, "recall": NY._check_recall, "boom": NY._check_card,
    "shift": NY._check_card, "pass": NY._check_pass, "end": NY._check_end,
}
del NY
