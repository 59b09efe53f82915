"""New York City's hints to the search. Its scores already count the end-of-game awards the
position would give (majorities, the Statue, leftovers), but most points come from cards whose
effect comes later: a bid pays out when its bidding round ends, and hand cards only in the
bidding rounds still to come this round (NYC-10). So a position is worth each seat's score plus
its bid in progress (with the +1 for the most cards when it leads) plus its cards in hand and in
reserve, each at what one card of its kind tends to bring. Playouts stop after 40 plies, add
cards to a bid as players do (a card kept goes to waste at the round's end) and seldom swap with
the reserve: a swap is offered in every decision and may be undone at once (NYC-10), so uniform
playouts would spend their plies swapping back and forth; and each swap in a row costs the
seat to move a little, so a greedy or searching bot swaps only for a gain (an open bid is worth
a little more than the same bid done, and swapping would keep it open)."""

from __future__ import annotations

import functools
import random

from ..engine.action import Action
from ..engine.game import Game
from ..engine.search import BotHooks, score_values
from .tables import DEFAULT_DATA

# VP one card of a kind brings, roughly, per kind in the order of the bidding rounds (NYC-10):
# press, dollar, elevator, acquisition, VP, construction.
KIND_WORTH = (0.5, 0.6, 1.0, 0.7, 1.0, 1.2)
HELD = 0.6  # a card in hand is not yet a bid: it may end up outbid, unplayable or discarded
RESERVE = 0.3  # a reserve card only plays after a swap, but it stays from round to round
SCALE = 5.0
SWAP_COST = 0.5  # VP a swap must gain: a bid left open looks better than one done, and swaps could stall


@functools.lru_cache(maxsize=8)
def _worth_and_place(letters: str, kinds: tuple[str, ...]) -> tuple[dict[str, float], dict[str, int]]:
    return dict(zip(letters, KIND_WORTH, strict=True)), {kind: i for i, kind in enumerate(kinds)}


def cards_of(game: Game) -> tuple[str, str, dict[str, float], dict[str, int]]:
    """The game's card letters in bidding order, its wild letter, each letter's worth and each
    kind's place in the order: from its data (a user's own data may name and letter the kinds
    otherwise, NYC-5)."""
    data = game.options.get("data") or DEFAULT_DATA
    return data["kind_letters"], data["wild_letter"], *_worth_and_place(data["kind_letters"], tuple(data["kinds"]))


def card_worth(card: str, playable: str, wild: str, worth: dict[str, float]) -> float:
    """One card's worth when the kinds in `playable` are still to be bid this round: its own
    kind's worth if that is still to come, else half (two identical cards count as one card of
    any kind); a wild copies the best kind to come."""
    if not playable:
        return 0.0
    best = max(worth[k] for k in playable)
    if card == wild:
        return best
    return worth[card] if card in playable else best / 2


def worth(game: Game) -> list[float]:
    """Per seat: its score plus the prospects of its bid, hand and reserve (see the module)."""
    if game.sampled:  # a sample knows every hand it dealt: each seat's own view shows it
        views = [game.bot_view(s) for s in range(game.players)]
        public, hands = views[0], [view["seats"][s]["hand"] for s, view in enumerate(views)]
    else:  # the real game shows only the cards everyone saw taken
        public = game.bot_view(None)
        hands = [seat["known_hand"] for seat in public["seats"]]
    seats, stage, bidding = public["seats"], public["stage"], public["bidding"]
    letters, wild, worth_of, place = cards_of(game)
    values = [float(score) for score in game.scores()]
    bidding_now = stage in ("bid", "back")  # (a stage of phase 2: `bidding` is not null)
    for s in range(game.players):
        if stage in ("window3", "over"):
            playable = ""  # the round's bidding is over: hand cards are discarded
        elif bidding is not None:
            current = place[bidding["kind"]]
            own_turn_over = bidding_now and bidding["done"][s]
            playable = letters[current + (1 if own_turn_over or not bidding_now else 0):]
        else:
            playable = letters
        values[s] += HELD * sum(n * card_worth(card, playable, wild, worth_of) for card, n in (hands[s] or {}).items())
        values[s] += RESERVE * sum(n * card_worth(card, letters, wild, worth_of)
                                   for card, n in seats[s]["reserve"].items())
    if public["to_move"] is not None:  # a swap must earn its keep: never a loop of swaps (NYC-10)
        values[public["to_move"]] -= SWAP_COST * public["swaps_now"]
    pending = public["pending"] or {}
    if stage == "hire":  # an elevator bid about to take a character of up to its level
        values[pending["seat"]] += KIND_WORTH[2] * pending["limit"]  # the elevator's worth
    if bidding_now:
        kind = letters[place[bidding["kind"]]]
        bids = bidding["values"]
        order = [p for p in public["press_order"] if p != "black"]
        leader = max((s for s in range(game.players) if bids[s]), key=lambda s: (bids[s], -order.index(s)),
                     default=None)
        for s in range(game.players):
            values[s] += worth_of[kind] * (bids[s] + (1 if s == leader else 0))
    return values


def evaluate(game: Game) -> list[float]:
    return score_values(worth(game), SCALE)


SWAPS_IN_A_ROW = 3  # a bot swaps at most this often before it acts otherwise: enough for the whole reserve


def considered(game: Game, legal: list[Action]) -> list[Action]:
    """The moves a bot weighs: no more swaps after `SWAPS_IN_A_ROW` in a row. The rules allow
    swapping forever (NYC-10), and noisy values could make a bot do so: two games of a
    tournament did not end, and bots were seen swapping 7 and 9 times in a row."""
    last = game.recent(SWAPS_IN_A_ROW)  # a swap keeps the turn: the swaps at the end are the mover's in a row
    if len(last) < SWAPS_IN_A_ROW or any(a.kind != "swap" for a in last):
        return legal
    return [a for a in legal if a.kind != "swap"]


SWAP_IN_PLAYOUT = 0.1  # how often a playout move is a swap, when a swap is offered
PLAY_IN_PLAYOUT = 0.85  # how often a playout adds a card to the bid, when a single card may be added


def rollout(game: Game, legal: list[Action], rng: random.Random) -> Action:
    """A playout move: in a bidding round mostly a card of the round's kind (or a wild), as
    players do, since the cards left in hand are discarded when the round ends (NYC-10);
    otherwise uniform among the moves that are no swap; a swap only now and then."""
    singles = [a for a in legal if a.kind == "play" and a.args[1] == 1]
    if singles and rng.random() < PLAY_IN_PLAYOUT:
        return rng.choice(singles)
    others = [a for a in legal if a.kind != "swap"]
    if not others or (len(others) < len(legal) and rng.random() < SWAP_IN_PLAYOUT):
        return rng.choice(legal)
    return rng.choice(others)


# The review's winning chances per fifth of the game (`nbgames.engine.review.shares`), fitted to who
# won 200 games of greedy bots (`benchmarks/calibration.py newyork_city -n 200 --review`): a lead
# is worth far less of a win than the search's values say (docs/bots.md).
REVIEW_TEMPERATURES = (0.27, 0.21, 0.26, 0.33, 0.31)
# Heads-up, fitted to 100 games of two greedy bots (`calibration.py newyork_city --players 2 -n 100
# --first 200 --review`): two values make sharper chances than four at the same temperature (at 3
# seats the 4-seat fit reads as well as a fit of its own).
BY_SEATS = {2: (0.09, 0.13, 0.18, 0.20, 0.22)}

HOOKS = BotHooks(evaluate=evaluate, rollout=rollout, rollout_depth=40, considered=considered, score_scale=SCALE,
                 review_scale=0.15,  # slow playouts (40 plies of many actions): a review in ≈ 8 s CPU
                 review_temperatures=REVIEW_TEMPERATURES, review_temperatures_by_seats=BY_SEATS)
