"""One clock for the kit: run a callback later on the kernel's event loop, never blocking.

Bots, animations and the board's re-send after "client ready" all wait through a `Scheduler`;
tests hand the controller a fake clock with the same signature and step it by hand.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

Scheduler = Callable[[float, Callable[[], None]], Any]


def call_later(delay: float, callback: Callable[[], None]) -> bool:
    """Run `callback` after `delay` seconds on the kernel's event loop; False if there is none
    (outside a kernel nothing is scheduled)."""
    try:
        asyncio.get_running_loop().call_later(delay, callback)
    except RuntimeError:
        return False
    return True
