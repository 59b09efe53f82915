"""No traceback leaves the kernel (issue 26 item 9): wrong widget values get a refusal.

A widget message with a value the widget cannot take (the moves list's index set to 10**9 by
hand, or a pick from a list that has just shrunk) made ipywidgets answer with the whole
TraitError traceback, server paths included, over the websocket. `nbgames/ui/guard.py` refuses
such a message: one short line in the server's log, the widget's true state sent again, and the
page's status line says the choice was not understood.

The fuzz: a real `nbgames serve` on the shipped notebooks; for the play and learn page of every
game, a real kernel gets comm messages with wrong values (huge ints, negative ints, wrong types,
unknown trait names, huge strings, null) for every widget model: all of its synced traits at
once, each trait alone and every broken message on every model a visitor sets a value of
(lists, boxes to tick, text, sliders, folds, the canvas, the page kit) and on one model of each
class only shown (layouts, styles, buttons, labels, boxes: most of a page's models, one code path
per class); the other shown models get all their traits at once with three wrong values and one
broken message each. Every frame the kernel sends back is scanned for a traceback; then the page
still plays a legal move.
"""

from __future__ import annotations

import json
import re
import sys
import time
from pathlib import Path

import pytest
from support import ROOT, Server

import nbgames
from nbgames.engine.registry import available_games, manifest
from nbgames.ui import guard

sys.path.insert(0, str(Path(__file__).parent / "serve"))
from kernel_client import KernelSocket, open_page  # noqa: E402

FORBIDDEN = ("Traceback", "TraitError", "site-packages", "/usr/", 'File "', 'File \\"')
HUGE = 10**30
WRONG = (HUGE, -1, -(10**9), 1.5, True, "x", [1, "a"], {"a": 1}, None)  # every trait gets each
BIG_TEXT = "x" * 100_000  # a huge string, for the traits a visitor types or picks
PICKED = ("value", "index", "selected_index", "label", "stored", "location_hash", "width")
ECHO_ONLY = ("_model_", "_view_")  # the widget's class names: not a value a page sends
JUNK_CUSTOM = (None, 5, "x", [1], {"event": None}, {"event": ["click"]}, {"event": "mouse_down"},
               {"event": "mouse_down", "x": "a", "y": None}, {"event": "key_down", "key": {"a": 1}},
               {"event": "no such event", "x": HUGE})
# Models a visitor sees but sets no value of (their traits are only the kernel's to change):
# each trait alone is tried on `SAMPLE` models of each such class, every trait at once on all.
SHOWN_ONLY = {"LayoutModel", "ButtonStyleModel", "HTMLStyleModel", "LabelStyleModel", "DescriptionStyleModel",
              "CheckboxStyleModel", "TextStyleModel", "ProgressStyleModel", "SliderStyleModel",
              "ButtonModel", "HTMLModel", "LabelModel", "VBoxModel", "HBoxModel", "BoxModel", "IntProgressModel"}
SAMPLE = 1
BROKEN = (  # widget messages that are no update at all
    {"method": "update", "state": {"no_such_trait": 1, "": None}, "buffer_paths": []},
    {"method": "update", "state": None}, {"method": "update"}, None, {"method": None},
    {"method": "update", "state": {"value": 1}, "buffer_paths": [["value", 7]]},
    {"method": "no such method"}, {"method": "request_state", "extra": HUGE})


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("widget-fuzz")
    with Server(tmp / "voila.log", extra_args=["--notebooks", str(ROOT / "notebooks")]) as srv:
        yield srv


def leaks(messages: list[dict]) -> list[str]:
    """What in these kernel messages reads as a traceback or a server path."""
    found = []
    for msg in messages:
        kind = msg["header"]["msg_type"]
        text = json.dumps(msg["content"])
        if kind == "error":
            found.append(f"an error message: {text[:300]}")
        for word in FORBIDDEN:
            if word in text:
                found.append(f"{kind} holds {word!r}: {text[max(0, text.index(word) - 200):][:400]}")
    return found


class Page:
    def __init__(self, ks: KernelSocket):
        self.ks = ks
        self.states = ks.widget_states()

    def find(self, css: str) -> str | None:
        found = [k for k, v in self.ks.states.items() if css in v["state"].get("_dom_classes", ())]
        return found[0] if found else None

    def state(self, css: str) -> dict:
        return self.ks.states[self.find(css)]["state"]

    def batch(self, messages: list[tuple[str, object]]) -> None:
        """Send widget messages one after another without waiting, then wait for the last."""
        last = None
        for model_id, data in messages:
            last = self.ks.send("shell", "comm_msg", {"comm_id": model_id, "data": data})
        if last is not None:
            assert self.ks.idle_after(last, timeout=120), "the kernel did not finish the batch"


def update(**state) -> dict:
    return {"method": "update", "state": state, "buffer_paths": []}


def fuzz_messages(states: dict[str, dict]) -> list[tuple[str, object]]:
    """Wrong messages for the page's models (see the module docstring), in a fixed order."""
    out: list[tuple[str, object]] = []
    per_class: dict[str, int] = {}
    for k, (model_id, info) in enumerate(sorted(states.items(), key=lambda kv: (kv[1]["model_name"], kv[0]))):
        name = info["model_name"]
        keys = [key for key in info["state"] if not key.startswith(ECHO_ONLY)]
        per_class[name] = per_class.get(name, 0) + 1
        if name in SHOWN_ONLY and per_class[name] > SAMPLE:
            # every trait at once, three wrong values and one broken message (in turn over the models)
            out.extend((model_id, update(**{key: WRONG[(k + step) % len(WRONG)] for key in keys}))
                       for step in (0, 3, 6))
            out.append((model_id, BROKEN[k % len(BROKEN)]))
            continue
        out.extend((model_id, update(**{key: value for key in keys})) for value in WRONG)
        out.extend((model_id, update(**{key: WRONG[(j + k) % len(WRONG)]})) for j, key in enumerate(keys))
        out.extend((model_id, update(**{key: BIG_TEXT})) for key in keys if key in PICKED)
        out.extend((model_id, data) for data in BROKEN)
        if not name.startswith("Button"):  # a click on a button is a legal press, not a wrong value
            out.extend((model_id, {"method": "custom", "content": junk}) for junk in JUNK_CUSTOM)
    return out


def other_messages(ks: KernelSocket) -> None:
    """Comm traffic that names no widget of the page, or a widget class that does not exist."""
    msgs = [
        ("comm_open", {"comm_id": "fuzz-1", "target_name": "jupyter.widget",
                       "data": {"state": {"_model_module": "nope", "_model_name": "Nope"}}}),
        ("comm_open", {"comm_id": "fuzz-2", "target_name": "jupyter.widget", "data": None}),
        ("comm_open", {"comm_id": "fuzz-3", "target_name": "no.such.target", "data": {}}),
        ("comm_open", {"comm_id": ["not", "a", "string"], "target_name": "jupyter.widget"}),
        ("comm_msg", {"comm_id": "0" * 32, "data": {"method": "update", "state": {"value": HUGE}}}),
        ("comm_msg", {"comm_id": {"a": 1}, "data": None}),
        ("comm_msg", {"data": {"method": "update"}}),
        ("comm_close", {"comm_id": "0" * 32, "data": None}),
        ("comm_close", {"comm_id": None}),
    ]
    last = None
    for kind, content in msgs:
        last = ks.send("shell", kind, content)
    assert ks.idle_after(last, timeout=60)


def wait(predicate, what: str, page: Page, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        page.ks.widget_states()
        if predicate():
            return
        time.sleep(0.3)
    raise AssertionError(f"timed out waiting for {what}")


def plays_a_legal_move(page: Page, kind: str) -> None:
    """The page still plays: its moves list's first move is played, through the page's widgets."""
    ks = page.ks
    ks.widget_states()
    moves = page.find("nbg-moves")
    if kind == "learn":  # a lesson takes the move its step asks for: "Show me", then "Do it for me"
        show = page.find("nbg-lesson-show")
        status_before = page.state("nbg-status")["value"]
        feedback = page.find("nbg-lesson-feedback")
        before = ks.states[feedback]["state"]["value"] if feedback else None
        ks.click(show)
        ks.click(show)
        wait(lambda: page.state("nbg-status")["value"] != status_before
             or (feedback and ks.states[feedback]["state"]["value"] != before), "the lesson to go on", page)
        assert guard.not_understood("en") not in page.state("nbg-status")["value"]
        return
    position = page.state("nbg-position")["value"]
    assert page.state("nbg-moves")["_options_labels"], "no legal move offered"
    ks.set_value(moves, index=0)
    ks.click(page.find("nbg-play-selected"))
    wait(lambda: page.state("nbg-position")["value"] != position, "the move to be played", page)
    assert re.search(r"Move [1-9]", page.state("nbg-position")["value"])


PAGES = [(game, kind) for game in available_games() for kind in ("play", "learn")
         if getattr(manifest(game), kind) and (ROOT / "notebooks" / game / f"{kind}.ipynb").exists()]


def test_every_shipped_game_has_its_pages_fuzzed():
    shipped = {"newyork", "galopp_royal", "newyork1901", "newyork_city"}
    assert {(g, k) for g in shipped for k in ("play", "learn")} <= set(PAGES)


@pytest.mark.parametrize(("game", "kind"), PAGES, ids=[f"{g}-{k}" for g, k in PAGES])
def test_wrong_widget_values_get_a_refusal_never_a_traceback(site, game, kind):
    path = f"{game}/{kind}.ipynb"
    _, kernel_id = open_page(site.url, path)
    ks = KernelSocket(site.url, kernel_id, timeout=60)
    try:
        page = Page(ks)
        wait(lambda: page.find("nbg-status") and page.find("nbg-moves"), "the page to be built", page)
        if kind == "play":
            wait(lambda: "your turn" in page.state("nbg-status")["value"], "the human's turn", page)
        # The moves list's index set to 10**9: a refusal on the status line, the index snaps back.
        moves = page.find("nbg-moves")
        index = page.state("nbg-moves")["index"]
        seen = len(ks.seen)
        ks.set_value(moves, index=10**9)
        snapped = [m for m in ks.seen[seen:] if m["header"]["msg_type"] == "comm_msg"
                   and m["content"]["comm_id"] == moves and m["content"]["data"].get("method") == "update"
                   and m["content"]["data"]["state"].get("index") == index]
        assert snapped, "the kernel did not send the moves list's true index again"
        ks.widget_states()
        assert page.state("nbg-moves")["index"] == index
        assert page.state("nbg-status")["value"] == guard.not_understood("en")

        started = time.monotonic()
        messages = fuzz_messages(page.states)
        for start in range(0, len(messages), 200):
            page.batch(messages[start:start + 200])
        other_messages(ks)
        took = time.monotonic() - started
        assert ks.kernel_info() is not None, "the kernel stopped answering"
        found = leaks(ks.seen)
        assert not found, f"{len(found)} leaks; the first: {found[0]}"
        print(f"{path}: {len(messages)} wrong messages to {len(page.states)} models in {took:.1f} s, no traceback")
        plays_a_legal_move(page, kind)
        assert not leaks(ks.seen)
    finally:
        ks.close()
    log = site.log()
    assert "refused a widget message" in log  # the server's log has the short line …
    assert "Traceback" not in log.partition("Handle signal")[0]  # … and no traceback


# -- in-process: the guard's own work, without a server ------------------------------------------

@pytest.fixture
def shell():
    """An IPython shell, as in a kernel: ipywidgets reports a failed message to `showtraceback`."""
    from IPython.core.interactiveshell import InteractiveShell

    existing = InteractiveShell.initialized()
    ip = InteractiveShell.instance()
    yield ip
    if not existing:
        InteractiveShell.clear_instance()


def comm_msg(widget, **state) -> dict:
    return {"content": {"comm_id": widget.model_id, "data": update(**state)}, "buffers": []}


def test_a_pick_from_a_list_that_just_shrank_is_refused_in_place(shell):
    import comm

    from nbgames.ui.app import PlayApp

    app = PlayApp("newyork", players=3, seed=1, scheduler=lambda *_: None)
    view = app.view
    game = app.game
    listed = len(view.moves.options)
    assert listed > 3
    stale = listed - 1  # the page still shows the old list; the kernel's list has shrunk
    view.moves.options = view.moves.options[:2]
    shown = []
    shell.showtraceback = lambda *a, **k: shown.append(a)  # what would reach the page
    try:
        assert guard.handle_comm_msg(comm_msg(view.moves, index=stale), comm.get_comm_manager(), shell) is False
    finally:
        del shell.showtraceback
    assert not shown  # no traceback
    assert view.moves.index == 0 and len(game.history) == 0
    assert view.status.value == guard.not_understood("en")
    # a good pick afterwards is taken as usual
    assert guard.handle_comm_msg(comm_msg(view.moves, index=1), comm.get_comm_manager(), shell) is True
    assert view.moves.index == 1


def test_the_refusal_reads_in_japanese_on_a_japanese_page():
    text = guard.not_understood("ja")
    assert text != guard.not_understood("en") and "選" in text
    app = nbgames.ui.play("galopp_royal", players=3, seed=2, lang="ja", scheduler=lambda *_: None)
    app.view._not_understood()
    assert app.view.status.value == text
