"""The post-game review on the page: each seat's winning chance move by move, drawn on a small
canvas (colour and the seat's number at each line's end, never colour alone; the legend below
it, in HTML, names each number's player and wraps instead of being cut off, whatever the
language), and the learner's costliest moves in words. The engine's `review` computes it in a worker thread; this module
only draws what it returns."""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets
from ipycanvas import Canvas, hold_canvas

from ..i18n import _, using
from .board import GRID, OKABE_ITO, TEXT
from .i18n import t
from .rules_panel import linked_html

WIDTH, HEIGHT = 560, 220
LEFT, RIGHT, TOP, BOTTOM = 44, 40, 14, 30  # room for the axes' labels and the seats' numbers
PALETTE = [OKABE_ITO[c] for c in ("vermillion", "blue", "green", "orange", "purple", "sky")]


def curve_points(chances: Sequence[Sequence[float]], seat: int) -> list[tuple[float, float]]:
    """Canvas points of one seat's winning chance, move by move (0 % at the bottom)."""
    span = max(1, len(chances) - 1)
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    return [(LEFT + inner_w * k / span, TOP + inner_h * (1 - min(1.0, max(0.0, row[seat]))))
            for k, row in enumerate(chances)]


def advice_html(hint: Any, lang: str) -> str:
    """A hint on the page: the move in words (bold), one reason, and the rule id it rests on marked
    so a click opens the rule (`rules_panel.linked_html`). `hint` is an engine `Hint` (or `Advice`)."""
    advice = getattr(hint, "advice", hint)
    if advice is None or not hasattr(advice, "move"):
        return linked_html(hint.text, lang)
    with using(lang):
        template = _("{move}: {reason} ({rule}).") if advice.rule else _("{move}: {reason}.")
    return template.format(move=f"<b>{html.escape(advice.move)}</b>", reason=html.escape(advice.reason),
                           rule=linked_html(advice.rule, lang))


CASING = "#555555"  # around a light seat colour (New York 1901's white), on the curve and in the legend
LABEL_GAP = 12  # px between two line-end labels


def is_light(colour: str) -> bool:
    """A colour too light to see as a line on white ("#FFFFFF", "white", "yellow")."""
    if colour.lower() in ("white", "yellow", "ivory"):
        return True
    if len(colour) == 7 and colour.startswith("#"):
        r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
        return 0.2126 * r + 0.7152 * g + 0.0722 * b > 200
    return False


def label_rows(ends: Sequence[float]) -> list[float]:
    """The y of each seat's line-end label: at its line's end, moved apart by LABEL_GAP where
    ends are close, all inside the canvas (none cut off at the top or the bottom)."""
    low, high = LABEL_GAP / 2, HEIGHT - BOTTOM + LABEL_GAP / 2
    order = sorted(range(len(ends)), key=lambda s: (ends[s], s))
    ys = [min(max(ends[s], low), high) for s in order]
    for k in range(1, len(ys)):  # downwards: each at least a gap below the one above
        ys[k] = max(ys[k], ys[k - 1] + LABEL_GAP)
    if ys:
        ys[-1] = min(ys[-1], high)
    for k in range(len(ys) - 2, -1, -1):  # upwards from the bottom: none pushed out of the canvas
        ys[k] = min(ys[k], ys[k + 1] - LABEL_GAP)
    rows = [0.0] * len(ends)
    for seat, y in zip(order, ys, strict=True):
        rows[seat] = y
    return rows


def line_label(seat: int) -> str:
    """What stands at the end of a seat's line: its number, short enough for any language (the
    legend gives the name)."""
    return str(seat + 1)


def legend_html(names: Sequence[str], colours: Sequence[str | None]) -> str:
    """The curve's legend: each seat's colour, number and name, in a row that wraps."""
    keys = []
    for seat, name in enumerate(names):
        colour = colours[seat] or PALETTE[seat % len(PALETTE)]
        swatch = (f"<span style='display:inline-block;width:14px;height:10px;margin-right:4px;"
                  f"border:1px solid {CASING};background:{html.escape(colour)}' aria-hidden='true'></span>")
        keys.append(f"<span style='white-space:nowrap;margin-right:14px'>{swatch}"
                    f"{line_label(seat)}: {html.escape(name)}</span>")
    return f"<div style='display:flex;flex-wrap:wrap;row-gap:2px;max-width:{WIDTH}px'>{''.join(keys)}</div>"


class ReviewPanel:
    """A "Review this game" button, a progress bar with a button that stops the review, the
    curve and the costliest moves."""

    def __init__(self, lang: str, on_start: Callable[[], None], on_cancel: Callable[[], None] | None = None):
        self.lang = lang
        self.button = widgets.Button(description=t("button.review", lang), icon="line-chart",  # its words whole,
                                     layout=widgets.Layout(width="auto", align_self="flex-start"))  # any language
        self.button.add_class("nbg-review-button")
        self.button.on_click(lambda _: on_start())
        self.progress = widgets.IntProgress(value=0, min=0, max=1, layout=widgets.Layout(display="none"))
        self.progress.add_class("nbg-review-progress")
        self.cancel = widgets.Button(description=t("button.review_cancel", lang), icon="stop",
                                     layout=widgets.Layout(width="auto", display="none"))
        self.cancel.add_class("nbg-review-cancel")
        self.cancel.on_click(lambda _: (on_cancel or (lambda: None))())
        self.canvas = Canvas(width=WIDTH, height=HEIGHT, layout=widgets.Layout(
            width="100%", max_width=f"{WIDTH}px", height="auto", display="none"))
        self.canvas.add_class("nbg-review-curve")
        self.legend = widgets.HTML()
        self.legend.add_class("nbg-review-legend")
        self.moves = widgets.HTML()
        self.moves.add_class("nbg-review-moves")
        self.widget = widgets.VBox([self.button, widgets.HBox([self.progress, self.cancel]), self.canvas,
                                    self.legend, self.moves])

    def started(self, positions: int) -> None:
        self.button.disabled = True
        self.progress.max, self.progress.value = max(1, positions), 0
        self.progress.layout.display = self.cancel.layout.display = ""
        self.cancel.disabled = False
        self.moves.value = html.escape(t("label.review_working", self.lang))

    def advance(self, done: int) -> None:
        """The progress bar: `done` positions of the game reviewed."""
        self.progress.value = min(done, self.progress.max)

    def _finished(self) -> None:
        self.progress.layout.display = self.cancel.layout.display = "none"
        self.button.disabled = False

    def stopped(self) -> None:
        """The review was stopped before its end: nothing is drawn, it may be started again."""
        self._finished()
        self.moves.value = html.escape(t("label.review_stopped", self.lang))

    def show(self, review, names: Sequence[str], colours: Sequence[str | None]) -> None:
        """Draw the curve of every seat and list the learner's costliest moves (a stopped review:
        say so instead)."""
        if getattr(review, "stopped", False):
            self.stopped()
            return
        self.progress.value = self.progress.max
        self._finished()
        self.draw(review.chances, names, colours)
        self.legend.value = legend_html(names, colours)
        if review.costly:
            with using(self.lang):
                items = "".join(f"<li>{linked_html(move.reason, self.lang)}</li>" for move in review.costly)
            self.moves.value = f"<b>{html.escape(t('label.review_costly', self.lang))}</b><ol>{items}</ol>"
        else:
            self.moves.value = html.escape(t("label.review_clean", self.lang))
        if getattr(review, "hurried", False):  # the time guard cut some searches short
            self.moves.value += f"<p><i>{html.escape(t('label.review_hurried', self.lang))}</i></p>"

    def draw(self, chances: Sequence[Sequence[float]], names: Sequence[str], colours: Sequence[str | None]) -> None:
        canvas = self.canvas
        canvas.layout.display = ""
        with hold_canvas():
            canvas.clear()
            canvas.fill_style = "#FFFFFF"
            canvas.fill_rect(0, 0, WIDTH, HEIGHT)
            canvas.stroke_style, canvas.line_width = GRID, 1
            canvas.fill_style, canvas.font, canvas.text_baseline = TEXT, "12px sans-serif", "middle"
            canvas.text_align = "right"
            for share in (0.0, 0.5, 1.0):
                y = TOP + (HEIGHT - TOP - BOTTOM) * (1 - share)
                canvas.stroke_line(LEFT, y, WIDTH - RIGHT, y)
                canvas.fill_text(f"{share:.0%}", LEFT - 6, y)
            canvas.text_align = "center"
            canvas.fill_text(t("label.review_axis", self.lang, moves=max(0, len(chances) - 1)),
                             (LEFT + WIDTH - RIGHT) / 2, HEIGHT - 10)
            canvas.text_align = "left"
            ends = label_rows([curve_points(chances, seat)[-1][1] for seat in range(len(names))])
            for seat in range(len(names)):
                colour = colours[seat] or PALETTE[seat % len(PALETTE)]
                points = curve_points(chances, seat)
                for ink, width in ((CASING, 4.5), (colour, 2.5)) if is_light(colour) else ((colour, 2.5),):
                    canvas.stroke_style, canvas.line_width = ink, width  # a light line gets a dark casing
                    canvas.begin_path()
                    canvas.move_to(*points[0])
                    for x, y in points[1:]:
                        canvas.line_to(x, y)
                    canvas.stroke()
                x, y = points[-1][0], ends[seat]
                canvas.fill_style, canvas.stroke_style, canvas.line_width = colour, CASING, 1
                canvas.fill_rect(x + 4, y - 4, 10, 8)  # the line's colour (outlined), then its number in ink
                canvas.stroke_rect(x + 4, y - 4, 10, 8)
                canvas.fill_style = TEXT
                canvas.fill_text(line_label(seat), x + 17, y)
