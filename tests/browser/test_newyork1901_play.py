"""The New York 1901 play page in real Chromium against `nbgames serve` (Voilà): a character
chosen, a lot acquired, a refused placement showing its rule (hover and click), a tile turned and
placed by clicking, a reload that redraws the board — with zero page errors.

Player 1 is the human, two bots play fast (the page's own "Bots: fast" setting).
"""

from __future__ import annotations

import contextlib

import pytest

import nbgames
from nbgames.newyork1901.layout import layout_for
from nbgames.testing import goto_drawn, page_error_recorder
from nbgames.ui.tiles import Placement, Polyomino

pytestmark = pytest.mark.browser

PLAY = "/voila/render/newyork1901/play.ipynb"
BOARD = nbgames.new_game("newyork1901", players=3, seed=1).view(None)["board"]
TILES = [x["name"] for x in BOARD["tiles"] if x["name"] != "start"]
LAYOUT = layout_for(BOARD["rows"], BOARD["cols"], 3, tiles=len(TILES))
SHAPES = {x["name"]: Polyomino.from_picture(x["shape"], x["name"]) for x in BOARD["tiles"]}


def placement_of(tile: str, cells: list[str]) -> str:
    """The notation of `tile` covering `cells` (the move list says a build in words)."""
    wanted = sorted((ord(c[0]) - 65, int(c[1:]) - 1) for c in cells)
    for mirrored in (False, True):
        for rotation in range(4):
            for row, col in wanted:
                placement = Placement(SHAPES[tile], row, col, rotation, mirrored)
                if sorted(placement.cells()) == wanted:
                    return placement.notation()
    raise AssertionError(f"{tile} cannot cover {cells}")


class Page:
    """The play page: canvas clicks by board coordinates and the moves list, on top of the
    browser tests' `Board` (pixels, labels, waiting)."""

    def __init__(self, board):
        self.board = board
        self.page = board.page

    def open(self) -> None:
        goto_drawn(self.page, self.board.server.url + PLAY)
        self.page.locator(".nbg-status").wait_for(timeout=60_000)
        self.wait_painted()

    def wait_painted(self) -> None:
        x, y = LAYOUT.grid.cell_origin(0, 0)
        self.board.wait_for(lambda: self.board.pixel(x + 20, y + 20)[3] > 0, "map painted")
        self.board.check_no_error()

    def at(self, x: float, y: float) -> tuple[float, float]:
        """Page coordinates of canvas point (x, y) (the canvas may be shown scaled)."""
        box = self.board.canvas_box()
        scale = box["width"] / LAYOUT.width
        return box["x"] + x * scale, box["y"] + y * scale

    def cell(self, name: str) -> tuple[float, float]:
        return self.at(*LAYOUT.grid.cell_centre(ord(name[0]) - 65, int(name[1:]) - 1))

    def tile(self, name: str) -> tuple[float, float]:
        x, y, w, h = LAYOUT.tile_box(TILES.index(name))
        return self.at(x + w / 2, y + h / 2)

    def moves(self) -> list[str]:
        """The notations in the moves list (its words: "Acquire lot A6 with …", "Build bI2 (bronze,
        2 VP) on A6 B6": the tile and the cells it covers, turned back into a placement)."""
        words = self.page.eval_on_selector_all(".nbg-moves select option", "els => els.map(e => e.textContent)")
        out = []
        for text in (w.replace("\xa0", " ") for w in words):
            if text.startswith("Acquire lot "):
                out.append("lot " + text.split()[2])
            elif text.startswith("Build "):
                out.append(placement_of(text.split()[1], text.rpartition(" on ")[2].split()))
        return out

    def my_turn(self) -> bool:
        return self.board.status().startswith("Player 1: your turn")


@pytest.fixture
def play_page(board):
    return Page(board)


def test_a_tile_turned_and_placed_by_clicking_a_refusal_with_its_rule_and_a_reload(play_page):
    p = play_page
    p.open()
    p.page.locator(".nbg-bot-speed select").select_option(label="fast")
    p.board.wait_for(p.my_turn, "Player 1 to choose a character")
    choosing = lambda: "choose a character" in p.board.status()  # noqa: E731
    for _ in range(3):  # a click was lost once in a CI-like run (cause not found): click again
        if not choosing():
            break
        p.page.locator("button.nbg-ny1901-character").first.click()  # the bots chose before (reverse order)
        with contextlib.suppress(AssertionError):  # still choosing: the loop clicks again
            p.board.wait_for(lambda: not choosing(), "the character chosen", timeout=8)
    p.board.wait_for(lambda: p.my_turn() and any(m.startswith("lot ") for m in p.moves()), "Player 1's first turn")

    # acquire: a lot clicked on the map (Land Grab could take a size-2 lot too: the page asks)
    lot = next(m for m in p.moves() if m.startswith("lot "))[4:]
    p.page.mouse.click(*p.cell(lot))
    p.board.wait_for(lambda: "lot " + lot in p.board.text(".nbg-log") or p.page.locator(".nbg-choice").count() > 0,
               "the acquire or its question")
    if p.page.locator(".nbg-choice").count():
        p.page.locator(f".nbg-choice[title='lot {lot}']").first.click()
    p.board.wait_for(lambda: any("@" in m and not m.startswith("demolish") for m in p.moves()), "a build to make")
    builds = [m for m in p.moves() if "@" in m and not m.startswith("demolish")]
    build = next((m for m in builds if "r1" in m), builds[0])
    tile, _, where = build.partition("@")
    anchor, _, orientation = where.partition("r")
    turns, mirrored = int(orientation[0]), orientation.endswith("m")

    # pick the tile; a click far from the estate is refused with its rule, on hover and on click
    p.page.mouse.click(*p.tile(tile))
    p.board.wait_for(lambda: tile in p.board.status(), "the tile picked")
    far = "A13" if anchor[0] != "A" else "M1"  # a park: no tile is ever anchored there
    p.page.mouse.move(*p.cell(far))
    info = lambda: p.board.text(".nbg-info")  # noqa: E731
    p.board.wait_for(lambda: "✗" in info() and "NY1901-" in info(), "the red preview's rule")
    p.page.mouse.click(*p.cell(far))
    p.board.wait_for(lambda: "Not allowed (NY1901-" in p.board.status(), "the refusal on the status line")

    # turn (the key R, then the button for any further turns), mirror, place
    if mirrored:
        p.page.locator("button.nbg-ny1901-mirror").click()
    p.board.canvas.focus()
    if turns:
        p.page.keyboard.press("r")
        for _ in range(turns - 1):
            p.page.locator("button.nbg-ny1901-rotate").click()
    p.page.mouse.move(*p.cell(anchor))
    p.board.wait_for(lambda: "✓" in p.board.text(".nbg-info"), "the green preview")
    p.page.mouse.click(*p.cell(anchor))
    p.board.wait_for(lambda: f"Player 1 built {tile}" in p.board.text(".nbg-log"), "the building in the log")
    p.board.check_no_error()

    # a reload draws the board again
    p.page.reload()
    p.wait_painted()
    x, y = LAYOUT.market_box(0)[:2]
    p.board.wait_for(lambda: p.board.pixel(x + 5, y + 5)[3] > 0, "the market painted after the reload")
    p.board.check_no_error()


def test_on_a_phone_the_map_shows_a_part_chosen_by_tapping_with_big_targets(browser, server):
    context = browser.new_context(viewport={"width": 390, "height": 900}, is_mobile=True, has_touch=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", page_error_recorder(errors))
    goto_drawn(page, server.url + PLAY)
    canvas = page.locator(".nbg-canvas").first
    page.wait_for_function("() => { const c = document.querySelector('.nbg-canvas canvas') ||"
                           " document.querySelector('canvas.nbg-canvas'); return c && c.width === 360; }",
                           timeout=30_000)
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    narrow = layout_for(BOARD["rows"], BOARD["cols"], 3, narrow=True, tiles=len(TILES))
    scale = box["width"] / narrow.width
    assert narrow.grid.cell * scale >= 32 and box["width"] <= 390
    x, y, w, h = narrow.picker_box(2, 2)  # the bottom-right part of the map
    page.touchscreen.tap(box["x"] + (x + w / 2) * scale, box["y"] + (y + h / 2) * scale)
    page.locator(".nbg-info").filter(has_text="The map shows rows F–M, columns 6–13").wait_for(timeout=15_000)
    assert not errors, errors
    context.close()
