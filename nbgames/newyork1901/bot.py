"""New York 1901's hints to the search. A position is worth each seat's projected final score
(``projected`` in the view: VP plus the end bonuses if the game ended now) plus the cells of the
lots it holds a worker on, which it may still build on (NY1901-5). A ply costs more than in the other games,
so playouts stop after 30 plies."""

from __future__ import annotations

from ..engine.game import Game
from ..engine.search import BotHooks, score_values

CELL_WORTH = 0.8  # VP a cell of estate is worth in prospect (a bronze tile scores about 1 a cell)
SCALE = 5.0


def worth(game: Game) -> list[float]:
    """Per seat, its projected score plus the cells of the lots it holds. Every playout ends
    here, so this reads the rules state (only what the public view shows) instead of building
    a view, which cost a fifth of a search."""
    rules = game.rules
    out = [float(p) for p in rules.projected()]
    for lot, seat in enumerate(rules.worker):
        if seat >= 0:
            out[seat] += CELL_WORTH * rules.T.lot_size[lot]
    return out


def evaluate(game: Game) -> list[float]:
    return score_values(worth(game), SCALE)


HOOKS = BotHooks(evaluate=evaluate, rollout_depth=30, score_scale=SCALE, review_scale=0.3)  # a review in ≈ 7 s CPU
