"""The class's progress endpoint: ``<base>nbgames/progress`` (see nbgames/classroom and
docs/serving.md "Running a class").

Who writes: a page's **kernel**, not the browser (`nbgames.classroom.sink`). Each request names
its kernel and is signed with that kernel's connection key, which only the server and the kernel
hold (the browser talks to the kernel through the server, which signs messages for it). So:

- under JupyterHub the student is the hub user who owns the kernel (the first user whose page
  connected to it, `HubIdentityProvider.kernel_owners`); an event naming anyone else is refused;
- in plain ``nbgames serve`` the student is the class code and nickname the page's first event
  names; the kernel is bound to them, and an event from it naming another student is refused.

The kernel could write the database itself, but then every kernel would hold the database's
credentials (PostgreSQL) or the file (SQLite, where 20 writers contend for one lock), and under a
hub a pre-heated kernel does not know its student: the server does. Hence one writer, the server.

``POST <base>nbgames/progress``: one event (JSON, at most `MAX_BODY` bytes) → 201 (or 200 if the
event id was recorded already). ``GET <base>nbgames/progress``: the kernel's student's own data.
``GET <base>nbgames/progress/class/<code>``: a teacher's summary of a class, with
``Authorization: token <teacher token>`` (printed at start, or $NBGAMES_TEACHER_TOKEN).
Refused with 4xx and nothing written: unsigned or forged requests, unknown kernels, wrong types,
unknown lessons, bodies over the limit, another student's name.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import os
import re
import secrets
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from jupyter_server.utils import url_path_join
from tornado import web

from ..classroom.lessonfiles import LessonFiles, upload_dir
from ..classroom.sink import KERNEL_HEADER, SIGNATURE_HEADER, TIME_HEADER, URL_ENV, signature
from ..classroom.store import ProgressError, Store, check_class_code, check_nickname

PATH = "nbgames/progress"
MAX_BODY = 4096
MAX_SKEW = 300  # seconds between the kernel's clock stamp and the server's
KERNEL_ID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
TEACHER_ENV = "NBGAMES_TEACHER_TOKEN"
TEACHER_GROUP_ENV = "NBGAMES_TEACHER_GROUP"
TEACHER_GROUP = "nbgames-teachers"  # the hub group whose members see the teacher page
HUB_CLASS_ENV = "NBGAMES_HUB_CLASS"


def is_hub_teacher(user: dict | None, group: str | None = None) -> bool:
    """Whether a JupyterHub user model (as the hub's identity provider returns it) is a teacher:
    a hub admin, or a member of the teachers' group ($NBGAMES_TEACHER_GROUP, default `TEACHER_GROUP`)."""
    if not user:
        return False
    group = group or os.environ.get(TEACHER_GROUP_ENV, TEACHER_GROUP)
    return bool(user.get("admin")) or group in (user.get("groups") or [])


class ProgressService:
    """What the handlers share: the store, who owns which kernel, the teacher token.

    `kernel_key(kernel_id)`: the live kernel's connection key, or None; `kernel_owner(kernel_id)`:
    under a hub, the user who owns it (None otherwise); without `kernel_owner`, plain serve."""

    def __init__(self, store: Store, kernel_key: Callable[[str], bytes | None],
                 kernel_owner: Callable[[str], str | None] | None = None, teacher_token: str | None = None,
                 hub_class: str | None = None, lesson_files: LessonFiles | None = None):
        self.store = store
        # the lesson files a teacher hands out: the served lessons folder and the teacher's uploads
        self.lesson_files = lesson_files or LessonFiles(None, upload_dir(store.url))
        store.lesson_files = self.lesson_files.steps
        self.kernel_key = kernel_key
        self.kernel_owner = kernel_owner
        self.teacher_token = teacher_token or os.environ.get(TEACHER_ENV) or secrets.token_urlsafe(24)
        self.hub_class = check_class_code(hub_class or os.environ.get(HUB_CLASS_ENV) or "hub")
        self.bound: dict[str, tuple[str, str]] = {}  # plain serve: kernel id -> (class, nickname)
        # SQLite has one writer at a time: one thread; a server database takes a few at once.
        workers = 1 if store.engine.dialect.name == "sqlite" else 4
        self.executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="nbgames-progress")
        # the teacher page's board pictures: a game's view is built once, on a thread of its own
        self.pictures = ThreadPoolExecutor(max_workers=1, thread_name_prefix="nbgames-pictures")
        self.written = self.refused = 0
        self.identity = None  # under a hub: the server's identity provider (the teacher page asks it who)

    def is_teacher_token(self, given: str) -> bool:
        """Whether `given` is the teacher's token (compared in constant time)."""
        return bool(given) and hmac.compare_digest(given.encode(), self.teacher_token.encode())

    def student_of(self, kernel_id: str, claimed) -> tuple[str, str]:
        """The (class code, name) a kernel writes for; `claimed`: the event's "student" (or None)."""
        if self.kernel_owner is not None:
            owner = self.kernel_owner(kernel_id)
            if owner is None:
                raise ProgressError("this page's kernel belongs to no student yet", 403)
            if claimed is not None and (not isinstance(claimed, dict) or claimed.get("name") != owner):
                raise ProgressError("a page may record only its own student's progress", 403)
            return self.hub_class, owner
        bound = self.bound.get(kernel_id)
        if claimed is None:
            if bound is None:
                raise ProgressError("name the student first: 'student': {'class': CODE, 'name': NICKNAME}")
            return bound
        if not isinstance(claimed, dict) or set(claimed) != {"class", "name"}:
            raise ProgressError("'student' must be {'class': CODE, 'name': NICKNAME}")
        student = check_class_code(claimed["class"]), check_nickname(claimed["name"])
        if bound is not None and bound != student:
            raise ProgressError("a page may record only its own student's progress", 403)
        self.bound[kernel_id] = student
        if len(self.bound) > 5000:  # forget kernels that are gone
            self.bound = {k: v for k, v in self.bound.items() if self.kernel_key(k) is not None}
        return student

    def close(self) -> None:
        self.pictures.shutdown(wait=True)
        self.executor.shutdown(wait=True)
        self.store.close()


class _Base(web.RequestHandler):
    service: ProgressService

    def initialize(self, service: ProgressService) -> None:
        self.service = service

    def check_xsrf_cookie(self) -> None:
        return None  # no cookie is trusted here: every request is signed (kernel) or carries a token

    def set_default_headers(self) -> None:
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")

    def write_error(self, status_code: int, **kwargs) -> None:
        exc = kwargs.get("exc_info", (None, None, None))[1]
        message = exc.log_message if isinstance(exc, web.HTTPError) and exc.log_message else "refused"
        self.finish(json.dumps({"error": message}))

    def refuse(self, status: int, message: str) -> None:
        self.service.refused += 1
        self.log_refusal(message)
        raise web.HTTPError(status, message)

    async def record(self, class_code: str, name: str, data: dict) -> None:
        """Record one event of that student (in the writer thread) and answer 201, or 200 if its id
        was recorded before; a bad event is refused (also the hub's class service's, hubservice.py)."""
        loop = asyncio.get_running_loop()
        try:
            new = await loop.run_in_executor(self.service.executor, self.service.store.record, class_code, name, data)
        except ProgressError as exc:
            self.refuse(exc.status, str(exc))
        self.service.written += new
        self.set_status(201 if new else 200)
        self.finish(json.dumps({"recorded": bool(new)}))

    def log_refusal(self, message: str) -> None:
        import logging

        logging.getLogger("nbgames.progress").warning("Refused a progress request from %s: %s",
                                                      self.request.remote_ip, message)


@web.stream_request_body
class ProgressHandler(_Base):
    """POST one event from a kernel; GET the kernel's student's own data."""

    def limit_body(self, noun: str, one: str) -> None:
        """A POST says its size first and stays under MAX_BODY (refused before its body comes)."""
        self._body = bytearray()
        length = self.request.headers.get("Content-Length")
        if self.request.method == "POST":
            if length is None or not length.isdigit():
                self.refuse(411, f"send the {noun} with a Content-Length")
            if int(length) > MAX_BODY:
                self.refuse(413, f"{one} is at most {MAX_BODY} bytes")
            self.request.connection.set_max_body_size(MAX_BODY)

    def prepare(self) -> None:
        self.limit_body("event", "an event")
        self.kernel_id = self.request.headers.get(KERNEL_HEADER, "")
        if not KERNEL_ID.match(self.kernel_id):
            self.refuse(403, "not a page's kernel")

    def data_received(self, chunk: bytes) -> None:
        self._body += chunk
        if len(self._body) > MAX_BODY:
            self.refuse(413, f"an event is at most {MAX_BODY} bytes")

    def verify(self) -> None:
        key = self.service.kernel_key(self.kernel_id)
        stamp = self.request.headers.get(TIME_HEADER, "")
        given = self.request.headers.get(SIGNATURE_HEADER, "")
        if key is None:
            self.refuse(403, "not a page's kernel")
        if not stamp.isdigit() or abs(int(stamp) - time.time()) > MAX_SKEW:
            self.refuse(403, "stale or missing time stamp")
        wanted = signature(key, self.request.method, self.request.path, stamp, bytes(self._body))
        if not hmac.compare_digest(wanted, given):
            self.refuse(403, "bad signature")

    async def post(self) -> None:
        self.verify()
        try:
            data = json.loads(bytes(self._body))
        except (ValueError, UnicodeDecodeError):
            self.refuse(400, "the body must be a JSON event")
        try:
            if not isinstance(data, dict):
                raise ProgressError("an event is a JSON object")
            class_code, name = self.service.student_of(self.kernel_id, data.get("student"))
        except ProgressError as exc:
            self.refuse(exc.status, str(exc))
        await self.record(class_code, name, data)

    async def get(self) -> None:
        self.verify()
        try:
            class_code, name = self.service.student_of(self.kernel_id, None)
        except ProgressError as exc:
            self.refuse(exc.status, str(exc))
        loop = asyncio.get_running_loop()
        mine = await loop.run_in_executor(self.service.executor, self.service.store.student, class_code, name)
        self.finish(json.dumps(mine))


class TeacherHandler(_Base):
    """GET a class's summary: teacher token only (the teacher page builds on this)."""

    async def get(self, class_code: str) -> None:
        if not self.service.is_teacher_token(header_token(self.request)):
            self.refuse(403, "for the teacher only")
        try:
            code = check_class_code(class_code)
        except ProgressError as exc:
            self.refuse(400, str(exc))
        loop = asyncio.get_running_loop()
        summary = await loop.run_in_executor(self.service.executor, self.service.store.class_summary, code)
        self.finish(json.dumps(summary))


def header_token(request) -> str:
    """The token of a request's ``Authorization: token <…>`` header ("" if none)."""
    given = request.headers.get("Authorization", "")
    return given[len("token "):] if given.startswith("token ") else ""


def handlers(base_url: str, service: ProgressService) -> list[tuple]:
    from .teacher import handlers as teacher_handlers  # the teacher page (nbgames/serve/teacher.py)

    path = url_path_join(base_url, PATH)
    return [(path, ProgressHandler, {"service": service}),
            (url_path_join(path, "class", r"([^/]+)"), TeacherHandler, {"service": service}),
            *teacher_handlers(base_url, service, service.identity)]


def voila_service(app) -> ProgressService | None:
    """For `NbgamesVoila` with `class_progress` on: open (and migrate) the database, tell the kernels
    where to post, print the teacher token. None when progress is off."""
    if not app.class_progress:
        return None
    from sqlalchemy.exc import SQLAlchemyError

    try:
        store = Store.open(app.class_db or None)
    except SQLAlchemyError as exc:  # say which database, not a page of traceback
        raise SystemExit(f"nbgames serve: the class database cannot be opened: {exc.__class__.__name__}: "
                         f"{str(exc).splitlines()[0]}") from None

    def kernel_key(kernel_id: str) -> bytes | None:
        try:
            return app.kernel_manager.get_kernel(kernel_id).session.key
        except (KeyError, AttributeError):
            return None

    owners = getattr(app.identity_provider, "kernel_owners", None)
    owner = (lambda kernel_id: app.identity_provider.kernel_owners.get(kernel_id)) if owners is not None else None
    from pathlib import Path

    files = LessonFiles(Path(app.root_dir) / "lessons", upload_dir())  # the folder init_settings told the kernels
    service = ProgressService(store, kernel_key, owner, teacher_token=app.teacher_token or None, lesson_files=files)
    service.identity = app.identity_provider
    os.environ[URL_ENV] = kernel_url(app)
    app.log.warning("nbgames serve: class progress recorded in %s", store.url)
    app.log.warning("nbgames serve: teacher token (keep it for the teacher page): %s", service.teacher_token)
    app.log.warning("nbgames serve: the teacher page: this server's address + %s?token=%s",
                    url_path_join(app.base_url, "nbgames/teacher"), service.teacher_token)
    return service


def kernel_url(app) -> str:
    """Where the server's kernels post (the server's own address, loopback when it listens on all)."""
    host = app.ip if app.ip not in ("", "0.0.0.0", "::", "*") else "127.0.0.1"
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{app.port}{url_path_join(app.base_url, PATH)}"
