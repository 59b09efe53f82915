"""`nbgames serve --class-progress` for real (issue 29): the server migrates its database at start
and prints the teacher token, its kernels are told where to post, a kernel's signed event is
recorded and anything else refused, and a restarted server still has everything.

The kernel's side is played by `ProgressSink` with the real kernel's id and connection key, read
from the kernel process the server started (the page kit will call the same sink inside it)."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from pathlib import Path

import psutil
from support import Server

from nbgames.classroom import ProgressSink

TEST_NOTEBOOKS = Path(__file__).parent / "serve" / "notebooks"
TOKEN = "teacher-token-for-the-served-test"


def a_kernel(server: Server, timeout: float = 90) -> tuple[str, bytes, dict]:
    """A kernel the server started: its id, its connection key and its environment."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for process in server.kernels():
            try:
                argv = process.cmdline()
                path = Path(argv[argv.index("-f") + 1])
                key = json.loads(path.read_text())["key"].encode()
                return path.stem.removeprefix("kernel-"), key, process.environ()
            except (ValueError, OSError, psutil.Error, KeyError):
                continue
        time.sleep(0.3)
    raise AssertionError(f"no kernel started:\n{server.log()[-3000:]}")


def get(url: str, headers: dict | None = None) -> tuple[int, dict]:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {}), timeout=10) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"{}")


def post(url: str, body: bytes, headers: dict) -> tuple[int, dict]:
    request = urllib.request.Request(url, data=body, method="POST", headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"{}")


def test_a_class_server_records_a_kernel_s_events_and_keeps_them_across_a_restart(tmp_path):
    db = tmp_path / "class.sqlite"
    env = {"NBGAMES_CLASS_DB": str(db), "NBGAMES_TEACHER_TOKEN": TOKEN, "JUPYTERHUB_API_TOKEN": "hub-secret"}
    args = ["--notebooks", str(TEST_NOTEBOOKS), "--class-progress"]
    config = {"VoilaConfiguration": {"default_pool_size": 0},  # one pre-heated kernel is enough here
              "VoilaKernelManager": {"kernel_pools_config": {"index.ipynb": {"pool_size": 1}}}}
    teacher = {"Authorization": f"token {TOKEN}"}
    start = time.monotonic()
    with Server(tmp_path / "serve.log", extra_args=args, env=env, config=config) as srv:
        said = srv.log()
        assert f"class progress recorded in sqlite:///{db}" in said and TOKEN in said
        kernel_id, key, environment = a_kernel(srv)
        endpoint = f"{srv.url}/nbgames/progress"
        assert environment.get("NBGAMES_PROGRESS_URL") == endpoint
        # the server's secrets stay with the server: a page's kernel holds none of them
        assert not {"NBGAMES_TEACHER_TOKEN", "NBGAMES_CLASS_DB", "JUPYTERHUB_API_TOKEN"} & environment.keys()
        assert TOKEN not in " ".join(environment.values())
        sink = ProgressSink(endpoint, kernel_id, key)
        sink.join("maple-3", "Aki")
        sink.lesson_started("ny-goal")
        sink.step_answered("ny-goal", 1, right=False, answer="F5", seconds=3.5, showed=True)
        assert sink.flush(30) and (sink.sent, sink.failed) == (2, 0), sink.last_error
        assert [a["answer"] for a in sink.mine()["answers"]] == ["F5"]
        # the browser's way in (no kernel key, the site's own cookies) is refused, and writes nothing
        body = json.dumps(sink.event("lesson_finished", lesson="ny-goal")).encode()
        refused = post(endpoint, body, {"Content-Type": "application/json", "X-Nbgames-Kernel": kernel_id})
        assert refused == (403, {"error": "stale or missing time stamp"})
        assert get(f"{endpoint}/class/maple-3")[0] == 403
        status, summary = get(f"{endpoint}/class/maple-3", teacher)
        assert status == 200 and summary["students"]["Aki"]["started"] == ["ny-goal"]
    no_kernels = {"VoilaConfiguration": {"default_pool_size": 0}}  # the restart only reads
    with Server(tmp_path / "serve2.log", extra_args=args, env=env, config=no_kernels) as srv:
        status, again = get(f"{srv.url}/nbgames/progress/class/maple-3", teacher)
    print(f"\nserved class progress: two server starts and the checks in {time.monotonic() - start:.1f} s")
    assert status == 200 and again == summary
