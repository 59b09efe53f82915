"""A page whose kit widgets start slowly still hears its kernel.

anywidget gives a widget's front end two seconds to start; on a busy page (a phone, a class on one
small server) it can take longer, and anywidget then drops every later message from the kernel to
that widget for good: the live region would never speak again, and the heartbeat's answers never
arriving, the page would say the connection was lost while it works. Seen under load in the
browser tests ("[anywidget] Failed to initialize model."). Here the slow start is made on purpose:
the page's main thread is held for 2.5 s each time anywidget turns a widget's front end into a
module, so its two-second limit passes before the module runs."""

from __future__ import annotations

import pytest

from nbgames.testing import SLOW_KIT_START, goto_drawn

pytestmark = pytest.mark.browser

HOLD_THE_PAGE = """
(() => {
  const make = URL.createObjectURL;
  URL.createObjectURL = function (blob) {
    if (blob && blob.type === "text/javascript") {
      window.__nbgHeld = (window.__nbgHeld || 0) + 1;
      const end = performance.now() + 2500;
      while (performance.now() < end) { /* a busy page */ }
    }
    return make.call(URL, blob);
  };
})();
"""


def test_kit_widgets_that_start_late_still_hear_the_kernel(page, server):
    page.add_init_script(HOLD_THE_PAGE)
    # the board's "drawn" signal arrives: sent again once the page has made all its widgets
    goto_drawn(page, server.url + "/voila/render/newyork/play.ipynb?lang=en")
    assert page.evaluate("window.__nbgHeld || 0") >= 2, "the page was not held: the test tests nothing"
    # anywidget gave up on the kit's two widgets (its own words) …
    page.wait_for_function("() => window.__nbgDeaf !== undefined")
    print(f"slow starts noted by anywidget: {len(page.slow_kit_starts)}")
    assert page.slow_kit_starts and all(SLOW_KIT_START in e for e in page.slow_kit_starts)
    # … and both hear their kernel again: each was welcomed
    page.wait_for_function("() => window.__nbgDeaf === 0", timeout=15_000)
    # the live region speaks: N moves the keyboard cursor to a square that plays, and says so
    page.locator("canvas.nbg-canvas, .nbg-canvas canvas").first.focus()
    live = page.locator(".nbg-live")
    said = int(live.get_attribute("data-said") or 0)
    page.keyboard.press("n")
    page.wait_for_function("n => +document.querySelector('.nbg-live').dataset.said > n", arg=said,
                           timeout=15_000)
    assert live.inner_text().strip()
    # the heartbeat is answered: no "connection lost" after the time it takes to say so (12 s)
    page.wait_for_timeout(16_000)
    assert page.locator(".nbg-lost").count() == 0, "a working page said its connection was lost"
