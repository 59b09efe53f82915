"""Galopp Royal's hints to the search. Coins paid at the auction come back only as race prizes,
so a position is worth its coins plus the prizes each seat may expect: the prizes still open in
the race being run, shared by how far each chair is and how fast its team moves, and the prizes
of the races to come, shared by team strength (GR-2, GR-3, GR-15). The high bidder of a running
auction is counted as having paid its bid for an average team. Playouts run to the end of the
game (they are fast here); the evaluation serves the one-ply bot and hints.
"""

from __future__ import annotations

from ..engine.game import Game
from ..engine.search import BotHooks, score_values

STEP = {"+1": 1.0, "+2": 2.0, "+3": 3.0, "+5": 5.0, "goof": -2.0, "schemer": 1.5}  # a roll's mean move
AVERAGE_CARD = (8 * 1 + 8 * 2 + 8 * 3 + 4 * 5 - 6 * 2 + 6 * 1.5) / 40  # the default deck (GR-2)
RACING = ("race", "scheme")


def team_step(board: list[str] | None) -> float:
    """The mean move of one roll for a board of four bearers (an unknown one: an average card)."""
    cards = list(board or [])
    return (sum(STEP.get(c, AVERAGE_CARD) for c in cards) + AVERAGE_CARD * (4 - len(cards))) / 4


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
    strength = [max(0.3, step) ** 2 for step in steps]
    pool = sum(sum(prizes) for prizes in future)
    for s in range(players):
        money[s] += pool * strength[s] / sum(strength)
    return money


def evaluate(game: Game) -> list[float]:
    return score_values(expected_money(game.view(None)), 10.0)


HOOKS = BotHooks(evaluate=evaluate, rollout_depth=None, score_scale=10.0)
