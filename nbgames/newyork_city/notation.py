"""New York City's action notation: building actions and reading typed text back.

The notation is documented in ``rules.py``. Card multisets are written as kind letters in kind
order ("DDV"; "-" for none), districts by their letter of this game, characters by number.
"""

from __future__ import annotations

import functools
import re

from ..engine.action import Action
from .tables import Tables

NONE = "-"


@functools.lru_cache(maxsize=4096)
def make(kind: str, args: tuple, notation: str) -> Action:
    """The one Action of a notation (cached: a game asks for the same few again and again)."""
    return Action(kind, args, notation)


def cards_text(T: Tables, cards: tuple[int, ...]) -> str:
    return "".join(T.letter(c) for c in sorted(cards)) or NONE


def start(number: int) -> Action:
    return make("start", (number,), f"start {number}")


def take(slot: int) -> Action:
    return make("take", (slot,), f"take {slot}")


def take_two(a: int, b: int) -> Action:
    return make("take2", (a, b), f"take {a}+{b}")


def split(T: Tables, a: int, x: int, b: int, y: int) -> Action:
    return make("split", (a, x, b, y), f"take {a}:{T.letter(x)} {b}:{T.letter(y)}")


def swap(T: Tables, given: int, taken: int) -> Action:
    return swaps(T)[given][taken]


def swaps(T: Tables) -> tuple[tuple[Action, ...], ...]:
    """Every ``swap X>Y`` action, by the card given and the card taken (asked in every decision)."""
    return _swaps(T.letters_of_kinds)


@functools.lru_cache(maxsize=16)
def _swaps(letters: str) -> tuple[tuple[Action, ...], ...]:
    return tuple(tuple(make("swap", (given, taken), f"swap {letters[given]}>{letters[taken]}")
                       for taken in range(len(letters))) for given in range(len(letters)))


def swaps_from(T: Tables, reserve: tuple[int, ...]) -> tuple[tuple[Action, ...], ...]:
    """Per card given, the swaps a reserve of these counts (by kind) allows: one per kind it
    holds, the given kind left out."""
    return _swaps_from(T.letters_of_kinds, reserve)


@functools.lru_cache(maxsize=1024)
def _swaps_from(letters: str, reserve: tuple[int, ...]) -> tuple[tuple[Action, ...], ...]:
    table = _swaps(letters)
    return tuple(tuple(table[given][taken] for taken in range(len(letters)) if reserve[taken] and taken != given)
                 for given in range(len(letters)))


def play(T: Tables, card: int, count: int) -> Action:
    return plays(T)[card][count]


def plays(T: Tables) -> tuple[tuple[Action | None, ...], ...]:
    """Every ``play X`` and ``play XX`` action, by card and count (index 0: None)."""
    return _plays(T.letters_of_kinds)


@functools.lru_cache(maxsize=16)
def _plays(letters: str) -> tuple[tuple[Action | None, ...], ...]:
    return tuple((None, *(make("play", (card, count), "play " + letter * count) for count in (1, 2)))
                 for card, letter in enumerate(letters))


PASS = make("pass", (), "pass")
DONE = make("done", (), "done")
NOFAME = make("fame", (), "fame none")
NOHIRE = make("hire", (0,), "hire none")


def use(T: Tables, number: int, detail: tuple = (), text: str | None = None) -> Action:
    """A character's ability: ``use 13 D``, ``use 7 28>14``, ``use 1 DDV``, ``use 18``."""
    words = f"use {number}" if text is None else f"use {number} {text}"
    return make("use", (number, detail), words)


def use_cards(T: Tables, number: int, cards: tuple[int, ...]) -> Action:
    cards = tuple(sorted(cards))
    return use(T, number, cards, cards_text(T, cards))


def drop(T: Tables, cards: tuple[int, ...]) -> Action:
    cards = tuple(sorted(cards))
    return make("drop", cards, "drop " + cards_text(T, cards))


def back(T: Tables, cards: tuple[int, ...]) -> Action:
    cards = tuple(sorted(cards))
    return make("back", cards, "back " + cards_text(T, cards))


def hire(number: int) -> Action:
    return make("hire", (number,), f"hire {number}")


def move(letter: str) -> Action:
    return make("move", (letter,), f"move {letter}")


def fame(tile: int, route: str, letter: str) -> Action:
    return make("fame", (tile, route, letter), f"fame {tile} {route}>{letter}")


_NUMBER = r"(\d{1,3})"


def parse(T: Tables, text: str) -> Action | None:
    """The action a notation names (whether or not it is legal now), or None."""
    words = text.strip().split()
    if not words or len(words) > 3:
        return None
    head, rest = words[0].lower(), words[1:]
    try:
        if head == "pass" and not rest:
            return PASS
        if head == "done" and not rest:
            return DONE
        if head == "start" and len(rest) == 1:
            return start(_int(rest[0]))
        if head == "take":
            return _take(T, rest)
        if head == "swap" and len(rest) == 1:
            given, _, taken = rest[0].partition(">")
            return swap(T, _card(T, given), _card(T, taken))
        if head == "play" and len(rest) == 1 and len(rest[0]) in (1, 2) and len(set(rest[0])) == 1:
            return play(T, _card(T, rest[0][0]), len(rest[0]))
        if head == "use" and rest:
            return _use(T, _int(rest[0]), rest[1:])
        if head in ("drop", "back") and len(rest) == 1:
            return (drop if head == "drop" else back)(T, _cards(T, rest[0]))
        if head == "hire" and len(rest) == 1:
            return NOHIRE if rest[0] == "none" else hire(_int(rest[0]))
        if head == "move" and len(rest) == 1:
            return move(_letter(T, rest[0]))
        if head == "fame":
            if rest == ["none"]:
                return NOFAME
            if len(rest) == 2:
                route, _, letter = rest[1].partition(">")
                if route in T.route_by_id:
                    return fame(_int(rest[0]), route, _letter(T, letter))
    except ValueError:
        return None
    return None


def _take(T: Tables, rest: list[str]) -> Action:
    if len(rest) == 1 and "+" in rest[0]:
        a, _, b = rest[0].partition("+")
        return take_two(_int(a), _int(b))
    if len(rest) == 1:
        return take(_int(rest[0]))
    if len(rest) == 2:
        (a, x), (b, y) = (word.split(":") for word in rest)
        return split(T, _int(a), _card(T, x), _int(b), _card(T, y))
    raise ValueError


CARD_DETAIL = ("counts_as_round", "counts_double", "reserve_match")
CARDS_DETAIL = ("redraw", "replace_reserve")


def _use(T: Tables, number: int, detail: list[str]) -> Action:
    """``use N`` and its detail, in the shape that character's ability takes."""
    character = T.characters.get(number)
    ability = character.ability if character else None
    if not detail:
        if ability in CARDS_DETAIL:
            raise ValueError("name the cards, or '-' for none")
        return use(T, number)
    if len(detail) != 1:
        raise ValueError
    word = detail[0]
    if ability == "replace_black":
        return use(T, number, (_letter(T, word),), word)
    if ability == "trade_up":
        a, sep, b = word.partition(">")
        if not sep:
            raise ValueError(word)
        return use(T, number, (_int(a), _int(b)), f"{_int(a)}>{_int(b)}")
    if ability == "press_as_wilds":
        return use(T, number, (_int(word),), str(_int(word)))
    if ability in CARD_DETAIL:
        return use_cards(T, number, (_card(T, word),))
    if ability in CARDS_DETAIL or ability is None:
        return use_cards(T, number, _cards(T, word))
    raise ValueError(word)  # this ability takes no detail


def _int(word: str) -> int:
    if not re.fullmatch(_NUMBER, word):
        raise ValueError(word)
    return int(word)


def _card(T: Tables, letter: str) -> int:
    if len(letter) != 1 or letter not in T.letters_of_kinds:
        raise ValueError(letter)
    return T.letters_of_kinds.index(letter)


def _cards(T: Tables, word: str) -> tuple[int, ...]:
    if word == NONE:
        return ()
    if len(word) > 12:
        raise ValueError(word)
    return tuple(sorted(_card(T, letter) for letter in word))


def _letter(T: Tables, word: str) -> str:
    if len(word) != 1 or word not in T.letters:
        raise ValueError(word)
    return word

