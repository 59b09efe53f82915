"""Random widget events on a page, in the kernel (no browser): what a visitor's page can send.

An event is one of: a press anywhere on the board (or on a legal target), a pointer move, a key,
any button (those that move a game or lesson on more often: `FORWARD`), any dropdown
option, a checkbox, text in a box, the time-line slider, a saved game loaded (intact or with
bytes changed), and the bots' and timers' turns. `PageMonkey.run` raises with the last events
when an event raised or a check failed; the checks are the caller's (`after_each`).
"""

from __future__ import annotations

import datetime
import json
import random
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from nbgames.ui.closing import parts_of

KEYS = ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Enter", " ", "u", "Backspace", "r", "R", "m",
        "n", "p", "Escape", "Tab", "a", "1")
SLOW = ("mcts-normal", "mcts-hard")  # the easy search's code with seconds a move: it is picked instead
TEXTS = ("", "1", "42", "abc", "x" * 500, "<b>hi</b>", "C3", "end", "lot C4", "  7 ", "１２")


def widgets_of(root: widgets.Widget) -> list[widgets.Widget]:
    """Every open widget of a page: its boxes' children, layouts, styles and canvas layers."""
    seen, out, stack = set(), [], [root]
    while stack:
        widget = stack.pop()
        if widget.comm is None or id(widget) in seen:
            continue
        seen.add(id(widget))
        out.append(widget)
        stack.extend(parts_of(widget))
    return out


def widgets_left_open(before: set, *roots: widgets.Widget) -> list[widgets.Widget]:
    """Widgets made since `before` (keys of ipywidgets' instances then) that are still open but
    no part of any of `roots`: what a page dropped without closing it (`ui/closing.py`)."""
    from ipywidgets.widgets.widget import _instances

    shown = {id(w) for root in roots for w in widgets_of(root)}
    return [w for key, w in _instances.items() if key not in before and id(w) not in shown]


# The buttons that move a game on, then those of lessons and recorded lessons, are pressed more
# often than the rest (New game, Undo…), so that the events get far into games and lessons.
FORWARD = (("nbg-choice", "nbg-action", "nbg-reveal", "nbg-play-selected"), ("nbg-rec", "nbg-lesson"))


def pick_button(buttons: list[widgets.Button], rng: random.Random, forward_only: bool = False) -> widgets.Button:
    """Half the time a game's button, a quarter a lesson's or the recorder's (when there are any);
    `forward_only`: a game's button always (any button if there is none)."""
    draw = 0.0 if forward_only else rng.random()
    for prefixes, below in zip(FORWARD, (0.5, 0.75), strict=True):
        mine = [b for b in buttons if any(css.startswith(prefixes) for css in b._dom_classes)]
        if mine and draw < below:
            return rng.choice(mine)
    return rng.choice(buttons)


class PageMonkey:
    """Sends random events to a page: `root()` its widgets, `view()` its board view (or a list of
    the board views it shows: one is picked per event)."""

    def __init__(self, root: Callable[[], widgets.Widget], view: Callable[[], Any], seed: int,
                 clock: Any = None, record: Callable[[], dict] | None = None):
        self.root, self.view, self.clock, self.record = root, view, clock, record
        self.rng = random.Random(seed)
        self.log: list[tuple] = []

    def run(self, events: int, after_each: Callable[[], None], forward: int = 0,
            before_each: Callable[[], None] = lambda: None) -> None:
        """`events` events, the first `forward` of them only presses on legal targets, the
        buttons that move a game on and the bots' turns (to get deep into a game first)."""
        for n in range(events):
            try:
                before_each()
                self.event(forward_only=n < forward)
                after_each()
            except Exception as exc:
                raise AssertionError(f"after {len(self.log)} events, the last: {self.log[-4:]}") from exc

    def event(self, forward_only: bool = False) -> None:
        rng, views = self.rng, self.view()
        view = rng.choice(views) if isinstance(views, list) else views  # a page may hold more boards
        found = widgets_of(self.root())
        if forward_only:
            kind = rng.choices(("press", "button", "timers"), (5, 3, 2))[0]
        else:
            kind = rng.choices(("press", "move", "key", "button", "dropdown", "check", "text", "slider", "load",
                                "timers"), (40, 4, 6, 28, 5, 2, 4, 3, 2, 10))[0]
        canvas = view.canvas
        if kind == "press":
            targets = view.legal_targets() if forward_only or rng.random() < 0.7 else []
            if targets:
                target = rng.choice(targets)
                self.log.append(("click", target))
                view.click(target)
            else:
                x, y = rng.uniform(-20, canvas.width + 20), rng.uniform(-20, canvas.height + 20)
                self.log.append(("press", round(x), round(y)))
                view._on_mouse_down(x, y)
        elif kind == "move":
            x, y = rng.uniform(0, canvas.width), rng.uniform(0, canvas.height)
            self.log.append(("move", round(x), round(y)))
            view._on_mouse_move(x, y)
        elif kind == "key":
            key = rng.choice(KEYS)
            self.log.append(("key", key))
            view._on_key(key, rng.random() < 0.2, False, False)
        elif kind == "button":
            buttons = [b for b in found if isinstance(b, widgets.Button)]
            button = pick_button(buttons, rng, forward_only)
            self.log.append(("button", button.description, sorted(button._dom_classes)[:2]))
            button.click()
        elif kind == "dropdown":
            boxes = [d for d in found if isinstance(d, widgets.Dropdown) and d.options]
            if boxes:
                box = rng.choice(boxes)
                values = [o[1] if isinstance(o, tuple) else o for o in box.options]
                value = rng.choice([v for v in values if v not in SLOW] or values)
                self.log.append(("dropdown", box.description, sorted(box._dom_classes)[:2], value))
                box.value = value
        elif kind == "check":
            boxes = [c for c in found if isinstance(c, widgets.Checkbox)]
            if boxes:
                box = rng.choice(boxes)
                self.log.append(("check", box.description))
                box.value = not box.value
        elif kind == "text":
            boxes = [t for t in found if isinstance(t, widgets.Text)]
            if boxes:
                box = rng.choice(boxes)
                legal = [str(a) for a in view.game.legal_actions()]
                text = rng.choice(legal) if legal and rng.random() < 0.3 else rng.choice(TEXTS)
                self.log.append(("text", sorted(box._dom_classes)[:2], text))
                box.value = text
        elif kind == "slider":
            sliders = [s for s in found if isinstance(s, widgets.IntSlider) and s.max >= s.min]
            if sliders:
                slider = rng.choice(sliders)
                value = max(slider.min, slider.max - rng.choice((0, 1, 2, 5, slider.max)))  # mostly a step or two back
                self.log.append(("slider", value))
                slider.value = value
        elif kind == "load":
            uploads = [u for u in found if isinstance(u, widgets.FileUpload)]
            if uploads and self.record is not None:
                data = bytearray(json.dumps(self.record()).encode())
                for _ in range(rng.choice((0, 0, 1, 3))):
                    data[rng.randrange(len(data))] = rng.randrange(256)
                self.log.append(("load", len(data)))
                uploads[0].value = ({"name": "game.json", "type": "application/json", "size": len(data),
                                     "content": memoryview(bytes(data)),
                                     "last_modified": datetime.datetime.now(datetime.timezone.utc)},)
        elif kind == "timers" and self.clock is not None:
            count = rng.randint(1, 5)
            self.log.append(("timers", count, len(self.clock.timers)))
            self.clock.run(limit=count)
