"""A class on JupyterHub, for real: the hub and proxy that `nbgames hub-config` configures, students
logging in with Chromium and playing New York through the proxy, in both modes.

- ``service``: one shared nbgames server at /services/nbgames/ behind the hub's OAuth;
- ``servers``: one Jupyter server per student whose default URL is the Voilà gallery.

Both record the class's progress (issue 29): a student's answer reaches the one class database
(in mode ``servers`` through the student's own server, forwarded with its hub token to the class
service), and only a member of the teachers' hub group sees the teacher page.

One hub per mode (module-scoped), one browser for the session. Kernels are culled within seconds
here (the shipped figures are minutes) so the culling of a closed page can be watched.
"""

from __future__ import annotations

import os
import time

import pytest
from conftest import Board
from test_play_page import human_turn, legal_moves, piece_drawn, square_of

from nbgames.testing import page_error_recorder
from nbgames.testing_hub import PASSWORD, Hub, find_proxy

pytestmark = pytest.mark.browser

PLAY = "/voila/render/newyork/play.ipynb"
GALLERY = "/voila/render/index.ipynb"
LEARN = "/voila/render/newyork/learn.ipynb"
TEACHER = "tess"  # in the teachers' hub group (hub-config --teachers)
TEACHER_PAGE = "/services/nbgames/nbgames/teacher"
FORWARD = "/services/nbgames/nbgames/progress/hub"
FAST_CULLING = {"cull_interval": 2, "cull_idle_timeout": 5}
SERVICE_OVERRIDE = {
    "MappingKernelManager": FAST_CULLING,
    # pre-heat only the pages these tests open: 2 kernels at start instead of 10 on 2 cores
    "VoilaKernelManager": {"preheat_denylist": [r".*(?<!index)(?<!newyork/play)\.ipynb$"]},
}
V1 = "v1.kernel.websocket.jupyter.org"


def require_proxy() -> None:
    if find_proxy():
        return
    message = ("configurable-http-proxy not found: the JupyterHub tests need node and npm "
               "(apt-get install nodejs npm; `make test` then installs the proxy into .venv/node)")
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip("SKIPPED LOUDLY: " + message)


@pytest.fixture(scope="module", params=["service", "servers"])
def hub(request, tmp_path_factory):
    require_proxy()
    mode = request.param
    with Hub(mode, tmp_path_factory.mktemp(f"hub-{mode}"), voila_config=SERVICE_OVERRIDE,
             server_culling=FAST_CULLING, teachers=[TEACHER]) as running:
        yield running


class Student:
    """A browser context logged in through the hub's login form; notes its kernels' websockets."""

    def __init__(self, browser, hub: Hub, name: str):
        self.hub, self.name = hub, name
        self.context = browser.new_context(viewport={"width": 1280, "height": 1000})
        self.page = self.context.new_page()
        self.page.page_errors = []
        self.page.on("pageerror", page_error_recorder(self.page.page_errors))
        self.websockets: list[str] = []
        self.page.on("websocket", lambda ws: self.websockets.append(ws.url))
        self.url = hub.site(name)  # what Board prefixes its paths with

    def log_in(self) -> None:
        """The hub's login form; the hub then sends the student to the gallery (either mode)."""
        self.page.goto(f"{self.hub.url}/hub/login", timeout=60_000)
        self.page.fill("#username_input", self.name)
        self.page.fill("#password_input", PASSWORD)
        self.page.click("#login_submit")
        self.page.locator("a.nbg-play-link").first.wait_for(timeout=120_000)

    def kernel_ids(self) -> list[str]:
        return [url.split("/api/kernels/")[1].split("/")[0] for url in self.websockets if "/api/kernels/" in url]

    def try_kernel(self, site: str, kernel_id: str) -> dict:
        """From this student's page: the kernel API status and whether a websocket opens."""
        return self.page.evaluate(
            """async ([site, kernel, proto]) => {
                 const xsrf = (document.cookie.match(/(?:^|; )_xsrf=([^;]*)/) || [])[1] || '';
                 const api = (await fetch(`${site}/api/kernels/${kernel}`,
                                          {headers: {'X-XSRFToken': decodeURIComponent(xsrf)}})).status;
                 const ws = await new Promise(done => {
                   const sock = new WebSocket(`${site.replace(/^http/, 'ws')}/api/kernels/${kernel}/channels`, [proto]);
                   sock.onopen = () => { sock.close(); done('open'); };
                   sock.onerror = () => done('refused');
                   setTimeout(() => done('timeout'), 10000);
                 });
                 return {api, ws};
               }""", [site, kernel_id, V1])

    def close(self) -> None:
        self.context.close()


@pytest.fixture(scope="module")
def student_a(hub, browser):
    student = Student(browser, hub, "alice")
    student.log_in()
    yield student
    student.close()


def test_anonymous_visitor_gets_the_login_page_and_no_game(hub, browser):
    context = browser.new_context()
    page = context.new_page()
    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    page.goto(hub.site("alice") + PLAY, timeout=60_000)
    page.locator("#login_submit").wait_for(timeout=30_000)
    assert "/hub/login" in page.url, page.url
    assert page.locator("canvas").count() == 0 and not sockets  # no page, no kernel
    context.close()


def test_student_logs_in_lands_on_the_gallery_and_plays_through_the_proxy(hub, student_a):
    assert GALLERY in student_a.page.url and student_a.page.url.startswith(student_a.url)
    board = Board(student_a.page, student_a).open(PLAY)
    board.wait_for(lambda: human_turn(board) and legal_moves(board), "our turn")
    square = square_of(legal_moves(board)[0].split(":")[0])  # "C3: red C + ..." -> "C3"
    board.click_square(square)  # the click travels to the kernel over the proxied websocket
    board.wait_for(lambda: f"Player 1 placed a red setup piece on {square}" in board.text(".nbg-log"),
                   "our move in the log")
    board.wait_for(lambda: piece_drawn(board, square), "our piece drawn")
    proxied = [url for url in student_a.websockets if url.startswith(student_a.url.replace("http", "ws", 1))]
    assert proxied and len(student_a.kernel_ids()) >= 2  # the gallery's kernel, then the play page's
    assert student_a.kernel_ids()[-1] in hub.kernels()


def test_another_student_has_a_kernel_of_their_own_and_cannot_reach_alices(hub, browser, student_a):
    alices = student_a.kernel_ids()[-1]
    bob = Student(browser, hub, "bob")
    try:
        bob.log_in()
        assert bob.page.url.startswith(bob.url)
        assert bob.kernel_ids() and alices not in bob.kernel_ids()
        assert set(bob.kernel_ids()) <= set(hub.kernels())
        # Bob knows Alice's kernel id (the worst case): the kernel API and websocket refuse him,
        # while the same requests from Alice's own page go through
        tried, owner = bob.try_kernel(student_a.url, alices), student_a.try_kernel(student_a.url, alices)
        assert tried == {"api": 403, "ws": "refused"}, tried
        assert owner == {"api": 200, "ws": "open"}, owner
        if hub.mode == "servers":  # and the hub will not let him into Alice's server at all
            response = bob.page.goto(student_a.url + GALLERY, timeout=60_000)
            assert response.status == 403 and bob.page.locator("canvas").count() == 0
        assert alices in hub.kernels()
    finally:
        bob.close()


def class_rows(hub: Hub) -> dict:
    """What the hub's class database holds: students, and each answer as (name, lesson, step, right, answer)."""
    from sqlalchemy import select

    from nbgames.classroom import Store
    from nbgames.classroom.schema import answers, students

    store = Store.open(hub.class_db, migrate=False)
    try:
        with store.engine.connect() as c:
            names = dict(c.execute(select(students.c.id, students.c.name)).all())
            return {"students": [(r.class_code, r.name) for r in c.execute(select(students))],
                    "answers": [(names[r.student_id], r.lesson, r.step, r.right, r.answer)
                                for r in c.execute(select(answers).order_by(answers.c.id))]}
    finally:
        store.close()


def wait_rows(hub: Hub, wanted, timeout: float = 30) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        rows = class_rows(hub)
        if wanted(rows):
            return rows
        assert time.monotonic() < deadline, f"not in the class database: {rows}"
        time.sleep(0.3)


def test_a_students_answer_reaches_the_one_class_database(hub, student_a):
    """Service: the shared server records it; servers: Alice's own server forwards it (her hub token)."""
    # the lesson's first step, also when this test runs again (the browser keeps where she was)
    student_a.page.evaluate("() => localStorage.removeItem('nbgames/newyork/learn')")
    board = Board(student_a.page, student_a).open(LEARN)
    assert student_a.page.locator(".nbg-class-code").count() == 0  # the hub knows her: no class to join
    board.canvas.scroll_into_view_if_needed()
    board.click_square("F5")
    board.wait_for(lambda: "Right" in board.text(".nbg-lesson-feedback"), "the right square")
    rows = wait_rows(hub, lambda rows: ("alice", "ny-goal", 0, True, "**@F5") in rows["answers"])
    assert rows["students"] == [("hub", "alice")]
    assert not student_a.page.page_errors


def teacher_page_in(page, hub: Hub):
    """Open the teacher page from the hub's login form (with next=), as a teacher's bookmark does."""
    page.goto(f"{hub.url}/hub/login?next={TEACHER_PAGE}", timeout=60_000)
    page.fill("#username_input", TEACHER)
    page.fill("#password_input", PASSWORD)
    page.click("#login_submit")


def test_only_the_teachers_group_sees_the_class(hub, browser, student_a):
    import requests

    site = hub.url + TEACHER_PAGE
    for url in (site, site + "/data", site + "/export.csv?class=hub"):  # no session: the login, never the data
        answer = requests.get(url, allow_redirects=False, timeout=30)
        assert answer.status_code in (302, 403), (url, answer.status_code)
        assert "alice" not in answer.text and "F5" not in answer.text
        if answer.status_code == 302:
            assert "/hub/" in answer.headers["Location"], answer.headers["Location"]
    # a student of the class, logged in (a second tab: her learn page stays open): refused, page and data alike
    tab = student_a.context.new_page()
    try:
        response = tab.goto(site, timeout=60_000)
        assert response.status == 403 and tab.locator("tr.nbg-teacher-student").count() == 0
        data = tab.evaluate("async url => { const r = await fetch(url); return [r.status, await r.text()]; }",
                            site + "/data")
        assert data[0] == 403 and "F5" not in data[1], data
    finally:
        tab.close()
    # the teacher (a member of the group): the class, live
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list = []
    page.on("pageerror", page_error_recorder(errors))
    try:
        teacher_page_in(page, hub)
        page.wait_for_url(f"**{TEACHER_PAGE}**", timeout=60_000)
        page.locator("tr.nbg-teacher-student", has=page.locator("th", has_text="alice")).wait_for(timeout=30_000)
        cell = page.locator("tr.nbg-teacher-student td[data-lesson='ny-goal']").first
        assert cell.get_attribute("data-state") in ("started", "done"), cell.get_attribute("data-state")
        export = page.evaluate("async url => { const r = await fetch(url); return [r.status, await r.text()]; }",
                               site + "/export.csv?class=hub&what=answers")
        assert export[0] == 200 and "alice" in export[1] and "F5" in export[1], export
        assert not errors
    finally:
        context.close()


def test_a_server_may_record_only_its_own_student(hub):
    """The class service's forwarding door (mode servers): a hub token records under its own user,
    nobody else's. In mode service there is no such door: a student's own hub token writes
    nothing (only her page's kernels, which the shared server runs, record for her)."""
    import requests

    session = hub.login("alice")
    xsrf = next(c.value for c in session.cookies if c.name == "_xsrf" and c.path.startswith("/hub"))
    made = session.post(f"{hub.url}/hub/api/users/alice/tokens", json={"note": "test", "expires_in": 600},
                        headers={"X-XSRFToken": xsrf}, timeout=30)
    made.raise_for_status()
    token = made.json()["token"]
    door = hub.url + FORWARD
    event = {"id": "f" * 32, "kind": "step_answered", "lesson": "ny-goal", "step": 1, "right": False,
             "answer": "A1", "seconds": 1.5, "showed": False}
    before = class_rows(hub)
    if hub.mode == "service":
        answer = requests.post(door, json=event, headers={"Authorization": f"token {token}"}, timeout=30)
        assert answer.status_code >= 400 and class_rows(hub) == before, (answer.status_code, answer.text)
        return
    for headers, body, status in [
        ({}, event, 403),  # no token
        ({"Authorization": "token not-a-hub-token"}, event, 403),
        ({"Authorization": f"token {token}"}, {**event, "student": {"name": "bob"}}, 403),  # another student
        ({"Authorization": f"token {token}"}, {**event, "step": "one"}, 400),  # wrong type
        ({"Authorization": f"token {token}"}, {**event, "answer": "x" * 6000}, 413),  # too large
    ]:
        answer = requests.post(door, json=body, headers=headers, timeout=30)
        assert answer.status_code == status, (body, answer.status_code, answer.text)
    assert class_rows(hub) == before  # nothing written
    answer = requests.post(door, json=event, headers={"Authorization": f"token {token}"}, timeout=30)
    assert answer.status_code == 201, answer.text
    assert ("alice", "ny-goal", 1, False, "A1") in class_rows(hub)["answers"]
    mine = requests.get(door, headers={"Authorization": f"token {token}"}, timeout=30).json()
    assert mine["name"] == "alice" and {a["answer"] for a in mine["answers"]} >= {"**@F5", "A1"}


def test_the_kernel_of_a_closed_page_is_culled(hub, student_a):
    alices = student_a.kernel_ids()[-1]
    assert alices in hub.kernels()
    student_a.close()  # no unload handler runs: only the culler can reclaim the kernel
    deadline = time.monotonic() + 45
    while alices in hub.kernels():
        assert time.monotonic() < deadline, f"kernel {alices} of the closed page still running"
        time.sleep(0.5)
