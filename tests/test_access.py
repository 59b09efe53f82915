"""The board by keyboard alone, without a browser (issue 27 item 7): the arrow keys reach every
target of every game's board, N / P stop on every target that plays something, and a whole game
of each of the four games is played by a keyboard player — arrow and letter keys on the board,
Enter on a focused button — through the views' own key handlers. The live region says where the
cursor is and what the status line says. (tests/browser/test_keyboard_play.py does the same
with Chromium's real keys; test_accessibility.py runs axe-core on every page.)"""

from __future__ import annotations

import random

import ipywidgets as widgets
import pytest

import nbgames
from nbgames.engine.registry import manifests
from nbgames.ui.access import BOARD_NAME, board_targets, contrast, next_stop, reachable, readable
from nbgames.ui.gallery_page import TEACH_ACCENT, view_class

GAMES = {"newyork": 2, "galopp_royal": 3, "newyork1901": 2, "newyork_city": 2}  # fewest players
# A whole game: (players, seed). New York's random games run long with 2 players (hundreds of
# turns each): with 5, each seat plays fewest turns (38 here).
WHOLE = {"newyork": (5, 6), "galopp_royal": (3, 11), "newyork1901": (2, 11), "newyork_city": (2, 11)}


def positions(name: str, seed: int, every: int, limit: int = 160):
    """Seeded random positions of a game, one every `every` plies, until it ends (or `limit`)."""
    game = nbgames.new_game(name, players=GAMES[name], seed=seed)
    rng = random.Random(seed)
    ply = 0
    while not game.is_over and ply < limit:
        if ply % every == 0:
            yield game
        game.play(rng.choice(game.legal_actions()))
        ply += 1


def covers(view, spot: str, target: str) -> bool:
    """A press on `spot` plays `target`: the same name, or a cell of it (a lot of several cells)."""
    return spot == target or bool(set(view.target_cells(spot)) & set(view.target_cells(target)))


@pytest.mark.parametrize("name", GAMES)
def test_the_arrow_keys_reach_every_target_of_the_board(name):
    checked = 0
    for game in positions(name, seed=3, every=37):
        view = view_class(name)(game, seat=None)
        reached = reachable(view)
        targets = board_targets(view)
        missing = [tg for tg in targets if tg not in reached]
        assert not missing, f"{name}: the arrow keys never reach {missing[:8]} (of {len(targets)})"
        for target in view.legal_targets():
            assert any(covers(view, spot, target) for spot in reached), f"{name}: {target} is out of reach"
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("name", GAMES)
def test_n_stops_on_every_target_that_plays_something(name):
    for game in positions(name, seed=5, every=41):
        view = view_class(name)(game, seat=None)
        stops = view.keyboard_stops()
        assert set(view.legal_targets()) <= set(stops), name
        seen = []
        for _ in range(len(stops)):
            view._on_key("n")
            seen.append(view._cursor)
        assert sorted(seen) == sorted(stops), f"{name}: N visits {seen}, not {stops}"
        if stops:
            view._on_key("p")
            assert view._cursor == stops[-2 % len(stops)] if len(stops) > 1 else stops[0]


def test_next_stop_wraps_and_starts_from_either_end():
    assert next_stop(["a", "b", "c"], None, 1) == "a" and next_stop(["a", "b", "c"], None, -1) == "c"
    assert next_stop(["a", "b", "c"], "c", 1) == "a" and next_stop(["a", "b", "c"], "a", -1) == "c"
    assert next_stop([], "a", 1) is None


def test_the_live_region_says_the_target_under_the_cursor_and_the_status_line():
    game = nbgames.new_game("newyork", players=3, seed=1)
    view = view_class("newyork")(game, seat=None)
    assert view.announcer.text == view.status.value  # the status line, as it changed
    view._on_key("n")
    first = view.keyboard_stops()[0]
    said = view.announcer.text
    assert view._cursor == first and first in said and "Ways to play here" in said, said
    count = view.announcer.said
    view._on_key("ArrowRight")
    view._on_key("ArrowLeft")
    assert view.announcer.said == count + 2 and view.announcer.text == said  # the same words, said again
    view.interactive = False
    view._on_key("n")
    assert view.announcer.text == "Nothing is played on the board now: use the buttons below it."
    japanese = view_class("newyork")(game, seat=None, lang="ja")
    assert japanese.announcer.board_name != BOARD_NAME and not japanese.announcer.board_name.isascii()


def test_every_game_has_its_own_accent_on_the_gallery():
    """A visitor tells the gallery's cards apart by colour too (New York City had New York 1901's
    green), and the teachers' card has one of its own."""
    shipped = [m for m in manifests() if str(m.rules).startswith("nbgames.")]  # not the tests' own games
    accents = [readable(m.accent) for m in shipped] + [readable(TEACH_ACCENT)]
    assert len(shipped) == 4
    assert len(set(accents)) == len(accents), accents


def test_readable_accents_reach_wcag_aa_on_white():
    for accent in ("#D55E00", "#009E73", "#0072B2", "#E69F00", "#56B4E9", *(m.accent for m in manifests())):
        shade = readable(accent)
        assert contrast(shade, "#ffffff") >= 4.5 and contrast(readable(shade), "#ffffff") >= 4.5
    assert readable("#0072B2") == "#0072B2"  # already readable: unchanged
    assert round(contrast("#000000", "#ffffff"), 1) == 21.0


# -- a whole game by keyboard ---------------------------------------------------------------
def shown(widget) -> bool:
    return getattr(widget, "layout", None) is None or widget.layout.display != "none"


def tab_stops(view) -> list:
    """The enabled buttons and sliders Tab reaches below the board, in page order (the "which
    way?" choices, the move buttons, the game's own controls)."""
    out = []

    def walk(widget):
        if not shown(widget):
            return
        if isinstance(widget, (widgets.Button, widgets.IntSlider)) and not widget.disabled:
            out.append(widget)
        for child in getattr(widget, "children", ()):
            walk(child)

    for box in (view.choices, view.actions, view.extras):
        walk(box)
    return out


def keyboard_turn(view, rng: random.Random, budget: int = 400) -> tuple[object, int]:
    """One move made by keys alone: N (a few times) and Enter on the board, or Enter on a button
    that Tab reaches (a slider's arrow keys first). Returns the move and the keys pressed."""
    chosen: list = []
    view._choose_callbacks = [chosen.append]
    keys = 0
    while not chosen:
        assert keys < budget, f"no move after {keys} keys; status: {view.status.value!r}"
        stops, controls = view.keyboard_stops(), tab_stops(view)
        buttons = [c for c in controls if isinstance(c, widgets.Button)]
        assert stops or buttons, f"nothing to press; status: {view.status.value!r}"
        if stops and (not buttons or rng.random() < 0.7):
            for _ in range(rng.randrange(1, min(len(stops), 3) + 1)):
                view._on_key("n")
                keys += 1
            view._on_key("Enter")
        else:
            for slider in (c for c in controls if isinstance(c, widgets.IntSlider)):
                slider.value = rng.randint(slider.min, slider.max)  # its arrow keys
                keys += 1
            rng.choice(buttons).click()  # Enter on the focused button
        keys += 1
    return chosen[0], keys


@pytest.mark.parametrize("name", GAMES)
def test_a_whole_game_is_played_by_keyboard_alone(name):
    players, seed = WHOLE[name]
    game = nbgames.new_game(name, players=players, seed=seed)
    view = view_class(name)(game, seat=0)
    rng, bots = random.Random(seed), random.Random(seed + 1)
    moves = keys = 0
    while not game.is_over:
        if game.to_move == 0:
            view.refresh()
            action, pressed = keyboard_turn(view, rng)
            assert action in game.legal_actions()
            moves, keys = moves + 1, keys + pressed
            game.play(action)
        else:  # the bots
            game.play(bots.choice(game.legal_actions()))
        assert moves < 2000
    print(f"{name}: a whole game by keyboard, {moves} moves of seat 1, {keys} keys")
    assert moves > 5


def test_a_new_york_1901_building_is_built_by_keys():
    """N stops on the tiles that can be built; Enter picks one; N then stops where it fits (turned
    if it fits nowhere as it lies), R turns it, Enter builds."""
    for game in positions("newyork1901", seed=2, every=1):
        builds = [a for a in game.legal_actions() if a.kind == "build"]
        if builds:
            break
    else:
        pytest.fail("no build in the game")
    view = view_class("newyork1901")(game, seat=None)
    chosen: list = []
    view.on_choose(chosen.append)
    tiles = [stop for stop in view.keyboard_stops() if stop.startswith("tile:")]
    assert tiles and {tg[5:] for tg in tiles} <= {str(a).partition("@")[0] for a in builds}, tiles
    while not (view._cursor or "").startswith("tile:"):
        view._on_key("n")
    tile = view._cursor[5:]
    view._on_key("Enter")
    assert view.selection.tile == tile
    view._on_key("R")
    assert view.selection.rotation == 1  # R turns a picked tile (without one, R is redo)
    view._on_key("n")
    assert view.cell_of(view._cursor) is not None, view._cursor  # a map cell where it fits
    view._on_key("Enter")
    assert len(chosen) == 1 and chosen[0] in builds and str(chosen[0]).startswith(f"{tile}@"), chosen
