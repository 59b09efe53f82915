"""The player strip and the play page's settings (issue 27, items 1 and 4): each bot seat says which
bot it is, the strip shows the final score once the game is over, "Bot speed" names the bots'
speed, a finished game kept in the browser is not offered for resuming, and the strip's layout
depends on the number of seats only (its boxes keep their size whatever the words)."""

from __future__ import annotations

import random
import re

import pytest
from test_keep import connect, game_state

import nbgames
from nbgames.ui.app import play


def finished(name: str, players: int, seed: int = 3):
    game = nbgames.new_game(name, players, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        game.play(rng.choice(game.legal_actions()))
    return game


def seat_boxes(strip: str) -> list[str]:
    """Each seat's box of the strip (its title holds the whole line)."""
    return re.findall(r"<div class='nbg-seat[^']*' title='([^']*)'", strip)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_each_bot_seat_says_which_bot_it_is(lang):
    app = play("newyork", players=4, seed=2, seats=["human", "mcts-easy", "random", "greedy"],
               bot_delay=0, scheduler=lambda *_: None, lang=lang)
    strip = app.view.players_panel.value
    words = {"en": ["you", "bot (easy)", "random bot", "greedy bot"],
             "ja": ["あなた", "ボット（やさしい）", "ランダムなボット", "欲張りなボット"]}[lang]
    boxes = seat_boxes(strip)
    assert len(boxes) == 4
    for box, word in zip(boxes, words, strict=True):
        assert word in box, (box, word)
    assert f"<span class='nbg-seat-kind'>{words[1]}</span>" in strip  # shown, not only in the title


def test_the_bots_speed_is_named_so():
    app = play("newyork", players=3, seed=2, bot_delay=0, scheduler=lambda *_: None, lang="en")
    assert app.bot_speed.description == "Bot speed"
    assert [label for label, _ in app.bot_speed.options] == ["slow", "normal", "fast"]
    japanese = play("newyork", players=3, seed=2, lang="ja", scheduler=lambda *_: None)
    assert japanese.bot_speed.description == "ボットの速さ"


@pytest.mark.parametrize(("name", "players"), [("newyork", 3), ("galopp_royal", 3), ("newyork1901", 2),
                                               ("newyork_city", 2)])
def test_the_strip_shows_the_final_score_once_the_game_is_over(name, players):
    game = finished(name, players)
    view = nbgames.manifest(name).view_class()(game, seat=0, lang="en")
    scores, winners = game.scores(), game.winners()
    boxes = seat_boxes(view.players_panel.value)
    for seat, box in enumerate(boxes):
        points = "point" if scores[seat] == 1 else "points"
        assert f"final score: {scores[seat]} {points}" in box, box
        assert ("★ winner" in box) == (seat in winners)
    ja = nbgames.manifest(name).view_class()(game, seat=0, lang="ja").players_panel.value
    assert f"最終得点：{scores[0]}点" in ja


def test_a_running_game_shows_no_final_score():
    game = nbgames.new_game("newyork", 3, seed=1)
    view = nbgames.manifest("newyork").view_class()(game, seat=0, lang="en")
    assert "final score" not in view.players_panel.value


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_strips_columns_follow_the_number_of_seats_only(players):
    game = nbgames.new_game("galopp_royal", max(players, 3), seed=1)
    view = nbgames.manifest("galopp_royal").view_class()(game, seat=0, lang="en")
    wide, narrow = view.strip_columns()
    assert wide * 2 >= game.players and wide <= 4 and narrow == 2
    strip = view.players_panel.value
    assert f"--nbg-seats:{wide};--nbg-seats-narrow:{narrow}" in strip
    game.play(game.legal_actions()[0])  # the words change, the columns do not
    view.refresh()
    assert f"--nbg-seats:{wide};--nbg-seats-narrow:{narrow}" in view.players_panel.value


def test_the_turn_mark_keeps_its_place_in_every_seat():
    """The ◀ is in every seat's box (hidden but for the seat to move): words after it never move."""
    game = nbgames.new_game("newyork_city", 3, seed=1)
    strip = nbgames.manifest("newyork_city").view_class()(game, seat=0, lang="en").players_panel.value
    assert strip.count("class='nbg-mover-mark'") == 3
    assert strip.count("aria-hidden='false'>◀") == 1


def test_a_finished_game_is_not_offered_for_resuming():
    seats = ["human", "random", "random"]
    app = play("newyork", players=3, seed=9, seats=seats, bot_delay=0, scheduler=lambda *_: None)
    before = list(app.game.history)
    connect(app.view.pagekit, stored=game_state(finished("newyork", 3), seats))
    assert app.controller.offer.layout.display == "none"
    assert app.game.history == before  # the page's own new game goes on
    # a game still running is offered, as before
    running = nbgames.new_game("newyork", 3, seed=4)
    running.play(running.legal_actions()[0])
    app = play("newyork", players=3, seed=9, seats=seats, bot_delay=0, scheduler=lambda *_: None)
    connect(app.view.pagekit, stored=game_state(running, seats))
    assert app.controller.offer.layout.display == "flex"
