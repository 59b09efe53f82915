"""New York 1901's events: what happened, in public (see engine/events.py).

Cells and lots are named as on the board ("C4"; a lot by its first cell), districts, tiles,
avenues and challenges by their data names, seats 0… . Everything here is public: the market,
every lot and tile is face up; only the order of the draw pile is hidden, and no event tells it.
"""

from __future__ import annotations

from ..engine.events import Event, event


@event("setup")
class Setup(Event):
    """NY1901-4: the avenue bonus cards and the challenge card turned up for this game."""

    avenues: tuple[str, ...]
    challenge: str


@event("market")
class Market(Event):
    """NY1901-4/5/8: the open market after it was dealt, refilled or shifted."""

    cards: tuple[str, ...]


@event("character")
class Character(Event):
    """NY1901-4: `seat` took the character of `district` (chosen, or dealt at random) and its
    starting lot `lot` with the starter building."""

    seat: int
    district: str
    lot: str
    dealt: bool


@event("acquire")
class Acquire(Event):
    """NY1901-5 (and Land Grab, NY1901-8): `seat` took a `card` from the market and put a
    worker on the empty lot `lot`."""

    seat: int
    card: str
    lot: str
    grab: bool


@event("build")
class Build(Event):
    """NY1901-5/6: `seat` built `tile` on `cells`, scoring `vp`; `workers_back` workers on the
    lots it covers went back to supply."""

    seat: int
    tile: str
    tier: str
    cells: tuple[str, ...]
    vp: int
    workers_back: int


@event("prestige")
class Prestige(Event):
    """NY1901-12 Gold Prestige: `seat` scored `vp` for opponents' lower buildings next to its
    new gold building."""

    seat: int
    vp: int


@event("unlock")
class Unlock(Event):
    """NY1901-5: `seat` reached the VP that unlocks `tier` ("silver" at 6, "gold" at 18)."""

    seat: int
    tier: str
    vp: int


@event("demolish")
class Demolish(Event):
    """NY1901-6: `seat` demolished its `tile` on `cells` (it leaves the game; VP stay)."""

    seat: int
    tile: str
    cells: tuple[str, ...]


@event("worker_placed")
class WorkerPlaced(Event):
    """NY1901-6: a lot of the freed area was left with no building: `seat` put a worker on it."""

    seat: int
    lot: str


@event("recall")
class Recall(Event):
    """NY1901-7: `seat` took its worker back from `lot`; the lot card went under the draw pile."""

    seat: int
    lot: str
    card: str


@event("action_card")
class ActionCard(Event):
    """NY1901-8: `seat` played an action card ("boom", "shift" or "grab")."""

    seat: int
    card: str


@event("pass")
class Pass(Event):
    """NY1901-7 [R]: `seat` could take no action at all and passed."""

    seat: int


@event("turn_end")
class TurnEnd(Event):
    """`seat`'s turn ended."""

    seat: int


@event("end_trigger")
class EndTrigger(Event):
    """NY1901-9: `seat` triggered the end (`reason` "tiles" or "market"; `tiles_left`: its
    unbuilt skyscrapers): one last turn each, `seat` last."""

    seat: int
    reason: str
    tiles_left: int


@event("game_end")
class GameEnd(Event):
    """NY1901-10…13: the final scores and the winners (after the tie-break)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
