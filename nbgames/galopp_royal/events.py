"""Galopp Royal's events: what happened, in public (see ``nbgames/engine/events.py``).

Every event may be shown to every seat. Private auction cards appear in no event: a lot's
cards are named only once it is won (they become a public bearer board), and an unbid lot is
discarded without naming them. Boards, face-up cards and drawn bearers are public (GR-16).
Seats are 0…n-1, slots 1–4, spaces as on the course (START = 0, negative behind it).
"""

from __future__ import annotations

import functools

from ..engine.events import Event, event


# -- auctions (GR-6 … GR-9, GR-17) -------------------------------------------------------------
@event("auction")
class AuctionOpened(Event):
    """An auction opens: ``auction`` is "start" or "substitute"; only face-up cards are named."""

    auction: str
    number: int
    opener: int
    participants: tuple[int, ...]
    face_up: tuple[str, ...]


@event("bid")
class Bid(Event):
    seat: int
    amount: int


@event("pass")
class Passed(Event):
    seat: int


@event("discard_up", reveals=True)
class DiscardedFaceUp(Event):
    """GR-6 (5 or 6 bidders): a first passer's private card goes face up to the discard pile."""

    seat: int
    card: str


@event("won", reveals=True)
class LotWon(Event):
    """The last bidder pays and takes the lot, which is revealed (it becomes a public board)."""

    seat: int
    price: int
    cards: tuple[str, ...]


@event("no_bid")
class LotDiscarded(Event):
    """Nobody bid: the lot is discarded as it lay (private cards face down, not named)."""

    auction: str
    number: int


@event("forced")
class TeamForced(Event):
    """GR-6, one player left without a team: the top 4 cards for ``price`` coins."""

    seat: int
    price: int
    cards: tuple[str, ...]


@event("replace")
class TeamReplaced(Event):
    """GR-17: a substitute auction's winner discards the old team face up."""

    seat: int
    old: tuple[str, ...]
    new: tuple[str, ...]


@event("arrange")
class TeamArranged(Event):
    """GR-9: the team as placed on slots 1–4."""

    seat: int
    cards: tuple[str, ...]


# -- races (GR-10 … GR-15) ---------------------------------------------------------------------
@event("race")
class RaceStarted(Event):
    race: int
    goal: int
    starter: int


@event("roll")
class DieRolled(Event):
    """The die shows ``die``: the bearer in that slot of ``seat``'s board is ``card`` (GR-5)."""

    seat: int
    die: int
    card: str


@event("move")
class ChairMoved(Event):
    seat: int
    before: int
    after: int


@event("finish")
class ChairFinished(Event):
    seat: int
    place: int


@event("pond")
class ChairInPond(Event):
    """GR-4: ``nth`` is 1 for the first chair to fall in this race, 2 for the next …"""

    seat: int
    nth: int


@event("scheme")
class Schemed(Event):
    """GR-11: the schemer moves its own chair by ``own`` and each of ``targets`` by ``push``."""

    seat: int
    own: int
    targets: tuple[int, ...]
    push: int


@event("prize")
class PrizePaid(Event):
    seat: int
    place: int
    coins: int


@event("race_end")
class RaceEnded(Event):
    """GR-14: the final order of the race, first to last."""

    race: int
    order: tuple[int, ...]


@event("game_over")
class GameOver(Event):
    winners: tuple[int, ...]


# -- between races (GR-16 … GR-19) -------------------------------------------------------------
@event("exchange")
class BearersExchanged(Event):
    """GR-16: the last-placed ``seat`` discards slot ``slots[s]`` (1–4) of each seat s's board,
    face up: the cards ``cards``."""

    seat: int
    slots: tuple[int, ...]
    cards: tuple[str, ...]


@event("draw")
class BearerDrawn(Event):
    """GR-16: a new bearer drawn into an empty slot (public: it lies on the board)."""

    seat: int
    slot: int
    card: str


@event("reshuffle")
class DeckReshuffled(Event):
    """GR-19: the discard pile becomes the deck (``size`` cards)."""

    size: int


# -- one shared object for each value of the events of every turn --------------------------------
# An event is immutable, so equal events may be one object. A random game makes about two of
# these per decision, and building a frozen dataclass costs several times a cache lookup, so
# the rules take them from these caches (each holds at most a few thousand distinct values).
die_rolled = functools.cache(DieRolled)
chair_moved = functools.cache(ChairMoved)
chair_finished = functools.cache(ChairFinished)
schemed = functools.cache(Schemed)
bid = functools.cache(Bid)
passed = functools.cache(Passed)
