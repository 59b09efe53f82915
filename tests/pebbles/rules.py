"""Pebbles, rules PB-1…PB-5 (a test game; the rule text is in the docstrings).

PB-1  2–3 players; a bag of pebbles worth 1–4 (three of each), shuffled; each player holds two,
      hidden from the others.
PB-2  On your turn place one of your pebbles on an empty square ("3@B2"), then draw one.
PB-3  A pebble may not be placed orthogonally next to a pebble of the same value.
PB-4  A player with no legal placement passes ("pass"); when everybody passes in a row, or the
      board is full, the game ends.
PB-5  Each player scores the values of the pebbles they placed; the highest total wins.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

from nbgames.engine.action import Action
from nbgames.engine.chance import Chance
from nbgames.engine.events import Event, event
from nbgames.engine.rules import Rules

VALUES = (1, 2, 3, 4)
HAND = 2
PASS = Action("pass", (), "pass")


@event("placed")
class Placed(Event):
    seat: int
    value: int
    square: str


@event("drew")
class Drew(Event):
    seat: int


@event("passed")
class Passed(Event):
    seat: int


STRINGS = {"en": {
    "pb.placed": "{player} placed a {value} on {square}.",
    "pb.drew": "{player} drew a pebble.",
    "pb.passed": "{player} passed (PB-4).",
}}


def event_text(e: Event, lang: str = "en") -> str:
    from nbgames.ui.i18n import t

    fields = {k: v for k, v in e.to_json().items() if k != "kind"}
    return t(f"pb.{e.kind}", lang, player=t("seat.name", lang, n=e.seat + 1), **fields)


def square_name(size: int, sq: int) -> str:
    return f"{chr(ord('A') + sq // size)}{sq % size + 1}"


class Pebbles(Rules):
    name = "pebbles"
    rules_version = "1"

    @classmethod
    def normalize_options(cls, players: int, options: dict[str, Any]) -> dict[str, Any]:
        return {"size": options.get("size", 3)}

    def __init__(self, players: int, options: dict[str, Any], rng: random.Random):
        super().__init__(players, options, rng)
        self.size = options["size"]
        self.board: list[tuple[int, int] | None] = [None] * self.size ** 2  # (value, seat)
        self.bag = [v for v in VALUES for _ in range(3)]
        rng.shuffle(self.bag)
        self.hands = [sorted(self.rng.draw(self.bag) for _ in range(HAND)) for _ in range(players)]
        self.current, self.passes = 0, 0
        notations = {(v, sq): f"{v}@{square_name(self.size, sq)}" for v in VALUES for sq in range(self.size ** 2)}
        self.actions = {text: Action("place", args, text) for args, text in notations.items()}

    @property
    def to_move(self) -> int | None:
        return None if self.is_over else self.current

    @property
    def is_over(self) -> bool:
        return self.passes >= self.players or None not in self.board

    def _check_place(self, value: int, sq: int) -> tuple[str, str] | None:
        """PB-2 and PB-3, written once: None if legal, else (rule, reason)."""
        if value not in self.hands[self.current]:
            return "PB-2", f"You hold no {value}."
        if self.board[sq] is not None:
            return "PB-2", f"{square_name(self.size, sq)} is taken."
        row, col = divmod(sq, self.size)
        for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            if 0 <= r < self.size and 0 <= c < self.size and (self.board[r * self.size + c] or (0,))[0] == value:
                return "PB-3", f"A {value} may not touch another {value}."
        return None

    def legal_actions(self) -> list[Action]:
        if self.is_over:
            return []
        places = [a for a in self.actions.values() if self._check_place(*a.args) is None]
        return places or [PASS]

    def apply(self, action: Action) -> None:
        seat = self.current
        if action.kind == "pass":
            self.passes += 1
            self.events.append(Passed(seat))
        else:
            value, sq = action.args
            self.passes = 0
            self.hands[seat].remove(value)
            self.board[sq] = (value, seat)
            self.events.append(Placed(seat, value, square_name(self.size, sq)))
            if self.bag:
                self.hands[seat].append(self.rng.draw(self.bag))
                self.hands[seat].sort()
                self.events.append(Drew(seat))
        self.current = (seat + 1) % self.players

    def parse(self, text: str) -> Action | None:
        return PASS if text == "pass" else self.actions.get(text)

    def why_not(self, action: Action) -> tuple[str, str]:
        if self.is_over:
            return "PB-4", "The game is over."
        if action.kind == "pass":
            return "PB-4", "You can place a pebble, so you may not pass."
        return self._check_place(*action.args) or ("PB-2", "Not now.")

    def why_unknown(self, text: str) -> tuple[str, str]:
        return "PB-2", f"{text!r} is not a move: write a value and a square like '3@B2', or 'pass'."

    def scores(self) -> list[int]:
        return [sum(v for v, s in filter(None, self.board) if s == seat) for seat in range(self.players)]

    def explain_scores(self) -> list[dict[str, Any]]:
        return [{"seat": s, "parts": [{"rule": "PB-5", "what": "pebbles placed", "points": p}], "total": p}
                for s, p in enumerate(self.scores())]

    def components(self) -> Counter:
        on_board = [f"pebble {v}" for v, _ in filter(None, self.board)]
        held = [f"pebble {v}" for hand in self.hands for v in hand]
        return Counter(on_board + held + [f"pebble {v}" for v in self.bag])

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"size": self.size, "board": [list(p) if p else None for p in self.board],
                "hand": list(self.hands[seat]) if seat is not None else [],
                "hand_counts": [len(h) for h in self.hands], "bag": len(self.bag),
                "to_move": self.to_move, "scores": self.scores()}

    def determinize(self, seat: int, rng: random.Random) -> Pebbles:
        other = copy.deepcopy(self)
        other.rng = Chance(rng.getrandbits(64))
        unseen = sorted(other.bag + [v for s, h in enumerate(other.hands) if s != seat for v in h])
        rng.shuffle(unseen)
        for s, hand in enumerate(other.hands):
            if s != seat:
                other.hands[s] = sorted(unseen.pop() for _ in hand)
        other.bag = unseen
        return other
