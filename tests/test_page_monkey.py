"""Every game's play page and lesson pages take random widget events (`page_monkey.py`: presses
anywhere on the board, keys, every button, dropdown, box and slider, loaded saves, the bots'
turns) without a browser. After every event nothing has raised, every panel shows the current
state (building it again changes nothing) and, in a bot's turn, no press or key on the board has
played; every 10 events the game replays from its record to the same moves and scores.

In a kernel an exception in an event reaches the visitor as "the page sent a choice the game did
not understand" (`ui/guard.py`). This found two: a New York board press while the seats pick
colours, a reserve swap in New York City's fame-tile lesson. `make fuzz` runs it over many more
seeds."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest
from contract_support import PLAYOUT_SEEDS, all_cases
from page_monkey import PageMonkey, widgets_left_open

import nbgames
from nbgames.engine.game import from_record
from nbgames.testing import ManualClock
from nbgames.ui.app import PlayApp

GAMES = ("newyork", "galopp_royal", "newyork1901", "newyork_city")
EVENTS = 120
LESSON_EVENTS = 30  # per built-in lesson
FORWARD_FIRST = 150  # events that only play on, per step of depth
LESSON_FILES = Path(__file__).parent / "data" / "lessons"


def panels(app: PlayApp) -> dict:
    view, controller = app.view, app.controller
    return {"players": view.players_panel.value, "hand": view.hand.value, "scores": controller.scores.value,
            "log": controller.log.value, "position": controller.position.value,
            "timeline": (controller.slider.min, controller.slider.max, controller.slider.value),
            "undo": controller.undo_button.disabled, "redo": controller.redo_button.disabled}


def assert_panels_current(app: PlayApp) -> None:
    """Each panel as it is equals the panel built again from the game as it is now."""
    shown = panels(app)
    view, controller = app.view, app.controller
    view.players_panel.value, view.hand.value = view.players_html(), view.hand_html()
    controller._update_log()
    controller._update_scores()
    controller._update_timeline()
    built = panels(app)
    assert shown == built, [name for name in shown if shown[name] != built[name]]


def assert_replays(app: PlayApp) -> None:
    game = app.game
    again = from_record(game.to_record(), seed=game.seed)
    assert [str(a) for a in again.history] == [str(a) for a in game.history]
    assert again.scores() == game.scores()


VARIANTS: dict[str, list] = {}  # every declared variant of every game: its cases (one per table size)
for case in (c for c in all_cases() if c.game in GAMES):
    VARIANTS.setdefault(f"{case.game}-{case.variant}", []).append(case)


def seats_for(players: int, seed: int) -> list[str]:
    """Per seed: hot-seat, against random bots, or two humans and a bot."""
    return [["human"] * players, ["human"] + ["random"] * (players - 1),
            ["human", "greedy"] + ["human"] * (players - 2)][seed % 3]


@pytest.mark.parametrize("seed", PLAYOUT_SEEDS)
@pytest.mark.parametrize("variant", VARIANTS)
def test_random_events_on_the_play_page(variant, seed):
    """Each variant (New York's colour choice, teams, …) at a table size picked by the seed."""
    case = VARIANTS[variant][seed % len(VARIANTS[variant])]
    clock = ManualClock()
    app = PlayApp(case.game, case.players, seed=seed, options=case.options,
                  seats=seats_for(case.players, seed), bot_delay=0, scheduler=clock,
                  lang="ja" if seed % 2 else "en")
    if seed % 2:  # a practice game: the recorder makes lessons of it (never of a fair game in progress)
        app.practice.value = True
        assert app.new_game() and app.game.practice
    count, before = 0, None

    def note() -> None:  # what a board event may not do: play in a bot's turn
        nonlocal before
        before = (app.game, [str(a) for a in app.game.history]) if app.controller.is_bot_turn() else None

    def check() -> None:
        nonlocal count
        count += 1
        if before is not None and monkey.log[-1][0] in ("press", "click", "key", "move"):
            game, history = before  # (a key may undo: U takes moves back, bots pause)
            assert app.game is game and history[:len(app.game.history)] == [str(a) for a in app.game.history], \
                "a board event played in a bot's turn"
        assert_panels_current(app)
        if count % 10 == 0:
            assert_replays(app)

    def boards() -> list:  # the game's, and the recorder's preview of a lesson once there is one
        preview = app.recorder.runner
        return [app.view] if preview is None else [app.view, app.view, preview.view]

    monkey = PageMonkey(lambda: app.widget, boards, seed, clock=clock, record=app.game.to_record)
    monkey.run(EVENTS, check, forward=FORWARD_FIRST * (seed % 3), before_each=note)  # at the start, mid-game or later
    assert_replays(app)


def lesson_panels(runner) -> dict:
    view = runner.view
    return {"title": runner.title.value, "intro": runner.intro.value, "step": runner.step_label.value,
            "prompt": runner.prompt.value, "progress": runner.progress.value,
            "lessons": [item.description for item in runner.items], "choices": [b.description for b in
                                                                               runner.choices.children],
            "players": view.players_panel.value, "hand": view.hand.value}


def assert_lesson_panels_current(runner) -> None:
    """Each panel of the lesson page as it is equals the panel built again (the feedback line, like
    the status line, also says what was just done: "Back to the start", "Try again")."""
    shown = lesson_panels(runner)
    runner._show_lesson()
    built = lesson_panels(runner)
    assert shown == built, [name for name in shown if shown[name] != built[name]]


@pytest.mark.parametrize("seed", PLAYOUT_SEEDS)
@pytest.mark.parametrize("game", GAMES)
def test_random_events_on_the_lesson_pages(game, seed):
    """Each of the game's own lessons (page language by seed), and a teacher's lesson file."""
    from nbgames.ui.language import page_language

    page_language("ja" if seed % 2 else "en")
    builtin = importlib.import_module(f"nbgames.{game}.lessons").learn()
    for index in range(len(builtin.lessons)):  # each lesson in turn, then wherever the events lead
        builtin.go(index)
        PageMonkey(lambda: builtin.widget, lambda: builtin.view, seed * 100 + index).run(
            LESSON_EVENTS, lambda: assert_lesson_panels_current(builtin))
        assert builtin.session.game is builtin.view.game  # the board shows the lesson's game
    teachers = nbgames.load_lesson(LESSON_FILES / f"{game}.json", game=game).runner(game)
    PageMonkey(lambda: teachers.widget, lambda: teachers.view, seed).run(
        EVENTS, lambda: assert_lesson_panels_current(teachers))
    assert teachers.session.game is teachers.view.game


@pytest.mark.parametrize("game", GAMES)
def test_a_long_visit_leaves_open_only_the_widgets_the_page_shows(game):
    """A page drops widgets every turn (the moves' buttons, the "which way?" choices, the seat
    pickers, the recorder's rows and preview). Each is closed whole, with its layout, style and
    children (`ui/closing.py`): after 900 events of play every widget made meanwhile that is
    still open is part of the page. Before, a thousand events left some 800 open, in the kernel
    and in the page's widget manager."""
    from collections import Counter

    from ipywidgets.widgets.widget import _instances

    clock = ManualClock()
    app = PlayApp(game, 3, seed=3, seats=["human", "human", "random"], bot_delay=0, scheduler=clock, lang="en")
    app.practice.value = True  # the recorder records and previews too
    assert app.new_game()
    existing = set(_instances)
    PageMonkey(lambda: app.widget, lambda: app.view, 3, clock=clock, record=app.game.to_record).run(
        900, lambda: None, forward=300)
    left = widgets_left_open(existing, app.widget)
    assert not left, Counter(type(w).__name__ for w in left)
