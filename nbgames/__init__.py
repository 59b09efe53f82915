"""nbgames: learn four board games by playing them in Jupyter.

>>> import nbgames
>>> g = nbgames.new_game("newyork", players=4, seed=7)
>>> g.play(g.legal_actions()[0])
"""

from .engine.action import Action
from .engine.bots import RandomBot
from .engine.errors import IllegalAction, RecordError
from .engine.game import Game, from_record, new_game
from .engine.registry import available_games

__all__ = ["Action", "Game", "IllegalAction", "RandomBot", "RecordError", "available_games",
           "from_record", "new_game"]
__version__ = "0.1.0"
