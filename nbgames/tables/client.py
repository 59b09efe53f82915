"""The kernel's side of a table: a page's kernel asks the server's table holder (docs/tables.md).

Every request is signed with the kernel's connection key like a progress event (the signing and
sending of `nbgames.classroom.sink.ProgressSink.request`, reused): the server knows which kernel,
hence which student, is asking. The kernel sends moves and gets views: it never holds the game.

Where: ``$NBGAMES_TABLES_URL``, else beside the progress endpoint (``…/nbgames/progress`` →
``…/nbgames/tables``); outside a class server (neither set) `enabled` is False.
"""

from __future__ import annotations

import json
import os
import urllib.error
from typing import Any
from urllib.parse import quote, urlencode

from ..classroom.sink import URL_ENV, ProgressSink
from .holder import TableError

TABLES_URL_ENV = "NBGAMES_TABLES_URL"


def tables_url() -> str:
    given = os.environ.get(TABLES_URL_ENV, "")
    if given:
        return given
    progress = os.environ.get(URL_ENV, "")
    return progress[: -len("progress")] + "tables" if progress.endswith("/nbgames/progress") else ""


def _at(code: str) -> str:
    return "/" + quote(str(code), safe="")


class TableClient:
    """A kernel's calls to the table holder; each returns the table as this kernel may see it
    (`TableHolder.view`) or raises `TableError` with the server's sentence and status.

    `student`: plain serve, the class code and nickname ``{"class": …, "name": …}`` the page
    joined with (under a hub the server knows the student; without either, the kernel is the player)."""

    def __init__(self, url: str | None = None, kernel_id: str | None = None, key: bytes | None = None,
                 student: dict | None = None, timeout: float = 10.0):
        self.url = tables_url() if url is None else url
        self._signed = ProgressSink(self.url, kernel_id, key, timeout=timeout)
        self.student = student
        self.timeout = timeout

    @property
    def enabled(self) -> bool:
        return self._signed.enabled

    def open(self, game: str, seats: list[str], options: dict | None = None) -> dict[str, Any]:
        """Open a table (nobody sits yet: `join` it); its view carries its ``code``."""
        return self._ask("POST", "", {"game": game, "seats": seats, **({"options": options} if options else {})})

    def join(self, code: str, seat: int) -> dict[str, Any]:
        return self._ask("POST", _at(code), {"do": "join", "seat": seat})

    def act(self, code: str, action: str) -> dict[str, Any]:
        return self._ask("POST", _at(code), {"do": "act", "action": str(action)})

    def check(self, code: str, action: str) -> dict[str, Any] | None:
        """Why the rules refuse `action` now (``{"rule", "reason"}``, the reason as `wire` sends it), or None."""
        return self._ask("POST", _at(code), {"do": "check", "action": str(action)})["refusal"]

    def close(self, code: str) -> dict[str, Any]:
        return self._ask("POST", _at(code), {"do": "close"})

    def view(self, code: str, after: int | None = None, wait: float = 20.0,
             events: int | None = None) -> dict[str, Any]:
        """The table now; with `after`, once its version passes `after` (or `wait` seconds pass);
        with `events`, also the game's public events from that index on."""
        query = {**({} if after is None else {"after": int(after), "wait": float(wait)}),
                 **({} if events is None else {"events": int(events)})}
        suffix = _at(code) + ("?" + urlencode(query) if query else "")
        self._signed.timeout = self.timeout + (wait if after is not None else 0)
        try:
            return self._ask("GET", suffix, None)
        finally:
            self._signed.timeout = self.timeout

    def _ask(self, method: str, suffix: str, data: dict | None) -> dict[str, Any]:
        if not self.enabled:
            raise TableError("tables need a class server (nbgames serve --class-progress)", 503)
        if data is not None and self.student is not None:
            data = {**data, "student": self.student}
        try:
            return self._signed.request(method, data, suffix)
        except urllib.error.HTTPError as exc:
            try:
                said = json.loads(exc.read() or b"{}")
                message, refusal = said.get("error") or exc.reason, said.get("refusal")
            except (ValueError, AttributeError):
                message, refusal = str(exc.reason), None
            raise TableError(str(message), exc.code, refusal if isinstance(refusal, dict) else None) from None
