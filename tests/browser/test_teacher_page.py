"""The teacher page in real Chromium (issue 29, items 1 and 2): a real `nbgames serve --class-progress`,
the teacher's page open on a phone-wide screen (390 px) while two students, each in a browser of their
own, join the class on New York's learn page and answer: one gets stuck (three wrong clicks), the
other finishes the first lesson. The teacher's table follows without a reload, shows a nickname
with HTML in it as plain text, and a student's reload joins the class again by itself. The answers
reach the database through the real kernels (the kit's own calls). No page error on any page."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from conftest import Board

from nbgames.testing import Server, join_class, page_error_recorder

pytestmark = pytest.mark.browser
LEARN = "/voila/render/newyork/learn.ipynb"
TOKEN = "teacher-token-of-the-browser-test"
HOSTILE = "<b>Ben</b>"
LESSON_FILE = Path(__file__).resolve().parent.parent / "data" / "lessons" / "newyork.json"


@pytest.fixture  # one per test: a test run again (make test) starts from an empty class database
def class_server(tmp_path_factory):
    where = tmp_path_factory.mktemp("class")
    env = {"NBGAMES_CLASS_DB": str(where / "class.sqlite"), "NBGAMES_TEACHER_TOKEN": TOKEN}
    config = {"VoilaConfiguration": {"default_pool_size": 0},
              "VoilaKernelManager": {"kernel_pools_config": {"newyork/learn.ipynb": {"pool_size": 2}}}}
    with Server(where / "serve.log", extra_args=["--class-progress"], env=env, config=config) as srv:
        srv.db_url = f"sqlite:///{where / 'class.sqlite'}"
        yield srv


def rows(db_url: str) -> dict:
    """What the class database holds (the kernels' own reports, through the server)."""
    from sqlalchemy import select

    from nbgames.classroom import Store
    from nbgames.classroom.schema import answers, lesson_events, students

    store = Store.open(db_url, migrate=False)
    try:
        with store.engine.connect() as c:
            names = dict(c.execute(select(students.c.id, students.c.name)).all())
            return {
                "students": [(r.class_code, r.name) for r in c.execute(select(students).order_by(students.c.id))],
                "lessons": [(names[r.student_id], r.lesson, r.kind)
                            for r in c.execute(select(lesson_events).order_by(lesson_events.c.id))],
                "answers": [(names[r.student_id], r.step, r.right, r.answer, r.showed)
                            for r in c.execute(select(answers).order_by(answers.c.id))],
            }
    finally:
        store.close()


def new_page(browser, width: int = 1280, height: int = 1000):
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", page_error_recorder(errors, []))
    page.page_errors = errors
    page.console_errors = []
    return context, page


def state(teacher, name: str, lesson: str = "ny-goal") -> str:
    cells = teacher.locator("tr.nbg-teacher-student", has=teacher.locator("th", has_text=name)).locator(
        f"td[data-lesson='{lesson}']")
    return cells.first.get_attribute("data-state") if cells.count() else ""


def wait_state(teacher, name: str, wanted: str, timeout: float = 20) -> float:
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        if state(teacher, name) == wanted:
            return time.monotonic() - start
        teacher.wait_for_timeout(100)
    raise AssertionError(f"{name} never shown {wanted!r} (now {state(teacher, name)!r})")


@pytest.mark.timeout(240)
def test_the_teacher_page_follows_two_students_live(browser, class_server):
    started = time.monotonic()
    contexts = []
    try:
        context, teacher = new_page(browser, 390, 800)
        contexts.append(context)
        teacher.goto(f"{class_server.url}/nbgames/teacher?token={TOKEN}&class=maple-3")
        assert "token" not in teacher.url  # the link's token became a cookie
        teacher.wait_for_function("() => window.__nbgTeacherPolls >= 1")
        teacher.evaluate("() => { window.__nbgSamePage = true; }")  # a reload would lose it
        print(f"\nteacher page at {time.monotonic() - started:.1f} s")

        context, aki_page = new_page(browser)
        contexts.append(context)
        aki = Board(aki_page, class_server).open(LEARN)
        print(f"\nfirst learn page drawn at {time.monotonic() - started:.1f} s")
        join_class(aki.page, "maple-3", "Aki")
        for _ in range(3):  # three wrong squares: stuck
            aki.page.locator(".nbg-lesson-retry").click()  # clears the last word: the next one is new
            aki.wait_for(lambda: "NY-1" not in aki.text(".nbg-lesson-feedback"), "the feedback cleared")
            aki.canvas.scroll_into_view_if_needed()
            aki.click_square("E5")
            aki.wait_for(lambda: "NY-1" in aki.text(".nbg-lesson-feedback"), "the wrong square explained")
        stuck_after = wait_state(teacher, "Aki", "stuck")

        context, ben_page = new_page(browser)
        contexts.append(context)
        ben = Board(ben_page, class_server).open(LEARN)
        print(f"second learn page drawn at {time.monotonic() - started:.1f} s")
        join_class(ben.page, "maple-3", HOSTILE)
        ben.canvas.scroll_into_view_if_needed()
        ben.click_square("F5")
        ben.wait_for(lambda: "Right" in ben.text(".nbg-lesson-feedback"), "the right square")
        ben.page.locator(".nbg-lesson-choice", has_text="15").first.click()
        ben.wait_for(lambda: "1 of 9 lessons done" in ben.text(".nbg-lesson-progress"), "the lesson done")
        done_after = wait_state(teacher, HOSTILE, "done")

        assert teacher.evaluate("() => window.__nbgSamePage === true")  # updated without a reload
        assert teacher.locator("table b").count() == 0  # the nickname's HTML is text, not markup
        steps = teacher.locator("tr.nbg-teacher-step").first.inner_text()
        assert "50 %" in steps and "**@E5" in steps and "1×" in steps, steps  # one student, three clicks
        # beside the wrong answers, the board the students saw, the wrong square marked
        teacher.wait_for_function("() => { const i = document.querySelector('tr.nbg-teacher-step img'); "
                                  "return i && i.complete && i.naturalWidth > 100; }")
        src = teacher.locator("tr.nbg-teacher-step img").first.get_attribute("src")
        svg = teacher.evaluate("async (src) => (await fetch(src, { credentials: 'same-origin' })).text()", src)
        assert "data-marked='E5'" in svg and "<script" not in svg
        # a lesson file uploaded on the page, handed out with two built-in lessons: a link for the class
        teacher.set_input_files("#nbg-upload", str(LESSON_FILE))
        teacher.wait_for_function("() => document.getElementById('nbg-upload-said').textContent.includes("
                                  "'Added newyork.json')")
        teacher.select_option("#nbg-assign-game", "newyork")
        teacher.locator("#nbg-assign-lessons input[value='file:newyork.json']").wait_for()
        for lesson in ("ny-goal", "ny-fee", "file:newyork.json"):
            teacher.locator(f"#nbg-assign-lessons input[value='{lesson}']").check()
        link = teacher.locator("#nbg-assign-link").input_value()
        assert link == (f"{class_server.url}/voila/render/newyork/learn.ipynb"
                        "?assign=ny-goal%2Cny-fee%2Cfile%3Anewyork.json&class=maple-3")
        width = teacher.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 390, f"the teacher page is {width} px wide on a 390 px screen"

        aki_page.reload()  # the browser remembers the class: no second asking
        Board(aki_page, class_server).wait_drawn()
        aki.wait_for(lambda: "You are in class maple-3 as Aki" in aki.text(".nbg-class-said"), "joined again")
        assert not aki_page.locator(".nbg-class-code").is_visible()

        teacher.goto(f"{class_server.url}/nbgames/teacher?lang=ja&class=maple-3")
        teacher.wait_for_function("() => window.__nbgTeacherPolls >= 1")
        assert "つまずき中" in teacher.locator("#nbg-students").inner_text()
        for page in (teacher, aki_page, ben_page):
            assert not page.page_errors, page.page_errors
        recorded = rows(class_server.db_url)
        assert recorded["students"] == [("maple-3", "Aki"), ("maple-3", HOSTILE)]
        assert recorded["lessons"] == [("Aki", "ny-goal", "started"), (HOSTILE, "ny-goal", "started"),
                                       (HOSTILE, "ny-goal", "finished")]
        assert recorded["answers"] == [("Aki", 0, False, "**@E5", False)] * 3 + [
            (HOSTILE, 0, True, "**@F5", False), (HOSTILE, 1, True, "15", False)]
        # the link on a student's page: the three lessons first; the lesson file's answers reach the teacher
        ben_page.goto(link.replace("assign=ny-goal%2Cny-fee%2C", "assign="))
        Board(ben_page, class_server).wait_drawn()
        ben.wait_for(lambda: "Grow your group" in ben.text(".nbg-lesson-title"), "the lesson file opened first")
        ben.canvas.scroll_into_view_if_needed()
        ben.click_square("C2")
        ben.wait_for(lambda: "NY-10" in ben.text(".nbg-lesson-feedback"), "the wrong square explained")
        teacher.wait_for_function("() => document.getElementById('nbg-students').textContent.includes("
                                  "'Grow your group')", timeout=20_000)
        assert not ben_page.page_errors and not teacher.page_errors, (ben_page.page_errors, teacher.page_errors)
        assert rows(class_server.db_url)["answers"][-1] == (HOSTILE, 0, False, "C2", False)
        print(f"\nteacher page: stuck shown {stuck_after:.1f} s and done {done_after:.1f} s after the "
              f"student's answer; the whole test {time.monotonic() - started:.0f} s")
        assert re.search(r"1 of 9|2 of 9", aki.text(".nbg-lesson-progress")) is None  # Aki finished nothing
    finally:
        for context in contexts:
            context.close()


@pytest.mark.timeout(180)
def test_the_teacher_page_lists_a_table_watches_it_live_and_closes_it(browser, class_server):
    """Issue 31, item 4: a table opened by a page's kernel (its signed client, as the play page's)
    shows on the teacher's page with who sits where; watching it draws its board (a spectator's
    SVG), redrawn when a move is made there; two clicks close it for its player too."""
    from test_tables_served import kernel_keys

    from nbgames.tables import TableError
    from nbgames.tables.client import TableClient

    [(kernel_id, key)] = kernel_keys(class_server, 1)
    cho = TableClient(f"{class_server.url}/nbgames/tables", kernel_id, key, student={"class": "maple-3", "name": "Cho"})
    code = cho.open("newyork_city", ["human", "greedy", "greedy"])["code"]
    now = cho.join(code, 0)
    while now["to_move"] != 0:  # the bots move up to Cho's turn (on the server's bot threads)
        now = cho.view(code, after=now["version"], wait=10)
    context, teacher = new_page(browser, 390, 800)
    try:
        teacher.goto(f"{class_server.url}/nbgames/teacher?token={TOKEN}&class=maple-3")
        row = teacher.locator(f"tr.nbg-teacher-table[data-code='{code}']")
        row.wait_for()
        words = row.inner_text()
        assert "Cho" in words and words.count("bot (greedy)") == 2 and "New York City" in words, words
        row.locator(".nbg-teacher-table-watch").click()
        picture = "document.getElementById('nbg-watch-board')"
        # the picture shows the version the row shows now (the bots may move on meanwhile), at least `least`
        drawn = (f"(least) => {{ const v = +document.querySelector(\"tr[data-code='{code}']\").dataset.version;"
                 f" const shown = /[?&]v=(\\d+)/.exec({picture}.src);"
                 f" return v >= least && shown !== null && +shown[1] === v && {picture}.complete"
                 f" && {picture}.naturalWidth > 100; }}")
        teacher.wait_for_function(drawn, arg=0)
        svg = teacher.evaluate(f"async () => (await fetch({picture}.src, {{ credentials: 'same-origin' }})).text()")
        assert "<script" not in svg and "hands are hidden" in svg and re.search(r">×\d+</text>", svg) is None
        version = cho.act(code, cho.view(code)["legal"][0])["version"]
        started = time.monotonic()
        teacher.wait_for_function(drawn, arg=version)
        print(f"\nthe watched table's picture followed a move in {time.monotonic() - started:.2f} s")
        close = row.locator(".nbg-teacher-table-close")
        close.click()
        assert close.inner_text() == "Click again to close it"
        close.click()
        row.wait_for(state="detached")
        assert f"Table {code} is closed." in teacher.locator("#nbg-tables-said").inner_text()
        assert f"Table {code} is no longer open." in teacher.locator("#nbg-watch-said").inner_text()
        with pytest.raises(TableError):
            cho.view(code)
        watches: list[str] = []  # a closed table is not waited on again and again
        teacher.on("request", lambda request: watches.append(request.url) if "watch=" in request.url else None)
        teacher.wait_for_timeout(2000)
        assert len(watches) <= 1, watches
        width = teacher.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 390, f"the teacher page is {width} px wide on a 390 px screen"
        assert not teacher.page_errors, teacher.page_errors
    finally:
        context.close()
