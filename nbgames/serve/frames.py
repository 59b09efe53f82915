"""What a browser may send on a kernel websocket (the v1 subprotocol), checked before anything parses it.

A v1 frame is binary: an 8-byte little-endian count ``n`` of offsets, ``n`` 8-byte offsets, then the
channel name and the message parts (header, parent header, metadata, content, buffers); offset
``i`` is where part ``i`` starts, the last offset is where the last part ends.

jupyter_server 2.x (``deserialize_msg_from_ws_v1``) and Voilà 0.5.13 (``read_header_from_binary_message``)
trust the count: the 13-byte frame ``b"not v1 at all"`` says 7.6e18 offsets, and the list they build
never ends — the event loop stops for every visitor while memory grows ~15 MB/s. A text frame, bad
UTF-8 or bad JSON raise a traceback inside the server. `check_v1_frame` refuses all of those with a
one-line reason, in time proportional to the frame's length and with nothing large allocated.
"""

from __future__ import annotations

import json
from itertools import pairwise
from typing import Any

#: The channels a page may send on (iopub is the kernel's own output: nobody writes to it).
CLIENT_CHANNELS = frozenset({"shell", "control", "stdin"})
JSON_PARTS = ("header", "parent_header", "metadata", "content")
#: Binary buffers after the four JSON parts: a page sends at most one (a loaded file, an image).
MAX_BUFFERS = 16
MAX_OFFSETS = 2 + len(JSON_PARTS) + MAX_BUFFERS  # channel start, its end = header start, ... , end
#: tornado's default ``websocket_max_message_size`` (tornado closes the connection beyond it).
MAX_FRAME_BYTES = 10 * 1024 * 1024
#: header, parent header and metadata are a few hundred bytes.
MAX_HEADER_BYTES = 64 * 1024
#: A content may carry the game kept in the browser (up to MAX_RECORD_BYTES, 4 MB): only the frame bounds it.
MAX_CONTENT_BYTES = MAX_FRAME_BYTES


class BadFrame(ValueError):
    """A frame refused: its message is one line for the server log (never echoed to the visitor)."""


def check_v1_frame(frame: Any) -> tuple[str, dict[str, dict]]:
    """The channel and the four JSON parts of a well-formed v1 frame, else BadFrame saying why."""
    if not isinstance(frame, bytes):
        raise BadFrame("a text frame (v1 frames are binary)")
    size = len(frame)
    if size > MAX_FRAME_BYTES:
        raise BadFrame(f"{size} bytes (at most {MAX_FRAME_BYTES})")
    if size < 8:
        raise BadFrame(f"{size} bytes, too short for the offset count")
    count = int.from_bytes(frame[:8], "little")
    if not 2 + len(JSON_PARTS) <= count <= MAX_OFFSETS:
        raise BadFrame(f"offset count {count} (must be {2 + len(JSON_PARTS)}..{MAX_OFFSETS})")
    head = 8 * (count + 1)
    if head > size:
        raise BadFrame(f"{count} offsets do not fit in {size} bytes")
    offsets = [int.from_bytes(frame[8 * (i + 1): 8 * (i + 2)], "little") for i in range(count)]
    if offsets[0] < head:
        raise BadFrame(f"first offset {offsets[0]} points into the offset table (ends at {head})")
    if any(b < a for a, b in pairwise(offsets)):
        raise BadFrame("offsets decrease")
    if offsets[-1] > size:
        raise BadFrame(f"last offset {offsets[-1]} is past the end ({size} bytes)")
    try:
        channel = frame[offsets[0]:offsets[1]].decode("ascii")
    except UnicodeDecodeError:
        raise BadFrame("channel name is not ASCII") from None
    if channel not in CLIENT_CHANNELS:
        raise BadFrame(f"channel {channel[:20]!r} (must be one of {', '.join(sorted(CLIENT_CHANNELS))})")
    parts: dict[str, dict] = {}
    for i, name in enumerate(JSON_PARTS, start=1):
        start, stop = offsets[i], offsets[i + 1]
        limit = MAX_CONTENT_BYTES if name == "content" else MAX_HEADER_BYTES
        if stop - start > limit:
            raise BadFrame(f"{name} of {stop - start} bytes (at most {limit})")
        try:
            value = json.loads(frame[start:stop].decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            raise BadFrame(f"{name} is not UTF-8 JSON") from None
        if not isinstance(value, dict):
            raise BadFrame(f"{name} is not a JSON object")
        parts[name] = value
    if not isinstance(parts["header"].get("msg_type"), str):
        raise BadFrame("header has no msg_type")
    return channel, parts


def is_heartbeat(parts: dict[str, dict]) -> bool:
    """The page kit's liveness ping (`nbgames.ui.pagekit`): a custom widget message ``{"ping": 1}``.

    It is not a visitor's action, so it must not keep an idle page's kernel from being culled.
    (A visitor who forges one only makes their own kernel look idler.)"""
    if parts["header"].get("msg_type") != "comm_msg":
        return False
    data = parts["content"].get("data")
    return isinstance(data, dict) and data.get("method") == "custom" and data.get("content") == {"ping": 1}
