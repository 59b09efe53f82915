"""A page that reads as a game, kept so (issue #16): every page at desktop (1280×900) size, then
narrowed to a phone's (390×844), is checked for its hierarchy — status line, then the player strip, then the
board, large; secondary panels folded below — and compared *loosely* with committed reference
layouts (boxes of the page's parts, not pixels), so a regression in the layout is seen.

The references and screenshots live in tests/browser/reference/. After an intended change of
the layout, look at the new screenshots and commit them:

    NBGAMES_UPDATE_LAYOUT=1 .venv/bin/python -m pytest tests/browser/test_page_layout.py
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from nbgames.testing import board_drawn

pytestmark = pytest.mark.browser

REFERENCE = Path(__file__).parent / "reference"
UPDATE = os.environ.get("NBGAMES_UPDATE_LAYOUT") == "1"
SIZES = {"desktop": (1280, 900), "phone": (390, 844)}
PAGES = {
    "newyork-play": "newyork/play.ipynb",
    "newyork-learn": "newyork/learn.ipynb",
    "galopp-play": "galopp_royal/play.ipynb",
    "galopp-learn": "galopp_royal/learn.ipynb",
    "newyork1901-play": "newyork1901/play.ipynb",
    "newyork1901-learn": "newyork1901/learn.ipynb",
    "newyorkcity-play": "newyork_city/play.ipynb",
    "newyorkcity-learn": "newyork_city/learn.ipynb",
    "gallery": "index.ipynb",
}
PARTS = {  # the parts a layout is made of, by CSS selector (first match)
    "status": ".nbg-status",
    "strip": ".nbg-players-panel",
    "board": "canvas.nbg-canvas, .nbg-canvas canvas",
    "hand": ".nbg-hand",
    "lesson": ".nbg-lesson-prompt",
    "timeline": ".nbg-timeline-bar",
    "fold-moves": ".nbg-fold-moves",
    "fold-scores": ".nbg-fold-scores",
    "fold-log": ".nbg-fold-log",
    "fold-files": ".nbg-fold-files",
    "fold-settings": ".nbg-fold-settings",
    "gallery": ".nbg-gallery",
}
FOLDED = ("fold-moves", "fold-log", "fold-files", "fold-settings")  # closed until opened
CONTENT_HIGH = ("fold-scores",)  # open, as high as the fresh (randomly dealt) game's score lines


def measure(page) -> dict[str, dict[str, float]]:
    """The page's parts as boxes in page coordinates (the scroll offset added back)."""
    return page.evaluate("""parts => {
      const scroller = document.getElementById('rendered_cells');
      const dy = (scroller ? scroller.scrollTop : 0) + window.scrollY;
      const out = {};
      for (const [name, css] of Object.entries(parts)) {
        const el = document.querySelector(css);
        if (!el) continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;
        out[name] = {x: r.x, y: r.y + dy, w: r.width, h: r.height,
                     open: !!el.querySelector('.jupyter-widget-Collapse-open')};
      }
      return out;
    }""", PARTS)


def open_page(page, server, path: str, size: tuple[int, int]) -> dict:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{server.url}/voila/render/{path}", timeout=60_000)
    if path != "index.ipynb":
        board_drawn(page).wait_for(state="attached", timeout=60_000)
    else:
        page.locator(".nbg-gallery").wait_for(timeout=60_000)
    page.wait_for_timeout(1500)  # the page reports its width; a phone gets its narrow layout
    return measure(page)


def resize(page, size: tuple[int, int]) -> dict:
    """The same page at another size (a phone turned, a window narrowed): the page reports its
    new width and lays itself out again."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.evaluate("() => document.getElementById('rendered_cells')?.scrollTo(0, 0) || window.scrollTo(0, 0)")
    page.wait_for_timeout(1500)
    return measure(page)


def check_hierarchy(name: str, kind: str, boxes: dict, width: int) -> None:
    """What makes a page read as a game, whatever its exact sizes."""
    if name == "gallery":
        assert boxes["gallery"]["w"] <= width
        return
    board, status = boxes["board"], boxes["status"]
    assert status["y"] < board["y"], "the status line comes before the board"
    assert board["x"] >= 0 and board["x"] + board["w"] <= width + 1, "the board fits the page"
    if kind == "phone":
        assert board["w"] >= 0.85 * (width - 40), "on a phone the board takes the page's width"
    else:
        assert board["w"] >= 500, "the board is large"
    if "strip" in boxes:
        assert status["y"] < boxes["strip"]["y"] < board["y"], "the player strip sits between"
    for fold in FOLDED:
        if fold in boxes:
            assert not boxes[fold]["open"], f"{fold} is folded by default"
            assert boxes[fold]["y"] > board["y"], f"{fold} comes after the board"


def close_to(now: dict, ref: dict, kind: str) -> list[str]:
    """Loose comparison: same parts in the same vertical order, each box near its reference."""
    problems = []
    if set(now) != set(ref):
        problems.append(f"parts differ: {sorted(set(now) ^ set(ref))}")
    common = [p for p in ref if p in now]
    order_now = sorted(common, key=lambda p: (round(now[p]["y"] / 8), now[p]["x"]))
    order_ref = sorted(common, key=lambda p: (round(ref[p]["y"] / 8), ref[p]["x"]))
    if order_now != order_ref:
        problems.append(f"order {order_now} != reference {order_ref}")
    slack = 120 if kind == "desktop" else 200  # text reflows more on a phone
    for part in common:
        a, b = now[part], ref[part]
        if abs(a["x"] - b["x"]) > 40 or abs(a["y"] - b["y"]) > slack:
            problems.append(f"{part} moved: {b['x']:.0f},{b['y']:.0f} -> {a['x']:.0f},{a['y']:.0f}")
        if abs(a["w"] - b["w"]) > max(40, 0.2 * b["w"]) or (
                part not in CONTENT_HIGH and abs(a["h"] - b["h"]) > max(60, 0.35 * b["h"])):
            problems.append(f"{part} resized: {b['w']:.0f}x{b['h']:.0f} -> {a['w']:.0f}x{a['h']:.0f}")
    return problems


@pytest.mark.parametrize("name", sorted(PAGES))
def test_page_layout(page, server, name):
    """Each page opened once at desktop size, then narrowed to a phone's."""
    for kind, size in SIZES.items():
        boxes = open_page(page, server, PAGES[name], size) if kind == "desktop" else resize(page, size)
        check_hierarchy(name, kind, boxes, size[0])
        reference = REFERENCE / f"{name}-{kind}.json"
        if UPDATE:
            if name != "gallery":
                reference.write_text(json.dumps(boxes, indent=1, sort_keys=True) + "\n")
            page.screenshot(path=str(REFERENCE / f"{name}-{kind}.png"), full_page=False)
            continue
        if name == "gallery":
            continue  # its height grows with every game added; its hierarchy is checked above
        assert reference.exists(), f"no reference layout {reference.name}: see this module's docstring"
        problems = close_to(boxes, json.loads(reference.read_text()), kind)
        assert not problems, f"{name} at {kind} size drifted from its reference layout: {problems}"
