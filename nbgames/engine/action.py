"""Typed actions with a stable text notation."""

from __future__ import annotations


class Action(str):
    """One decision in a game: its notation (the string itself), a kind and arguments.

    An Action *is* its notation: ``str(action)``, ``action == "C3"`` and hashing all work on
    the text, so comparing, searching and recording actions are cheap, and a record is just a
    list of notations. Games build their actions once and hand out the same objects, so an
    Action is immutable: its kind and arguments cannot be reassigned (that would change every
    game in the process).
    """

    kind: str
    args: tuple

    def __new__(cls, kind: str, args: tuple = (), notation: str = "") -> Action:
        self = super().__new__(cls, notation or kind)
        self.__dict__.update(kind=kind, args=_frozen(args))
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"an Action is immutable (cannot set {name!r})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"an Action is immutable (cannot delete {name!r})")

    @property
    def notation(self) -> str:
        return str.__str__(self)

    def __str__(self) -> str:
        return str.__str__(self)

    def __repr__(self) -> str:
        return f"Action({str.__repr__(self)})"

    def __reduce__(self):  # an action is plain data
        return (Action, (self.kind, self.args, str(self)))


def _frozen(args: object) -> tuple:
    """Arguments as nested tuples of immutable values (lists become tuples)."""
    if isinstance(args, (list, tuple)):
        return tuple(_frozen(a) if isinstance(a, (list, tuple)) else a for a in args)
    raise TypeError(f"Action args must be a tuple, got {type(args).__name__}")
