"""The play page at a table (issue 31): `TableGame` (a table's game as one seat sees it, for the
board views) and the page's "Play at a table" panel, against a real holder behind its real signed
endpoint (test_tables.TablesServer: tornado on a thread, a real SQLite class database).

What would break: a page's game holding another seat's hand or the table's seed, a move not
reaching the other page, a refused move changing anything or not naming its rule, a page at a
table doing undo, a reloaded page not sitting again where it sat."""

from __future__ import annotations

import json

import pytest
from test_tables import GAME, SEED, TablesServer

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


def test_a_refusal_is_the_holders_and_changes_nothing(server):
    code, clients = seated_table(server)
    now = settled(clients[0], code)
    seat = now["to_move"]
    client = clients[seat]
    table = TableGame(client.view(code, events=0), lambda text: client.act(code, text))
    before = server.tables.holder.view(code)
    refused = table.refusal("start 99")  # no such starting character
    assert isinstance(refused, IllegalAction) and refused.rule.startswith("NYC-") and "99" in refused.reason
    assert server.tables.holder.view(code) == before  # nothing changed at the table
    waiting = TableGame(clients[1 - seat].view(code), lambda text: clients[1 - seat].act(code, text))
    assert not waiting.my_turn and waiting.refusal(now["legal"][0] if now["legal"] else "start 28") is not None
    assert server.tables.holder.view(code) == before
    with pytest.raises(ValueError):
        table.update({**now, "code": "ZZZZZZ"})
    with pytest.raises(TableError):
        client.act(code, "start 99")
