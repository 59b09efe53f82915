"""Load test through JupyterHub: N students log in and play the New York page through the hub's proxy.

    python benchmarks/hub.py --students 20 --moves 10                  # shared nbgames service
    python benchmarks/hub.py --students 20 --moves 10 --mode servers   # a server per student

Starts a real hub on loopback (the configuration `nbgames hub-config` writes, with a fixed-password
authenticator and processes of the current user, as tests/browser/test_hub.py), then every
student at once: logs in through the hub's login form over HTTP (cookies), opens the play page
through the proxy (OAuth to the service or to their own server, which the hub spawns), and plays
`--moves` clicks once every student's board is up. One student is headless Chromium (its cookies
come from its own HTTP login), the others are raw v1 kernel-websocket clients as in
benchmarks/load.py (the same kernel and widget traffic without a browser's CPU cost). Reports:

- login time (form post -> the hub's answer; with --mode servers: until the student's server runs);
- first board: page request -> board drawn (Chromium) or first widget state (raw clients), p50/p95;
- click -> redraw inside the Chromium page, and click -> kernel idle for raw clients, p50/p95;
- memory per student: RSS of the processes that serve one student (their kernel; with --mode
  servers, their whole server), and of the hub, proxy and shared service apart;
- nothing lost (clicks without an answer, students who never got a board, page errors) and the
  kernels left once the pages have closed and the culler has run.

A benchmark, not a test: it prints figures and exits 1 only if a target is missed.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "serve"))
sys.path.insert(0, str(ROOT / "benchmarks"))

import kernel_client  # noqa: E402
import load  # noqa: E402  (the standalone load test: its page and raw-client players are reused)

from nbgames.testing import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from nbgames.testing_hub import Hub  # noqa: E402

PAGE = "newyork/play.ipynb"
student = threading.local()  # the logged-in `requests` session of the raw client on this thread


def open_page_as_student(base_url: str, path: str, timeout: float = 120) -> tuple[str, str]:
    """kernel_client.open_page with the student's cookies (the hub's OAuth redirects followed)."""
    response = student.session.get(f"{base_url}/voila/render/{path}", timeout=timeout)
    response.raise_for_status()
    match = kernel_client.KERNEL_ID.search(response.text)
    assert match, f"no kernel id in {response.url}:\n{response.text[-1500:]}"
    student.kernels.append(match.group(1))
    return response.text, match.group(1)


class StudentKernelSocket(kernel_client.KernelSocket):
    """kernel_client.KernelSocket with the student's cookies on the websocket upgrade."""

    def __init__(self, base_url: str, kernel_id: str, timeout: float = 10):
        import uuid

        import websocket

        ws_url = base_url.replace("http", "ws", 1) + f"/api/kernels/{kernel_id}/channels"
        self.session = uuid.uuid4().hex
        cookie = "; ".join(f"{c.name}={c.value}" for c in student.session.cookies)
        self.ws = websocket.create_connection(f"{ws_url}?session_id={self.session}", cookie=cookie,
                                              subprotocols=[kernel_client.V1], timeout=timeout)
        self.seen, self.states = [], {}


def log_in(hub: Hub, name: str, results: dict):
    """The hub's login form over HTTP; with a server per student, wait until theirs runs."""
    start = time.perf_counter()
    session = hub.login(name)
    if hub.mode == "servers":  # up = the proxy routes to it: its /api answers itself, without redirect
        deadline = time.monotonic() + 300
        while session.get(f"{hub.site(name)}/api", timeout=30, allow_redirects=False).status_code != 200:
            if time.monotonic() > deadline:
                raise RuntimeError(f"the server of {name} did not start in 300 s")
            time.sleep(0.5)
    results["login"].append(time.perf_counter() - start)
    return session


def raw_student(hub: Hub, name: str, moves: int, results: dict, all_open, loop, n: int) -> None:
    student.kernels = results["kernels"]
    try:
        student.session = log_in(hub, name, results)
    except Exception as exc:
        results["failed"].append(f"{name} login: {exc!r}"[:200])
        loop.call_soon_threadsafe(load.mark_open, results, all_open, n)
        return
    load.raw_client(hub.site(name), PAGE, moves, results, all_open, loop, n)


class LoggedInBrowser:
    """A browser whose new contexts carry a student's hub cookies (load.play opens its own context)
    and note the kernels their pages connect to."""

    def __init__(self, browser, session, url: str, kernels: list[str]):
        self.browser, self.kernels = browser, kernels
        self.cookies = [{"name": c.name, "value": c.value, "url": url + (c.path or "/")} for c in session.cookies]

    async def new_context(self, **kw):
        context = await self.browser.new_context(**kw)
        await context.add_cookies(self.cookies)
        context.on("page", lambda page: page.on("websocket", self.note_kernel))
        return context

    def note_kernel(self, websocket) -> None:
        if "/api/kernels/" in websocket.url:
            self.kernels.append(websocket.url.split("/api/kernels/")[1].split("/")[0])


def student_processes(hub: Hub, kernels: list[str]) -> dict[str, list[psutil.Process]]:
    """Who serves whom: each student's kernel (service) or each student's server with its kernels."""
    if hub.mode == "service":
        return {kernel_id: [proc] for kernel_id, proc in hub.kernels().items() if kernel_id in kernels}
    out = {}
    for proc in hub.processes():
        try:
            user = proc.environ().get("JUPYTERHUB_USER") if "singleuser" in " ".join(proc.cmdline()) else None
            if user:
                out[user] = [proc, *proc.children(recursive=True)]
        except psutil.Error:
            pass
    return out


def rss_mb(procs: list[psutil.Process]) -> float:
    total = 0
    for proc in procs:
        try:
            total += proc.memory_info().rss
        except psutil.Error:
            pass
    return total / 2**20


async def sample_memory(hub: Hub, all_open: asyncio.Event, kernels: list[str]) -> dict:
    """Peak memory while every student's page is open: per student, and the shared processes."""
    await all_open.wait()
    best = {"students": 0, "per_student_mb": 0.0, "shared_mb": 0.0}
    for _ in range(5):
        await asyncio.sleep(1)
        everyone = student_processes(hub, kernels)
        per_student = [rss_mb(procs) for procs in everyone.values()]
        theirs = {p.pid for procs in everyone.values() for p in procs}
        shared = [p for p in [psutil.Process(hub.proc.pid), *hub.processes()] if p.pid not in theirs]
        if per_student and len(per_student) >= best["students"]:
            best = {"students": len(per_student), "per_student_mb": statistics.mean(per_student),
                    "max_student_mb": max(per_student), "shared_mb": rss_mb(shared)}
    return best


async def run(args) -> int:
    from playwright.async_api import async_playwright

    kernel_client.open_page = open_page_as_student  # load.raw_client imports them at call time
    kernel_client.KernelSocket = StudentKernelSocket
    raw = args.students - 1
    print(f"load average before: {open('/proc/loadavg').read().split()[:3]}")
    culling = {"cull_interval": 2, "cull_idle_timeout": args.cull_idle}
    with tempfile.TemporaryDirectory(prefix="nbgames-hub-") as tmp:
        hub = Hub(args.mode, Path(tmp), server_culling=culling,
                  voila_config={"MappingKernelManager": culling,
                                "ClassroomKernelManager": {"cull_unconnected_timeout": 60}})
        results = {"first_board": [], "latency": [], "lost": 0, "errors": [], "failed": [], "opened": 0,
                   "contexts": [], "clicks": 0, "raw_first": [], "raw_latency": [], "raw_sockets": [],
                   "login": [], "kernels": []}
        try:
            hub.wait_ready(timeout=120)
            await asyncio.sleep(args.warmup)  # the service's pre-heated pool fills
            print(f"hub ready at {hub.url} (mode {args.mode}); pre-heated kernels: {len(hub.kernels())}")
            loop = asyncio.get_running_loop()
            async with async_playwright() as pw:
                browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                all_open = asyncio.Event()
                threads = ThreadPoolExecutor(max_workers=args.students)
                started = time.perf_counter()
                tasks = [loop.run_in_executor(threads, raw_student, hub, f"student{i:02d}", args.moves, results,
                                              all_open, loop, args.students) for i in range(1, raw + 1)]
                session = await loop.run_in_executor(threads, log_in, hub, "student00", results)
                site = hub.site("student00")
                # any page behind the login completes OAuth and sets the site's cookie (no kernel for a 404)
                await loop.run_in_executor(threads, lambda: session.get(f"{site}/voila/render/none.ipynb", timeout=120))
                logged_in = LoggedInBrowser(browser, session, hub.url, results["kernels"])
                tasks.append(load.play(logged_in, f"{site}/voila/render/{PAGE}", args.moves, results, all_open,
                                       args.students))
                sampler = asyncio.create_task(sample_memory(hub, all_open, results["kernels"]))
                await asyncio.gather(*tasks)
                wall = time.perf_counter() - started
                memory = await sampler
                load_avg = open("/proc/loadavg").read().split()[:3]
                await load.close_pages(results, browser)
            closed_at = time.monotonic()
            left = [k for k in hub.kernels() if k in results["kernels"]]
            while left and time.monotonic() - closed_at < args.cull_idle + 40:
                await asyncio.sleep(1)
                left = [k for k in hub.kernels() if k in results["kernels"]]
            culled_after = time.monotonic() - closed_at
        finally:
            hub.stop()
            if results["failed"]:
                print("hub log tail:\n" + hub.log()[-3000:])

    lat = [v * 1000 for v in results["latency"]]
    raw_lat = [v * 1000 for v in results["raw_latency"]]
    firsts = results["first_board"] + results["raw_first"]
    clicks = args.moves
    print(f"\n{args.students} students through JupyterHub (mode {args.mode}; 1 Chromium, {raw} raw websocket "
          f"clients) x {args.moves} moves on {PAGE} ({os.cpu_count()} cores), wall {wall:.1f} s, "
          f"load average at the end {load_avg}")
    print(f"login: p50 {load.pct(results['login'], .5):.2f} s, p95 {load.pct(results['login'], .95):.2f} s "
          f"({len(results['login'])}/{args.students})")
    print(f"first board, all {len(firsts)} students: p50 {load.pct(firsts, .5):.2f} s, "
          f"p95 {load.pct(firsts, .95):.2f} s (Chromium's: {load.pct(results['first_board'], .5):.2f} s)")
    print(f"click -> redraw (Chromium page): p50 {load.pct(lat, .5):.0f} ms, p95 {load.pct(lat, .95):.0f} ms "
          f"({len(lat)}/{clicks} clicks); raw clients click -> kernel idle: p50 {load.pct(raw_lat, .5):.0f} ms, "
          f"p95 {load.pct(raw_lat, .95):.0f} ms ({len(raw_lat)} clicks); lost {results['lost']}")
    shared = "hub + proxy" + (" + service and its pre-heated kernels" if args.mode == "service" else "")
    print(f"memory per student: RSS {memory['per_student_mb']:.0f} MB (max {memory.get('max_student_mb', 0):.0f} "
          f"MB, {memory['students']} students); {shared} {memory['shared_mb']:.0f} MB")
    print(f"kernels of the students' pages left after culling: {len(left)} of {len(set(results['kernels']))} "
          f"(waited {culled_after:.0f} s, "
          f"cull_idle_timeout {args.cull_idle} s)")
    if results["failed"]:
        print("failed students:", *results["failed"], sep="\n  ")
    if results["errors"]:
        print("page errors:", *sorted(set(results["errors"]))[:5], sep="\n  ")
    missed = [name for name, miss in (
        ("every student got a board", len(firsts) < args.students),
        (f"click p95 <= {args.target_ms} ms", not load.pct(lat + raw_lat, .95) <= args.target_ms),
        ("nothing lost", results["lost"] or results["failed"] or results["errors"]),
        ("all culled", left)) if miss]
    print("TARGET MET" if not missed else f"TARGET MISSED: {'; '.join(missed)}")
    return 1 if missed else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--students", type=int, default=20)
    parser.add_argument("--moves", type=int, default=10, help="clicks per student")
    parser.add_argument("--mode", choices=["service", "servers"], default="service")
    parser.add_argument("--cull-idle", type=int, default=10, help="cull_idle_timeout for closed pages (s)")
    parser.add_argument("--warmup", type=float, default=8, help="seconds to let the kernel pool fill")
    parser.add_argument("--target-ms", type=float, default=500, help="click p95 target")
    return asyncio.run(run(parser.parse_args(argv)))


if __name__ == "__main__":
    sys.exit(main())
