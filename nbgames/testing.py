"""Helpers to test and measure a served gallery (tests and benchmarks use them): a real
`nbgames serve` child process, and how to start Debian's headless Chromium on these machines."""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterable
from pathlib import Path

# anywidget's words when a widget's front end took over 2 s to start (a busy page): the kit
# recovers (`ui/pagekit.py`, HEAR_KERNEL); tests/browser/test_slow_kit_start.py makes it happen.
SLOW_KIT_START = "[anywidget] Failed to initialize model."


class ManualClock:
    """A scheduler for the kit (`ui/scheduler.py`) that runs its timers only when a test says so
    (no event loop needed): `run()` runs them in the order they were set."""

    def __init__(self):
        self.timers: list = []

    def __call__(self, delay, callback):
        self.timers.append((delay, callback))

    def run(self, limit: int = 1000) -> int:
        n = 0
        while self.timers and n < limit:
            _, callback = self.timers.pop(0)
            callback()
            n += 1
        return n


def page_error_recorder(errors: list[str], slow: list[str] | None = None):
    """A `pageerror` listener: every uncaught error of a page goes to `errors`, but anywidget's
    note of a slow kit start (`SLOW_KIT_START`, recovered from) to `slow`."""
    def record(exc) -> None:
        text = str(exc)
        if SLOW_KIT_START in text:
            if slow is not None:
                slow.append(text)
        else:  # with where it was thrown: a flaky error seen once must say where to look
            stack = [line.strip() for line in (getattr(exc, "stack", None) or "").splitlines()[1:4]]
            errors.append("\n    ".join([text, *stack]))
    return record

ROOT = Path(__file__).resolve().parent.parent  # the checkout (tests and benchmarks run from it)
# Debian's headless shell when installed (what Playwright itself runs headless): a play page's load
# costs ≈3.4 CPU-s in it against ≈5.5 in the full browser; the full browser otherwise
CHROMIUM = shutil.which("chromium-headless-shell") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]


_PORTS = random.Random()  # not a game's RNG: any free port will do
PORTS_BELOW_EPHEMERAL = 10_000  # how many ports under the OS's own range `free_port` picks from
_HANDED_OUT: set[int] = set()


def _ephemeral_low() -> int:
    """The lowest port the OS hands out by itself (Linux's default if it does not say)."""
    try:
        return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768


def free_port() -> int:
    """A port free now, for a server started soon. Taken below the OS's ephemeral range: the
    ports the OS picks by itself (a kernel's ZMQ sockets, a client's connection) never land on
    it in the seconds before its server binds it, which a port of bind(0) could not promise (a
    JupyterHub service once found its port taken that way)."""
    low = _ephemeral_low()
    first = low - PORTS_BELOW_EPHEMERAL
    for _ in range(100 if first > 1024 else 0):  # (never a privileged port)
        port = _PORTS.randrange(first, low)
        if port in _HANDED_OUT:
            continue
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue
        _HANDED_OUT.add(port)
        return port
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class ChildProcess:
    """A server run as a child process in its own process group, its output in `log_path`: ready
    on entering a ``with`` block (stopped if it never gets ready), stopped on leaving it."""

    log_path: Path

    def __enter__(self):
        try:
            self.wait_ready()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def wait_ready(self, timeout: float = 60) -> None:
        raise NotImplementedError

    def stop(self) -> None:
        raise NotImplementedError

    def end_group(self, grace: float) -> None:
        """SIGTERM to the whole process group, SIGKILL if it is still there after `grace` seconds."""
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(grace)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(10)


def heat_only(pages: Iterable[str], config: dict | None = None) -> dict:
    """`config` plus the Voilà setting that pre-heats kernels for `pages` alone: every other page
    is on the deny list (a page off the list still opens, with a kernel started on the visit)."""
    kept = "|".join(re.escape(page) for page in pages)
    deny = f"^(?!(.*/)?({kept})$)" if kept else ".*"
    config = json.loads(json.dumps(config or {}))
    config.setdefault("VoilaKernelManager", {})["preheat_denylist"] = [deny]
    return config


class Server(ChildProcess):
    """A `nbgames serve` process in its own process group, with its log in a file."""

    def __init__(self, log_path: Path, extra_args: list[str] | None = None, env: dict | None = None,
                 config: dict | None = None, port: int | None = None, heat: Iterable[str] | None = None):
        """`config`: settings overriding nbgames/serve/voila.json (written beside the log);
        `port`: a given port (a restarted server keeps its address, so a browser's storage);
        `heat`: the pages (paths under the notebooks folder) that get pre-heated kernels, instead
        of every page voila.json heats (each costs ≈2 CPU-s at start and after every visit)."""
        self.log_path, self.given_port = log_path, port
        self.env = dict(env or {})
        if heat is not None:
            config = heat_only(heat, config)
        if config:
            config_path = log_path.with_suffix(".config.json")
            config_path.write_text(json.dumps(config))
            self.env["NBGAMES_VOILA_CONFIG"] = str(config_path)
        self.args = list(extra_args or [])
        self.ports_taken = 0
        self._start(port or free_port())

    def _start(self, port: int) -> None:
        self.port = port
        self.url = f"http://127.0.0.1:{self.port}"
        self._log = open(self.log_path, "wb")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "nbgames", "serve", "--port", str(self.port), *self.args],
            cwd=ROOT, stdout=self._log, stderr=subprocess.STDOUT, start_new_session=True,
            env={**os.environ, **self.env},
        )

    def wait_ready(self, timeout: float = 60) -> None:
        """Ready = the port accepts connections and the log says it is running (no page load)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                # another process took the free port before the server bound it (it does not move to
                # another port: voila.json's port_retries 0): a new free port, unless one was given
                if "no available port" in self.log() and self.given_port is None and self.ports_taken < 3:
                    self.ports_taken += 1
                    self._log.close()
                    self._start(free_port())
                    continue
                raise RuntimeError(f"nbgames serve exited early:\n{self.log()[-3000:]}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    if f"127.0.0.1:{self.port}/" in self.log():  # (its own "is running at" line)
                        return
            except OSError:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"nbgames serve not ready in {timeout}s:\n{self.log()[-3000:]}")

    def kernels(self) -> list:
        """The kernel processes (psutil.Process) the server started, oldest first."""
        import psutil

        out = []
        for child in psutil.Process(self.proc.pid).children(recursive=True):
            try:
                if "ipykernel" in " ".join(child.cmdline()):
                    out.append(child)
            except psutil.Error:
                pass
        return out

    def stop(self) -> None:
        self.end_group(grace=10)
        self._log.close()


def board_drawn(page):
    """The locator of a page's "Board drawn (n)" signal: a hidden label (display none, so
    screen readers skip it) that the client-ready redraw fills; wait for it *attached*."""
    return page.locator(".nbg-drawn").filter(has_text=re.compile(r"\d")).first  # "(n)" in any language


def unfold(page, *names: str) -> None:
    """Open folded panels of a page (``"log"``, ``"moves"``, ``"files"``, ``"settings"``; none
    named: all) by clicking their headers, as a visitor would, and wait until they are open."""
    css = ", ".join(f".nbg-fold-{name}" for name in names) if names else ".nbg-fold"
    all_open = ("css => [...document.querySelectorAll(css)].every("
                "f => f.querySelector('.jupyter-widget-Collapse-open'))")
    deadline = time.monotonic() + 15
    while True:  # again if the page folds one meanwhile (a phone folds its lesson list)
        page.evaluate(
            "css => document.querySelectorAll(css).forEach(fold => fold.querySelectorAll("
            "  '.jupyter-widget-Collapse:not(.jupyter-widget-Collapse-open) > .jupyter-widget-Collapse-header')"
            "  .forEach(header => header.click()))", css)
        page.wait_for_timeout(400)
        if page.evaluate(all_open, css):
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"folded panels {css} did not stay open")


def join_class(page, class_code: str, name: str, timeout: float = 30_000) -> None:
    """Join a class from a page's "Join a class" box, as a student does, and wait until it says so."""
    page.locator(".nbg-class-code").fill(class_code)
    page.locator(".nbg-class-name").fill(name)
    page.locator(".nbg-class-go").click()
    page.locator(".nbg-class-said", has_text="You are in class").first.wait_for(timeout=timeout)


def goto_drawn(page, url: str, timeout: float = 45_000, *, unfolded: bool = True) -> None:
    """Open a game page and wait until its board is drawn (the client-ready redraw's label);
    `unfolded`: then open its folded panels.

    (A page whose board was never drawn, about 1 load in 50 under load, was a slow page dropping
    the updates sent before it had made all its widgets: the kit now sends them again once it
    has, see `PageKit.on_settled` and tests/browser/test_slow_kit_start.py.)"""
    page.goto(url, timeout=60_000)
    board_drawn(page).wait_for(state="attached", timeout=timeout)
    if unfolded:  # tests reach every control; a visitor opens the folded panels they need
        unfold(page)
