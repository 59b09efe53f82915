"""A game that lives only in the tests (tests/pebbles) on a real served page: registered through
NBGAMES_GAMES, listed by the gallery, drawn by the kit's shell and played by clicking, with no
file of nbgames edited for it."""

from __future__ import annotations

import os
import shutil

import pytest
from support import ROOT, Server

from nbgames.testing import goto_drawn
from nbgames.ui.board import Geometry

pytestmark = pytest.mark.browser
GEOM = Geometry(3, 3, left=40)  # the Pebbles board (tests/pebbles/view.py)


@pytest.fixture(scope="module")
def pebbles_server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("gallery")
    shutil.copy(ROOT / "notebooks" / "index.ipynb", folder / "index.ipynb")
    shutil.copy(ROOT / "tests" / "pebbles" / "pebbles.ipynb", folder / "pebbles.ipynb")
    path = os.pathsep.join(filter(None, [str(ROOT / "tests"), os.environ.get("PYTHONPATH", "")]))
    env = {"NBGAMES_GAMES": "pebbles", "PYTHONPATH": path}
    with Server(folder / "voila.log", extra_args=["--notebooks", str(folder)], env=env) as server:
        yield server


def test_the_example_game_is_listed_served_and_played_by_clicking(page, pebbles_server):
    page.goto(pebbles_server.url + "/voila/render/index.ipynb", timeout=60_000)
    card = page.locator(".nbg-card[data-game='pebbles']")
    card.wait_for(timeout=60_000)
    assert "Pebbles" in card.inner_text()
    assert card.locator("a.nbg-play-link").get_attribute("href") == "pebbles.ipynb?lang=en"

    goto_drawn(page, pebbles_server.url + "/voila/render/pebbles.ipynb")
    status = page.locator(".nbg-status")
    assert "Player 1: your turn" in status.inner_text()
    canvas = page.locator(".nbg-canvas").first
    box = canvas.bounding_box()
    scale = box["width"] / GEOM.width
    target = page.locator(".nbg-moves select option").first.inner_text().split()[-1]  # "place your 2 on A1"
    row, col = "ABC".index(target[0]), int(target[1]) - 1
    cx, cy = GEOM.cell_centre(row, col)
    page.mouse.click(box["x"] + cx * scale, box["y"] + cy * scale)
    choice = page.locator(".nbg-choice").first
    log = page.locator(".nbg-log")
    page.wait_for_function("() => document.querySelector('.nbg-choice') || "
                           "(document.querySelector('.nbg-log') || {}).innerText?.includes('placed')", timeout=20_000)
    if choice.count():
        choice.click()
    page.wait_for_function("() => document.querySelector('.nbg-log').innerText.includes('Player 2 placed')",
                           timeout=30_000)  # the bot answered
    assert "Player 1 placed a" in log.inner_text() and target in log.inner_text()
