"""Which games exist. Each game package registers its own `Manifest`.

Games are found three ways, so adding one edits no shared file: every package of ``nbgames``
that has a ``manifest.py``; modules named in the ``NBGAMES_GAMES`` environment variable
(comma-separated, e.g. a game under development or one that lives in a test folder); and
`register` called by any code before a game is used. Rules are imported only on first use.
"""

from __future__ import annotations

import importlib
import os
import warnings
from importlib import resources

from .manifest import Manifest
from .rules import Rules

_MANIFESTS: dict[str, Manifest] = {}
_discovered = False


def register(manifest: Manifest) -> Manifest:
    """Make a game known by its manifest (registering the same manifest again is harmless)."""
    old = _MANIFESTS.get(manifest.name)
    if old is not None and old != manifest:
        raise ValueError(f"a different game is already registered as {manifest.name!r}")
    if not manifest.name.isidentifier():
        raise ValueError(f"a game's name is a Python identifier, not {manifest.name!r}")
    _MANIFESTS[manifest.name] = manifest
    return manifest


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    package = resources.files("nbgames")
    for entry in sorted(package.iterdir(), key=lambda p: p.name):
        if entry.is_dir() and entry.joinpath("manifest.py").is_file():
            importlib.import_module(f"nbgames.{entry.name}.manifest")
    for module in filter(None, (m.strip() for m in os.environ.get("NBGAMES_GAMES", "").split(","))):
        try:
            importlib.import_module(module)
        except ImportError as exc:  # one missing extra game must not take the others down
            warnings.warn(f"NBGAMES_GAMES names {module!r}, which cannot be imported: {exc}", stacklevel=2)


def names() -> tuple[str, ...]:
    """Every known game's name, in the order they were registered (cheap: a cache key)."""
    _discover()
    return tuple(_MANIFESTS)


def manifests() -> list[Manifest]:
    """Every known game, in gallery order."""
    _discover()
    return sorted(_MANIFESTS.values(), key=lambda m: (m.order, m.name))


def manifest(name: str) -> Manifest:
    """A game's manifest by its name; ValueError for an unknown name."""
    _discover()
    if not isinstance(name, str) or name not in _MANIFESTS:
        raise ValueError(f"unknown game {name!r}; games: {', '.join(sorted(_MANIFESTS))}")
    return _MANIFESTS[name]


def rules_class(name: str) -> type[Rules]:
    """The rules class of a game by its name; ValueError for an unknown name."""
    return manifest(name).rules_class()


def available_games() -> list[str]:
    """Names of the games that can be played."""
    return [m.name for m in manifests()]
