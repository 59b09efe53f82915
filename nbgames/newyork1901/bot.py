"""New York 1901's hints to the search. A position is worth each seat's projected final score
(``projected`` in the view: VP plus the end bonuses if the game ended now) plus the lots it holds
a worker on, which it may still build on (NY1901-5). A ply costs more than in the other games,
so playouts stop after 30 plies."""

from __future__ import annotations

from ..engine.game import Game
from ..engine.search import BotHooks, score_values

LOT_WORTH = 1.5  # VP a held, unbuilt lot is worth in prospect (a bronze tile on it scores 1-3)
SCALE = 5.0


def evaluate(game: Game) -> list[float]:
    view = game.view(None)
    worth = [float(p) for p in view["projected"]]
    for seat in view["workers"].values():
        worth[seat] += LOT_WORTH
    return score_values(worth, SCALE)


HOOKS = BotHooks(evaluate=evaluate, rollout_depth=30, score_scale=SCALE)
