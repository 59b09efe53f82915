"""Bots on the play page (issue #12, the page's half): a bot thinks in a worker thread on a
copy of the game, so the kernel's event loop — clicks, Undo, "Stop bots" — keeps answering; its
move lands only if the position is still the one it thought about; a hint marks a move and says
why, for the human to move only."""

from __future__ import annotations

import asyncio
import threading
import time

import nbgames
from nbgames.ui.controller import SEAT_KINDS, PlayController


async def settle(controller: PlayController, until, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not until():
        assert time.monotonic() < deadline, controller.view.status.value
        await asyncio.sleep(0.02)


class SlowBot:
    """A bot that thinks 0.3 s (or until stopped) and then picks the first legal move."""

    def choose(self, game, deadline=None, stop=None):
        (stop or threading.Event()).wait(0.3)
        return game.legal_actions()[0]


def test_the_page_offers_every_bot_level():
    assert {"random", "greedy", "mcts-easy", "mcts-normal", "mcts-hard"} <= set(SEAT_KINDS)


def test_a_thinking_bot_leaves_the_event_loop_free_and_its_move_lands():
    async def scenario():
        game = nbgames.new_game("newyork", 3, seed=2)
        controller = PlayController(game, ["random"] * 3, bot_delay=0.05)
        assert controller.threaded
        controller.bots = {seat: SlowBot() for seat in range(3)}
        seen = []  # the history's length at each turn of the loop's own heartbeat
        while not game.history:
            await asyncio.sleep(0.01)
            seen.append(len(game.history))
            assert len(seen) < 2000, "no bot move"
        # The first bot searched for a while (0.3 s) and the loop went on turning
        # meanwhile; a search run in line would have blocked it until the move was played.
        assert seen.count(0) >= 15, seen  # in line: about 5 (the 0.05 s delay), then blocked
        await settle(controller, lambda: len(game.history) >= 2)
        controller.stop_bots()
        played = len(game.history)
        await asyncio.sleep(0.5)
        assert len(game.history) == played and controller.paused  # stopped: nothing more is played
        assert "paused" in controller.view.status.value.lower() or "Play on" in controller.view.status.value

    asyncio.run(scenario())


def test_a_move_found_for_an_older_position_is_dropped():
    async def scenario():
        game = nbgames.new_game("newyork", 3, seed=3)
        # normal, not easy: easy's 150 iterations of New York now take under 50 ms (no playouts),
        # and the bots had moved before the undo; normal searches 0.9 s
        controller = PlayController(game, ["human", "mcts-normal", "mcts-normal"], bot_delay=0.0)
        controller.choose(game.legal_actions()[0])  # the bots start thinking
        await asyncio.sleep(0.05)
        controller.undo()  # back to the human's decision while a bot still searches
        await asyncio.sleep(1.5)  # past the end of that search
        assert len(game.history) == 0 and game.to_move == 0

    asyncio.run(scenario())


def test_a_hint_marks_a_move_and_says_why_on_the_humans_turn_only():
    game = nbgames.new_game("newyork", 3, seed=4)
    controller = PlayController(game, ["human", "random", "random"], scheduler=lambda *_: None, bot_delay=0.0)
    controller.hint_button.click()
    assert "<b>Place a setup piece on " in controller.hint_text.value  # the move in words, then why
    assert "class='nbg-rule-ref' data-rule='NY-6'" in controller.hint_text.value  # its rule, clickable
    marked = [targets for kind, targets in controller.view._extra if kind == "suggested"]
    assert marked and marked[0][0] in {controller.view.target_of(a) for a in game.legal_actions()}
    controller.choose(game.legal_actions()[0])
    assert controller.hint_text.value == "" and not any(k == "suggested" for k, _ in controller.view._extra)
    controller.hint()  # a bot's turn now
    assert "your own turn" in controller.hint_text.value


def test_watching_bots_stop_and_step_one_move_at_a_time():
    clock: list = []
    game = nbgames.new_game("galopp_royal", 4, seed=5)
    controller = PlayController(game, ["random"] * 4, scheduler=lambda _d, f: clock.append(f), bot_delay=0.0)
    clock.pop(0)()  # one bot move
    controller.stop_bots()
    assert controller.paused and not controller.step_button.disabled
    played = len(game.history)
    controller.step_button.click()
    while clock:
        clock.pop(0)()
    assert len(game.history) == played + 1 and controller.paused


def test_after_the_game_a_review_draws_each_seats_chance_and_names_costly_moves():
    from nbgames.ui.review_panel import HEIGHT, LEFT, WIDTH, curve_points

    game = nbgames.new_game("newyork", 2, seed=6)
    clock: list = []
    controller = PlayController(game, ["human", "random"], scheduler=lambda _d, f: clock.append(f), bot_delay=0.0)
    assert controller.review_fold.layout.display == "none"  # nothing to review yet
    rng = __import__("random").Random(1)
    while not game.is_over:
        if game.to_move == 0:
            controller.choose(rng.choice(game.legal_actions()))
        while clock:
            clock.pop(0)()
    assert controller.review_fold.layout.display == ""
    controller.review.button.click()
    assert controller.review.canvas.layout.display == ""
    assert "costliest" in controller.review.moves.value or "well played" in controller.review.moves.value
    points = curve_points([[0.5, 0.5], [1.0, 0.0]], 0)
    assert points[0][0] == LEFT and points[-1][0] < WIDTH and 0 < points[-1][1] < points[0][1] < HEIGHT


def test_every_play_page_starts_against_the_easy_searching_bot_and_offers_every_level():
    """Issue 26 item 8: random opponents made the games look trivial (a newcomer won 71-17-11);
    a new page seats the searching bot at its easy level, the others one pick away."""
    from nbgames.engine.registry import available_games, manifest
    from nbgames.ui.app import PlayApp

    for name in available_games():
        m = manifest(name)
        if m.view is None:
            continue  # a rules-only game a test registered (test_review's Sprint): it has no play page
        players = min(max(3, m.min_players), m.max_players)
        app = PlayApp(name, players=players, seed=1, scheduler=lambda *_: None)
        assert app.controller.seats == ["human"] + ["mcts-easy"] * (players - 1), name
        assert [type(bot).__name__ for bot in app.controller.bots.values()] == ["MctsBot"] * (players - 1)
        assert {bot.name for bot in app.controller.bots.values()} == {"mcts-easy"}
        boxes = app.seat_boxes.children
        assert [box.value for box in boxes] == ["human"] + ["mcts-easy"] * (players - 1), name
        offered = [value for _label, value in boxes[1].options]
        assert offered[:4] == ["human", "mcts-easy", "mcts-normal", "mcts-hard"], offered
        assert {"random", "greedy"} <= set(offered)
        labels = dict((value, label) for label, value in boxes[1].options)
        assert labels["mcts-easy"] == "bot (easy)" and labels["random"] == "random bot"
        app.players.value = players + 1 if players < m.max_players else players - 1
        assert app.seat_boxes.children[-1].value in ("mcts-easy", "human")  # a new seat: easy bot too
        if players < m.max_players:
            assert app.seat_boxes.children[-1].value == "mcts-easy"


def test_a_seat_picker_choice_of_random_or_hard_takes_effect_with_new_game():
    from nbgames.ui.app import PlayApp

    app = PlayApp("galopp_royal", players=3, seed=1, scheduler=lambda *_: None)
    app.seat_boxes.children[1].value = "random"
    app.seat_boxes.children[2].value = "mcts-hard"
    assert app.new_game()
    assert app.controller.seats == ["human", "random", "mcts-hard"]
    assert app.controller.bots[1].name == "random" and app.controller.bots[2].name == "mcts-hard"
