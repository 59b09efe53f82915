"""Issue 26 item 11: the page kit's heartbeat is not kernel activity, real clicks are. (The page
pings its kernel every 4 s to say when the connection is lost; counted as activity, it kept every
forgotten tab's kernel alive for good.) The culled page in a browser: tests/browser/test_culling.py.
"""

from __future__ import annotations

import json
import sys
import time
import urllib.request
from datetime import datetime
from pathlib import Path

import pytest
from support import Server

sys.path.insert(0, str(Path(__file__).parent / "serve"))
from kernel_client import KernelSocket, open_page  # noqa: E402

PLAY = "newyork/play.ipynb"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with Server(tmp_path_factory.mktemp("serve-heartbeat") / "voila.log", heat=[PLAY]) as srv:
        yield srv


def last_activity(site: Server, kernel_id: str) -> datetime:
    with urllib.request.urlopen(f"{site.url}/api/kernels/{kernel_id}", timeout=10) as resp:
        return datetime.fromisoformat(json.load(resp)["last_activity"].replace("Z", "+00:00"))


def test_the_heartbeat_is_not_activity_but_a_click_is(site):
    _, kernel_id = open_page(site.url, PLAY)
    ks = KernelSocket(site.url, kernel_id)
    try:
        states = ks.widget_states()
        kit = next(k for k, v in states.items() if "HEARTBEAT_MS" in str(v["state"].get("_esm", "")))
        canvas = ks.models("MultiCanvasModel")[0]
        time.sleep(1)
        before = last_activity(site, kernel_id)
        for _ in range(3):
            msg_id = ks.send("shell", "comm_msg", {"comm_id": kit, "data": {"method": "custom",
                                                                             "content": {"ping": 1}}})
            pong = ks.recv_until(lambda m, msg_id=msg_id: m["parent_header"].get("msg_id") == msg_id
                                 and m["content"].get("data", {}).get("content") == {"pong": 1})
            assert pong is not None, "the kernel did not answer the heartbeat"
            assert ks.idle_after(msg_id)
            time.sleep(0.3)
        assert last_activity(site, kernel_id) == before, "a heartbeat counted as activity"
        assert ks.mouse_down(canvas, 150, 150)  # a visitor's click on the board
        time.sleep(0.3)
        assert last_activity(site, kernel_id) > before, "a click did not count as activity"
    finally:
        ks.close()
