"""Issue 26 item 12, the kernel's side: the page kit tells the play page about a file the browser
kept because it is larger than a saved game may be (the browser side: tests/browser/test_load_too_large.py)."""

from __future__ import annotations

from nbgames.engine.game import MAX_RECORD_BYTES
from nbgames.ui.pagekit import PageKit


def test_the_limit_is_the_record_limit_and_the_refusal_reaches_the_callbacks():
    kit = PageKit()
    assert kit.max_upload == MAX_RECORD_BYTES
    seen = []
    kit.on_too_large(lambda name, size: seen.append((name, size)))
    kit._on_browser_message(kit, {"too_large": {"name": "huge.json", "size": 20_971_552}}, [])
    kit._on_browser_message(kit, {"too_large": {"name": ["x"] * 3, "size": "big"}}, [])  # hostile
    kit._on_browser_message(kit, {"too_large": "huge"}, [])  # not a refusal at all
    assert seen == [("huge.json", 20_971_552), ("", 0)]


def test_the_play_page_says_too_large():
    import nbgames
    from nbgames.ui.controller import PlayController

    page = PlayController(nbgames.new_game("newyork", players=2, seed=1), ["human", "human"])
    before = page.game.to_record()
    page.pagekit._on_browser_message(page.pagekit, {"too_large": {"name": "huge.json", "size": 20_000_000}}, [])
    assert "too large" in page.view.status.value
    assert page.game.to_record() == before
