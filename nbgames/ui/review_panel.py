"""The post-game review on the page: each seat's winning chance move by move, drawn on a small
canvas (colour and a seat label at each line's end, never colour alone), and the learner's
costliest moves in words. The engine's `review` computes it in a worker thread; this module
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
LEFT, RIGHT, TOP, BOTTOM = 44, 70, 14, 30  # room for the axes' labels and the seats' names
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


class ReviewPanel:
    """A "Review this game" button, a progress bar, the curve and the costliest moves."""

    def __init__(self, lang: str, on_start: Callable[[], None]):
        self.lang = lang
        self.button = widgets.Button(description=t("button.review", lang), icon="line-chart")
        self.button.add_class("nbg-review-button")
        self.button.on_click(lambda _: on_start())
        self.progress = widgets.IntProgress(value=0, min=0, max=1, layout=widgets.Layout(display="none"))
        self.canvas = Canvas(width=WIDTH, height=HEIGHT, layout=widgets.Layout(
            width="100%", max_width=f"{WIDTH}px", height="auto", display="none"))
        self.canvas.add_class("nbg-review-curve")
        self.moves = widgets.HTML()
        self.moves.add_class("nbg-review-moves")
        self.widget = widgets.VBox([self.button, self.progress, self.canvas, self.moves])

    def started(self, positions: int) -> None:
        self.button.disabled = True
        self.progress.max, self.progress.value = max(1, positions), 0
        self.progress.layout.display = ""
        self.moves.value = html.escape(t("label.review_working", self.lang))

    def show(self, review, names: Sequence[str], colours: Sequence[str | None]) -> None:
        """Draw the curve of every seat and list the learner's costliest moves."""
        self.progress.layout.display = "none"
        self.button.disabled = False
        self.draw(review.chances, names, colours)
        if review.costly:
            with using(self.lang):
                items = "".join(f"<li>{linked_html(move.reason, self.lang)}</li>" for move in review.costly)
            self.moves.value = f"<b>{html.escape(t('label.review_costly', self.lang))}</b><ol>{items}</ol>"
        else:
            self.moves.value = html.escape(t("label.review_clean", self.lang))

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
            canvas.line_width, canvas.text_align = 2.5, "left"
            for seat, name in enumerate(names):
                colour = colours[seat] or PALETTE[seat % len(PALETTE)]
                points = curve_points(chances, seat)
                canvas.stroke_style = colour
                canvas.begin_path()
                canvas.move_to(*points[0])
                for x, y in points[1:]:
                    canvas.line_to(x, y)
                canvas.stroke()
                x, y = points[-1]
                y += 12 * (seat - (len(names) - 1) / 2)  # names of equal chances do not overlap
                canvas.fill_style = colour
                canvas.fill_rect(x + 4, y - 4, 10, 8)  # the line's colour, then its name in ink
                canvas.fill_style = TEXT
                canvas.fill_text(name, x + 17, y)
