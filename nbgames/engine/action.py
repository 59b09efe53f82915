"""Typed actions with a stable text notation."""

from __future__ import annotations

from typing import Any


class Action:
    """One decision in a game: a kind, its arguments, and the notation ``str(action)``.

    Two actions are equal when their notation is equal. Games build their actions once and
    hand out the same objects, so comparing and hashing are cheap.
    """

    __slots__ = ("kind", "args", "notation", "_hash")

    def __init__(self, kind: str, args: tuple = (), notation: str = ""):
        self.kind = kind
        self.args = args
        self.notation = notation or kind
        self._hash = hash(self.notation)

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"Action({self.notation!r})"

    def __eq__(self, other: Any) -> bool:
        if self is other:
            return True
        if isinstance(other, Action):
            return self.notation == other.notation
        return NotImplemented

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self):  # actions are plain values; never pickled state
        return (Action, (self.kind, self.args, self.notation))
