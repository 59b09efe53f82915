"""Galopp Royal's hints to the search. Coins paid at the auction come back only as race prizes,
so a position is worth its coins plus the prizes each seat may expect: the prizes still open in
the race being run, shared by how far each chair is and how fast its team moves, and the prizes
of the races to come, shared by team strength (GR-2, GR-3, GR-15). The high bidder of a running
auction is counted as having paid its bid for an average team. In playouts a seat bids the
lowest bid while the price stays under what the lot is worth to it (the prizes it may expect
with the lot's team rather than its own), and passes above it: random bids up to all one's coins
would make every playout's auction a lottery, and a flat "fair price" for every seat made the
search expect rivals to outbid it for every lot, so it bought lots it did not need for a coin
and threw good teams away (mcts vs 3 greedy: 23 %, 100 games). The evaluation still counts the
high bidder of a running auction as paying for an average team: counting the lot's team instead
made the one-ply greedy bot believe every bid won the lot, and a table of them bid each other up
to 60–130 coins a game.
Playouts stop after 20 plies (about five rolls a seat): the expected prizes judge a race in
progress far less noisily than one random finish of all six races (mcts vs 3 greedy: 21 % with
playouts to the end, 40 % with 20 plies, 24 games each).
The searching bots decide three kinds of move without a search (`decide`), and search only the
schemer: a bid is the lowest bid while it is within the lot's worth to them, else a pass
(searched bids drifted among bids whose playout values differ by less than their noise; this
rule with the greedy bot's one-ply look for every other move beat three greedy bots more often
than the search did, at 4, 5 and 6 seats); a bought team is kept as it lies (GR-9: every order
rolls alike); an exchange takes their own slowest bearer and every rival's fastest (GR-16).
docs/bots.md has the figures.
"""

from __future__ import annotations

import random

from ..engine.action import Action
from ..engine.game import Game
from ..engine.search import BotHooks, score_values
from .tables import KEEP

STEP = {"+1": 1.0, "+2": 2.0, "+3": 3.0, "+5": 5.0, "goof": -2.0, "schemer": 1.5}  # a roll's mean move
AVERAGE_CARD = (8 * 1 + 8 * 2 + 8 * 3 + 4 * 5 - 6 * 2 + 6 * 1.5) / 40  # the default deck (GR-2)
RACING = ("race", "scheme")


def team_step(board: list[str] | None) -> float:
    """The mean move of one roll for a board of four bearers (an unknown one: an average card)."""
    cards = list(board or [])
    return (sum(STEP.get(c, AVERAGE_CARD) for c in cards) + AVERAGE_CARD * (4 - len(cards))) / 4


def strength(step: float) -> float:
    """How a team's mean move weighs in the share of the prizes to come (a team that moves
    backward still finishes somewhere)."""
    return max(0.3, step) ** 2


def expected_money(view: dict) -> list[float]:
    """Per seat: coins plus expected prizes still to win."""
    players, table, done = view["players"], view["prize_table"], len(view["results"])
    steps = [team_step(board) for board in view["boards"]]
    money = [float(c) for c in view["coins"]]
    auction = view.get("auction") or {}
    if auction.get("high_bidder") is not None:
        money[auction["high_bidder"]] -= auction["current_bid"]
    future = table[done:]
    if view["phase"] in RACING and future:
        current, future = future[0][len(view["finished"]):], future[1:]
        racing = [s for s in range(players) if view["status"][s] == "racing"]
        lead = max(view["positions"][s] for s in racing) if racing else 0
        rolls = max(1.0, (view["goal"] - lead) / 2.0) / max(players, 1)  # own rolls left, roughly
        reach = {s: max(0.1, view["positions"][s] + 4 + steps[s] * rolls) ** 2 for s in racing}
        total = sum(reach.values())
        for s in racing:
            money[s] += sum(current) * reach[s] / total
    weights = [strength(step) for step in steps]
    pool = sum(sum(prizes) for prizes in future)
    for s in range(players):
        money[s] += pool * weights[s] / sum(weights)
    return money


def lot_worth(view: dict) -> float:
    """What the lot on offer is worth to the seat whose view this is, in expected prizes: its
    share of the prizes to come with the lot's team (the cards it has seen, an average card for
    each other) instead of the team it has now (GR-17: the old one is discarded; before race 1,
    an average team). Negative when its own team is better."""
    seat, auction = view["seat"], view["auction"]
    lot = team_step((auction["lot_public"] + auction["my_private"])[:4])
    steps = [team_step(board) for board in view["boards"]]
    others = sum(strength(step) for s, step in enumerate(steps) if s != seat)

    def share(step: float) -> float:
        return strength(step) / (strength(step) + others)

    pool = sum(map(sum, view["prize_table"][len(view["results"]):]))
    return pool * (share(lot) - share(steps[seat]))


def value_bid(game: Game, legal: list[Action], rng: random.Random | None = None) -> Action | None:
    """In an auction, the move of a seat that bids up to what the lot is worth to it
    (`lot_worth`): the lowest bid while that is within its worth, else a pass; the lowest bid
    when a pass is not allowed (GR-8's guard). None outside an auction. `rng` blurs the worth
    (0.5 to 1.2 times it), as a playout's rival might judge it. Staying in an ascending auction
    up to one's own value is what a bidder with a private value does best (Vickrey 1961)."""
    bids = [a for a in legal if a.kind == "bid"]
    if not bids:
        return None
    lowest = min(bids, key=lambda a: a.args[0])
    passes = [a for a in legal if a.kind == "pass"]
    if not passes:
        return lowest
    limit = lot_worth(game.bot_view(game.to_move)) * (rng.uniform(0.5, 1.2) if rng else 1.0)
    return lowest if lowest.args[0] <= limit else passes[0]


def rollout(game: Game, legal: list[Action], rng: random.Random) -> Action:
    bid = value_bid(game, legal, rng)
    return rng.choice(legal) if bid is None else bid


def best_exchange(game: Game, legal: list[Action]) -> Action | None:
    """GR-16: on one's own board the bearer that carries the chair least, on every other board
    the one that carries it most — each board's pick is its own, and a rival's weaker team never
    costs the chooser anything. None outside an exchange."""
    if not legal or legal[0].kind != "exchange":
        return None
    me, boards = game.to_move, game.bot_view(game.to_move)["boards"]
    slots = tuple((min if seat == me else max)(range(len(board)), key=lambda i: STEP[board[i]])
                  for seat, board in enumerate(boards))
    return next(a for a in legal if a.args == slots)


def decide(game: Game, legal: list[Action]) -> Action | None:
    """What the searching bots do without a search: bid by the lot's worth (see the module),
    keep a bought team as it lies, since every order rolls alike (GR-9), and exchange the
    bearers `best_exchange` names (up to 4,096 exchanges at six seats: a search's one-ply look
    alone did not get through them in its time)."""
    if KEEP in legal:
        return KEEP
    exchange = best_exchange(game, legal)
    return exchange if exchange is not None else value_bid(game, legal)


def evaluate(game: Game) -> list[float]:
    return score_values(expected_money(game.bot_view(None)), 10.0)


# The review's winning chances per fifth of the game (`nbgames.engine.review.shares`), fitted to who
# won 200 games of greedy bots (`benchmarks/calibration.py galopp_royal -n 200 --review`, docs/bots.md): early coins
# tell little of who wins.
REVIEW_TEMPERATURES = (0.02, 0.06, 0.11, 0.20, 0.41)

HOOKS = BotHooks(evaluate=evaluate, rollout=rollout, rollout_depth=20, decide=decide, score_scale=10.0,
                 review_temperatures=REVIEW_TEMPERATURES)
