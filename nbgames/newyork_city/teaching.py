"""What the New York City lessons are built with: lesson games brought to a position by playing
real moves (the engine has no set-position option: every lesson position is a real game,
reached from a fixed seed by a fixed way of playing), the learner's hand and bid read from the
public view, and judges for "make this kind of move".

`steer` plays a game forward: the learner (seat 0) follows the lesson's wishes (`Wish`: the
kinds of cards to draft, the bidding rounds to bid in, the character to hire), the other seats
draft the first pair and pass every bid, so each lesson knows what happens around the learner.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..engine.action import Action
from ..engine.game import Game
from . import notation as nt

LEARNER = 0
PLAYERS = 2
KINDS = ("press", "dollar", "elevator", "acquisition", "vp", "construction")


@dataclass(frozen=True)
class Wish:
    """How the learner plays until the lesson's position: pairs with these card letters are
    drafted first; in these bidding rounds (kind names) every fitting card is bid; a character
    is hired when the elevator reaches it; a starting character is chosen."""

    draft: str = ""
    bid_in: tuple[str, ...] = ()
    hire: tuple[int, ...] = ()
    start: int | None = None
    use: tuple[str, ...] = field(default=())  # notations to use when offered (phase 1 / 3)


def view(game: Game, seat: int | None = LEARNER) -> dict[str, Any]:
    return game.view(seat)


def stage(game: Game) -> str:
    return game.view(None)["stage"]


def bid_kind(game: Game) -> str | None:
    bidding = game.view(None)["bidding"]
    return None if bidding is None else bidding["kind"]


def learner_bids(game: Game, kind: str) -> bool:
    """The learner is to bid in the `kind` bidding round."""
    return game.to_move == LEARNER and stage(game) == "bid" and bid_kind(game) == kind


def _choose(game: Game, wish: Wish) -> Action:
    legal = game.legal_actions()
    by_text = {str(a): a for a in legal}
    where = stage(game)
    if game.to_move != LEARNER:
        for text in map(str, (nt.PASS, nt.DONE, nt.NOHIRE, nt.NOFAME)):
            if text in by_text:
                return by_text[text]
        return legal[0]
    if where == "start" and wish.start is not None and f"start {wish.start}" in by_text:
        return by_text[f"start {wish.start}"]
    if where == "draft":
        table = view(game)
        takes = [a for a in legal if a.kind == "take"]
        if takes:
            return max(takes, key=lambda a: (sum(c in wish.draft for c in table["display"][a.args[0] - 1]),
                                             -a.args[0]))
    if where in ("window1", "window3"):
        for text in wish.use:
            if text in by_text:
                return by_text[text]
        return by_text.get("done", legal[0])
    if where == "bid":
        if bid_kind(game) in wish.bid_in:
            plays = [a for a in legal if a.kind == "play"]
            if plays:
                return plays[0]
            if "done" in by_text:
                return by_text["done"]
        return by_text.get("pass", by_text.get("done", legal[0]))
    if where == "hire":
        for number in wish.hire:
            if f"hire {number}" in by_text:
                return by_text[f"hire {number}"]
        return by_text["hire none"]
    if where == "fame":
        fames = [a for a in legal if a.kind == "fame" and a.args]
        return fames[0] if fames else legal[0]
    return legal[0]


def steer(seed: int, wish: Wish, until: Callable[[Game], bool], players: int = PLAYERS,
          limit: int = 3000) -> Game:
    """A new game from `seed`, played by `wish` (learner) and passing opponents until `until`."""
    game = Game("newyork_city", players, seed=seed)
    for _ in range(limit):
        if until(game) or game.is_over:
            return game
        game.play(_choose(game, wish))
    return game


def seed_where(wish: Wish, until: Callable[[Game], bool], ok: Callable[[Game], bool], first: int = 1,
               tries: int = 400) -> int:
    """The first seed whose game reaches `until` with `ok` true (used to pick the lessons' seeds)."""
    for seed in range(first, first + tries):
        game = steer(seed, wish, until)
        if not game.is_over and until(game) and ok(game):
            return seed
    raise KeyError("no seed gives this lesson position")  # a LookupError


# -- reading the learner's cards ---------------------------------------------------------------------
def hand(game: Game) -> dict[str, int]:
    return view(game)["seats"][LEARNER]["hand"] or {}


def reserve(game: Game) -> dict[str, int]:
    return view(game)["seats"][LEARNER]["reserve"]


def my_bid(game: Game) -> tuple[list[str], int]:
    bidding = view(game)["bidding"]
    if bidding is None:
        return [], 0
    return bidding["cards"][LEARNER], bidding["values"][LEARNER]


def district_of(game: Game, what: str) -> dict[str, Any]:
    """The mayor's district ("mayor") or a district by letter."""
    districts = view(game)["districts"]
    if what == "mayor":
        return next(d for d in districts if d["mayor"])
    return next(d for d in districts if d["letter"] == what)


# -- judges ---------------------------------------------------------------------------------------------
def first_legal(game: Game, test: Callable[[Action], bool]) -> Action:
    """The first legal action passing `test` ("show me" answers)."""
    return next(a for a in game.legal_actions() if test(a))
