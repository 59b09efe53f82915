"""Page kernels forked from the server's template (nbgames/serve/forkserver.py) are kernels of
their own: each has the environment, folder and random stream it was started with, takes
interrupts and shutdowns through its shim, ends when its shim is killed, and a kernel still starts
(the usual way) when the template is gone. The template holds none of the server's secrets."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import time
from pathlib import Path

import psutil
import pytest
from support import ROOT

from nbgames.serve import forkserver
from nbgames.serve.kernels import kernel_environment
from nbgames.testing import Server

pytestmark = pytest.mark.skipif(not forkserver.supported(), reason="forking kernels needs Linux (pidfd)")


@pytest.fixture
def template():
    forkserver.start(kernel_environment())
    assert forkserver._running.wait_ready(120), "the template never answered"
    yield psutil.Process(forkserver._running.proc.pid)
    forkserver.stop()


async def run(km, code: str, timeout: float = 30) -> dict:
    """Run `code` in the kernel; its last `text/plain` result (JSON-decoded) or its error."""
    client = km.client()
    client.start_channels()
    try:
        await client.wait_for_ready(timeout=60)
        out: dict = {}

        def hook(msg):
            if msg["msg_type"] == "execute_result":
                out["value"] = json.loads(msg["content"]["data"]["text/plain"].strip("'"))
            elif msg["msg_type"] == "error":
                out["error"] = msg["content"]["ename"]

        await client.execute_interactive(code, timeout=timeout, output_hook=hook)
        return out
    finally:
        client.stop_channels()


def kernel_process(km) -> psutil.Process:
    return forkserver.forked_kernel(psutil.Process(km.provisioner.process.pid))


async def started(folder: Path, mark: str):
    """A kernel that answers (its shim has its kernel by then)."""
    km = forkserver.ForkedKernelManager(kernel_name="python3")
    await km.start_kernel(cwd=str(folder), env={**kernel_environment(), "NBGAMES_TEST_MARK": mark})
    client = km.client()
    client.start_channels()
    await client.wait_for_ready(timeout=60)
    client.stop_channels()
    return km


def test_forked_kernels_are_kernels_of_their_own(template, tmp_path):
    async def main():
        (tmp_path / "a").mkdir()
        (tmp_path / "b").mkdir()
        kms = [await started(tmp_path / "a", "first"), await started(tmp_path / "b", "second")]
        try:
            code = ("__import__('json').dumps([__import__('os').environ.get('NBGAMES_TEST_MARK'), "
                    "__import__('os').getcwd(), __import__('random').random(), "
                    "'nbgames.newyork.rules' in __import__('sys').modules, "
                    # the canvas manager, made when the template imported ipycanvas, talks to this kernel
                    "__import__('ipycanvas.canvas').canvas._CANVAS_MANAGER.comm.kernel is not None])")
            seen = [(await run(km, code))["value"] for km in kms]
            parents = [kernel_process(km).ppid() for km in kms]
        finally:
            for km in kms:
                await km.shutdown_kernel(now=True)
        return seen, parents

    seen, parents = asyncio.run(main())
    assert parents == [template.pid, template.pid]  # forked, not started anew
    assert [s[0] for s in seen] == ["first", "second"]
    assert [s[1] for s in seen] == [str(tmp_path / "a"), str(tmp_path / "b")]
    assert seen[0][2] != seen[1][2], "two forked kernels drew the same random numbers"
    assert seen[0][3] and seen[1][3]  # the games came imported from the template
    assert seen[0][4] and seen[1][4], "drawing would go through a comm of no kernel"


def test_interrupt_and_shutdown_reach_the_kernel_and_a_killed_shim_ends_it(template, tmp_path):
    async def main():
        km = await started(tmp_path, "signals")
        kernel = kernel_process(km)
        client = km.client()
        client.start_channels()
        await client.wait_for_ready(timeout=60)
        client.execute("import time; time.sleep(60)")
        await asyncio.sleep(1)
        await km.interrupt_kernel()
        while (reply := await client.get_shell_msg(timeout=20))["msg_type"] != "execute_reply":
            pass  # the answers to wait_for_ready's kernel_info requests
        client.stop_channels()
        interrupted = reply["content"].get("ename")
        await km.shutdown_kernel()
        ended_by_shutdown = not kernel.is_running()

        km = await started(tmp_path, "killed")
        kernel, shim = kernel_process(km), km.provisioner.process
        assert kernel.pid != shim.pid
        os.kill(shim.pid, signal.SIGKILL)
        gone, _ = psutil.wait_procs([kernel], timeout=10)
        await km.shutdown_kernel(now=True)
        return interrupted, ended_by_shutdown, bool(gone)

    interrupted, ended_by_shutdown, killed = asyncio.run(main())
    assert interrupted == "KeyboardInterrupt"
    assert ended_by_shutdown
    assert killed, "a kernel outlived its killed shim"


def test_without_the_template_a_kernel_starts_as_usual(template, tmp_path):
    template.kill()
    template.wait(10)

    async def main():
        km = await started(tmp_path, "plain")
        try:
            value = (await run(km, "__import__('json').dumps(__import__('os').environ['NBGAMES_TEST_MARK'])"))["value"]
            parent = kernel_process(km).ppid()
        finally:
            await km.shutdown_kernel(now=True)
        return value, parent

    value, parent = asyncio.run(main())
    assert value == "plain" and parent == os.getpid()


def test_the_served_template_has_no_server_secret_and_serves_the_pages_kernels(tmp_path):
    secret = "teacher-token-that-no-kernel-may-read"
    with Server(tmp_path / "serve.log", env={"NBGAMES_TEACHER_TOKEN": secret}, heat=["newyork/play.ipynb"],
                extra_args=["--notebooks", str(ROOT / "notebooks")]) as server:
        templates = [p for p in psutil.Process(server.proc.pid).children()
                     if "nbgames.serve.forkserver" in " ".join(p.cmdline())]
        assert len(templates) == 1
        assert "NBGAMES_TEACHER_TOKEN" not in templates[0].environ()
        deadline = time.monotonic() + 60
        while not templates[0].children() and time.monotonic() < deadline:
            time.sleep(0.2)
        assert templates[0].children(), "the page's pre-heated kernel was not forked"
        assert {forkserver.forked_kernel(shim).ppid() for shim in server.kernels()} == {templates[0].pid}
        # and its five channels are Unix sockets, not TCP ports (a port picked for it could be taken
        # first); the one TCP listener left is ipykernel's own IOPub pipe for subprocesses' output
        channels, tcp = listening(forkserver.forked_kernel(server.kernels()[0]))
        assert len(channels) == 5 and len(tcp) <= 1, (channels, tcp)


def listening(kernel: psutil.Process, timeout: float = 60) -> tuple[set, list]:
    """The Unix socket paths of the kernel's channels and its listening TCP ports, once it has
    bound its five channels (one way or the other)."""
    deadline = time.monotonic() + timeout
    while True:
        channels = {c.laddr for c in kernel.net_connections(kind="unix") if "-ipc-" in (c.laddr or "")}
        tcp = [c for c in kernel.net_connections(kind="inet") if c.status == psutil.CONN_LISTEN]
        if len(channels) >= 5 or len(tcp) >= 5 or time.monotonic() > deadline:
            return channels, tcp
        time.sleep(0.2)


def test_fork_kernels_false_starts_kernels_as_voila_does(tmp_path):
    # (and an explicit transport wins over nbgames' Unix sockets: TCP, as Voilà's default)
    config = {"NbgamesVoila": {"fork_kernels": False}, "KernelManager": {"transport": "tcp"}}
    with Server(tmp_path / "serve.log", config=config, heat=["newyork/play.ipynb"],
                extra_args=["--notebooks", str(ROOT / "notebooks")]) as server:
        deadline = time.monotonic() + 60
        while not server.kernels() and time.monotonic() < deadline:
            time.sleep(0.2)
        children = psutil.Process(server.proc.pid).children()
        assert not [p for p in children if "nbgames.serve.forkserver" in " ".join(p.cmdline())]
        assert [p.cmdline()[1:3] for p in server.kernels()] == [["-m", "ipykernel_launcher"]]
        channels, tcp = listening(server.kernels()[0])
        assert not channels and len(tcp) >= 5


def test_a_malformed_request_is_refused_and_the_template_serves_on(template, tmp_path):
    for junk in (b"not json", b'{"argv": 5}', json.dumps({"argv": [], "cwd": "/", "env": {}, "shim": "x"}).encode()):
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn:
            conn.connect(forkserver._running.socket)
            socket.send_fds(conn, [junk], [0, 1, 2] if junk.startswith(b"{") else [])
            conn.shutdown(socket.SHUT_WR)
            assert conn.recv(100) == b""  # closed without a kernel
    assert not template.children()

    async def main():
        km = await started(tmp_path, "after junk")
        try:
            return kernel_process(km).ppid()
        finally:
            await km.shutdown_kernel(now=True)

    assert asyncio.run(main()) == template.pid
