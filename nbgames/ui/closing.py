"""Closing the widgets a page no longer shows, whole.

ipywidgets' `Widget.close()` closes one widget. Its `layout` and `style` are widgets of their own
(one of each for every button, box, label and picker), a box's children are others, and so are a
board's canvas layers: they all stay open, in the kernel and in the page's widget manager, for as
long as the page is open. A page that makes its buttons again every turn kept two such models for
each button it dropped (a thousand clicks of play left about 800)."""

from __future__ import annotations

import ipywidgets as widgets

OWNED = ("layout", "style", "children", "_canvases")  # never every widget trait: all of a page's
# canvases share one canvas manager widget (ipycanvas), and closing it would stop every board


def parts_of(widget: widgets.Widget) -> list[widgets.Widget]:
    """The widgets a widget owns: its layout, style, children (a box) and layers (a MultiCanvas)."""
    out = []
    for name in OWNED:
        value = getattr(widget, name, None)
        for part in value if isinstance(value, (list, tuple)) else (value,):
            if isinstance(part, widgets.Widget):
                out.append(part)
    return out


def close_all(*roots: widgets.Widget) -> None:
    """Close each widget with every widget it owns (`parts_of`), all the way down."""
    stack = list(roots)
    while stack:
        widget = stack.pop()
        if not isinstance(widget, widgets.Widget) or widget.comm is None:
            continue  # closed already (or not a widget)
        stack.extend(parts_of(widget))
        widget.close()


def replace_children(box: widgets.Box, children) -> None:
    """Show `children` in `box` instead of what it showed, and close whole what it no longer shows."""
    old, box.children = box.children, tuple(children)
    close_all(*(widget for widget in old if not any(widget is kept for kept in box.children)))
