"""Random clicks on each game's play page in real Chromium at a phone's width (390 px), in the
states a visitor rarely reaches (the recorder's forms, the review, settings changed, undo, the
choices of a square): presses anywhere on the board, any visible button, fold header, checkbox
and dropdown option. After each: no uncaught error in the page, nothing wider than the screen,
and the status line never says the page sent a choice the game did not understand (the kernel's
guard answers so when an event raised: this caught a New York board press while the seats pick
their colours). tests/test_page_monkey.py sends many more events without a browser."""

from __future__ import annotations

import random

import pytest

from nbgames.i18n import gettext
from nbgames.testing import goto_drawn
from nbgames.ui.guard import NOT_UNDERSTOOD

pytestmark = pytest.mark.browser

WIDTH = 390
EVENTS = 30
CLICKABLE = ("button:visible, select:visible, input[type=checkbox]:visible, "
             ".jupyter-widget-Collapse-header:visible")
PAGES = [("newyork", "en"), ("galopp_royal", "ja"), ("newyork1901", "en"), ("newyork_city", "ja")]


def random_event(page, rng: random.Random) -> tuple:
    """One press on the board or on a visible control; what it was."""
    if rng.random() < 0.45:
        canvas = page.locator("canvas.nbg-canvas, .nbg-canvas canvas").first
        canvas.scroll_into_view_if_needed()
        box = canvas.bounding_box()
        x, y = box["x"] + rng.uniform(0, box["width"]), box["y"] + rng.uniform(0, box["height"])
        page.mouse.click(x, y)
        return "board", round(x), round(y)
    controls = page.locator(CLICKABLE)
    count = controls.count()
    if not count:
        return ("nothing",)
    control = controls.nth(rng.randrange(count))
    try:
        if control.evaluate("e => e.tagName") == "SELECT":
            label = rng.choice(control.locator("option").all_text_contents())
            control.select_option(label=label, timeout=2_000)
            return "select", label
        text = (control.text_content() or "")[:40]
        control.click(timeout=2_000)
        return "click", text
    except Exception as exc:  # noqa: BLE001 - it went away (a fold closed, a question answered)
        return "gone", type(exc).__name__


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_random_clicks_on_a_phone_keep_the_page_whole(page, server, game, lang):
    page.set_viewport_size({"width": WIDTH, "height": 800})
    goto_drawn(page, f"{server.url}/voila/render/{game}/play.ipynb?lang={lang}")
    refused = gettext(NOT_UNDERSTOOD, lang)  # the guard's words when an event raised in the kernel
    rng = random.Random(f"{game}/{lang}")
    done = []
    for _ in range(EVENTS):
        done.append(random_event(page, rng))
        page.wait_for_timeout(250)  # the kernel's answer
        assert not page.page_errors, (page.page_errors, done[-3:])
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= WIDTH + 1, f"the page is {width} px wide after {done[-3:]}"
        status = page.locator(".nbg-status").first.text_content() or ""
        assert refused not in status, done[-3:]
