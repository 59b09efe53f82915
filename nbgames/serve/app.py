"""``NbgamesVoila``: Voilà's standalone app with nbgames' config, template and handler table."""

from __future__ import annotations

import os
from pathlib import Path

from jupyter_server.utils import url_path_join
from tornado import web
from traitlets import default
from traitlets.config.loader import JSONFileConfigLoader
from voila.app import Voila
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.contentshandler import VoilaContentsHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler
from voila.tornado.treehandler import TornadoVoilaTreeHandler

from . import CONFIG_ENV, PACKAGE_DIR, SHARE_DIR
from .handlers import NotFoundHandler, PageExitShutdownHandler, SafeKernelWebsocketHandler, friendly

LANDING = "index.ipynb"


class NbgamesVoila(Voila):
    """Voilà over the notebooks folder, hardened for anonymous visitors (see nbgames.serve)."""

    name = "nbgames-serve"
    description = "nbgames serve: the game gallery as a read-only Voilà site"

    @default("config_file_paths")
    def _config_file_paths_default(self):
        # Only our voila.json: a stray ~/.jupyter/voila.json or ./voila.json must not switch
        # tracebacks or sources back on behind the teacher's back.
        return [str(PACKAGE_DIR)]

    def initialize(self, argv=None):
        # Templates are looked up in Jupyter data dirs on every request: put ours first.
        paths = [str(SHARE_DIR), *filter(None, os.environ.get("JUPYTER_PATH", "").split(os.pathsep))]
        os.environ["JUPYTER_PATH"] = os.pathsep.join(dict.fromkeys(paths))
        super().initialize(argv)

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
        settings = super().init_settings()
        settings["default_handler_class"] = NotFoundHandler
        km = self.kernel_manager
        if hasattr(km, "get_rendered_notebook") and hasattr(km, "touch"):
            # A pre-heated kernel may have been idle in the pool for longer than the cull timeout;
            # handing it out must count as activity or the culler can kill it before the
            # visitor's websocket connects.
            hand_out = km.get_rendered_notebook

            async def get_rendered_notebook(*args, **kw):
                result = await hand_out(*args, **kw)
                km.touch(result[2])
                return result

            km.get_rendered_notebook = get_rendered_notebook
        return settings

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
        return handlers
