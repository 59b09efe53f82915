"""Load benchmark for tables (issue 31): several tables of four humans at once on a real server.

    python benchmarks/tables_load.py --tables 4 --seats 4 --moves 40      # make bench-tables

Starts its own `nbgames serve --class-progress` (an SQLite class database, its own sealing key)
with ``tables × seats`` pre-heated page kernels, and seats one real kernel at every seat: each
seat is a `TableClient` signed with its own kernel's id and connection key, read from the kernel
processes the server started (as tests/test_tables_served.py does; the play page calls the same
client inside its kernel). Every table is all humans; each seat long-polls its table on its own
thread (``view(after=version)``, as the play page's worker thread does) and, on its turn, sends
the first of its legal moves (``act``) after ``--think`` seconds (0: every table plays as fast as
the server answers, a stress far beyond a class). Reports:

- move -> every other seat's long-poll answer carrying the new version (or a later one), measured
  from just before the mover's request: p50 / p95 / max over every (move, other seat) pair,
  and per table; target p95 <= --target-ms (300 ms);
- nothing lost: moves accepted by the server against the moves in each table's record in the class
  database (the sealed record opened with the server's key) and against the answered ``moves``;
  every other seat heard every move's version;
- with ``--devices N`` (default: one per table), the last seat of the first N tables is a real
  play page in headless Chromium instead: it comes by the table's link, joins the class, sits at
  its seat and plays by pressing the page's "Play" button of its Moves list on its turn. In the
  page, a MutationObserver stamps every change of the log and the status line (the board message
  is sent before them); move -> that device's redraw is measured from just before the other seat's
  request to the first change after it (same machine, same clock), p50 / p95 / max; target p95 <=
  --target-ms;
- CPU seconds of the server (Voilà, its holder) and the load average (a shared machine moves every
  figure: check it).

A benchmark, not a test: exits 1 only if a target is missed.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from test_tables_served import kernel_keys  # noqa: E402 - the kernels' ids and keys, as that test reads them

from nbgames.tables.client import TableClient  # noqa: E402
from nbgames.tables.holder import TableError  # noqa: E402
from nbgames.testing import Server  # noqa: E402

NOTEBOOKS = ROOT / "tests" / "serve" / "notebooks"  # a small page: its kernels are only the signers
PLAY = "{game}/play.ipynb"  # the real play page of the game, for the devices
# In the page: stamp (epoch ms) every change of the log and the status line the kit writes after the board.
WATCH = """() => {
  window.nbgRedraws = [];
  const stamp = () => window.nbgRedraws.push(Date.now());
  const seen = new MutationObserver(stamp);
  for (const css of ['.nbg-log', '.nbg-status']) {
    seen.observe(document.querySelector(css), {subtree: true, childList: true, characterData: true, attributes: true});
  }
}"""


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


class TableRun:
    """One table: its seats' clients, the moves they sent, what every seat heard and when."""

    def __init__(self, code: str, clients: list[TableClient], moves: int, think: float = 0.0):
        self.code, self.clients, self.moves, self.think = code, clients, moves, think
        self.lock = threading.Lock()
        # (seat, version the move made, time before the request, its wall-clock time: a page stamps with that)
        self.sent: list[tuple[int, int, float, float]] = []
        self.heard: list[list[tuple[int, float]]] = [[] for _ in clients]  # per seat: (version, time) answers
        self.own: list[float] = []  # seconds from each move's request to the mover's own answer
        self.refused: list[str] = []
        self.errors: list[str] = []
        self.done = threading.Event()  # set once `moves` moves are sent
        self.last = 0  # the newest version a move made
        self.flying = 0  # moves sent and not yet answered
        self.device_seat: int | None = None  # the seat a Chromium page plays (`Device`), if any

    def seat(self, me: int) -> None:
        client, code = self.clients[me], self.code
        try:
            now = client.view(code)
            while not self.errors:
                with self.lock:
                    if now["over"] or (self.done.is_set() and not self.flying and now["version"] >= self.last):
                        break  # (every seat hears the last move before it stops)
                    moving = now["to_move"] == me and bool(now["legal"]) and not self.done.is_set()
                    self.flying += moving
                if moving:
                    time.sleep(self.think)  # a person looks at the board before clicking
                    started, wall = time.perf_counter(), time.time()
                    try:
                        now = client.act(code, now["legal"][0])
                    except TableError as exc:  # counted: a refused move is a missed target
                        self.refused.append(f"{exc.status} {exc}")
                        with self.lock:
                            self.flying -= 1
                        now = client.view(code)
                        continue
                    with self.lock:
                        self.flying -= 1
                        self.own.append(time.perf_counter() - started)
                    self.made(me, now["version"], started, wall)
                    continue
                now = client.view(code, after=now["version"], wait=5)
                with self.lock:
                    self.heard[me].append((now["version"], time.perf_counter()))
        except Exception as exc:  # noqa: BLE001 - reported, never hidden
            self.errors.append(f"seat {me}: {exc!r}"[:300])

    def made(self, me: int, version: int, started: float, wall: float) -> None:
        with self.lock:
            self.sent.append((me, version, started, wall))
            self.last = max(self.last, version)  # (some moves are made at once by all)
            if len(self.sent) >= self.moves:
                self.done.set()

    def latencies(self) -> tuple[list[float], int]:
        """Every (move, other seat): seconds from the move's request to that seat's first answer at
        its version or later; and how many such answers never came."""
        out, missing = [], 0
        for mover, version, started, _wall in self.sent:
            for seat, heard in enumerate(self.heard):
                if seat == mover or seat == self.device_seat:
                    continue
                when = next((t for v, t in heard if v >= version), None)
                if when is None:
                    missing += 1
                else:
                    out.append(max(0.0, when - started))
        return out, missing


class Device:
    """A real play page in Chromium at a table's seat: it comes by the table's link, joins the class
    and sits; on its turn (after the think time) it presses "Play" of its Moves list, as a visitor
    using the list does. The page stamps its redraws (`WATCH`)."""

    def __init__(self, browser, page_url: str, table: TableRun, seat: int, name: str, think: float):
        from nbgames.testing import page_error_recorder

        self.table, self.seat, self.think, self.me = table, seat, think, f"Player {seat + 1}"
        self.context = browser.new_context(viewport={"width": 1280, "height": 1000})
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", page_error_recorder(self.errors, []))
        try:
            self.sit(page_url, name)
        except Exception as exc:  # noqa: BLE001 - said with what the page shows
            import re

            texts = {css: self.page.locator(css).first.inner_text() for css in (".nbg-table-panel", ".nbg-status")}
            kernel = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', self.page.content())
            raw = [c._signed.kernel_id for c in table.clients if c is not None]
            raise RuntimeError(f"{name} did not sit at {table.code} (kernel {kernel and kernel[1]}, its table's "
                               f"raw kernels {raw}): {texts}") from exc
        self.page.evaluate(WATCH)
        table.device_seat = seat
        self.turn_seen: float | None = None

    def sit(self, page_url: str, name: str) -> None:
        from nbgames.testing import goto_drawn, join_class

        goto_drawn(self.page, f"{page_url}?table={self.table.code}", timeout=180_000)
        join_class(self.page, "bench", name, timeout=60_000)
        seated = self.page.locator(".nbg-table-here", has_text=f"you play as {self.me}")
        for _ in range(6):  # (joining the class offers the free seats again: a press on the old button is lost)
            self.page.locator(f"button.nbg-table-sit-{self.seat}").click(timeout=20_000)
            try:
                seated.wait_for(timeout=10_000)
                return
            except Exception:  # noqa: BLE001 - pressed again
                continue
        raise RuntimeError("pressed 'Sit' 6 times")

    def step(self) -> None:
        """On this seat's turn, once the think time has passed: press Play, and wait until the
        table's version moves on (the move's version, for the other seats' figures)."""
        status = self.page.locator(".nbg-status").first.inner_text()
        if self.table.done.is_set() or not status.startswith(f"{self.me}: your turn"):
            self.turn_seen = None
            return
        now = time.perf_counter()
        self.turn_seen = self.turn_seen or now
        if now - self.turn_seen < self.think:
            return
        watcher = next(c for c in self.table.clients if c is not None)
        before = watcher.view(self.table.code)["version"]
        started, wall = time.perf_counter(), time.time()
        self.page.evaluate("() => document.querySelector('button.nbg-play-selected').click()")
        deadline = started + 10
        while (version := watcher.view(self.table.code)["version"]) <= before:
            if time.perf_counter() > deadline:
                self.table.refused.append(f"{self.me}'s press on Play changed nothing: {status!r}")
                return
            time.sleep(0.02)
        self.table.made(self.seat, version, started, wall)
        self.turn_seen = None

    def redraws(self) -> tuple[list[float], int]:
        """Seconds from each other seat's move (its request) to this page's first change after it;
        and how many moves it never showed (the last move is given 5 s to arrive: the run stops at it)."""
        others = [wall for mover, _version, _started, wall in self.table.sent if mover != self.seat]
        if others:
            with contextlib.suppress(Exception):  # (not shown in 5 s: counted below as never shown)
                self.page.wait_for_function("last => window.nbgRedraws.some(t => t >= last)",
                                            arg=others[-1] * 1000, timeout=5000)
        stamps = sorted(self.page.evaluate("() => window.nbgRedraws") or [])
        out, missing = [], 0
        for mover, _version, _started, wall in self.table.sent:
            if mover == self.seat:
                continue
            when = next((t for t in stamps if t >= wall * 1000), None)
            if when is None:
                missing += 1
            else:
                out.append(when / 1000 - wall)
        return out, missing


def recorded_moves(db_url: str, key_file: Path, codes: list[str]) -> dict[str, int]:
    """Each table's moves as its record in the class database holds them (unsealed with the key)."""
    from sqlalchemy import select

    from nbgames.classroom import Store
    from nbgames.classroom.schema import game_tables
    from nbgames.engine.seal import key, unseal

    secret = key(key_file)
    store = Store.open(db_url, migrate=False)
    try:
        with store.engine.connect() as connection:
            rows = connection.execute(select(game_tables.c.code, game_tables.c.game, game_tables.c.record)
                                      .where(game_tables.c.code.in_(codes))).all()
    finally:
        store.close()
    return {code: len(unseal(record, game, secret=secret)["actions"]) for code, game, record in rows}


def run(args) -> int:
    devices = min(args.tables, args.tables if args.devices is None else args.devices)
    count = args.tables * args.seats - devices  # the raw seats' kernels (a device's page starts its own)
    print(f"load average before: {open('/proc/loadavg').read().split()[:3]}")
    with tempfile.TemporaryDirectory(prefix="nbgames-tables-load-") as tmp:
        db_url, key_file = f"sqlite:///{Path(tmp) / 'class.sqlite'}", Path(tmp) / "seal.key"
        env = {"NBGAMES_CLASS_DB": db_url, "NBGAMES_KEY_FILE": str(key_file),
               "NBGAMES_TEACHER_TOKEN": "bench-teacher-token"}
        config = {"VoilaConfiguration": {"default_pool_size": 0},
                  "VoilaKernelManager": {"kernel_pools_config": {"index.ipynb": {"pool_size": count}}, "fill_delay": 0},
                  # heat the kernels one after the other without waiting for a quiet machine (no page plays yet)
                  "ClassroomPool": {"refill_busy_percent": 100.0, "refill_max_wait": 0.0}}
        notebooks = ROOT / "notebooks" if devices else NOTEBOOKS  # the devices open the real play page
        served = Server(Path(tmp) / "serve.log", extra_args=["--notebooks", str(notebooks), "--class-progress"],
                        env=env, config=config)
        runs: list[TableRun] = []
        pages: list[Device] = []
        playwright = None
        try:
            served.wait_ready(timeout=90)
            started = time.monotonic()
            keys = kernel_keys(served, count, args.kernels_timeout, cwd=notebooks)  # (the gallery's: not a page's)
            print(f"server ready at {served.url}; {count} kernels heated in {time.monotonic() - started:.0f} s")
            url = f"{served.url}/nbgames/tables"
            free = iter(keys)
            for t in range(args.tables):
                raw = args.seats - (t < devices)
                clients: list = [TableClient(url, *next(free), student={"class": "bench", "name": f"t{t + 1}s{s + 1}"})
                                 for s in range(raw)] + [None] * (args.seats - raw)
                code = clients[0].open(args.game, ["human"] * args.seats)["code"]
                for seat, client in enumerate(clients[:raw]):
                    assert client.join(code, seat)["you"] == seat
                runs.append(TableRun(code, clients, args.moves, args.think))
            if devices:
                from playwright.sync_api import sync_playwright

                from nbgames.testing import CHROMIUM, CHROMIUM_ARGS

                playwright = sync_playwright().start()
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                page_url = f"{served.url}/voila/render/{PLAY.format(game=args.game)}"
                started = time.monotonic()
                pages = [Device(browser, page_url, runs[t], args.seats - 1, f"t{t + 1}s{args.seats}", args.think)
                         for t in range(devices)]
                print(f"{devices} Chromium pages seated in {time.monotonic() - started:.0f} s")
            root = psutil.Process(served.proc.pid)
            cpu0 = sum(root.cpu_times()[:2])
            threads = [threading.Thread(target=r.seat, args=(s,), daemon=True)
                       for r in runs for s in range(args.seats) if r.clients[s] is not None]
            wall0 = time.perf_counter()
            for thread in threads:
                thread.start()
            while any(thread.is_alive() for thread in threads) and time.perf_counter() - wall0 < args.seconds:
                for device in pages:  # (Playwright's sync API: one thread drives every page)
                    device.step()
                time.sleep(0.02)
            wall = time.perf_counter() - wall0
            redrawn = [device.redraws() for device in pages]
            page_errors = [error for device in pages for error in device.errors]
            cpu = sum(root.cpu_times()[:2]) - cpu0
            load = open("/proc/loadavg").read().split()[:3]
            answered = {r.code: r.clients[0].view(r.code)["moves"] for r in runs}
            recorded = recorded_moves(db_url, key_file, [r.code for r in runs])
        except BaseException:
            print("server log tail:\n" + served.log_path.read_text(errors="replace")[-4000:])
            raise
        finally:
            for r in runs:
                r.done.set()
            if playwright is not None:
                playwright.stop()
            served.stop()
            if any(r.errors for r in runs):
                print("server log tail:\n" + served.log_path.read_text(errors="replace")[-3000:])

    all_lat, missing, sent = [], 0, 0
    print(f"\n{args.tables} tables x {args.seats} human seats ({args.game}), {len(pages)} seats a Chromium page, "
          f"the others a real kernel's signed client, up to {args.moves} moves per table, "
          f"{args.think:g} s thinking before each; wall {wall:.1f} s, {os.cpu_count()} cores, "
          f"load average at the end {load}; server CPU {cpu:.1f} s")
    for r in runs:
        lat, miss = r.latencies()
        lat_ms = [v * 1000 for v in lat]
        all_lat += lat_ms
        missing += miss
        sent += len(r.sent)
        print(f"  table {r.code}: {len(r.sent)} moves sent, {recorded.get(r.code)} in its record, "
              f"{answered[r.code]} answered; move -> other seats p50 {pct(lat_ms, .5):.0f} ms, "
              f"p95 {pct(lat_ms, .95):.0f} ms, max {max(lat_ms, default=float('nan')):.0f} ms"
              + (f"; refused {r.refused[:2]}" if r.refused else "") + (f"; errors {r.errors[:2]}" if r.errors else ""))
    print(f"move -> redraw message on every other seat (long-poll answer with the new version): "
          f"p50 {pct(all_lat, .5):.0f} ms, p95 {pct(all_lat, .95):.0f} ms, "
          f"max {max(all_lat, default=float('nan')):.0f} ms "
          f"({len(all_lat)} answers for {sent} moves; never heard {missing})")
    device_ms = [v * 1000 for lat, _ in redrawn for v in lat]
    unseen = sum(miss for _, miss in redrawn)
    if pages:
        print(f"move -> redraw on the {len(pages)} Chromium devices (the page's first change after the move's "
              f"request): p50 {pct(device_ms, .5):.0f} ms, p95 {pct(device_ms, .95):.0f} ms, "
              f"max {max(device_ms, default=float('nan')):.0f} ms ({len(device_ms)} redraws; never shown {unseen}; "
              f"page errors {len(page_errors)})")
    own = [v * 1000 for r in runs for v in r.own]
    print(f"the mover's own answer (the move checked, saved and its view back): p50 {pct(own, .5):.0f} ms, "
          f"p95 {pct(own, .95):.0f} ms, max {max(own, default=float('nan')):.0f} ms")
    lost = sum(len(r.sent) != recorded.get(r.code) or len(r.sent) != answered[r.code] for r in runs)
    missed = [name for name, miss in (
        (f"p95 <= {args.target_ms:g} ms", not pct(all_lat, .95) <= args.target_ms),
        (f"device redraw p95 <= {args.target_ms:g} ms", pages and not pct(device_ms, .95) <= args.target_ms),
        ("every device showed every move, no page error", unseen or page_errors),
        ("nothing lost (sent = recorded = answered, every seat heard every move)", lost or missing or not sent),
        ("no refusal or error", any(r.refused or r.errors for r in runs))) if miss]
    print("TARGET MET" if not missed else f"TARGET MISSED: {'; '.join(missed)}")
    return 1 if missed else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--seats", type=int, default=4, help="human seats per table")
    parser.add_argument("--moves", type=int, default=40, help="moves per table (fewer if the game ends)")
    parser.add_argument("--game", default="newyork_city")
    parser.add_argument("--think", type=float, default=0.5,
                        help="seconds a seat waits on its turn before it moves (0: every table as fast as it can)")
    parser.add_argument("--devices", type=int, default=None,
                        help="tables with a Chromium play page at their last seat (default: every table; 0: none)")
    parser.add_argument("--target-ms", type=float, default=300, help="move -> other seats' answer p95 target")
    parser.add_argument("--seconds", type=float, default=600, help="the most the play may take")
    parser.add_argument("--kernels-timeout", type=float, default=300, help="seconds for the kernels to heat")
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
