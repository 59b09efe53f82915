"""New York's events: what happened, in public (see engine/events.py).

Squares are indices 0…48 (`rules.square_name` names them), colours indices into
``rules.COLOURS``, seats 0… . Nothing secret goes in: a draw is a count, and the only cards
named are cards every player sees (a hand revealed by NY-13, an action card played face up).
"""

from __future__ import annotations

import functools

from ..engine.events import Event, event


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


# The events of a usual turn, each built once (events are immutable) on first use and then
# handed out again, e.g. `PLACED(seat, square, colour)`: a C-level cache, so a turn builds no
# event objects, and importing builds none either (a full table took ~40 ms and weighed on every
# garbage collection).
PLACED, RETURNED, SET_UP, EVICTED, DREW = (functools.cache(cls) for cls in (Place, Return, Setup, Evict, Draw))
RESHUFFLED, STOP_ARMED = Reshuffle(), StopArmed()
