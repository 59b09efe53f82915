"""New York City's events: what happened, in public (see engine/events.py).

Districts are named by their letter of this game ("B"), cards by kind (0…5, 6 wild), seats
0… . Nothing secret goes in: cards dealt into a hand are a count; cards named are face up
(the display, a reserve, a bid, a public discard).
"""

from __future__ import annotations

from ..engine.events import Event, event


@event("setup")
class Setup(Event):
    """NYC-7: the districts' letters and score tiles, the start district, the press stack
    (top first) and the fame tiles turned up."""

    letters: str
    tiles: tuple[int, ...]
    start: str
    press_order: tuple[int, ...]


@event("reserve")
class Reserve(Event):
    """NYC-7 / abilities: `seat` drew `cards` face up into its reserve."""

    seat: int
    cards: tuple[int, ...]
    rule: str


@event("start_choice")
class StartChoice(Event):
    """NYC-7: `seat` chose starting character `number`."""

    seat: int
    number: int


@event("round")
class RoundStart(Event):
    """NYC-8: round `round` begins; the mayor is in `mayor`; `fame` tiles are face up."""

    round: int
    mayor: str
    fame: tuple[int, ...]


@event("deal")
class Deal(Event):
    """NYC-9: `count` cards dealt to every hand (secret) and the display `pairs` laid out."""

    count: int
    pairs: tuple[tuple[int, int], ...]


@event("draft")
class Draft(Event):
    """NYC-9 (and characters 2, 4): `seat` took `cards` from display pairs `slots`."""

    seat: int
    slots: tuple[int, ...]
    cards: tuple[int, ...]


@event("swap")
class Swap(Event):
    """NYC-10: `seat` put `given` from its hand into its reserve and took `taken`."""

    seat: int
    given: int
    taken: int


@event("play")
class Play(Event):
    """NYC-10: `seat` played `cards` face up, worth `value` in this bidding round."""

    seat: int
    cards: tuple[int, ...]
    value: int


@event("pass")
class Pass(Event):
    """NYC-10: `seat` passed in this bidding round."""

    seat: int


@event("bid")
class Bid(Event):
    """NYC-10: `seat` finished its bid of `value` in the bidding round of `kind`."""

    seat: int
    bid_kind: int
    value: int


@event("bonus")
class Bonus(Event):
    """NYC-10: `seat` played the most cards in the round of `kind` and gains +1."""

    seat: int
    bid_kind: int


@event("gain")
class Gain(Event):
    """`seat` gained `amount` of `what` ("vp", "dollars", "buildings", "press") under `rule`."""

    seat: int
    what: str
    amount: int
    rule: str


@event("hire")
class Hire(Event):
    """NYC-10 elevator: `seat` took character `number` (0: none)."""

    seat: int
    number: int


@event("build")
class Build(Event):
    """`seat` built in `district`; `source` "board", "stock" or the letter it moved from."""

    seat: int
    district: str
    source: str
    rule: str


@event("fame")
class Fame(Event):
    """NYC-10 VP round: `seat` put fame tile `tile` on `district` and took the vehicle of `route`."""

    seat: int
    tile: int
    route: str
    district: str


@event("fame_gone")
class FameGone(Event):
    """NYC-10: fame tiles nobody took leave the game."""

    tiles: tuple[int, ...]


@event("statue")
class Statue(Event):
    """NYC-4: `seat` has buildings in all six districts and takes the Statue bonus."""

    seat: int
    points: int


@event("ability")
class Ability(Event):
    """NYC-12: `seat` paid 1 dollar onto character `number` and used its ability."""

    seat: int
    number: int


@event("draw")
class Draw(Event):
    """`seat` drew `count` cards into its hand (which stays secret)."""

    seat: int
    count: int


@event("discard")
class Discard(Event):
    """`seat` discarded `cards` face up (-1: the display's leftover pair)."""

    seat: int
    cards: tuple[int, ...]


@event("discard_hidden")
class DiscardHidden(Event):
    """`seat` discarded `count` hand cards unseen (end of round, characters 1 and 5)."""

    seat: int
    count: int


@event("take_back")
class TakeBack(Event):
    """Character 22: `seat` took `cards` it had played back into its hand."""

    seat: int
    cards: tuple[int, ...]


@event("trade")
class Trade(Event):
    """Character 7: `seat` gave back character `given` and took `taken`."""

    seat: int
    given: int
    taken: int


@event("replace")
class Replace(Event):
    """Character 11: `seat` replaced a black building in `district` with its own."""

    seat: int
    district: str


@event("press")
class Press(Event):
    """`seat`'s press marker moved from `start` to `end` (NYC-2)."""

    seat: int
    start: int
    end: int
    rule: str


@event("act_last")
class ActLast(Event):
    """Character 18: `seat` bids last in this bidding round."""

    seat: int


@event("reshuffle")
class Reshuffle(Event):
    """The discard pile became the new deck."""


@event("game_end")
class GameEnd(Event):
    """NYC-13/14: the final scores."""

    scores: tuple[int, ...]
