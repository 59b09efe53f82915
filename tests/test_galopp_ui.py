"""Galopp Royal in the kit's dashboard without a browser: bots play whole games through the
controller, hot-seat hides private cards, bids stay within the coins, the gallery and the play
notebook."""

from __future__ import annotations

import json
import random

import pytest
from test_galopp_view import Clock

import nbgames
import nbgames.ui
from nbgames.engine.registry import manifest
from nbgames.galopp_royal.view import GaloppView
from nbgames.ui.app import PlayApp
from nbgames.ui.controller import LOG_LINES, PlayController
from nbgames.ui.gallery_page import gallery_html, view_class


def make(seats, seed=3, **kw):
    clock = Clock()
    game = nbgames.new_game("galopp_royal", players=len(seats), seed=seed, **kw)
    return PlayController(game, seats, scheduler=clock, bot_delay=0.0), clock


@pytest.mark.parametrize("players", [3, 6])
def test_bots_play_a_whole_game_through_the_controller(players):
    ctl, clock = make(["random"] * players, seed=players)
    assert ctl.view.scheduler is clock  # the view animates on the controller's clock
    clock.run()
    game, view = ctl.game, ctl.view
    assert game.is_over and "Game over" in view.status.value
    assert not view.animating and not clock.timers
    assert len(game.view(None)["results"]) == 6
    assert "Race 6 is over" in ctl.log.value  # the log shows the newest events...
    assert any("wins the lot" in line for line in view.event_lines())  # ...the twin has them all
    assert ctl.log.value.count("<li>") == LOG_LINES
    assert "race places:" in ctl.scores.value and "GR-15" in ctl.scores.value
    assert "winner" in ctl.scores.value and "vermillion (1)" in ctl.scores.value
    assert "Race 6:" in view.info.value


def test_a_human_bids_passes_and_rolls_between_bots():
    ctl, clock = make(["human", "random", "random", "random"], seed=11)
    view = ctl.view
    assert view.seat == 0 and view.interactive
    view.bid_amount.value = 2
    view.bid_button.click()
    assert str(ctl.game.history[0]) == "bid 2"
    steps = 0
    while ctl.game.view(None)["phase"] != "race" or ctl.game.to_move != 0:
        clock.run()
        if ctl.game.to_move == 0 and ctl.game.view(None)["phase"] == "auction":
            view.control("button:pass").click()
        elif ctl.game.to_move == 0 and ctl.game.view(None)["phase"] == "arrange":
            view.control("button:keep").click()
        steps += 1
        assert steps < 200
    assert [b.description for b in view.actions.children] == ["Roll the die"]
    view.control("button:roll").click()
    assert str(ctl.game.history[-1]) == "roll" and "Player 1 rolled" in view.die.value


def test_hot_seat_hides_private_cards_until_the_next_player_reveals():
    ctl, clock = make(["human", "human", "random", "random"], seed=2,
                      options={"deck": ["+1", "+3", "+2", "+2"]})
    view = ctl.view
    assert ctl.hotseat.layout.display == "flex" and view.viewer is None
    assert "+1" not in view.auction.value and view.control("button:pass") is None
    ctl.reveal()
    assert "+1" in view.auction.value and "+3" not in view.auction.value
    view.bid_amount.value = 1
    view.bid_button.click()
    # Player 2's turn: the screen hides Player 1's card before Player 2 takes the device
    assert ctl.hotseat.layout.display == "flex" and "+1" not in view.auction.value
    ctl.reveal()
    assert "+3" in view.auction.value and "+1" not in view.auction.value


def test_bid_limits_follow_the_coins_in_every_auction():
    game = nbgames.new_game("galopp_royal", players=4, seed=8)
    view = GaloppView(game)  # hot-seat style: the seat to move acts
    rng = random.Random(1)
    checked = 0
    while not game.is_over:
        view.refresh()
        if game.view(None)["phase"] == "auction":
            bids = [a.args[0] for a in game.legal_actions() if a.kind == "bid"]
            coins = game.view(None)["coins"][game.to_move]
            if bids:
                assert (view.bid_amount.min, view.bid_amount.max) == (min(bids), max(bids))
                assert view.bid_amount.max <= coins and not view.bid_button.disabled
            else:
                assert view.bid_button.disabled
            checked += 1
        actions = game.legal_actions()
        game.play(rng.choice(actions) if rng.random() < 0.5 else actions[-1])
    assert checked > 20


def test_a_saved_game_comes_back_and_undo_stays_fair():
    ctl, clock = make(["human", "random", "random"], seed=5)
    ctl.view.control("button:pass").click()
    clock.run()
    ply = len(ctl.game.history)
    ctl.save()
    assert f"galopp_royal-ply{ply}.json" in ctl.save_link.value and "-seed" not in ctl.save_link.value
    record = json.loads(ctl.record_json())
    assert "seed" not in record and record["chance"]  # the past's cards, not the deck's order
    ctl.undo()  # the bots have bid or passed since: going back would be a peek
    assert len(ctl.game.history) == ply and "Not allowed (UNDO)" in ctl.view.status.value
    assert "moved since" in ctl.view.status.value
    assert ctl.load(json.dumps(record).encode()) and len(ctl.game.history) == ply
    assert "Loaded" in ctl.view.status.value


def test_a_practice_game_undoes_anything():
    ctl, clock = make(["human", "random", "random"], seed=5)
    ctl.set_game(nbgames.new_game("galopp_royal", players=3, seed=5, practice=True))
    ctl.view.control("button:pass").click()
    clock.run()
    ply = len(ctl.game.history)
    ctl.undo()
    assert len(ctl.game.history) < ply


def test_play_dashboard_and_gallery_know_galopp_royal():
    app = nbgames.ui.play("galopp_royal", players=4, scheduler=Clock(), bot_delay=0.0)
    assert isinstance(app, PlayApp) and isinstance(app.view, GaloppView)
    assert view_class("galopp_royal") is GaloppView and manifest("galopp_royal").max_players == 6
    assert list(app.players.options) == [3, 4, 5, 6]
    app.players.value = 6
    app.seed.value = "42"
    assert app.new_game() and app.game.players == 6 and app.view.geom.rows == 6
    app.bot_speed.value = 1.0
    assert app.controller.bot_delay == 1.0
    app.bot_speed.value = 0.05
    assert app.controller.bot_delay == 0.05
    page = gallery_html()
    assert "Galopp Royal" in page
    assert "galopp_royal/play.ipynb" in page and "galopp_royal/learn.ipynb" in page


def test_no_other_seats_private_card_in_any_dashboard_widget():
    ctl, clock = make(["human", "random", "random", "random"], seed=9,
                      options={"deck": ["+1", "+3", "+3", "+3"]})
    texts = []

    def walk(widget):
        for name in ("value", "description", "tooltip", "placeholder"):
            value = getattr(widget, name, None)
            if isinstance(value, str):
                texts.append(value)
        texts.extend(map(str, getattr(widget, "options", ()) or ()))
        for child in getattr(widget, "children", ()) or ():
            walk(child)

    walk(ctl.widget)
    text = "\n".join(texts)
    assert "+1" in text and "+3" not in text  # Player 1's own card only (log, scores, panels)
