"""Typed actions with a stable text notation."""

from __future__ import annotations


class Action(str):
    """One decision in a game: its notation (the string itself), a kind and arguments.

    An Action *is* its notation: ``str(action)``, ``action == "C3"`` and hashing all work on
    the text, so comparing, searching and recording actions are cheap, and a record is just a
    list of notations. Games build their actions once and hand out the same objects.
    """

    kind: str
    args: tuple

    def __new__(cls, kind: str, args: tuple = (), notation: str = "") -> Action:
        self = super().__new__(cls, notation or kind)
        self.kind = kind
        self.args = args
        return self

    @property
    def notation(self) -> str:
        return str.__str__(self)

    def __str__(self) -> str:
        return str.__str__(self)

    def __repr__(self) -> str:
        return f"Action({str.__repr__(self)})"

    def __reduce__(self):  # an action is plain data
        return (Action, (self.kind, self.args, str(self)))
