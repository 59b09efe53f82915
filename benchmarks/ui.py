"""UI benchmark: real Chromium against `nbgames serve`; prints figures (no assertions).

- in-page click -> board redrawn latency on the New York board (median, p95 over >= 30 clicks):
  the time from the browser's mousedown to the clicked square's pixels changing on the canvas;
- page request -> first board drawn, with preheated kernels (the default config) and without;
- kernel memory (RSS) with a game loaded.

Run: ``.venv/bin/python benchmarks/ui.py [--clicks 40] [--loads 3]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from nbgames.newyork.view import N  # noqa: E402
from nbgames.testing import CHROMIUM, CHROMIUM_ARGS, Server, board_drawn  # noqa: E402
from nbgames.ui.board import Geometry  # noqa: E402

GEOM = Geometry(N, N)
PLAY = "/voila/render/newyork/play.ipynb"
# Between two preheated loads: the pool refills VoilaKernelManager.fill_delay (10 s in voila.json)
# after a kernel is handed out; wait that long and a little more, as between two visitors.
PREHEAT_WAIT = json.loads((ROOT / "nbgames" / "serve" / "voila.json").read_text()).get(
    "VoilaKernelManager", {}).get("fill_delay", 1) + 8


def wait_drawn(page, timeout_ms: int = 60_000) -> None:
    board_drawn(page).wait_for(state="attached", timeout=timeout_ms)


def load_time(browser, server: Server, preheat_wait: float) -> float:
    """Seconds from page request to the first board drawn (the client-ready redraw label)."""
    time.sleep(preheat_wait)  # give the pool time to refill, as between two visitors
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    t0 = time.perf_counter()
    page.goto(server.url + PLAY, timeout=60_000)
    wait_drawn(page)
    elapsed = time.perf_counter() - t0
    context.close()
    if errors:
        raise RuntimeError(f"page errors: {errors}")
    return elapsed


CANVAS = ".nbg-canvas"
ARM = """([x, y]) => {
  const c = document.querySelector('.nbg-canvas canvas') || document.querySelector('canvas.nbg-canvas');
  const ctx = c.getContext('2d');
  const before = Array.from(ctx.getImageData(x, y, 1, 1).data).join();
  window.__lat = undefined;
  c.addEventListener('mousedown', () => {
    const t0 = performance.now();
    const poll = () => {
      if (Array.from(ctx.getImageData(x, y, 1, 1).data).join() !== before) {
        window.__lat = performance.now() - t0;
      } else if (performance.now() - t0 < 10000) { requestAnimationFrame(poll); }
      else { window.__lat = -1; }
    };
    requestAnimationFrame(poll);
  }, {once: true});
}"""


def click_latencies(browser, server: Server, clicks: int) -> tuple[list[float], float]:
    """Click two refused squares in turn: each click moves the cursor outline (highlight layer)."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + PLAY, timeout=60_000)
    wait_drawn(page)
    canvas = page.locator(CANVAS).first
    box = canvas.bounding_box()
    scale = box["width"] / GEOM.width

    def page_point(row, col):
        cx, cy = GEOM.cell_centre(row, col)
        return box["x"] + cx * scale, box["y"] + cy * scale

    page.mouse.click(*page_point(3, 3))  # D4: then C4 and E4 are refused (NY-5) for this player
    page.wait_for_function(
        "() => /Move 3 of 3/.test(document.querySelector('.nbg-position').innerText)", timeout=30_000)
    page.wait_for_timeout(300)
    out = []
    for i in range(clicks):
        row = 2 if i % 2 == 0 else 4
        ox, oy = GEOM.cell_origin(row, 3)
        probe = (int(ox + 4), int(oy + GEOM.cell / 2))  # where the cursor outline is drawn
        page.evaluate(ARM, list(probe))
        page.mouse.click(*page_point(row, 3))
        page.wait_for_function("() => window.__lat !== undefined", timeout=15_000)
        lat = page.evaluate("window.__lat")
        if lat >= 0:
            out.append(lat)
    rss = sum(k.memory_info().rss for k in server.kernels()) / 1e6
    kernels = len(server.kernels())
    context.close()
    if errors:
        raise RuntimeError(f"page errors: {errors}")
    return out, rss / max(kernels, 1)


def p95(values: list[float]) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(0.95 * (len(values) - 1))))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--clicks", type=int, default=40)
    parser.add_argument("--loads", type=int, default=3)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for preheat in (True, False):
            tmp = tempfile.TemporaryDirectory()
            server = Server(Path(tmp.name) / "voila.log",
                            config=None if preheat else {"VoilaConfiguration": {"preheat_kernel": False}})
            try:
                server.wait_ready()
                loads = [load_time(browser, server, preheat_wait=PREHEAT_WAIT if preheat else 0.5)
                         for _ in range(args.loads)]
                print(f"page -> first board drawn, {'preheated' if preheat else 'cold'} kernels: "
                      f"median {statistics.median(loads):.2f} s (min {min(loads):.2f}, max {max(loads):.2f}, "
                      f"n={len(loads)})")
                if preheat:
                    lat, rss = click_latencies(browser, server, args.clicks)
                    print(f"click -> board redrawn: median {statistics.median(lat):.1f} ms, "
                          f"p95 {p95(lat):.1f} ms (n={len(lat)})")
                    print(f"kernel RSS with a game loaded: {rss:.0f} MB per kernel")
            finally:
                server.stop()
                tmp.cleanup()
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
