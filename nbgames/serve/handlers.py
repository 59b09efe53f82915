"""Tornado handlers that make Voilà's standalone server fit for anonymous visitors."""

from __future__ import annotations

import html
import json
from http.client import responses

from tornado import web
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from .frames import BadFrame, check_v1_frame, is_heartbeat

V1_PROTOCOL = "v1.kernel.websocket.jupyter.org"

FRIENDLY_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>nbgames · {title}</title>
<link rel="icon" href="{base}voila/templates/nbgames/static/favicon.svg" type="image/svg+xml">
<style>
 body {{ font-family: system-ui, sans-serif; background: #f6f3ea; color: #2b2b2b;
        display: flex; min-height: 90vh; align-items: center; justify-content: center; }}
 main {{ max-width: 32rem; text-align: center; }}
 h1 {{ font-size: 1.6rem; }} a {{ color: #1d5e8c; }}
</style></head>
<body><main class="nbgames-error">
<h1>{title}</h1>
<p>{text}</p>
<p><a href="{base}">Back to the game gallery</a></p>
</main></body></html>
"""


def friendly_text(status_code: int) -> tuple[str, str]:
    """A title and a sentence for a visitor; never the exception."""
    if status_code == 404:
        return "Page not found", "There is no game or lesson at this address."
    if status_code in (400, 403, 405):
        return "Not available", "This address is not part of the game gallery."
    return "Something went wrong", "The page could not be shown. Please reload it in a moment."


class FriendlyErrorsMixin:
    """Replace any error response with a short nbgames page (or a JSON message for API calls).

    Voilà's and jupyter_server's own error pages echo exception messages (file paths, kernel ids);
    the server log keeps the details, visitors get a sentence.
    """

    def write_error(self, status_code: int, **kwargs) -> None:
        title, text = friendly_text(status_code)
        base = self.settings.get("base_url", "/")
        self.clear_header("Content-Security-Policy")
        if "/api/" in self.request.path:
            self.set_header("Content-Type", "application/json")
            self.finish(json.dumps({"message": responses.get(status_code, "Error")}))
            return
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(FRIENDLY_PAGE.format(title=html.escape(title), text=html.escape(text),
                                         base=html.escape(base)))


def friendly(handler_class: type) -> type:
    """``handler_class`` with friendly errors (a subclass, so Voilà's code stays untouched)."""
    if issubclass(handler_class, FriendlyErrorsMixin):
        return handler_class
    return type(f"Friendly{handler_class.__name__}", (FriendlyErrorsMixin, handler_class), {})


class NotFoundHandler(FriendlyErrorsMixin, web.RequestHandler):
    """Everything that is not a page of the gallery: /tree, /lab, /terminals, /api/contents, ..."""

    def prepare(self) -> None:
        raise web.HTTPError(404)


class SafeKernelWebsocketHandler(FriendlyErrorsMixin, VoilaKernelWebsocketHandler):
    """The kernel websocket, v1 subprotocol only.

    Voilà 0.5.13 decodes every binary frame it forwards as a v1 message to filter ``execute_input``.
    On a legacy (no subprotocol) connection the first 8 bytes are not an offset count, and
    ``read_header_from_binary_message`` builds a list of ~10**18 offsets: the event loop never
    returns and the whole server hangs for everyone. Voilà's own front end always asks for v1, so
    refusing the rest costs nothing; the write path is also guarded in case a protocol slips by.
    The v1 reader trusts a frame's offset count the same way: every incoming frame is checked
    first (`on_message`).
    """

    async def get(self, *args, **kwargs):
        offered = [p.strip() for p in self.request.headers.get("Sec-WebSocket-Protocol", "").split(",")]
        if V1_PROTOCOL not in offered:
            self.log.warning("Refused kernel websocket without the %s subprotocol from %s",
                             V1_PROTOCOL, self.request.remote_ip)
            raise web.HTTPError(400, "kernel websocket needs the v1 subprotocol")
        return await super().get(*args, **kwargs)

    async def open(self, kernel_id):
        mark = getattr(self.kernel_manager, "mark_connected", None)
        if mark is not None:
            mark(kernel_id)
        result = await super().open(kernel_id)
        # TCP_NODELAY. A click makes the kernel send a burst of small frames (status busy,
        # widget updates, canvas commands, status idle: 8 frames). With Nagle's algorithm a
        # frame waits while earlier data is unacknowledged and the browser delays its ACK
        # (~40 ms on Linux): measured 30-40 ms between the server writing the canvas frame and
        # the page receiving it; click -> board redrawn median 65 -> 33 ms (benchmarks/ui.py).
        # Set after the parent's open: tornado turns Nagle back on once the upgrade response is
        # written (HTTP1Connection._finish_request), which runs after open has started.
        if self.ws_connection is not None:
            self.set_nodelay(True)
        return result

    def on_message(self, ws_message):
        """Check every incoming frame before jupyter_server parses it (see `nbgames.serve.frames`):
        a malformed one is refused, logged in one line, and its connection closed."""
        try:
            _, parts = check_v1_frame(ws_message)
        except BadFrame as why:
            self.log.warning("Refused a kernel websocket frame from %s (%s); connection closed.",
                             self.request.remote_ip, why)
            self.close(1008, "malformed frame")
            return None
        if is_heartbeat(parts):
            ignore = getattr(self.kernel_manager, "ignore_activity_of", None)
            if ignore is not None and getattr(self, "kernel_id", None):
                ignore(self.kernel_id, parts["header"].get("msg_id"))
        return super().on_message(ws_message)

    def on_close(self):
        mark = getattr(self.kernel_manager, "mark_disconnected", None)
        kernel_id = getattr(self, "kernel_id", None)
        if mark is not None and kernel_id:
            mark(kernel_id)
        return super().on_close()

    def write_message(self, message, binary: bool = False):
        if self.ws_connection is None or self.ws_connection.is_closing():
            # The kernel's answers still arriving for a connection closed meanwhile (e.g. refused
            # above): tornado would raise, and jupyter_server logs an empty warning line for each.
            return None
        if isinstance(message, bytes) and self.selected_subprotocol != V1_PROTOCOL:
            # Never parse a non-v1 frame as v1 (the hang above); drop it instead.
            return None
        return super().write_message(message, binary)


class PageExitShutdownHandler(FriendlyErrorsMixin, VoilaShutdownKernelHandler):
    """Voilà's page asks the server to shut its kernel down when the visitor leaves or reloads.

    Its request carries no ``_xsrf`` token, so jupyter_server refused it (a 403 in the console on
    every reload or page exit, and the kernel lived on until culled). It is accepted from this
    site's own pages only: browsers mark every request with ``Sec-Fetch-Site``, which no page can
    forge; anything else still needs the token. A kernel id is a random UUID only its page knows.
    """

    def check_xsrf_cookie(self):
        if self.request.headers.get("Sec-Fetch-Site") == "same-origin":
            return None
        return super().check_xsrf_cookie()

