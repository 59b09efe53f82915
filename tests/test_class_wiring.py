"""The kit tells the class server what a student did (issue 29, item 1's wiring): the learn page's
answers (wrong, right, a move the board refused, Show me), a lesson finished, a game finished, and
the "Join a class" box of plain serve. The lesson runner and the play controller are the real ones
(New York's lessons, a Galopp Royal game); they post through the real sink to the real progress
handlers (tests/test_classroom.py's `ProgressServer`, an SQLite file), and the rows in the
database are read back exactly."""

from __future__ import annotations

import importlib
import random
import subprocess
import sys

import pytest
from sqlalchemy import select
from test_classroom import ProgressServer
from test_galopp_view import Clock

import nbgames
from nbgames.classroom import ProgressSink, Store
from nbgames.classroom.schema import answers, games, lesson_events, students
from nbgames.newyork.lessons import learn
from nbgames.ui.classjoin import join_box
from nbgames.ui.controller import PlayController

sink_module = importlib.import_module("nbgames.classroom.sink")  # the package's `sink` is the function


def rows(db_url: str) -> dict:
    store = Store.open(db_url)
    try:
        with store.engine.connect() as c:
            return {
                "students": [(r.class_code, r.name) for r in c.execute(select(students).order_by(students.c.id))],
                "lessons": [(r.lesson, r.kind) for r in c.execute(select(lesson_events).order_by(lesson_events.c.id))],
                "answers": [(r.lesson, r.step, r.right, r.answer, r.showed, r.seconds)
                            for r in c.execute(select(answers).order_by(answers.c.id))],
                "games": [(r.game, r.seats, r.bots, r.score, r.record_id)
                          for r in c.execute(select(games).order_by(games.c.id))],
            }
    finally:
        store.close()


@pytest.fixture
def class_server(tmp_path, monkeypatch):
    """A class server, and this process's kernel sink pointed at it (as a page's kernel's is)."""
    db_url = f"sqlite:///{tmp_path / 'class.sqlite'}"
    with ProgressServer(db_url, {}) as srv:
        kernel_id, key = srv.student()
        progress = ProgressSink(srv.url, kernel_id, key, hub=False)
        monkeypatch.setattr(sink_module, "_sink", progress)
        yield srv, progress, db_url


def test_a_lesson_answered_wrong_then_right_show_me_and_a_finished_game_are_the_rows(class_server):
    srv, progress, db_url = class_server
    runner = learn()
    box = runner.join_box
    assert box is not None and runner.widget.children[0] is box  # plain serve: the page asks who
    runner.view.click("E5")  # wrong, before joining: kept on the page until the student joins
    assert progress.flush(10) and progress.sent == 0
    assert not box.join("x", "Aki") and "class code" in box.refused  # refused, said in the box
    assert not box.join("maple-3", "   ") and "nickname" in box.refused
    assert box.join("Maple-3", " Aki ") and box.joined == {"class": "maple-3", "name": "Aki"} and not box.refused
    runner.view.click("F5")  # right
    runner.show_me()  # step 1 (a button question): shown...
    runner.show_me()  # ...then done for the student: right, with Show me, and the lesson is finished
    assert runner.session.done
    runner.next_button.click()  # lesson 2: opened (started)
    next(b for b in runner.choices.children if "C4" in b.description).click()
    runner.view.click("C4")  # a move the board refuses (NY-5) is a wrong answer too
    assert progress.flush(20) and progress.failed == 0, progress.last_error

    rng = random.Random(5)
    game = nbgames.new_game("galopp_royal", players=3, seed=5)
    while not game.is_over:  # a game played to its end without the page (quick), then taken back
        game.play(rng.choice(game.legal_actions()))
    end = len(game.history)
    while not (game.to_move == 0 and len(game.history) <= end - 6):
        game.undo()
    ctl_clock = Clock()
    ctl = PlayController(game, ["human", "random", "greedy"], scheduler=ctl_clock, bot_delay=0.0)
    assert ctl.join_box is not None and not ctl.game.is_over
    for round_ in range(2):  # finished, a move undone and the end played again: still one game
        while not ctl.game.is_over:
            if ctl.game.to_move == 0:
                assert ctl.choose(rng.choice(ctl.game.legal_actions()))
            ctl_clock.run()
        if round_ == 0:
            ctl.undo()
            ctl_clock.run()
    assert progress.flush(20) and progress.failed == 0, progress.last_error
    ctl.set_game(ctl.game)  # a finished game opened again (a kept or loaded one) was not played here
    ctl._changed(moved=(0, ctl.game.history[-1]))
    assert progress.flush(10) and progress.failed == 0, progress.last_error

    got = rows(db_url)
    print(f"\nclass wiring: {progress.sent} events sent, answer times {[round(a[5], 2) for a in got['answers']]} s")
    assert got["students"] == [("maple-3", "Aki")]
    assert got["lessons"] == [("ny-goal", "started"), ("ny-goal", "finished"), (runner.lessons[1].id, "started")]
    assert runner.lessons[0].id == "ny-goal"
    assert [a[:5] for a in got["answers"]] == [
        ("ny-goal", 0, False, "**@E5", False),
        ("ny-goal", 0, True, "**@F5", False),
        ("ny-goal", 1, True, "15", True),
        (runner.lessons[1].id, 0, True, "C4", False),
        (runner.lessons[1].id, 1, False, got["answers"][4][3], False),
    ]
    assert got["answers"][4][3].startswith("C4 — NY-5: ")  # where, for the teacher page's board
    assert all(0 <= a[5] < 60 for a in got["answers"])
    (name, seats, bots, score, record_id), = got["games"]
    assert (name, seats, bots) == ("galopp_royal", 3, "random,greedy")
    assert score == ctl.game.scores()[0] and record_id.startswith("sha256:")


def test_progress_the_browser_brings_back_tells_nothing(class_server):
    srv, progress, db_url = class_server
    progress.join("maple-3", "Ben")
    runner = learn()
    assert runner.join_box.joined == {"class": "maple-3", "name": "Ben"}  # joined already: nothing asked
    runner._class_restoring = True  # the browser brings back the lesson the learner was at
    runner.go(3)
    runner._class_restoring = False
    assert progress.flush(10)
    assert rows(db_url) == {"students": [], "lessons": [], "answers": [], "games": []}


def test_no_box_and_nothing_sent_outside_a_class_server_or_under_a_hub(monkeypatch):
    monkeypatch.delenv("NBGAMES_PROGRESS_URL", raising=False)
    monkeypatch.setattr(sink_module, "_sink", None)
    runner = learn()
    assert runner.join_box is None and not runner.class_progress.enabled
    runner.view.click("F5")
    assert runner.class_progress.sent == 0 and not runner.class_progress._pending
    hub = ProgressSink("http://127.0.0.1:9/nbgames/progress", "k", b"key", hub=True)
    monkeypatch.setattr(sink_module, "_sink", hub)
    assert join_box() is None and not hub.needs_join  # the hub user is the student


# -- the teacher page (nbgames/serve/teacher.py) ------------------------------------------------------
def http_get(srv, path: str, headers: dict | None = None) -> tuple[int, dict, str]:
    import http.client

    connection = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=10)
    try:
        connection.request("GET", path, headers=headers or {})
        answer = connection.getresponse()
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}, answer.read().decode("utf-8")
    finally:
        connection.close()


def test_the_teacher_page_is_the_teacher_s_only_and_shows_the_class_escaped(class_server):
    import json

    from test_classroom import TOKEN

    from nbgames.classroom.sink import KERNEL_HEADER, SIGNATURE_HEADER, TIME_HEADER, signature

    srv, progress, db_url = class_server
    hostile = "<img src=x onerror=alert(1)>"
    progress.join("maple-3", hostile)
    for answer in ("=HYPERLINK(\"http://x\")", "F4", "F4", "</script><b>"):
        progress.step_answered("ny-goal", 0, right=False, answer=answer, seconds=2.0)
    other = ProgressSink(srv.url, *srv.student(), hub=False)
    other.join("maple-3", "Ben")
    other.lesson_started("ny-goal")
    other.step_answered("ny-goal", 0, right=True, answer="**@F5", seconds=1.0)
    other.lesson_finished("ny-goal")
    assert progress.flush(10) and other.flush(10) and progress.failed == other.failed == 0, progress.last_error

    # refused: no token, a wrong token or cookie, a student's own (kernel-signed) request
    for path in ("/nbgames/teacher", "/nbgames/teacher/data?class=maple-3",
                 "/nbgames/teacher/export.csv?class=maple-3"):
        assert http_get(srv, path)[0] == 403
        assert http_get(srv, path + ("&" if "?" in path else "?") + "token=nope")[0] == 403
        assert http_get(srv, path, {"Cookie": "nbgames-teacher=" + "0" * 64})[0] == 403
        stamp = str(int(__import__("time").time()))
        signed = {KERNEL_HEADER: progress.kernel_id, TIME_HEADER: stamp,
                  SIGNATURE_HEADER: signature(progress.key, "GET", path.split("?")[0], stamp, b"")}
        status, _, body = http_get(srv, path, signed)
        assert status == 403 and "maple" not in body and "Ben" not in body
    status, _, body = http_get(srv, "/nbgames/teacher?lang=ja")
    assert status == 403 and "先生" in body

    # the teacher's link: the token becomes a cookie and leaves the address
    status, headers, _ = http_get(srv, f"/nbgames/teacher?token={TOKEN}&class=maple-3&lang=ja")
    assert status == 302 and headers["location"] == "/nbgames/teacher?class=maple-3&lang=ja"
    cookie = headers["set-cookie"].split(";")[0]
    assert TOKEN not in cookie and "httponly" in headers["set-cookie"].lower()
    assert "samesite=strict" in headers["set-cookie"].lower()
    status, headers, page = http_get(srv, headers["location"], {"Cookie": cookie})
    assert status == 200 and "あなたのクラス" in page and "script-src 'nonce-" in headers["content-security-policy"]
    assert hostile not in page and "</script><b>" not in page  # names and answers come as data only
    status, _, data = http_get(srv, "/nbgames/teacher/data?class=maple-3", {"Cookie": cookie})
    board = json.loads(data)
    assert status == 200 and board["classes"] == ["maple-3"]
    states = {s["name"]: s["lessons"] for s in board["board"]["students"]}
    assert states == {hostile: {"ny-goal": "stuck"}, "Ben": {"ny-goal": "done"}}
    (step,) = board["board"]["steps"]
    assert (step["students"], step["right_first"], step["share"]) == (2, 1, 0.5)
    # F4 twice in a row (a double click) is one wrong answer of one student
    assert step["wrong"] == [["</script><b>", 1], ["=HYPERLINK(\"http://x\")", 1], ["F4", 1]]
    status, headers, text = http_get(srv, "/nbgames/teacher/export.csv?class=maple-3&what=answers",
                                     {"Authorization": f"token {TOKEN}"})
    assert status == 200 and headers["content-type"].startswith("text/csv")
    assert "'=HYPERLINK" in text and ",=HYPERLINK" not in text  # no spreadsheet formula from a student
    status, _, text = http_get(srv, "/nbgames/teacher/export.csv?class=maple-3", {"Cookie": cookie})
    assert status == 200 and "Ben,ny-goal" in text and "stuck" in text


def test_a_teacher_s_link_hands_out_lessons_first(class_server, monkeypatch):
    from nbgames.ui.keep import lesson_state

    srv, progress, db_url = class_server
    monkeypatch.setenv("QUERY_STRING", "assign=ny-fee,nonsense,ny-goal,%3Cb%3E&class=maple-3")
    runner = learn()
    assert [runner.lessons[i].id for i in runner.assigned] == ["ny-fee", "ny-goal"]
    assert [b.description for b in runner.assigned_items] == ["6. Evicting: the fee", "1. The goal and the board"]
    assert runner.lessons[runner.index].id == "ny-fee"  # the first one handed out is open
    assert "Your teacher asks for these lessons" in runner.widget.children[-2].children[0].value
    assert runner.join_box.suggested == "maple-3"  # the link's class is typed in for the student
    # the browser brings back progress elsewhere: the teacher's first lesson not done comes first
    kit = runner.pagekit
    kit.stored = lesson_state(["ny-fee"], 2, 0)
    kit.ready = True
    assert runner.lessons[runner.index].id == "ny-goal"
    assert runner.assigned_items[0].description.startswith("✓ ")
    monkeypatch.setenv("QUERY_STRING", "")
    assert learn().assigned == [] and learn().index == 0


def test_a_page_s_kernel_does_not_load_the_database_library():
    """The kit only posts to the server (`sink()`): SQLAlchemy stays out of every page's kernel
    (import time and memory per kernel; a Binder image without it runs the pages too)."""
    code = ("import sys\n"
            "from nbgames.newyork.lessons import learn\n"
            "from nbgames.ui.app import PlayApp\n"
            "import nbgames\n"
            "learn(); PlayApp('newyork', players=3, seats=['human', 'random', 'random'])\n"
            "from nbgames.classroom import sink\n"
            "sink()\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('sqlalchemy', 'alembic')))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == "[]", out.stdout


def test_the_teacher_sees_each_step_s_board_with_the_wrong_answers_marked(class_server):
    from xml.etree import ElementTree

    from test_classroom import TOKEN

    from nbgames.classroom.sink import KERNEL_HEADER, SIGNATURE_HEADER, TIME_HEADER, signature

    srv, progress, db_url = class_server
    teacher = {"Authorization": f"token {TOKEN}"}
    runner = learn()
    runner.join_box.join("maple-3", "Aki")
    runner.view.click("E5")  # wrong: a legal move, not the one asked
    runner.view.click("E5")  # the same again (a double click): one wrong answer on the teacher page
    assert progress.flush(10) and progress.failed == 0, progress.last_error
    status, _, data = http_get(srv, "/nbgames/teacher/data?class=maple-3", teacher)
    (step,) = __import__("json").loads(data)["board"]["steps"]
    assert step["wrong"] == [["**@E5", 1]]
    path = "/nbgames/teacher/step.svg?lesson=ny-goal&step=0&wrong=%2A%2A%40E5&lang=ja"
    status, headers, svg = http_get(srv, path, teacher)
    assert status == 200 and headers["content-type"].startswith("image/svg+xml")
    assert headers["content-security-policy"].startswith("default-src 'none'")  # no script, even opened alone
    root = ElementTree.fromstring(svg)
    assert root.get("data-marked") == "E5" and root.get("aria-label") == "ゲームの目的とボード のステップ 1; **@E5"
    # the teacher's only: no token, a student's own signed request
    assert http_get(srv, path)[0] == 403
    stamp = str(int(__import__("time").time()))
    signed = {KERNEL_HEADER: progress.kernel_id, TIME_HEADER: stamp,
              SIGNATURE_HEADER: signature(progress.key, "GET", path.split("?")[0], stamp, b"")}
    assert http_get(srv, path, signed)[0] == 403
    for bad in ("lesson=ny-goal&step=2", "lesson=ny-goal&step=-1", "lesson=ny-goal&step=x", "lesson=..%2Fetc&step=0",
                "lesson=ny-goal&step=0" + "&wrong=F5" * 4, "lesson=ny-goal&step=0&wrong=" + "x" * 201,
                "lesson=lesson-nothere&step=0", "step=0"):
        assert http_get(srv, "/nbgames/teacher/step.svg?" + bad, teacher)[0] in (400, 404), bad
    status, _, page = http_get(srv, "/nbgames/teacher", teacher)
    assert status == 200 and "/nbgames/teacher/step.svg" in page and "The board at this step" in page


def test_a_teacher_hands_out_an_uploaded_lesson_file_and_sees_its_answers(class_server, monkeypatch):
    import json
    from pathlib import Path

    from test_classroom import TOKEN

    from nbgames.classroom.store import ProgressError, check_lesson

    srv, progress, db_url = class_server
    files = srv.service.lesson_files
    upload = Path(__file__).parent / "data" / "lessons" / "newyork.json"

    def send(name, body: bytes, headers=None) -> tuple[int, dict]:
        import http.client
        from urllib.parse import quote

        connection = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=20)
        try:
            heads = {"Authorization": f"token {TOKEN}", "X-Nbgames-Teacher": "1"} if headers is None else headers
            connection.request("POST", "/nbgames/teacher/lessons" + ("" if name is None else f"?name={quote(name)}"),
                               body=body, headers=heads)
            answer = connection.getresponse()
            return answer.status, json.loads(answer.read() or b"{}")
        except (BrokenPipeError, ConnectionResetError):
            return 413, {}
        finally:
            connection.close()

    good = upload.read_bytes()
    # refused, and nothing written: not the teacher, no page header, bad names, not a lesson, too big
    assert send("grow.json", good, {})[0] == 403
    assert send("grow.json", good, {"Authorization": f"token {TOKEN}"})[0] == 403  # another site's form
    for name in ("../grow.json", "grow", "a" * 200 + ".json", "", None, "..json", "sub/grow.json"):
        status, said = send(name, good)
        assert status == 400 and "name" in said["error"], name
    status, said = send("bad.json", b"{\"format\": 5}")
    assert status == 400 and said["error"]
    status, said = send("bad.json", b"\xff\xfe not json")
    assert status == 400 and "JSON" in said["error"]
    assert send("huge.json", b"{" + b" " * 2_000_001 + b"}")[0] == 413
    assert not files.uploads.exists() or list(files.uploads.iterdir()) == []

    status, said = send("grow.json", good)
    assert status == 201 and said["file"] == {"name": "grow.json", "id": "lesson-27573f0bd936", "game": "newyork",
                                              "title": "Grow your group", "steps": 6, "uploaded": True}
    assert (files.uploads / "grow.json").read_bytes() == good
    status, _, data = http_get(srv, "/nbgames/teacher/data", {"Authorization": f"token {TOKEN}"})
    assert [f["name"] for f in json.loads(data)["files"]] == ["grow.json"]

    # the student's page opens the link's file first and records its answers under its id
    monkeypatch.setenv("NBGAMES_LESSON_DIR", str(files.uploads))
    monkeypatch.setenv("QUERY_STRING", "assign=file:grow.json,ny-goal,file:..%2Fx.json,file:nothere.json&class=maple-3")
    runner = learn()
    assert [runner.lessons[i].id for i in runner.assigned] == ["lesson-27573f0bd936", "ny-goal"]
    assert runner.lessons[runner.index].id == "lesson-27573f0bd936"
    assert "nothere.json" in runner.file_message.value  # a file the link names but the server lacks: said
    runner.join_box.join("maple-3", "Aki")
    runner.view.click("C2")  # wrong
    runner.view.click("F5")  # right
    progress.step_answered("lesson-0123456789ab", 0, right=True, answer="F5", seconds=1)  # the student's own file
    assert progress.flush(10) and progress.failed == 0, progress.last_error
    status, _, data = http_get(srv, "/nbgames/teacher/data?class=maple-3", {"Authorization": f"token {TOKEN}"})
    board = json.loads(data)["board"]
    assert board["lessons"] == ["lesson-27573f0bd936", "lesson-0123456789ab"]
    step, own = board["steps"]
    assert (step["lesson"], step["step"], step["right_first"], step["wrong"]) == ("lesson-27573f0bd936", 0, 0,
                                                                                  [["C2", 1]])
    assert step["picture"] and not own["picture"]  # a file the server lacks: listed, no board to draw
    status, _, text = http_get(srv, "/nbgames/teacher/export.csv?class=maple-3", {"Authorization": f"token {TOKEN}"})
    assert "Aki,lesson-27573f0bd936,Grow your group,started" in text
    status, headers, svg = http_get(srv, "/nbgames/teacher/step.svg?lesson=lesson-27573f0bd936&step=0&wrong=C2",
                                    {"Authorization": f"token {TOKEN}"})
    assert status == 200 and "data-marked='C2'" in svg

    # the ids the store accepts: a known file's steps exactly; hostile ids never
    known = files.steps()
    assert known == {"lesson-27573f0bd936": 6}
    check_lesson("lesson-27573f0bd936", 5, known)
    for lesson, step in (("lesson-27573f0bd936", 6, ), ("../etc/passwd", 0), ("lesson-" + "a" * 200, 0), (5, 0),
                         (None, 0), (["ny-goal"], 0), ("file:grow.json", 0), ("ny-goal", 2), ("ny-goal", True)):
        with pytest.raises(ProgressError):
            check_lesson(lesson, step, known)


def test_the_lesson_files_are_the_good_ones_of_the_served_folder_and_the_uploads(tmp_path):
    import shutil
    from pathlib import Path

    from nbgames.classroom.lessonfiles import LessonFileError, LessonFiles, upload_dir
    from nbgames.teach import LessonError

    data = Path(__file__).parent / "data" / "lessons"
    served, uploads = tmp_path / "notebooks" / "lessons", tmp_path / "nbgames-lessons"
    served.mkdir(parents=True)
    shutil.copy(data / "galopp_royal.json", served / "odds.json")
    (served / "broken.json").write_text("{not json")  # a file that is no lesson: not listed
    (served / "notes.txt").write_text("not a lesson file name")
    files = LessonFiles(served, uploads)
    assert [(e["name"], e["game"], e["uploaded"]) for e in files.entries()] == [("odds.json", "galopp_royal", False)]
    with pytest.raises(LessonFileError, match="already"):  # a served file's name stays the served file's
        files.add("odds.json", (data / "newyork.json").read_bytes())
    with pytest.raises(LessonError):
        files.add("grow.json", b'{"format": "nbgames-lesson", "version": 1, "game": "chess"}')
    assert not uploads.exists()
    entry = files.add("grow.json", (data / "newyork.json").read_bytes(), "ja")
    assert (entry["title"], entry["steps"]) == ("建物群を広げる", 6)
    assert [e["name"] for e in files.entries()] == ["odds.json", "grow.json"]
    assert files.lesson(entry["id"], "en").title == "Grow your group" and files.lesson("lesson-nothere", "en") is None
    files.add("grow.json", (data / "newyork_city.json").read_bytes())  # the same name again: replaced
    assert [e["game"] for e in files.entries()] == ["galopp_royal", "newyork_city"]
    assert [p.name for p in uploads.iterdir()] == ["grow.json"]  # no half-written file left behind
    assert upload_dir(f"sqlite:///{tmp_path}/db/class.sqlite") == tmp_path / "db" / "nbgames-lessons"
