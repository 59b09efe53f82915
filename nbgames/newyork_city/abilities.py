"""New York City's characters (NYC-6, NYC-12): every ability, its check and its effect.

An ability costs 1 dollar, laid on the character until the next phase 0, so each character
works once a round, in its own phase: phase 1 after the draft (2 and 4 while drafting), phase 2
on its owner's bidding turn, phase 3 after the construction round. A "VP" or "dollar" icon
(``vp`` / ``dollars`` in the data) is gained at once when the ability is paid for.
"""

from __future__ import annotations

import functools
from itertools import product

from ..engine.action import Action
from . import events as ev
from . import notation as nt
from .tables import CARD_KINDS, KINDS, PHASE_OF_STAGE, PUBLIC, WILD, Refusal, msg


def sub_multisets(counts: list[int], size: int | None = None) -> list[tuple[int, ...]]:
    """Every sub-multiset of a multiset given as counts per kind (of `size` cards if given)."""
    out = []
    for picks in product(*(range(c + 1) for c in counts)):
        if size is None or sum(picks) == size:
            out.append(tuple(k for k, n in enumerate(picks) for _ in range(n)))
    return out


@functools.lru_cache(maxsize=4096)
def card_uses(T, number: int, counts: tuple[int, ...]) -> tuple[Action, ...]:
    """``use N`` with each sub-multiset of a multiset (counts per kind): character `number`'s
    candidates when it names cards of a hand or reserve (asked at every bidding turn)."""
    return tuple(nt.use_cards(T, number, cards) for cards in sub_multisets(list(counts)))


@functools.lru_cache(maxsize=256)
def one_card_uses(T, number: int) -> tuple[Action, ...]:
    """``use N X`` by card kind X (no wild): character `number`'s candidates naming one card."""
    return tuple(nt.use_cards(T, number, (card,)) for card in range(KINDS))


def fits(cards: tuple[int, ...], counts: list[int]) -> bool:
    need = [0] * CARD_KINDS
    for card in cards:
        if type(card) is not int or not 0 <= card < CARD_KINDS:
            return False
        need[card] += 1
    return all(n <= c for n, c in zip(need, counts, strict=True))


class Abilities:
    """Mixin of `NewYorkCity`: characters' abilities, the phase-1/3 turns and the draft's 2 and 4."""

    # -- which abilities exist now ---------------------------------------------------------
    def _own_usable(self, seat: int, phase: int) -> list[int]:
        return [n for n in self.chars[seat] if self.T.characters[n].phase == phase and n not in self.used[seat]]

    def _candidates_use(self) -> list[Action]:
        seat, T = self.actor, self.T
        phase = PHASE_OF_STAGE[self.stage]
        if self.dollars[seat] < 1:
            return []
        out = []
        for number in self._own_usable(seat, phase):
            ability = T.characters[number].ability
            if ability == "redraw":
                out += card_uses(T, number, tuple(self._hand_counts(seat)))
            elif ability == "replace_reserve":
                out += card_uses(T, number, tuple(self.reserve[seat]))
            elif ability in ("counts_as_round", "counts_double", "reserve_match"):
                # a card of the hand; not this round's kind (13), one the reserve holds too (15)
                uses, skip = one_card_uses(T, number), self.bid_kind if ability == "counts_as_round" else None
                need = self.reserve[seat] if ability == "reserve_match" else None
                out += [uses[card] for card in range(KINDS)
                        if self.hand(seat, card) and card != skip and (need is None or need[card])]
            elif ability == "press_as_wilds":  # after a card of the bid, as many spaces as the seat has
                if self.bid_anchor[seat]:
                    out += [nt.use(T, number, (k,), str(k)) for k in (1, 2) if self.press[seat] >= k]
            elif ability == "trade_up":
                out += [nt.use(T, number, (a, b), f"{a}>{b}") for a in self.chars[seat] for b in self.pool
                        if T.characters[b].level == T.characters[a].level + 1]
            elif ability == "replace_black":
                out += [nt.use(T, number, (letter,), letter) for d, letter in enumerate(self.letters)
                        if self.neutral[d]]
            elif ability not in ("split_pairs", "two_pairs"):
                out.append(nt.use(T, number))
        return out

    def _hand_counts(self, seat: int) -> list[int]:
        return [self.hand(seat, card) for card in range(CARD_KINDS)]

    def _check_use(self, action: Action) -> Refusal:
        number, detail = action.args
        seat, T = self.actor, self.T
        character = T.characters.get(number)
        if character is None:
            return "NYC-6", msg("There is no character {number} in this game.", number=number)
        if number not in self.chars[seat]:
            return "NYC-12", msg("Character {number} is not yours (yours: {yours}).", number=number,
                                 yours=", ".join(map(str, sorted(self.chars[seat]))))
        if character.phase == "end":
            return "NYC-12", msg("Character {number} scores at the end of the game; it has no ability to use.",
                                 number=number)
        phase = PHASE_OF_STAGE.get(self.stage)
        if character.phase != phase:
            return "NYC-12", msg("Character {number} works in phase {phase}, not now.", number=number,
                                 phase=character.phase)
        if character.ability in ("split_pairs", "two_pairs"):
            return "NYC-12", msg("Character {number} is used by taking from the display: '{example}'.", number=number,
                                 example="take 3:D 5:W" if character.ability == "split_pairs" else "take 3+5")
        if number in self.used[seat]:
            return "NYC-12", msg("Character {number} has a dollar on it: it was used this round already.",
                                 number=number)
        if self.dollars[seat] < 1:
            return "NYC-12", msg("Character {number} costs 1 dollar to use, and you have none.", number=number)
        problem = self._ability_problem(seat, character.ability, detail)
        return ("NYC-12", msg("Character {number}: {problem}", number=number, problem=problem)) if problem else None

    def _ability_problem(self, seat: int, ability: str, detail: tuple) -> str | None:
        """What an ability's own need refuses of `detail` (None: it may be used so)."""
        why = getattr(self, "_can_" + ability, None)
        return why(seat, detail) if why else (msg("it takes no detail.") if detail else None)

    def _usable(self, action: Action) -> Refusal:
        """`_check_use` of a candidate of `_candidates_use` (the seat's own character of this
        phase, unused, and a dollar to pay): what is left to ask is the ability's own need."""
        number, detail = action.args
        problem = self._ability_problem(self.actor, self.T.characters[number].ability, detail)
        return ("NYC-12", problem) if problem else None

    def _apply_use(self, action: Action) -> None:
        number, detail = action.args
        seat, character = self.actor, self.T.characters[number]
        self.dollars[seat] -= 1
        self.on_chars[seat] += 1
        self.used[seat].add(number)
        self.events.append(ev.Ability(seat, number))
        rule = f"NYC-12 ({number})"
        if character.vp:
            self.vp[seat] += character.vp
            self.events.append(ev.Gain(seat, "vp", character.vp, rule))
        if character.dollars:
            self.events.append(ev.Gain(seat, "dollars", self._bank_pays(seat, character.dollars), rule))
        effect = getattr(self, "_do_" + character.ability, None)
        if effect:
            effect(seat, detail, number)
        if self.stage != "bid":
            self._run()  # a window closes by itself once nothing is left to use

    # -- phase 1 -----------------------------------------------------------------------------
    def _can_redraw(self, seat: int, detail: tuple) -> str | None:
        if not fits(detail, self._hand_counts(seat)):
            return msg("you can only redraw cards that are in your hand.")
        return None

    def _do_redraw(self, seat: int, cards: tuple, number: int) -> None:
        self._discard_face_down(seat, cards)
        self._draw_to_hand(seat, len(cards))

    def _can_third_reserve(self, seat: int, detail: tuple) -> str | None:
        if detail:
            return msg("it takes no detail.")
        if sum(self.reserve[seat]) >= 3:
            return msg("your reserve already holds a third card.")
        return None

    def _do_third_reserve(self, seat: int, detail: tuple, number: int) -> None:
        self._refill_reserve(seat, 1, f"NYC-12 ({number})")

    def _do_draw3_drop2(self, seat: int, detail: tuple, number: int) -> None:
        self._draw_to_hand(seat, 3)
        self.todo.insert(0, ("drop", seat))

    def _candidates_drop(self) -> list[Action]:
        seat = self.actor
        return [nt.drop(self.T, cards) for cards in
                sub_multisets(self._hand_counts(seat), min(2, self.hand_size(seat)))]

    def _check_drop(self, action: Action) -> Refusal:
        seat = self.actor
        if len(action.args) != min(2, self.hand_size(seat)) or not fits(action.args, self._hand_counts(seat)):
            return "NYC-12", msg("Character 5: discard exactly two cards of your hand.")
        return None

    def _apply_drop(self, action: Action) -> None:
        self._discard_face_down(self.actor, action.args)
        self._finish_decision()

    def _can_trade_up(self, seat: int, detail: tuple) -> str | None:
        if len(detail) != 2:
            return msg("name the character you give and the one you take, e.g. 'use 7 28>14'.")
        given, taken = detail
        levels = {n: c.level for n, c in self.T.characters.items()}
        if given not in self.chars[seat]:
            return msg("you do not have character {given} to give.", given=given)
        if taken not in self.pool:
            return msg("character {taken} is not available.", taken=taken)
        if levels[taken] != levels[given] + 1:
            return msg("character {taken} has level {level}; you need level {need}.", taken=taken,
                       level=levels[taken], need=levels[given] + 1)
        return None

    def _do_trade_up(self, seat: int, detail: tuple, number: int) -> None:
        given, taken = detail
        self.chars[seat].remove(given)
        self.chars[seat].append(taken)
        self.pool.remove(taken)
        if given in self.T.starting:
            self.boxed_chars.append(given)
        else:
            self.pool = sorted(self.pool + [given])
        self.events.append(ev.Trade(seat, given, taken))

    def _can_match_reserve(self, seat: int, detail: tuple) -> str | None:
        if detail:
            return msg("it takes no detail.")
        if not any(self.reserve[seat][card] for card in self.last_pick[seat]):
            return msg("no reserve card matches a kind of the cards you just drafted.")
        return None

    def _do_match_reserve(self, seat: int, detail: tuple, number: int) -> None:
        taken = []
        for card in self.last_pick[seat]:
            if self.reserve[seat][card]:
                self.reserve[seat][card] -= 1
                self.hand_pub[seat][card] += 1
                taken.append(card)
        self.events.append(ev.TakeBack(seat, tuple(taken)))
        self._refill_reserve(seat, len(taken), f"NYC-12 ({number})")

    def _can_replace_black(self, seat: int, detail: tuple) -> str | None:
        if len(detail) != 1 or detail[0] not in self.letters:
            return msg("name a district, e.g. 'use 11 B'.")
        if not self.neutral[self.district(detail[0])]:
            return msg("district {letter} has no black building left.", letter=detail[0])
        if not self.board[seat]:
            return msg("you have no building on your personal board to put there.")
        return None

    def _do_replace_black(self, seat: int, detail: tuple, number: int) -> None:
        d = self.district(detail[0])
        self.neutral[d] -= 1
        self.boxed_black += 1
        self.board[seat] -= 1
        self.events.append(ev.Replace(seat, detail[0]))
        self._build(seat, d, "board", f"NYC-12 ({number})")

    # -- draft picks with characters 2 and 4 --------------------------------------------------
    def _draft_character(self, seat: int, ability: str) -> tuple[int, str | None]:
        numbers = [n for n in self.T.by_ability.get(ability, ()) if n in self.chars[seat]]
        if not numbers:
            return 0, msg("you do not have the character for this pick.")
        number = numbers[0]
        if number in self.used[seat]:
            return number, msg("character {number} was used this round already.", number=number)
        if self.dollars[seat] < 1:
            return number, msg("character {number} costs 1 dollar, and you have none.", number=number)
        return number, None

    def _candidates_take2(self) -> list[Action]:
        slots = [i + 1 for i, p in enumerate(self.display) if p is not None]
        return [nt.take_two(a, b) for a in slots for b in slots if a < b]

    def _two_slots(self, ability: str, a: int, b: int, extra) -> Refusal:
        """The check of a draft pick with character 2 or 4: the character, then both pairs,
        then `extra()` (a problem of that pick, or None)."""
        number, problem = self._draft_character(self.actor, ability)
        for slot in (a, b):
            refusal = None if problem else self._slot(slot)
            problem = problem or (refusal[1] if refusal else None)
        if not problem and a == b:
            problem = msg("name two different pairs.")
        problem = problem or extra()
        default = self.T.by_ability.get(ability, ("?",))[0]
        if not problem:
            return None
        return "NYC-12", msg("Character {number}: {problem}", number=number or default, problem=problem)

    def _check_take2(self, action: Action) -> Refusal:
        first_lap = self.todo[0][2] == 1
        return self._two_slots("two_pairs", *action.args, lambda: None if first_lap else
                               msg("two pairs at once are taken in the first lap (you then skip the second)."))

    def _apply_take2(self, action: Action) -> None:
        a, b = action.args
        seat = self.actor
        self._pay_draft(seat, "two_pairs")
        self._drafted(seat, (a, b), self.display[a - 1] + self.display[b - 1])
        self.display[a - 1] = self.display[b - 1] = None
        self.skip_lap2.add(seat)
        self._finish_decision()

    def _pay_draft(self, seat: int, ability: str) -> None:
        number, _ = self._draft_character(seat, ability)
        self.dollars[seat] -= 1
        self.on_chars[seat] += 1
        self.used[seat].add(number)
        self.events.append(ev.Ability(seat, number))

    def _candidates_split(self) -> list[Action]:
        out = []
        for a, pa in enumerate(self.display):
            for b, pb in enumerate(self.display):
                if a < b and pa is not None and pb is not None:
                    out += [nt.split(self.T, a + 1, x, b + 1, y) for x in sorted(set(pa)) for y in sorted(set(pb))]
        return out

    def _check_split(self, action: Action) -> Refusal:
        a, x, b, y = action.args
        return self._two_slots("split_pairs", a, b, lambda: None if x in self.display[a - 1] and
                               y in self.display[b - 1] else
                               msg("each card must come from the pair it is named with."))

    def _apply_split(self, action: Action) -> None:
        a, x, b, y = action.args
        seat = self.actor
        self._pay_draft(seat, "split_pairs")
        rest = list(self.display[a - 1]) + list(self.display[b - 1])
        rest.remove(x)
        rest.remove(y)
        self.display[a - 1], self.display[b - 1] = tuple(sorted(rest)), None
        self._drafted(seat, (a, b), (x, y))
        self._finish_decision()

    # -- the phase-1 and phase-3 turns ----------------------------------------------------------
    def _candidates_done(self) -> list[Action]:
        return [] if self.stage == "bid" and not self.bid_value[self.actor] else [nt.DONE]

    def _check_done(self, action: Action) -> Refusal:
        if self.stage == "bid":
            return self._check_bid_done()
        return None

    def _apply_done(self, action: Action) -> None:
        if self.stage == "bid":
            self._finish_bid()
        else:
            self._finish_decision()

    # -- phase 3 -------------------------------------------------------------------------------
    def _do_stock_building(self, seat: int, detail: tuple, number: int) -> None:
        self._stock_to_board(seat, 1, f"NYC-12 ({number})")

    def _do_press_building(self, seat: int, detail: tuple, number: int) -> None:
        self._move_press(seat, 1, f"NYC-12 ({number})")
        self._stock_to_board(seat, 1, f"NYC-12 ({number})")

    def _do_press_by_rank(self, seat: int, detail: tuple, number: int) -> None:
        rank = self.press_order().index(seat) + 1  # black is not counted
        steps = 3 if self.players == 2 and rank == 2 else rank
        self._move_press(seat, steps, f"NYC-12 ({number})")

    def _stock_to_board(self, seat: int, count: int, rule: str) -> None:
        moved = min(count, self.stock[seat])
        self.stock[seat] -= moved
        self.board[seat] += moved
        self.events.append(ev.Gain(seat, "buildings", moved, rule))

    # -- phase 2 (on the owner's bidding turn) --------------------------------------------------------
    def _can_replace_reserve(self, seat: int, detail: tuple) -> str | None:
        return None if fits(detail, self.reserve[seat]) else msg("you can only replace cards of your reserve.")

    def _do_replace_reserve(self, seat: int, cards: tuple, number: int) -> None:
        for card in cards:
            self.reserve[seat][card] -= 1
            self.discard.append((card, PUBLIC))
        self.events.append(ev.Discard(seat, cards))
        self._refill_reserve(seat, len(cards), f"NYC-12 ({number})")

    def _one_card(self, seat: int, detail: tuple) -> str | None:
        if len(detail) != 1 or detail[0] == WILD:
            return msg("name one card of your hand that is not a wild, e.g. 'D'.")
        if not self.hand(seat, detail[0]):
            return msg("you have no {letter} in your hand.", letter=self.T.letter(detail[0]))
        return None

    def _can_counts_as_round(self, seat: int, detail: tuple) -> str | None:
        problem = self._one_card(seat, detail)
        if not problem and detail[0] == self.bid_kind:
            return msg("that card counts for this round anyway: 'play {letter}'.", letter=self.T.letter(detail[0]))
        return problem

    def _do_counts_as_round(self, seat: int, detail: tuple, number: int) -> None:
        self._add_to_bid(seat, detail, 1)

    def _can_counts_double(self, seat: int, detail: tuple) -> str | None:
        return self._one_card(seat, detail)

    def _do_counts_double(self, seat: int, detail: tuple, number: int) -> None:
        self._add_to_bid(seat, detail, 2)

    def _can_reserve_match(self, seat: int, detail: tuple) -> str | None:
        problem = self._one_card(seat, detail)
        if not problem and not self.reserve[seat][detail[0]]:
            return msg("your reserve has no {letter} to match.", letter=self.T.letter(detail[0]))
        return problem

    def _do_reserve_match(self, seat: int, detail: tuple, number: int) -> None:
        card = detail[0]
        self.reserve[seat][card] -= 1
        self.hand_pub[seat][card] += 1
        self._add_to_bid(seat, (card, card), 2 if card == self.bid_kind else 1)
        self._refill_reserve(seat, 1, f"NYC-12 ({number})")

    def _can_press_as_wilds(self, seat: int, detail: tuple) -> str | None:
        if detail not in ((1,), (2,)):
            return msg("drop 1 or 2 press spaces, e.g. 'use 14 2'.")
        if self.press[seat] < detail[0]:
            return msg("you are on press space {space}.", space=self.press[seat])
        if not self.bid_anchor[seat]:
            return msg("the wilds it gives cannot make a bid alone (play a card first).")
        return None

    def _do_press_as_wilds(self, seat: int, detail: tuple, number: int) -> None:
        self._move_press(seat, -detail[0], f"NYC-12 ({number})")
        self.bid_value[seat] += detail[0]
        self.events.append(ev.Play(seat, (), detail[0]))

    def _can_act_last(self, seat: int, detail: tuple) -> str | None:
        if detail:
            return msg("it takes no detail.")
        if self.bid_cards[seat] or self.bid_value[seat]:
            return msg("use it before you add cards to your bid.")
        if not any(task[0] == "bid" for task in self.todo[1:]):
            return msg("you are the last to bid already.")
        return None

    def _do_act_last(self, seat: int, detail: tuple, number: int) -> None:
        task = self.todo.pop(0)
        end = next(i for i, t in enumerate(self.todo) if t[0] != "bid")
        self.todo.insert(end, task)
        self.bid_order.remove(seat)
        self.bid_order.append(seat)
        self.events.append(ev.ActLast(seat))
        self._run()

    def _can_double_vp(self, seat: int, detail: tuple) -> str | None:
        return None if self.bid_kind == 4 and not detail else msg("it works in the VP bidding round.")

    def _can_extra_build(self, seat: int, detail: tuple) -> str | None:
        return None if self.bid_kind == 5 and not detail else msg("it works in the construction bidding round.")

    def _do_double_vp(self, seat: int, detail: tuple, number: int) -> None:
        self.bid_flags[seat].add("double_vp")

    def _do_extra_build(self, seat: int, detail: tuple, number: int) -> None:
        self.bid_flags[seat].add("extra_build")

    def _do_take_back(self, seat: int, detail: tuple, number: int) -> None:
        self.bid_flags[seat].add("take_back")
