"""Galopp Royal: scenario tests named after the rule ids (GR-…) of rules/galopp_royal.md."""

from __future__ import annotations

import pytest

import nbgames
from nbgames import IllegalAction
from nbgames.galopp_royal.events import PrizePaid, TeamForced
from nbgames.galopp_royal.tables import EXCHANGES, GOALS, POND_DEPTH, PRIZES


def new(players: int, seed: int = 0, **options) -> nbgames.Game:
    return nbgames.new_game("galopp_royal", players=players, seed=seed, options=options or None)


def race(boards, positions=None, starter=0, race_no=1, coins=None, deck=None, seed=0) -> nbgames.Game:
    """A game starting directly at a race, through the validated ``scenario`` option."""
    scenario = {"boards": boards, "race": race_no, "starter": starter}
    if positions is not None:
        scenario["positions"] = positions
    if coins is not None:
        scenario["coins"] = coins
    options = {"scenario": scenario}
    if deck is not None:
        options["deck"] = deck
    return nbgames.new_game("galopp_royal", players=len(boards), seed=seed, options=options)


def auction(g):
    return g.view(None)["auction"]


def refused(g, action, rule: str) -> IllegalAction:
    before = (g.to_record(), [g.view(s) for s in range(g.players)])
    with pytest.raises(IllegalAction) as info:
        g.play(action)
    assert info.value.rule == rule, info.value
    assert (g.to_record(), [g.view(s) for s in range(g.players)]) == before
    return info.value


def opener_buys_everything(g, price: int = 1) -> None:
    """Settle all start auctions: whoever opens bids `price`, everyone else passes."""
    while g.view(None)["phase"] == "auction":
        g.play(f"bid {price}" if auction(g)["current_bid"] == 0 else "pass")


# -- GR-1 … GR-5: components ------------------------------------------------------------------
def test_gr2_gr3_gr4_data_file_is_consistent():
    from nbgames.galopp_royal.tables import DATA

    assert sum(DATA["cards"].values()) == 40
    assert set(DATA["card_moves"]) | {"schemer"} == set(DATA["cards"])
    assert len(DATA["goals"]) == len(DATA["prizes"]) == 6
    assert DATA["goals"] == sorted(DATA["goals"]) and DATA["goals"][0] > 0
    assert DATA["prizes"][0] == [20, 10, 5]  # the seed's race 1
    assert all(len(p) == 3 and p == sorted(p, reverse=True) for p in DATA["prizes"])
    assert DATA["pond_depth"] >= 1 and DATA["start_coins"] == 50 and DATA["die_sides"] == 4
    for key, text in DATA["house_resolutions"].items():
        assert key in DATA and text.startswith("GR-")


def test_gr1_gr2_gr3_start_and_data():
    g = new(4, seed=3)
    v = g.view(0)
    assert v["coins"] == [50] * 4
    assert v["goals"] == [15, 18, 21, 24, 27, 30] == GOALS
    assert v["prize_table"][0] == [20, 10, 5] == PRIZES[0]
    assert v["race"] == 1 and v["goal"] == 15 and v["pond_depth"] == 3
    assert v["deck_size"] == 40 - 4 and v["phase"] == "auction" and v["to_move"] == 0
    assert [e["total"] for e in g.explain_scores()] == [50] * 4
    assert g.explain_scores()[0]["parts"][0] == {"rule": "GR-1", "what": "starting coins", "points": 50}


@pytest.mark.parametrize("players", [2, 7])
def test_gr1_player_count(players):
    with pytest.raises(ValueError):
        new(players)


# -- GR-6 … GR-9: start-team auctions for every n ----------------------------------------------
def test_gr6_n4_each_draws_one_private_card():
    g = new(4, deck=["+5", "+1", "goof", "schemer"])
    for seat, card in enumerate(["+5", "+1", "goof", "schemer"]):
        a = g.view(seat)["auction"]
        assert a["my_private"] == [card]
        assert a["lot_public"] == [] and a["private_counts"] == [1, 1, 1, 1]
    g.play("bid 3")
    for _ in range(3):
        g.play("pass")
    assert g.view(None)["boards"][0] == ["+5", "+1", "goof", "schemer"]
    assert g.view(None)["coins"] == [47, 50, 50, 50]
    assert g.view(None)["auction"]["participants"] == [1, 2, 3]  # GR-7: left of the winner opens


def test_gr6_n3_one_card_face_up():
    g = new(3, deck=["+1", "+2", "+3", "+5"])
    a = g.view(1)["auction"]
    assert a["my_private"] == ["+2"] and a["lot_public"] == ["+5"]
    assert g.view(None)["auction"]["my_private"] == []
    g.play("pass")
    g.play("bid 2")
    g.play("pass")
    assert g.view(None)["boards"][1] == ["+1", "+2", "+3", "+5"]


def test_gr6_n2_two_private_cards_each():
    g = new(3, deck=["+1", "+1", "+1", "+1", "+5", "+5", "schemer", "schemer"])
    g.play("bid 1")
    g.play("pass")
    g.play("pass")  # seat 0 bought; seats 1 and 2 remain
    a = g.view(1)["auction"]
    assert a["participants"] == [1, 2] and a["private_counts"] == [0, 2, 2]
    assert a["my_private"] == ["+5", "+5"] and a["lot_public"] == []
    assert g.view(2)["auction"]["my_private"] == ["schemer", "schemer"]


@pytest.mark.parametrize("players", [5, 6])
def test_gr6_n5_n6_first_passers_discard_face_up(players):
    top = ["+1", "+2", "+3", "+5", "goof", "schemer"][:players]
    g = new(players, deck=top)
    g.play("bid 4")
    g.play("pass")  # seat 1: discards +2 face up
    assert g.view(0)["discard"] == ["+2"]
    assert g.view(0)["auction"]["discarded_up"] == [[1, "+2"]]
    g.play("pass")  # seat 2
    expected_discard = ["+2", "+3"] if players == 6 else ["+2"]
    assert g.view(0)["discard"] == expected_discard
    while g.view(None)["phase"] == "auction" and auction(g)["kind"] == "start" and auction(g)["number"] == 1:
        g.play("pass")
    lot = [c for c in top if c not in expected_discard]
    assert g.view(None)["boards"][0] == lot and len(lot) == 4
    assert g.view(None)["coins"][0] == 46


def test_gr6_n1_forced_team_pays_ten():
    g = new(3, deck=["+1"] * 8 + ["+2", "+3", "+5", "goof"])
    opener_buys_everything(g)
    v = g.view(None)
    assert v["phase"] == "arrange"
    assert v["boards"][2] == ["+2", "+3", "+5", "goof"]  # the top 4 of the deck, whatever they are
    assert v["coins"] == [49, 49, 40]
    parts = g.explain_scores()[2]["parts"]
    assert {"rule": "GR-6", "what": "forced team paid", "points": -10} in parts
    assert TeamForced(2, 10, ("+2", "+3", "+5", "goof")) in g.events()


def test_gr6_forced_team_takes_all_coins_if_fewer_than_ten():
    # unreachable in normal play (nobody without a team has paid yet), so set the coins directly
    g = new(3, seed=4)
    g.play("bid 1")
    g.play("pass")
    g.play("pass")
    g.play("bid 1")  # seats 1 and 2 remain; seat 1 bids
    g.rules.coins[2] = 4
    g.play("pass")
    assert g.view(None)["coins"][2] == 0 and g.view(None)["boards"][2] is not None
    assert g.rules.paid_forced[2] == 4


def test_gr7_opener_rotation_skips_players_with_teams():
    g = new(4, seed=1)
    assert auction(g)["opener"] == 0
    g.play("bid 1")   # 0
    g.play("bid 2")   # 1
    g.play("bid 5")   # 2
    g.play("pass")    # 3
    g.play("pass")    # 0
    g.play("pass")    # 1 -> seat 2 wins at 5
    assert g.view(None)["boards"][2] is not None and g.view(None)["coins"][2] == 45
    assert auction(g)["participants"] == [3, 0, 1]
    g.play("bid 1")   # 3
    g.play("pass")
    g.play("pass")
    assert auction(g)["participants"] == [0, 1]  # left of 3 is 0
    g.play("pass")
    g.play("bid 7")   # 1 is the last one in: wins at once
    assert g.view(None)["phase"] == "arrange" and g.view(None)["coins"] == [40, 43, 45, 49]


def test_gr7_bid_limits_and_friendly_refusals():
    g = new(4, seed=2)
    err = refused(g, "bid 51", "GR-7")
    assert err.reason == "You have 50 coins, so you can bid at most 50."
    g.play("bid 8")
    err = refused(g, "bid 8", "GR-7")
    assert "at least 9" in err.reason
    refused(g, "bid 0", "GR-7")        # not a notation: bids are at least 1
    refused(g, "bid 2.5", "GR-7")
    refused(g, "roll", "GR-7")
    g.play("bid 50")
    assert "bid 51" not in map(str, g.legal_actions())


def test_gr8_nobody_bids_same_opener_fresh_cards():
    g = new(4, seed=5, deck=["+5", "+5", "+5", "+5", "+1", "+1", "+1", "+1"])
    for _ in range(4):
        g.play("pass")
    v = g.view(0)
    assert v["discard"] == [] and v["discard_face_down"] == 4  # [R] discarded as it lay
    assert v["my_face_down_discards"] == ["+5"]
    assert v["auction"]["opener"] == 0 and v["auction"]["my_private"] == ["+1"]
    assert v["deck_size"] == 40 - 8 and v["empty_auctions"] == 1
    assert v["coins"] == [50] * 4


def test_gr8_termination_guard_opener_must_bid():
    g = new(4, seed=6)
    for _ in range(3):
        assert "pass" in map(str, g.legal_actions())
        for _ in range(4):
            g.play("pass")
    assert g.view(None)["empty_auctions"] == 3 and g.view(None)["auction"]["must_bid"]
    assert "pass" not in map(str, g.legal_actions())
    err = refused(g, "pass", "GR-8")
    assert "may not pass" in err.reason
    g.play("bid 1")
    assert "pass" in map(str, g.legal_actions())  # only the opener is bound
    for _ in range(3):
        g.play("pass")
    assert g.view(None)["empty_auctions"] == 0 and not auction(g)["must_bid"]


def test_gr9_every_player_arranges_in_seat_order():
    g = new(3, deck=["+1", "+2", "+3", "+5"])
    opener_buys_everything(g)
    assert g.view(None)["phase"] == "arrange" and g.to_move == 0
    assert len(g.legal_actions()) == 24
    g.play("arrange 4,3,2,1")
    assert g.view(None)["boards"][0] == ["+5", "+3", "+2", "+1"]
    board1 = g.view(None)["boards"][1]
    err = refused(g, "arrange 1,2,3,4", "GR-9")
    assert "keep" in err.reason
    g.play("keep")
    assert g.view(None)["boards"][1] == board1
    refused(g, "arrange 1,1,2,3", "GR-9")
    refused(g, "bid 3", "GR-9")
    g.play("keep")
    v = g.view(None)
    assert v["phase"] == "race" and v["to_move"] == 0 and v["starter"] == 0  # GR-10


# -- GR-10 … GR-15: races ----------------------------------------------------------------------
BOARDS4 = [["+1", "+2", "+3", "+5"], ["+1", "+1", "+1", "+1"], ["+2", "+2", "+2", "+2"],
           ["+3", "+3", "+3", "+3"]]


def test_gr5_gr11_die_selects_slot_of_own_board():
    for seed in range(12):
        g = race(BOARDS4, seed=seed)
        g.play("roll")
        roll = g.view(None)["last_roll"]
        assert roll["seat"] == 0 and 1 <= roll["die"] <= 4
        assert roll["card"] == BOARDS4[0][roll["die"] - 1]
        assert g.view(None)["positions"][0] == int(roll["card"])
        assert g.to_move == 1


def test_gr11_goof_falls_into_pond():
    g = race([["goof"] * 4, ["+1"] * 4, ["+2"] * 4], positions=[-2, 0, 0])
    g.play("roll")
    v = g.view(None)
    assert v["positions"][0] is None and v["status"][0] == "pond" and v["pond"] == [0]
    g = race([["goof"] * 4, ["+1"] * 4, ["+2"] * 4], positions=[-1, 0, 0])
    g.play("roll")
    assert g.view(None)["positions"][0] == -POND_DEPTH  # -3 is still on the course


def test_gr11_schemer_offers_both_options():
    g = race([["schemer"] * 4, ["+1"] * 4, ["+2"] * 4, ["+3"] * 4], positions=[5, 4, 3, 2])
    g.play("roll")
    assert g.view(None)["phase"] == "scheme" and g.to_move == 0
    legal = set(map(str, g.legal_actions()))
    assert legal == {
        "scheme +2 1:-2", "scheme +2 2:-2", "scheme +2 3:-2",
        "scheme +2 1:-1 2:-1", "scheme +2 1:-1 3:-1", "scheme +2 2:-1 3:-1",
        "scheme -2 1:+2", "scheme -2 2:+2", "scheme -2 3:+2",
        "scheme -2 1:+1 2:+1", "scheme -2 1:+1 3:+1", "scheme -2 2:+1 3:+1",
    }
    refused(g, "roll", "GR-11")
    refused(g, "scheme +2 0:-2", "GR-11")
    refused(g, "scheme +2", "GR-11")
    err = refused(g, "scheme +2 3:-1 1:-1", "GR-11")
    assert "ascending" in err.reason
    g.play("scheme +2 1:-1 3:-1")
    assert g.view(None)["positions"] == [7, 3, 3, 1] and g.to_move == 1
    g2 = race([["schemer"] * 4, ["+1"] * 4, ["+2"] * 4, ["+3"] * 4], positions=[5, 4, 3, 2])
    g2.play("roll")
    g2.play("scheme -2 2:+2")
    assert g2.view(None)["positions"] == [3, 4, 5, 2]


def test_gr11_schemer_pond_limit():
    boards = [["schemer"] * 4, ["+1"] * 4, ["+2"] * 4, ["+3"] * 4]
    g = race(boards, positions=[0, -2, -3, 0])
    g.play("roll")
    legal = set(map(str, g.legal_actions()))
    plus = {a for a in legal if a.startswith("scheme +2")}
    assert plus == {"scheme +2 3:-2", "scheme +2 1:-1 3:-1"}  # nobody else may fall in
    err = refused(g, "scheme +2 1:-2", "GR-11")
    assert "pond" in err.reason
    refused(g, "scheme +2 2:-1 3:-1", "GR-11")
    # with every other chair at the pond's edge, option (a) moves only the schemer's own chair
    g = race(boards[:3], positions=[0, -2, -3])
    g.play("roll")
    plus = {str(a) for a in g.legal_actions() if str(a).startswith("scheme +2")}
    assert plus == {"scheme +2"}
    g.play("scheme +2")
    assert g.view(None)["positions"] == [2, -2, -3] and g.view(None)["pond"] == []


def test_gr11_schemer_own_chair_may_fall_in():
    g = race([["schemer"] * 4, ["+1"] * 4, ["+2"] * 4, ["+3"] * 4], positions=[-2, 0, 0, 0])
    g.play("roll")
    g.play("scheme -2 1:+2")
    v = g.view(None)
    assert v["pond"] == [0] and v["positions"][1] == 2 and v["to_move"] == 1


def test_gr11_finished_and_pond_chairs_are_not_targets():
    boards = [["+1"] * 4, ["goof"] * 4, ["schemer"] * 4, ["+1"] * 4, ["+2"] * 4]
    g = race(boards, positions=[14, -3, 0, 0, 0])
    g.play("roll")  # 0 finishes
    g.play("roll")  # 1 falls into the pond
    g.play("roll")  # 2 rolls a schemer
    v = g.view(None)
    assert v["finished"] == [0] and v["pond"] == [1] and v["phase"] == "scheme"
    targets = {t for a in g.legal_actions() for t in a.args[1]}
    assert targets == {3, 4}
    err = refused(g, "scheme +2 0:-2", "GR-11")
    assert "finished" in err.reason
    err = refused(g, "scheme -2 1:+2", "GR-11")
    assert "pond" in err.reason


def test_gr12_schemer_pushes_others_over_the_goal_in_order():
    boards = [["schemer"] * 4, ["+1"] * 4, ["+2"] * 4, ["+3"] * 4, ["+1", "+2", "+3", "+5"]]
    g = race(boards, positions=[3, 0, 14, 14, 0], starter=0)
    g.play("roll")
    g.play("scheme -2 2:+1 3:+1")
    v = g.view(None)
    assert v["finished"] == [2, 3] and v["status"][2] == v["status"][3] == "finished"
    assert v["to_move"] == 1  # finished chairs take no more turns
    g.play("roll")
    assert g.to_move == 4


def test_gr12_finishing_order_and_no_more_turns():
    boards = [["+3"] * 4, ["+2"] * 4, ["+1"] * 4, ["+1"] * 4]
    g = race(boards, positions=[13, 14, 0, 1])
    g.play("roll")
    g.play("roll")
    v = g.view(None)
    assert v["finished"] == [0, 1] and v["positions"][:2] == [16, 16] and v["to_move"] == 2
    g.play("roll")
    g.play("roll")
    assert g.to_move == 2


def test_gr13_tie_for_rearmost_continues_the_race():
    boards = [["+1"] * 4, ["+1"] * 4, ["+2"] * 4, ["+3"] * 4, ["+3"] * 4]
    g = race(boards, positions=[14, 14, 13, 0, 0])
    for _ in range(3):
        g.play("roll")
    v = g.view(None)
    assert v["finished"] == [0, 1, 2]
    assert v["phase"] == "race" and v["to_move"] == 3  # seats 3 and 4 tie for last: go on
    g.play("roll")
    v = g.view(None)
    assert v["phase"] == "exchange" and v["last_placed"] == 4 and v["results"] == [[0, 1, 2, 3, 4]]
    assert v["coins"] == [70, 60, 55, 50, 50]


def test_gr13_third_place_and_unique_last_end_the_race():
    boards = [["+1"] * 4, ["+1"] * 4, ["+2"] * 4, ["+3"] * 4, ["+3"] * 4]
    g = race(boards, positions=[14, 14, 13, 0, 2])
    for _ in range(3):
        g.play("roll")
    v = g.view(None)
    assert v["phase"] == "exchange" and v["results"] == [[0, 1, 2, 4, 3]] and v["last_placed"] == 3


def test_gr13_gr14_pond_order_and_prizes_when_fewer_than_three_finish():
    boards = [["+1"] * 4, ["goof"] * 4, ["schemer"] * 4, ["+1"] * 4]
    g = race(boards, positions=[14, -3, -3, 0])
    g.play("roll")  # 0 finishes
    g.play("roll")  # 1 falls in first
    assert g.view(None)["phase"] == "race"
    g.play("roll")
    g.play("scheme -2 3:+2")  # 2 falls in: only seat 3 races, so every place is decided
    v = g.view(None)
    assert v["results"] == [[0, 3, 2, 1]]  # later pond chair above the earlier one
    assert v["coins"] == [70, 50, 55, 60] and v["last_placed"] == 1
    prizes = [e for e in g.events() if e.kind == "prize"]
    assert prizes == [PrizePaid(0, 1, 20), PrizePaid(3, 2, 10), PrizePaid(2, 3, 5)]


def test_gr14_gr15_three_players_two_in_the_pond():
    boards = [["goof"] * 4, ["schemer"] * 4, ["+1"] * 4]
    g = race(boards, positions=[-3, -3, 0], race_no=2)
    g.play("roll")
    g.play("roll")
    g.play("scheme -2 2:+2")
    v = g.view(None)
    assert v["results"] == [[2, 1, 0]] and v["coins"] == [56, 62, 75] and v["last_placed"] == 0


def test_gr15_prizes_explained_by_rule():
    boards = [["+5"] * 4, ["+3"] * 4, ["+2"] * 4]
    g = race(boards, positions=[20, 20, 20], race_no=3, coins=[1, 2, 3])
    g.play("roll")
    g.play("roll")  # two finish: the third chair's place is decided too
    assert g.view(None)["results"] == [[0, 1, 2]]
    assert g.scores() == [31, 17, 11]
    parts = {p["rule"]: p["points"] for p in g.explain_scores()[0]["parts"]}
    assert parts == {"GR-1": 1, "GR-15": 30, "GR-8": 0, "GR-6": 0}


# -- GR-16 … GR-19: between races --------------------------------------------------------------
def finish_race_with_last(seat_last: int = 3, deck=None):
    """Race 1 with 4 players where seats 0-2 finish at once and `seat_last` is last."""
    boards = [["+1"] * 4, ["+2"] * 4, ["+3"] * 4, ["goof", "schemer", "+5", "+5"]]
    g = race(boards, positions=[14, 14, 14, 0], deck=deck)
    for _ in range(3):
        g.play("roll")
    assert g.view(None)["last_placed"] == seat_last and g.view(None)["phase"] == "exchange"
    return g


def test_gr16_exchange_every_board_including_own():
    g = finish_race_with_last(deck=["+5", "+5", "schemer", "schemer"])
    assert g.to_move == 3 and len(g.legal_actions()) == len(EXCHANGES[4]) == 4 ** 4
    err = refused(g, "exchange 0:1 1:1 2:1", "GR-16")
    assert "each of the 4 boards" in err.reason
    refused(g, "exchange 0:1 1:1 2:1 3:5", "GR-16")
    refused(g, "roll", "GR-16")
    g.play("exchange 0:1 1:2 2:3 3:1")
    v = g.view(None)
    assert v["discard"] == ["+1", "+2", "+3", "goof"]  # face up, own goof included
    # drawing starts with the last-placed player (seat 3) and goes clockwise
    assert v["boards"][3] == ["+5", "schemer", "+5", "+5"]
    assert v["boards"][0] == ["+5", "+1", "+1", "+1"]
    assert v["boards"][1] == ["+2", "schemer", "+2", "+2"]
    assert v["boards"][2] == ["+3", "+3", "schemer", "+3"]
    assert v["phase"] == "auction" and v["auction"]["kind"] == "substitute"


def test_gr17_substitute_auctions_winner_discards_old_team():
    g = finish_race_with_last(deck=["+1", "+1", "+1", "+1", "+5", "+5", "schemer", "schemer"])
    g.play("exchange 0:1 1:1 2:1 3:1")
    a = g.view(3)["auction"]
    assert a["kind"] == "substitute" and a["number"] == 1
    assert a["opener"] == 3 and a["participants"] == [3, 0, 1, 2]  # last-placed opens, all take part
    assert a["my_private"] == ["+5"]
    old = g.view(None)["boards"][1]
    g.play("pass")      # 3
    g.play("pass")      # 0
    g.play("bid 12")    # 1
    g.play("pass")      # 2: seat 1 wins
    v = g.view(None)
    assert v["boards"][1] == ["+5", "+5", "schemer", "schemer"]  # the lot, in drawing order
    assert v["discard"][-4:] == old  # the old team is discarded face up
    assert v["phase"] == "arrange" and v["to_move"] == 1 and v["coins"][1] == 10 + 50 - 12
    g.play("keep")
    a = g.view(None)["auction"]
    assert a["number"] == 2 and a["opener"] == 3 and 1 in a["active"]  # the winner bids again
    for _ in range(4):
        g.play("pass")  # nobody bids: that lot is discarded and not replaced
    v = g.view(None)
    assert v["phase"] == "race" and v["race"] == 2 and v["goal"] == 18
    assert v["starter"] == 3 and v["to_move"] == 3 and v["positions"] == [0, 0, 0, 0]  # GR-10, GR-18
    assert v["discard_face_down"] == 4 and v["auction"] is None


def test_gr19_reshuffle_when_the_deck_runs_out():
    # race 6 is the last: play a few random full games until a reshuffle happens
    import random

    seen = 0
    for seed in range(40):
        g = new(6, seed=seed)
        bot = random.Random(seed)
        while not g.is_over:
            g.play(bot.choice(g.legal_actions()))
        seen += sum(1 for e in g.events() if e.kind == "reshuffle")
        if seen:
            break
    assert seen, "no reshuffle in 40 six-player games"


# -- GR-20 -------------------------------------------------------------------------------------
def test_gr20_game_ends_after_race_six_without_exchange():
    boards = [["+5"] * 4, ["+3"] * 4, ["+2"] * 4]
    g = race(boards, positions=[29, 29, 29], race_no=6, coins=[0, 30, 38])
    g.play("roll")
    g.play("roll")
    assert g.is_over and g.to_move is None and g.legal_actions() == []
    assert g.scores() == [50, 55, 50]
    assert g.winners() == [1]
    with pytest.raises(IllegalAction) as info:
        g.play("roll")
    assert info.value.rule in ("GR-20", "END") and "over" in info.value.reason


def test_gr20_ties_share_the_win():
    boards = [["+5"] * 4, ["+3"] * 4, ["+2"] * 4]
    g = race(boards, positions=[29, 29, 0], race_no=6, coins=[0, 25, 0])
    g.play("roll")
    g.play("roll")
    assert g.scores() == [50, 50, 12] and g.winners() == [0, 1]
    assert g.view(2)["winners"] == [0, 1]
