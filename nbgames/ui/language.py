"""Which language a page is shown in, decided once when the page opens.

A link may say it (``?lang=ja``, for a teacher's shared link); otherwise the visitor's choice on
the gallery (kept in their browser: the page template turns it into ``?lang=`` before anything
loads), otherwise the browser's preferred language (its ``Accept-Language``, which Voilà hands
to the kernel), otherwise English. In Voilà a pre-heated kernel runs the notebook before anyone
asks for the page, so the first call here waits for the request (as Voilà's `wait_for_request`).
"""

from __future__ import annotations

import os
from urllib.parse import parse_qs

from ..i18n import LANGUAGES, current, normalize, set_language

_decided = False


def page_language(lang: str | None = None) -> str:
    """Set and return the page's language: `lang` if given, else what the request asks for."""
    global _decided
    if lang:
        _decided = True
        return set_language(lang)
    if _decided:
        return current()
    _decided = True
    return set_language(requested_language())


def requested_language() -> str:
    """The language the page's request asks for (see the module docstring)."""
    if _before_request():
        warm_up()  # while no visitor waits
    asked = request_query().get("lang", [""])[0]
    if asked:
        return normalize(asked)
    return preferred(os.environ.get("HTTP_ACCEPT_LANGUAGE", ""))


def _before_request() -> bool:
    """A pre-heated kernel whose visitor has not asked for the page yet."""
    return os.environ.get("VOILA_PREHEAT", "False") != "False" and "QUERY_STRING" not in os.environ


def request_query() -> dict[str, list[str]]:
    """The page request's query parameters (``?lang=ja&lesson=…``); a pre-heated kernel first
    waits for its visitor's request."""
    if _before_request():
        wait_for_request()
    return parse_qs(os.environ.get("QUERY_STRING", ""))


def warm_up() -> None:
    """Do now what every page needs in any language, while no visitor waits: import every game's
    rules and view, index the rulebooks, read the catalogues (≈0.25 CPU-s of a page's 0.3 after
    its request; twenty students arriving at once share two cores)."""
    from ..engine.registry import available_games, manifest
    from ..i18n import domains, gettext
    from ..rulebook import cited

    for game in map(manifest, available_games()):
        game.rules_class()
        if game.view:
            game.view_class()
    cited("")
    for lang in LANGUAGES:
        for domain in domains():
            gettext("Undo", lang, domain)


def wait_for_request() -> None:
    """Voilà's `voila.utils.wait_for_request`: a pre-heated kernel waits until a visitor asks for
    its page, then learns the request (query string, headers) in its environment. One change: if
    the server goes away first (it stops), this kernel ends quietly — nobody will ever use it, and
    going on would only answer into closed sockets."""
    import asyncio
    import json
    import threading

    import websockets

    env = os.environ.get
    base = env("VOILA_WS_BASE_URL", env("VOILA_SERVER_URL", "/"))
    url = (f"{env('VOILA_WS_PROTOCOL', 'ws')}://{env('VOILA_APP_IP', '127.0.0.1')}:{env('VOILA_APP_PORT', '8866')}"
           f"{base}voila/query/{env('VOILA_KERNEL_ID')}")
    outcome: dict[str, object] = {}

    async def receive() -> None:
        try:
            async with websockets.connect(url, open_timeout=5) as socket:
                outcome["connected"] = True
                outcome["info"] = await socket.recv()
        except (TimeoutError, OSError, websockets.exceptions.WebSocketException):
            # Never reached: go on with what we know. Lost after connecting: the server went away.
            outcome["closed"] = outcome.get("connected", False)

    worker = threading.Thread(target=lambda: asyncio.run(receive()), daemon=True)
    worker.start()
    try:
        worker.join()
    except (KeyboardInterrupt, SystemExit):  # the server shuts this waiting kernel down
        os._exit(0)
    if outcome.get("closed"):
        os._exit(0)
    if isinstance(outcome.get("info"), str):
        os.environ.update(json.loads(outcome["info"]))


def preferred(accept_language: str) -> str:
    """The first language of an ``Accept-Language`` header this project speaks (else English):
    "fr-FR,ja;q=0.8,en;q=0.5" -> "ja"."""
    ranked = []
    for index, part in enumerate(accept_language.split(",")):
        code, _, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                weight = 0.0
        ranked.append((-weight, index, code.strip().lower().split("-")[0]))
    for _, _, code in sorted(ranked):
        if code in LANGUAGES:
            return code
    return "en"
