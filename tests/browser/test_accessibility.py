"""axe-core on every page, in both languages (issue 27 item 7): the gallery, "Write your own
lesson", each game's learn, play, rules and glossary pages, at ``?lang=en`` and ``?lang=ja``,
have no serious or critical violation (labels, names, contrast, roles, lang attributes). axe-core comes from the npm
registry (`make axe`, which `make test` runs, puts it in .venv/node) and is read from disk,
never from a CDN: missing, the test fails under CI=true and skips loudly here.

The pages load a few at a time in tabs of one browser context (the server's kernels start while
axe reads another page). Every page's counts by impact are printed (``-s``)."""

from __future__ import annotations

import time

import pytest
from axe_support import axe_source, counts, describe, run_axe, serious
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from nbgames.testing import board_drawn, goto_drawn, page_error_recorder, unfold

pytestmark = pytest.mark.browser
GAMES = ["newyork", "galopp_royal", "newyork1901", "newyork_city"]
READY = {"index": ".nbg-card[data-game]", "rules": ".nbg-rules-ref", "rules_ja": ".nbg-rules-ref",
         "glossary": ".nbg-glossary"}
AT_ONCE = 2  # tabs loading at the same time


def pages() -> list[tuple[str, str]]:
    """(notebook, language) for every page a visitor can open from the gallery."""
    out = []
    for lang in ("en", "ja"):
        out += [("index", lang), ("teach", lang)]
        for game in GAMES:
            rules = "rules" if lang == "en" else "rules_ja"
            out += [(f"{game}/play", lang), (f"{game}/learn", lang), (f"{game}/{rules}", lang),
                    (f"{game}/glossary", lang)]
    return out


def wait_ready(page, notebook: str) -> None:
    kind = notebook.rpartition("/")[2]
    if kind == "teach":  # its boards and its lesson (the tutorial's last widgets)
        page.locator(".nbg-lesson").first.wait_for(timeout=90_000)
        board_drawn(page).wait_for(state="attached", timeout=60_000)
    elif kind in ("play", "learn"):
        try:
            board_drawn(page).wait_for(state="attached", timeout=60_000)
        except PlaywrightTimeoutError:
            raise AssertionError(f"{notebook}: board never drawn; {page_state(page)}") from None
        page.locator(".nbg-status").first.wait_for(timeout=30_000)
        unfold(page)  # every fold open: what is inside is checked too
    else:
        page.locator(READY[kind]).first.wait_for(timeout=90_000)
    page.wait_for_timeout(300)  # the page's last widgets render


def page_state(page) -> str:
    """What a page that never drew shows: for the failure message."""
    return page.evaluate("""() => ({
        canvases: document.querySelectorAll('canvas').length,
        kit_canvases: document.querySelectorAll('.nbg-canvas').length,
        drawn_label: [...document.querySelectorAll('.nbg-drawn')].map(e => e.textContent),
        status: [...document.querySelectorAll('.nbg-status')].map(e => e.textContent).join(' | '),
        spinner: !!document.querySelector('#loading, .voila-spinner, #loading_text'),
        errors: [...document.querySelectorAll('.jp-OutputArea-output[data-mime-type*=error]')]
                  .map(e => e.textContent.slice(0, 300)),
        lost: !!document.querySelector('.nbg-lost'),
        body: document.body.innerText.slice(0, 300)})""")


@pytest.mark.timeout(900)
def test_no_page_has_a_serious_or_critical_axe_violation_in_either_language(browser, server):
    source = axe_source()
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    errors: list[str] = []
    todo, found, counts_of = pages(), {}, {}
    started = time.monotonic()
    try:
        open_tabs: list[tuple[object, str, str]] = []
        while todo or open_tabs:
            while todo and len(open_tabs) < AT_ONCE:  # the next pages start loading
                notebook, lang = todo.pop(0)
                tab = context.new_page()
                tab.on("pageerror", page_error_recorder(errors))
                tab.goto(f"{server.url}/voila/render/{notebook}.ipynb?lang={lang}", wait_until="commit",
                         timeout=60_000)
                open_tabs.append((tab, notebook, lang))
            tab, notebook, lang = open_tabs.pop(0)
            wait_ready(tab, notebook)
            assert tab.evaluate("() => document.documentElement.lang") == lang, (notebook, lang)
            violations = run_axe(tab, source)
            tab.close()
            counts_of[(notebook, lang)] = counts(violations)
            print(f"axe {notebook}?lang={lang}: " + ", ".join(f"{k} {n}" for k, n in counts(violations).items()))
            if serious(violations):
                found[(notebook, lang)] = serious(violations)
    finally:
        context.close()
    print(f"axe: {len(counts_of)} pages in {time.monotonic() - started:.0f} s")
    assert len(counts_of) == len(pages())
    assert not found, "serious or critical axe violations:\n" + "\n".join(
        f"{nb}?lang={lang}: {describe(vs)}" for (nb, lang), vs in found.items())
    assert not errors, errors


def test_a_side_panel_that_scrolls_is_reached_by_tab(page, server):
    """The hand and information box beside the board scrolls when its words are more than the
    board is tall (the page holds still); a box that scrolls takes Tab's focus, so its words can be
    scrolled from the keyboard (axe: scrollable-region-focusable, seen on a Japanese lesson page)."""
    goto_drawn(page, f"{server.url}/voila/render/newyork/play.ipynb?lang=en", timeout=90_000, unfolded=False)
    side = page.locator(".nbg-side").first
    side.wait_for()
    assert side.get_attribute("tabindex") is None  # nothing to scroll yet
    page.evaluate("""() => { const extra = document.createElement('div'); extra.id = 'long-words';
        extra.textContent = 'Ways to play here. '.repeat(400);
        document.querySelector('.nbg-info').appendChild(extra); }""")
    page.wait_for_function("() => document.querySelector('.nbg-side').getAttribute('tabindex') === '0'",
                           timeout=10_000)
    assert [v["id"] for v in run_axe(page) if v["id"] == "scrollable-region-focusable"] == []
    page.evaluate("() => document.getElementById('long-words').remove()")
    page.wait_for_function("() => !document.querySelector('.nbg-side').hasAttribute('tabindex')", timeout=10_000)
