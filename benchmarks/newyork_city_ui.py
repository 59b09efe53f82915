"""New York City UI benchmark: real Chromium against `nbgames serve`; prints figures (no assertions).

- page request -> first board drawn (preheated kernels, the default config: the server keeps a
  pool of started kernels; between two loads we wait ~18 s, as `ui.py` does, for the pool to
  refill), median / min / max of ``--loads``;
- in-page click -> board redrawn (median, p95 over ``--clicks``): the canvas has no selection to
  toggle (every click on it is a move), so, as ``ui.py`` does on the New York board, the click
  plays a move and Undo takes it back: in a bidding round the human clicks the round's card in the
  hand (a card added to the bid: the pieces layer is redrawn, the chip's count drops), measured
  from the browser's mousedown to the chip's pixels changing on the canvas, then Undo;
- kernel memory (RSS) with a game loaded: the kernel this page connected to (its id from the
  page's websocket, else the kernel whose RSS grew most) and the mean over all kernel processes.

Player 1 is the human, Player 2 a fast random bot, seed 2 (as tests/browser/test_newyork_city_play.py).
- hints and the review (issue 30 item 4): ms from Hint to the hint drawn at >= 10 positions of
  a 4-seat game played by greedy bots, and the whole game's review (`ui.hints_and_review`).

Run: ``.venv/bin/python benchmarks/newyork_city_ui.py [--clicks 30] [--loads 3] [--hints-only]``.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import ui as kit_bench  # noqa: E402  (benchmarks/ui.py: the shared load-time and probe helpers)

from nbgames.newyork_city.layout import layout_for  # noqa: E402
from nbgames.serve.forkserver import forked_kernel  # noqa: E402
from nbgames.testing import CHROMIUM, CHROMIUM_ARGS, Server, page_error_recorder, unfold  # noqa: E402

PLAY = "/voila/render/newyork_city/play.ipynb"
SEED = 2
LAYOUT = layout_for(2)
CARDS = "PDEAVCW"
ROUND_LETTER = {"press": "P", "dollar": "D", "elevator": "E", "acquisition": "A", "vp": "V", "construction": "C"}
# ui.ARM's probe, over a rectangle (the hand chip: its count changes whatever it was) not one pixel.
ARM_RECT = """([x, y, w, h]) => {
  const c = document.querySelector('.nbg-canvas canvas') || document.querySelector('canvas.nbg-canvas');
  const ctx = c.getContext('2d');
  const grab = () => Array.from(ctx.getImageData(x, y, w, h).data).join();
  const before = grab();
  window.__lat = undefined;
  c.addEventListener('mousedown', () => {
    const t0 = performance.now();
    const poll = () => {
      if (grab() !== before) { window.__lat = performance.now() - t0; }
      else if (performance.now() - t0 < 10000) { requestAnimationFrame(poll); }
      else { window.__lat = -1; }
    };
    requestAnimationFrame(poll);
  }, {once: true});
}"""


def status(page) -> str:
    return page.locator(".nbg-status").inner_text()


def ply(page) -> int:
    return int(re.search(r"Move (\d+) of", page.locator(".nbg-position").inner_text()).group(1))


def hand(page) -> dict[str, int]:
    out: dict[str, int] = {}
    for chip in page.locator(".nbg-hand .nbg-card").all_inner_texts():
        if len(chip.strip()) == 1:
            out[chip.strip()] = out.get(chip.strip(), 0) + 1
    return out


def new_game(page) -> None:
    """Two players (you and a fast random bot), seed `SEED`."""
    unfold(page, "settings", "moves")
    page.locator(".nbg-bot-speed select").select_option(label="fast")
    page.locator(".nbg-players select").select_option(label="2")
    for seat, label in enumerate(["human", "random bot"]):
        box = page.locator(f".nbg-seat-{seat} select")
        box.wait_for()
        box.select_option(label=label)
    page.locator(".nbg-seed input").fill(str(SEED))
    page.locator("button.nbg-new-game").click()
    page.locator(".nbg-settings-message").filter(has_text="New game: 2 players.").wait_for()


def to_a_bid(page) -> str:
    """Play (starting character, draft picks, passes) until Player 1 may open a bid with the
    round's card in hand; that card's letter."""
    deadline = time.monotonic() + 180
    while True:
        if time.monotonic() > deadline:
            raise RuntimeError(f"no bid reached: {status(page)}")
        text = status(page)
        if not text.startswith("Player 1: your turn"):
            page.wait_for_timeout(50)
            continue
        before = ply(page)
        try:
            if "starting character" in text:
                page.locator(".nbg-actions button.nbg-start").first.click(timeout=3000)
            elif "pair of the display" in text:
                options = [w.replace("\xa0", " ") for w in page.locator(".nbg-moves select option").all_text_contents()]
                index = next((i for i, words in enumerate(options) if words.startswith("Take pair")), None)
                if index is None:
                    page.wait_for_timeout(50)  # the moves list lags the status line
                    continue
                page.locator(".nbg-moves select").select_option(index=index)
                page.locator("button.nbg-play-selected").click(timeout=3000)
            elif "round: click cards of your hand" in text:
                letter = ROUND_LETTER[text.split("your turn — ")[1].split(" round")[0]]
                if hand(page).get(letter):
                    return letter
                page.locator(".nbg-actions button.nbg-pass").click(timeout=3000)
            else:
                raise RuntimeError(f"unexpected question: {text}")
        except RuntimeError:
            raise
        except Exception:  # noqa: BLE001 - the page swapped its buttons meanwhile: look again
            continue
        end = time.monotonic() + 15
        while ply(page) <= before and time.monotonic() < end:
            page.wait_for_timeout(50)


def kernel_rss(server: Server, kernel_id: str | None, before: dict[int, int]) -> tuple[float, str, float, int]:
    """(MB of this page's kernel, how it was found, mean MB over all kernels, kernel count)."""
    import psutil

    kernels = [forked_kernel(k) for k in server.kernels()]
    rss = {}
    for k in kernels:
        try:
            rss[k.pid] = (k.memory_info().rss, " ".join(k.cmdline()))
        except psutil.Error:
            pass
    mine, how = None, ""
    if kernel_id:
        mine = next((pid for pid, (_, cmd) in rss.items() if kernel_id in cmd), None)
        how = "its id from the page's websocket"
    if mine is None and rss:
        grown = {pid: r - before[pid] for pid, (r, _) in rss.items() if pid in before}
        if grown:
            mine, how = max(grown, key=grown.get), "the kernel whose RSS grew most"
        else:
            mine, how = max(rss), "the newest kernel"
    values = [r for r, _ in rss.values()]
    return (rss[mine][0] / 1e6 if mine else float("nan"), how,
            statistics.mean(values) / 1e6 if values else float("nan"), len(values))


def latencies(browser, server: Server, clicks: int) -> tuple[list[float], tuple[float, str, float, int]]:
    import psutil

    before_rss = {}
    for k in map(forked_kernel, server.kernels()):
        try:
            before_rss[k.pid] = k.memory_info().rss
        except psutil.Error:
            pass
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    errors, sockets = [], []
    page.on("pageerror", page_error_recorder(errors))
    page.on("websocket", lambda ws: sockets.append(ws.url))
    page.goto(server.url + PLAY, timeout=60_000)
    kit_bench.wait_drawn(page)
    page.locator(".nbg-status").wait_for(timeout=60_000)
    new_game(page)
    letter = to_a_bid(page)
    canvas = page.locator(kit_bench.CANVAS).first
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    scale = box["width"] / LAYOUT.width
    x, y, w, h = LAYOUT.chip_box(LAYOUT.hand_at, CARDS.index(letter))
    probe = [int(x + 2), int(y + 2), int(w - 4), int(h - 4)]  # inside the chip's outline
    undo = page.locator("button.nbg-undo")
    out = []
    for _ in range(clicks):
        start = ply(page)
        page.evaluate(ARM_RECT, probe)
        page.mouse.click(box["x"] + (x + w / 2) * scale, box["y"] + (y + h / 2) * scale)
        page.wait_for_function("() => window.__lat !== undefined", timeout=15_000)
        lat = page.evaluate("window.__lat")
        if lat >= 0:
            out.append(lat)
        end = time.monotonic() + 15
        while ply(page) <= start:
            if time.monotonic() > end:
                raise RuntimeError(f"the card was not played: {status(page)}")
            page.wait_for_timeout(20)
        undo.click()
        end = time.monotonic() + 15
        while ply(page) != start or not status(page).startswith("Player 1: your turn"):
            if time.monotonic() > end:
                raise RuntimeError(f"undo did not go back: {status(page)}")
            page.wait_for_timeout(20)
        page.wait_for_timeout(100)
    ids = [m.group(1) for url in sockets if (m := re.search(r"/api/kernels/([0-9a-f-]+)", url))]
    memory = kernel_rss(server, ids[-1] if ids else None, before_rss)
    context.close()
    if errors:
        raise RuntimeError(f"page errors: {errors}")
    return out, memory


def wait_pool_warm(server: Server, most: float = 300) -> float:
    """At start the server preheats a kernel for every game page (each runs its notebook): on a
    busy machine that takes longer than the first load's wait. Seconds until the kernels are
    started and idle (their summed CPU under 10 % over a second, three times in a row), at most `most`."""
    import psutil

    t0, calm, count = time.monotonic(), 0, -1
    while time.monotonic() - t0 < most and calm < 3:
        kernels = [forked_kernel(k) for k in server.kernels()]
        busy = 0.0
        for k in kernels:
            try:
                k.cpu_percent(None)
            except psutil.Error:
                pass
        time.sleep(1.0)
        for k in kernels:
            try:
                busy += k.cpu_percent(None)
            except psutil.Error:
                pass
        calm = calm + 1 if kernels and len(kernels) == count and busy < 10 else 0
        count = len(kernels)
    return time.monotonic() - t0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--clicks", type=int, default=30)
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
            warm = wait_pool_warm(server)
            print(f"(kernel pool preheated and idle after {warm:.0f} s; {len(server.kernels())} kernels)")
            figures = kit_bench.hints_and_review(browser, server, "newyork_city", PLAY)
            kit_bench.say_hints_and_review("New York City", *figures, players=4)
            if args.hints_only:
                return 0
            loads = [kit_bench.load_time(browser, server, kit_bench.PREHEAT_WAIT, PLAY)[0] for _ in range(args.loads)]
            print(f"New York City page -> first board drawn, preheated kernels: {kit_bench.spread(loads)}")
            time.sleep(kit_bench.PREHEAT_WAIT)
            lat, (mine, how, mean, count) = latencies(browser, server, args.clicks)
            if lat:
                print(f"click (a card into the bid) -> board redrawn: median {statistics.median(lat):.1f} ms, "
                      f"p95 {kit_bench.p95(lat):.1f} ms (n={len(lat)} of {args.clicks})")
            else:
                print(f"click (a card into the bid) -> board redrawn: no redraw seen in {args.clicks} clicks")
            print(f"kernel RSS with a game loaded: this page's kernel {mine:.0f} MB ({how}); "
                  f"mean over all {count} kernel processes {mean:.0f} MB")
        finally:
            server.stop()
            tmp.cleanup()
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
