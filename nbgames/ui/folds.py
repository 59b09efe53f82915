"""Folded panels: the secondary parts of a page (log, all legal moves, scores in detail,
save/load, new game) closed by default, so the board and the status line lead the eye."""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as widgets


def fold(name: str, title: str, children: Sequence[widgets.Widget], *, opened: bool = False) -> widgets.Accordion:
    """One folded panel titled `title` holding `children`; CSS class ``nbg-fold-<name>``."""
    body = widgets.VBox(list(children))
    panel = widgets.Accordion(children=[body], titles=(title,), selected_index=0 if opened else None,
                              layout=widgets.Layout(margin="2px 0"))
    panel.add_class("nbg-fold")
    panel.add_class(f"nbg-fold-{name}")
    return panel


def set_open(panel: widgets.Accordion, opened: bool) -> None:
    """Open or close a folded panel."""
    panel.selected_index = 0 if opened else None


def is_open(panel: widgets.Accordion) -> bool:
    return panel.selected_index == 0
