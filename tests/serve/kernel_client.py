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
        if kind == "comm_open" and "_model_name" in data.get("state", {}):  # a widget made after a snapshot
            self.states[msg["content"]["comm_id"]] = {"model_name": data["state"]["_model_name"],
                                                      "state": dict(data["state"])}
        elif kind == "comm_msg" and data.get("method") == "update":
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


# -- malformed v1 frames (issue 26 item 0) ------------------------------------------------------

def _v1(count: int, offsets: list[int], body: bytes = b"") -> bytes:
    return count.to_bytes(8, "little") + b"".join(o.to_bytes(8, "little") for o in offsets) + body


def _message(channel: str = "shell", **parts: bytes) -> bytes:
    """A well-formed frame with some raw JSON parts replaced (`header=b"..."`, ...)."""
    raw = [parts.get(k, json.dumps(v).encode()) for k, v in (
        ("header", {"msg_id": "x", "msg_type": "kernel_info_request", "session": "s", "username": "",
                    "date": "2024-01-01T00:00:00Z", "version": "5.3"}),
        ("parent_header", {}), ("metadata", {}), ("content", {}))]
    chan = channel.encode("utf-8")
    offsets = [8 * (1 + 2 + len(raw))]
    offsets.append(offsets[-1] + len(chan))
    for part in raw:
        offsets.append(offsets[-1] + len(part))
    return _v1(len(offsets), offsets, chan + b"".join(raw))


def malformed_frame(kind: str, rng) -> bytes | str:
    """One malformed frame of a kind (see MALFORMED), its numbers drawn from `rng` (random.Random)."""
    good = _message()
    count = int.from_bytes(good[:8], "little")
    table = [int.from_bytes(good[8 * (i + 1): 8 * (i + 2)], "little") for i in range(count)]
    body = good[8 * (count + 1):]
    if kind == "13 bytes":
        return b"not v1 at all"
    if kind == "empty":
        return b""
    if kind == "short":
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 8)))
    if kind == "huge count":
        return rng.randrange(2**20, 2**64).to_bytes(8, "little") + bytes(rng.randrange(0, 64))
    if kind == "count past the end":
        return _v1(rng.randrange(7, 20), table[:6])
    if kind == "too few offsets":
        return _v1(rng.randrange(0, 6), table[:5], body)
    if kind == "decreasing offsets":
        i = rng.randrange(1, count - 1)
        table[i], table[i + 1] = table[i + 1], table[i]
        return _v1(count, table, body)
    if kind == "offset past the end":
        table[-1] = len(good) + rng.randrange(1, 2**40)
        return _v1(count, table, body)
    if kind == "offset into the table":
        return _v1(count, [rng.randrange(0, 8 * (count + 1))] + table[1:], body)
    if kind == "text frame":
        return rng.choice(["not v1 at all", "{}", json.dumps({"channel": "shell", "header": {}}), ""])
    if kind == "unknown channel":
        return _message(rng.choice(["iopub", "nope", "", "shell\x00", "x" * 300]))
    if kind == "channel not ascii":
        return _message("shéll")
    if kind == "header not UTF-8":
        return _message(header=b"\xff\xfe" + bytes(rng.randrange(128, 256) for _ in range(8)))
    if kind == "header not JSON":
        return _message(header=rng.choice([b"{", b"not json", b"{'a': 1}", b""]))
    if kind == "content not an object":
        return _message(content=rng.choice([b"[]", b"1", b'"text"', b"null"]))
    if kind == "deep nesting":
        depth = rng.randrange(50_000, 100_000)
        return _message(content=b"[" * depth + b"]" * depth)
    if kind == "no msg_type":
        return _message(header=b'{"msg_id": "x"}')
    if kind == "huge header":
        return _message(metadata=b'{"a": "' + b"x" * (70 * 1024) + b'"}')
    raise ValueError(kind)


MALFORMED = ("13 bytes", "empty", "short", "huge count", "count past the end", "too few offsets",
             "decreasing offsets", "offset past the end", "offset into the table", "text frame",
             "unknown channel", "channel not ascii", "header not UTF-8", "header not JSON",
             "content not an object", "deep nesting", "no msg_type", "huge header")


def send_malformed(base_url: str, kernel_id: str, frame: bytes | str, timeout: float = 10) -> bool:
    """Open a v1 websocket, send `frame`; True if the server then closed the connection."""
    ks = KernelSocket(base_url, kernel_id, timeout=timeout)
    try:
        if isinstance(frame, str):
            ks.ws.send(frame)
        else:
            ks.ws.send_binary(frame)
        try:
            while True:
                opcode, _ = ks.ws.recv_data(control_frame=True)
                if opcode == websocket.ABNF.OPCODE_CLOSE:
                    return True
        except websocket.WebSocketConnectionClosedException:
            return True
        except websocket.WebSocketTimeoutException:
            return False
    finally:
        ks.close()
