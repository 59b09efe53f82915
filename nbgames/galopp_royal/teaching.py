"""What the Galopp Royal lessons are built with: lesson games at a set position (through the
engine's ``deck`` and ``scenario`` options), a deterministic search for a seed that rolls what a
lesson needs, the other players' scripted moves, and their narration by the game's renderer."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from ..engine.events import Event
from ..engine.game import Game
from ..i18n import _
from ..ui.lesson import Choice
from .tables import CARD_COUNTS, MOVES
from .text import card_text, event_text, sep

SEED = 1995  # the year Galopp Royal was published; the first seed tried by every search
SEARCH = 2000  # seeds tried by `seed_where` before giving up (a lesson bug, caught by the tests)
LEARNER = 0

def card_split() -> str:
    """The deck's split in the current language: "+1 ×8, …, −2 goof ×6, ±2 schemer ×6"."""
    return sep().join(f"{card_text(card)} ×{count}" for card, count in CARD_COUNTS.items())


# -- small helpers ---------------------------------------------------------------------------
def space(n: int) -> str:
    """A course space: START is 0, the spaces behind it are −1, −2, …"""
    return _("START") if n == 0 else (f"−{-n}" if n < 0 else str(n))


def race_game(boards: list[list[str]], positions: list[int], starter: int = 0, race: int = 1,
              coins: list[int] | None = None, deck: list[str] | None = None, seed: int = SEED) -> Game:
    """A lesson game that starts at a race, through the engine's validated ``scenario`` option."""
    scenario: dict[str, Any] = {"boards": boards, "positions": positions, "starter": starter, "race": race}
    if coins is not None:
        scenario["coins"] = coins
    options: dict[str, Any] = {"scenario": scenario}
    if deck is not None:
        options["deck"] = deck
    return Game("galopp_royal", len(boards), seed=seed, options=options)


def auction_game(players: int, deck: list[str], seed: int = SEED) -> Game:
    """A lesson game at the first start auction, with `deck` on top of the deck (top first)."""
    return Game("galopp_royal", players, seed=seed, options={"deck": deck})


def play_all(game: Game, moves: Sequence[str]) -> Game:
    for move in moves:
        game.play(move)
    return game


def seed_where(make: Callable[[int], Game], ok: Callable[[Game], bool]) -> int:
    """The first seed from SEED on whose game passes `ok` (deterministic: same answer each time)."""
    for seed in range(SEED, SEED + SEARCH):
        if ok(make(seed)):
            return seed
    raise RuntimeError("no seed gives this lesson the roll it needs")  # pragma: no cover


def rolled(game: Game, seat: int = LEARNER) -> str | None:
    """The bearer card of `seat`'s latest roll."""
    for event in reversed(game.events()):
        if event.kind == "roll" and event.seat == seat:
            return event.card
    return None


def narrate(events: Sequence[Event]) -> str:
    """Engine events in plain words (the other players' turns, prizes, draws …)."""
    return " ".join(event_text(event) for event in events)


LEARNER_MOVES = ("roll", "bid", "pass", "scheme", "arrange", "exchange")


def learner_move_index(game: Game) -> int:
    """Index of the event of the learner's latest move (0 if none)."""
    events = game.events()
    for index in range(len(events) - 1, -1, -1):
        if events[index].kind in LEARNER_MOVES and events[index].seat == LEARNER:
            return index
    return 0


def others(moves: Sequence[str] = ()) -> Callable[[Game], str]:
    """A `follow` that plays the other players' scripted moves, then tells what happened since the
    learner's move (what it caused, and the others' turns)."""

    def follow(game: Game) -> str:
        mark = learner_move_index(game)
        play_all(game, moves)
        return narrate(game.events(mark))

    return follow


own_turn = others()


def board_average(cards: Sequence[str]) -> Fraction:
    """How far a board carries its chair per turn on average (a schemer counted as +2)."""
    return Fraction(sum(MOVES.get(card, 2) for card in cards), len(cards))


def fraction_choices(values: Sequence[str]) -> list[Choice]:
    return [Choice(_("{a} in {b}").format(a=v.split("/")[0], b=v.split("/")[1]), v) for v in values]
