"""The kernel's side of class progress: a page's kernel tells the server what its student did.

A page's kernel (the lesson runner, the play controller) calls `sink()` and its methods; nothing
waits for the server (a background thread posts, retries a few times, and gives up quietly: the
browser's own storage stays the source for resuming). Outside a class server (no
$NBGAMES_PROGRESS_URL, e.g. in JupyterLab) every call does nothing.

Each request is signed with the kernel's own connection key (HMAC-SHA256 over method, path, time
and body) and names the kernel: the server knows each live kernel's key, the browser never sees it,
so a page cannot write in another student's name (see nbgames/serve/progress.py).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import queue
import threading
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path
from urllib.parse import urlparse

URL_ENV = "NBGAMES_PROGRESS_URL"
HUB_ENV = "NBGAMES_PROGRESS_HUB"  # "1": the server is a hub's service, the kernel's owner is the student
MAX_PENDING = 200  # events kept while a plain-serve student has not joined yet
KERNEL_HEADER, TIME_HEADER, SIGNATURE_HEADER = "X-Nbgames-Kernel", "X-Nbgames-Time", "X-Nbgames-Signature"


def signature(key: bytes, method: str, path: str, stamp: str, body: bytes) -> str:
    """What `SIGNATURE_HEADER` carries: the kernel's key over method, path, time and body."""
    message = f"{method.upper()} {path}\n{stamp}\n".encode() + body
    return hmac.new(key, message, hashlib.sha256).hexdigest()


def kernel_identity() -> tuple[str, bytes] | None:
    """This kernel's id and connection key (None outside an ipykernel)."""
    try:
        from ipykernel.connect import get_connection_file

        path = Path(get_connection_file())
        key = json.loads(path.read_text())["key"].encode()
    except Exception:  # not in a kernel, or no connection file
        return None
    name = path.stem  # kernel-<id>
    return name.removeprefix("kernel-"), key


class ProgressSink:
    """Sends a student's progress to the class server. Methods return at once.

    The kit calls: `join` (plain serve: the class code and nickname the student typed; under
    JupyterHub the server knows the student), `lesson_started`, `step_answered`, `lesson_finished`,
    `game_finished`. `mine` reads back what the server holds of this student (blocking)."""

    def __init__(self, url: str | None = None, kernel_id: str | None = None, key: bytes | None = None,
                 timeout: float = 5.0, tries: int = 3, hub: bool | None = None):
        self.url = url if url is not None else os.environ.get(URL_ENV, "")
        if self.url and (kernel_id is None or key is None):
            found = kernel_identity()
            if found is None:
                self.url = ""
            else:
                kernel_id, key = found
        self.kernel_id, self.key = kernel_id or "", key or b""
        self.hub = os.environ.get(HUB_ENV, "") == "1" if hub is None else hub
        self._pending: list[dict] = []  # plain serve: what was done before the student joined
        self.timeout, self.tries = timeout, tries
        self.student: dict | None = None
        self.sent = self.failed = 0
        self.last_error = ""
        self._queue: queue.Queue = queue.Queue(maxsize=1000)
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    @property
    def enabled(self) -> bool:
        return bool(self.url)

    # the kit's calls ------------------------------------------------------------------------------
    @property
    def needs_join(self) -> bool:
        """Plain serve with class progress, and the student has not said who they are yet: the
        page shows its "Join a class" box (under a hub the server knows the student)."""
        return self.enabled and not self.hub and self.student is None

    def join(self, class_code: str, nickname: str) -> None:
        """The student (plain serve): every later event names them. Under a hub this may be left out.

        Checked first (`ProgressError` says what is wrong); what the student did before joining
        on this page (kept meanwhile) is sent now, in their name."""
        from .store import check_class_code, check_nickname

        self.student = {"class": check_class_code(class_code), "name": check_nickname(nickname)}
        pending, self._pending = self._pending, []
        for data in pending:
            data["student"] = dict(self.student)
            self._post(data)

    def lesson_started(self, lesson: str) -> None:
        self.send("lesson_started", lesson=lesson)

    def step_answered(self, lesson: str, step: int, right: bool, answer: str, seconds: float,
                      showed: bool = False) -> None:
        self.send("step_answered", lesson=lesson, step=step, right=bool(right), answer=str(answer)[:200],
                  seconds=round(max(0.0, float(seconds)), 2), showed=bool(showed))

    def lesson_finished(self, lesson: str) -> None:
        self.send("lesson_finished", lesson=lesson)

    def game_finished(self, game: str, seats: int, bots: list[str], score: int | None, record_id: str) -> None:
        self.send("game_finished", game=game, seats=int(seats), bots=list(bots), score=score, record_id=record_id)

    # plumbing -------------------------------------------------------------------------------------
    def event(self, kind: str, **fields) -> dict:
        data = {"id": uuid.uuid4().hex, "kind": kind, **fields}
        if self.student is not None:
            data["student"] = dict(self.student)
        return data

    def send(self, kind: str, **fields) -> None:
        if not self.enabled:
            return
        data = self.event(kind, **fields)
        if self.needs_join:
            if len(self._pending) < MAX_PENDING:
                self._pending.append(data)
            return
        self._post(data)

    def _post(self, data: dict) -> None:
        try:
            self._queue.put_nowait(data)
        except queue.Full:
            self.failed += 1
            return
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="nbgames-progress", daemon=True)
                self._thread.start()

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every event so far has been sent or given up (tests, a page closing)."""
        deadline = time.monotonic() + timeout
        while self._queue.unfinished_tasks and time.monotonic() < deadline:
            time.sleep(0.01)
        return not self._queue.unfinished_tasks

    def _run(self) -> None:
        while True:
            try:
                data = self._queue.get(timeout=30)
            except queue.Empty:
                return
            try:
                for attempt in range(self.tries):
                    try:
                        self.request("POST", data)
                        self.sent += 1
                        break
                    except urllib.error.HTTPError as exc:
                        self.last_error = f"{exc.code} {exc.read()[:200].decode(errors='replace')}"
                        if exc.code < 500:  # refused: sending again changes nothing
                            self.failed += 1
                            break
                    except OSError as exc:
                        self.last_error = str(exc)
                    if attempt + 1 == self.tries:
                        self.failed += 1
                    else:
                        time.sleep(0.2 * 2 ** attempt)
            finally:
                self._queue.task_done()

    def request(self, method: str, data=None, path_suffix: str = "") -> dict:
        """One signed request to the server; returns its JSON answer (raises urllib's errors)."""
        body = b"" if data is None else json.dumps(data).encode()
        url = self.url + path_suffix
        stamp = str(int(time.time()))
        sign = signature(self.key, method, urlparse(url).path, stamp, body)
        request = urllib.request.Request(url, data=body if method != "GET" else None, method=method, headers={
            "Content-Type": "application/json", KERNEL_HEADER: self.kernel_id, TIME_HEADER: stamp,
            SIGNATURE_HEADER: sign})
        with urllib.request.urlopen(request, timeout=self.timeout) as answer:
            return json.loads(answer.read() or b"{}")

    def mine(self) -> dict:
        """What the server holds of this kernel's student (their own data only)."""
        if not self.enabled:
            return {}
        return self.request("GET")


_sink: ProgressSink | None = None


def sink() -> ProgressSink:
    """This kernel's sink (one per kernel)."""
    global _sink
    if _sink is None:
        _sink = ProgressSink()
    return _sink
