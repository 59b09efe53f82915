"""Shared fixtures: a real `nbgames serve` (Voilà) and real headless Chromium (Debian's).

Browser tests skip locally, loudly, when Chromium is missing; under CI=true they fail instead.
"""

from __future__ import annotations

import os
from pathlib import Path

import pebbles  # noqa: F401  (registers tests/pebbles, the example game, for every suite here)
import pytest
from support import CHROMIUM, CHROMIUM_ARGS, Server

from nbgames.testing import page_error_recorder


@pytest.fixture(scope="session", autouse=True)
def sealing_key(tmp_path_factory):
    """One sealing key for the session (nbgames/engine/seal.py): a file of its own, never the
    user's; the servers and kernels the tests start inherit it, so the tests can open what a
    page sealed, and a restarted server opens what the first one sealed."""
    path = tmp_path_factory.mktemp("key") / "seal.key"
    old = os.environ.get("NBGAMES_KEY_FILE")
    os.environ["NBGAMES_KEY_FILE"] = str(path)
    yield path
    if old is None:
        os.environ.pop("NBGAMES_KEY_FILE", None)
    else:
        os.environ["NBGAMES_KEY_FILE"] = old


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """One running `nbgames serve` for the browser tests of this session."""
    with Server(tmp_path_factory.mktemp("serve") / "voila.log") as srv:
        yield srv


def require_chromium() -> None:
    if Path(CHROMIUM).exists():
        return
    message = (f"Chromium not found at {CHROMIUM}: browser tests need Debian's headless Chromium "
               "(apt-get install chromium-headless-shell)")
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip("SKIPPED LOUDLY: " + message)


@pytest.fixture(scope="session")
def browser():
    require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    """A fresh page; the test fails if the page raised any uncaught error (`pageerror`)."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    # A Voilà page's "load" comes once its notebook has run: a reload on a busy machine took over
    # the default 30 s once (goto_drawn allows 60 s too)
    context.set_default_navigation_timeout(60_000)
    pg = context.new_page()
    errors: list[str] = []
    slow: list[str] = []  # anywidget's notes of a slow kit start: the kit must hear its kernel after all
    pg.on("pageerror", page_error_recorder(errors, slow))
    pg.page_errors = errors
    pg.slow_kit_starts = slow
    console: list[str] = []  # the browser console's errors, for a timed-out wait to tell
    pg.on("console", lambda m: m.type == "error" and console.append(m.text[:300]))
    pg.console_errors = console
    yield pg
    if slow and not pg.is_closed():
        pg.wait_for_function("() => !window.__nbgDeaf", timeout=15_000)  # welcomed by the kernel
    context.close()
    assert not errors, f"page errors: {errors}"


def pytest_collection_modifyitems(items):
    """Browser tests run last: Playwright's sync API keeps an event loop running in the main
    thread for the rest of the session, which changes how the kit schedules (an animation, a
    bot's thinking) in tests that expect no loop."""
    items.sort(key=lambda item: "tests/browser/" in item.nodeid.replace("\\", "/") or
               item.get_closest_marker("browser") is not None)


@pytest.fixture(autouse=True)
def english_page():
    """Each test starts on an English page: a page's language is per process (one page per
    kernel), so a test that opened a Japanese page must not leave the next one in Japanese. The
    page's game too (the kit's words follow it): none, until a test opens a game's page."""
    from nbgames import i18n
    from nbgames.ui import language

    yield
    i18n.set_language(i18n.DEFAULT_LANGUAGE)
    i18n.set_game(None)
    language._decided = False


# A browser test that fails runs once more (`make test`: pytest-rerunfailures); its first failure
# is said at the end all the same, so a test that passed the second time still shows why it failed.
_FIRST_FAILURES: list[tuple[str, str]] = []


def pytest_runtest_logreport(report):
    if report.outcome == "rerun":
        _FIRST_FAILURES.append((report.nodeid, report.longreprtext[-3000:]))


def pytest_terminal_summary(terminalreporter):
    if _FIRST_FAILURES:
        terminalreporter.section("first failures of the tests run again")
        for nodeid, text in _FIRST_FAILURES:
            terminalreporter.write_line(f"{nodeid}:\n{text}\n")
