"""A tiny headless 'browser' for the kernel websocket: what a hostile visitor can send by hand."""

from __future__ import annotations

import json
import re
import time
import urllib.request
import uuid

import websocket  # websocket-client, a jupyter_server dependency

V1 = "v1.kernel.websocket.jupyter.org"
KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')


def open_page(base_url: str, path: str, timeout: float = 120) -> tuple[str, str]:
    """GET a Voilà page (this starts or hands out a kernel); return (html, kernel id)."""
    with urllib.request.urlopen(f"{base_url}/voila/render/{path}", timeout=timeout) as resp:
        page = resp.read().decode("utf-8", "replace")
    match = KERNEL_ID.search(page)
    assert match, f"no kernel id in the page:\n{page[-2000:]}"
    return page, match.group(1)


def pack_v1(channel: str, msg: dict, buffers: list[bytes] = ()) -> bytes:
    parts = [json.dumps(msg[k]).encode() for k in ("header", "parent_header", "metadata", "content")]
    parts += list(buffers)
    chan = channel.encode()
    offsets = [8 * (1 + 1 + len(parts) + 1)]
    offsets.append(offsets[-1] + len(chan))
    for part in parts:
        offsets.append(offsets[-1] + len(part))
    head = len(offsets).to_bytes(8, "little") + b"".join(o.to_bytes(8, "little") for o in offsets)
    return head + chan + b"".join(parts)


def unpack_v1(frame: bytes) -> dict:
    n = int.from_bytes(frame[:8], "little")
    offsets = [int.from_bytes(frame[8 * (i + 1): 8 * (i + 2)], "little") for i in range(n)]
    offsets.append(len(frame))
    channel = frame[offsets[0]:offsets[1]].decode()
    parts = [frame[offsets[i]:offsets[i + 1]] for i in range(1, n)]
    msg = {k: json.loads(parts[i]) for i, k in enumerate(("header", "parent_header", "metadata", "content"))}
    msg["buffers"] = [bytes(b) for b in parts[4:] if b]
    msg["channel"] = channel
    return msg


class KernelSocket:
    """One v1 websocket to a kernel, speaking raw Jupyter messages and the widget protocol."""

    def __init__(self, base_url: str, kernel_id: str, timeout: float = 10):
        ws_url = base_url.replace("http", "ws", 1) + f"/api/kernels/{kernel_id}/channels"
        self.session = uuid.uuid4().hex
        self.ws = websocket.create_connection(f"{ws_url}?session_id={self.session}",
                                              subprotocols=[V1], timeout=timeout)
        self.seen: list[dict] = []
        self.states: dict[str, dict] = {}

    def close(self) -> None:
        self.ws.close()

    def send(self, channel: str, msg_type: str, content: dict, buffers: list[bytes] = (),
             metadata: dict | None = None) -> str:
        msg_id = uuid.uuid4().hex
        header = {"msg_id": msg_id, "msg_type": msg_type, "username": "visitor", "session": self.session,
                  "date": "2024-01-01T00:00:00.000000Z", "version": "5.3"}
        msg = {"header": header, "parent_header": {}, "metadata": metadata or {}, "content": content}
        self.ws.send_binary(pack_v1(channel, msg, buffers))
        return msg_id

    def recv_until(self, predicate, timeout: float = 10) -> dict | None:
        """Messages until one satisfies predicate (returned) or timeout (None); all are kept in .seen."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.ws.settimeout(max(0.05, deadline - time.monotonic()))
            try:
                frame = self.ws.recv()
            except websocket.WebSocketTimeoutException:
                return None
            msg = unpack_v1(frame) if isinstance(frame, bytes) else json.loads(frame)
            self.seen.append(msg)
            self._track_state(msg)
            if predicate(msg):
                return msg
        return None

    def idle_after(self, msg_id: str, timeout: float = 10) -> bool:
        """Wait until the kernel has finished handling msg_id (status idle with that parent)."""
        return self.recv_until(lambda m: m["header"]["msg_type"] == "status"
                               and m["parent_header"].get("msg_id") == msg_id
                               and m["content"].get("execution_state") == "idle", timeout) is not None

    def kernel_info(self, timeout: float = 10) -> dict | None:
        msg_id = self.send("shell", "kernel_info_request", {})
        return self.recv_until(lambda m: m["header"]["msg_type"] == "kernel_info_reply"
                               and m["parent_header"].get("msg_id") == msg_id, timeout)

    # -- widgets -------------------------------------------------------------------------------
    def _track_state(self, msg: dict) -> None:
        kind = msg["header"]["msg_type"]
        data = msg["content"].get("data", {})
        if kind == "comm_msg" and data.get("method") == "update":
            self.states.setdefault(msg["content"]["comm_id"], {}).setdefault("state", {}).update(
                data.get("state", {}))

    def widget_states(self, timeout: float = 15) -> dict[str, dict]:
        """All widget models of the page ({model_id: {model_name, state}}), as the front end asks."""
        comm_id = uuid.uuid4().hex
        self.send("shell", "comm_open", {"comm_id": comm_id, "target_name": "jupyter.widget.control",
                                         "data": {}}, metadata={"version": "1.0.0"})
        msg_id = self.send("shell", "comm_msg", {"comm_id": comm_id, "data": {"method": "request_states"}})
        reply = self.recv_until(lambda m: m["header"]["msg_type"] == "comm_msg"
                                and m["content"].get("data", {}).get("method") == "update_states", timeout)
        assert reply is not None, "the kernel did not answer request_states"
        self.idle_after(msg_id, timeout)
        self.states = {k: {"model_name": v["model_name"], "state": v["state"]}
                       for k, v in reply["content"]["data"]["states"].items()}
        return self.states

    def models(self, *names: str) -> list[str]:
        return [k for k, v in self.states.items() if v["model_name"] in names]

    def comm(self, model_id: str, data: dict, timeout: float = 10) -> bool:
        """Send one widget message and wait until the kernel has handled it."""
        msg_id = self.send("shell", "comm_msg", {"comm_id": model_id, "data": data})
        return self.idle_after(msg_id, timeout)

    def click(self, model_id: str) -> bool:
        return self.comm(model_id, {"method": "custom", "content": {"event": "click"}})

    def set_value(self, model_id: str, **state) -> bool:
        return self.comm(model_id, {"method": "update", "state": state, "buffer_paths": []})

    def mouse_down(self, model_id: str, x, y) -> bool:
        return self.comm(model_id, {"method": "custom", "content": {"event": "mouse_down", "x": x, "y": y}})

    def text_of(self, model_name: str = "LabelModel") -> dict[str, str]:
        return {k: v["state"].get("value") for k, v in self.states.items() if v["model_name"] == model_name}
