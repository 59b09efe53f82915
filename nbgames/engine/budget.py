"""A machine-wide budget for bot and hint searches.

Twenty pages with searching bots want more CPU than two cores have. A search first takes one of a
few *slots* shared by every process of the machine (a lock on one file per slot in one folder; a
kernel that dies frees its slot), so at most `slots` searches run at once. The others wait their
turn, and the time waited counts against their think time: on a busy machine a bot thinks less
and still moves within its budget. A search also runs below the page's own work in CPU priority
(its thread's nice value), so a page answers its clicks first.

    with SEARCHES.turn(limit=0.9, stop=stop, waiting=say_slowed) as seconds:
        action = bot.choose(game, deadline=time.monotonic() + seconds, stop=stop)

``NBGAMES_SEARCH_SLOTS`` sets the slots (default: half the cores, at least one);
``NBGAMES_SEARCH_DIR`` the folder (default: one per user in the temporary folder).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import random
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

SEARCH_NICE = 10  # below the page's own work, above nothing else
POLL = 0.03  # seconds between tries for a slot


def default_slots() -> int:
    return max(1, (os.cpu_count() or 2) // 2)


class SearchBudget:
    """`slots` searches at once across every process using the same folder."""

    def __init__(self, slots: int | None = None, folder: str | Path | None = None):
        self.slots = slots if slots is not None else int(os.environ.get("NBGAMES_SEARCH_SLOTS") or default_slots())
        if self.slots < 1:
            raise ValueError(f"a search budget needs at least one slot, not {self.slots}")
        self.folder = Path(folder or os.environ.get("NBGAMES_SEARCH_DIR")
                           or Path(tempfile.gettempdir()) / f"nbgames-searches-{os.getuid()}")
        self._rng = random.Random()

    @contextlib.contextmanager
    def turn(self, limit: float | None, stop: threading.Event | None = None,
             waiting: Callable[[], None] | None = None) -> Iterator[float | None]:
        """Hold a slot for one search. Waits at most `limit` seconds (None: until one is free or
        `stop` is set), calling `waiting()` once if it has to wait; yields the think time left
        (`limit` minus the wait, 0 when no slot came in time: search as little as possible; None
        without a limit). Call it from the search's own thread: that thread's priority is lowered
        for good."""
        start = time.monotonic()
        held = self._try()
        if held is None and waiting is not None:
            waiting()
        while held is None and not (stop is not None and stop.is_set()):
            if limit is not None and time.monotonic() - start >= limit:
                break
            time.sleep(POLL * (0.5 + self._rng.random()))  # jitter: no two waiters in lockstep
            held = self._try()
        lower_priority()
        try:
            yield None if limit is None else (max(0.0, limit - (time.monotonic() - start)) if held else 0.0)
        finally:
            if held is not None:
                fcntl.flock(held, fcntl.LOCK_UN)
                os.close(held)

    def busy(self) -> int:
        """How many slots are taken right now (for figures and tests)."""
        taken = 0
        for index in range(self.slots):
            fd = self._open(index)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                fcntl.flock(fd, fcntl.LOCK_UN)
            except BlockingIOError:
                taken += 1
            finally:
                os.close(fd)
        return taken

    def _try(self) -> int | None:
        for index in self._rng.sample(range(self.slots), self.slots):
            fd = self._open(index)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                continue
            return fd
        return None

    def _open(self, index: int) -> int:
        self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        return os.open(self.folder / f"slot-{index}", os.O_RDWR | os.O_CREAT, 0o600)


def lower_priority() -> None:
    """Run the calling thread at `SEARCH_NICE` (Linux sets a nice value per thread); nothing where
    the system does not allow it."""
    try:
        tid = threading.get_native_id()
        if os.getpriority(os.PRIO_PROCESS, tid) < SEARCH_NICE:
            os.setpriority(os.PRIO_PROCESS, tid, SEARCH_NICE)
    except (AttributeError, OSError):
        pass


SEARCHES = SearchBudget()
