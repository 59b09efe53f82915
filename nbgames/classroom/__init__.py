"""The class's progress, recorded on the server in a real database (issue 29).

- `store`: the database (SQLite by default, PostgreSQL by URL; SQLAlchemy 2 + Alembic migrations),
  what is written (checked events) and read (a student's own data, a class summary), "forget".
- `sink`: what a page's kernel calls; it posts signed events to the server's
  ``<base>nbgames/progress`` endpoint (nbgames/serve/progress.py).

The kit calls, from a page's kernel::

    from nbgames.classroom import sink
    sink().join("maple-3", "Aki")                 # plain serve: the class code and nickname typed
    sink().lesson_started("ny-goal")
    sink().step_answered("ny-goal", 0, right=False, answer="F5", seconds=4.2, showed=False)
    sink().lesson_finished("ny-goal")
    sink().game_finished("newyork", seats=4, bots=["mcts", "greedy", "random"], score=31, record_id="...")
"""

from typing import Any

from .sink import ProgressSink, sink

__all__ = ["ProgressError", "ProgressSink", "Store", "check_event", "default_url", "sink"]
_STORE = {"ProgressError", "Store", "check_event", "default_url"}


def __getattr__(name: str) -> Any:
    """The database's names load SQLAlchemy only when asked for: a page's kernel calls `sink()`
    alone, and a class of kernels need not each import a database library."""
    if name in _STORE:
        from . import store

        return getattr(store, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
