"""Galopp Royal's hints to the search: coins paid at the auction come back only as race prizes,
so a position is judged at the end of the game (full playouts, which are fast here)."""

from ..engine.search import BotHooks

HOOKS = BotHooks(rollout_depth=None, score_scale=10.0)
