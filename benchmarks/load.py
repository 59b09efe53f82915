"""Load test for `nbgames serve`: N concurrent pages on the real New York play page.

    python benchmarks/load.py --pages 20 --moves 8                  # 20 headless Chromium pages
    python benchmarks/load.py --pages 20 --raw-clients 19           # 1 Chromium + 19 websocket clients
    python benchmarks/load.py --pages 20 --raw-clients 19 --class-size 20 --bots mcts-normal

Starts its own `nbgames serve` on notebooks/ (shipped voila.json plus fast culling through
NBGAMES_VOILA_CONFIG), opens the pages together, and each page plays moves by clicking the square
of the first move its "Moves" dropdown offers (the bots answer in between). Reports:

- time to first board (navigation -> "Board drawn" label set by the client-ready redraw), p50/p95;
- click -> redraw latency measured inside the page (mousedown -> the timeline label changes; the
  board message is sent before the labels), p50/p95/max; lost clicks (no change within 10 s);
- CPU seconds of the server process tree (Voilà + kernels) and of Chromium during the run, to
  separate browser cost from server cost; ``--raw-clients K`` replaces K of the pages by raw v1
  kernel-websocket clients (tests/serve/kernel_client.py) that cost the server the same kernel and
  widget traffic without a browser, so the remaining real page(s) measure server load alone;
- server RSS, kernel count and per-kernel RSS / USS while all pages are open;
- kernels left once the pages are closed and the culler has run (pre-heated pool kernels apart);
- the load average (other jobs on the machine skew every figure: check it).

``--progress`` runs the whole measure twice in one run: class progress recording off, then on
(``nbgames serve --class-progress``, an SQLite class database). With it on, while the pages click,
every page's kernel also reports lesson answers at ``--progress-rate`` events/s in all (a class
of 20 answering a step every 5 s is 4/s): the benchmark reads each kernel's connection key (same
machine) and posts through the kernel's own `ProgressSink`, signed as the kernel does, to the
server's real endpoint and database. Reports the write rate held (rows in the database per second),
that none were lost (rows counted against events sent), and click -> redraw p95 on vs off (target:
within ±10 %).

``--class-size N`` serves in class mode (``nbgames serve --class-size N --class-page <page>``) and
waits until the page's N kernels are heated; ``--bots KIND`` plays against that bot kind (a copy of
the page with its seats set) instead of the page's default random bots.

A benchmark, not a test: it prints figures and exits 1 only if a target is missed (first board
p95 <= --first-board-s, click p95 <= --target-ms in the page and for the raw clients, nothing lost,
every page's kernel culled).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "serve"))

from nbgames.newyork.view import N  # noqa: E402
from nbgames.serve.forkserver import forked_kernel  # noqa: E402
from nbgames.testing import CHROMIUM, CHROMIUM_ARGS, Server, page_error_recorder  # noqa: E402
from nbgames.ui.board import Geometry  # noqa: E402

GEOM = Geometry(N, N)
def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


LEGAL_SQUARE = """() => {
  const sel = document.querySelector('.nbg-moves select');
  if (!sel || sel.disabled || !sel.options.length) return null;
  const m = /^([A-G])([1-7])\\b/.exec(sel.options[0].text);
  return m ? ['ABCDEFG'.indexOf(m[1]), Number(m[2]) - 1] : null;
}"""
HUMAN_TURN = """before => {
  const pos = document.querySelector('.nbg-position'), st = document.querySelector('.nbg-status');
  const sel = document.querySelector('.nbg-moves select');
  return pos && pos.innerText !== before && /your turn/.test(st.innerText) && sel && !sel.disabled;
}"""


def cell_point(box: dict, row: int, col: int) -> tuple[float, float]:
    scale = box["width"] / GEOM.width
    cx, cy = GEOM.cell_centre(row, col)
    return box["x"] + cx * scale, box["y"] + cy * scale


async def play(browser, url: str, moves: int, results: dict, all_open: asyncio.Event, n_pages: int,
               go: asyncio.Event) -> None:
    """One real page: first board, then `moves` clicks on the first legal square, bots answering."""
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", page_error_recorder(errors))
    console: list[str] = []
    page.on("console", lambda msg: console.append(f"{time.perf_counter() - start:.1f}s {msg.type}: {msg.text}"[:300]))
    start = time.perf_counter()
    try:
        await page.goto(url, wait_until="commit", timeout=120_000)
        await page.locator(".nbg-drawn", has_text="Board drawn").first.wait_for(state="attached", timeout=120_000)
        await page.locator(".nbg-moves select").wait_for(state="attached", timeout=120_000)
        results["first_board"].append(time.perf_counter() - start)
        mark_open(results, all_open, n_pages)
        await go.wait()  # play only once every page is open: measure under full load
        box = await page.locator(".nbg-canvas").first.bounding_box()
        # Measured inside the page (no Playwright round trips): mousedown -> the first change of the
        # timeline label. The view sends the board (pieces + highlights) before the labels, so the
        # label changing means the redraw message has arrived.
        await page.evaluate("""() => {
            window.__lat = []; let t0 = null;
            document.addEventListener('mousedown', () => { t0 = performance.now(); }, true);
            new MutationObserver(() => { if (t0 !== null) { window.__lat.push(performance.now() - t0); t0 = null; } })
              .observe(document.querySelector('.nbg-position'), {childList: true, characterData: true, subtree: true});
        }""")
        for _ in range(moves):
            await page.wait_for_function(HUMAN_TURN, arg="", timeout=30_000)
            before = await page.locator(".nbg-position").inner_text()
            cell = await page.evaluate(LEGAL_SQUARE)
            if cell is None:  # game over: start another
                await page.locator(".nbg-new-game").click()
                continue
            await page.mouse.click(*cell_point(box, *cell))
            try:
                await page.wait_for_function(  # played, or several ways to play there: choose one
                    "b => document.querySelector('.nbg-position').innerText !== b"
                    " || document.querySelector('.nbg-choice')", arg=before, timeout=10_000)
                if await page.locator(".nbg-choice").count():
                    await page.locator(".nbg-choice").first.click()
                await page.wait_for_function(HUMAN_TURN, arg=before, timeout=30_000)
            except Exception:
                results["lost"] += 1
        results["latency"] += [v / 1000 for v in await page.evaluate("window.__lat")]
        results["clicks"] += moves
        results["errors"] += errors
    except Exception as exc:  # a page that never showed its board counts as lost, with the reason
        try:
            status = await page.locator(".nbg-status").first.inner_text(timeout=5_000) if not page.is_closed() else ""
        except Exception:  # noqa: BLE001 - the page never got that far
            status = "no status label"
        shot = Path(tempfile.gettempdir()) / f"nbgames-load-failed-{len(results['failed'])}.png"
        try:
            await page.screenshot(path=str(shot), timeout=10_000)
        except Exception:  # noqa: BLE001 - the reason is what matters; the picture is a bonus
            shot = None
        try:
            widgets = await asyncio.wait_for(page.evaluate(
                "[document.readyState, document.querySelectorAll('.jupyter-widgets').length,"
                " document.querySelectorAll('.widget-loading, .jp-OutputArea').length]"), 5)
        except Exception:  # noqa: BLE001
            widgets = "?"
        results["failed"].append(f"{exc!r}"[:200] + f" (status: {status[:120]!r}; "
                                 f"readyState, widget views, output areas: {widgets}; page errors {errors[:3]}; "
                                 f"screenshot {shot}; last console lines: {console[-5:]})")
        if not all_open.is_set():
            mark_open(results, all_open, n_pages)
    finally:
        results["contexts"].append(context)


async def start_clicks(served: Server, all_open: asyncio.Event, go: asyncio.Event, kernels: int | None) -> None:
    """Let the clicks start once every page is open; with `kernels` (the recording comparison), also
    once the server has settled: the pool refilled to that many kernels and the server tree nearly
    idle. The refill after the hand-outs is a cost of opening pages (it is in the first-board
    figures); clicks that overlap it by chance swing p95 by more than the 10 % compared."""
    await all_open.wait()
    if kernels is not None:
        began, calm = time.monotonic(), 0
        while calm < 3 and time.monotonic() - began < 300:
            tree = server_tree(served)
            cpu0 = cpu_seconds(tree)
            await asyncio.sleep(1)
            busy = cpu_seconds(tree) - cpu0
            calm = calm + 1 if len(served.kernels()) >= kernels and busy < 0.3 else 0
        print(f"clicks start {time.monotonic() - began:.0f} s after the last page opened (the server settled)")
    go.set()


def mark_open(results: dict, all_open: asyncio.Event, n_pages: int) -> None:
    results["opened"] += 1
    if results["opened"] == n_pages:
        all_open.set()


def raw_client(base: str, path: str, moves: int, results: dict, all_open: asyncio.Event,
               loop: asyncio.AbstractEventLoop, n_pages: int, go: asyncio.Event) -> None:
    """A "page" without a browser: GET the page, then widget clicks over the v1 kernel websocket.

    Costs the server what a real page costs (a kernel, the notebook run, the same comm messages
    except the browser's client_ready redraw), so one real page can measure under server load.
    """
    from kernel_client import KernelSocket, open_page

    ks = None
    try:
        start = time.perf_counter()
        _, kernel_id = open_page(base, path)
        ks = KernelSocket(base, kernel_id, timeout=60)
        states = ks.widget_states(timeout=60)
        results["raw_first"].append(time.perf_counter() - start)
        loop.call_soon_threadsafe(mark_open, results, all_open, n_pages)
        while not go.is_set():  # reading meanwhile: the server's pings get their pongs (a
            ks.recv_until(lambda m: False, timeout=0.2)  # socket left unread is closed, its kernel culled)
        canvas = next(k for k, v in states.items() if "nbg-canvas" in v["state"].get("_dom_classes", ()))
        moves_dd = next(k for k, v in states.items() if "nbg-moves" in v["state"].get("_dom_classes", ()))
        for _ in range(moves):
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:  # wait for the bots: the dropdown is enabled again
                ks.recv_until(lambda m: False, timeout=0.2)
                if not ks.states[moves_dd]["state"].get("disabled", True):
                    break
            labels = ks.states[moves_dd]["state"].get("_options_labels", [])
            if not labels:
                break
            row, col = "ABCDEFG".index(labels[0][0]), int(labels[0][1]) - 1
            x, y = GEOM.cell_centre(row, col)
            t0 = time.perf_counter()
            ks.states[moves_dd]["state"]["disabled"] = True
            if ks.mouse_down(canvas, x, y):
                results["raw_latency"].append(time.perf_counter() - t0)
            else:
                results["lost"] += 1
        ks.recv_until(lambda m: False, timeout=1)
    except Exception as exc:
        results["failed"].append("raw: " + repr(exc)[:200])
        if not all_open.is_set():
            loop.call_soon_threadsafe(mark_open, results, all_open, n_pages)
    finally:
        results["raw_sockets"].append(ks)


async def close_pages(results: dict, browser) -> None:
    """Close every real page's context and every raw client's socket, then the browser."""
    for context in results["contexts"]:
        await context.close()
    for ks in results["raw_sockets"]:
        if ks is not None:
            ks.close()
    await browser.close()


def cpu_seconds(procs: list[psutil.Process]) -> float:
    total = 0.0
    for proc in procs:
        try:
            t = proc.cpu_times()
            total += t.user + t.system
        except psutil.Error:
            pass
    return total


def server_tree(served: Server) -> list[psutil.Process]:
    root = psutil.Process(served.proc.pid)
    return [root, *root.children(recursive=True)]


class ProgressLoad:
    """Lesson answers from every page's kernel at `rate` events/s in all, through each kernel's own
    `ProgressSink` (its id and connection key read from the kernel's connection file).

    The sinks run in a process of their own, as they do in the kernels: in this one they would
    take the GIL from the raw clients, whose click -> idle times this process measures."""

    CLASS = "load-class"

    def __init__(self, served: Server, kernels: list[psutil.Process], rate: float):
        import multiprocessing

        connections = []
        for kernel in kernels:
            try:
                connections.append(kernel.cmdline()[kernel.cmdline().index("-f") + 1])
            except (psutil.Error, ValueError, IndexError):
                continue
        context = multiprocessing.get_context("spawn")
        self.stop, self.answers = context.Event(), context.Queue()
        self.process = context.Process(target=answer_as_kernels, name="progress-load", daemon=True,
                                       args=(f"{served.url}/nbgames/progress", connections, rate, self.CLASS,
                                             self.stop, self.answers))

    def start(self) -> None:
        self.started = time.perf_counter()
        self.process.start()

    def finish(self, db_url: str) -> dict:
        """Stop, let every sink send what it holds, count the rows the server wrote."""
        self.stop.set()
        told = self.answers.get(timeout=120)
        self.process.join(30)
        from sqlalchemy import func, select

        from nbgames.classroom import Store
        from nbgames.classroom.schema import answers, students

        store = Store.open(db_url, migrate=False)
        try:
            with store.engine.connect() as c:
                rows = c.execute(select(func.count()).select_from(answers)
                                 .join(students, students.c.id == answers.c.student_id)
                                 .where(students.c.class_code == self.CLASS)).scalar()
        finally:
            store.close()
        return {**told, "rows": rows}


def answer_as_kernels(url: str, connections: list[str], rate: float, class_code: str, stop, told) -> None:
    """`ProgressLoad`'s process: a sink per kernel connection file, one answer per student per
    round, the rounds paced to `rate`, until `stop`; then every sink drained and the counts told."""
    from nbgames.classroom.sink import ProgressSink

    sinks = []
    for number, connection in enumerate(map(Path, connections)):
        try:
            key = json.loads(connection.read_text())["key"].encode()
        except (ValueError, KeyError, OSError):
            continue
        sink = ProgressSink(url=url, key=key, hub=False, kernel_id=connection.stem.removeprefix("kernel-"))
        sink.join(class_code, f"student-{number + 1}")
        sinks.append(sink)
    started, sent, step = time.perf_counter(), 0, 0
    while not stop.is_set() and sinks:
        for sink in sinks:
            if stop.wait(max(0.0, started + sent / rate - time.perf_counter())):
                break
            sink.step_answered("ny-goal", step % 2, right=step % 3 == 0, answer=f"**@E{step % 7 + 1}", seconds=2.5)
            sent += 1
        step += 1
    sending = time.perf_counter() - started
    flushed = all(sink.flush(60) for sink in sinks)
    told.put({"students": len(sinks), "sent": sent, "seconds": sending, "drained": time.perf_counter() - started,
              "flushed": flushed, "failed": sum(sink.failed for sink in sinks),
              "errors": sorted({sink.last_error for sink in sinks if sink.last_error})[:3]})


def chromium_tree() -> list[psutil.Process]:
    return [p for p in psutil.Process().children(recursive=True)
            if "chrom" in (p.name() or "").lower()]


async def run(args, progress: bool = False) -> tuple[int, dict]:
    """One measure (class progress recording on or off): its exit code and figures."""
    from playwright.async_api import async_playwright

    raw = min(args.raw_clients, args.pages - 1)
    real = args.pages - raw
    print(f"load average before: {open('/proc/loadavg').read().split()[:3]}")
    with tempfile.TemporaryDirectory(prefix="nbgames-load-") as tmp:
        notebooks = Path(args.notebooks).resolve()
        if args.bots:
            notebooks = with_bots(notebooks, Path(tmp) / "notebooks", args.notebook, args.bots)
        settings = {"MappingKernelManager": {"cull_interval": 2, "cull_idle_timeout": args.cull_idle},
                    "ClassroomKernelManager": {"cull_unconnected_timeout": 60}}
        for section, values in json.loads(args.config or "{}").items():
            settings.setdefault(section, {}).update(values)
        extra = ["--notebooks", str(notebooks)]
        if args.class_size:
            extra += ["--class-size", str(args.class_size), "--class-page", args.notebook]
        env, db_url = {}, f"sqlite:///{Path(tmp) / 'class.sqlite'}"
        if progress:
            extra.append("--class-progress")
            env["NBGAMES_CLASS_DB"] = db_url
        served = Server(Path(tmp) / "serve.log", extra_args=extra, config=settings, env=env)
        try:
            served.wait_ready(timeout=90)
            heated = time.monotonic()
            await asyncio.sleep(args.warmup)
            # Kernels heat one at a time: the pool is full once it holds --class-size kernels (on a
            # loaded machine heating can pause for seconds) and no kernel has been added for 5 s.
            counts = []
            while len(counts) < 10 or len(set(counts[-10:])) > 1 or counts[-1] < args.class_size:
                counts.append(len(served.kernels()))
                await asyncio.sleep(0.5)
                if time.monotonic() - heated > 300:
                    raise RuntimeError("the pools did not fill within 300 s")
            pool = {p.pid for p in served.kernels()}
            print(f"server ready at {served.url}; pre-heated kernels: {len(pool)} "
                  f"(after {time.monotonic() - heated:.0f} s); bots: {args.bots or 'the page default (random)'}")
            results = {"first_board": [], "latency": [], "lost": 0, "errors": [], "failed": [],
                       "opened": 0, "contexts": [], "clicks": 0, "raw_first": [], "raw_latency": [],
                       "raw_sockets": []}
            url = f"{served.url}/voila/render/{args.notebook}"
            loop = asyncio.get_running_loop()
            async with async_playwright() as pw:
                browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                all_open = asyncio.Event()
                cpu0 = {"server": cpu_seconds(server_tree(served)), "chromium": cpu_seconds(chromium_tree())}
                go = asyncio.Event()  # the clicks start (see `start_clicks`)
                tasks = [play(browser, url, args.moves, results, all_open, args.pages, go) for _ in range(real)]
                # One thread per raw client (they wait for each other: the default pool would deadlock).
                threads = ThreadPoolExecutor(max_workers=max(raw, 1))
                tasks += [loop.run_in_executor(threads, raw_client, served.url, args.notebook, args.moves,
                                               results, all_open, loop, args.pages, go) for _ in range(raw)]
                started = time.perf_counter()
                sampler = asyncio.create_task(sample_memory(served, all_open))
                settle = args.only is not None or args.progress
                tasks.append(start_clicks(served, all_open, go, len(pool) + args.pages if settle else None))
                writer = asyncio.create_task(progress_load(served, go, args)) if progress else None
                await asyncio.gather(*tasks)
                wall = time.perf_counter() - started
                written = (await writer).finish(db_url) if writer else None
                cpu = {"server": cpu_seconds(server_tree(served)) - cpu0["server"],
                       "chromium": cpu_seconds(chromium_tree()) - cpu0["chromium"]}
                load = open("/proc/loadavg").read().split()[:3]
                memory = await sampler
                await close_pages(results, browser)
            closed_at = time.monotonic()
            # The pool is refilled after each hand-out: count kernels beyond the pool's size.
            page_kernels = max(0, len(served.kernels()) - len(pool))
            while page_kernels and time.monotonic() - closed_at < args.cull_idle + 40:
                await asyncio.sleep(1)
                page_kernels = max(0, len(served.kernels()) - len(pool))
            culled_after = time.monotonic() - closed_at
        finally:
            served.stop()
            if results.get("failed") if "results" in locals() else True:
                log = served.log_path.read_text(errors="replace")
                kept = Path(tempfile.gettempdir()) / "nbgames-load-serve.log"
                kept.write_text(log)
                print(f"server log (whole: {kept}) tail:\n" + log[-3000:])

    lat = [v * 1000 for v in results["latency"]]
    raw_lat = [v * 1000 for v in results["raw_latency"]]
    first = results["first_board"]
    clicks = real * args.moves
    print(f"\nclass progress recording {'ON' if progress else 'off'}")
    print(f"{args.pages} pages ({real} Chromium, {raw} raw websocket clients) x {args.moves} moves on "
          f"{args.notebook} ({os.cpu_count()} cores), wall {wall:.1f} s, load average at the end {load}")
    print(f"time to first board: p50 {pct(first, .5):.2f} s, p95 {pct(first, .95):.2f} s, "
          f"max {max(first, default=float('nan')):.2f} s ({len(first)}/{real} pages)")
    print(f"click -> redraw (in page): p50 {pct(lat, .5):.0f} ms, p95 {pct(lat, .95):.0f} ms, "
          f"max {max(lat, default=float('nan')):.0f} ms ({len(lat)}/{clicks} clicks, lost {results['lost']})")
    if raw:
        print(f"raw clients: first widget state p50 {pct(results['raw_first'], .5):.2f} s; click -> kernel idle "
              f"p50 {pct(raw_lat, .5):.0f} ms, p95 {pct(raw_lat, .95):.0f} ms ({len(raw_lat)} clicks)")
    print(f"CPU during the run: server+kernels {cpu['server']:.1f} s, Chromium {cpu['chromium']:.1f} s "
          f"(wall {wall:.1f} s x {os.cpu_count()} cores)")
    print(f"server RSS {memory['server_mb']:.0f} MB; {memory['kernels']} kernels, per kernel "
          f"RSS {memory['rss_mb']:.0f} MB, USS {memory['uss_mb']:.0f} MB (total kernels {memory['total_mb']:.0f} MB)")
    print(f"kernels of pages left after culling: {page_kernels} (waited {culled_after:.0f} s, "
          f"cull_idle_timeout {args.cull_idle} s); pre-heated pool kernels kept: {len(pool)}")
    if written:
        print(f"progress: {written['sent']} answers from {written['students']} kernels in {written['seconds']:.1f} s "
              f"(target {args.progress_rate:g}/s), {written['rows']} rows in the database = "
              f"{written['rows'] / written['seconds']:.1f} written/s held; lost {written['sent'] - written['rows']}, "
              f"failed {written['failed']}; all sent {written['drained'] - written['seconds']:.1f} s after the last"
              + (f"; errors: {written['errors']}" if written["errors"] else ""))
    if results["failed"]:
        print("failed pages:", *results["failed"], sep="\n  ")
    if results["errors"]:
        print("page errors:", *sorted(set(results["errors"]))[:5], sep="\n  ")
    firsts = first + results["raw_first"]
    print(f"first board, all {len(firsts)} arrivals (pages and raw clients): p50 {pct(firsts, .5):.2f} s, "
          f"p95 {pct(firsts, .95):.2f} s")
    missed = [name for name, miss in (
        (f"first board p95 <= {args.first_board_s} s",
         not pct(firsts, .95) <= args.first_board_s or len(firsts) < args.pages),
        (f"click p95 <= {args.target_ms} ms in the page", not pct(lat, .95) <= args.target_ms or len(lat) < clicks),
        (f"click p95 <= {args.target_ms} ms for raw clients", raw and not pct(raw_lat, .95) <= args.target_ms),
        ("nothing lost", results["lost"] or results["failed"] or results["errors"]),
        ("no progress event lost", written and (written["rows"] != written["sent"] or not written["sent"])),
        ("all culled", page_kernels)) if miss]
    print("TARGET MET" if not missed else f"TARGET MISSED: {'; '.join(missed)}")
    return (1 if missed else 0), {"lat": lat, "raw_lat": raw_lat, "load": load}


async def progress_load(served: Server, all_open: asyncio.Event, args) -> ProgressLoad:
    """Once every page is open: answers from as many of the server's kernels as there are pages."""
    await all_open.wait()
    load = ProgressLoad(served, served.kernels()[: args.pages], args.progress_rate)
    load.start()
    return load


async def compare(args) -> int:
    """Recording off and on in one run, `--rounds` times in the order off, on, on, off, … (a load
    that drifts during the run weighs on both alike): click -> redraw p95 side by side, pooled."""
    pooled: dict[bool, dict[str, list]] = {False: {"lat": [], "raw_lat": [], "load": []},
                                          True: {"lat": [], "raw_lat": [], "load": []}}
    codes = []
    for round_ in range(args.rounds):
        for progress in ((False, True) if round_ % 2 == 0 else (True, False)):
            code, figures = await run(args, progress=progress)
            codes.append(code)
            for name, values in figures.items():
                pooled[progress][name] += values if isinstance(values, list) and name != "load" else [values]
    off, on = pooled[False], pooled[True]
    p95_off, p95_on = pct(off["lat"], .95), pct(on["lat"], .95)
    ratio = p95_on / p95_off if off["lat"] else float("nan")
    print(f"\nclick -> redraw in the page, {args.rounds} round(s) pooled: p95 recording off {p95_off:.0f} ms, "
          f"on {p95_on:.0f} ms (x{ratio:.2f}); p50 {pct(off['lat'], .5):.0f} -> {pct(on['lat'], .5):.0f} ms "
          f"({len(off['lat'])} and {len(on['lat'])} clicks)")
    if off["raw_lat"] and on["raw_lat"]:
        raw_ratio = pct(on["raw_lat"], .95) / pct(off["raw_lat"], .95)
        print(f"raw clients p95 {pct(off['raw_lat'], .95):.0f} -> {pct(on['raw_lat'], .95):.0f} ms (x{raw_ratio:.2f})")
    print(f"load average at the end of each: off {off['load']}, on {on['load']} (a shared machine moves every figure)")
    slower = not ratio <= 1.10
    print("RECORDING COST WITHIN 10 %" if not slower else "RECORDING COST TARGET MISSED: "
          + ("p95 more than 10 % slower" if ratio == ratio else "no clicks measured in one of the runs"))
    return max(*codes, int(slower))


def with_bots(source: Path, target: Path, page: str, bots: str) -> Path:
    """A copy of the notebooks folder whose `page` plays against `bots` (its seats set)."""
    import shutil

    shutil.copytree(source, target)
    notebook = json.loads((target / page).read_text())
    for cell in notebook["cells"]:
        code = "".join(cell["source"])
        if cell["cell_type"] == "code" and "play(" in code and "seats=" not in code:
            players = int(code.partition("players=")[2].partition(")")[0] or 3)
            seats = ["human"] + [bots] * (players - 1)
            cell["source"] = code.replace("players=", f"seats={seats!r}, players=")
    (target / page).write_text(json.dumps(notebook))
    return target


async def sample_memory(served: Server, all_open: asyncio.Event) -> dict:
    """Peak memory while all pages are open and playing."""
    await all_open.wait()
    best = {"server_mb": 0.0, "kernels": 0, "rss_mb": 0.0, "uss_mb": 0.0, "total_mb": 0.0}
    for _ in range(5):
        await asyncio.sleep(1)
        kernels = [forked_kernel(k) for k in served.kernels()]
        rss, uss = [], []
        for k in kernels:
            try:
                info = k.memory_full_info()
                rss.append(info.rss / 2**20)
                uss.append(info.uss / 2**20)
            except psutil.Error:
                pass
        if rss and len(rss) >= best["kernels"]:
            best = {"server_mb": psutil.Process(served.proc.pid).memory_info().rss / 2**20,
                    "kernels": len(rss), "rss_mb": statistics.mean(rss), "uss_mb": statistics.mean(uss),
                    "total_mb": sum(rss)}
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", type=int, default=20)
    parser.add_argument("--moves", type=int, default=8, help="clicks per page")
    parser.add_argument("--raw-clients", type=int, default=0,
                        help="how many of the pages are raw kernel-websocket clients (no browser)")
    parser.add_argument("--notebooks", default=str(ROOT / "notebooks"))
    parser.add_argument("--notebook", default="newyork/play.ipynb", help="page to load (relative path)")
    parser.add_argument("--config", default=None, help='extra voila.json settings, e.g. \'{"VoilaConfiguration": '
                        '{"default_pool_size": 4}}\'')
    parser.add_argument("--cull-idle", type=int, default=10, help="cull_idle_timeout for closed pages (s)")
    parser.add_argument("--warmup", type=float, default=8, help="seconds at least before the pools count as full")
    parser.add_argument("--target-ms", type=float, default=300, help="click -> redraw p95 target")
    parser.add_argument("--first-board-s", type=float, default=5.0, help="first board p95 target")
    parser.add_argument("--class-size", type=int, default=0,
                        help="serve in class mode with this many kernels pre-heated for the page")
    parser.add_argument("--bots", default=None, help="the page's bots (e.g. mcts-normal) instead of its default")
    parser.add_argument("--progress", action="store_true",
                        help="measure twice: class progress recording off, then on with answers flowing")
    parser.add_argument("--progress-rate", type=float, default=20.0,
                        help="answers per second from all the pages' kernels together when recording (default 20)")
    parser.add_argument("--rounds", type=int, default=1,
                        help="with --progress: measure off/on this many times (off, on, on, off, …), pooled")
    parser.add_argument("--only", choices=("off", "on"), default=None,
                        help="one measure in class mode, recording off or on (to profile one side alone)")
    args = parser.parse_args(argv)
    if args.only:
        return asyncio.run(run(args, progress=args.only == "on"))[0]
    if args.progress:
        return asyncio.run(compare(args))
    return asyncio.run(run(args))[0]


if __name__ == "__main__":
    sys.exit(main())
