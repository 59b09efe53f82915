"""New York's winning chances as the searching bots read a position: a conditional logit over the
seats (each seat's odds exp(w · its features), over all seats' odds), the weights fitted to who
won thousands of games of greedy bots at each table size (`benchmarks/fit_chances.py`; the
weights and how they were fitted: `chances.json`; docs/bots.md). Where the hand-made `bot.worth`
sees the score and its exposure, these also read the chips apart from the pieces (chips pay fees,
NY-11), the pieces a rival evicts for 1, how many squares next to the largest group the seat's
hand can name, and who moves next. They are read of a search's samples (`Game.bot_views`: every
seat's `bot_view`, of hands the search dealt itself), never of the game being played.

The searching bots judge by them (`bot.search_evaluate`); the greedy bot and the post-game review
keep `bot.evaluate`, whose values the review's temperatures were fitted to, and so do games with a
variant (V1-V4), which the weights were not fitted for."""

from __future__ import annotations

import json
import math
from importlib.resources import files

from ..engine.game import Game
from .exposure import SQUARE, group_exposure
from .tables import AVENUE_LETTERS, NOT_FIRST_STREET, NOT_LAST_STREET, SQUARES, STREET_DIGITS, N

# (The score, NY-17, is largest + pieces + chips.)
FEATURES = ("largest", "second", "pieces", "chips", "exposure", "weak", "reach_group", "reach_empty",
            "moves_next", "moves_second", "moves_third", "hand")
DATA = json.loads(files(__package__).joinpath("chances.json").read_text())
# Per table size: per feature, its weights at the start (w0), per part of the board filled (p)
# and per p squared: the weight at p is w0 + w1 p + w2 p², p the share of squares filled.
WEIGHTS = {int(seats): fit["weights"] for seats, fit in DATA["tables"].items()}
VARIANTS = ("two_player", "teams", "action_cards", "colour_choice")
ALL = (1 << SQUARES) - 1
LINES = {**{letter: ((1 << N) - 1) << (row * N) for row, letter in enumerate(AVENUE_LETTERS)},  # a card's squares
         **{digit: sum(1 << (row * N + col) for row in range(N)) for col, digit in enumerate(STREET_DIGITS)}}


def features(views: list[dict], to_move: int) -> tuple[list[tuple[float, ...]], float]:
    """Per seat, the values of `FEATURES` in a game of one colour each, from the seats'
    `bot_view`s, and the share of the board's squares filled."""
    public = views[0]
    chips = public["chips"]
    fee = [f for row in public["fees"] for f in row]  # by square (None where empty)
    named = public["groups"]
    squares = {colour: [sum(1 << SQUARE[name] for name in group) for group in groups]
               for colour, groups in named.items()}
    taken = sum(sum(groups) for groups in squares.values())
    empty = ALL ^ taken
    rows = []
    for seat, view in enumerate(views):
        colour = public["seat_colours"][seat][0]
        groups = squares[colour]
        mine = sum(groups)
        largest = groups[0] if groups else 0
        second = groups[1].bit_count() if len(groups) > 1 else 0
        weak = sum(fee[SQUARE[name]] == 1 for group in named[colour] for name in group)
        reach = _named(view["hand"])
        edge = (largest << N | largest >> N | (largest & NOT_LAST_STREET) << 1 | (largest & NOT_FIRST_STREET) >> 1)
        edge &= reach & ALL & ~mine
        reach_group = (edge & empty).bit_count()  # and the rivals' squares its chips can evict from:
        held = edge & taken
        while held:
            bit = held & -held
            held ^= bit
            reach_group += fee[bit.bit_length() - 1] <= chips[seat]
        after = (seat - to_move) % len(views)
        cards = public["hand_counts"][seat]
        rows.append((largest.bit_count(), second, mine.bit_count(), chips[seat],
                     group_exposure(largest, second, fee.__getitem__), weak, reach_group,
                     (reach & empty).bit_count(), after == 0, after == 1, after == 2, cards["red"] + cards["blue"]))
    return rows, taken.bit_count() / SQUARES


def _named(hand: list[str]) -> int:
    """The squares a pair of the hand's cards can name (NY-9; a joker names any of its lines)."""
    avenues = ALL if "R*" in hand else sum(LINES[card] for card in set(hand) if card in AVENUE_LETTERS)
    streets = ALL if "B*" in hand else sum(LINES[card] for card in set(hand) if card in STREET_DIGITS)
    return avenues & streets


def chances(game: Game) -> list[float]:
    """Each seat's chance to win (adding up to one) in a sample (`Game.bot_views`), for a game the
    weights were fitted for."""
    rows, filled = features(game.bot_views(), game.to_move or 0)
    return read(rows, filled, WEIGHTS[game.players])


def read(rows: list[tuple[float, ...]], filled: float, weights: list[list[float]]) -> list[float]:
    """The seats' chances from their `features` and the share of the board filled."""
    odds = [sum(x * (w0 + filled * (w1 + filled * w2)) for x, (w0, w1, w2) in zip(row, weights, strict=True))
            for row in rows]
    top = max(odds)
    scaled = [math.exp(x - top) for x in odds]
    total = sum(scaled)
    return [x / total for x in scaled]


def fitted_for(game: Game) -> bool:
    """Whether the weights were fitted for this game: its table size, and no variant (one colour a
    seat from the setup round on, no teams, no action cards)."""
    return game.players in WEIGHTS and not any(game.options.get(v) for v in VARIANTS)
