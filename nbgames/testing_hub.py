"""A real JupyterHub for tests and benchmarks: the configuration ``nbgames hub-config`` writes, run
on loopback with a fixed-password authenticator and processes of the current user.

The hub, its configurable-http-proxy (npm, installed by ``make`` into .venv/node), the nbgames
service or the students' servers and their kernels are all real processes; only who may log in
(DummyAuthenticator) and how a server is started (SimpleLocalProcessSpawner: no system users)
differ from a class's hub.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

from .serve.hub import hub_config
from .testing import ROOT, ChildProcess, free_port

PASSWORD = "nbgames-class"
CHP = ROOT / ".venv" / "node" / "node_modules" / ".bin" / "configurable-http-proxy"
KERNEL_ID = re.compile(r"kernel-([0-9a-f-]{36})\.json")


def find_proxy() -> str | None:
    """configurable-http-proxy as `make` installs it, else one on the PATH; None without node."""
    if not shutil.which("node"):
        return None
    if CHP.exists():
        return str(CHP)
    return shutil.which("configurable-http-proxy")


class Hub(ChildProcess):
    """`jupyterhub -f <written config>` in its own process group, its log in a file.

    `voila_config`: settings overriding nbgames/serve/voila.json for the service (mode service);
    `server_culling`: kernel culling settings of each student's server (mode servers);
    `teachers`: record the class's progress (in `class_db`, an SQLite file in `workdir`) and put
    these hub users in the teachers' group (`nbgames.serve.hub.TEACHER_GROUP`).
    """

    def __init__(self, mode: str, workdir: Path, *, voila_config: dict | None = None,
                 server_culling: dict | None = None, teachers: list[str] | None = None):
        proxy = find_proxy()
        if proxy is None:
            raise RuntimeError("configurable-http-proxy not found (needs node and `make`)")
        self.mode = mode
        self.workdir = Path(workdir)
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        override = None
        if voila_config:
            override = self.workdir / "voila-override.json"
            override.write_text(json.dumps(voila_config))
        self.class_db = f"sqlite:///{self.workdir / 'class.sqlite'}" if teachers else None
        self.config = hub_config(mode, self.workdir, notebooks=str(ROOT / "notebooks"), port=self.port,
                                 service_port=free_port(), voila_config=override and str(override),
                                 server_culling=server_culling, class_progress=bool(teachers),
                                 class_db=self.class_db, teachers=teachers)
        test_lines = [
            "# --- tests: loopback only, fixed password, processes of the current user ---",
            f'c.JupyterHub.bind_url = "{self.url}"',
            f'c.JupyterHub.hub_bind_url = "http://127.0.0.1:{free_port()}"',
            f'c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{free_port()}"',
            f"c.ConfigurableHTTPProxy.command = [{proxy!r}]",
            f'c.JupyterHub.db_url = "sqlite:///{self.workdir / "hub.sqlite"}"',
            f'c.JupyterHub.cookie_secret_file = "{self.workdir / "cookie_secret"}"',
            f'c.JupyterHub.pid_file = "{self.workdir / "hub.pid"}"',
            'c.JupyterHub.authenticator_class = "dummy"',
            f'c.DummyAuthenticator.password = "{PASSWORD}"',
            'c.JupyterHub.spawner_class = "simple"',
            f'c.SimpleLocalProcessSpawner.home_dir_template = "{self.workdir / "home" / "{username}"}"',
        ]
        if mode == "servers" and os.geteuid() == 0:  # CI and these machines run as root
            test_lines.append('c.Spawner.args = [*c.Spawner.args, "--ServerApp.allow_root=True"]')
        with open(self.config, "a") as fh:
            fh.write("\n" + "\n".join(test_lines) + "\n")
        self.log_path = self.workdir / "hub.log"
        self._log = open(self.log_path, "wb")
        env = {**os.environ, "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ["PATH"]])}
        self.proc = subprocess.Popen([str(Path(sys.executable).with_name("jupyterhub")), "-f", str(self.config)],
                                     cwd=self.workdir, stdout=self._log, stderr=subprocess.STDOUT,
                                     start_new_session=True, env=env)

    def wait_ready(self, timeout: float = 90) -> None:
        """Ready = the proxy answers and the hub says it runs (and so does the nbgames service, if any)."""
        deadline = time.monotonic() + timeout
        needed = ["JupyterHub is now running"] + (["is running at"] if self.mode == "service" or self.class_db else [])
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"jupyterhub exited early:\n{self.log()[-4000:]}")
            log = self.log()
            if all(word in log for word in needed):
                try:
                    with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                        return
                except OSError:
                    pass
            time.sleep(0.2)
        raise RuntimeError(f"jupyterhub not ready in {timeout}s:\n{self.log()[-4000:]}")

    def site(self, user: str | None = None) -> str:
        """Where the gallery is: the shared service, or `user`'s own server."""
        return f"{self.url}/services/nbgames" if self.mode == "service" else f"{self.url}/user/{user}"

    def login(self, user: str):
        """A `requests` session logged in as `user` through the hub's login form (cookies)."""
        import requests

        session = requests.Session()
        session.get(f"{self.url}/hub/login", timeout=30)
        response = session.post(f"{self.url}/hub/login", timeout=120,
                                data={"username": user, "password": PASSWORD,
                                      "_xsrf": session.cookies.get("_xsrf", "")})
        response.raise_for_status()
        return session

    def processes(self) -> list:
        import psutil

        try:
            return psutil.Process(self.proc.pid).children(recursive=True)
        except psutil.Error:
            return []

    def kernels(self) -> dict:
        """Kernel id -> its process (psutil.Process), for every kernel this hub's servers run."""
        import psutil

        out = {}
        for child in self.processes():
            try:
                match = KERNEL_ID.search(" ".join(child.cmdline()))
            except psutil.Error:
                continue
            if match and "ipykernel" in " ".join(child.cmdline()):
                out[match.group(1)] = child
        return out

    def stop(self) -> None:
        """Stop servers first (Voilà takes SIGTERM at once; the hub's own stop waits 10 s on SIGINT),
        then the hub; anything left over is killed."""
        import psutil

        left = self.processes()
        for proc in left:
            try:
                if "ipykernel" not in " ".join(proc.cmdline()) and "configurable-http-proxy" not in proc.name():
                    proc.terminate()
            except psutil.Error:
                pass
        self.end_group(grace=15)
        _, alive = psutil.wait_procs(left, timeout=5)
        for proc in alive:
            try:
                proc.kill()
            except psutil.Error:
                pass
        self._log.close()
