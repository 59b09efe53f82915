"""Typed events: what happened in a game, in public.

Each game declares its events as small frozen dataclasses derived from `Event` (one class per
kind, fields named), appends them to its rules' ``events`` list, and renders them with one
function of its own (``<game>/text.py``) for the log, lesson narration and hints.

Events are public facts: everything in one may be shown to every seat. A secret (a card drawn
face down, a private auction card) never goes into an event; its count may.
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar


@dataclasses.dataclass(frozen=True, slots=True)
class Event:
    """Base of every game's events. ``kind`` names the event (and its i18n key)."""

    kind: ClassVar[str] = "event"
    reveals: ClassVar[bool] = False  # it shows someone what was hidden (a lot won, a hand shown)

    def to_json(self) -> dict[str, Any]:
        """The event as a JSON-safe dict: ``{"kind": ..., field: value, ...}``."""
        out: dict[str, Any] = {"kind": self.kind}
        for f in dataclasses.fields(self):
            out[f.name] = _json(getattr(self, f.name))
        return out


def _json(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return [_json(v) for v in value]
    return value


def event(kind: str, reveals: bool = False):
    """Class decorator: a frozen event dataclass of this kind. ``reveals``: the event shows
    someone what was hidden without a card being drawn (undo may not go back past it).

    >>> @event("evict")
    ... class Evict(Event):
    ...     seat: int
    ...     square: int
    """

    def wrap(cls: type) -> type:
        cls.kind = kind
        cls.reveals = reveals
        return dataclasses.dataclass(frozen=True, slots=True)(cls)

    return wrap
