"""Kernels for a class: closed pages are culled fast, open-but-idle pages much later; the pool of
pre-heated kernels hands out only ready kernels and heats one at a time."""

from __future__ import annotations

import asyncio
import hmac
import json
import os
from collections import deque
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import psutil
from jupyter_core.utils import ensure_async
from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Float, Integer, TraitError, default

from .forkserver import forked_kernel

# What the server holds and a page's kernel never needs: hub credentials, the teacher's token, the
# class database's URL (it may carry a password), the proxy's token. A kernel runs the page's game
# for one visitor; it reports progress through the server (signed with its own connection key).
SERVER_SECRETS = ("JUPYTERHUB_API_TOKEN", "JPY_API_TOKEN", "JUPYTERHUB_CLIENT_SECRET", "JUPYTERHUB_COOKIE_SECRET",
                  "CONFIGPROXY_AUTH_TOKEN", "NBGAMES_TEACHER_TOKEN", "NBGAMES_CLASS_DB")


def kernel_environment(env: dict[str, str] | None = None) -> dict[str, str]:
    """The environment a page's kernel starts with: the server's (or `env`), less its secrets."""
    return {name: value for name, value in (os.environ if env is None else env).items()
            if name not in SERVER_SECRETS}


class ClassroomKernelManager(AsyncMappingKernelManager):
    """Two idle timeouts instead of one.

    ``MappingKernelManager.cull_idle_timeout`` (short) applies to kernels with no websocket, i.e.
    pages that were closed or never opened; ``cull_connected_idle_timeout`` (long) to pages still
    open but untouched, e.g. a tab left open after the lesson. A single timeout forces a choice
    between leaking closed pages' kernels and killing a student who is thinking.

    The page kit's heartbeat (a ping every 4 s, so the page can say when its kernel is gone) is
    not activity: its messages are named by the websocket handler (`ignore_activity_of`) and the
    kernel's answers to them leave ``last_activity`` as it was, so a forgotten tab is culled.
    """

    cull_connected_idle_timeout = Integer(
        3600, config=True,
        help="Cull kernels that still have a page connected after this many idle seconds (0: never).",
    )

    cull_unconnected_timeout = Integer(
        120, config=True,
        help="Grace before culling a kernel whose page never connected (a slow first load under "
             "load must not lose its kernel); the short timeout applies once a page has connected.",
    )

    @default("kernel_manager_class")
    def _forked_when_possible(self):
        return "nbgames.serve.forkserver.ForkedKernelManager"

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._ever_connected: set[str] = set()
        self._left_at: dict[str, object] = {}  # kernel id -> when its last page disconnected
        self._heartbeats: dict[str, deque] = {}  # kernel id -> msg ids of the latest heartbeats

    def ignore_activity_of(self, kernel_id: str, msg_id: object) -> None:
        """The kernel's answers to message `msg_id` (a page's heartbeat) are not activity."""
        if isinstance(msg_id, str) and msg_id:
            self._heartbeats.setdefault(kernel_id, deque(maxlen=16)).append(msg_id)

    def start_watching_activity(self, kernel_id: str) -> None:
        """jupyter_server's watch of the kernel's output (every message is activity, as there; a
        status message says busy or idle), reading only each message's signed headers, as JSON:
        jupyter_server's own watch parses every message's dates with dateutil, a fifth of the
        server's CPU while a page loads (py-spy, 2026-12-04). The answers to a page's heartbeats
        are not activity."""
        kernel = self._kernels[kernel_id]
        kernel.reason = ""
        kernel.last_activity = utcnow()
        kernel._activity_stream = kernel.connect_iopub()
        session = kernel.session

        def record_activity(msg_list):
            message = _signed_message(session, msg_list)
            if message is None:
                return
            header, parent, content = message
            msg_type, parent_type = header.get("msg_type"), parent.get("msg_type")
            heartbeat = parent.get("msg_id") in self._heartbeats.get(kernel_id, ())
            if not heartbeat and (self.track_message_type(msg_type) or self.track_message_type(parent_type)
                                  or kernel.execution_state == "busy"):
                self.last_kernel_activity = kernel.last_activity = utcnow()
            if msg_type == "status":
                state = json.loads(content).get("execution_state")
                if self.track_message_type(parent_type):
                    kernel.execution_state = state
                elif kernel.execution_state == "starting" and state != "starting":
                    kernel.execution_state = "idle"  # (as jupyter_server: after starting, idle unless tracked)

        kernel._activity_stream.on_recv(record_activity)

    def mark_connected(self, kernel_id: str) -> None:
        """Called by the websocket handler when a page connects to its kernel."""
        self._ever_connected.add(kernel_id)
        self._left_at.pop(kernel_id, None)

    def mark_disconnected(self, kernel_id: str) -> None:
        """Called by the websocket handler when a page's connection closes."""
        self._left_at[kernel_id] = utcnow()

    def touch(self, kernel_id: str) -> None:
        """Count a kernel as active now (a pre-heated kernel was just handed to a visitor)."""
        kernel = self._kernels.get(kernel_id)
        if kernel is not None:
            kernel.last_activity = utcnow()

    async def cull_kernel_if_idle(self, kernel_id: str):
        """Cull an idle kernel of an open page after the long timeout, else defer to the short rule."""
        kernel = self._kernels.get(kernel_id)
        connections = self._kernel_connections.get(kernel_id, 0)
        timeout = self.cull_connected_idle_timeout
        if kernel is None:
            return await super().cull_kernel_if_idle(kernel_id)
        try:
            last_activity = kernel.last_activity
        except (AttributeError, TraitError):  # still starting (the trait is set once it runs)
            return None  # jupyter_server's own check raises here: nothing to cull yet
        idle = utcnow() - last_activity
        if connections and timeout > 0:
            if idle > timedelta(seconds=timeout) and getattr(kernel, "execution_state", "") != "busy":
                self.log.warning("Culling kernel %s of an open page idle for %d s.",
                                 kernel_id, int(idle.total_seconds()))
                await ensure_async(self.shutdown_kernel(kernel_id))
            return None
        left = self._left_at.get(kernel_id)
        if not connections and left is not None and utcnow() - left > timedelta(seconds=self.cull_idle_timeout):
            # The page is gone. Its kernel may still look busy (bots of an abandoned game keep
            # playing and every move counts as activity), but nobody will ever see it again.
            self.log.info("Culling kernel %s: its page left %d s ago.", kernel_id,
                          int((utcnow() - left).total_seconds()))
            await ensure_async(self.shutdown_kernel(kernel_id))
            return None
        if not connections and kernel_id not in self._ever_connected:
            if idle <= timedelta(seconds=max(self.cull_unconnected_timeout, self.cull_idle_timeout)):
                return None  # its page may still be loading
        return await super().cull_kernel_if_idle(kernel_id)

    async def start_kernel(self, *args, **kwargs):
        """A kernel for a page, started without the server's secrets (`kernel_environment`)."""
        kwargs["env"] = kernel_environment(kwargs.get("env"))
        return await super().start_kernel(*args, **kwargs)

    async def shutdown_kernel(self, kernel_id: str, *args, **kwargs):
        self._ever_connected.discard(kernel_id)
        self._heartbeats.pop(kernel_id, None)
        self._left_at.pop(kernel_id, None)
        return await ensure_async(super().shutdown_kernel(kernel_id, *args, **kwargs))


def _signed_message(session, msg_list: list) -> tuple[dict, dict, bytes] | None:
    """(header, parent header, raw content) of a raw Jupyter message whose signature holds, None
    for anything else (not signed with the kernel's key, malformed)."""
    try:
        _, frames = session.feed_identities(msg_list)
        if session.auth is not None and not hmac.compare_digest(bytes(frames[0]), session.sign(frames[1:5])):
            return None
        header, parent = json.loads(bytes(frames[1])), json.loads(bytes(frames[2]))
        content = bytes(frames[4])
    except (ValueError, IndexError, TypeError):
        return None
    return (header, parent, content) if isinstance(header, dict) and isinstance(parent, dict) else None


# -- the pool of pre-heated kernels -------------------------------------------------------------
KERNEL_MB = 85  # RSS of a pre-heated game page's kernel started anew, measured (benchmarks/load.py)
FORKED_KERNEL_MB = 35  # its own memory (USS) when forked from the template (nbgames/serve/forkserver.py)
TEMPLATE_MB = 100  # the template's RSS: what forked kernels share


class Heater:
    """One kernel heats at a time (starts and runs its notebook up to the visitor's request), so
    filling a pool never takes both cores from pages in play. The notebook with the fewest ready
    kernels goes first: every page gets one before a class page gets its twentieth."""

    def __init__(self, ready: Callable[[str], int]):
        self._ready = ready
        self._busy = False
        self._waiting: list[tuple[int, str, asyncio.Future]] = []
        self._count = 0
        self.closed = False

    async def acquire(self, notebook: str) -> None:
        if self.closed:
            raise RuntimeError("the server is stopping: no more kernels are heated")
        if not self._busy:
            self._busy = True
            return
        self._count += 1
        waiter = (self._count, notebook, asyncio.get_running_loop().create_future())
        self._waiting.append(waiter)
        try:
            await waiter[2]
        except BaseException:
            if waiter in self._waiting:
                self._waiting.remove(waiter)
            elif waiter[2].done() and not waiter[2].cancelled() and waiter[2].exception() is None:
                self.release()  # handed the turn just as it was cancelled: pass it on
            raise

    def release(self) -> None:
        if not self._waiting:
            self._busy = False
            return
        nearest = min(self._waiting, key=lambda w: (self._ready(w[1]), w[0]))
        self._waiting.remove(nearest)
        nearest[2].set_result(None)

    def close(self) -> None:
        """Stop heating: the waiting fills end with an error (Voilà's shutdown skips those)."""
        self.closed = True
        for _, _, future in self._waiting:
            if not future.done():
                future.set_exception(RuntimeError("the server is stopping"))
        self._waiting.clear()


def kernel_process(km: Any, kernel_id: str) -> psutil.Process | None:
    kernel = km._kernels.get(kernel_id)
    process = getattr(getattr(kernel, "provisioner", None), "process", None)
    try:
        return forked_kernel(psutil.Process(process.pid)) if process is not None else None
    except psutil.Error:
        return None


def classroom_pool(voila_kernel_manager: type) -> type:
    """Voilà's pool of pre-heated kernels, changed in three ways for a class arriving at once:

    - a visitor gets a *ready* kernel or, if none is, a fresh one at once. Voilà hands out the
      oldest pool entry even while it is still waiting out `fill_delay` and heating, so every
      visitor after the first waited ~10 s for a refill where a cold start takes ~1 s;
    - kernels heat one at a time (`Heater`), the page with the fewest ready kernels first;
    - a page that already has a ready kernel heats more only when the machine is quiet
      (`refill_busy_percent`), or after `refill_max_wait` seconds: refills never starve pages in play.
    """

    class ClassroomPool(voila_kernel_manager):
        refill_busy_percent = Float(
            50.0, config=True,
            help="Heat another kernel for a page that already has one ready only while the machine's "
                 "CPU use is below this (percent of all cores), or after refill_max_wait seconds.")
        refill_max_wait = Float(
            60.0, config=True, help="Longest wait for a quiet moment before heating a spare kernel.")

        def __init__(self, **kwargs):
            self.heater = Heater(self.ready_count)
            super().__init__(**kwargs)

        def ready_count(self, notebook_name: str) -> int:
            return sum(1 for task in self._pools.get(notebook_name, ()) if _ready(task))

        def get_pool_size(self, notebook_name: str) -> int:
            return self.ready_count(notebook_name)

        async def get_rendered_notebook(self, notebook_name: str, extra_kernel_env_variables: dict | None = None,
                                        **kwargs):
            pool = self._pools.get(notebook_name, [])
            ready = next((task for task in pool if _ready(task)), None)
            if ready is None:
                raise RuntimeError(f"no ready kernel for {notebook_name}")
            pool.remove(ready)
            pool.insert(0, ready)  # Voilà's own hand-out takes the first entry
            result = await super().get_rendered_notebook(notebook_name, extra_kernel_env_variables or {}, **kwargs)
            self.touch(result[2])  # it may have waited in the pool longer than the cull timeout
            return result

        async def _initialize(self, notebook_path: str, kernel_id: str | None = None, **kwargs):
            if kernel_id is not None:  # a restart, not a pool fill
                return await super()._initialize(notebook_path, kernel_id, **kwargs)
            await self.heater.acquire(notebook_path)
            try:
                if self.ready_count(notebook_path):
                    await self._quiet_moment()
                content = await super()._initialize(notebook_path, None, **kwargs)
                await self._heated(content)
                return content
            finally:
                self.heater.release()

        async def _quiet_moment(self) -> None:
            waited = 0.0
            while waited < self.refill_max_wait and not self.heater.closed:
                psutil.cpu_percent(interval=None)
                await asyncio.sleep(0.5)
                waited += 0.5
                if psutil.cpu_percent(interval=None) < self.refill_busy_percent:
                    return

        async def _heated(self, content: dict) -> None:
            """Until the kernel has run its notebook as far as it can without a visitor (it then
            waits for the request and uses no CPU), or 20 s."""
            process = kernel_process(self, content["kernel_id"])
            task = content["task"]
            last, quiet = None, 0
            for _ in range(100):
                if task.done() or process is None or self.heater.closed:
                    return
                await asyncio.sleep(0.2)
                try:
                    times = process.cpu_times()
                except psutil.Error:
                    return
                used = times.user + times.system
                quiet = quiet + 1 if last is not None and used - last < 0.01 else 0
                last = used
                if quiet >= 2:
                    return

        async def shutdown_all(self, *args, **kwargs):
            self.heater.close()
            return await super().shutdown_all(*args, **kwargs)

    return ClassroomPool


def _ready(task: asyncio.Future) -> bool:
    return task.done() and not task.cancelled() and task.exception() is None
