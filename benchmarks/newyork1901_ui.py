"""New York 1901 UI benchmark: real Chromium against `nbgames serve`; prints figures (no assertions).

- page request -> first board drawn (preheated kernels, the default config), median of a few loads;
- in-page click -> board redrawn (median, p95 over >= 30 clicks): the time from the browser's
  mousedown on a tile beside the map to the pick's outline changing pixels on the canvas (the
  kernel hit-tests the click, updates the selection, redraws the highlights layer); clicks
  alternate pick / put down;
- pointer move -> tile preview drawn (median, p95): the mouse moves onto a map cell with a tile
  picked, the kernel asks the engine for the refusal or the preview and draws it;
- kernel memory (RSS) with a game loaded.
- hints and the review (issue 30 item 4): ms from Hint to the hint drawn at >= 10 positions of
  a 4-seat game played by greedy bots, and the whole game's review (`ui.hints_and_review`).

Run: ``.venv/bin/python benchmarks/newyork1901_ui.py [--clicks 40] [--loads 3] [--hints-only]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import ui as kit_bench  # noqa: E402  (benchmarks/ui.py: the shared load-time and probe helpers)

import nbgames  # noqa: E402
from nbgames.newyork1901.layout import layout_for  # noqa: E402
from nbgames.serve.forkserver import forked_kernel  # noqa: E402
from nbgames.testing import CHROMIUM, CHROMIUM_ARGS, Server, page_error_recorder, unfold  # noqa: E402

PLAY = "/voila/render/newyork1901/play.ipynb"
BOARD = nbgames.new_game("newyork1901", players=3, seed=1).view(None)["board"]
TILES = [x["name"] for x in BOARD["tiles"] if x["name"] != "start"]
LAYOUT = layout_for(BOARD["rows"], BOARD["cols"], 3, tiles=len(TILES))
MOVE_ARM = kit_bench.ARM.replace("'mousedown'", "'mousemove'")


def my_turn(page) -> None:
    """Choose a character and wait for Player 1's first turn (the bots play fast)."""
    unfold(page, "settings")
    page.locator(".nbg-bot-speed select").select_option(label="fast")
    page.locator("button.nbg-ny1901-character").first.wait_for(timeout=30_000)
    page.locator("button.nbg-ny1901-character").first.click()
    page.wait_for_function("() => document.querySelector('.nbg-status').innerText.includes('market card')",
                           timeout=30_000)


def latencies(browser, server: Server, clicks: int) -> tuple[list[float], list[float], float]:
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    errors = []
    page.on("pageerror", page_error_recorder(errors))
    page.goto(server.url + PLAY, timeout=60_000)
    kit_bench.wait_drawn(page)
    my_turn(page)
    canvas = page.locator(kit_bench.CANVAS).first
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    scale = box["width"] / LAYOUT.width
    x, y, w, h = LAYOUT.tile_box(TILES.index("bI2"))
    probe = [int(x - 3), int(y + h / 2)]  # on the pick's outline, left of the tile's box
    pick = []
    for _ in range(clicks):
        page.evaluate(kit_bench.ARM, probe)
        page.mouse.click(box["x"] + (x + w / 2) * scale, box["y"] + (y + h / 2) * scale)
        page.wait_for_function("() => window.__lat !== undefined", timeout=15_000)
        lat = page.evaluate("window.__lat")
        if lat >= 0:
            pick.append(lat)
        page.wait_for_timeout(60)
    if "bI2" not in page.locator(".nbg-status").inner_text():  # leave the tile picked
        page.mouse.click(box["x"] + (x + w / 2) * scale, box["y"] + (y + h / 2) * scale)
        page.wait_for_timeout(200)
    hover = []
    cells = [(r, c) for r in range(2, 11, 2) for c in range(1, 12, 2)]
    for i in range(clicks):
        r, c = cells[i % len(cells)]
        cx, cy = LAYOUT.grid.cell_centre(r, c)
        page.mouse.move(box["x"] + 5, box["y"] + 5)  # off the map first: the preview goes away
        page.wait_for_timeout(80)
        page.evaluate(MOVE_ARM, [int(cx), int(cy)])
        page.mouse.move(box["x"] + cx * scale, box["y"] + cy * scale)
        page.wait_for_function("() => window.__lat !== undefined", timeout=15_000)
        lat = page.evaluate("window.__lat")
        if lat >= 0:
            hover.append(lat)
    rss = sum(forked_kernel(k).memory_info().rss for k in server.kernels()) / 1e6
    kernels = len(server.kernels())
    context.close()
    if errors:
        raise RuntimeError(f"page errors: {errors}")
    return pick, hover, rss / max(kernels, 1)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--clicks", type=int, default=40)
    parser.add_argument("--loads", type=int, default=3)
    parser.add_argument("--hints-only", action="store_true", help="only the hints and the review")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        tmp = tempfile.TemporaryDirectory()
        server = Server(Path(tmp.name) / "voila.log")
        try:
            server.wait_ready()
            time.sleep(kit_bench.PREHEAT_WAIT)
            figures = kit_bench.hints_and_review(browser, server, "newyork1901", PLAY)
            kit_bench.say_hints_and_review("New York 1901", *figures, players=4)
            if args.hints_only:
                return 0
            loads = [kit_bench.load_time(browser, server, kit_bench.PREHEAT_WAIT, PLAY)[0] for _ in range(args.loads)]
            print(f"New York 1901 page -> first board drawn, preheated kernels: {kit_bench.spread(loads)}")
            time.sleep(kit_bench.PREHEAT_WAIT)
            pick, hover, rss = latencies(browser, server, args.clicks)
            print(f"click (pick a tile) -> board redrawn: median {statistics.median(pick):.1f} ms, "
                  f"p95 {kit_bench.p95(pick):.1f} ms (n={len(pick)})")
            print(f"pointer onto a cell -> tile preview drawn: median {statistics.median(hover):.1f} ms, "
                  f"p95 {kit_bench.p95(hover):.1f} ms (n={len(hover)})")
            print(f"kernel RSS with a game loaded: {rss:.0f} MB per kernel")
        finally:
            server.stop()
            tmp.cleanup()
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
