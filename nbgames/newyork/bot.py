"""New York's hints to the search. A position is worth each seat's score (NY-17) less what its
largest group stands to lose to evictions: almost half the moves of a game evict (NY-10), three
in four of them a piece whose fee is 1 (NY-11), and a piece that holds a group together costs its
owner more than the chips it brings. A piece's exposure is a chance by its fee (`HIT`, a rival
seldom pays 3) times the points its owner loses beyond that fee. Positions are judged at the
tree's leaves without playouts: 40 random plies are most of a game (about twelve turns a seat)
and drowned the difference a move makes (docs/bots.md)."""

from __future__ import annotations

from ..engine.game import Game
from ..engine.search import BotHooks, score_values
from .tables import NOT_FIRST_STREET, NOT_LAST_STREET, SQUARES, N, square_name

SCALE = 4.0  # a point is worth about a quarter of a level game's spread
HIT = (0.0, 0.3, 0.1, 0.03)  # chance a piece is evicted before the end, by its fee (more: none)
SQUARE = {square_name(sq): sq for sq in range(SQUARES)}


def spread(seed: int, squares: int) -> int:
    """The squares of `squares` (a bit mask) orthogonally connected to those of `seed`."""
    group = seed
    while True:
        grown = (group | group << N | group >> N | (group & NOT_LAST_STREET) << 1
                 | (group & NOT_FIRST_STREET) >> 1) & squares
        if grown == group:
            return group
        group = grown


def largest_size(squares: int) -> int:
    """How many squares the largest connected group of `squares` (a bit mask) holds."""
    best = 0
    while squares:
        group = spread(squares & -squares, squares)
        squares ^= group
        best = max(best, group.bit_count())
    return best


def exposure(view: dict, seat: int) -> float:
    """Points `seat` may expect to lose to evictions, from a view's groups and fees: per piece
    of its largest group, the chance by its fee (`HIT`) times what removing it costs beyond the
    fee (1, plus the squares the group loses when the piece holds it together). With two colours
    (V3) the one whose largest group counts (NY-17)."""
    groups = max((view["groups"][colour] for colour in view["seat_colours"][seat]),
                 key=lambda gs: (len(gs[0]), sum(map(len, gs))) if gs else (0, 0), default=None)
    if not groups:
        return 0.0
    fees = view["fees"]
    largest = [SQUARE[name] for name in groups[0]]
    second = len(groups[1]) if len(groups) > 1 else 0
    group = sum(1 << sq for sq in largest)
    total = 0.0
    for sq in largest:
        fee = fees[sq // N][sq % N]
        if fee >= len(HIT):
            continue
        left = group ^ 1 << sq
        kept = max(largest_size(left), second)
        loss = 1 + len(largest) - kept
        if loss > fee:
            total += HIT[fee] * (loss - fee)
    return total


def worth(game: Game) -> list[float]:
    """Per seat: its score less its `exposure`."""
    view = game.bot_view(None)
    return [score - exposure(view, seat) for seat, score in enumerate(game.scores())]


def evaluate(game: Game) -> list[float]:
    return score_values(worth(game), SCALE)


# The review's winning chances per fifth of the game (`nbgames.engine.review.shares`), fitted to who
# won 200 games of greedy bots (`benchmarks/calibration.py newyork -n 200 --review`, docs/bots.md): the setup
# round tells nothing, a lead late in the game more than its values say.
REVIEW_TEMPERATURES = (0.01, 0.10, 0.68, 1.05, 1.34)
# At 2, 3 and 5 seats, fitted to 100 games of greedy bots at that table (`calibration.py newyork --players N
# -n 100 --first 200 --review`): fewer values make sharper chances than four at the same temperature,
# more values softer ones (at 5 seats a late lead is worth more than the 4-seat fit reads).
BY_SEATS = {2: (0.42, 0.09, 0.13, 0.36, 0.65), 3: (0.08, 0.31, 0.51, 0.66, 0.76), 5: (0.01, 0.12, 0.86, 1.53, 2.02)}

HOOKS = BotHooks(evaluate=evaluate, rollout_depth=0, score_scale=SCALE, review_scale=2.0,
                 review_temperatures=REVIEW_TEMPERATURES,
                 review_temperatures_by_seats=BY_SEATS)
