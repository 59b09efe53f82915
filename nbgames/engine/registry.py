"""Which games exist. Games are imported on first use so `import nbgames` stays light."""

from __future__ import annotations

import importlib

from .rules import Rules

GAMES: dict[str, str] = {
    "newyork": "nbgames.newyork.rules:NewYork",
    "galopp_royal": "nbgames.galopp_royal.rules:GaloppRoyal",
}


def rules_class(name: str) -> type[Rules]:
    """The rules class of a game by its name; ValueError for an unknown name."""
    if not isinstance(name, str) or name not in GAMES:
        raise ValueError(f"unknown game {name!r}; games: {', '.join(sorted(GAMES))}")
    module, _, attr = GAMES[name].partition(":")
    return getattr(importlib.import_module(module), attr)


def available_games() -> list[str]:
    """Names of the games that can be played (their package is present)."""
    names = []
    for name in GAMES:
        try:
            rules_class(name)
        except ImportError:
            continue
        names.append(name)
    return names
