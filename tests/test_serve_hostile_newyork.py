"""Hostile widget messages against the real New York play page served by `nbgames serve`.

Voilà drops code execution over the kernel websocket but forwards every widget message, so a
visitor can send any click coordinate, any widget value, clicks on disabled buttons, moves while a
bot is to move and replays of old clicks. Each test opens notebooks/newyork/play.ipynb through a
real server (the HTTP request hands out a kernel that has run the notebook), speaks the v1 kernel
websocket like the page's front end (tests/serve/kernel_client.py), and checks the game record —
read back through the page's own "Save" link (the full record as a data URL) and its timeline
label — is unchanged, and that a legitimate click still plays afterwards.
"""

from __future__ import annotations

import base64
import json
import re
import sys
import time
from pathlib import Path

import pytest
from support import ROOT, Server

from nbgames.newyork.view import N
from nbgames.ui.board import Geometry

sys.path.insert(0, str(Path(__file__).parent / "serve"))
from kernel_client import KernelSocket, open_page  # noqa: E402

PLAY = "newyork/play.ipynb"
GEOM = Geometry(N, N)
FAST_BOTS = {"MappingKernelManager": {"cull_interval": 5, "cull_idle_timeout": 30}}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """`nbgames serve` on the real notebooks/ folder (the shipped voila.json; the play page's
    kernels pre-heated, the one page opened here)."""
    tmp = tmp_path_factory.mktemp("serve-hostile")
    with Server(tmp / "voila.log", extra_args=["--notebooks", str(ROOT / "notebooks")], config=FAST_BOTS,
                heat=[PLAY]) as srv:
        yield srv
    # while serving: a kernel still starting when the server stops dies in its imports (a traceback)
    serving = srv.log().partition("Handle signal")[0]
    assert "Traceback" not in serving, serving[-4000:]


class PlayPage:
    """The play page's kernel, seen through its widgets (found by their nbg-* CSS classes)."""

    def __init__(self, ks: KernelSocket):
        self.ks = ks
        self.refresh()

    def refresh(self) -> dict:
        return self.ks.widget_states()

    def model(self, css: str) -> str:
        found = [k for k, v in self.ks.states.items() if css in v["state"].get("_dom_classes", ())]
        assert len(found) == 1, f"{css}: {len(found)} widgets"
        return found[0]

    def state(self, css: str) -> dict:
        return self.ks.states[self.model(css)]["state"]

    def text(self, css: str) -> str:
        return self.state(css).get("value", "")

    @property
    def canvas(self) -> str:
        return self.model("nbg-canvas")

    def position(self) -> tuple[int, int]:
        match = re.search(r"Move (\d+) of (\d+)", self.text("nbg-position"))
        assert match, self.text("nbg-position")
        return int(match.group(1)), int(match.group(2))

    def record(self) -> dict:
        """The full game record, from the page's own Save link (a base64 data URL)."""
        self.ks.click(self.model("nbg-save"))
        self.refresh()
        match = re.search(r"base64,([A-Za-z0-9+/=]+)", self.text("nbg-save-link"))
        assert match, self.text("nbg-save-link")
        from nbgames.engine.seal import is_sealed, unseal

        saved = json.loads(base64.b64decode(match.group(1)))
        return unseal(saved)["record"] if is_sealed(saved) else saved  # sealed in progress (the tests hold the key)

    def snapshot(self) -> tuple[dict, tuple[int, int]]:
        record = self.record()
        return record, self.position()

    def click_square(self, sq: int) -> None:
        x, y = GEOM.cell_centre(*divmod(sq, N))
        self.ks.mouse_down(self.canvas, x, y)

    def legal_squares(self) -> list[int]:
        """Squares offered in the moves dropdown (its labels start with the square's name)."""
        squares = []
        for label in self.state("nbg-moves").get("_options_labels", ()):
            match = re.match(r"([A-G])([1-7])\b", label)
            if match:
                squares.append("ABCDEFG".index(match.group(1)) * N + int(match.group(2)) - 1)
        return squares

    def wait(self, predicate, what: str, timeout: float = 20) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.refresh()
            if predicate():
                return
            time.sleep(0.2)
        raise AssertionError(f"timed out waiting for {what}; status={self.text('nbg-status')!r}")

    def wait_human_turn(self) -> None:
        self.wait(lambda: "your turn" in self.text("nbg-status") and not self.state("nbg-moves")["disabled"],
                  "the human's turn")

    def play_legal(self) -> int:
        """A legitimate move: click the first legal square; wait for the bots' answers."""
        ply, _ = self.position()
        sq = self.legal_squares()[0]
        self.click_square(sq)
        self.wait(lambda: self.position()[0] > ply, "the click to play")
        self.wait_human_turn()
        return sq


@pytest.fixture
def play(site):
    _, kernel_id = open_page(site.url, PLAY)
    ks = KernelSocket(site.url, kernel_id)
    try:
        page = PlayPage(ks)
        page.wait_human_turn()
        yield page
        assert ks.kernel_info() is not None, "the kernel stopped answering"
    finally:
        ks.close()


def test_hostile_canvas_events_change_nothing(play):
    before = play.snapshot()
    assert before[1] == (0, 0)
    junk = [(-1, 10), (10, -1), (GEOM.width + 1, 60), (60, GEOM.height + 1), (GEOM.left - 1, GEOM.top + 1),
            (1e12, 1e12), (-1e308, 5), (float("nan"), float("nan")), (float("inf"), 5),
            ("130px", "60"), ("1e400", "60"), ("x", "y"), (None, None), ([1], {"a": 1}), (True, False), (2**70, 2**70)]
    # (A numeric string inside the board, "130", is read as the number: a plain legal click.)
    for x, y in junk:  # NaN/inf leave as the JSON extensions NaN/Infinity
        play.ks.mouse_down(play.canvas, x, y)
        play.ks.comm(play.canvas, {"method": "custom", "content": {"event": "mouse_move", "x": x, "y": y}})
    for event in ({"event": "mouse_down"}, {"event": "mouse_down", "x": 130}, {"event": "nope"}, {},
                  {"event": "key_down", "key": None}, {"event": "key_down", "key": ["Enter"]},
                  {"event": "key_down"}, {"event": "key_down", "key": "Enter", "shift_key": "x"}):
        play.ks.comm(play.canvas, {"method": "custom", "content": event})
    play.ks.comm(play.canvas, {"method": "custom", "content": "not a dict"})
    assert play.snapshot() == before
    play.play_legal()  # the page still plays
    assert play.position()[0] == 3


def test_hostile_dropdown_values_change_nothing(play):
    before = play.snapshot()
    moves = play.model("nbg-moves")
    options = list(play.state("nbg-moves")["_options_labels"])
    for state in ({"index": 10**6}, {"index": -1}, {"index": "A1"}, {"index": [0]}, {"index": 1.5},
                  {"value": "Z9"}, {"label": "G7: place here"}, {"_options_labels": ["evil"]},
                  {"disabled": False}, {"index": None}):
        play.ks.set_value(moves, **state)
    play.ks.click(play.model("nbg-play-selected"))  # plays "no selection": nothing
    play.refresh()
    assert play.state("nbg-moves")["index"] is None
    assert play.snapshot() == before
    for model, states in ((play.model("nbg-bot-speed"), ({"index": 99}, {"index": None})),
                          (play.model("nbg-players"), ({"index": 99}, {"index": None})),
                          (play.model("nbg-timeline"), ({"value": 10**9}, {"value": "x"}, {"value": None},
                                                        {"max": 10**9}, {"min": -5}))):
        for state in states:
            play.ks.set_value(model, **state)
    assert play.snapshot() == before
    # The options the page offers are the kernel's, whatever labels were sent.
    play.ks.set_value(moves, index=0)
    play.refresh()
    assert play.state("nbg-moves")["index"] == 0
    assert options[0].startswith(("A", "B", "C", "D", "E", "F", "G"))
    play.ks.click(play.model("nbg-play-selected"))
    play.wait(lambda: play.position()[0] > 0, "the selected move to play")


def test_bad_settings_then_new_game_are_refused_politely(play):
    play.play_legal()
    before = play.snapshot()
    for model, state in (("nbg-seed", {"value": "1" * 500}), ("nbg-seat-1", {"index": None}),
                         ("nbg-seat-2", {"index": 7}), ("nbg-players", {"index": None}),
                         ("nbg-players", {"index": 99})):
        play.ks.set_value(play.model(model), **state)
        play.ks.click(play.model("nbg-new-game"))
        play.refresh()
        assert play.snapshot() == before, (model, state)
        assert play.text("nbg-settings-message").startswith("These settings do not make a game"), \
            (model, state, play.text("nbg-settings-message"))
        if model == "nbg-seed":
            play.ks.set_value(play.model(model), value="")
    play.play_legal()  # the page still plays


def test_disabled_undo_and_redo_change_nothing(play):
    before = play.snapshot()
    assert play.state("nbg-undo")["disabled"] and play.state("nbg-redo")["disabled"]
    for _ in range(3):
        play.ks.click(play.model("nbg-undo"))
        play.ks.click(play.model("nbg-redo"))
        play.ks.click(play.model("nbg-resume"))
    for key in ("u", "r", "Backspace"):
        play.ks.comm(play.canvas, {"method": "custom", "content": {"event": "key_down", "key": key}})
    assert play.snapshot() == before
    play.play_legal()
    after_move = play.snapshot()
    assert play.state("nbg-redo")["disabled"]
    play.ks.click(play.model("nbg-redo"))
    assert play.snapshot() == after_move


def test_moves_for_a_bot_seat_change_nothing(play):
    # a practice game, so Undo may go back past the bots' moves (a fair game refuses that)
    play.ks.set_value(play.model("nbg-practice"), value=True)
    play.ks.click(play.model("nbg-new-game"))
    play.wait_human_turn()
    assert "practice game" in play.text("nbg-settings-message")
    played = play.play_legal()
    assert play.position() == (3, 3)
    # Back to the human's move, then one step forward: the first bot (seat 1) is to move, paused.
    play.ks.click(play.model("nbg-undo"))
    play.ks.click(play.model("nbg-redo"))
    play.refresh()
    assert play.position() == (1, 3) and not play.state("nbg-resume")["disabled"]
    before = play.snapshot()
    free = [sq for sq in range(N * N) if sq != played]
    for sq in free[:6]:
        play.click_square(sq)
    moves = play.model("nbg-moves")
    assert play.state("nbg-moves")["disabled"]
    for index in (0, 1, None):
        play.ks.set_value(moves, index=index)
        play.ks.click(play.model("nbg-play-selected"))
    for key in ("ArrowDown", "Enter", " "):
        play.ks.comm(play.canvas, {"method": "custom", "content": {"event": "key_down", "key": key}})
    assert play.snapshot() == before
    assert play.position() == (1, 3)
    play.ks.click(play.model("nbg-resume"))  # the bots go on; the human plays again
    play.wait_human_turn()
    assert play.position()[0] == 3
    play.play_legal()


def test_replayed_stale_click_changes_nothing(play):
    played = play.play_legal()
    before = play.snapshot()
    assert played not in play.legal_squares()
    for _ in range(3):
        play.click_square(played)  # the same click again: the square is taken now
    bogus = {"comm_id": "0" * 32, "data": {"method": "custom", "content": {"event": "click"}}}
    play.ks.idle_after(play.ks.send("shell", "comm_msg", bogus))  # a widget that does not exist
    play.refresh()
    assert play.snapshot() == before
    assert "place" in play.text("nbg-status") or "NY-" in play.text("nbg-status")
    play.play_legal()
    assert play.position()[0] == 6


def test_new_game_refuses_deselected_settings_in_process():
    """The same refusal without a server: what the page's "New game" does with a None dropdown."""
    import nbgames.ui as ui

    app = ui.play("newyork", players=3, scheduler=lambda delay, callback: None)
    game = app.game
    app.seat_boxes.children[1].index = None
    assert app.new_game() is False and app.game is game
    assert app.message.value.startswith("These settings do not make a game")
    app.seat_boxes.children[1].value = "random"
    app.players.index = None
    assert app.new_game() is False and app.game is game
    app.players.value = 2
    assert app.new_game() is True and app.game.players == 2
