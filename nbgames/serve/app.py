"""``NbgamesVoila``: Voilà's standalone app with nbgames' config, template and handler table."""

from __future__ import annotations

import logging
import os
from pathlib import Path
from unittest import mock

import jinja2
import voila.app
import voila.notebook_renderer
from jupyter_server.utils import url_path_join
from tornado import web
from traitlets import Bool, Integer, List, Unicode, default
from traitlets.config.loader import JSONFileConfigLoader
from voila.app import Voila
from voila.exporter import VoilaExporter
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.contentshandler import VoilaContentsHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler
from voila.tornado.treehandler import TornadoVoilaTreeHandler

from . import CONFIG_ENV, PACKAGE_DIR, SHARE_DIR, forkserver
from .handlers import NotFoundHandler, PageExitShutdownHandler, SafeKernelWebsocketHandler, friendly
from .kernels import FORKED_KERNEL_MB, KERNEL_MB, TEMPLATE_MB, classroom_pool, kernel_environment
from .progress import handlers as progress_handlers
from .progress import kernel_url, voila_service

LANDING = "index.ipynb"


class CompiledTemplates(jinja2.BytecodeCache):
    """Compiled page templates, kept for the server's life. Voilà makes a new exporter for each
    page, and with it a Jinja environment that compiled every template again: a fifth of the
    server's CPU while a page loads (py-spy, 2026-12-04). Jinja checks a template's source
    checksum on load (an edited template is compiled anew); the key names the file and whether
    the code is async."""

    def __init__(self):
        self._code: dict[tuple[str, bool], bytes] = {}

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        code = self._code.get((bucket.key, bucket.environment.is_async))
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self._code[(bucket.key, bucket.environment.is_async)] = bucket.bytecode_to_string()


COMPILED_TEMPLATES = CompiledTemplates()


class NbgamesExporter(VoilaExporter):
    """Voilà's exporter, its templates compiled once per server (`CompiledTemplates`)."""

    def _create_environment(self):
        environment = super()._create_environment()
        environment.bytecode_cache = COMPILED_TEMPLATES
        return environment


class NbgamesVoila(Voila):
    """Voilà over the notebooks folder, hardened for anonymous visitors (see nbgames.serve)."""

    name = "nbgames-serve"
    description = "nbgames serve: the game gallery as a read-only Voilà site"

    class_size = Integer(
        0, config=True,
        help="Students who may open the same page at the same moment: each class page keeps this many "
             "kernels pre-heated (0: one per page, as for any visitor).")
    class_pages = List(
        Unicode(), ["index.ipynb"], config=True,
        help="The pages a class starts on (paths under the notebooks folder), pre-heated class_size times.")
    class_progress = Bool(
        False, config=True,
        help="Record the class's progress in a database (docs/serving.md, 'Running a class'); "
             "default: on when $NBGAMES_CLASS_PROGRESS is 1 (`nbgames serve --class-progress`).")
    class_db = Unicode(
        "", config=True,
        help="The class database: an SQLAlchemy URL (postgresql://...) or an SQLite file's path; "
             "default $NBGAMES_CLASS_DB, else nbgames-class.sqlite in the folder the server starts in.")
    fork_kernels = Bool(
        True, config=True,
        help="Fork each page's kernel from a template process that has imported what pages need "
             "(nbgames/serve/forkserver.py): ≈0.5 CPU-s a kernel with its page instead of ≈1.3. Linux only.")
    ipc_kernels = Bool(
        os.name == "posix", config=True,
        help="Talk to kernels over Unix sockets in the server's temporary folder instead of TCP "
             "ports (POSIX only). A TCP port picked for a kernel can be taken by another connection "
             "before the kernel binds it: under load a page's kernel then died at start "
             "(\"Address already in use\") and its page never drew. An explicit KernelManager.transport wins.")
    teacher_token = Unicode(
        "", config=True, help="The teacher's token (default $NBGAMES_TEACHER_TOKEN, else a new one printed at start).")

    @default("class_progress")
    def _class_progress_default(self):
        return os.environ.get("NBGAMES_CLASS_PROGRESS", "") == "1"

    @default("config_file_paths")
    def _config_file_paths_default(self):
        # Only our voila.json: a stray ~/.jupyter/voila.json or ./voila.json must not switch
        # tracebacks or sources back on behind the teacher's back.
        return [str(PACKAGE_DIR)]

    def initialize(self, argv=None):
        # Templates are looked up in Jupyter data dirs on every request: put ours first.
        paths = [str(SHARE_DIR), *filter(None, os.environ.get("JUPYTER_PATH", "").split(os.pathsep))]
        os.environ["JUPYTER_PATH"] = os.pathsep.join(dict.fromkeys(paths))
        # Voilà's page renderer names its exporter class with no setting to change it.
        voila.notebook_renderer.VoilaExporter = NbgamesExporter
        super().initialize(argv)
        # traitlets leaves the app's logger at DEBUG and filters at its handlers, so every debug
        # line (nbclient writes two for each kernel message as a page is built) made a record
        # only to drop it: 8 % of the server's CPU while a page loads (py-spy, 2026-12-04).
        handlers = [handler.level or logging.DEBUG for handler in self.log.handlers]  # (0: every level)
        self.log.setLevel(min(handlers) if handlers else self.log_level)

    def load_config_file(self, *args, **kwargs):
        """voila.json of the package, then the file named by $NBGAMES_VOILA_CONFIG; CLI wins over both."""
        super().load_config_file(*args, **kwargs)
        override = os.environ.get(CONFIG_ENV)
        if override:
            path = Path(override).resolve()
            if not path.is_file():
                raise ValueError(f"{CONFIG_ENV}={override}: no such file")
            self.update_config(JSONFileConfigLoader(path.name, str(path.parent)).load_config())
            self.update_config(self.cli_config)
            self.log.info("nbgames serve: configuration overridden by %s", path)

    def init_settings(self):
        self._size_class_pools()
        if self.class_progress:  # pre-heated kernels start with the kernel manager: say where to post first
            os.environ["NBGAMES_PROGRESS_URL"] = kernel_url(self)
            # under a hub the kernel's owner is the student: the pages ask nobody to join a class
            hub = getattr(self.identity_provider_class, "__module__", "") == "nbgames.serve.hub"
            os.environ["NBGAMES_PROGRESS_HUB"] = "1" if hub else ""
            # and where the teacher's uploaded lesson files are (the progress service keeps them there)
            from ..classroom.lessonfiles import LESSON_DIR_ENV, upload_dir
            from ..classroom.store import as_url, default_url

            os.environ[LESSON_DIR_ENV] = str(upload_dir(as_url(self.class_db) if self.class_db else default_url()))
        if self.ipc_kernels and "transport" not in self.config.KernelManager:
            self.config.KernelManager.transport = "ipc"  # before any kernel starts (pre-heated ones too)
        if self.fork_kernels:  # before the kernel manager: pre-heated kernels start with it
            forkserver.start(kernel_environment())
        factory = voila.app.voila_kernel_manager_factory

        def pooled(base, preheat, *args, **kwargs):
            made = factory(base, preheat, *args, **kwargs)
            return classroom_pool(made) if preheat else made

        # Voilà builds its kernel manager class inside init_settings, with no hook to extend it.
        with mock.patch.object(voila.app, "voila_kernel_manager_factory", pooled):
            settings = super().init_settings()
        settings["default_handler_class"] = NotFoundHandler
        return settings

    def _size_class_pools(self) -> None:
        """`class_size` kernels for each class page, and say how much memory they hold."""
        if self.class_size <= 0:
            return
        root = Path(self.root_dir)
        pools = dict(self.config.VoilaKernelManager.get("kernel_pools_config", {}))
        for page in self.class_pages:
            if not (root / page).is_file():
                raise ValueError(f"class page {page!r}: no such notebook under {root}")
            pools[page] = {**pools.get(page, {}), "pool_size": self.class_size}
        self.config.VoilaKernelManager.kernel_pools_config = pools
        kernels = self.class_size * len(self.class_pages)
        if self.fork_kernels and forkserver.supported():
            each, shared = FORKED_KERNEL_MB, f" beside one template of ≈{TEMPLATE_MB} MB"
        else:
            each, shared = KERNEL_MB, ""
        self.log.warning("nbgames serve: class of %d: %d kernels pre-heated for %s (≈%.1f GB of memory, "
                         "≈%d MB each%s), heated one at a time.", self.class_size, kernels, ", ".join(self.class_pages),
                         (kernels * each + (TEMPLATE_MB if shared else 0)) / 1024, each, shared)

    def init_handlers(self):
        """Voilà's table with the kernel websocket replaced, browsing removed, errors friendly."""
        landing = url_path_join(self.base_url, "voila/render", LANDING)
        handlers = []
        login_handlers = {h for _, h, *_ in self.identity_provider.get_handlers()}
        for spec in super().init_handlers():
            pattern, handler, *rest = spec
            if handler in login_handlers and not self.identity_provider.token:
                continue  # no token configured: /login and /logout only produce errors
            if handler is VoilaKernelWebsocketHandler:
                handler = SafeKernelWebsocketHandler
            elif handler is VoilaShutdownKernelHandler:
                handler = PageExitShutdownHandler
            elif handler is TornadoVoilaTreeHandler:
                # The landing page is the gallery; the file tree is not for visitors.
                handlers.append((pattern, web.RedirectHandler, {"url": landing}))
                continue
            elif handler is VoilaContentsHandler:
                continue  # only the tree page needs it; it lists the folder
            handlers.append((pattern, friendly(handler), *rest))
        self.progress = voila_service(self)  # the class's progress endpoint (nbgames/serve/progress.py)
        if self.progress is not None:
            handlers[:0] = progress_handlers(self.base_url, self.progress)
            from .tables import handlers as table_handlers  # tables: one game, several devices (docs/tables.md)

            handlers[:0] = table_handlers(self.base_url, self.progress)
        return handlers

    def stop(self):
        super().stop()
        forkserver.stop()
        tables = getattr(getattr(self, "progress", None), "tables", None)
        if tables is not None:  # the tables' bots stop thinking and their threads end (nbgames/serve/tables.py)
            tables.close()

    def listen(self):
        super().listen()
        if getattr(self, "progress", None) is not None:  # the port is known now: kernels post there
            os.environ["NBGAMES_PROGRESS_URL"] = kernel_url(self)
