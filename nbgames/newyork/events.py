"""New York's events: what happened, in public (see engine/events.py).

Squares are indices 0…48 (`rules.square_name` names them), colours indices into
``rules.COLOURS``, seats 0… . Nothing secret goes in: a draw is a count, and the only cards
named are cards every player sees (a hand revealed by NY-13, an action card played face up).
"""

from __future__ import annotations

from ..engine.events import Event, event
from .tables import COLOURS, SQUARES


@event("pick")
class Pick(Event):
    """V2: a seat chose its colour before the setup round."""

    seat: int
    colour: int


@event("setup")
class Setup(Event):
    """NY-4: a setup piece was placed."""

    seat: int
    square: int
    colour: int


@event("colours")
class Colours(Event):
    """NY-6: the colour cards were dealt (or the V2 choices kept): each seat's colours."""

    seat_colours: tuple[tuple[int, ...], ...]


@event("place")
class Place(Event):
    """NY-10: a piece of `colour` was put on an empty square by `seat` (a pair, an action card)."""

    seat: int
    square: int
    colour: int


@event("evict")
class Evict(Event):
    """NY-10/11: `seat` evicted the `colour` piece on `square` and paid `fee` chips to its owner."""

    seat: int
    square: int
    colour: int
    fee: int


@event("return")
class Return(Event):
    """NY-10: `seat` played onto its own piece, which went back to its supply."""

    seat: int
    square: int
    colour: int


@event("noplay", reveals=True)
class NoPlay(Event):
    """NY-13: `seat` had no playable pair (or chose not to play an action card, V1), revealed
    its hand (`cards`, public from then on) and discarded it."""

    seat: int
    cards: tuple[str, ...]


@event("draw")
class Draw(Event):
    """NY-7 / NY-9 step 4: `seat` drew `count` cards (which ones stays secret)."""

    seat: int
    count: int


@event("reshuffle")
class Reshuffle(Event):
    """NY-14: the discard pile became the new draw pile."""


@event("stop_armed")
class StopArmed(Event):
    """NY-15: 4 or fewer squares are empty: both STOP cards went to the discard pile."""


@event("stop")
class Stop(Event):
    """NY-16: `seat` drew a STOP card; the game is over."""

    seat: int


@event("action_card")
class ActionCard(Event):
    """V1: `seat` played the action card `card` ("statik", …) with back `back` ("r" or "b")."""

    seat: int
    card: str
    back: str


@event("removed")
class Removed(Event):
    """V1 (Spekulation, Statik): `seat` removed its own `colour` piece from `square`."""

    seat: int
    square: int
    colour: int


def _interned(cls: type) -> list[list[list[Event]]]:
    return [[[cls(seat, sq, colour) for colour in range(len(COLOURS))] for sq in range(SQUARES)]
            for seat in range(5)]


# The events of a usual turn, built once (events are immutable) and handed out by the engine
# instead of new ones: [seat][square][colour], [seat][square][colour][fee], [seat][count].
PLACED = _interned(Place)
RETURNED = _interned(Return)
SET_UP = _interned(Setup)
EVICTED = [[[[Evict(seat, sq, colour, fee) for fee in range(8)] for colour in range(len(COLOURS))]
             for sq in range(SQUARES)] for seat in range(5)]  # a fee is at most 7 (NY-11)
DREW = [[Draw(seat, count) for count in range(80)] for seat in range(5)]  # 78 cards at most
RESHUFFLED, STOP_ARMED = Reshuffle(), StopArmed()
