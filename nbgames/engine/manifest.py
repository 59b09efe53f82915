"""A game declares itself: `Manifest` says what the rest of nbgames needs to know of a game.

Each game package holds a ``manifest.py`` that builds one `Manifest` and calls `register`. The
registry, the CLI, the gallery, the play page and the string catalogue read manifests, so adding
a game edits no shared file.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

OPTION_KINDS = ("bool", "int", "choice", "json")


@dataclass(frozen=True)
class Option:
    """One game option: its name, kind, default and a plain description.

    ``kind`` is "bool", "int" (``low``…``high``), "choice" (one of ``choices``) or "json" (a
    structured value such as a set position, checked by the rules). ``offered`` options appear
    as settings on the play page; the others exist for lessons, puzzles and tests.
    ``players`` limits the player counts the option may be switched on for (None: all).
    """

    name: str
    kind: str
    default: Any
    description: str
    choices: tuple = ()
    low: int | None = None
    high: int | None = None
    offered: bool = True
    players: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if self.kind not in OPTION_KINDS:
            raise ValueError(f"option {self.name!r}: kind must be one of {OPTION_KINDS}")

    def check(self, value: Any) -> Any:
        """The value if it fits this option; ValueError naming the option otherwise."""
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise ValueError(f"option {self.name!r} must be true or false")
        elif self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int) or not (
                    (self.low is None or value >= self.low) and (self.high is None or value <= self.high)):
                raise ValueError(f"option {self.name!r} must be a whole number from {self.low} to {self.high}")
        elif self.kind == "choice":
            if value not in self.choices:
                raise ValueError(f"option {self.name!r} must be one of {', '.join(map(str, self.choices))}")
        return value

    def parse(self, text: str) -> Any:
        """A value from command-line text (``true``, ``3``, ``{"deck": …}``), checked."""
        if self.kind == "bool":
            lowered = text.strip().lower()
            if lowered not in ("true", "false", "1", "0", "yes", "no", "on", "off"):
                raise ValueError(f"option {self.name!r} must be true or false, not {text!r}")
            return self.check(lowered in ("true", "1", "yes", "on"))
        if self.kind == "int":
            try:
                number = int(text)
            except ValueError:
                raise ValueError(f"option {self.name!r} must be a whole number, not {text!r}") from None
            return self.check(number)
        if self.kind == "choice":
            return self.check(text)
        try:
            return json.loads(text)
        except ValueError:
            raise ValueError(f"option {self.name!r} must be JSON, not {text!r}") from None


@dataclass(frozen=True)
class Variant:
    """A named option set the game is played and tested with (the conformance suite runs each)."""

    name: str
    options: Mapping[str, Any] = field(default_factory=dict)
    players: tuple[int, ...] | None = None  # None: every player count of the game


@dataclass(frozen=True)
class Manifest:
    """Everything nbgames needs to know of a game besides its rules.

    ``rules`` and ``view`` are "module:Class" strings, imported only when used, so listing
    the games stays cheap. ``strings`` is "module:NAME" of a dict {language: {key: text}};
    every key starts with ``prefix`` + ".". ``learn`` / ``play`` are notebook paths relative to
    the gallery's folder. ``text`` is "module:function" of the game's one event renderer,
    ``event_text(event, lang) -> str``, used by the log, lesson narration and hints. ``bot`` is
    "module:NAME" of the game's `nbgames.engine.search.BotHooks` (evaluation, rollout policy).
    """

    name: str
    title: str
    designer: str
    year: int
    min_players: int
    max_players: int
    rules: str
    blurb: str = ""
    prefix: str = ""
    view: str | None = None
    learn: str | None = None
    play: str | None = None
    accent: str = "#555555"
    options: tuple[Option, ...] = ()
    variants: tuple[Variant, ...] = (Variant("standard"),)
    strings: str | None = None
    text: str | None = None
    bot: str | None = None  # "module:NAME" of the game's `BotHooks` for the search (optional)
    order: int = 100  # place in the gallery and in listings (lower first)

    def option(self, name: str) -> Option:
        for option in self.options:
            if option.name == name:
                return option
        known = ", ".join(o.name for o in self.options) or "none"
        raise ValueError(f"{self.title} has no option {name!r} (options: {known})")

    def rules_class(self) -> type:
        return _load(self.rules)

    @property
    def rules_module(self) -> str:
        """The rules module's name ("nbgames.newyork.rules"), read without importing it: a page
        of one game loads no other game's rules."""
        return self.rules.partition(":")[0]

    @property
    def package(self) -> str:
        """The rules module's package ("nbgames.newyork"; "" for a game in a lone module)."""
        return self.rules_module.rpartition(".")[0]

    def view_class(self) -> type:
        if self.view is None:
            raise ValueError(f"{self.title} has no board view")
        return _load(self.view)

    def event_classes(self) -> dict[str, type]:
        """Every public event class of the game by its kind (its package's ``events`` module):
        what rebuilds events that came as JSON, e.g. from a table's holder."""
        from .events import Event

        try:
            module = importlib.import_module(f"{self.package}.events")
        except ModuleNotFoundError:  # a game whose events live elsewhere: none rebuilt
            return {}
        return {value.kind: value for value in vars(module).values()
                if isinstance(value, type) and issubclass(value, Event) and value is not Event}

    def bot_hooks(self) -> Any:
        """The game's `BotHooks` for bots, hints and reviews, or None (the search's defaults)."""
        return None if self.bot is None else _load(self.bot)

    def event_text(self, event: Any, lang: str | None = None) -> str:
        """One public event of this game in plain words (its renderer, or the event's repr)."""
        if self.text is None:
            return repr(event)
        from ..i18n import current

        return _load(self.text)(event, lang or current())

    def catalogue(self) -> Mapping[str, Mapping[str, str]]:
        """{language: {key: text}} of this game's own strings (empty if it has none)."""
        if self.strings is None:
            return {}
        strings = _load(self.strings)
        for lang, table in strings.items():
            for key in table:
                if not key.startswith(self.prefix + "."):
                    raise ValueError(f"{self.name} string {key!r} ({lang}) must start with {self.prefix!r}.")
        return strings

    def parse_options(self, pairs: list[str]) -> dict[str, Any]:
        """``["action_cards=true", "teams=1"]`` (command line) as an options dict, checked
        against the declared options."""
        out: dict[str, Any] = {}
        for pair in pairs:
            key, sep, text = pair.partition("=")
            if not sep:
                raise ValueError(f"options are written key=value, not {pair!r}")
            out[key.strip()] = self.option(key.strip()).parse(text)
        return out

    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)


def _load(spec: str) -> Any:
    module, _, attr = spec.partition(":")
    return getattr(importlib.import_module(module), attr)
