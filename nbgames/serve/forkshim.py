"""The process the server starts for a page's kernel when kernels are forked (see forkserver.py).

It asks the template for a kernel (its own argv, working folder, environment and standard
streams), then stands for it: jupyter_client watches, signals and kills this process, so it
passes signals on and exits when the kernel does; a kernel whose shim is gone ends itself. With
no template to ask, it becomes an ordinary kernel. Standard library only: it starts in ≈20 ms.

    python -I -S forkshim.py SOCKET PYTHON -m ipykernel_launcher -f CONNECTION_FILE
"""

import json
import os
import select
import signal
import socket
import sys
import time

PASSED_ON = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT, signal.SIGUSR1, signal.SIGUSR2)


def ask(path: str, argv: list[str]) -> int:
    """The pid of a kernel forked for `argv` (without the interpreter), on our stdin/out/err."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn:
        conn.settimeout(30)
        for _ in range(200):  # a template that has just started is still importing: ≤ 10 s
            try:
                conn.connect(path)
                break
            except (FileNotFoundError, ConnectionRefusedError):
                time.sleep(0.05)
        else:
            raise TimeoutError("the template never answered")
        request = {"argv": argv, "cwd": os.getcwd(), "env": dict(os.environ), "shim": os.getpid()}
        socket.send_fds(conn, [json.dumps(request).encode()], [0, 1, 2])
        conn.shutdown(socket.SHUT_WR)
        answer = b""
        while chunk := conn.recv(4096):
            answer += chunk
    return int(json.loads(answer)["pid"])


def main(path: str, python: str, *argv: str) -> None:
    try:
        kernel = ask(path, list(argv))
    except (OSError, ValueError, KeyError):
        os.execv(python, [python, *argv])  # no template: an ordinary kernel, as without forking
    try:
        watched = os.pidfd_open(kernel)
    except OSError:  # it has ended already: an ordinary kernel instead (after making sure)
        try:
            os.kill(kernel, signal.SIGKILL)
        except OSError:
            pass
        os.execv(python, [python, *argv])

    def pass_on(signum, _frame):
        try:
            os.kill(kernel, signum)
        except ProcessLookupError:  # it has just ended: so do we
            pass

    for signum in PASSED_ON:
        signal.signal(signum, pass_on)
    select.select([watched], [], [])  # readable once the kernel has ended
    sys.exit(0)


if __name__ == "__main__":
    main(*sys.argv[1:])
