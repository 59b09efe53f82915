"""nbgames: learn four board games by playing them in Jupyter.

>>> import nbgames
>>> g = nbgames.new_game("newyork", players=4, seed=7)
>>> g.play(g.legal_actions()[0])
"""

from .engine.action import Action
from .engine.bots import RandomBot
from .engine.errors import IllegalAction, RecordError, UnknownNotation
from .engine.game import Game, from_record, new_game
from .engine.manifest import Manifest, Option, Variant
from .engine.registry import available_games, manifest, register
from .rulebook import rule
from .teach import Lesson, LessonError, ask_choice, ask_move, board, load_lesson, show_moves

__all__ = ["Action", "Game", "IllegalAction", "Lesson", "LessonError", "Manifest", "Option", "RandomBot", "RecordError",
           "UnknownNotation", "Variant", "ask_choice", "ask_move", "available_games", "board", "from_record",
           "load_lesson", "manifest", "new_game", "register", "rule", "show_moves"]
__version__ = "0.1.0"
