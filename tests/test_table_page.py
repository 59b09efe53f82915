"""The play page at a table (issue 31): `TableGame` (a table's game as one seat sees it, for the
board views) and the page's "Play at a table" panel, against a real holder behind its real signed
endpoint (test_tables.TablesServer: tornado on a thread, a real SQLite class database).

What would break: a page's game holding another seat's hand or the table's seed, a move not
reaching the other page, a refused move changing anything or not naming its rule, a page at a
table doing undo, a reloaded page not sitting again where it sat."""

from __future__ import annotations

import html
import json
import logging

import pytest
from test_tables import GAME, SEED, TablesServer, settle

from nbgames.classroom.store import Store
from nbgames.engine.errors import IllegalAction
from nbgames.tables import TableError
from nbgames.tables.remote import TableGame

ALICE = {"class": "maple-3", "name": "Aki"}
BEN = {"class": "maple-3", "name": "Ben"}


@pytest.fixture
def server(tmp_path):
    store = Store.open(f"sqlite:///{tmp_path / 'class.sqlite'}")
    with TablesServer(str(store.engine.url), {}) as srv:
        yield srv
    store.close()


def seated_table(server) -> tuple[str, dict]:
    """A New York City table of two humans and a greedy bot, Aki at seat 0, Ben at seat 1."""
    aki, ben = server.client(ALICE), server.client(BEN)
    code = server.tables.holder.open(GAME, ["human", "human", "greedy"], "maple-3/Aki", seed=SEED)
    aki.join(code, 0)
    ben.join(code, 1)
    return code, {0: aki, 1: ben}


def settled(client, code: str) -> dict:
    now = client.view(code, events=0)
    while not now["over"] and now["seats"][now["to_move"]]["kind"] != "human":
        now = client.view(code, after=now["version"], wait=10, events=0)
    return now


def test_a_table_game_holds_only_its_own_seat_and_reads_like_the_facade(server):
    code, clients = seated_table(server)
    game = server.tables.holder.tables[code].game
    for _ in range(5):  # a few moves: hands are dealt
        mover = clients[settled(clients[0], code)["to_move"]]
        mover.act(code, mover.view(code)["legal"][0])
    mine = {seat: TableGame(settled(c, code)) for seat, c in clients.items()}
    for seat, table in mine.items():
        assert table.you == seat and table.players == 3 and table.name == GAME
        assert table.view(seat) == game.view(seat) and table.view(None) == game.view(seat)
        with pytest.raises(ValueError):
            table.view(1 - seat)  # the page has no other seat's view
        kept = json.dumps(table.__dict__, default=repr)
        other = game.view(1 - seat)["seats"][1 - seat]["hand"]
        assert other and json.dumps(other) not in json.dumps(table.view(seat)["seats"][1 - seat])
        assert str(game.seed) not in kept  # the deal's seed never reaches a page
        assert table.event_count == game.event_count
        assert [e.to_json() for e in table.events(0)] == [e.to_json() for e in game.events(0)]
        if table.my_turn:
            assert table.legal_actions() == game.legal_actions() and table.refusal(table.legal_actions()[0]) is None
        else:
            assert table.legal_actions() == []


def test_a_refusal_is_the_holders_and_changes_nothing(server, caplog):
    code, clients = seated_table(server)
    now = settled(clients[0], code)
    seat = now["to_move"]
    client = clients[seat]
    table = TableGame(client.view(code, events=0), lambda text: client.check(code, text))
    before = server.tables.holder.view(code)
    with caplog.at_level(logging.INFO):
        refused = table.refusal("start 99")  # no such starting character: the holder says why (a check)
        assert table.refusal("start 99") is refused  # asked once per position and move
    assert isinstance(refused, IllegalAction) and refused.rule.startswith("NYC-") and "99" in refused.reason
    assert server.tables.holder.view(code) == before  # nothing changed at the table
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING], caplog.text  # an ordinary event
    assert client.check(code, client.view(code)["legal"][0]) is None  # a move open now: no refusal, nothing played
    assert server.tables.holder.view(code) == before
    waiting = TableGame(clients[1 - seat].view(code), lambda text: clients[1 - seat].check(code, text))
    assert not waiting.my_turn and waiting.refusal(now["legal"][0] if now["legal"] else "start 28") is not None
    assert server.tables.holder.view(code) == before
    with pytest.raises(ValueError):
        table.update({**now, "code": "ZZZZZZ"})
    caplog.clear()
    with caplog.at_level(logging.INFO), pytest.raises(TableError) as caught:
        client.act(code, "start 99")
    assert caught.value.status == 422 and caught.value.refusal["rule"] == refused.rule
    assert "Table refusal (422" in caplog.text and "Refused a progress request" not in caplog.text
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING and r.name != "tornado.access"], caplog.text
    with pytest.raises(TableError) as caught:  # out of turn: refused as before, by the check too
        clients[1 - seat].check(code, "start 99")
    assert caught.value.status == 409


# -- the play page's "Play at a table" panel ---------------------------------------------------------
class Page:
    """A play page's controller and its table panel, as one kernel (its own signed client)."""

    def __init__(self, server, student: dict, threaded: bool = False, lang: str = "en"):
        from nbgames.engine.game import new_game
        from nbgames.ui.app import picker_kinds
        from nbgames.ui.controller import PlayController
        from nbgames.ui.tablepanel import TablePanel

        self.controller = PlayController(new_game(GAME, 3, seed=7), ["human", "random", "random"],
                                         scheduler=None if threaded else lambda delay, callback: None, lang=lang)
        self.own_game = self.controller.game
        self.panel = TablePanel(self.controller, lambda: (3, {}), picker_kinds(), lang, server.client(student))
        self.view = self.controller.view

    def play_first_legal(self) -> str:
        """A click on the first legal move's target (or its button): through the view, as a visitor."""
        action = self.view._legal[0]
        target = self.view.target_of(action)
        if target is not None and len(self.view.candidates(target)) == 1:
            self.view.click(target)
        else:
            self.controller.choose(action)
        return str(action)


def shown_hands(page: Page) -> list:
    return [seat["hand"] for seat in page.view.game.view(page.panel.game.you)["seats"]]


def test_open_join_play_refuse_leave_and_come_back(server):
    aki, ben = Page(server, ALICE), Page(server, BEN)
    holder = server.tables.holder
    assert [box.value for box in aki.panel.seat_boxes.children] == ["human", "human", "greedy"]
    assert aki.panel.open_table()
    code = aki.panel.game.code
    assert aki.panel.keep.code == code and aki.panel.game.you == 0
    assert aki.view.game is aki.panel.game and aki.controller.table is aki.panel
    assert aki.controller.timeline_bar.layout.display == "none"  # no undo at a table
    assert "when the game ends" in aki.controller.scores.value  # (the page's own scores are not the table's)
    assert "No undo at a table" in aki.panel.no_undo.value

    assert not ben.panel.look("nope")  # a bad code is said, nothing else
    assert "6 letters" in ben.panel.message.value
    assert ben.panel.look(code.lower())
    assert [b.description for b in ben.panel.free_seats.children] == ["Sit as Player 2"]
    assert ben.panel.sit(code, 1) and ben.panel.game.you == 1
    pages = {0: aki, 1: ben}

    for _ in range(6):  # several moves each way, the bot answering on the server
        settle(holder, code)  # (a page polled alone could wait for the other page's move: both ask)
        for page in pages.values():
            page.panel.poll(wait=0)
        mover = next(p for p in pages.values() if p.panel.game.my_turn)
        other = pages[1 - mover.panel.game.you]
        before = holder.view(code)["moves"]
        mover.play_first_legal()
        assert holder.view(code)["moves"] > before  # the holder played it
        assert other.panel.poll(wait=10)  # the other page heard it and redrew
        assert other.panel.game.version >= mover.panel.game.version
        settle(holder, code)  # the bot moves on the server's thread, after the answer
        for seat, page in pages.items():
            mine = holder.view(code, f"maple-3/{'Aki' if seat == 0 else 'Ben'}")
            page.panel.poll(wait=0)
            assert page.view.game.view(seat) == mine["view"]  # the board draws the seat's own view
            hands_now = shown_hands(page)
            assert hands_now[1 - seat] is None  # never the other seat's hand
            assert page.view.game.event_count == mine["event_count"]
            assert "<li>" in page.controller.log.value

    # a refused move: named by its rule, nothing changed (neither the holder nor the page)
    mover = next(p for p in pages.values() if p.panel.game.my_turn)
    before, version = holder.view(code), mover.panel.game.version
    assert not mover.controller.choose("start 99")
    assert "Not allowed (NYC-" in mover.view.status.value
    assert holder.view(code) == before and mover.panel.game.version == version
    mover.view.click("district:A")  # a district in the bidding: the holder's refusal, through the view
    assert "Not allowed (" in mover.view.status.value and holder.view(code) == before
    waiting = pages[1 - mover.panel.game.you]
    assert not waiting.controller.choose(mover.view._legal[0])  # not its turn: nothing sent
    assert holder.view(code) == before
    waiting.controller.undo()  # no undo at a table
    assert holder.view(code) == before

    # a reload: a new kernel of the same student sits again at the same seat, by the kept code
    again = Page(server, ALICE)
    again.panel._on_browser(None, {"found": {"kept": code, "linked": ""}}, None)
    assert again.panel.game is not None and again.panel.game.you == 0
    assert again.view.game.view(0) == holder.view(code, "maple-3/Aki")["view"]

    # leaving: the page's own game again, as it was
    aki.panel.leave()
    assert aki.controller.table is None and aki.view.game is aki.own_game
    assert aki.controller.timeline_bar.layout.display != "none" and aki.panel.keep.code == ""
    assert aki.view.seat == 0 and aki.view.seat_kinds == ["human", "random", "random"]


def test_a_link_to_a_full_table_or_another_game_is_refused_kindly(server):
    aki = Page(server, ALICE)
    code = server.tables.holder.open(GAME, ["human", "greedy"], "maple-3/Cho")
    server.tables.holder.join(code, "maple-3/Cho", 0)
    aki.panel._on_browser(None, {"found": {"kept": "", "linked": code}}, None)
    assert aki.panel.game is None and "taken" in aki.panel.message.value
    other = server.tables.holder.open("newyork", ["human", "greedy"], "maple-3/Cho")
    assert not aki.panel.look(other) and "another game" in aki.panel.message.value
    assert not aki.panel.look("ABCDEF") or aki.panel.game is None
    assert aki.controller.table is None and aki.view.game is aki.own_game


def test_the_play_page_offers_tables_only_with_a_holder_in_reach(server, monkeypatch):
    from nbgames.ui import tablepanel
    from nbgames.ui.app import PlayApp

    alone = PlayApp(GAME, players=3, scheduler=lambda delay, callback: None)
    assert alone.tables is None  # no class server: no fold
    monkeypatch.setattr(tablepanel, "tables_client", lambda: server.client(ALICE))
    app = PlayApp(GAME, players=3, scheduler=lambda delay, callback: None)
    assert app.tables is not None and app.tables.widget in app.widget.children
    app.players.value = 4
    assert len(app.tables.seat_boxes.children) == 4  # as many seats as the page's settings say
    assert app.tables.open_table() and app.tables.game.players == 4
    assert app.view.game is app.tables.game and app.view.layout.players == 4
    app.tables.leave()  # the page's own three-player game, drawn for three again
    assert app.view.game is app.game and app.view.layout.players == 3
    japanese = PlayApp(GAME, players=3, scheduler=lambda delay, callback: None, lang="ja")
    assert japanese.tables.widget.titles == ("テーブルで遊ぶ",)
    assert japanese.tables.open_button.description == "テーブルを開く"


def test_a_table_played_to_its_end_shows_the_scores_and_a_closed_table_says_so(server):
    from nbgames.ui.tablepanel import TablePanel  # noqa: F401 (the page's panel, through Page)

    aki = Page(server, ALICE)
    for box, kind in zip(aki.panel.seat_boxes.children, ["human", "random", "random"], strict=True):
        box.value = kind
    assert aki.panel.open_table()
    code, game = aki.panel.game.code, aki.panel.game
    holder = server.tables.holder
    while not game.is_over:
        if game.my_turn:
            assert aki.controller.choose(aki.view._legal[0])
        else:
            aki.panel.poll(wait=10)
    real = holder.tables[code].game
    assert game.winners() == real.winners() and game.scores() == real.scores()
    assert aki.view.status.value.startswith("Game over")
    scores = aki.controller.scores.value
    assert "★" in scores and all(f"<b>{total}</b>" in scores for total in real.scores())
    assert "NYC-13" in scores  # each score by its rules
    holder.close(code)
    assert not aki.panel.poll(wait=1) and aki.panel.game.closed
    assert "This table is closed." in aki.panel.at_table.value and not aki.view.interactive


def test_the_long_poll_hears_the_other_page_on_the_kernels_event_loop(server):
    """As in a kernel: the long-poll runs on a worker thread and hands each answer to the event loop."""
    import asyncio

    async def waited(predicate, timeout: float = 15.0) -> bool:
        deadline = asyncio.get_running_loop().time() + timeout
        while not predicate():
            if asyncio.get_running_loop().time() > deadline:
                return False
            await asyncio.sleep(0.02)
        return True

    async def play() -> list[float]:
        aki, ben = Page(server, ALICE, threaded=True), Page(server, BEN, threaded=True)
        for page in (aki, ben):
            page.panel.poll_wait = 1.0  # (the server's shutdown waits for a held long-poll)
        assert aki.panel.open_table() and ben.panel.sit(aki.panel.game.code, 1)
        pages, heard = {0: aki, 1: ben}, []
        try:
            for _ in range(4):
                assert await waited(lambda: any(p.panel.game.my_turn for p in pages.values()))
                mover = next(p for p in pages.values() if p.panel.game.my_turn)
                other = pages[1 - mover.panel.game.you]
                assert mover.controller.choose(mover.view._legal[0])
                started = asyncio.get_running_loop().time()
                assert await waited(lambda o=other, m=mover: o.panel.game.version >= m.panel.game.version
                                    and o.panel.game.event_count >= m.panel.game.event_count)
                heard.append(asyncio.get_running_loop().time() - started)
                assert other.view.game.view(other.panel.game.you) == other.panel.game.view(other.panel.game.you)
        finally:
            for page in pages.values():
                page.panel.leave()  # the poll ends with its session
        return heard

    heard = asyncio.run(play())
    assert len(heard) == 4


@pytest.mark.parametrize("name", ["newyork", "galopp_royal", "newyork1901", "newyork_city"])
def test_every_games_board_plays_at_a_table(server, name):
    """Each game's view draws from a TableGame (its facade's reading side) and plays through it:
    hovering targets (information panel, previews), each move the first legal one, bots answering."""
    from nbgames.engine.game import new_game
    from nbgames.engine.registry import manifest
    from nbgames.ui.app import picker_kinds
    from nbgames.ui.controller import PlayController
    from nbgames.ui.tablepanel import TablePanel

    players = max(2, manifest(name).min_players)
    controller = PlayController(new_game(name, players, seed=3), ["human"] * players,
                                scheduler=lambda delay, callback: None, lang="en")
    panel = TablePanel(controller, lambda: (players, {}), picker_kinds(), "en", server.client(ALICE))
    for box in panel.seat_boxes.children[1:]:
        box.value = "random"
    assert panel.open_table(), panel.message.value
    view, moves = controller.view, 0
    while moves < 12 and not panel.game.is_over:
        if not panel.game.my_turn:
            assert panel.poll(wait=10) or panel.game.my_turn
            continue
        for target in view.legal_targets()[:3]:  # what the pointer over a target shows
            assert view.target_info(target)
        if hasattr(view, "way_text"):
            view.way_text(view._legal[0])
        before = server.tables.holder.view(panel.game.code)["moves"]
        assert controller.choose(view._legal[0]), view.status.value
        assert server.tables.holder.view(panel.game.code)["moves"] > before
        moves += 1
    assert moves == 12 or panel.game.is_over
    settle(server.tables.holder, panel.game.code)  # the bots answer on the server's threads
    panel.poll(wait=0)
    assert view.game.view(0) == server.tables.holder.view(panel.game.code, "maple-3/Aki")["view"]


def test_a_japanese_page_at_a_table_says_refusals_and_the_scores_words_in_japanese(server):
    from nbgames.i18n import Msg, localize
    from nbgames.ui.i18n import t

    aki = Page(server, ALICE, lang="ja")
    for box, kind in zip(aki.panel.seat_boxes.children, ["human", "random", "random"], strict=True):
        box.value = kind
    assert aki.panel.open_table()
    code, game = aki.panel.game.code, aki.panel.game
    real = server.tables.holder.tables[code].game
    while not game.my_turn:
        aki.panel.poll(wait=10)
    wanted = real.refusal("start 99")  # the rules' refusal, said in Japanese as the one-screen page says it
    said = t("status.illegal", "ja", rule=wanted.rule, reason=wanted.reason)
    assert said != t("status.illegal", "en", rule=wanted.rule, reason=wanted.reason)
    assert not aki.controller.choose("start 99")  # a click the holder refuses (422)
    assert aki.view.status.value == said
    asked = game.refusal("start 99")  # the facade's question (a check)
    assert asked.rule == wanted.rule and localize(asked.reason, "ja") == localize(wanted.reason, "ja")

    while not game.is_over:
        if game.my_turn:
            assert aki.controller.choose(aki.view._legal[0])
        else:
            aki.panel.poll(wait=10)
    worded: list = []  # the score lines' words with values ("district A"): only their message ids say them

    def walk(value) -> None:
        if isinstance(value, Msg) and value.params:
            worded.append(value)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    walk(real.explain_scores())
    scores = aki.controller.scores.value
    assert worded and all(html.escape(localize(m, "ja")) in scores for m in worded), scores
    assert not [m for m in worded if html.escape(str(m)) in scores], scores  # no English left


def test_the_player_strip_names_who_sits_at_a_table_and_never_a_kernel(server):
    import re

    aki, ben, cho = Page(server, ALICE), Page(server, BEN), Page(server, None)  # Cho's page joined no class
    for box, kind in zip(aki.panel.seat_boxes.children, ["human", "human", "human", "greedy"], strict=False):
        box.value = kind
    aki.panel.settings = lambda: (4, {})
    aki.panel.make_seat_boxes()
    aki.panel.seat_boxes.children[3].value = "greedy"
    assert aki.panel.open_table()
    code = aki.panel.game.code

    def titles(page: Page) -> list[str]:  # each seat's whole line in the strip (its title)
        return re.findall(r"<div class='nbg-seat[^']*' title='([^']*)'", page.view.players_html())

    assert [t.split(" · ")[-1] for t in titles(aki)[1:3]] == ["free seat", "free seat"]
    assert ben.panel.look(code) and ben.panel.sit(code, 1)
    assert cho.panel.look(code) and cho.panel.sit(code, 2)
    aki.panel.poll(wait=10)
    for page, me in ((aki, 0), (ben, 1)):
        page.panel.poll(wait=0)
        lines = titles(page)
        assert len(lines) == 4 and lines[me].endswith("· you")
        assert [lines[i].endswith(f"· {name}") for i, name in ((0, "Aki"), (1, "Ben")) if i != me] == [True]
        assert lines[2].endswith("· a page with no class") and lines[3].endswith("· greedy bot")
    kernel_id = cho.panel.client._signed.kernel_id
    for page in (aki, ben, cho):  # no page's answer carries another page's kernel id
        told = json.dumps(page.panel.client.view(code, events=0))
        assert kernel_id not in told and "kernel:" not in told
    aki.panel.leave()
    assert "Ben" not in aki.view.players_html() and aki.view.seat_names == []


@pytest.mark.parametrize("seed", [1, 2])
def test_two_pages_at_a_table_take_random_events(server, seed):
    """Random widget events on two pages at one table (tests/page_monkey.py: both boards, the
    page's buttons and the table panel's, Leave included), the long poll heard between events.
    After each: nothing raised; a page at the table draws its own seat's view as the holder
    gives it and never the other seat's hand; the holder's game replays from its record."""
    import ipywidgets as widgets
    from ipywidgets.widgets.widget import _instances
    from page_monkey import PageMonkey, widgets_left_open

    from nbgames.engine.game import from_record

    aki, ben = Page(server, ALICE), Page(server, BEN)
    assert aki.panel.open_table()
    code = aki.panel.game.code
    assert ben.panel.look(code) and ben.panel.sit(code, 1)
    holder = server.tables.holder
    pages = {"maple-3/Aki": aki, "maple-3/Ben": ben}

    def check() -> None:
        for name, page in pages.items():
            table = page.panel.game
            if table is None or table.closed or page.view.game is not table:
                continue  # left the table (or it is over): the page's own game, checked elsewhere
            settle(holder, table.code)  # the bot's moves on the server's thread
            page.panel.poll(wait=0)
            mine = holder.view(table.code, name)  # (a page may have opened a table of its own)
            assert page.view.game.view(table.you) == mine["view"]
            hands = [seat["hand"] for seat in page.view.game.view(table.you)["seats"]]
            assert [hand for seat, hand in enumerate(hands) if seat != table.you] == [None] * (len(hands) - 1)
        for table in holder.tables.values():
            again = from_record(table.game.to_record(), seed=table.game.seed)
            assert [str(a) for a in again.history] == [str(a) for a in table.game.history]

    roots = [widgets.VBox([p.controller.widget, p.panel.widget]) for p in (aki, ben)]
    monkeys = [PageMonkey(lambda r=root: r, lambda p=p: p.view, seed * 10 + n)
               for n, (root, p) in enumerate(zip(roots, (aki, ben), strict=True))]
    existing = set(_instances)
    for event in range(160):  # the page whose turn it is, mostly; the first half only plays on
        table = aki.panel.game
        mover = 1 if table is not None and not table.my_turn and event % 4 else 0
        monkeys[mover].run(1, check, forward=1 if event < 80 else 0)
    assert not widgets_left_open(existing, *roots)  # what the pages dropped is closed (ui/closing.py)
