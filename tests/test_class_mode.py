"""A class arrives at once (issue #18): the pool of pre-heated kernels hands out only ready
kernels, heats one kernel at a time (the emptiest page first), and keeps `--class-size` kernels for
the class pages; the served tests run the real `nbgames serve` on tests/serve/notebooks."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from support import Server
from traitlets.config import Config

from nbgames.serve import voila_argv
from nbgames.serve.app import NbgamesVoila
from nbgames.serve.kernels import Heater

sys.path.insert(0, str(Path(__file__).parent / "serve"))
from kernel_client import open_page  # noqa: E402

TEST_NOTEBOOKS = Path(__file__).parent / "serve" / "notebooks"
BOARD = "games/board.ipynb"


def wait_filled(server: Server, page: str, timeout: float = 240) -> None:
    """Pools heat one kernel at a time, every notebook of the server in turn: on a busy machine
    (the other tests run beside this one) three kernels of one page take minutes."""
    deadline = time.monotonic() + timeout
    while f"Kernel pool of {page} is filled" not in server.log():
        assert time.monotonic() < deadline, f"the pool of {page} did not fill:\n{server.log()[-3000:]}"
        time.sleep(0.3)


# -- heating one at a time --------------------------------------------------------------------
def test_kernels_heat_one_at_a_time_the_page_with_fewest_ready_first():
    async def scenario():
        ready = {"class": 0, "other": 0}
        heater = Heater(lambda page: ready[page])
        heating, order = [], []

        async def heat(page: str) -> None:
            await heater.acquire(page)
            heating.append(page)
            assert len(heating) == 1, "two kernels heated at once"
            await asyncio.sleep(0.01)
            order.append(page)
            ready[page] += 1
            heating.remove(page)
            heater.release()

        await asyncio.gather(*(heat(page) for page in ["class", "class", "class", "other"]))
        return order

    # the class page's first kernel, then the other page's only one, then the class's spares
    assert asyncio.run(scenario()) == ["class", "other", "class", "class"]


def test_a_stopping_server_heats_nothing_more():
    async def scenario():
        heater = Heater(lambda page: 0)
        await heater.acquire("a")
        waiting = asyncio.ensure_future(heater.acquire("b"))
        await asyncio.sleep(0.01)
        heater.close()
        with pytest.raises(RuntimeError, match="stopping"):
            await waiting
        with pytest.raises(RuntimeError, match="stopping"):
            await heater.acquire("c")

    asyncio.run(scenario())


# -- class size: command line and config file ----------------------------------------------------
def test_class_size_from_the_command_line_and_from_the_config_file_size_the_same_pools():
    argv = voila_argv("127.0.0.1", 8866, str(TEST_NOTEBOOKS), False, class_size=4,
                      class_pages=[BOARD, "index.ipynb"])
    by_argv = NbgamesVoila()
    by_argv.parse_command_line(argv)
    by_file = NbgamesVoila(config=Config({"NbgamesVoila": {"class_size": 4, "class_pages": [BOARD, "index.ipynb"]}}))
    for app in (by_argv, by_file):
        app.root_dir = str(TEST_NOTEBOOKS)
        app._size_class_pools()
        pools = app.config.VoilaKernelManager.kernel_pools_config
        assert {page: pool["pool_size"] for page, pool in pools.items()} == {BOARD: 4, "index.ipynb": 4}


@pytest.mark.parametrize("size, pages, error", [(-1, [], "0 or more"), (5, ["games/nowhere.ipynb"], "no such")])
def test_a_bad_class_is_refused_before_anything_starts(size, pages, error):
    with pytest.raises(ValueError, match=error):
        voila_argv("127.0.0.1", 8866, str(TEST_NOTEBOOKS), False, class_size=size, class_pages=pages)
    result = subprocess.run([sys.executable, "-m", "nbgames", "serve", "--notebooks", str(TEST_NOTEBOOKS),
                             "--class-size", str(size), *[a for p in pages for a in ("--class-page", p)]],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and error in result.stderr


# -- served ---------------------------------------------------------------------------------------
def test_a_visitor_never_waits_for_a_refill_still_heating(tmp_path):
    """Voilà handed the second visitor the pool's refill entry, still waiting out `fill_delay`:
    here 60 s. A ready kernel, or a fresh one at once, is what a class needs."""
    config = {"VoilaKernelManager": {"fill_delay": 60}}
    with Server(tmp_path / "serve.log", extra_args=["--notebooks", str(TEST_NOTEBOOKS)], config=config,
                heat=[BOARD]) as srv:
        wait_filled(srv, BOARD)
        open_page(srv.url, BOARD)  # the pre-heated kernel
        start = time.monotonic()
        open_page(srv.url, BOARD, timeout=45)  # a fresh kernel, not the refill due in 60 s
        assert time.monotonic() - start < 30


def test_a_class_of_three_arriving_at_once_gets_three_heated_kernels(tmp_path):
    extra = ["--notebooks", str(TEST_NOTEBOOKS), "--class-size", "3", "--class-page", BOARD]
    # the class's page alone, and no wait for a quiet machine (the test suite keeps it busy)
    quick = {"ClassroomPool": {"refill_max_wait": 3}}
    with Server(tmp_path / "serve.log", extra_args=extra, config=quick, heat=[BOARD]) as srv:
        said = srv.log()
        assert f"class of 3: 3 kernels pre-heated for {BOARD}" in said and "GB of memory" in said
        wait_filled(srv, BOARD)
        assert "Kernel pool of index.ipynb" not in srv.log()  # (the test servers' `heat`)
        handed = srv.log().count("Using pre-heated kernel")
        try:
            with ThreadPoolExecutor(3) as pool:
                pages = list(pool.map(lambda _: open_page(srv.url, BOARD), range(3)))
        except OSError as exc:  # (once, on a machine at load 10: the server refused connections)
            raise AssertionError(f"{exc!r}; server running: {srv.proc.poll() is None}; log:\n{srv.log()[-4000:]}") \
                from exc
        assert len({kernel for _, kernel in pages}) == 3
        assert srv.log().count("Using pre-heated kernel") - handed == 3, srv.log()[-3000:]


def test_a_preheated_kernel_loads_every_game_before_its_visitor_arrives():
    """What a page needs in any language is done while no visitor waits (issue #18's "less work
    before the first draw")."""
    code = ("import json, sys\n"
            "from nbgames.engine.registry import available_games, manifest\n"
            "from nbgames.ui.language import warm_up\n"
            "views = [manifest(g).view.partition(':')[0] for g in available_games() if manifest(g).view]\n"
            "before = [v in sys.modules for v in views]\n"
            "warm_up()\n"
            "print(json.dumps([len(views), before, [v in sys.modules for v in views]]))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    games, before, after = json.loads(out.stdout)
    assert games >= 4 and not any(before) and all(after)


def test_the_culler_leaves_a_kernel_that_is_still_starting_alone():
    """A kernel is listed before its `last_activity` is set; jupyter_server's own check raised
    there (a traceback in the log of a CI run, once the pool heated kernels one at a time)."""
    from traitlets import TraitError

    from nbgames.serve.kernels import ClassroomKernelManager

    class Starting:
        execution_state = "starting"

        @property
        def last_activity(self):
            raise TraitError("expected a datetime, not the NoneType None")

    manager = ClassroomKernelManager()
    manager._kernels["k"] = Starting()
    assert asyncio.run(manager.cull_kernel_if_idle("k")) is None
    assert "k" in manager._kernels


def test_a_spare_kernel_waits_for_a_quiet_machine_but_not_forever(monkeypatch):
    """Refills never take the cores from pages in play: a spare heats once the CPU is below
    `refill_busy_percent`, or after `refill_max_wait` seconds of a busy machine."""
    from traitlets import HasTraits

    from nbgames.serve import kernels

    pool = kernels.classroom_pool(type("Pool", (HasTraits,), {"_pools": {}}))(refill_max_wait=1.5)
    readings = iter([95.0, 95.0, 30.0, 30.0] + [95.0] * 20)  # each look: a reset, then a reading
    monkeypatch.setattr(kernels.psutil, "cpu_percent", lambda interval=None: next(readings))

    async def waited() -> float:
        start = time.monotonic()
        await pool._quiet_moment()
        return time.monotonic() - start

    assert 0.9 <= asyncio.run(waited()) < 1.4  # busy at the first look, quiet at the second
    assert 1.4 <= asyncio.run(waited()) < 2.2  # busy throughout: heats after refill_max_wait
