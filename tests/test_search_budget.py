"""Bots under load (issue #18): searches share the machine through a few slots (file locks, so
every kernel of the machine takes part), the wait counts against the think time, a search runs
below the page's own work, and the page says when bots are slowed down."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import threading
import time

import pytest

import nbgames
import nbgames.engine.hints as hints_module
import nbgames.ui.controller as controller_module
from nbgames.engine.budget import SEARCH_NICE, SearchBudget
from nbgames.ui.controller import PlayController


def hold(budget: SearchBudget, seconds: float) -> threading.Thread:
    """Another search holding a slot for `seconds` (started and holding when this returns)."""
    holding = threading.Event()

    def search():
        with budget.turn(None):
            holding.set()
            time.sleep(seconds)

    thread = threading.Thread(target=search, daemon=True)
    thread.start()
    assert holding.wait(5)
    return thread


def test_a_search_without_a_free_slot_waits_and_its_wait_counts_against_its_time(tmp_path):
    budget = SearchBudget(1, tmp_path)
    holder = hold(budget, 0.3)
    assert budget.busy() == 1
    waits = []
    start = time.monotonic()
    with budget.turn(1.0, waiting=lambda: waits.append(time.monotonic())) as left:
        waited = time.monotonic() - start
        assert budget.busy() == 1  # its own now
    holder.join()
    assert len(waits) == 1 and 0.25 <= waited < 0.9
    assert left == pytest.approx(1.0 - waited, abs=0.05)
    assert budget.busy() == 0


def test_a_search_whose_time_runs_out_while_waiting_searches_as_little_as_it_can(tmp_path):
    budget = SearchBudget(1, tmp_path)
    holder = hold(budget, 1.0)
    start = time.monotonic()
    with budget.turn(0.2) as left:
        assert left == 0.0 and time.monotonic() - start < 0.6
    stop = threading.Event()
    threading.Timer(0.1, stop.set).start()
    with budget.turn(None, stop=stop) as left:  # no limit: until stopped
        assert left is None
    holder.join()


def test_two_slots_run_two_searches_at_once(tmp_path):
    budget = SearchBudget(2, tmp_path)
    holder = hold(budget, 0.5)
    waits = []
    with budget.turn(1.0, waiting=lambda: waits.append(1)):
        assert budget.busy() == 2 and not waits
    holder.join()


def test_a_kernel_that_dies_holding_a_slot_frees_it(tmp_path):
    child = subprocess.Popen([sys.executable, "-c", (
        "import sys, time; from nbgames.engine.budget import SearchBudget\n"
        f"b = SearchBudget(1, {str(tmp_path)!r})\n"
        "with b.turn(None):\n    print('held', flush=True); time.sleep(60)")],
        stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "held"
        budget = SearchBudget(1, tmp_path)
        assert budget.busy() == 1
        child.kill()
        child.wait(10)
        waits = []
        with budget.turn(0.5, waiting=lambda: waits.append(1)) as left:
            assert not waits and left > 0.4
    finally:
        child.kill()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a nice value per thread is Linux's")
def test_a_search_runs_below_the_pages_own_work(tmp_path):
    seen = {}

    def search():
        with SearchBudget(1, tmp_path).turn(0.1):
            seen["search"] = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())

    before = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    thread = threading.Thread(target=search)
    thread.start()
    thread.join()
    assert seen["search"] == max(SEARCH_NICE, before)
    assert os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) == before  # the page's thread: unchanged


def test_a_slot_count_below_one_is_refused(tmp_path):
    with pytest.raises(ValueError, match="at least one slot"):
        SearchBudget(0, tmp_path)


# -- the page --------------------------------------------------------------------------------------
def test_on_a_busy_server_the_page_says_bots_are_slowed_and_a_bot_still_moves_in_time(tmp_path, monkeypatch):
    budget = SearchBudget(1, tmp_path)
    monkeypatch.setattr(controller_module, "SEARCHES", budget)

    async def scenario():
        game = nbgames.new_game("newyork", 3, seed=5)
        holder = hold(budget, 3.0)  # every slot taken by other pages' searches
        controller = PlayController(game, ["mcts-easy"] * 3, bot_delay=0.0)
        statuses = []
        controller.view.status.observe(lambda change: statuses.append(change["new"]), names="value")
        start = time.monotonic()
        while not game.history:
            await asyncio.sleep(0.01)
            assert time.monotonic() - start < 2.0, "no bot move while the server was busy"
        moved_after = time.monotonic() - start
        controller.stop_bots()
        holder.join()
        return statuses, moved_after

    statuses, moved_after = asyncio.run(scenario())
    assert any("server is busy" in s for s in statuses), statuses
    assert moved_after < 1.5  # easy thinks 0.2 s: waiting for a slot does not make it later than that


def test_a_hint_is_searched_off_the_event_loop_once_however_often_it_is_asked(tmp_path, monkeypatch):
    monkeypatch.setattr(controller_module, "SEARCHES", SearchBudget(1, tmp_path))
    searches = []
    real = hints_module.hint

    def counted(*args, **kwargs):
        searches.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(hints_module, "hint", counted)

    async def scenario():
        game = nbgames.new_game("newyork", 3, seed=6)
        controller = PlayController(game, ["human", "random", "random"], bot_delay=0.0)
        controller.hint_button.click()
        assert "Looking for a good move" in controller.hint_text.value  # at once: the search is elsewhere
        controller.hint_button.click()  # a double click
        start = time.monotonic()
        while "nbg-hint-box" not in controller.hint_text.value:
            await asyncio.sleep(0.02)
            assert time.monotonic() - start < 5, controller.hint_text.value
        return controller

    controller = asyncio.run(scenario())
    assert len(searches) == 1 and "nbg-rule-ref" in controller.hint_text.value and not controller.hint_button.disabled
