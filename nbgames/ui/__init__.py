"""The widget kit: board views, the play dashboard, the gallery (ipywidgets + ipycanvas).

Notebooks call one function: ``nbgames.ui.play("newyork")`` or ``nbgames.ui.gallery()``.
Imports are lazy so ``import nbgames.ui`` does not load widgets until they are used.
"""

from __future__ import annotations

from typing import Any

from .i18n import t

__all__ = ["gallery", "glossary", "play", "t"]


def play(game: str = "newyork", players: int = 3, seed: int | None = None,
         options: dict[str, Any] | None = None, seats: list[str] | None = None, **kwargs: Any):
    """The play dashboard for `game` (a `PlayApp`; display it as a cell's last line)."""
    from .app import play as _play

    return _play(game, players, seed, options, seats, **kwargs)


def gallery(lang: str | None = None):
    """The gallery of games with links to each game's learn and play pages."""
    from .gallery_page import gallery as _gallery

    return _gallery(lang)


def glossary(game: str, lang: str | None = None):
    """The glossary of `game`: its terms in English and Japanese (display it as a cell's last line)."""
    from .glossary_page import glossary as _glossary

    return _glossary(game, lang)
