"""nbgames for a class on JupyterHub: students log in to the hub, then play (see docs/serving.md).

Two modes, both written by ``nbgames hub-config``:

- ``service``: one shared ``nbgames serve`` as a hub-managed service at ``/services/nbgames/``.
  Run as ``python -m nbgames.serve.hub`` by the hub, it takes its address and prefix from the
  hub's environment and asks the hub who a visitor is (hub OAuth, through JupyterHub's own
  identity provider for jupyter_server): anonymous visitors go to the hub's login page.
- ``servers``: one Jupyter server per student (``jupyterhub-singleuser``) whose default URL is the
  Voilà gallery, with the nbgames template and kernel culling; with class progress, a small class
  service (nbgames/classroom/hubservice.py) holds the database and each student's server forwards
  to it.

With class progress, the teachers are a hub group (``TEACHER_GROUP``) and the hub's admins
(docs/hub/README.md).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from pathlib import Path
from urllib.parse import urlparse

from jupyter_server.utils import url_path_join
from tornado import web

from .progress import TEACHER_GROUP  # noqa: F401 (the hub group hub-config makes; testing_hub reads it here)

SERVICE = "nbgames"
GALLERY = "voila/render/index.ipynb"
MODES = ("service", "servers")
#: Kernel culling inside each student's own server (mode ``servers``): closed tabs' kernels go.
SERVER_CULLING = {"cull_idle_timeout": 300, "cull_interval": 60, "cull_connected": False}

try:  # JupyterHub is needed only where a hub runs nbgames; `hub-config` itself works without it
    from jupyterhub.singleuser.extension import JupyterHubIdentityProvider
except ImportError:  # pragma: no cover - exercised only without jupyterhub installed
    JupyterHubIdentityProvider = None

UUID = r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
#: Requests that name a kernel: its API, its websocket, Voilà's shutdown on page exit.
KERNEL_IN_PATH = re.compile(rf"/(?:api/kernels|voila/api/shutdown)/({UUID})")

if JupyterHubIdentityProvider is not None:

    class HubIdentityProvider(JupyterHubIdentityProvider):
        """JupyterHub's identity provider for jupyter_server, fitted to Voilà's standalone app.

        Voilà mounts the provider's handlers as they come, so the OAuth callback and logout are
        put under the service's prefix here. And one Voilà serves every student: a kernel
        belongs to the first student whose request names it (their page's own websocket; a
        kernel id is a random UUID only that page knows), and every other student is refused it
        (websocket, kernel API, shutdown) with 403.
        """

        def __init__(self, **kwargs):
            kwargs.pop("token", None)  # Voilà passes these to any provider; the hub's token is ours
            kwargs.pop("login_handler_class", None)
            super().__init__(**kwargs)
            self.kernel_owners: dict[str, str] = {}

        def get_handlers(self):
            prefix = self.hub_auth.base_url
            callback = urlparse(self.hub_auth.oauth_redirect_uri).path
            return [(url_path_join(prefix, pattern) if pattern == "/logout" else callback, *rest)
                    for pattern, *rest in super().get_handlers()]

        async def get_user(self, handler):
            user = await super().get_user(handler)
            if user is not None:
                self.check_kernel_owner(handler, user.username)
            return user

        def check_kernel_owner(self, handler, username: str) -> None:
            match = KERNEL_IN_PATH.search(handler.request.path)
            if not match:
                return
            kernel_id = match.group(1)
            owner = self.kernel_owners.setdefault(kernel_id, username)
            if owner != username:
                self.log.warning("Refused %s the kernel of another student (%s)", username, handler.request.path)
                raise web.HTTPError(403, "not your kernel")
            if len(self.kernel_owners) > 1000:  # forget culled kernels now and then
                live = set(handler.settings["kernel_manager"].list_kernel_ids())
                self.kernel_owners = {k: u for k, u in self.kernel_owners.items() if k in live}


def service_argv(notebooks: str | None) -> list[str]:
    """Arguments for NbgamesVoila as the hub's service: address and prefix from the hub's env."""
    from . import voila_argv

    url = urlparse(os.environ.get("JUPYTERHUB_SERVICE_URL", "http://127.0.0.1:8866"))
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", f"/services/{SERVICE}/")
    return [
        *voila_argv(url.hostname or "127.0.0.1", url.port or 8866, notebooks, open_browser=False),
        f"--Voila.base_url={prefix}",
        "--Voila.identity_provider_class=nbgames.serve.hub.HubIdentityProvider",
        "--Voila.authorizer_class=jupyterhub.singleuser.extension.JupyterHubAuthorizer",
    ]


def run_service(argv: list[str] | None = None) -> int:
    """``python -m nbgames.serve.hub``: nbgames serve behind the hub's login (run by the hub)."""
    parser = argparse.ArgumentParser(prog="python -m nbgames.serve.hub", description=run_service.__doc__)
    parser.add_argument("--notebooks", default=None, help="folder of notebooks (default: ./notebooks)")
    args = parser.parse_args(argv)
    if JupyterHubIdentityProvider is None:
        print("nbgames.serve.hub: needs JupyterHub (pip install jupyterhub)", file=sys.stderr)
        return 2
    if "JUPYTERHUB_API_TOKEN" not in os.environ:
        print("nbgames.serve.hub: run by JupyterHub as a service (no JUPYTERHUB_API_TOKEN)", file=sys.stderr)
        return 2
    os.environ.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")
    from .app import NbgamesVoila

    NbgamesVoila.launch_instance(argv=service_argv(args.notebooks))
    return 0


HEADER = '''"""JupyterHub configuration written by `nbgames hub-config --mode {mode}` (see docs/serving.md).

{what}
Start: jupyterhub -f {config}   (configurable-http-proxy from npm on the PATH)
"""

c = get_config()  # noqa: F821 (JupyterHub's config loader provides it)

c.JupyterHub.bind_url = {bind_url}
# Who may log in. The default authenticator is PAM (the machine's own accounts); for a class,
# e.g. NativeAuthenticator, GitHub/Google OAuth (oauthenticator) or LTI. List the class, or allow
# everyone the authenticator accepts:
c.Authenticator.allow_all = True
'''

SERVICE_PART = '''
# The game gallery: one shared nbgames server, started and stopped by the hub, reached at
# /services/nbgames/ through the hub's proxy. It asks the hub who a visitor is (hub OAuth):
# only logged-in users with access to the service get a page, the others go to the login page.
c.JupyterHub.services = [
    {{
        "name": "{service}",
        "url": {service_url},
        "command": [{python}, "-m", "nbgames.serve.hub", "--notebooks", {notebooks}],
        "environment": {environment},
        "oauth_no_confirm": True,
        "display": True,
    }}
]
# Every logged-in user may open it ("self" is the default role's own scope).
c.JupyterHub.load_roles = [{{"name": "user", "scopes": ["self", "access:services!service={service}"]}}]
# After logging in, students land on the gallery.
c.JupyterHub.default_url = "/services/{service}/"
'''

SERVERS_PART = '''
# One Jupyter server per student, opening on the Voilà gallery. LocalProcessSpawner runs it as
# the student's own system user; on Kubernetes use zero-to-jupyterhub and docs/hub/values.yaml.
c.JupyterHub.spawner_class = "jupyterhub.spawner.LocalProcessSpawner"
c.Spawner.cmd = [{singleuser}]
c.Spawner.notebook_dir = {notebooks}
c.Spawner.default_url = "/{gallery}"
# The nbgames Voilà template and its settings (stripped sources, no tracebacks) for Voilà's
# server extension; kernels of a student's closed tabs are culled.
c.Spawner.environment = {environment}
c.Spawner.args = {args}
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 60
'''

CLASS_SERVICE_PART = '''
# The class's database and the teacher page: one small service, the only process that holds the
# database. Each student's server forwards its kernels' progress there with its own hub token;
# the service asks the hub whose token it is and records under that user only (docs/hub/).
c.JupyterHub.services = [
    {{
        "name": "{service}",
        "url": {service_url},
        "command": [{python}, "-m", "nbgames.classroom.hubservice"],
        "environment": {environment},
        "oauth_no_confirm": True,
        "display": True,
    }}
]
# Only the teachers (and hub admins) may open the service's page: the teacher page.
c.JupyterHub.load_roles = [{{"name": "{group}", "groups": [{group_literal}],
                             "scopes": ["access:services!service={service}"]}}]
'''

TEACHERS_PART = '''
# The teachers: members of this hub group (and hub admins) see the class at
# /services/{service}/nbgames/teacher. Add or remove members on the hub's admin page
# (/hub/admin, "Groups") or here; a name listed here is added at every start, never removed.
c.JupyterHub.load_groups = {{{group_literal}: {{"users": {teachers}}}}}
'''


def py(value) -> str:
    """A Python literal of strings, lists and dicts of them, quoted as the rest of the file."""
    return json.dumps(value)


def class_environment(class_db: str | None, teacher_group: str) -> dict:
    """What the process holding the class database reads: where it is, who the teachers are."""
    return {**({"NBGAMES_CLASS_DB": class_db} if class_db else {}), "NBGAMES_TEACHER_GROUP": teacher_group}


def hub_config(mode: str, out_dir: str | Path, *, notebooks: str | None = None, port: int = 8000,
               service_port: int = 8866, voila_config: str | None = None,
               server_culling: dict | None = None, class_progress: bool = False,
               class_db: str | None = None, teacher_group: str = TEACHER_GROUP,
               teachers: list[str] | None = None) -> Path:
    """Write ``jupyterhub_config.py`` for ``mode`` into ``out_dir`` (and, for ``servers``, the
    Voilà template and settings each student's server reads); returns the config file's path.

    ``voila_config``: a JSON file overriding nbgames/serve/voila.json for the shared service;
    ``server_culling``: ``MappingKernelManager`` settings overriding ``SERVER_CULLING`` (servers);
    ``class_progress``: the shared service records the class's lessons (docs/serving.md, "Running
    a class"), in ``class_db`` (a database URL; default an SQLite file beside the service): in
    mode ``servers`` a small class service holds it and each student's server forwards to it;
    ``teacher_group``: the hub group whose members (and hub admins) see the teacher page;
    ``teachers``: hub users put in that group at every start."""
    if mode not in MODES:
        raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
    class_progress = bool(class_progress or class_db)
    if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}", teacher_group or ""):
        raise ValueError(f"the teachers' group must be a plain name (letters, digits, . _ -), not {teacher_group!r}")
    teachers = [name.strip() for name in teachers or [] if name.strip()]
    if any(not re.fullmatch(r"[^\s/\\]{1,255}", name) for name in teachers):
        raise ValueError("teachers are hub user names (no spaces or slashes)")
    if teachers and not class_progress:
        raise ValueError("teachers see the class's progress: add --class-progress")
    out = Path(out_dir).resolve()
    out.mkdir(parents=True, exist_ok=True)
    root = Path(notebooks or "notebooks").resolve()
    if not (root / "index.ipynb").is_file():
        raise ValueError(f"no notebooks folder with index.ipynb at {root}")
    config = out / "jupyterhub_config.py"
    if mode == "service":
        environment = {}
        if voila_config:
            override = Path(voila_config).resolve()
            if not override.is_file():
                raise ValueError(f"{voila_config}: no such file")
            try:  # a broken file fails here, not when the hub starts the service
                json.loads(override.read_text())
            except json.JSONDecodeError as exc:
                raise ValueError(f"{voila_config}: not JSON ({exc})") from None
            environment["NBGAMES_VOILA_CONFIG"] = str(override)
        if class_progress:
            environment.update(class_environment(class_db, teacher_group))
            environment["NBGAMES_CLASS_PROGRESS"] = "1"
        what = "Students log in to JupyterHub and play on one shared nbgames server (a hub service)."
        body = SERVICE_PART.format(service=SERVICE, service_url=py(f"http://127.0.0.1:{service_port}"),
                                   python=py(sys.executable), notebooks=py(str(root)), environment=py(environment))
    else:
        from .binder import install

        install(data_dir=str(out / "share"), config_dir=str(out / "jupyter"))
        environment = {"JUPYTER_PATH": str(out / "share"), "JUPYTER_CONFIG_PATH": str(out / "jupyter")}
        culling = {**SERVER_CULLING, **(server_culling or {})}
        args = [f"--MappingKernelManager.{key}={value}" for key, value in culling.items()]
        what = "Every student logs in and gets a Jupyter server of their own that opens on the game gallery."
        singleuser = str(Path(sys.executable).with_name("jupyterhub-singleuser"))
        if class_progress:  # each student's server forwards its kernels' progress to the class service
            environment["NBGAMES_CLASS_SERVICE"] = f"http://127.0.0.1:{service_port}/services/{SERVICE}/nbgames/progress/hub"
            extensions = out / "jupyter" / "jupyter_server_config.d"
            extensions.mkdir(parents=True, exist_ok=True)
            (extensions / "nbgames-class.json").write_text(json.dumps(
                {"ServerApp": {"jpserver_extensions": {"nbgames.classroom.hubservice": True}}}, indent=2))
        else:
            (out / "jupyter" / "jupyter_server_config.d" / "nbgames-class.json").unlink(missing_ok=True)
        body = SERVERS_PART.format(singleuser=py(singleuser), notebooks=py(str(root)), gallery=GALLERY,
                                   environment=py(environment), args=py(args))
        if class_progress:
            body += CLASS_SERVICE_PART.format(
                service=SERVICE, service_url=py(f"http://127.0.0.1:{service_port}"), python=py(sys.executable),
                environment=py(class_environment(class_db, teacher_group)), group=teacher_group,
                group_literal=py(teacher_group))
    if class_progress:
        body += TEACHERS_PART.format(service=SERVICE, group_literal=py(teacher_group), teachers=py(teachers))
    head = HEADER.format(mode=mode, what=what, config=config, bind_url=py(f"http://:{port}"))
    config.write_text(head + body)
    return config


if __name__ == "__main__":
    sys.exit(run_service())
