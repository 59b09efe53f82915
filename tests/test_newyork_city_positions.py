"""Helpers for New York City's own tests (positions built on the rules object, moves played by
notation) and checks that they do what they say. The engine's own maths is verified through the
rules object, as the platform allows for a game's own tests."""

from __future__ import annotations

from nbgames.engine.chance import Chance
from nbgames.newyork_city.rules import NewYorkCity
from nbgames.newyork_city.tables import CARD_KINDS, DEFAULT

LETTERS = DEFAULT.letters_of_kinds  # "PDEAVCW"
QUIET = ("pass", "done", "hire none", "fame none", "back -")  # moves that change the least


def new_rules(players: int = 3, seed: int = 0, data: dict | None = None) -> NewYorkCity:
    return NewYorkCity(players, NewYorkCity.normalize_options(players, {"data": data} if data else {}),
                       Chance(seed))


def legal(rules: NewYorkCity) -> list[str]:
    return [str(a) for a in rules.legal_actions()]


def act(rules: NewYorkCity, text: str) -> None:
    """Play a move that must be legal now."""
    action = rules.parse(text)
    assert action is not None, f"{text!r} is no notation"
    assert str(action) in legal(rules), f"{text!r} refused: {rules.why_not(action)}; legal {legal(rules)[:12]}"
    rules.apply(next(a for a in rules.legal_actions() if a == action))


def refusal(rules: NewYorkCity, text: str) -> tuple[str, str]:
    """(rule, reason) of a move that must be refused now."""
    action = rules.parse(text)
    assert action is not None, f"{text!r} is no notation"
    assert str(action) not in legal(rules), f"{text!r} is legal"
    return rules.why_not(action)


def quiet_move(rules: NewYorkCity) -> str:
    moves = legal(rules)
    return next((m for m in moves if m in QUIET), moves[0])


def advance(rules: NewYorkCity, until) -> NewYorkCity:
    """Play quiet moves until `until(rules)` holds (starting characters: the first offered)."""
    for _ in range(5000):
        if until(rules):
            return rules
        act(rules, quiet_move(rules))
    raise AssertionError("position never reached")


def to_bidding(rules: NewYorkCity, kind: int, round_: int = 1) -> NewYorkCity:
    """The first bidding turn of the bidding round of `kind` (0 press … 5 construction)."""
    return advance(rules, lambda r: r.stage == "bid" and r.bid_kind == kind and r.round == round_
                   and not any(r.bid_over))


def cards(text: str) -> list[int]:
    """Counts per kind of a card string such as "PPW"."""
    counts = [0] * CARD_KINDS
    for letter in text:
        counts[LETTERS.index(letter)] += 1
    return counts


def set_hand(rules: NewYorkCity, seat: int, text: str) -> None:
    """The seat's hand becomes exactly these cards (dealt secretly)."""
    rules.hand_pub[seat] = [0] * CARD_KINDS
    rules.hand_sec[seat] = cards(text)


def set_reserve(rules: NewYorkCity, seat: int, text: str) -> None:
    rules.reserve[seat] = cards(text)


def give(rules: NewYorkCity, seat: int, number: int, dollars: int = 1) -> None:
    """The seat owns character `number` and has `dollars` dollars."""
    if number in rules.pool:
        rules.pool.remove(number)
    rules.chars[seat].append(number)
    rules.dollars[seat] = dollars


def hand_text(rules: NewYorkCity, seat: int) -> str:
    return "".join(LETTERS[c] for c in rules.hand_cards(seat))


def test_to_bidding_reaches_each_bidding_round_with_the_start_player_to_move():
    rules = new_rules(3, seed=4)
    for kind in range(6):
        to_bidding(rules, kind)
        assert rules.stage == "bid" and rules.actor == rules.bid_order[0] == rules.start_player


def test_set_hand_and_act_play_a_chosen_bid():
    rules = to_bidding(new_rules(2, seed=1), 0)
    seat = rules.actor
    set_hand(rules, seat, "PPW")
    act(rules, "play P")
    act(rules, "play W")
    assert hand_text(rules, seat) == "P" and rules.bid_value[seat] == 2
