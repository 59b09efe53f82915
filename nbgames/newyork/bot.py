"""New York's hints to the bots. The greedy bot and the review judge a position by each seat's
score (NY-17) less what its largest group stands to lose to evictions (`exposure`); the searching
bots by the winning chances fitted to greedy games (`chances`) where they were fitted, which beat
greedy bots more often (docs/bots.md). Positions are judged at the tree's leaves without
playouts: 40 random plies are most of a game (about twelve turns a seat) and drowned the
difference a move makes."""

from __future__ import annotations

from ..engine.game import Game
from ..engine.search import BotHooks, score_values
from . import chances
from .exposure import exposure

SCALE = 4.0  # a point is worth about a quarter of a level game's spread


def worth(game: Game) -> list[float]:
    """Per seat: its score less its `exposure`."""
    view = game.bot_view(None)
    return [score - exposure(view, seat) for seat, score in enumerate(game.scores())]


def evaluate(game: Game) -> list[float]:
    return score_values(worth(game), SCALE)


def search_evaluate(game: Game) -> list[float]:
    """The searching bots' judgement: the fitted winning chances where they fit the game."""
    return chances.chances(game) if chances.fitted_for(game) else evaluate(game)


# The review's winning chances per fifth of the game (`nbgames.engine.review.shares`), fitted to who
# won 200 games of greedy bots (`benchmarks/calibration.py newyork -n 200 --review`, docs/bots.md): the setup
# round tells nothing, a lead late in the game more than its values say.
REVIEW_TEMPERATURES = (0.01, 0.10, 0.68, 1.05, 1.34)
# At 2, 3 and 5 seats, fitted to 100 games of greedy bots at that table (`calibration.py newyork --players N
# -n 100 --first 200 --review`): fewer values make sharper chances than four at the same temperature,
# more values softer ones (at 5 seats a late lead is worth more than the 4-seat fit reads).
BY_SEATS = {2: (0.42, 0.09, 0.13, 0.36, 0.65), 3: (0.08, 0.31, 0.51, 0.66, 0.76), 5: (0.01, 0.12, 0.86, 1.53, 2.02)}

HOOKS = BotHooks(evaluate=evaluate, search_evaluate=search_evaluate, rollout_depth=0, score_scale=SCALE,
                 review_scale=2.0, review_temperatures=REVIEW_TEMPERATURES, review_temperatures_by_seats=BY_SEATS)
