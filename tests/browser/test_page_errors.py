"""The browser tests' page-error listener tells where an error was thrown.

A page error seen once in a long run ("Cannot read properties of undefined (reading
'create_view')", 2026-12-06) said what went wrong but not where: the listener now keeps the top of
the error's stack with its message, so the next such failure names the code to look at."""

from __future__ import annotations

import json

import pytest

from nbgames.testing import SLOW_KIT_START, page_error_recorder

pytestmark = pytest.mark.browser

THROWS = """
<script>
function drawTheBoardAgain() { const manager = undefined; return manager.create_view; }
setTimeout(drawTheBoardAgain, 0);
setTimeout(() => { throw new Error(SLOW); }, 0);
</script>
""".replace("SLOW", json.dumps(SLOW_KIT_START))


def test_a_page_error_is_recorded_with_where_it_was_thrown(browser):
    page = browser.new_page()
    errors: list[str] = []
    slow: list[str] = []
    page.on("pageerror", page_error_recorder(errors, slow))
    page.set_content(THROWS)
    for _ in range(100):  # the listener hears errors while Playwright waits: until both came (5 s at most)
        if len(errors) + len(slow) >= 2:
            break
        page.wait_for_timeout(50)
    page.close()
    assert len(errors) == 1, errors
    message, *where = errors[0].split("\n")
    assert "reading 'create_view'" in message
    assert where and "drawTheBoardAgain" in where[0], errors[0]
    assert slow and SLOW_KIT_START in slow[0]  # anywidget's slow start stays apart, as before
