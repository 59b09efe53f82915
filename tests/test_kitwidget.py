"""The kit's anywidgets answer a front end that started late (ui/kitwidget.py): asked "hello",
the kernel sends again the state it owns (never what the browser sets) and then a welcome. The
browser half is tests/browser/test_slow_kit_start.py."""

from __future__ import annotations

from nbgames.ui.access import Announcer
from nbgames.ui.kitwidget import HEAR_KERNEL
from nbgames.ui.pagekit import PageKit


def sent_by(widget) -> list[dict]:
    messages: list[dict] = []
    widget.comm.send = lambda data=None, metadata=None, buffers=None: messages.append(data)
    return messages


def test_hello_gets_the_kernels_own_state_again_then_a_welcome():
    kit = PageKit(storage_key="nbgames/newyork/play", texts={"lost": "Lost"})
    kit.width, kit.stored = 390, "kept"  # as if the browser had said so
    messages = sent_by(kit)
    kit._on_hello(kit, {"hello": 1}, [])
    assert [m["method"] for m in messages] == ["update", "custom"]
    state = messages[0]["state"]
    assert state["storage_key"] == "nbgames/newyork/play" and state["texts"] == {"lost": "Lost"}
    assert not {"width", "stored", "ready", "location_hash", "switched"} & state.keys()  # the browser's
    assert not any(key.startswith("_") for key in state)  # nor anywidget's code and names
    assert messages[1]["content"] == {"welcome": 1}


def test_other_messages_are_not_a_hello():
    speaker = Announcer(lang="en")
    messages = sent_by(speaker)
    for content in ({"hello": 0}, {"ping": 1}, ["hello"], "hello", None):
        speaker._on_hello(speaker, content, [])
    assert messages == []


def test_every_kit_widget_starts_by_hearing_its_kernel():
    for widget in (PageKit(), Announcer(lang="en")):
        assert widget._esm.startswith(HEAR_KERNEL) and widget._esm.count("function hearKernel") == 1
        assert "hearKernel(model)" in widget._esm.split("function initialize", 1)[-1] or \
            "initialize: ({ model }) => hearKernel(model)" in widget._esm
    assert PageKit().uid != PageKit().uid  # each finds its own model among the page's
