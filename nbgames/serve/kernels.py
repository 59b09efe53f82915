"""Kernel manager for a class: closed pages are culled fast, open-but-idle pages much later."""

from __future__ import annotations

from datetime import timedelta

from jupyter_core.utils import ensure_async
from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Integer


class ClassroomKernelManager(AsyncMappingKernelManager):
    """Two idle timeouts instead of one.

    ``MappingKernelManager.cull_idle_timeout`` (short) applies to kernels with no websocket, i.e.
    pages that were closed or never opened; ``cull_connected_idle_timeout`` (long) to pages still
    open but untouched, e.g. a tab left open after the lesson. A single timeout forces a choice
    between leaking closed pages' kernels and killing a student who is thinking.
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

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._ever_connected: set[str] = set()
        self._left_at: dict[str, object] = {}  # kernel id -> when its last page disconnected

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
        if kernel is None or not hasattr(kernel, "last_activity"):
            return await super().cull_kernel_if_idle(kernel_id)
        idle = utcnow() - kernel.last_activity
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

    async def shutdown_kernel(self, kernel_id: str, *args, **kwargs):
        self._ever_connected.discard(kernel_id)
        self._left_at.pop(kernel_id, None)
        return await ensure_async(super().shutdown_kernel(kernel_id, *args, **kwargs))
