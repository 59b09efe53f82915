"""Issue 26 item 11, in real Chromium: a play page left open and untouched loses its kernel after
`cull_connected_idle_timeout` (its 4-second heartbeat is not activity), and the page says so in
plain words with a Reload button (the "connection lost" notice)."""

from __future__ import annotations

import re
import time
import urllib.error
import urllib.request

import pytest
from conftest import Board

from nbgames.testing import Server

pytestmark = pytest.mark.browser
IDLE_TIMEOUT = 20  # seconds an open page may stay untouched (3600 in voila.json)
SHORT_CULL = {"MappingKernelManager": {"cull_interval": 2},
              "ClassroomKernelManager": {"cull_connected_idle_timeout": IDLE_TIMEOUT}}


def kernel_exists(server: Server, kernel_id: str) -> bool:
    try:
        with urllib.request.urlopen(f"{server.url}/api/kernels/{kernel_id}", timeout=10):
            return True
    except urllib.error.HTTPError as err:
        assert err.code == 404, err
        return False


@pytest.mark.timeout(300)
def test_a_forgotten_tab_is_culled_and_says_so(page, tmp_path):
    with Server(tmp_path / "voila.log", config=SHORT_CULL, heat=["newyork/play.ipynb"]) as server:
        board = Board(page, server).open()
        kernel_id = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', page.content()).group(1)
        opened = time.monotonic()
        lost = page.locator(".nbg-lost")
        # idle timeout + a cull round + the heartbeat's 12 s without an answer, and a margin
        lost.wait_for(timeout=(IDLE_TIMEOUT + 2 + 12 + 40) * 1000)
        waited = time.monotonic() - opened
        assert not kernel_exists(server, kernel_id), "the notice showed but the kernel lives on"
        assert "Culling kernel" in server.log() and "of an open page idle" in server.log()
        assert waited > IDLE_TIMEOUT, f"culled after {waited:.0f} s, before the idle timeout"
        assert "connection to this page's game was lost" in lost.inner_text()
        lost.locator("button").click()  # Reload and resume: a new kernel, the page plays again
        board.wait_drawn()
        print(f"\nforgotten tab: 'connection lost' shown {waited:.0f} s after the page opened "
              f"(idle timeout {IDLE_TIMEOUT} s)")
