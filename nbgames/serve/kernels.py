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
        if kernel is not None and connections and timeout > 0 and hasattr(kernel, "last_activity"):
            idle = utcnow() - kernel.last_activity
            if idle > timedelta(seconds=timeout) and getattr(kernel, "execution_state", "") != "busy":
                self.log.warning("Culling kernel %s of an open page idle for %d s.",
                                 kernel_id, int(idle.total_seconds()))
                await ensure_async(self.shutdown_kernel(kernel_id))
                return None
        return await super().cull_kernel_if_idle(kernel_id)
