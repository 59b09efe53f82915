"""A table on the real `nbgames serve --class-progress` (issue 31, server side): two of its real
kernels sit at one New York City table with a bot, each sees only its own hand, their moves go
through the server's holder, and a restarted server keeps the table (same seats, same game).

The kernels' side is played by `TableClient` with each real kernel's id and connection key, read
from the kernel processes the server started (the play page will call the same client inside them)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import psutil
from support import Server

from nbgames.tables.client import TableClient

TEST_NOTEBOOKS = Path(__file__).parent / "serve" / "notebooks"
GAME = "newyork_city"


def kernel_keys(server: Server, count: int, timeout: float = 120, cwd: Path | None = None) -> list[tuple[str, bytes]]:
    """`count` kernels the server started (pre-heated): each one's id and connection key; `cwd`:
    only kernels of notebooks in that folder (a kernel runs in its notebook's folder)."""
    deadline = time.monotonic() + timeout
    found: dict[str, bytes] = {}
    while time.monotonic() < deadline and len(found) < count:
        for process in server.kernels():
            try:
                if cwd is not None and Path(process.cwd()) != cwd:
                    continue
                argv = process.cmdline()
                connection = Path(argv[argv.index("-f") + 1])
                found[connection.stem.removeprefix("kernel-")] = json.loads(connection.read_text())["key"].encode()
            except (ValueError, OSError, psutil.Error, KeyError):
                continue
        time.sleep(0.3)
    assert len(found) >= count, f"{len(found)} kernels started:\n{server.log()[-3000:]}"
    return list(found.items())[:count]


def hands(view: dict) -> list:
    return [seat["hand"] for seat in view["view"]["seats"]]


def settled(client: TableClient, code: str, humans: set[int]) -> dict:
    """The table once it is a human's turn (the bot moves on the server's worker thread)."""
    now = client.view(code)
    while now["to_move"] not in humans and not now["over"]:
        now = client.view(code, after=now["version"], wait=10)
    return now


def test_two_kernels_play_one_table_and_a_restarted_server_keeps_it(tmp_path):
    env = {"NBGAMES_CLASS_DB": str(tmp_path / "class.sqlite"), "NBGAMES_TEACHER_TOKEN": "teacher-token-x",
           "NBGAMES_KEY_FILE": str(tmp_path / "seal.key")}  # the server's sealing key survives its restart
    args = ["--notebooks", str(TEST_NOTEBOOKS), "--class-progress"]
    config = {"VoilaConfiguration": {"default_pool_size": 0},
              "VoilaKernelManager": {"kernel_pools_config": {"index.ipynb": {"pool_size": 2}}}}
    students = [{"class": "maple-3", "name": "Aki"}, {"class": "maple-3", "name": "Ben"}]
    start = time.monotonic()
    with Server(tmp_path / "serve.log", extra_args=args, env=env, config=config) as srv:
        url = f"{srv.url}/nbgames/tables"
        aki, ben = (TableClient(url, kernel_id, key, student=who)
                    for (kernel_id, key), who in zip(kernel_keys(srv, 2), students, strict=True))
        code = aki.open(GAME, ["human", "human", "greedy"])["code"]
        assert aki.join(code, 0)["you"] == 0 and ben.join(code, 1)["you"] == 1
        players = {0: aki, 1: ben}
        for _ in range(8):
            now = settled(aki, code, set(players))
            mover = players[now["to_move"]]
            legal = mover.view(code)["legal"]  # the seat's own moves, on its turn only
            assert legal and players[1 - now["to_move"]].view(code)["legal"] == []
            moved = mover.act(code, legal[0])
            assert moved["moves"] > now["moves"]  # (the bot may have answered already)
        for seat, client in players.items():
            mine = client.view(code)
            assert mine["you"] == seat and [i for i, h in enumerate(hands(mine)) if h is not None] == [seat]
        before = {seat: settled(client, code, set(players)) for seat, client in players.items()}
        assert before[0]["moves"] >= 8
    with Server(tmp_path / "serve2.log", extra_args=args, env=env, config=config) as srv:
        url = f"{srv.url}/nbgames/tables"
        aki, ben = (TableClient(url, kernel_id, key, student=who)  # new kernels: a reload of both pages
                    for (kernel_id, key), who in zip(kernel_keys(srv, 2), students, strict=True))
        players = {0: aki, 1: ben}
        for seat, client in players.items():  # the students' seats and views, as they were
            assert client.join(code, seat)["you"] == seat  # sitting again where one sits: fine
            after = client.view(code)
            assert after["view"] == before[seat]["view"] and after["version"] == before[seat]["version"]
        now = settled(aki, code, set(players))
        mover = players[now["to_move"]]
        moved = mover.act(code, mover.view(code)["legal"][0])
        assert moved["moves"] > now["moves"]  # (the bot may have answered already)
    print(f"\nserved tables: two server starts, 9 moves and the checks in {time.monotonic() - start:.1f} s")

