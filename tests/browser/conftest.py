"""Helpers for the browser tests of the play page (fixtures `server`, `browser`, `page` come from
tests/conftest.py)."""

from __future__ import annotations

import re
import time

import pytest

from nbgames.newyork.view import N
from nbgames.testing import board_drawn, goto_drawn
from nbgames.ui.board import Geometry

GEOM = Geometry(N, N)  # the New York board geometry, in canvas pixels
PLAY = "/voila/render/newyork/play.ipynb"
GALLERY = "/voila/render/index.ipynb"


class Board:
    """The play page of a running Voilà: clicks squares, reads labels, polls pixels."""

    def __init__(self, page, server):
        self.page = page
        self.server = server

    def open(self, path: str = PLAY, timeout: float = 60_000) -> Board:
        goto_drawn(self.page, self.server.url + path)
        self.wait_drawn(timeout=timeout)
        return self

    def wait_drawn(self, timeout: float = 60_000) -> None:
        """Board drawn = the client-ready redraw ran (its label) and a board pixel is painted."""
        board_drawn(self.page).wait_for(state="attached", timeout=timeout)
        self.page.locator(".nbg-status").wait_for(timeout=timeout)
        self.wait_for(lambda: self.pixel(GEOM.left + 3, GEOM.top + 3)[3] > 0, "board pixel painted")
        self.check_no_error()

    def check_no_error(self) -> None:
        assert self.page.locator(".voila-error, .jp-OutputArea-output[data-mime-type*=error]").count() == 0
        assert not self.page.page_errors, self.page.page_errors

    @property
    def canvas(self):
        return self.page.locator("canvas.nbg-canvas, .nbg-canvas canvas, .nbg-canvas").first

    def canvas_box(self) -> dict:
        """The canvas's displayed box (it may be scaled), scrolled into view, once the page has
        stopped scrolling or reflowing (two equal reads in a row)."""
        self.canvas.scroll_into_view_if_needed()
        box, previous = self.canvas.bounding_box(), None
        for _ in range(40):
            if box == previous:
                break
            self.page.wait_for_timeout(50)
            previous, box = box, self.canvas.bounding_box()
        return box

    def point(self, row: int, col: int) -> tuple[float, float]:
        """Page coordinates of a cell centre on New York's board (`canvas_box`)."""
        box = self.canvas_box()
        scale = box["width"] / GEOM.width
        cx, cy = GEOM.cell_centre(row, col)
        return box["x"] + cx * scale, box["y"] + cy * scale

    def click_square(self, name: str, **kw) -> None:
        row = "ABCDEFG".index(name[0])
        col = int(name[1]) - 1
        self.page.mouse.click(*self.point(row, col), **kw)

    def pixel(self, x: float, y: float) -> tuple[int, int, int, int]:
        """RGBA of the displayed canvas at canvas pixel (x, y)."""
        return tuple(self.canvas.evaluate(
            "(el, p) => { const c = el.tagName === 'CANVAS' ? el : el.querySelector('canvas');"
            " return Array.from(c.getContext('2d').getImageData(p[0], p[1], 1, 1).data); }", [x, y]))

    def text(self, css: str) -> str:
        return self.page.locator(css).first.inner_text()

    def status(self) -> str:
        return self.text(".nbg-status")

    def ply(self) -> int:
        text = self.text(".nbg-position")
        match = re.search(r"Move (\d+) of \d+", text) or re.search(r"\d+手中 (\d+)手目", text)  # en / ja
        assert match, text
        return int(match.group(1))

    def wait_for(self, predicate, what: str, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if predicate():
                return
            self.page.wait_for_timeout(100)
        raise AssertionError(f"timed out waiting for {what}; status={self.status()!r}; "
                             f"console errors: {getattr(self.page, 'console_errors', [])[-5:]}")


@pytest.fixture
def board(page, server):
    return Board(page, server)
