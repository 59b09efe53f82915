"""Showing the kit's widgets in a notebook cell for objects outside the kit (a `Game`, a
teacher's `Lesson` or step): the engine and `nbgames.teach` never import widgets or IPython
themselves; they call these, lazily, when a cell displays them."""

from __future__ import annotations

from typing import Any


def in_kernel() -> bool:
    """Whether this Python runs in a Jupyter kernel (a widget can be shown there, not in a
    terminal IPython or plain Python)."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    return getattr(get_ipython(), "kernel", None) is not None


def show(widget: Any) -> None:
    """Display `widget` in the current cell."""
    from IPython.display import display

    display(widget)
