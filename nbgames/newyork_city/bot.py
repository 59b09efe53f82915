"""New York City's hints to the search: playouts stop after 40 plies and are judged by the
score lead (its scores already count the end-of-game awards the position would give)."""

from ..engine.search import BotHooks

HOOKS = BotHooks(rollout_depth=40, score_scale=5.0)
