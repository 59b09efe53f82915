"""New York 1901's hints to the search: a ply costs more than in the other games, so playouts
stop after 30 plies and are judged by the victory-point lead."""

from ..engine.search import BotHooks

HOOKS = BotHooks(rollout_depth=30, score_scale=5.0)
