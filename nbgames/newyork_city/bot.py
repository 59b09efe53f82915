"""New York City's hints to the search. Its scores already count the end-of-game awards the
position would give (majorities, the Statue, leftovers), but most points come from cards whose
effect comes later: a bid pays out when its bidding round ends, and hand cards only in the
bidding rounds still to come this round (NYC-10). So a position is worth each seat's score plus
its bid in progress (with the +1 for the most cards when it leads) plus its cards in hand and in
reserve, each at what one card of its kind tends to bring. Playouts stop after 40 plies and
seldom swap with the reserve: a swap is offered in every decision and may be undone at once
(NYC-10), so uniform playouts would spend their plies swapping back and forth; and each swap
in a row costs the seat to move a little, so a greedy or searching bot swaps only for a gain
(an open bid is worth a little more than the same bid done, and swapping would keep it open)."""

from __future__ import annotations

import random

from ..engine.action import Action
from ..engine.game import Game
from ..engine.search import BotHooks, score_values

ORDER = "PDEAVC"  # the bidding rounds in order (NYC-10); W is a wild
WORTH = {"P": 0.5, "D": 0.6, "E": 1.0, "A": 0.7, "V": 1.0, "C": 1.2}  # VP one card of a kind brings, roughly
HELD = 0.6  # a card in hand is not yet a bid: it may end up outbid, unplayable or discarded
RESERVE = 0.3  # a reserve card only plays after a swap, but it stays from round to round
SCALE = 5.0
SWAP_COST = 0.5  # VP a swap must gain: a bid left open looks better than one done, and swaps could stall


def card_worth(card: str, playable: str) -> float:
    """One card's worth when the kinds in `playable` are still to be bid this round: its own
    kind's worth if that is still to come, else half (two identical cards count as one card of
    any kind); a wild copies the best kind to come."""
    if not playable:
        return 0.0
    best = max(WORTH[k] for k in playable)
    if card == "W":
        return best
    return WORTH[card] if card in playable else best / 2


def worth(game: Game) -> list[float]:
    """Per seat: its score plus the prospects of its bid, hand and reserve (see the module).

    Every playout ends here, so it reads the rules state instead of building views (which cost
    a third of a search), and only what the public view shows, but for a sample's hands: a
    sample knows every hand it dealt; the real game shows only the cards everyone saw taken."""
    rules = game.rules
    letters = rules.T.data["kind_letters"] + rules.T.data["wild_letter"]  # by card kind
    stage, players = rules.stage, rules.players
    bidding = stage in ("bid", "back", "hire", "move", "fame")
    bidding_now = stage in ("bid", "back")
    values = [float(score) for score in rules.scores()]
    for s in range(players):
        if stage in ("window3", "over"):
            playable = ""  # the round's bidding is over: hand cards are discarded
        elif bidding:
            own_turn_over = bidding_now and rules.bid_over[s]
            playable = ORDER[ORDER.index(letters[rules.bid_kind]) + (1 if own_turn_over or not bidding_now else 0):]
        else:
            playable = ORDER
        hand = [rules.hand(s, c) for c in range(len(letters))] if game.sampled else rules.hand_pub[s]
        values[s] += HELD * sum(n * card_worth(letters[c], playable) for c, n in enumerate(hand) if n)
        values[s] += RESERVE * sum(n * card_worth(letters[c], ORDER) for c, n in enumerate(rules.reserve[s]) if n)
    if rules.to_move is not None:  # a swap must earn its keep: never a loop of swaps (NYC-10)
        values[rules.to_move] -= SWAP_COST * rules.swaps_now
    if stage == "hire":  # an elevator bid about to take a character of up to its level
        _, seat, limit = rules.todo[0]
        values[seat] += WORTH["E"] * limit
    if bidding_now:
        kind, bids = letters[rules.bid_kind], rules.bid_value
        leader = max((s for s in range(players) if bids[s]), key=lambda s: (bids[s], rules.press_key(s)), default=None)
        for s in range(players):
            values[s] += WORTH[kind] * (bids[s] + (1 if s == leader else 0))
    return values


def evaluate(game: Game) -> list[float]:
    return score_values(worth(game), SCALE)


SWAPS_IN_A_ROW = 3  # a bot swaps at most this often before it acts otherwise: enough for the whole reserve


def considered(game: Game, legal: list[Action]) -> list[Action]:
    """The moves a bot weighs: no more swaps after `SWAPS_IN_A_ROW` in a row. The rules allow
    swapping forever (NYC-10), and noisy values could make a bot do so: a tournament game
    hung, a greedy bot swapped 7 times in a row and the search 9."""
    if game.rules.swaps_now < SWAPS_IN_A_ROW:
        return legal
    return [a for a in legal if a.kind != "swap"]


SWAP_IN_PLAYOUT = 0.1  # how often a playout move is a swap, when a swap is offered


def rollout(game: Game, legal: list[Action], rng: random.Random) -> Action:
    """A playout move: uniform among the moves that are no swap; a swap only now and then."""
    others = [a for a in legal if a.kind != "swap"]
    if not others or (len(others) < len(legal) and rng.random() < SWAP_IN_PLAYOUT):
        return rng.choice(legal)
    return rng.choice(others)


HOOKS = BotHooks(evaluate=evaluate, rollout=rollout, rollout_depth=40, considered=considered, score_scale=SCALE,
                 review_scale=0.15)  # slow playouts (40 plies of many actions): a review in ≈ 8 s CPU
