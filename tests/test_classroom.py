"""The class's progress on the server (issue 29, items 1, 3, 4): the database (SQLite always,
PostgreSQL from Debian's package), its migrations, the progress endpoint with the kernel-side sink,
hostile input, a student reading only their own data, 20 students at once, a restart, "forget".

The endpoint runs in a real tornado server here (the handlers of nbgames/serve/progress.py) with a
table of kernel keys standing for the kernel manager's; tests/test_classroom_served.py runs the real
`nbgames serve --class-progress` with its real kernels."""

from __future__ import annotations

import asyncio
import http.client
import json
import secrets
import threading
import time
import urllib.error
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest
from postgres_support import Postgres, require_postgres
from sqlalchemy import create_engine, inspect

from nbgames.classroom import ProgressSink
from nbgames.classroom.sink import KERNEL_HEADER, SIGNATURE_HEADER, TIME_HEADER, signature
from nbgames.classroom.store import Store, current_revision, downgrade, head_revision, upgrade
from nbgames.cli import main as cli_main
from nbgames.serve.progress import MAX_BODY, PATH, ProgressService, handlers, is_hub_teacher
from nbgames.testing import free_port

TOKEN = "teacher-" + "x" * 20


@pytest.fixture(scope="module")
def postgres():
    server = Postgres(require_postgres()).start()
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    """An empty database of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'class.sqlite'}"
    return request.getfixturevalue("postgres").database(f"nbg_{uuid.uuid4().hex[:10]}")


@pytest.fixture
def sqlite_url(tmp_path):
    return f"sqlite:///{tmp_path / 'class.sqlite'}"


class ProgressServer:
    """The progress handlers in a real tornado server on a thread of its own."""

    def __init__(self, url: str, keys: dict[str, bytes], owners: dict[str, str] | None = None):
        self.db_url, self.keys, self.owners = url, keys, owners
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}/"
        self.url = self.base + PATH

    def __enter__(self):
        ready = threading.Event()

        def run():
            from tornado import web

            self.loop = asyncio.new_event_loop()
            asyncio.set_event_loop(self.loop)
            self.service = ProgressService(Store.open(self.db_url), self.keys.get,
                                           self.owners.get if self.owners is not None else None, TOKEN)
            self.http = web.Application(handlers("/", self.service)).listen(self.port, "127.0.0.1")
            self.loop.call_soon(ready.set)
            self.loop.run_forever()
            self.http.stop()
            self.loop.run_until_complete(self.http.close_all_connections())
            self.service.close()
            self.loop.close()

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()
        assert ready.wait(30)
        return self

    def __exit__(self, *exc):
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(30)

    def student(self) -> tuple[str, bytes]:
        """A new page's kernel: its id and key, known to the server."""
        kernel_id, key = str(uuid.uuid4()), secrets.token_hex(32).encode()
        self.keys[kernel_id] = key
        return kernel_id, key

    def sink(self, class_code: str | None = None, name: str | None = None) -> ProgressSink:
        kernel_id, key = self.student()
        sink = ProgressSink(self.url, kernel_id, key)
        if class_code:
            sink.join(class_code, name)
        return sink


def raw(url: str, body: bytes | None, headers: dict, method: str = "POST") -> tuple[int, dict]:
    request = urllib.request.Request(url, data=body, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.loads(answer.read() or b"{}")
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"{}")


def sent_huge(srv: ProgressServer, body: bytes, headers: dict) -> int:
    """The status a huge body gets: the server answers 413 from the headers (Content-Length) and
    closes; the client may still be sending then (a broken pipe), and reads the 413 if it can."""
    connection = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=10)
    connection.putrequest("POST", "/" + PATH)
    for name, value in {**headers, "Content-Length": str(len(body))}.items():
        connection.putheader(name, value)
    connection.endheaders()
    try:
        connection.send(body)
    except (BrokenPipeError, ConnectionResetError):
        pass
    try:
        return connection.getresponse().status
    except (ConnectionError, http.client.HTTPException):
        return 413 if srv.service.refused else 0  # closed on us: counted as refused by the server
    finally:
        connection.close()


def signed(sink: ProgressSink, body: bytes, method="POST", kernel_id=None, key=None, stamp=None) -> dict:
    stamp = stamp or str(int(time.time()))
    path = "/" + PATH
    return {"Content-Type": "application/json", KERNEL_HEADER: kernel_id or sink.kernel_id, TIME_HEADER: stamp,
            SIGNATURE_HEADER: signature(key or sink.key, method, path, stamp, body)}


def answer_event(sink: ProgressSink, step=0, **change) -> dict:
    fields = {"lesson": "ny-goal", "step": step, "right": True, "answer": "F5", "seconds": 2.5, "showed": False}
    fields.update(change)
    return sink.event("step_answered", **fields)


def totals(store_url: str, class_code: str | None = None) -> dict:
    store = Store.open(store_url, migrate=False)
    try:
        return store.count(class_code)
    finally:
        store.close()


# -- the database ---------------------------------------------------------------------------------
def test_migrations_build_the_schema_from_empty_and_match_the_tables(db_url):
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext

    from nbgames.classroom.schema import metadata

    engine = create_engine(db_url)
    assert current_revision(engine) is None and inspect(engine).get_table_names() == []
    upgrade(engine)
    assert current_revision(engine) == head_revision()
    tables = set(inspect(engine).get_table_names())
    assert {"students", "lesson_events", "answers", "games", "alembic_version"} <= tables
    with engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), metadata) == []
    downgrade(engine, "base")  # and back down, and up again: the first migration's downgrade works
    assert set(inspect(engine).get_table_names()) <= {"alembic_version"}
    Store.open(db_url).close()  # the server's start runs the same migrations
    assert current_revision(engine) == head_revision()
    engine.dispose()


def test_a_url_or_a_file_path_names_the_database(tmp_path, monkeypatch):
    from nbgames.classroom.store import as_url, default_url

    monkeypatch.delenv("NBGAMES_CLASS_DB", raising=False)
    assert default_url(tmp_path) == f"sqlite:///{tmp_path / 'nbgames-class.sqlite'}"
    monkeypatch.setenv("NBGAMES_CLASS_DB", str(tmp_path / "x.sqlite"))
    assert default_url() == f"sqlite:///{tmp_path / 'x.sqlite'}"
    assert as_url("postgresql://t:pw@db/class") == "postgresql+psycopg://t:pw@db/class"


# -- the endpoint ---------------------------------------------------------------------------------
def test_a_student_s_lesson_and_game_are_recorded_and_read_back(db_url):
    with ProgressServer(db_url, {}) as srv:
        sink = srv.sink("Maple-3", " Aki  Sato ")
        sink.lesson_started("ny-goal")
        sink.step_answered("ny-goal", 0, right=False, answer="F5", seconds=4.25, showed=False)
        sink.step_answered("ny-goal", 0, right=True, answer="E4", seconds=1.5, showed=True)
        sink.lesson_finished("ny-goal")
        sink.game_finished("newyork", 4, ["mcts", "greedy", "random"], 31, "rec-2026-12-02:1")
        assert sink.flush() and sink.failed == 0, sink.last_error
        mine = sink.mine()
    assert (mine["class"], mine["name"]) == ("maple-3", "Aki Sato")  # class codes lower case, spaces tidied
    assert [(e["lesson"], e["kind"]) for e in mine["lessons"]] == [("ny-goal", "started"), ("ny-goal", "finished")]
    assert [(a["right"], a["answer"], a["seconds"], a["showed"]) for a in mine["answers"]] == [
        (False, "F5", 4.25, False), (True, "E4", 1.5, True)]
    assert mine["games"] == [{**mine["games"][0], "game": "newyork", "seats": 4, "bots": ["mcts", "greedy", "random"],
                              "score": 31, "record_id": "rec-2026-12-02:1"}]


def test_a_retried_event_is_kept_once(sqlite_url):
    with ProgressServer(sqlite_url, {}) as srv:
        sink = srv.sink("maple-3", "Aki")
        body = json.dumps(answer_event(sink)).encode()
        first = raw(srv.url, body, signed(sink, body))
        again = raw(srv.url, body, signed(sink, body))
    assert (first[0], again[0]) == (201, 200) and again[1] == {"recorded": False}
    assert totals(sqlite_url)["answers"] == 1


def test_hostile_input_is_refused_and_nothing_is_written(sqlite_url):
    with ProgressServer(sqlite_url, {}) as srv:
        sink = srv.sink("maple-3", "Aki")
        sink.lesson_started("ny-goal")  # Aki's kernel is bound to Aki now
        assert sink.flush() and sink.failed == 0
        before = totals(sqlite_url)
        other_kernel, other_key = srv.student()
        good = answer_event(sink)
        cases = {
            "step as text": ({**good, "step": "0"}, 400),
            "right as a number": ({**good, "right": 1}, 400),
            "seconds negative": ({**good, "seconds": -1}, 400),
            "seconds as text": ({**good, "seconds": "2"}, 400),
            "answer too long": ({**good, "answer": "x" * 500}, 400),
            "a step the lesson lacks": ({**good, "step": 99}, 400),
            "unknown lesson": ({**good, "lesson": "ny-nope"}, 400),
            "lesson id with a path": ({**good, "lesson": "../../etc"}, 400),
            "unknown kind": ({**good, "kind": "grade_given"}, 400),
            "an extra field": ({**good, "grade": "A"}, 400),
            "no id": ({k: v for k, v in good.items() if k != "id"}, 400),
            "a list, not an event": ([good], 400),
            "another student's name": ({**good, "student": {"class": "maple-3", "name": "Ben"}}, 403),
            "another class": ({**good, "student": {"class": "oak-1", "name": "Aki"}}, 403),
            "a nickname with control characters": (
                {**good, "student": {"class": "maple-3", "name": "A\u0000ki"}}, 400),
            "a game that is not one": (sink.event("game_finished", game="chess", seats=2, bots=[], score=1,
                                                  record_id="r"), 400),
            "more bots than seats": (sink.event("game_finished", game="newyork", seats=2, bots=["a", "b"],
                                                score=1, record_id="r"), 400),
            "score as text": (sink.event("game_finished", game="newyork", seats=2, bots=[], score="31",
                                         record_id="r"), 400),
        }
        seen = {}
        for what, (event, status) in cases.items():
            body = json.dumps(event).encode()
            seen[what] = (raw(srv.url, body, signed(sink, body))[0], status)
        body = json.dumps(good).encode()
        seen["not JSON"] = (raw(srv.url, b"{nope", signed(sink, b"{nope"))[0], 400)
        huge = json.dumps({**good, "answer": "x" * 2_000_000}).encode()
        seen["2 MB body"] = (sent_huge(srv, huge, signed(sink, huge)), 413)
        chunked = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=10)
        chunked.putrequest("POST", "/" + PATH)
        for name, value in signed(sink, body).items():
            chunked.putheader(name, value)
        chunked.putheader("Transfer-Encoding", "chunked")
        chunked.endheaders()
        chunked.send(b"%x\r\n%s\r\n0\r\n\r\n" % (len(body), body))
        seen["a body of no stated length"] = (chunked.getresponse().status, 411)
        chunked.close()
        seen["no signature"] = (raw(srv.url, body, {KERNEL_HEADER: sink.kernel_id})[0], 403)
        seen["signed with another kernel's key"] = (raw(srv.url, body, signed(sink, body, key=other_key))[0], 403)
        seen["an unknown kernel"] = (raw(srv.url, body, signed(sink, body, kernel_id=str(uuid.uuid4())))[0], 403)
        seen["a kernel id that is not one"] = (raw(srv.url, body, signed(sink, body, kernel_id="x' OR 1=1"))[0], 403)
        seen["an old time stamp"] = (raw(srv.url, body, signed(sink, body, stamp=str(int(time.time()) - 3600)))[0],
                                     403)
        tampered = json.dumps({**good, "right": False}).encode()
        seen["body changed after signing"] = (raw(srv.url, tampered, signed(sink, body))[0], 403)
        # a new page's kernel that never named its student
        nameless = json.dumps({k: v for k, v in good.items() if k != "student"}).encode()
        seen["no student named"] = (raw(srv.url, nameless, signed(sink, nameless, kernel_id=other_kernel,
                                                                  key=other_key))[0], 400)
        refused = srv.service.refused
    wrong = {what: got for what, got in seen.items() if got[0] != got[1]}
    assert not wrong, wrong
    assert refused == len(seen)
    assert totals(sqlite_url) == before
    assert MAX_BODY < 2_000_000


def test_a_student_reads_only_their_own_data_and_the_class_only_with_the_teacher_token(sqlite_url):
    with ProgressServer(sqlite_url, {}) as srv:
        aki, ben = srv.sink("maple-3", "Aki"), srv.sink("maple-3", "Ben")
        aki.step_answered("ny-goal", 0, right=False, answer="F5", seconds=3, showed=False)
        ben.step_answered("ny-goal", 0, right=True, answer="E4", seconds=3, showed=False)
        ben.lesson_finished("ny-goal")
        assert aki.flush() and ben.flush()
        assert [a["answer"] for a in aki.mine()["answers"]] == ["F5"]
        assert [a["answer"] for a in ben.mine()["answers"]] == ["E4"] and ben.mine()["name"] == "Ben"
        # a read signed by Aki's kernel but asking for Ben gets Aki's own data: no query is read
        status, got = raw(srv.url + "?name=Ben&class=maple-3", None, signed(aki, b"", method="GET"), method="GET")
        assert status == 200 and got["name"] == "Aki" and [a["answer"] for a in got["answers"]] == ["F5"]
        assert raw(srv.url, None, {KERNEL_HEADER: aki.kernel_id}, method="GET")[0] == 403  # unsigned
        teacher = srv.base + PATH + "/class/maple-3"
        assert raw(teacher, None, {}, "GET")[0] == 403
        assert raw(teacher, None, {"Authorization": "token wrong"}, "GET")[0] == 403
        assert raw(teacher, None, signed(aki, b"", method="GET"), "GET")[0] == 403  # a student's kernel
        status, summary = raw(teacher, None, {"Authorization": f"token {TOKEN}"}, "GET")
    assert status == 200
    assert summary["students"]["Ben"]["finished"] == ["ny-goal"] and summary["students"]["Aki"]["answers"] == 1
    assert summary["steps"] == [{"lesson": "ny-goal", "step": 0, "students": 2, "right_first": 1, "answers": 2}]


def test_under_a_hub_the_kernel_s_owner_is_the_student(sqlite_url):
    owners: dict[str, str] = {}
    with ProgressServer(sqlite_url, {}, owners) as srv:
        kernel_id, key = srv.student()
        owners[kernel_id] = "aki"
        sink = ProgressSink(srv.url, kernel_id, key)
        body = json.dumps(sink.event("lesson_started", lesson="ny-goal")).encode()
        assert raw(srv.url, body, signed(sink, body))[0] == 201
        body = json.dumps({**sink.event("lesson_started", lesson="ny-goal"),
                           "student": {"class": "hub", "name": "ben"}}).encode()
        assert raw(srv.url, body, signed(sink, body))[0] == 403
        nobody_id, nobody_key = srv.student()  # a pre-heated kernel no student has opened yet
        body = json.dumps(sink.event("lesson_started", lesson="ny-goal")).encode()
        assert raw(srv.url, body, signed(sink, body, kernel_id=nobody_id, key=nobody_key))[0] == 403
        assert sink.mine()["name"] == "aki"
    assert totals(sqlite_url, "hub")["lesson_events"] == 1
    assert is_hub_teacher({"name": "t", "admin": True})
    assert is_hub_teacher({"name": "t", "groups": ["nbgames-teachers"]})  # the group hub-config makes
    assert not is_hub_teacher({"name": "t", "groups": ["teachers"]})
    assert not is_hub_teacher({"name": "aki", "groups": ["class-3"]}) and not is_hub_teacher(None)
    assert is_hub_teacher({"name": "t", "groups": ["staff"]}, group="staff")


def test_twenty_students_answering_at_once_lose_no_answer(db_url):
    students, answers_each = 20, 25
    with ProgressServer(db_url, {}) as srv:
        sinks = [srv.sink("maple-3", f"student {i}") for i in range(students)]
        start = time.monotonic()

        def play(sink: ProgressSink) -> None:
            sink.lesson_started("gr-odds")
            for n in range(answers_each):
                sink.step_answered("gr-odds", n % 4, right=n % 3 == 0, answer=f"choice {n}", seconds=n / 10,
                                   showed=n % 5 == 0)
            sink.lesson_finished("gr-odds")
            assert sink.flush(60), "not all sent"

        with ThreadPoolExecutor(students) as pool:
            list(pool.map(play, sinks))
        took = time.monotonic() - start
        failed = sum(s.failed for s in sinks)
    counts = totals(db_url, "maple-3")
    writes = students * (answers_each + 2)
    print(f"\n{db_url.split(':')[0]}: {students} students, {writes} events in {took:.2f} s "
          f"({writes / took:.0f} writes/s), failed {failed}")
    assert failed == 0
    assert counts == {"students": students, "lesson_events": 2 * students, "answers": students * answers_each,
                      "games": 0}


def test_a_restart_keeps_everything(db_url):
    with ProgressServer(db_url, {}) as srv:
        sink = srv.sink("maple-3", "Aki")
        sink.lesson_started("nyc-city")
        sink.step_answered("nyc-city", 1, right=True, answer="the red card", seconds=7, showed=False)
        assert sink.flush() and sink.failed == 0
        before = sink.mine()
    with ProgressServer(db_url, {}) as srv:  # a new server process' state: only the database remains
        status, summary = raw(srv.base + PATH + "/class/maple-3", None, {"Authorization": f"token {TOKEN}"}, "GET")
        again = srv.sink("maple-3", "Aki")  # the student's new page after the restart
        again.lesson_finished("nyc-city")
        assert again.flush() and again.failed == 0
        after = again.mine()
    assert status == 200 and summary["students"]["Aki"] == {"finished": [], "started": ["nyc-city"], "answers": 1,
                                                             "games": 0}
    assert after["answers"] == before["answers"] and len(after["lessons"]) == 2


def test_nothing_is_sent_outside_a_class_server(monkeypatch):
    monkeypatch.delenv("NBGAMES_PROGRESS_URL", raising=False)
    sink = ProgressSink()
    sink.lesson_started("ny-goal")
    assert not sink.enabled and sink.mine() == {} and sink.sent == 0


# -- the command line -----------------------------------------------------------------------------
def test_forget_a_class_deletes_its_students_and_their_progress_only(sqlite_url, capsys, tmp_path):
    with ProgressServer(sqlite_url, {}) as srv:
        for code, name in (("maple-3", "Aki"), ("maple-3", "Ben"), ("oak-1", "Cleo")):
            sink = srv.sink(code, name)
            sink.lesson_started("ny-goal")
            sink.step_answered("ny-goal", 0, right=True, answer="F5", seconds=1, showed=False)
            sink.game_finished("galopp_royal", 3, ["greedy"], None, "r1")
            assert sink.flush() and sink.failed == 0
    path = sqlite_url.removeprefix("sqlite:///")
    assert cli_main(["class", "--db", path, "export", "maple-3", "--csv", str(tmp_path / "maple.csv")]) == 0
    rows = (tmp_path / "maple.csv").read_text().splitlines()
    assert len(rows) == 1 + 6 and "Aki" in rows[1] and not any("Cleo" in r for r in rows)
    assert cli_main(["class", "--db", path, "forget", "maple-3", "--yes"]) == 0
    assert "forgot class maple-3: 2 students, 2 lesson events, 2 answers, 2 games" in capsys.readouterr().out
    assert totals(sqlite_url, "maple-3") == {"students": 0, "lesson_events": 0, "answers": 0, "games": 0}
    assert totals(sqlite_url, "oak-1") == {"students": 1, "lesson_events": 1, "answers": 1, "games": 1}
    assert cli_main(["class", "--db", path, "forget", "maple-3", "--yes"]) == 1  # nothing left to forget
    assert cli_main(["class", "--db", path, "list"]) == 0
    assert capsys.readouterr().out.strip().splitlines()[-1] == "oak-1: 1 students, 1 lesson events, 1 answers, 1 games"




def test_a_wrong_answer_repeated_counts_once_per_student_and_step_but_every_answer_is_kept(db_url):
    from nbgames.classroom.store import teacher_board

    with ProgressServer(db_url, {}) as srv:
        said = {  # each student's answers to ny-goal step 0, in order (True: right)
            "Aki": ["E5", "E5", True],  # a double click on the wrong square, then right
            "Ben": ["E5", "G2", "E5", "G2"],  # two squares in turn: each once among the wrong answers
            "Cleo": ["D3", "D3", "D3", "D3"],  # one square again and again: once, and stuck
            "Dan": ["D3", "E5", "A1"],  # three wrong squares, no right one: stuck
            "Eve": [True, "E5"],  # right at the first try (a wrong click later changes nothing)
        }
        for name, answers in said.items():
            sink = srv.sink("maple-3", name)
            sink.lesson_started("ny-goal")
            for answer in answers:
                sink.step_answered("ny-goal", 0, right=answer is True, answer="F5" if answer is True else answer,
                                   seconds=1, showed=False)
            assert sink.flush() and sink.failed == 0, sink.last_error
        board = teacher_board(srv.service.store, "maple-3")
    assert totals(db_url, "maple-3")["answers"] == sum(map(len, said.values()))  # the raw events all stay
    (step,) = board["steps"]
    assert (step["students"], step["right_first"], step["share"]) == (5, 1, 0.2)
    assert step["wrong"] == [["E5", 4], ["D3", 2], ["A1", 1]]  # students who gave each (ties by name), not clicks
    states = {s["name"]: s["lessons"]["ny-goal"] for s in board["students"]}
    assert states == {"Aki": "started", "Ben": "stuck", "Cleo": "stuck", "Dan": "stuck", "Eve": "started"}
    assert {s["name"]: s["answers"] for s in board["students"]}["Cleo"] == 4


def test_the_command_line_export_runs_no_spreadsheet_formula(sqlite_url, tmp_path):
    import csv

    with ProgressServer(sqlite_url, {}) as srv:
        sink = srv.sink("maple-3", "=HYPERLINK(\"http://x\",\"y\")")
        sink.step_answered("ny-goal", 0, right=False, answer="+SUM(A1)", seconds=1, showed=False)
        sink.step_answered("ny-goal", 0, right=False, answer="@cmd", seconds=1, showed=False)
        sink.game_finished("galopp_royal", 3, ["greedy"], -3, "r1")
        assert sink.flush() and sink.failed == 0, sink.last_error
    out = tmp_path / "maple.csv"
    path = sqlite_url.removeprefix("sqlite:///")
    assert cli_main(["class", "--db", path, "export", "maple-3", "--csv", str(out)]) == 0
    rows = list(csv.reader(out.open(encoding="utf-8")))
    cells = [cell for row in rows[1:] for cell in row]
    assert not [cell for cell in cells if cell[:1] in ("=", "+", "@")]
    assert "'=HYPERLINK(\"http://x\",\"y\")" in cells and "'+SUM(A1)" in cells and "'@cmd" in cells
    assert "-3" in cells  # a number stays a number
