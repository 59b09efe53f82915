"""What New York shows through the `Game` facade: its view keys, its preview keys, its public
events and their words, and what it says about text that is no move."""

from __future__ import annotations

import dataclasses
import random

import pytest
from newyork_positions import game_at

import nbgames
from nbgames.engine.errors import UnknownNotation
from nbgames.newyork import events as ev
from nbgames.newyork.text import event_text

# Blue owns 4 on Park Ave (row F: F1 F2 F3 F5) and 4 on 38th St (column 2: B2 C2 D2 F2).
PARK = [".......", ".b.....", ".b.....", ".b.....", ".......", "bbb.b..", "......."]


def test_view_gives_fees_line_counts_and_groups():
    view = game_at(PARK, hands=[["F", "5", "F", "2"], [], []]).view(0)
    assert view["fees"][5][4] == 1 and view["fees"][5][1] == 4  # NY-11: min(avenue, street)
    assert view["fees"][0][0] is None  # empty
    blue = view["line_counts"]["blue"]
    assert blue["avenues"][5] == 4 and blue["streets"][1] == 4 and sum(blue["avenues"]) == 7
    assert view["groups"]["blue"] == [["B2", "C2", "D2"], ["F1", "F2", "F3"], ["F5"]]  # largest first
    assert view["groups"]["red"] == []


def test_preview_of_an_eviction_says_fee_owner_and_score_change_and_changes_nothing():
    game = game_at(PARK, hands=[["F", "5", "F", "2"], [], []])
    record, view = game.to_record(), game.view(0)
    preview = game.preview("F5")
    assert {k: preview[k] for k in ("square", "fee", "evicted", "returned", "placed", "stop_armed")} == {
        "square": "F5", "fee": 1, "evicted": 1, "returned": False, "placed": "red", "stop_armed": False}
    # red: a group of 1 (2 points) and one chip less; blue: one piece less, one chip more
    assert preview["score_change"] == [1, 0, 0]
    assert [e["kind"] for e in preview["events"]][:2] == ["evict", "place"]
    assert game.to_record() == record and game.view(0) == view
    assert (game.preview("F2")["fee"], game.preview("F2")["evicted"]) == (4, 1)
    with pytest.raises(nbgames.IllegalAction):
        game.preview("A1")  # no card A: no preview of an illegal action


def test_preview_of_taking_back_your_own_piece_and_of_the_stop_trigger():
    own = game_at(["r......"] + ["......."] * 6, hands=[["A", "1", "B", "2"], [], []]).preview("A1")
    assert (own["returned"], own["placed"], own["fee"], own["evicted"]) == (True, None, 0, None)
    assert own["score_change"][0] == -2
    board = ["rbyrbyr", "byrbyrb", "yrbyrby", "rbyrbyr", "byrbyrb", "yrbyrby", ".....by"]
    trigger = game_at(board, hands=[["G", "1", "A", "2"], [], []]).preview("G1")
    assert trigger["stop_armed"]  # 4 empty squares left (NY-15)


def test_events_are_public_facts_only():
    """Only a revealed hand (NY-13) and an action card played face up name cards; a draw is a
    count. The revealed cards are exactly the hand the seat held."""
    fields = {kind: {f.name for f in dataclasses.fields(cls)} for kind, cls in (
        ("draw", ev.Draw), ("noplay", ev.NoPlay), ("action_card", ev.ActionCard), ("place", ev.Place))}
    assert fields == {"draw": {"seat", "count"}, "noplay": {"seat", "cards"},
                      "action_card": {"seat", "card", "back"}, "place": {"seat", "square", "colour"}}
    revealed = 0
    for seed in range(6):
        game = nbgames.new_game("newyork", 3, seed=seed, options={"action_cards": True})
        rng = random.Random(seed)
        while not game.is_over:
            action = rng.choice(game.legal_actions())
            seat, mark = game.to_move, game.event_count
            hand = game.view(seat)["hand"]
            game.play(action)
            if action == "noplay":
                assert sorted(game.events(mark)[0].cards) == sorted(hand)
                revealed += 1
    assert revealed


def test_the_log_words_each_event_with_its_rule():
    assert event_text(ev.Evict(0, 5 * 7 + 4, 1, 1)) == \
        "Player 1 evicted blue from F5 and paid 1 chip (NY-10, NY-11)."
    assert event_text(ev.Evict(2, 0, 0, 0)) == "Player 3 took the red piece on A1 without a fee (V1 Baulöwe)."
    assert event_text(ev.Draw(1, 1)) == "Player 2 drew 1 card (NY-9)."
    assert event_text(ev.Draw(1, 3)) == "Player 2 drew 3 cards (NY-9)."
    assert event_text(ev.NoPlay(0, ("F", "F", "2"))) == "Player 1 could not play and discarded F F 2 (NY-13)."
    assert event_text(ev.ActionCard(1, "baulowe", "r")) == \
        "Player 2 played the action card Baulöwe (red-backed, V1)."
    assert event_text(ev.Colours(((1,), (0,), (2,)))) == \
        "Colour cards dealt (NY-6): Player 1: blue, Player 2: red, Player 3: yellow."


@pytest.mark.parametrize("options, moves, rule", [
    ({"colour_choice": True}, [], "NY-V2"),
    ({}, [], "NY-4"),
    ({}, None, "NY-9"),
])
def test_text_that_is_no_move_says_what_a_move_looks_like_here(options, moves, rule):
    game = nbgames.new_game("newyork", 3, seed=1, options=options)
    if moves is None:  # the main round
        while game.view()["phase"] == "setup":
            game.play(game.legal_actions()[0])
    with pytest.raises(UnknownNotation) as info:
        game.play("hello")
    assert info.value.rule == rule and "'hello'" in info.value.reason


def test_a_finished_game_refuses_everything_citing_ny16():
    game = game_at(hands=[["A", "1"], [], []], deck=[], discard=["STOP", "STOP"], stop_armed=True)
    game.play("A1")
    assert game.is_over
    assert game.refusal("A2").rule == "NY-16" and game.refusal("hello").rule == "NY-16"
