"""What a newcomer tripped over on the Galopp Royal pages (issue 16), in real Chromium against
`nbgames serve` (Voilà) on a phone-sized page (390×844): the board laid out for the phone (every
target at least 32 CSS px, clicks reach the right slot and chair, nothing of the game's own
panels wider than the page, the status line not cut off), the information panel right after a
swap, your own roll readable while fast bots roll, a schemer's push the rules refuse explained on
the status line (lesson 5), and the bid slider starting at the lowest legal bid with a reason
while it is grey (lesson 2). Every test fails on a page error (the `page` fixture)."""

from __future__ import annotations

import re
import time

import pytest

from nbgames.galopp_royal.layout import START_COL, layout_for
from nbgames.testing import goto_drawn

pytestmark = pytest.mark.browser

PLAY = "/voila/render/galopp_royal/play.ipynb"
LEARN = "/voila/render/galopp_royal/learn.ipynb"
PHONE = {"width": 390, "height": 844}
CANVAS_JS = "el => el.tagName === 'CANVAS' ? el : el.querySelector('canvas')"


class Phone:
    """A Galopp page at phone size: canvas points to page points, clicks, labels."""

    def __init__(self, page, server, path: str, players: int = 4):
        self.page = page
        page.set_viewport_size(PHONE)
        goto_drawn(page, server.url + path)
        page.locator(".nbg-status").wait_for(timeout=60_000)
        self.layout = layout_for(players, narrow=True)
        self.wait_for(lambda: self.canvas_size()[0] == self.layout.width, "the narrow board")
        self.check_no_error()

    def check_no_error(self) -> None:
        assert self.page.locator(".voila-error, .jp-OutputArea-output[data-mime-type*=error]").count() == 0
        assert not self.page.page_errors, self.page.page_errors

    @property
    def canvas(self):
        return self.page.locator(".nbg-canvas").first

    def canvas_size(self) -> tuple[int, float]:
        """The canvas's pixel width and its displayed width in CSS px."""
        return tuple(self.canvas.evaluate(
            f"el => {{ const c = ({CANVAS_JS})(el); return [c.width, c.getBoundingClientRect().width]; }}"))

    def point_at(self, x: float, y: float) -> tuple[float, float]:
        """Move the pointer onto canvas pixel (x, y), scrolled into the middle of the window."""
        for _ in range(20):  # the wheel scrolls the page, over the board too (PageKit)
            box = self.canvas.bounding_box()
            scale = box["width"] / self.layout.width
            point = box["x"] + x * scale, box["y"] + y * scale
            if 80 < point[1] < PHONE["height"] - 80:
                break
            self.page.mouse.move(PHONE["width"] / 2, PHONE["height"] / 2)
            self.page.mouse.wheel(0, point[1] - PHONE["height"] / 2)
            self.page.wait_for_timeout(250)
        self.page.mouse.move(*point)
        self.page.wait_for_timeout(150)
        return point

    def click_canvas(self, x: float, y: float) -> None:
        self.page.mouse.click(*self.point_at(x, y))

    def slot(self, seat: int, slot: int) -> tuple[float, float]:
        return self.layout.boards.cell_centre(seat, slot - 1)

    def course(self, seat: int, col: int) -> tuple[float, float]:
        return self.layout.course.cell_centre(*self.layout.grid_cell(seat, col))

    def hover_card(self, slot: int) -> str:
        """The bearer in one of Player 1's slots, as the information panel tells it on hover."""
        self.point_at(*self.slot(0, slot))
        head = f"Player 1, slot {slot}: "
        self.wait_for(lambda: head in self.text(".nbg-info"), f"slot {slot} described on hover")
        return self.text(".nbg-info").split(head)[1].split("\n")[0]

    def text(self, css: str) -> str:
        return self.page.locator(css).first.inner_text()

    def status(self) -> str:
        return self.text(".nbg-status")

    def press(self, css: str) -> None:
        try:
            self.page.locator(css).first.click(timeout=2000)
        except Exception:  # noqa: BLE001 - disabled meanwhile (the page lags the kernel): look again
            self.page.wait_for_timeout(100)

    def wait_for(self, predicate, what: str, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if predicate():
                return
            self.page.wait_for_timeout(60)
        raise AssertionError(f"timed out waiting for {what}; status={self.text('.nbg-status')!r}")

    def overflowing(self) -> list[str]:
        """The game's own panels (and the status line) that stick out of the page or are cut."""
        return self.page.evaluate("""() => {
            const out = [], width = document.documentElement.clientWidth;
            for (const css of ['.nbg-status', '.nbg-extras', '.nbg-auction-panel', '.nbg-die',
                               '.nbg-galopp-choosing', '.nbg-bid-note', '.nbg-info', '.nbg-board']) {
              for (const el of document.querySelectorAll(css)) {
                const r = el.getBoundingClientRect();
                if (r.width && (r.right > width + 1 || el.scrollWidth > el.clientWidth + 1)) out.push(css);
              }
            }
            return out; }""")


def test_a_game_on_a_phone(page, server):
    p = Phone(page, server, PLAY)
    pixels, shown = p.canvas_size()
    assert shown <= PHONE["width"]
    scale = shown / pixels
    assert p.layout.course.cell * scale >= 32 and p.layout.boards.cell * scale >= 32
    assert p.overflowing() == []
    page.locator(".nbg-bot-speed select").select_option(label="fast")
    # pass every auction (or bid the least when nobody has bid for 3 auctions: GR-8), then place
    # our team (swapping on the board)
    deadline = time.monotonic() + 60
    while "place your team" not in p.status():
        assert time.monotonic() < deadline, p.status()
        if p.status().startswith("Player 1: your turn") and "must bid" in p.status():
            p.press("button.nbg-bid")
        elif p.status().startswith("Player 1: your turn") and "bid" in p.status():
            p.press("button.nbg-pass")
        else:
            page.wait_for_timeout(80)
    assert p.overflowing() == []
    cards = [p.hover_card(slot) for slot in (1, 2, 3, 4)]
    other = next((slot for slot in (4, 3, 2) if cards[slot - 1] != cards[0]), 4)  # a swap that shows
    p.click_canvas(*p.slot(0, 1))
    p.wait_for(lambda: "Swap" in p.text(".nbg-info"), "the first slot of a swap")
    p.click_canvas(*p.slot(0, other))  # the swap: the panel tells what that slot holds now
    p.wait_for(lambda: f"Player 1, slot {other}: {cards[0]}" in p.text(".nbg-info"), "the swapped slot described")
    p.press("button.nbg-confirm")
    # the race: click your own chair on START to roll; your roll stays readable while bots roll
    p.wait_for(lambda: "roll the die" in p.status(), "our race turn", timeout=60)
    p.click_canvas(*p.course(0, START_COL))
    p.wait_for(lambda: "Player 1 rolled" in p.text(".nbg-die") or "Your last roll" in p.text(".nbg-die"),
               "our roll on the die line")
    page.wait_for_timeout(1500)  # fast bots roll on
    assert "Player 1 rolled" in p.text(".nbg-die") or "Your last roll" in p.text(".nbg-die")
    assert p.overflowing() == []
    p.check_no_error()


def test_lessons_on_a_phone_say_why(page, server):
    p = Phone(page, server, LEARN)
    # lesson 2: a question first; the slider already shows the lowest bid above 5, and why it is grey
    page.locator(".nbg-lesson-item").nth(1).click()
    p.wait_for(lambda: "partly known" in p.text(".nbg-lesson-title"), "lesson 2")
    p.wait_for(lambda: "answer the step above" in p.text(".nbg-bid-note"), "why bidding is grey")
    assert p.text(".nbg-bid-amount .widget-readout").strip() == "6"
    assert p.text("button.nbg-bid") == "Bid"
    page.locator(".nbg-lesson-choice").filter(has_text=re.compile(r"^\s*2\s*$")).click()  # "2", not "1 in 2"
    p.wait_for(lambda: p.text("button.nbg-bid") == "Bid 6", "bidding open at 6")
    # lesson 5: pushing Player 4 (on −2) back 2 alone is refused, with the reason and its rule
    page.locator(".nbg-lesson-item").nth(4).click()
    p.wait_for(lambda: "option (a)" in p.text(".nbg-lesson-title"), "lesson 5")
    p.press("button.nbg-roll")
    p.wait_for(lambda: "schemer" in p.status(), "the schemer rolled")
    p.press("button.nbg-scheme-plus")
    p.click_canvas(*p.course(3, START_COL - 2))
    p.wait_for(lambda: p.status().startswith("Not allowed (GR-11)") and "pond" in p.status(),
               "the refusal on the status line")
    assert "GR-11" in p.text(".nbg-lesson-feedback")
    assert page.locator("button.nbg-confirm").first.is_disabled()
    assert p.overflowing() == []
    p.check_no_error()
