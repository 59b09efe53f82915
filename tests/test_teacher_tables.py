"""The teacher's view of the tables (issue 31, item 4): the list of open tables with who sits where,
a table watched live as a spectator (its board as SVG from the public view only: no seat's hand),
closing a table and handing its idle seats to bots, all on the teacher page's endpoints
(nbgames/serve/teacher.py) in a real tornado server with a real holder on a real class database
(SQLite always, PostgreSQL from Debian's package where the other class tests run it).

What would break: a hand (or the seed, or a kernel's id) reaching the teacher's page, the
spectator's picture drawn as hot seat (``seat=None`` alone shows the cards of the seat to move),
a student's page reading the list or closing a table, a post from another site (no custom header)
closing one, the picture not following the table."""

from __future__ import annotations

import json
import re
import threading
import time
import urllib.error
import urllib.request

import pytest
from test_classroom import TOKEN, db_url, postgres  # noqa: F401 (fixtures: SQLite and PostgreSQL)
from test_tables import GAME, SEED, Clock, TablesServer, settle, sqlite_store  # noqa: F401 (a fixture)

from nbgames.classroom.sink import KERNEL_HEADER, SIGNATURE_HEADER, TIME_HEADER, signature
from nbgames.tables import TableError
from nbgames.ui.board import HIGHLIGHTS, PIECES, STATIC
from nbgames.ui.rules_panel import board_svg
from nbgames.ui.step_picture import TablePicture

TEACHER = {"Authorization": f"token {TOKEN}"}
PAGE_POST = {**TEACHER, "X-Nbgames-Teacher": "1"}  # what the teacher page sends
AKI, BEN = {"class": "maple-3", "name": "Aki"}, {"class": "maple-3", "name": "Ben"}


def call(url: str, headers: dict | None = None, method: str = "GET") -> tuple[int, str, dict]:
    request = urllib.request.Request(url, data=b"" if method == "POST" else None, method=method,
                                     headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status, answer.read().decode(), dict(answer.headers)
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode(), dict(exc.headers)


def teacher_url(srv: TablesServer, what: str) -> str:
    return srv.base + "nbgames/teacher/" + what


def listed(srv: TablesServer, query: str = "") -> list[dict]:
    status, body, _headers = call(teacher_url(srv, "tables" + query), TEACHER)
    assert status == 200, body
    return json.loads(body)["tables"]


def a_kernel_s_headers(srv: TablesServer, path: str, method: str = "GET") -> dict:
    """A student's page's kernel, signing its request as it signs its progress: not the teacher."""
    kernel_id, key = srv.student()
    stamp = str(int(time.time()))
    return {KERNEL_HEADER: kernel_id, TIME_HEADER: stamp,
            SIGNATURE_HEADER: signature(key, method, path, stamp, b"")}


def seated_table(srv: TablesServer, moves: int = 6):
    """A New York City table: Aki (in class maple-3) at seat 0, a page that joined no class at
    seat 1, a greedy bot at seat 2; `moves` human moves played (the bot answering)."""
    aki, ben = srv.client(AKI), srv.client()
    code = aki.open(GAME, ["human", "human", "greedy"])["code"]
    aki.join(code, 0)
    ben.join(code, 1)
    players = {0: aki, 1: ben}
    for _ in range(moves):
        now = aki.view(code)
        while now["to_move"] not in players and not now["over"]:  # the bot moves on the server's thread
            now = aki.view(code, after=now["version"], wait=10)
        mover = players[now["to_move"]]
        mover.act(code, mover.view(code)["legal"][0])
    now = aki.view(code)
    while now["to_move"] not in players and not now["over"]:  # settled: a bot thinks outside the table's lock
        now = aki.view(code, after=now["version"], wait=10)
    return code, aki, ben


def chip(letter: str, count: int) -> str:
    """A New York City card chip as the SVG draws it: the card's letter over ``×count``."""
    return rf">{re.escape(letter)}</text><text [^>]*>×{count}</text>"


def body(svg: str) -> str:
    """A picture's drawing, without its opening tag (its name, its version)."""
    return svg[svg.index(">") + 1:]


def own_picture(game, seat: int | None, reveal: bool = True) -> str:
    """The board as a seat's own page draws it (`seat=None` with `reveal`: hot seat)."""
    view = game.manifest.view_class()(game, seat=seat, lang="en")
    view.reveal, view.interactive = reveal, False
    view.refresh()
    return board_svg(view.ops((STATIC, PIECES, HIGHLIGHTS)), view.canvas.width, view.canvas.height)


# -- the list -------------------------------------------------------------------------------------
def test_the_teacher_lists_the_tables_with_who_sits_where_and_never_a_seed_a_hand_or_a_kernel(db_url):  # noqa: F811
    with TablesServer(db_url, {}) as srv:
        code, aki, ben = seated_table(srv)
        holder = srv.tables.holder
        assert [{k: v for k, v in t.items() if k != "title"} for t in listed(srv)] == holder.listing()
        [table] = listed(srv)
        game = holder.tables[code].game
        assert {k: table[k] for k in ("code", "game", "title", "players", "state", "moves", "version")} == {
            "code": code, "game": GAME, "title": "New York City", "players": 3, "state": "playing",
            "moves": len(game.history), "version": holder.version(code)}
        assert table["seats"] == [
            {"kind": "human", "taken": True, "class": "maple-3", "name": "Aki", "idle": False},
            {"kind": "human", "taken": True, "class": None, "name": None, "idle": False},  # a page with no class
            {"kind": "greedy", "taken": False, "class": None, "name": None, "idle": False}]
        assert table["to_move"] == game.to_move and table["opened_by"]["name"] == "Aki"
        assert table["changed_at"] >= table["opened_at"]
        # the page's own poll carries the same list, with the classes' progress
        status, body, _headers = call(teacher_url(srv, "data"), TEACHER)
        assert status == 200 and json.loads(body)["tables"] == listed(srv)
        words = body + json.dumps(listed(srv))
        hand = aki.view(code)["view"]["seats"][0]["hand"]
        assert hand, "Aki holds cards by now"
        assert str(game.seed) not in words and "hand" not in words and "record" not in words
        assert ben._signed.kernel_id not in words and "kernel:" not in words  # a kernel's id opens that kernel

        # the page itself, in Japanese too: its words for the tables, the endpoints it calls
        status, page, headers = call(teacher_url(srv, "?lang=ja").replace("/?", "?"), TEACHER)
        assert status == 200 and "テーブル：みんなで遊ぶゲーム" in page and "放置された席をボットに" in page
        assert '"/nbgames/teacher/tables"' in page and '"/nbgames/teacher/table.svg"' in page
        assert "script-src 'nonce-" in headers["Content-Security-Policy"]

        # a second table appears, and the list follows a move
        other = aki.open(GAME, ["human", "random"])["code"]
        assert [t["code"] for t in listed(srv)] == [code, other]
        before = {t["code"]: t["version"] for t in listed(srv)}
        aki.join(other, 0)
        after = {t["code"]: t["version"] for t in listed(srv)}
        assert after[other] > before[other] and after[code] == before[code]


def test_watching_a_table_waits_for_its_next_change(sqlite_store):  # noqa: F811
    with TablesServer(str(sqlite_store.engine.url), {}) as srv:
        code, aki, ben = seated_table(srv, moves=2)
        now = aki.view(code)
        while now["to_move"] not in (0, 1):
            now = aki.view(code, after=now["version"], wait=10)
        version = now["version"]
        heard: list = []

        def watch():
            started = time.monotonic()
            heard.append((listed(srv, f"?watch={code.lower()}&after={version}"), time.monotonic() - started))

        watcher = threading.Thread(target=watch)
        watcher.start()
        time.sleep(1.0)
        assert not heard, "the watch answered before the table changed"
        mover = {0: aki, 1: ben}[now["to_move"]]
        mover.act(code, mover.view(code)["legal"][0])
        watcher.join(20)
        tables, waited = heard[0]
        assert 1.0 <= waited < 15 and tables[0]["version"] > version
        settle(srv.tables.holder, code)  # the bot's answer, on the server's bot threads: the lists below agree
        # a version already passed, or a table that is not open: answered at once
        started = time.monotonic()
        assert listed(srv, f"?watch={code}&after=0")[0]["code"] == code
        assert listed(srv, "?watch=ZZZZZZ&after=3") == listed(srv)
        assert time.monotonic() - started < 5
        for bad in ("?watch=nope&after=1", f"?watch={code}&after=x"):
            assert call(teacher_url(srv, "tables" + bad), TEACHER)[0] == 400


# -- the spectator's picture ---------------------------------------------------------------------
def test_the_spectator_picture_of_a_table_shows_no_seat_s_hand(sqlite_store):  # noqa: F811
    with TablesServer(str(sqlite_store.engine.url), {}) as srv:
        code, aki, ben = seated_table(srv)
        holder = srv.tables.holder
        status, svg, headers = call(teacher_url(srv, f"table.svg?code={code}"), TEACHER)
        assert status == 200 and headers["Content-Type"].startswith("image/svg+xml"), svg[:300]
        assert "script-src" not in headers["Content-Security-Policy"] and "default-src 'none'" in (
            headers["Content-Security-Policy"])
        assert svg.startswith("<svg ") and "<script" not in svg and "<foreignObject" not in svg
        assert f"data-version='{holder.version(code)}'" in svg and f"Table {code}: New York City" in svg
        assert "hands are hidden" in svg  # where a page draws its own hand
        game, _version = holder.snapshot(code)
        for seat, client in ((0, aki), (1, ben)):
            hand = client.view(code)["view"]["seats"][seat]["hand"]  # the cards that seat's own view shows
            assert hand, f"seat {seat} holds no card yet"
            mine = own_picture(game, seat)
            for letter, count in hand.items():
                assert re.search(chip(letter, count), mine), (letter, count)  # its own page draws it
                assert not re.search(chip(letter, count), svg), (seat, letter, count)
        assert not re.search(r">×\d+</text>", svg)  # no card counted out at all: no hand, no reserve
        # the trap: a view's seat=None alone is hot seat, and draws the hand of the seat to move
        to_move = game.to_move
        hot_seat = own_picture(game, None)
        assert any(re.search(chip(letter, count), hot_seat)
                   for letter, count in {0: aki, 1: ben}[to_move].view(code)["view"]["seats"][to_move]["hand"].items())
        assert body(own_picture(game, None, reveal=False)) == body(svg)  # the hot-seat pass screen's drawing

        # the picture follows the table: a new version, a new drawing (the old one comes from the cache)
        version = holder.version(code)
        now = aki.view(code)
        while now["to_move"] not in (0, 1):
            now = aki.view(code, after=now["version"], wait=10)
        mover = {0: aki, 1: ben}[now["to_move"]]
        mover.act(code, mover.view(code)["legal"][0])
        again = call(teacher_url(srv, f"table.svg?code={code}&lang=ja"), TEACHER)[1]
        newer = holder.version(code)
        assert newer > version and f"data-version='{newer}'" in again and "テーブル" in again
        assert not re.search(r">×\d+</text>", again)
        # nothing there: refused with a plain word
        assert call(teacher_url(srv, "table.svg?code=ZZZZZZ"), TEACHER)[0] == 404
        assert call(teacher_url(srv, "table.svg?code=<b>"), TEACHER)[0] == 400
        assert call(teacher_url(srv, "table.svg"), TEACHER)[0] == 400


def test_a_cached_spectator_picture_is_redrawn_for_each_version_from_the_public_view():
    from nbgames.engine.game import Game

    game = Game(GAME, 3, SEED)
    picture = TablePicture(game, "en")
    first = picture.svg(game, 1, "t")
    for _ in range(40):
        if game.view(0)["seats"][0]["hand"] and game.view(1)["seats"][1]["hand"]:
            break
        game.play(game.legal_actions()[0])
    assert game.view(0)["seats"][0]["hand"], "no hand dealt in 40 moves"
    second = picture.svg(game, 2, "t")
    assert "data-version='1'" in first and "data-version='2'" in second and first != second
    assert picture.svg(game, 2, "t") is second  # the same version: the drawing kept
    for seat in range(3):
        for letter, count in game.view(seat)["seats"][seat]["hand"].items():
            assert not re.search(chip(letter, count), second)


# -- close, idle seats, and who may ---------------------------------------------------------------
def test_the_teacher_closes_a_table_and_hands_idle_seats_to_bots_only_from_the_page(db_url):  # noqa: F811
    with TablesServer(db_url, {}) as srv:
        holder = srv.tables.holder
        clock = Clock()
        holder.clock = clock
        code, aki, ben = seated_table(srv, moves=2)
        other = aki.open(GAME, ["human", "greedy"])["code"]
        settle(holder, other)
        before = listed(srv)

        # not the teacher: a student's page, a wrong token, no token — refused, nothing changed
        for what in ("tables", f"table.svg?code={code}", "data"):
            path = "/nbgames/teacher/" + what.split("?")[0]
            for headers in (a_kernel_s_headers(srv, path), {"Authorization": "token wrong"}, {}):
                assert call(teacher_url(srv, what), headers)[0] == 403, (what, headers)
        for query in (f"do=close&code={code}", f"do=idle&code={code}"):
            url = teacher_url(srv, "tables?" + query)
            for headers in (TEACHER,  # the teacher's token, but not from the page: another site's form could
                            {"X-Nbgames-Teacher": "1"},  # the page's header without being the teacher
                            {**a_kernel_s_headers(srv, "/nbgames/teacher/tables", "POST"), "X-Nbgames-Teacher": "1"}):
                status, body, _headers = call(url, headers, "POST")
                assert status == 403 and "teacher" in json.loads(body)["error"], (query, headers, body)
        assert listed(srv) == before and aki.view(code)["state"] == "open"

        # bad requests say so and change nothing
        for query, status in (("do=explode&code=" + code, 400), ("do=close&code=nope", 400),
                              ("do=close&code=ZZZZZZ", 404), ("do=idle", 400)):
            assert call(teacher_url(srv, "tables?" + query), PAGE_POST, "POST")[0] == status, query
        assert listed(srv) == before

        # idle seats: nobody idle yet; six minutes on, Ben's page (seat 1) never looked again
        status, body, _headers = call(teacher_url(srv, f"tables?do=idle&code={code}"), PAGE_POST, "POST")
        assert status == 200 and json.loads(body)["handed"] == 0
        clock.advance(6)
        aki.view(code)  # Aki looks: her seat is not idle
        seats = {t["code"]: t["seats"] for t in listed(srv)}
        assert [s["idle"] for s in seats[code]] == [False, True, False]
        assert [s["idle"] for s in seats[other]] == [True, False]  # a seat nobody ever took counts from the opening
        status, body, _headers = call(teacher_url(srv, f"tables?do=idle&code={code.lower()}"), PAGE_POST, "POST")
        answer = json.loads(body)
        assert status == 200 and answer["handed"] == 1, body
        mine = next(t for t in answer["tables"] if t["code"] == code)
        assert [s["kind"] for s in mine["seats"]] == ["human", "greedy", "greedy"]
        assert settle(holder, code)["to_move"] in (0, None)  # the bots move on to Aki's turn (or the end)
        assert [s["kind"] for s in holder.view(other)["seats"]] == ["human", "greedy"]  # only that table

        # close: gone from the list, and for its players
        status, body, _headers = call(teacher_url(srv, f"tables?do=close&code={code}"), PAGE_POST, "POST")
        assert status == 200 and [t["code"] for t in json.loads(body)["tables"]] == [other]
        with pytest.raises(TableError) as gone:
            aki.view(code)
        assert gone.value.status == 410
        assert call(teacher_url(srv, f"table.svg?code={code}"), TEACHER)[0] == 410
        assert call(teacher_url(srv, f"tables?do=close&code={code}"), PAGE_POST, "POST")[0] == 410
