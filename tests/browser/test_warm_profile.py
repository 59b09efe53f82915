"""The `page` fixture's warm Chromium profile (tests/conftest.py): it keeps the compiled scripts
of the pages it loaded, and nothing a page stored: each test starts with no storage of another."""

from __future__ import annotations

import pytest

from nbgames.testing import goto_drawn

pytestmark = pytest.mark.browser
PLAY = "/voila/render/newyork/play.ipynb?lang=en"


def stored(page) -> dict:
    return page.evaluate("""() => ({local: Object.keys(localStorage).length, cookies: document.cookie})""")


def test_a_page_keeps_what_it_stores_while_the_test_runs(page, server, warm_profile):
    goto_drawn(page, server.url + PLAY)
    page.evaluate("""() => { localStorage.setItem('left-by-an-earlier-test', '1');
                             document.cookie = 'earlier=1; path=/'; }""")
    page.reload()
    assert page.evaluate("() => localStorage.getItem('left-by-an-earlier-test')") == "1"
    assert "earlier=1" in stored(page)["cookies"]
    caches = list(warm_profile.folder.glob("**/Code Cache/js/*"))
    assert caches, "the profile kept no compiled script"


def test_the_next_test_finds_none_of_it(page, server):
    page.goto(server.url + "/voila/render/index.ipynb")
    page.locator(".nbg-card").first.wait_for(timeout=60_000)
    assert page.evaluate("() => localStorage.getItem('left-by-an-earlier-test')") is None
    assert "earlier=1" not in stored(page)["cookies"]
