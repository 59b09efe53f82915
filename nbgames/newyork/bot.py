"""New York's hints to the search: playouts stop after 40 plies (about ten turns of four
players) and are judged by the score lead, where a point is worth about a quarter of a level
game's spread."""

from ..engine.search import BotHooks

HOOKS = BotHooks(rollout_depth=40, score_scale=4.0, review_scale=2.0)  # quick playouts: a review in ≈ 6 s CPU
