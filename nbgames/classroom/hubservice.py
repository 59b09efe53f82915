"""The class's database on JupyterHub in mode ``servers`` (one Jupyter server per student).

Two halves (docs/hub/README.md):

- **the service** (``python -m nbgames.classroom.hubservice``, started by the hub as the service
  ``nbgames``): the only process that holds the class database. It serves the teacher page at
  ``/services/nbgames/nbgames/teacher`` (hub OAuth: a hub admin or a member of the teachers' group
  sees it; anyone else gets 403, and a visitor with no hub session goes to the login first) and
  ``POST/GET /services/nbgames/nbgames/progress/hub``, where a student's server hands in its
  kernels' events with ``Authorization: token <that server's JupyterHub API token>``. The service
  asks the hub whose token it is (`HubAuth.user_for_token`) and records under that hub user only:
  an event naming anybody else is refused (403), and so is a request with no token, a token of
  no user, or a token of a service.
- **each student's server** (the jupyter_server extension of this module, switched on by
  ``nbgames hub-config --mode servers --class-progress``): the kernels post their events to their
  own server, signed with their connection keys, exactly as under ``nbgames serve``
  (nbgames/serve/progress.py checks the signature and that the event names nobody but the
  server's owner); the server then forwards the event to the service (`HubForwarder`). A student's
  server holds its own hub token and no database credentials.

A student owns their server (they may run code there), so a student can write made-up progress
for themselves; no student can write for another, nor read anything but their own.

**Tables** (issue 31, docs/tables.md) go the same way: the service holds the one `TableHolder` (in
the class database) at ``…/nbgames/tables/hub[/<code>]``, and takes who is asking from the hub
token's user only (``<hub class>/<user>``, as `nbgames serve` under a hub names a kernel's owner);
each student's server mounts ``<base>nbgames/tables`` for its kernels' `TableClient`, checks the
kernel's signature and forwards the request as it is, with its own hub token (`TablesForwarder`).
So two students' kernels on two servers sit at one table, and a table's code lets in nobody
without a hub token of their own.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from types import SimpleNamespace
from urllib.parse import urlparse

from jupyter_server.utils import url_path_join
from tornado import web

from ..serve.progress import _Base
from .store import ProgressError

SERVICE_ENV = "NBGAMES_CLASS_SERVICE"  # in a student's server: the service's …/progress/hub address
HUB_PATH = "nbgames/progress/hub"
TABLES_HUB_PATH = "nbgames/tables/hub"
log = logging.getLogger("nbgames.hubservice")


class ServiceAway(Exception):
    """The service did not answer (the kernel's sink tries again on the 500 this becomes)."""


class HubForwarder:
    """A student's server's stand-in for the class database: each event goes to the service.

    Shaped as the part of `nbgames.classroom.Store` that nbgames/serve/progress.py uses (`record`,
    `student`, `close`, `url`, `engine.dialect.name`); called in the progress executor's threads."""

    engine = SimpleNamespace(dialect=SimpleNamespace(name="hub-service"))

    def __init__(self, url: str, token: str, timeout: float = 10.0):
        self.url, self.token, self.timeout = url, token, timeout

    def _ask(self, method: str, body: bytes | None = None) -> tuple[int, dict]:
        request = urllib.request.Request(self.url, data=body, method=method, headers={
            "Authorization": f"token {self.token}", "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as answer:
                return answer.status, json.loads(answer.read() or b"{}")
        except urllib.error.HTTPError as exc:
            try:
                message = json.loads(exc.read() or b"{}").get("error") or exc.reason
            except ValueError:
                message = str(exc.reason)
            if exc.code < 500:
                raise ProgressError(str(message), exc.code) from None
            raise ServiceAway(f"the class service answered {exc.code}: {message}") from None
        except OSError as exc:
            raise ServiceAway(f"the class service cannot be reached: {exc}") from None

    def record(self, class_code: str, name: str, data) -> bool:
        """Hand one event to the service (which records it under this server's hub user)."""
        status, _ = self._ask("POST", json.dumps(data).encode())
        return status == 201

    def student(self, class_code: str, name: str) -> dict:
        return self._ask("GET")[1]

    def close(self) -> None:
        return None


def tables_target(progress_target: str) -> str:
    """The service's tables door beside its progress door (``…/nbgames/progress/hub`` → ``…/nbgames/tables/hub``)."""
    return progress_target[: -len(HUB_PATH)] + TABLES_HUB_PATH if progress_target.endswith(HUB_PATH) else ""


def _forwarder_class():
    from ..serve.progress import ProgressHandler

    class TablesForwarder(ProgressHandler):
        """``<base>nbgames/tables[/<code>]`` in a student's server: a kernel's signed table request
        (checked as a progress event is), forwarded as it is to the class service with this server's
        hub token; the service's answer (status and body) goes back to the kernel."""

        def initialize(self, service, target: str, token: str) -> None:  # type: ignore[override]
            super().initialize(service)
            self.target, self.token = target, token

        async def post(self, code: str | None = None) -> None:
            await self.forward(code)

        async def get(self, code: str | None = None) -> None:
            await self.forward(code)

        async def forward(self, code: str | None) -> None:
            from urllib.parse import quote

            from tornado.httpclient import AsyncHTTPClient, HTTPRequest

            from ..serve.tables import MAX_WAIT

            self.verify()  # this server's kernel, signed with its key: the owner's (the hub lets only them in)
            url = self.target + ("/" + quote(code, safe="") if code else "")
            if self.request.query:
                url += "?" + self.request.query
            post = self.request.method == "POST"
            request = HTTPRequest(url, method=self.request.method, body=bytes(self._body) if post else None,
                                  headers={"Authorization": f"token {self.token}",
                                           "Content-Type": "application/json"},
                                  request_timeout=MAX_WAIT + 15, connect_timeout=10)
            try:
                answer = await AsyncHTTPClient().fetch(request, raise_error=False)
            except OSError as exc:
                raise web.HTTPError(503, "the class service cannot be reached") from exc
            if answer.code >= 599:
                raise web.HTTPError(503, "the class service cannot be reached")
            self.set_status(answer.code)
            self.finish(answer.body or b"{}")

    return TablesForwarder


# --- the extension in each student's server --------------------------------------------------------
def _jupyter_server_extension_points():
    return [{"module": "nbgames.classroom.hubservice"}]


def _load_jupyter_server_extension(serverapp) -> None:
    """Mount ``<base>nbgames/progress`` in a student's server and tell its kernels to post there."""
    from ..serve.progress import PATH, ProgressHandler, ProgressService, kernel_url
    from .sink import HUB_ENV, URL_ENV

    target, token = os.environ.get(SERVICE_ENV, ""), os.environ.get("JUPYTERHUB_API_TOKEN", "")
    user = os.environ.get("JUPYTERHUB_USER", "")
    if not (target and token and user):
        serverapp.log.warning("nbgames: no class progress here (needs $%s, $JUPYTERHUB_API_TOKEN and "
                              "$JUPYTERHUB_USER: a student's server on the hub)", SERVICE_ENV)
        return

    def kernel_key(kernel_id: str) -> bytes | None:
        try:
            return serverapp.kernel_manager.get_kernel(kernel_id).session.key
        except (KeyError, AttributeError, web.HTTPError):  # (jupyter_server says an unknown kernel with a 404)
            return None

    # the hub lets only the server's owner in, so every kernel here is theirs
    service = ProgressService(HubForwarder(target, token), kernel_key, lambda kernel_id: user)
    tables = url_path_join(serverapp.base_url, "nbgames/tables")
    forward = {"service": service, "target": tables_target(target), "token": token}
    forwarder = _forwarder_class()
    serverapp.web_app.add_handlers(".*$", [(url_path_join(serverapp.base_url, PATH), ProgressHandler,
                                            {"service": service}),
                                           (tables, forwarder, forward),
                                           (url_path_join(tables, r"([^/]{1,20})"), forwarder, forward)])
    os.environ[URL_ENV] = kernel_url(serverapp)  # kernels start after this: they inherit it
    os.environ[HUB_ENV] = "1"
    serverapp.log.info("nbgames: class progress of %s goes to %s", user, target)


# --- the service --------------------------------------------------------------------------------------
class HubIdentity:
    """Who a request comes from, by the hub's OAuth cookie (or a hub token in the Authorization
    header): what the teacher page asks (``get_user(handler).hub_user``, the hub's user model)."""

    def __init__(self, hub_auth):
        self.hub_auth = hub_auth

    async def get_user(self, handler):
        """As JupyterHub's identity provider does: the user (or None, then `handler.get_login_url`
        is the hub's login, which brings the visitor back)."""
        model = await self.hub_auth.get_user(handler, sync=False)
        handler._jupyterhub_user = SimpleNamespace(hub_user=model) if model else None
        if model is None:
            handler.get_login_url = lambda: self.login_url(handler)
        return handler._jupyterhub_user

    def login_url(self, handler) -> str:
        """The hub's authorize address; it brings the visitor back to this request's address."""
        from tornado.httputil import url_concat

        params = {}
        if self.hub_auth.pkce_enabled:
            verifier, challenge, method = self.hub_auth.generate_pkce_code_challenge()
            params.update(code_challenge=challenge, code_challenge_method=method)
        else:
            verifier = None
        params["state"] = self.hub_auth.set_state_cookie(handler, next_url=handler.request.uri,
                                                        code_verifier=verifier)
        return url_concat(self.hub_auth.login_url, params)


class HubRecordHandler(_Base):
    """``POST`` one event of the token's hub user; ``GET`` that user's own data (JSON errors, no
    cookie counts: only the Authorization header's hub token; see `nbgames.serve.progress._Base`)."""

    def initialize(self, service, hub_auth) -> None:
        super().initialize(service)
        self.hub_auth = hub_auth

    async def user(self) -> str:
        return await token_user(self)

    async def post(self) -> None:
        from ..serve.progress import MAX_BODY

        name = await self.user()
        if len(self.request.body) > MAX_BODY:
            self.refuse(413, f"an event is at most {MAX_BODY} bytes")
        try:
            data = json.loads(self.request.body)
        except (ValueError, UnicodeDecodeError):
            self.refuse(400, "the body must be a JSON event")
        if not isinstance(data, dict):
            self.refuse(400, "an event is a JSON object")
        claimed = data.pop("student", None)
        if claimed is not None and (not isinstance(claimed, dict) or claimed.get("name") != name):
            self.refuse(403, "a server may record only its own student's progress")
        await self.record(self.service.hub_class, name, data)

    async def get(self) -> None:
        name = await self.user()
        loop = asyncio.get_running_loop()
        mine = await loop.run_in_executor(self.service.executor, self.service.store.student, self.service.hub_class,
                                          name)
        self.finish(json.dumps(mine))


async def token_user(handler) -> str:
    """The hub user whose token the request carries (``Authorization: token …``); refused (403)
    without one, for a token of nobody or of a service; 503 when the hub does not answer."""
    from ..serve.progress import header_token

    token = header_token(handler.request)
    if not token:
        handler.refuse(403, "send your server's hub token: Authorization: token …")
    try:
        model = await handler.hub_auth.user_for_token(token, sync=False)
    except Exception as exc:  # noqa: BLE001 - the hub is away: the sink tries again later
        raise web.HTTPError(503, "the hub does not answer") from exc
    if not model or model.get("kind", "user") != "user" or not model.get("name"):
        handler.refuse(403, "not a hub user's token")
    return model["name"]


def _hub_tables_class():
    from ..serve.tables import TablesHandler

    class HubTablesHandler(TablesHandler):
        """The service's tables door: `TablesHandler` with who is asking taken from the hub token's
        user (a student's server forwarding its kernel's request) instead of a kernel's signature."""

        def initialize(self, service, tables, hub_auth) -> None:  # type: ignore[override]
            super().initialize(service, tables)
            self.hub_auth = hub_auth

        async def prepare(self) -> None:  # type: ignore[override]
            self.limit_body("request", "a request")
            self.kernel_id = None
            self.hub_user = await token_user(self)

        def verify(self) -> None:
            return None  # the token was checked before the body came (prepare)

        def who(self, claimed) -> str:
            if claimed is not None and (not isinstance(claimed, dict) or claimed.get("name") != self.hub_user):
                self.refuse(403, "a server may act only for its own student")
            return f"{self.service.hub_class}/{self.hub_user}"

    return HubTablesHandler


def service_app(store, hub_auth, prefix: str) -> web.Application:
    """The service's tornado application: the teacher page, the forwarded events, the OAuth callback."""
    from jupyterhub.services.auth import HubOAuthCallbackHandler

    from ..serve import teacher
    from ..serve.progress import ProgressService
    from ..serve.tables import TablesService

    # no kernels of its own: every event comes in with a hub token (kernel_owner is never asked,
    # but being set tells the teacher page it is under a hub)
    service = ProgressService(store, lambda kernel_id: None, lambda kernel_id: None)
    routes = teacher.handlers(prefix, service, HubIdentity(hub_auth))
    tables = TablesService(service)  # the one holder of the class's tables; the teacher page lists them
    service.tables = tables
    door, handler = url_path_join(prefix, TABLES_HUB_PATH), _hub_tables_class()
    args = {"service": service, "tables": tables, "hub_auth": hub_auth}
    routes += [(door, handler, args), (url_path_join(door, r"([^/]{1,20})"), handler, args)]
    routes += [(url_path_join(prefix, HUB_PATH), HubRecordHandler, {"service": service, "hub_auth": hub_auth}),
               (urlparse(hub_auth.oauth_redirect_uri).path, HubOAuthCallbackHandler)]  # uses HubOAuth.instance()
    app = web.Application(routes, hub_auth=hub_auth, cookie_secret=os.urandom(32), xsrf_cookies=False)
    app.progress = service
    return app


def main(argv: list[str] | None = None) -> int:
    """``python -m nbgames.classroom.hubservice``: the class service, run by JupyterHub."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m nbgames.classroom.hubservice", description=main.__doc__)
    parser.add_argument("--class-db", default=os.environ.get("NBGAMES_CLASS_DB") or None, metavar="URL",
                        help="the class database (default $NBGAMES_CLASS_DB, else an SQLite file here)")
    args = parser.parse_args(argv)
    if "JUPYTERHUB_API_TOKEN" not in os.environ:
        print("nbgames.classroom.hubservice: run by JupyterHub as a service (no JUPYTERHUB_API_TOKEN)",
              file=sys.stderr)
        return 2
    from jupyterhub.services.auth import HubOAuth
    from sqlalchemy.exc import SQLAlchemyError
    from tornado.ioloop import IOLoop

    from .store import Store

    logging.basicConfig(level=logging.INFO, format="[%(levelname)1.1s %(asctime)s %(name)s] %(message)s")
    try:
        store = Store.open(args.class_db)
    except SQLAlchemyError as exc:
        print(f"nbgames.classroom.hubservice: the class database cannot be opened: {exc.__class__.__name__}: "
              f"{str(exc).splitlines()[0]}", file=sys.stderr)
        return 2
    hub_auth = HubOAuth.instance(cache_max_age=60)  # the one the OAuth callback handler finds
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/services/nbgames/")
    url = urlparse(os.environ.get("JUPYTERHUB_SERVICE_URL", "http://127.0.0.1:8866"))
    app = service_app(store, hub_auth, prefix)
    app.listen(url.port or 8866, url.hostname or "127.0.0.1", max_body_size=64 * 1024)
    log.info("nbgames class service: progress recorded in %s", store.url)
    log.warning("nbgames class service: teacher token (for a script, or a teacher without a hub account): %s",
                app.progress.teacher_token)
    log.info("nbgames class service is running at %s (teacher page: %s)", url.geturl(),
             url_path_join(prefix, "nbgames/teacher"))
    try:
        IOLoop.current().start()
    except KeyboardInterrupt:
        pass
    finally:
        app.progress.tables.close()
        app.progress.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
