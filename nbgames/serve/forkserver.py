"""Page kernels forked from a template that has already imported what every page needs.

A page's kernel spent ≈1.3 CPU-s before its page was built, most of it on imports (ipykernel,
IPython, ipywidgets, ipycanvas with numpy, the games), once per visitor. The server starts one
template process that imports all of it and waits; each kernel is then a `fork` of it (≈0.5
CPU-s with its page). jupyter_client still starts, watches, signals and kills one process per
kernel: a shim (forkshim.py) that stands for its forked kernel.

The template holds no secret (it starts with a kernel's environment, the server's secrets removed)
and nothing of any visitor: a forked kernel takes its shim's arguments, environment, working folder
and standard streams, and Python reseeds `random` in a forked child. Linux only (pidfd); anywhere
else, or whenever the template does not answer, kernels start as they always did.
"""

from __future__ import annotations

import functools
import gc
import importlib
import json
import os
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from jupyter_server.services.kernels.kernelmanager import ServerKernelManager

SHIM = Path(__file__).with_name("forkshim.py")
PRELOAD = ("ipykernel.kernelapp", "ipykernel.ipkernel", "ipykernel.zmqshell", "ipywidgets", "ipycanvas",
           "nbgames.ui.app", "nbgames.ui.lesson", "nbgames.ui.gallery_page", "nbgames.ui.glossary_page",
           "nbgames.ui.recorder", "nbgames.ui.tablepanel", "nbgames.ui.classjoin", "nbgames.tables.client",
           "nbgames.classroom.sink")  # what a page imports (a module must start no thread on import)
LAUNCHER = ["-m", "ipykernel_launcher"]


@functools.cache
def supported() -> bool:
    """Linux with pidfds (a container's seccomp profile may forbid them: then kernels start anew)."""
    if not (sys.platform.startswith("linux") and hasattr(os, "pidfd_open") and hasattr(socket, "send_fds")):
        return False
    try:
        os.close(os.pidfd_open(os.getpid()))
    except OSError:
        return False
    return True


class Template:
    """The template process, seen from the server: start it, route kernel commands to it, stop it."""

    def __init__(self, env: dict[str, str]):
        self.folder = tempfile.mkdtemp(prefix="nbgames-fork-")
        self.socket = os.path.join(self.folder, "template.sock")
        single = {name: "1" for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")}
        self.proc = subprocess.Popen([sys.executable, "-m", "nbgames.serve.forkserver", self.socket, str(os.getpid())],
                                     env={**env, **single}, stdin=subprocess.DEVNULL)  # numpy starts no threads

    def command(self, cmd: list[str]) -> list[str]:
        """`cmd` through the template when it is an ipykernel of this Python (else unchanged)."""
        if cmd[1:3] != LAUNCHER or os.path.realpath(cmd[0]) != os.path.realpath(sys.executable):
            return cmd
        if self.proc.poll() is not None:
            return cmd
        return [sys.executable, "-I", "-S", str(SHIM), self.socket, *cmd]

    def wait_ready(self, timeout: float) -> bool:
        """Whether the template answers within `timeout` seconds (its socket appears once it has
        imported everything)."""
        deadline = time.monotonic() + timeout
        while not os.path.exists(self.socket):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                return False
            time.sleep(0.05)
        return True

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        shutil.rmtree(self.folder, ignore_errors=True)


def forked_kernel(process):
    """The process that runs the kernel `process` (a psutil.Process the server started) stands
    for: its forked kernel when it is a shim (the template names it in a file beside its socket),
    else itself. For watching a kernel's CPU or memory."""
    import psutil

    argv = process.cmdline()
    if len(argv) > 4 and Path(argv[3]).name == SHIM.name:
        try:
            return psutil.Process(int(Path(argv[4]).with_name(f"shim-{process.pid}").read_text()))
        except (OSError, ValueError, psutil.Error):  # not forked (yet), or it has just ended
            pass
    return process


_running: Template | None = None


def start(env: dict[str, str]) -> None:
    """Start the server's template (once); kernels started from now on are forked from it."""
    global _running
    if _running is None and supported():
        _running = Template(env)


def stop() -> None:
    global _running
    if _running is not None:
        _running.stop()
        _running = None


class ForkedKernelManager(ServerKernelManager):
    """jupyter_server's kernel manager, starting its ipykernel through the template when one runs."""

    def format_kernel_cmd(self, extra_arguments: list[str] | None = None) -> list[str]:
        cmd = super().format_kernel_cmd(extra_arguments)
        return cmd if _running is None else _running.command(cmd)


# -- the template process -------------------------------------------------------------------
def preload() -> None:
    for name in PRELOAD:
        importlib.import_module(name)
    from ..ui.language import warm_up

    warm_up()  # every game's rules, views, rulebooks and catalogues


def serve(path: str, server_pid: int) -> None:
    preload()
    gc.freeze()  # a kernel's collections then skip the template's objects: fewer pages copied
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # forked kernels are reaped by the system
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a Ctrl-C at the server's terminal is the server's
    server = os.pidfd_open(server_pid)  # readable once the server has ended: the template ends too
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path + ".new")
    os.rename(path + ".new", path)  # shims see the socket once it answers
    listener.listen(64)
    while True:  # one thread only: a fork copies the calling thread alone
        if server in select.select([listener, server], [], [])[0]:
            return
        conn, _ = listener.accept()
        fds: list[int] = []
        try:
            message, fds, _flags, _addr = socket.recv_fds(conn, 1 << 20, 3)
            while chunk := conn.recv(1 << 20):
                message += chunk
            request = json.loads(message)
            request = {"argv": [str(a) for a in request["argv"]], "cwd": str(request["cwd"]),
                       "env": {str(k): str(v) for k, v in request["env"].items()}, "shim": int(request["shim"])}
            if len(fds) != 3:
                raise ValueError("a kernel needs its three standard streams")
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
            for fd in fds:
                os.close(fd)
            print(f"nbgames fork server: a request was refused ({exc})", file=sys.stderr)
            conn.close()
            continue
        pid = os.fork()
        if pid == 0:
            listener.close()
            conn.close()
            os.close(server)
            _become_kernel(request, fds)
        for fd in fds:
            os.close(fd)
        Path(os.path.dirname(path), f"shim-{request['shim']}").write_text(str(pid))
        try:
            conn.sendall(json.dumps({"pid": pid}).encode())
        except OSError:
            os.kill(pid, signal.SIGKILL)  # its shim is gone already
        conn.close()


def _reopen_widgets() -> None:
    """Widgets made while the template imported (ipycanvas' canvas manager, through which every
    canvas draws) opened their comms with no kernel: open them again on this kernel's, or
    nothing a page draws would reach its browser."""
    from ipywidgets.widgets.widget import _instances

    for widget in list(_instances.values()):
        _instances.pop(widget.model_id, None)
        widget.comm = None
        widget.open()


def _end_with(pid: int) -> None:
    """This kernel ends with its shim (killed: jupyter_client's way to end a kernel)."""
    watched = os.pidfd_open(pid)
    select.select([watched], [], [])
    os._exit(0)


def _become_kernel(request: dict, fds: list[int]) -> None:
    code = 0
    try:
        for target, fd in enumerate(fds):
            os.dup2(fd, target)
            os.close(fd)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        args = list(request["argv"][len(LAUNCHER):])  # "-f", the connection file
        sys.argv = ["ipykernel_launcher", *args]
        threading.Thread(target=_end_with, args=(request["shim"],), daemon=True).start()
        from ipykernel.kernelapp import IPKernelApp

        env = os.environ.get  # ipykernel read these two when the template imported it
        app = IPKernelApp.instance(parent_handle=int(env("JPY_PARENT_PID") or 0),
                                   interrupt=int(env("JPY_INTERRUPT_EVENT") or 0))
        app.initialize(args)
        _reopen_widgets()
        import ipywidgets

        ipywidgets.register_comm_target()  # what importing it does in a running kernel
        app.start()
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 0
    except BaseException:  # noqa: BLE001 - a kernel that cannot start says why and ends
        import traceback

        traceback.print_exc()
        code = 1
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:  # noqa: BLE001 - a closed stream has nothing left to say
                pass
    os._exit(code)


if __name__ == "__main__":
    serve(sys.argv[1], int(sys.argv[2]))
