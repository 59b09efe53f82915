"""PlayController and the dashboard without a browser: bots, clicks, time travel, files."""

from __future__ import annotations

import base64
import json
import random

import pytest

import nbgames
from nbgames.engine.seal import is_sealed, unseal
from nbgames.testing import ManualClock
from nbgames.ui.app import PlayApp
from nbgames.ui.controller import PlayController, make_view


def make(seats, seed=2, players=None, practice=False, **kw):
    clock = ManualClock()
    game = nbgames.new_game("newyork", players=players or len(seats), seed=seed, practice=practice)
    return PlayController(game, seats, scheduler=clock, bot_delay=0.0, **kw), clock


def test_bots_move_after_the_human_and_stop_at_the_human():
    ctl, clock = make(["human", "random", "random"])
    assert clock.timers == [] and ctl.view.interactive
    assert ctl.choose(ctl.game.legal_actions()[0])
    assert not ctl.view.interactive and "thinking" in ctl.view.status.value
    assert clock.run() == 2
    assert len(ctl.game.history) == 3 and ctl.game.to_move == 0 and ctl.view.interactive


def test_a_bot_only_game_plays_to_the_end():
    ctl, clock = make(["random", "random", "random"], seed=4)
    clock.run(limit=5000)
    assert ctl.game.is_over and "Game over" in ctl.view.status.value
    assert "winner" in ctl.scores.value and "NY-17" in ctl.scores.value


def test_double_choose_and_choosing_during_a_bot_turn_change_nothing():
    ctl, clock = make(["human", "random", "random"])
    action = ctl.game.legal_actions()[0]
    assert ctl.choose(action) and not ctl.choose(action)
    assert not ctl.choose(ctl.game.legal_actions()[0])  # bot's turn: refused
    assert len(ctl.game.history) == 1 and "bot" in ctl.view.status.value
    clock.run()
    assert len(ctl.game.history) == 3


def test_illegal_choice_is_refused_with_the_rule():
    ctl, clock = make(["human", "human", "human"])
    ctl.reveal()
    assert ctl.choose("C3")
    ctl.reveal()
    assert ctl.choose("A1")
    ctl.reveal()
    assert ctl.choose("G7")
    ctl.reveal()
    assert not ctl.choose("C4")
    assert "NY-5" in ctl.view.status.value and len(ctl.game.history) == 3


def test_stale_bot_timer_after_undo_does_nothing():
    ctl, clock = make(["human", "random", "random"])
    ctl.choose(ctl.game.legal_actions()[0])
    ctl.undo()  # a bot timer is pending from before the undo (a setup piece reveals nothing: fair)
    assert ctl.game.history == [] and ctl.paused
    clock.run()
    assert ctl.game.history == []


def test_a_fair_game_does_not_undo_past_another_seats_move():
    ctl, clock = make(["human", "random", "random"])
    ctl.choose(ctl.game.legal_actions()[0])
    clock.run()
    assert len(ctl.game.history) == 3 and ctl.undo_button.disabled and ctl.slider.min == 3
    ctl.undo()
    assert len(ctl.game.history) == 3
    assert "Not allowed (UNDO): Undo stops here: Player 3 has moved since" in ctl.view.status.value
    ctl.goto(1)  # the timeline cannot go back there either
    assert len(ctl.game.history) == 3 and "UNDO" in ctl.view.status.value


def test_undo_redo_scrub_and_play_on():
    ctl, clock = make(["human", "random", "random"], practice=True)
    ctl.choose(ctl.game.legal_actions()[0])
    clock.run()
    ctl.choose(ctl.game.legal_actions()[0])
    clock.run()
    assert len(ctl.game.history) == 6
    ctl.undo()  # back past both bots to the human's decision
    assert len(ctl.game.history) == 3 and ctl.game.to_move == 0
    ctl.redo()
    assert len(ctl.game.history) == 4 and ctl.paused and "paused" in ctl.view.status.value
    clock.run()
    assert len(ctl.game.history) == 4  # paused: the bot waits
    ctl.slider.value = 2  # scrub
    assert len(ctl.game.history) == 2 and ctl.game.timeline_length == 6
    assert "Move 2 of 6" in ctl.position.value
    ctl.resume()
    clock.run()
    assert len(ctl.game.history) == 3 and ctl.game.to_move == 0
    assert ctl.game.timeline_length == 3  # continuing from the past drops the old future


def test_hot_seat_hides_cards_until_the_next_player_confirms():
    ctl, clock = make(["human", "human", "human"], seed=5)
    assert ctl.hotseat.layout.display == "flex" and not ctl.view.reveal
    assert not ctl.choose(ctl.game.legal_actions()[0])  # nobody has confirmed yet
    ctl.reveal()
    assert ctl.view.reveal and ctl.hotseat.layout.display == "none"
    assert ctl.choose(ctl.game.legal_actions()[0])
    assert not ctl.view.reveal and "Player 2" in ctl.hotseat_text.value
    assert "Cards hidden" in ctl.view.hand.value


def test_one_human_always_sees_their_own_cards():
    ctl, clock = make(["random", "human", "random"], seed=6)
    assert ctl.view.seat == 1
    clock.run(limit=200)
    assert ctl.game.to_move == 1 or ctl.game.is_over


def test_save_load_round_trip():
    ctl, clock = make(["human", "random", "random"])
    ctl.choose(ctl.game.legal_actions()[0])
    clock.run()
    ctl.save()
    link = ctl.save_link.value
    data = base64.b64decode(link.split("base64,")[1].split("'")[0])
    assert is_sealed(json.loads(data)) and "sealed" in link  # a fair game in progress: sealed
    record = unseal(data, "newyork")["record"]
    assert record["actions"] == [str(a) for a in ctl.game.history]
    other, _ = make(["human", "human", "random"], seed=99)
    assert other.load(data)
    assert other.game.history == ctl.game.history and "seed" not in record
    assert other.seats == ["human", "random", "random"]  # a sealed save comes back with its seats
    assert all(other.game.view(s) == ctl.game.view(s) for s in range(3))  # the same game (the unseen deck anew)
    assert "Loaded" in other.view.status.value
    plain, _ = make(["human", "random", "random"], seed=98)
    assert plain.load(ctl.record_json())  # a plain record (the visitor's own data) loads too
    assert plain.game.history == ctl.game.history


@pytest.mark.parametrize("payload,words", [
    (b"not json", "not valid JSON"),
    (b"[]", "JSON object"),
    (json.dumps({"format": "nbgames-record"}).encode(), "Not an nbgames record"),
    (b"x" * 5_000_000, "too large"),
])
def test_bad_files_are_refused_with_a_friendly_message(payload, words):
    ctl, _ = make(["human", "random", "random"])
    before = ctl.game
    assert not ctl.load(payload)
    assert words in ctl.view.status.value and ctl.game is before


def test_illegal_record_is_refused():
    ctl, _ = make(["human", "random", "random"])
    record = ctl.game.to_record()
    record["actions"] = ["C3", "C3"]  # the second player cannot place on a taken square (NY-5)
    assert not ctl.load(json.dumps(record))
    assert "illegal" in ctl.view.status.value


def test_upload_widget_path():
    ctl, _ = make(["human", "random", "random"])
    ctl._on_upload({"new": ({"name": "x.json", "size": 3, "content": memoryview(b"{x}")},)})
    assert "could not be loaded" in ctl.view.status.value


def test_dashboard_new_game_from_settings():
    clock = ManualClock()
    app = PlayApp("newyork", players=3, seed=1, scheduler=clock, bot_delay=0)
    app.players.value = 4
    assert len(app.seat_boxes.children) == 4
    app.seed.value = "12"
    app.option_boxes["teams"].value = True
    app.seat_boxes.children[1].value = "human"
    assert app.new_game()
    assert app.game.players == 4 and app.game.seed == 12 and app.game.options["teams"]
    boxes = [box.value for box in app.seat_boxes.children]  # (the default bot is the page's choice)
    assert app.controller.seats == boxes and boxes[:2] == ["human", "human"] and "human" not in boxes[2:]
    app.players.value = 3
    assert not app.new_game()  # teams need 4 players: explained, not raised
    assert "4 players" in app.message.value and app.game.players == 4
    app.seed.value = "-1; import os"
    assert not app.new_game() and "seed" in app.message.value


def test_a_hot_seat_pass_screen_shows_nothing_of_either_player_and_frees_old_choices():
    ctl, clock = make(["human", "human", "human"], seed=5)
    game, view = ctl.game, ctl.view
    rng = random.Random(5)
    while True:  # play on until the seat to move can reach one square in several ways
        ctl.reveal()
        squares = [view.target_of(a) for a in view._legal]
        crowded = [sq for sq in set(squares) if sq and squares.count(sq) > 1]
        if crowded:
            break
        assert ctl.choose(rng.choice(game.legal_actions()))
    view._on_mouse_move(*view.geom.cell_centre(*view.cell_of(crowded[0])))
    assert "Ways to play here" in view.info.value
    view.click(crowded[0])
    offered = list(view.choices.children)
    assert len(offered) > 1 and all(b.comm is not None for b in offered)
    offered[0].click()  # the move is played; the next player's pass screen comes up
    assert not view.reveal and ctl.hotseat.layout.display == "flex"
    assert view.info.value == "" and view.choices.children == () and view.moves.options == ()
    assert all(b.comm is None for b in offered)  # closed: gone from the page's widget store too
    assert "Cards hidden" in view.hand.value



def test_a_button_whose_move_stays_legal_keeps_its_widget_so_a_click_on_it_counts():
    """Another seat's move changes the buttons (a district taken): the buttons of moves still
    legal are the same widgets, so a click sent just before the change still plays its move."""
    game = nbgames.new_game("newyork1901", 3, seed=1)
    view = make_view(game)  # nobody's seat: whoever is to move acts here
    chosen = []
    view.on_choose(chosen.append)
    before = dict(view._action_buttons)
    taken = game.legal_actions()[0]
    game.play(taken)  # the first seat takes a district
    view.refresh()
    after = view._action_buttons
    assert set(after) == set(before) - {view.button_name(taken)}
    assert all(after[name] is before[name] for name in after)
    assert before[view.button_name(taken)].comm is None  # the taken district's button is freed
    name, kept = next(iter(after.items()))
    kept.click()  # the click the browser sent for the button it still showed
    assert [view.button_name(a) for a in chosen] == [name]


def at_the_character_choice():
    """A New York 1901 page at the human's character choice (two bots chose first)."""
    clock = ManualClock()
    app = PlayApp("newyork1901", players=3, seed=1, scheduler=clock, bot_delay=0)
    clock.run()
    assert app.view.status.value.startswith("Player 1: your turn") and len(app.view.actions.children) > 1
    return app, clock, list(app.view.actions.children)


def ready(app, clock) -> None:
    """The browser's page says it is ready (the canvas's "client ready"), then settles."""
    app.view._on_client_ready()
    clock.run()


def test_a_button_the_connecting_page_refused_is_made_again_once_the_page_is_ready():
    """A bot's move made it the human's turn while the browser connected: the page refused one
    new button's comm (it came before the widget manager), then showed it from the kernel's
    state — a click on it would never arrive. Once the page is ready that button is a new widget
    in the same place, the others are the same widgets, and a click on it plays."""
    app, clock, shown = at_the_character_choice()
    shown[0].comm.handle_close({"content": {"comm_id": shown[0].model_id, "data": {}}})  # the page refused it
    ready(app, clock)
    now = list(app.view.actions.children)
    assert now[0] is not shown[0] and now[1:] == shown[1:]
    assert now[0].description == shown[0].description and now[0]._dom_classes == shown[0]._dom_classes
    assert shown[0].comm is None  # freed
    history = len(app.game.history)
    now[0].click()
    assert len(app.game.history) == history + 1 and "choose a character" not in app.view.status.value


def test_a_page_that_took_every_button_keeps_them_and_gets_its_panels_again(monkeypatch):
    """No refusal: the ready page keeps every button widget (a click already sent still counts);
    the status line and the buttons' row are sent again (an update that reached a model still in
    creation was dropped)."""
    from ipywidgets import Widget

    app, clock, shown = at_the_character_choice()
    sent = []
    original = Widget.send_state
    monkeypatch.setattr(Widget, "send_state", lambda self, key=None: (sent.append((self, key)), original(self, key)))
    ready(app, clock)
    assert list(app.view.actions.children) == shown
    assert (app.view.status, "value") in sent and (app.view.actions, "children") in sent


# -- what is shown is kept: the browser keeps a position before any message shows it (#26) ------
class Wire:
    """Every message the kernel's widgets send, in order: (comm id, kind), kind "store" for
    PageKit's keep message, else the method ("update", "custom", …) and the keys it changes."""

    def __init__(self, monkeypatch):
        import comm

        self.sent: list[tuple[str, str, tuple]] = []

        def publish(comm_self, msg_type, data=None, metadata=None, buffers=None, **keys):
            data = data or {}
            content = data.get("content") if isinstance(data.get("content"), dict) else {}
            kind = "store" if "store" in content else data.get("method", msg_type)
            self.sent.append((comm_self.comm_id, kind, tuple(data.get("state", {}))))

        monkeypatch.setattr(comm.DummyComm, "publish_msg", publish)

    def since(self, start: int) -> list[tuple[str, str, tuple]]:
        return self.sent[start:]


def keeping(seats, monkeypatch, seed=2):
    ctl, clock = make(seats, seed=seed)
    kit = ctl.pagekit
    assert kit is not None
    wire = Wire(monkeypatch)
    kit.stored, kit.location_hash = "", ""
    kit.ready = True  # a browser shows the page: from now on every change is kept
    assert any(kind == "store" for _, kind, _ in wire.sent)
    return ctl, clock, wire


def first_store_before_any_update(messages) -> None:
    kinds = [kind for _, kind, _ in messages]
    assert "store" in kinds, kinds
    shown = [i for i, kind in enumerate(kinds) if kind == "update"]
    assert shown, "the move changed nothing on the page"
    assert kinds.index("store") < shown[0], kinds[:8]


def test_a_move_is_kept_before_any_message_shows_it(monkeypatch):
    """A server restart right after a move was shown resumed one move earlier: the page's
    board, timeline and status reached the browser before the kept state did."""
    ctl, clock, wire = keeping(["human", "random", "random"], monkeypatch)
    start = len(wire.sent)
    assert ctl.choose(ctl.game.legal_actions()[0])  # the human's move
    first_store_before_any_update(wire.since(start))
    start = len(wire.sent)
    clock.run(limit=1)  # a bot's move
    assert len(ctl.game.history) == 2
    first_store_before_any_update(wire.since(start))
    for change in (ctl.stop_bots, lambda: ctl.set_game(nbgames.new_game("newyork", 3, seed=5))):
        start = len(wire.sent)
        change()
        first_store_before_any_update(wire.since(start))
