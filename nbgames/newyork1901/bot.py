"""New York 1901's hints to the search. A position is worth each seat's projected final score
(``projected`` in the view: VP plus the end bonuses if the game ended now) plus the cells of the
lots it holds a worker on, which it may still build on (NY1901-5). A ply costs more than in the other games,
so playouts stop after 30 plies."""

from __future__ import annotations

from ..engine.game import Game
from ..engine.search import BotHooks, score_values

CELL_WORTH = 0.8  # VP a cell of estate is worth in prospect (a bronze tile scores about 1 a cell)
SCALE = 5.0


def evaluate(game: Game) -> list[float]:
    view = game.bot_view(None)
    worth = [float(p) for p in view["projected"]]
    size = {lot["name"]: lot["size"] for lot in view["board"]["lots"]}
    for lot, seat in view["workers"].items():
        worth[seat] += CELL_WORTH * size[lot]
    return score_values(worth, SCALE)


# The review's winning chances per fifth of the game (`nbgames.engine.review.shares`), fitted to who
# won 200 games of greedy bots (`benchmarks/calibration.py newyork1901 -n 200 --review`, docs/bots.md): a lead
# early is worth less of a win than the search's values say.
REVIEW_TEMPERATURES = (0.13, 0.19, 0.33, 0.52, 0.61)
# At 2 and 3 seats, fitted to 100 games of greedy bots at that table (`calibration.py newyork1901 --players
# N -n 100 --first 200 --review`): fewer values make sharper chances than four at the same temperature.
BY_SEATS = {2: (0.11, 0.09, 0.16, 0.20, 0.29), 3: (0.13, 0.14, 0.17, 0.24, 0.38)}

HOOKS = BotHooks(evaluate=evaluate, rollout_depth=30, score_scale=SCALE, review_scale=0.3,  # a review in ≈ 7 s CPU
                 review_temperatures=REVIEW_TEMPERATURES, review_temperatures_by_seats=BY_SEATS)
