"""New York City's phase 2 (NYC-10): six bidding rounds and what they do.

A bid is built step by step on its owner's turn (``play P``, ``play DD``, ``play W``, swaps with
the reserve, phase-2 characters) and closed with ``done`` (or ``pass`` when empty), so every
step is a short list of choices and the count is always shown. When every seat has bid, the
most cards (ties: higher on press) gets +1 and opens the next round; then each bid takes effect
in bidding order, with the decisions some effects need (a character to hire, buildings to move,
fame tiles to place).
"""

from __future__ import annotations

from ..engine.action import Action
from . import events as ev
from . import notation as nt
from .abilities import fits, sub_multisets
from .strings import EN
from .tables import CARD_KINDS, KINDS, PUBLIC, WILD, Refusal, msg

PRESS, DOLLAR, ELEVATOR, ACQUISITION, VP, CONSTRUCTION = range(KINDS)


class Bidding:
    """Mixin of `NewYorkCity`: the bidding rounds."""

    def _reset_bids(self, kind: int) -> None:
        self.bid_kind = kind
        self.bid_order: list[int] = []
        self.bid_value = [0] * self.players
        self.bid_cards: list[list[int]] = [[] for _ in range(self.players)]
        self.bid_anchor = [False] * self.players  # a card that is no wild is in the bid
        self.bid_flags: list[set[str]] = [set() for _ in range(self.players)]
        self.bid_over = [False] * self.players

    def _task_bidround(self, kind: int) -> None:
        """NYC-10: the bidding round of `kind`, clockwise from the start player."""
        self._reset_bids(kind)
        if kind == PRESS:
            self.start_player = self.press_order()[0]
        self.bid_order = [(self.start_player + k) % self.players for k in range(self.players)]
        self.todo[0:0] = [("bid", seat) for seat in self.bid_order] + [("resolve", kind)]

    # -- building a bid ----------------------------------------------------------------------
    def _candidates_play(self) -> list[Action]:
        seat, kind, plays = self.actor, self.bid_kind, nt.plays(self.T)
        public, secret = self.hand_pub[seat], self.hand_sec[seat]
        out = [plays[kind][1]] if public[kind] or secret[kind] else []
        out += [plays[card][2] for card in range(KINDS) if public[card] + secret[card] >= 2]  # a pair of any kind
        if (public[WILD] or secret[WILD]) and self.bid_anchor[seat]:
            out.append(plays[WILD][1])
        return out

    def _check_play(self, action: Action) -> Refusal:
        card, count = action.args
        seat, kind, T = self.actor, self.bid_kind, self.T
        name = EN[f"nyc.kind.{kind}"]
        if count == 1 and card not in (kind, WILD):
            return "NYC-10", msg("This is the {name} bidding round: a single {card} does not count. Play {kind} cards, "
                                  "or two identical cards as one card ('play {pair}'); a wild may join them but is "
                                  "never needed.",
                                  name=name, card=T.letter(card), kind=T.letter(kind), pair=T.letter(card) * 2)
        if count == 2 and card == WILD:  # [R] two wilds are no pair: each copies a card played with it
            return "NYC-10", msg("Two wilds are not a pair: each wild copies a card it is played with. Play them "
                                 "one at a time ('play W') after a card of this round.")
        if self.hand(seat, card) < count:
            return "NYC-10", (msg("You have {n} {card} in your hand.", n=self.hand(seat, card), card=T.letter(card))
                              if not self.reserve[seat][card] else
                              msg("You have {n} {card} in your hand (swap one in from your reserve first).",
                                  n=self.hand(seat, card), card=T.letter(card)))
        if card == WILD and not self.bid_anchor[seat]:
            return "NYC-10", msg("A wild copies the card it is played with and cannot be played alone: "
                                 "play one {kind} card (or a pair) first.", kind=T.letter(kind))
        return None

    def _apply_play(self, action: Action) -> None:
        card, count = action.args
        self._add_to_bid(self.actor, (card,) * count, 1)

    def _add_to_bid(self, seat: int, cards: tuple[int, ...], value: int) -> None:
        for card in cards:
            self._take_from_hand(seat, card)
            self.bid_cards[seat].append(card)
        self.bid_value[seat] += value
        if any(card != WILD for card in cards):
            self.bid_anchor[seat] = True
        self.events.append(ev.Play(seat, tuple(cards), value))

    def _candidates_swap(self) -> list[Action]:
        seat = self.actor
        public, secret = self.hand_pub[seat], self.hand_sec[seat]
        rows = nt.swaps_from(self.T, tuple(self.reserve[seat]))
        return [action for given, row in enumerate(rows) if public[given] or secret[given] for action in row]

    def _check_swap(self, action: Action) -> Refusal:
        given, taken = action.args
        seat, T = self.actor, self.T
        if given == taken:
            return "NYC-10", msg("Swapping a card for one of the same kind changes nothing.")
        if not self.hand(seat, given):
            return "NYC-10", msg("You have no {card} in your hand to put into the reserve.", card=T.letter(given))
        if not self.reserve[seat][taken]:
            return "NYC-10", msg("Your reserve holds no {card}.", card=T.letter(taken))
        return None

    def _apply_swap(self, action: Action) -> None:
        given, taken = action.args
        seat = self.actor
        self._take_from_hand(seat, given)
        self.reserve[seat][given] += 1
        self.reserve[seat][taken] -= 1
        self.hand_pub[seat][taken] += 1
        self.events.append(ev.Swap(seat, given, taken))

    def _candidates_pass(self) -> list[Action]:
        seat = self.actor
        return [] if self.bid_cards[seat] or self.bid_value[seat] else [nt.PASS]

    def _check_pass(self, action: Action) -> Refusal:
        if self.bid_cards[self.actor] or self.bid_value[self.actor]:
            return "NYC-10", msg("Your bid already holds cards: finish it with 'done'.")
        return None

    def _apply_pass(self, action: Action) -> None:
        self.events.append(ev.Pass(self.actor))
        self._end_bid_turn()

    def _check_bid_done(self) -> Refusal:
        if not self.bid_value[self.actor]:
            return "NYC-10", msg("Your bid is empty: add cards, or 'pass'.")
        return None

    def _finish_bid(self) -> None:
        seat = self.actor
        self.events.append(ev.Bid(seat, self.bid_kind, self.bid_value[seat]))
        if "take_back" in self.bid_flags[seat]:  # character 22 decides now, before the next seat bids
            self.todo.insert(1, ("back", seat))
        self._end_bid_turn()

    def _end_bid_turn(self) -> None:
        self.bid_over[self.actor] = True
        self._finish_decision()

    def _candidates_back(self) -> list[Action]:
        seat = self.actor
        counts = [self.bid_cards[seat].count(card) for card in range(CARD_KINDS)]
        return [nt.back(self.T, cards) for cards in sub_multisets(counts) if len(cards) <= 2]

    def _check_back(self, action: Action) -> Refusal:
        seat = self.actor
        counts = [self.bid_cards[seat].count(card) for card in range(CARD_KINDS)]
        if len(action.args) > 2 or not fits(action.args, counts):
            return "NYC-12", msg("Character 22: take back at most 2 of the cards you played in this bid.")
        return None

    def _apply_back(self, action: Action) -> None:
        seat = self.actor
        for card in action.args:
            self.bid_cards[seat].remove(card)
            self.hand_pub[seat][card] += 1
        self.events.append(ev.TakeBack(seat, action.args))
        self._finish_decision()

    # -- the end of a bidding round ----------------------------------------------------------------
    def ranked_bidders(self) -> list[int]:
        """Seats that bid something, most cards first (ties: higher on press)."""
        bidders = [s for s in range(self.players) if self.bid_value[s] > 0]
        return sorted(bidders, key=lambda s: (self.bid_value[s], self.press_key(s)), reverse=True)

    def _task_resolve(self, kind: int) -> None:
        ranked = self.ranked_bidders()
        winner = ranked[0] if ranked else None
        if winner is not None:
            self.start_player = winner
            self.events.append(ev.Bonus(winner, kind))
        for seat in range(self.players):
            self.discard += [(card, PUBLIC) for card in self.bid_cards[seat]]
            self.bid_cards[seat] = []
        bonus = self.T.data["most_cards_bonus"]
        tasks: list[tuple] = []
        for seat in self.bid_order:
            amount = self.bid_value[seat] + (bonus if seat == winner else 0)
            if not amount:
                continue
            rule = "NYC-10"
            if kind == PRESS:
                self._move_press(seat, amount, rule)
            elif kind == DOLLAR:
                self.events.append(ev.Gain(seat, "dollars", self._bank_pays(seat, amount), rule))
            elif kind == ELEVATOR:
                tasks.append(("hire", seat, amount))
            elif kind == ACQUISITION:
                self._stock_to_board(seat, amount, rule)
            elif kind == VP:
                doubled = self.bid_value[seat] if "double_vp" in self.bid_flags[seat] else 0
                self.vp[seat] += amount + doubled
                self.events.append(ev.Gain(seat, "vp", amount + doubled, rule))
            else:
                tasks.append(("build", seat, amount, "extra_build" in self.bid_flags[seat]))
        if kind == VP:
            tasks += [("fame", seat) for seat in ranked[:2]] + [("fame_end",)]
        if kind < CONSTRUCTION:
            tasks.append(("bidround", kind + 1))
        else:
            tasks += [("window3", seat) for seat in self.draft_order()] + [("round_end",)]
        self.todo[0:0] = tasks

    # -- elevator: hiring a character ---------------------------------------------------------------
    def _candidates_hire(self) -> list[Action]:
        limit, characters = self.todo[0][2], self.T.characters  # the level the elevator bid reaches
        return [nt.hire(n) for n in self.pool if characters[n].level <= limit] + [nt.NOHIRE]

    def _check_hire(self, action: Action) -> Refusal:
        number, limit = action.args[0], self.todo[0][2]
        if number == 0:
            return None
        if number not in self.pool:
            return "NYC-10", msg("Character {number} is not available to hire.", number=number)
        level = self.T.characters[number].level
        if level > limit:
            return "NYC-10", msg("Character {number} has level {level}; your elevator bid reaches level {limit}.",
                                 number=number, level=level, limit=limit)
        return None

    def _apply_hire(self, action: Action) -> None:
        number = action.args[0]
        if number:
            self.pool.remove(number)
            self.chars[self.actor].append(number)
        self.events.append(ev.Hire(self.actor, number))
        self._finish_decision()

    # -- construction in the mayor's district ---------------------------------------------------------
    def _task_build(self, seat: int, amount: int, extra: bool) -> None:
        from_board = min(amount, self.board[seat])
        for _ in range(from_board):
            self.board[seat] -= 1
            self._build(seat, self.mayor, "board", "NYC-10")
        if extra and self.stock[seat]:  # character 21
            self.stock[seat] -= 1
            self._build(seat, self.mayor, "stock", "NYC-12 (21)")
        if amount > from_board:
            self.todo.insert(0, ("move", seat, amount - from_board))

    def _candidates_move(self) -> list[Action]:
        return [nt.move(letter) for letter in self.letters]

    def _check_move(self, action: Action) -> Refusal:
        d = self.district(action.args[0])
        if d == self.mayor:
            return "NYC-10", msg("That is the mayor's district, where the building is to go.")
        if not self.buildings[d][self.actor]:
            return "NYC-10", msg("You have no building in district {letter} to move.", letter=action.args[0])
        return None

    def _apply_move(self, action: Action) -> None:
        seat, d = self.actor, self.district(action.args[0])
        self.buildings[d][seat] -= 1
        self._build(seat, self.mayor, action.args[0], "NYC-10")
        left = self.todo[0][2] - 1
        self.todo[0] = ("move", seat, left)
        if not left:
            self.todo.pop(0)
        self._run()

    # -- the VP round's fame tiles ------------------------------------------------------------------------
    def _candidates_fame(self) -> list[Action]:
        out = []
        for tile in self.fame_up:
            for r, route in enumerate(self.T.routes):
                if self.vehicle_on[r] and route.vehicle == self.T.fame[tile][0]:
                    out += [nt.fame(tile, route.id, self.letters[d]) for d in route.ends]
        return out + [nt.NOFAME]

    def _check_fame(self, action: Action) -> Refusal:
        if not action.args:
            return None
        tile, route_id, letter = action.args
        T = self.T
        if tile not in self.fame_up:
            face_up = ", ".join(map(str, self.fame_up)) or EN["nyc.none"]
            return "NYC-10", msg("Fame tile {tile} is not face up (face up: {face_up}).", tile=tile, face_up=face_up)
        r = T.route_by_id[route_id]
        route = T.routes[r]
        if not self.vehicle_on[r]:
            return "NYC-10", msg("Route {route} has no vehicle left.", route=route_id)
        if route.vehicle != T.fame[tile][0]:
            return "NYC-10", msg("Fame tile {tile} is {colour}; the vehicle on route {route} is {vehicle}.", tile=tile,
                                 colour=T.vehicle_colours[T.fame[tile][0]], route=route_id,
                                 vehicle=T.vehicle_colours[route.vehicle])
        if self.district(letter) not in route.ends:
            a, b = (self.letters[d] for d in route.ends)
            return "NYC-10", msg("Route {route}'s lanterns are in districts {a} and {b}, not {letter}.", route=route_id,
                                 a=a, b=b, letter=letter)
        return None

    def _apply_fame(self, action: Action) -> None:
        seat = self.actor
        if action.args:
            tile, route_id, letter = action.args
            r, d = self.T.route_by_id[route_id], self.district(letter)
            self.fame_up.remove(tile)
            self.fame_on[d].append(tile)
            self.vehicle_on[r] = False
            self.vehicles[seat][self.T.routes[r].vehicle] += 1
            self.events.append(ev.Fame(seat, tile, route_id, letter))
            if self.board[seat]:
                self.board[seat] -= 1
                self._build(seat, d, "board", "NYC-10")
        self._finish_decision()

    def _task_fame_end(self) -> None:
        if self.fame_up:
            self.events.append(ev.FameGone(tuple(self.fame_up)))
            self.fame_gone += self.fame_up
            self.fame_up = []
