"""Tables (issue 31, the server side): the holder on a real class database (SQLite always,
PostgreSQL from Debian's package), and its signed endpoint in a real tornado server with kernel keys
standing for the kernel manager's (tests/test_tables_served.py runs the real `nbgames serve`).

What would break: a seat seeing another's hand, a move out of turn or for another seat going
through, a refused move changing anything, a restart dealing the unseen cards anew (or bots
choosing differently), the seed in the clear in the database, an idle seat never handed over."""

from __future__ import annotations

import asyncio
import datetime as dt
import http.client
import json
import secrets
import threading
import time

import pytest
from sqlalchemy import select
from test_classroom import ProgressServer, db_url, postgres, raw  # noqa: F401 (fixtures: SQLite and PostgreSQL)

from nbgames.classroom.schema import game_tables, table_seats
from nbgames.classroom.sink import KERNEL_HEADER, SIGNATURE_HEADER, TIME_HEADER, signature
from nbgames.classroom.store import Store
from nbgames.engine.seal import unseal
from nbgames.serve.tables import PATH, TablesService, handlers
from nbgames.tables import TableError, TableHolder
from nbgames.tables.client import TableClient
from nbgames.tables.holder import CODE, check_code

GAME, SEED = "newyork_city", 4_242_424_242_424


@pytest.fixture
def store(db_url):  # noqa: F811
    opened = Store.open(db_url)
    yield opened
    opened.close()


@pytest.fixture
def sqlite_store(tmp_path):
    opened = Store.open(f"sqlite:///{tmp_path / 'class.sqlite'}")
    yield opened
    opened.close()


class Clock:
    """Now, moved by the test (no sleeping)."""

    def __init__(self):
        self.now = dt.datetime(2026, 12, 2, 9, 0, tzinfo=dt.timezone.utc)

    def __call__(self) -> dt.datetime:
        return self.now

    def advance(self, minutes: float) -> None:
        self.now += dt.timedelta(minutes=minutes)


def hands(view: dict) -> list:
    return [seat["hand"] for seat in view["view"]["seats"]]


def first_legal(holder: TableHolder, code: str) -> str:
    return str(holder.tables[code].game.legal_actions()[0])


def play_humans(holder: TableHolder, code: str, seated: dict[int, str], moves: int) -> list[dict]:
    """`moves` human moves (each the first legal action), bots answering; each seat's view after each."""
    seen = []
    for _ in range(moves):
        to_move = holder.view(code)["to_move"]
        holder.act(code, seated[to_move], first_legal(holder, code))
        seen.append({seat: holder.view(code, who)["view"] for seat, who in seated.items()})
    return seen


def settle(holder: TableHolder, code: str, timeout: float = 20) -> dict:
    """The table once its bots have moved (a human's turn, or the end): on a server they move on
    their own threads, after the answer."""
    deadline = time.monotonic() + timeout
    now = holder.view(code)
    while not now["over"] and now["seats"][now["to_move"]]["kind"] != "human" and time.monotonic() < deadline:
        holder.wait(code, now["version"], timeout=1)
        now = holder.view(code)
    return now


def a_table(holder: TableHolder, seats=("human", "human", "greedy")) -> tuple[str, dict[int, str]]:
    code = holder.open(GAME, list(seats), "Aki", seed=SEED)
    seated = {}
    for seat, name in zip([i for i, k in enumerate(seats) if k == "human"], ["Aki", "Ben", "Cho"], strict=False):
        assert holder.join(code, name, seat) == seat
        seated[seat] = name
    return code, seated


# -- the holder ----------------------------------------------------------------------------------
def test_a_table_code_is_short_and_cannot_be_misread(sqlite_store):
    holder = TableHolder(sqlite_store.engine, secret=secrets.token_bytes(32))
    codes = {holder.open(GAME, ["human", "greedy"], f"teacher{i}") for i in range(12)}
    assert len(codes) == 12 and all(CODE.match(c) and not set(c) & set("0O1I") for c in codes)
    code = codes.pop()
    assert check_code(f"  {code.lower()} ") == code  # typed in lower case, with spaces: the same table
    for bad in ("ABCD0O", "abc", "ABCDEFG", 123456, None, "A" * 5000):
        with pytest.raises(TableError):
            check_code(bad)


def test_each_seat_sees_only_its_own_hand_and_only_the_seated_player_to_move_moves(store):
    holder = TableHolder(store.engine, secret=secrets.token_bytes(32))
    code, seated = a_table(holder)
    play_humans(holder, code, seated, 4)  # the hands are dealt by now
    for seat, who in seated.items():
        view = holder.view(code, who)
        assert view["you"] == seat and view["view"]["seat"] == seat
        assert [i for i, hand in enumerate(hands(view)) if hand is not None] == [seat]
    spectator = holder.view(code, "Dee")  # seated nowhere: the public view
    assert spectator["you"] is None and hands(spectator) == [None, None, None]
    assert holder.view(code)["view"] == spectator["view"]

    before = holder.view(code)
    to_move = before["to_move"]
    waiting = seated[1 - to_move] if to_move in (0, 1) else seated[0]
    refusals = [
        (lambda: holder.act(code, waiting, first_legal(holder, code)), 409, "not your turn"),
        (lambda: holder.act(code, "Dee", first_legal(holder, code)), 403, "only a player seated"),
        (lambda: holder.act(code, seated[to_move], "fly to the moon"), 422, "NYC"),  # names the rule
        (lambda: holder.act(code, seated[to_move], ["start 28"]), 400, "notation"),
        (lambda: holder.act(code, seated[to_move], "x" * 500), 400, "notation"),
        (lambda: holder.join(code, "Dee", 2), 409, "bot"),
        (lambda: holder.join(code, "Dee", 0), 409, "taken"),
        (lambda: holder.join(code, "Dee", 7), 400, "no seat"),
        (lambda: holder.join(code, "Dee", True), 400, "no seat"),
        (lambda: holder.join(code, "Aki", 1), 400, "already"),
        (lambda: holder.join("ZZZZZZ", "Dee", 0), 404, "no open table"),
        (lambda: holder.act(code, "", "start 28"), 400, "name"),
    ]
    for attempt, status, words in refusals:
        with pytest.raises(TableError) as refused:
            attempt()
        assert refused.value.status == status and words in str(refused.value), (words, str(refused.value))
    assert holder.view(code) == before  # nothing changed, not even the version


@pytest.mark.parametrize("game", ["newyork", "newyork1901", "newyork_city", "galopp_royal"])
def test_in_every_game_a_seat_gets_its_own_view_and_a_spectator_the_public_one(sqlite_store, game):
    holder = TableHolder(sqlite_store.engine, secret=secrets.token_bytes(32))
    code = holder.open(game, ["human", "human", "random"], "Aki", seed=SEED)
    holder.join(code, "Aki", 0)
    holder.join(code, "Ben", 1)
    play_humans(holder, code, {0: "Aki", 1: "Ben"}, 5)
    played = holder.tables[code].game
    for who, seat in (("Aki", 0), ("Ben", 1), ("Dee", None)):
        assert holder.view(code, who)["view"] == played.view(seat)
    to_move = played.to_move
    assert holder.view(code, {0: "Aki", 1: "Ben"}[to_move])["legal"] == [str(a) for a in played.legal_actions()]
    assert holder.view(code, {0: "Ben", 1: "Aki"}[to_move])["legal"] == holder.view(code, "Dee")["legal"] == []


def test_opening_a_table_refuses_what_is_not_a_table(sqlite_store):
    holder = TableHolder(sqlite_store.engine, secret=secrets.token_bytes(32))
    for game, seats, options, words in [
        ("chess", ["human", "human"], None, "no such game"),
        (GAME, "human,human", None, "seats must be a list"),
        (GAME, ["human", "wizard"], None, "seats must be a list"),
        (GAME, ["greedy", "random"], None, "at least one human"),
        (GAME, ["human"] * 9, None, "players"),
        (GAME, ["human", "human"], ["fast"], "options must be an object"),
        (GAME, ["human", "human"], {"no such option": 1}, "option"),
    ]:
        with pytest.raises(TableError, match=words):
            holder.open(game, seats, "Aki", options)
    with sqlite_store.engine.connect() as connection:
        assert connection.execute(select(game_tables)).first() is None
    for _ in range(5):
        holder.open(GAME, ["human", "human"], "Aki")
    with pytest.raises(TableError, match="close one first"):
        holder.open(GAME, ["human", "human"], "Aki")


def test_a_new_holder_on_the_same_database_continues_the_same_game_exactly(store, tmp_path):
    """Two tables of the same seed: one held throughout, the other's holder replaced half-way (a
    server restart). The unseen cards and the bots' choices after the restart are the same."""
    secret = secrets.token_bytes(32)
    steady = TableHolder(Store.open(f"sqlite:///{tmp_path / 'steady.sqlite'}").engine, secret=secret)
    code_a, seated = a_table(steady)
    expected = play_humans(steady, code_a, seated, 30)

    first = TableHolder(store.engine, secret=secret)
    code_b, _ = a_table(first)
    assert play_humans(first, code_b, seated, 12) == expected[:12]
    version = first.view(code_b)["version"]
    del first
    again = TableHolder(store.engine, secret=secret)
    assert again.view(code_b)["version"] == version and again.view(code_b, "Ben")["you"] == 1
    assert play_humans(again, code_b, seated, 18) == expected[12:]
    assert again.tables[code_b].game.allow_undo is False  # no undo at a table (docs/tables.md)


def test_the_database_holds_the_table_sealed_never_its_seed(sqlite_store, tmp_path):
    secret = secrets.token_bytes(32)
    holder = TableHolder(sqlite_store.engine, secret=secret)
    code, seated = a_table(holder)
    play_humans(holder, code, seated, 6)
    with sqlite_store.engine.connect() as connection:
        row = connection.execute(select(game_tables).where(game_tables.c.code == code)).mappings().one()
        seats = connection.execute(select(table_seats.c.seat, table_seats.c.kind, table_seats.c.who).where(
            table_seats.c.table_id == row["id"]).order_by(table_seats.c.seat)).all()
    assert [tuple(s) for s in seats] == [(0, "human", "Aki"), (1, "human", "Ben"), (2, "greedy", None)]
    assert row["state"] == "open" and row["version"] == holder.view(code)["version"]
    assert str(SEED) not in row["record"] and json.loads(row["record"])["format"] == "nbgames-sealed"
    sqlite_store.engine.dispose()  # everything on disk: the file (and its write-ahead log) has no seed either
    on_disk = b"".join(p.read_bytes() for p in tmp_path.glob("class.sqlite*"))
    assert str(SEED).encode() not in on_disk
    assert unseal(row["record"], GAME, secret=secret)["seed"] == SEED
    other_key = TableHolder(sqlite_store.engine, secret=secrets.token_bytes(32))  # another server's key
    assert other_key.tables == {}  # cannot open it: not loaded (and not guessed)


def test_a_seat_left_idle_is_handed_to_a_bot_and_play_goes_on(sqlite_store):
    clock = Clock()
    holder = TableHolder(sqlite_store.engine, secret=secrets.token_bytes(32), clock=clock, idle_minutes=5)
    code = holder.open(GAME, ["human", "human", "human"], "Aki", seed=SEED)
    holder.join(code, "Aki", 0)
    holder.join(code, "Ben", 1)  # seat 2: nobody comes
    clock.advance(4)
    assert holder.hand_idle_seats() == []
    holder.view(code, "Aki")  # Aki's page asks: Aki is there
    clock.advance(2)  # Ben last seen 6 minutes ago, seat 2 open for 6 minutes
    before = holder.view(code)["version"]
    assert holder.hand_idle_seats() == [(code, 1), (code, 2)]
    after = holder.view(code, "Aki")
    assert [s["kind"] for s in after["seats"]] == ["human", "greedy", "greedy"] and after["seats"][1]["who"] is None
    assert after["version"] > before and after["to_move"] == 0  # the bots moved until Aki's turn
    with pytest.raises(TableError, match="only a player seated"):
        holder.act(code, "Ben", "start 28")
    again = TableHolder(sqlite_store.engine, secret=holder.secret, clock=clock)  # the bots are kept
    assert [s["kind"] for s in again.view(code)["seats"]] == ["human", "greedy", "greedy"]


def test_closing_a_table_ends_it_for_everyone_and_a_restart_does_not_reopen_it(sqlite_store):
    holder = TableHolder(sqlite_store.engine, secret=secrets.token_bytes(32))
    code, seated = a_table(holder)
    with pytest.raises(TableError, match="only the one who opened"):
        holder.close(code, "Ben")
    holder.close(code, "Aki")
    with pytest.raises(TableError, match="has been closed"):
        holder.act(code, "Aki", "start 28")
    with sqlite_store.engine.connect() as connection:
        assert connection.execute(select(game_tables.c.state).where(game_tables.c.code == code)).scalar() == "closed"
    assert code not in TableHolder(sqlite_store.engine, secret=holder.secret).tables


def test_a_waiting_client_hears_of_a_move_at_once(sqlite_store):
    holder = TableHolder(sqlite_store.engine, secret=secrets.token_bytes(32))
    code, seated = a_table(holder)
    version = holder.view(code)["version"]
    assert holder.wait(code, version, timeout=0.05) == version  # nothing new: back after the timeout
    heard = []
    waiter = threading.Thread(target=lambda: heard.append(holder.wait(code, version, timeout=30)))
    waiter.start()
    time.sleep(0.1)
    holder.act(code, seated[holder.view(code)["to_move"]], first_legal(holder, code))
    waiter.join(10)
    assert heard and heard[0] > version


# -- the endpoint --------------------------------------------------------------------------------
class TablesServer(ProgressServer):
    """test_classroom's real tornado server with the tables' routes added (on the same database,
    the same kernel keys)."""

    def __enter__(self):
        super().__enter__()
        holder = TableHolder(self.service.store.engine, secret=secrets.token_bytes(32))
        self.tables = TablesService(self.service, holder)
        self.http.request_callback.add_handlers(r".*$", handlers("/", self.service, self.tables))
        self.url = self.base + PATH
        return self

    def __exit__(self, *exc):
        super().__exit__(*exc)
        self.tables.close()

    def client(self, student: dict | None = None) -> TableClient:
        return TableClient(self.url, *self.student(), student=student)


def refused(attempt) -> tuple[int, str]:
    with pytest.raises(TableError) as caught:
        attempt()
    return caught.value.status, str(caught.value)


def test_two_kernels_play_one_table_through_the_signed_endpoint(sqlite_store):
    with TablesServer(str(sqlite_store.engine.url), {}) as srv:
        aki, ben = srv.client({"class": "maple-3", "name": "Aki"}), srv.client()
        opened = aki.open(GAME, ["human", "human", "greedy"])
        code = opened["code"]
        assert CODE.match(code) and opened["you"] is None and opened["seats"][0] == {
            "kind": "human", "who": None, "taken": False, "class": None, "name": None}
        assert aki.join(code, 0)["you"] == 0
        assert ben.join(code.lower(), 1)["you"] == 1
        holder = srv.tables.holder
        sitting = [s["who"] for s in holder.view(code)["seats"]]
        assert sitting == ["maple-3/Aki", "kernel", None]  # a page with no class: never its kernel's id
        assert ben._signed.kernel_id not in json.dumps(aki.view(code)) and holder.tables[code].seats[1].who == (
            f"kernel:{ben._signed.kernel_id}")  # (the holder knows it: the seat is that kernel's)
        players = {0: aki, 1: ben}
        for _ in range(6):
            now = aki.view(code)
            while now["to_move"] not in players:  # a bot's turn: it moves on the server's worker thread
                now = aki.view(code, after=now["version"], wait=5)
            mover = players[now["to_move"]]
            moved = mover.act(code, first_legal(holder, code))
            assert moved["moves"] > now["moves"] and moved["version"] > now["version"]
        for seat, client in players.items():
            mine = client.view(code)
            assert [i for i, hand in enumerate(hands(mine)) if hand is not None] == [seat]
        # long-poll: Ben waits for anything after the version he has; Aki's move wakes him at once
        now = aki.view(code)
        while now["to_move"] not in players:
            now = aki.view(code, after=now["version"], wait=5)
        other = players[1 - now["to_move"]]
        heard = []
        waiter = threading.Thread(target=lambda: heard.append(other.view(code, after=now["version"], wait=20)))
        started = time.monotonic()
        waiter.start()
        time.sleep(0.2)
        players[now["to_move"]].act(code, first_legal(holder, code))
        waiter.join(20)
        assert heard and heard[0]["version"] > now["version"] and time.monotonic() - started < 5
        assert hands(heard[0])[1 - now["to_move"]] is not None  # his own view, not the mover's

        # refused, and nothing changed
        before = holder.view(code)
        stranger = srv.client()
        waiting = players[1 - before["to_move"]] if before["to_move"] in players else aki
        assert refused(lambda: stranger.act(code, first_legal(holder, code)))[0] == 403
        assert refused(lambda: waiting.act(code, first_legal(holder, code)))[0] == 409
        assert refused(lambda: stranger.join(code, 0))[0] == 409
        assert refused(lambda: stranger.view("ZZZZZZ"))[0] == 404
        assert refused(lambda: stranger.view("not a code"))[0] == 400
        assert refused(lambda: ben.close(code)) == (403, "only the one who opened this table may close it")
        assert refused(lambda: ben._ask("POST", f"/{code}", {"do": "undo"}))[0] == 400
        assert refused(lambda: ben._ask("POST", f"/{code}", {"do": "join", "seat": "0"}))[0] == 400
        assert refused(lambda: ben._ask("POST", "", {"game": GAME, "seats": ["human"], "state": {}}))[0] == 400
        assert refused(lambda: ben.open(GAME, [["human"]]))[0] == 400
        forged = TableClient(srv.url, ben._signed.kernel_id, b"not-the-kernel-key")
        assert refused(lambda: forged.view(code)) == (403, "bad signature")
        status, answer = raw(f"{srv.url}/{code}", b'{"do": "close"}',
                             {"Content-Type": "application/json", KERNEL_HEADER: ben._signed.kernel_id})
        assert status == 403  # unsigned (a browser)
        stamp = str(int(time.time()))
        body = json.dumps({"do": "act", "action": "x" * 5000}).encode()
        headers = {KERNEL_HEADER: ben._signed.kernel_id, TIME_HEADER: stamp, "Content-Type": "application/json",
                   SIGNATURE_HEADER: signature(ben._signed.key, "POST", f"/{PATH}/{code}", stamp, body)}
        connection = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=10)
        try:
            connection.request("POST", f"/{PATH}/{code}", body, headers)
            assert connection.getresponse().status == 413  # a huge body: refused from its length
        except (BrokenPipeError, ConnectionResetError):
            pass
        finally:
            connection.close()
        assert refused(lambda: ben.view(code, events=-1))[0] == 400
        assert holder.view(code) == before

        # the public events, from where a page got to (never a move's notation: it may be private)
        told = ben.view(code, events=0)
        assert len(told["events"]) == told["event_count"] > 0 and "last" not in told
        assert ben.view(code, events=told["event_count"] - 1)["events"] == told["events"][-1:]
        assert aki.close(code) == {"code": code, "state": "closed"}
        assert refused(lambda: ben.view(code)) == (410, "this table has been closed")


def test_two_students_racing_for_one_seat_one_sits_and_bots_of_every_kind_play(sqlite_store):
    holder = TableHolder(sqlite_store.engine, secret=secrets.token_bytes(32))
    code = holder.open(GAME, ["human", "mcts-easy", "random"], "Aki", seed=SEED)
    results: list = []

    def sit(name: str) -> None:
        try:
            results.append(holder.join(code, name, 0))
        except TableError as exc:
            results.append(exc.status)

    racers = [threading.Thread(target=sit, args=(f"racer{i}",)) for i in range(8)]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join(30)
    assert sorted(results, key=str) == [0] + [409] * 7
    who = holder.tables[code].seats[0].who
    played = play_humans(holder, code, {0: who}, 3)  # the MCTS and random bots answer each move
    assert len(played) == 3 and holder.view(code)["moves"] >= 7 and holder.view(code)["to_move"] == 0


class GatedBots:
    """The bots of kind `kind` think until the test lets them go (or the server stops them): a
    bot "thinking" for as long as the test needs, the move then the real bot's."""

    def __init__(self, monkeypatch, kind: str = "mcts-easy"):
        from nbgames.tables import holder as holder_module

        self.gate, self.thinking = threading.Event(), threading.Event()
        real = holder_module.make_bot

        def make(bot_kind: str, seed: int | None = None):
            bot = real(bot_kind, seed)
            if bot_kind != kind:
                return bot
            gated = self

            class Gated:
                def choose(self, game, deadline=None, stop=None):
                    gated.thinking.set()
                    while not gated.gate.wait(0.05):
                        if stop is not None and stop.is_set():
                            break
                    return bot.choose(game, deadline, stop)

            return Gated()

        monkeypatch.setattr(holder_module, "make_bot", make)


def test_a_bot_thinking_at_one_table_delays_no_answer(sqlite_store, monkeypatch):
    bots = GatedBots(monkeypatch)
    with TablesServer(str(sqlite_store.engine.url), {}) as srv:
        aki, ben, cho = (srv.client({"class": "maple-3", "name": n}) for n in ("Aki", "Ben", "Cho"))
        slow = aki.open(GAME, ["human", "mcts-easy", "greedy"])["code"]
        aki.join(slow, 0)
        quick = cho.open(GAME, ["human", "greedy", "greedy"])["code"]
        cho.join(quick, 0)
        holder = srv.tables.holder
        try:
            now = aki.view(slow)
            while not bots.thinking.wait(0.1):  # Aki moves until the first table's MCTS bot thinks
                if now["to_move"] == 0:
                    aki.act(slow, now["legal"][0])
                now = aki.view(slow, after=now["version"], wait=1)
            played = len(holder.tables[slow].game.history)  # (the thinking bot cannot play)
            answers: list = []

            def ask() -> None:  # the thinking table's own views, the teacher's list, another table's moves
                try:
                    answers.append(ben.view(slow))
                    answers.append(aki.view(slow))
                    loop = srv.tables.loop
                    listing = asyncio.run_coroutine_threadsafe(srv.tables.run(holder.listing), loop)
                    answers.append(listing.result(20))
                    for _ in range(3):
                        now = cho.view(quick)
                        while now["to_move"] != 0:
                            now = cho.view(quick, after=now["version"], wait=10)
                        answers.append(cho.act(quick, now["legal"][0]))
                except Exception as exc:  # noqa: BLE001 (said below)
                    answers.append(exc)

            asker = threading.Thread(target=ask)
            asker.start()
            asker.join(60)
            assert not asker.is_alive() and not [a for a in answers if isinstance(a, Exception)], answers
            assert not bots.gate.is_set() and len(answers) == 6
            for view in answers[:2]:  # answered while the bot thinks: it is to move, nothing played yet
                assert view["to_move"] == 1 and view["moves"] == played
            assert [t["code"] for t in answers[2]] == sorted([slow, quick], key=lambda c: (c != slow, c))
            assert [a["moves"] for a in answers[3:]] == sorted({a["moves"] for a in answers[3:]})
        finally:
            bots.gate.set()
        now = aki.view(slow)
        while now["to_move"] != 0:  # let go, the bot plays
            now = aki.view(slow, after=now["version"], wait=10)
        assert now["moves"] > played


def test_the_servers_stop_stops_the_bots_thinking_and_ends_the_tables_threads(sqlite_store, monkeypatch):
    bots = GatedBots(monkeypatch)
    with TablesServer(str(sqlite_store.engine.url), {}) as srv:
        aki = srv.client({"class": "maple-3", "name": "Aki"})
        code = aki.open(GAME, ["human", "mcts-easy", "greedy"])["code"]
        now = aki.join(code, 0)
        while not bots.thinking.wait(0.1):
            if now["to_move"] == 0:
                aki.act(code, now["legal"][0])
            now = aki.view(code, after=now["version"], wait=1)
        stopping = threading.Thread(target=srv.tables.close)
        stopping.start()
        stopping.join(20)  # the bot is never let go: the stop ends its thinking
        assert not stopping.is_alive() and not bots.gate.is_set()
        assert not [t.name for t in threading.enumerate() if t.name.startswith("nbgames-table")]
        assert srv.tables.holder.view(code)["to_move"] == 1  # its turn waits for the next server
        bots.gate.set()
        again = TablesService(srv.service, TableHolder(sqlite_store.engine, secret=srv.tables.holder.secret))
        try:  # the next start: the table, reloaded on the bot's turn, plays on by itself
            now = again.holder.view(code)
            while now["to_move"] != 0 and not now["over"]:
                assert again.holder.wait(code, now["version"], timeout=20) > now["version"], "the bot never moved"
                now = again.holder.view(code)
        finally:
            again.close()


def test_a_table_saved_with_the_hard_levels_old_name_gets_the_hard_bot(sqlite_store):
    """`mcts-strong` was the hard level's name: a table opened or saved with it plays on."""
    holder = TableHolder(sqlite_store.engine, secret=secrets.token_bytes(32))
    code = holder.open("newyork", ["human", "mcts-strong"], "Aki", seed=SEED)
    assert [s.kind for s in holder.tables[code].seats] == ["human", "mcts-hard"]
    with sqlite_store.engine.begin() as connection:  # as a database from before the rename holds it
        connection.execute(table_seats.update().where(table_seats.c.kind == "mcts-hard").values(kind="mcts-strong"))
    again = TableHolder(sqlite_store.engine, secret=holder.secret)
    assert [s.kind for s in again.tables[code].seats] == ["human", "mcts-hard"]
