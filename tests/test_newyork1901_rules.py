"""New York 1901, rule by rule: one or more tests per rule id (NY1901-1 … NY1901-13), on set
positions of the default board (the ``position`` option) and short played games."""

from __future__ import annotations

import copy

import pytest
from contract_support import whole_state

import nbgames
from nbgames.newyork1901.tables import DEFAULT_DATA

MARKET = ["orange2", "orange3", "sky2", "green2"]


def game_at(players: int = 2, seed: int = 0, data: dict | None = None, **position) -> nbgames.Game:
    """A game from a set position (see nbgames/newyork1901/position.py)."""
    position.setdefault("characters", ["orange", "sky", "green", "yellow"][:players])
    position.setdefault("market", MARKET)
    options = {"position": position}
    if data is not None:
        options["data"] = data
    return nbgames.new_game("newyork1901", players, seed=seed, options=options)


def seats(*specs: dict, players: int = 2) -> list[dict]:
    return list(specs) + [{}] * (players - len(specs))


def refused(game: nbgames.Game, action: str, rule: str, words: str = "") -> nbgames.IllegalAction:
    """`action` is refused citing `rule` (and saying `words`), and nothing changes."""
    before = whole_state(game)
    with pytest.raises(nbgames.IllegalAction) as info:
        game.play(action)
    assert info.value.rule == rule, info.value
    assert words in info.value.reason, info.value.reason
    assert whole_state(game) == before
    return info.value


def view(game: nbgames.Game, seat: int = 0) -> dict:
    return game.view(seat)


def building_at(game: nbgames.Game, cell: str) -> dict | None:
    return next((b for b in view(game)["buildings"] if cell in b["cells"]), None)


def data_with(**changes) -> dict:
    data = copy.deepcopy(DEFAULT_DATA)
    for key, value in changes.items():
        data[key] = value
    return data


# every turn's end triggers the end (at most 18 tiles left): one more turn each, then the scoring
QUICK = data_with(end={"tiles_left": 18, "market_cards": 3})


def finish(game: nbgames.Game) -> None:
    """Play out the game with moves that score nothing (acquire, recall, pass, end)."""
    while not game.is_over:
        quiet = [a for a in game.legal_actions() if a.kind in ("acquire", "recall", "pass", "end")]
        assert quiet, f"Player {game.to_move + 1} cannot play quietly: {game.legal_actions()[:5]}"
        game.play(quiet[0])


# -- NY1901-1 the board ----------------------------------------------------------------------------
def test_ny1901_1_view_shows_the_grid_lots_parks_and_named_avenues():
    board = nbgames.new_game("newyork1901", 3, seed=1).view(None)["board"]
    assert (board["rows"], board["cols"]) == (13, 13)
    assert len(board["lots"]) == 65 and len(board["parks"]) == 19
    assert [a["name"] for a in board["avenues"]] == ["Broadway", "Wall St", "Pine St", "Nassau St", "Cedar St"]
    assert {"name": "D4", "district": "orange", "size": 2, "cells": ["D4", "D5"], "start": False} in board["lots"]


def test_ny1901_1_two_players_leave_the_fifth_district_out():
    game = nbgames.new_game("newyork1901", 2, seed=4)
    assert game.view(None)["districts_in_play"] == ["orange", "sky", "green", "yellow"]
    assert "character purple" not in map(str, game.legal_actions())
    refused(game, "character purple", "NY1901-4", "not used with 2 players")
    assert all(not card.startswith("purple") for card in game.view(0)["market"])
    pile = game.view(0)["pile_size"] + 4
    assert pile == 52 - 4  # 4 districts x 13 lots, without the 4 starting lots
    at = game_at(market=MARKET)
    refused(at, "lot J8", "NY1901-1", "purple district, not used with 2 players")


# -- NY1901-2 lot cards -----------------------------------------------------------------------------
def test_ny1901_2_a_lot_needs_a_market_card_of_its_district_and_size():
    game = game_at(market=["orange2", "orange2", "sky2", "green2"])
    refused(game, "lot A2", "NY1901-2", "orange lot of size 3")  # A2 is an orange size-3 lot
    refused(game, "lot A8", "NY1901-2", "sky lot of size 3")
    game.play("lot D4")
    assert view(game)["market"].count("orange2") == 1


def test_ny1901_2_any_cell_of_a_lot_names_it():
    game = game_at()
    assert game.parse("lot D5") == game.parse("lot D4") == "lot D4"
    assert game.parse("grab F5") == "grab F4"


# -- NY1901-3 components ----------------------------------------------------------------------------
def test_ny1901_3_each_player_starts_with_workers_tiles_cards_and_a_starter_building():
    game = nbgames.new_game("newyork1901", 4, seed=2, options={"characters": "deal"})
    v = game.view(None)
    for seat in v["seats"]:
        assert seat["workers"] == 4 and sum(seat["tiles_left"].values()) == 18
        assert seat["action_cards"] == ["boom", "shift", "grab"] and seat["legendary"] is None
        assert sum(seat["lot_cards"].values()) == 1  # the starting lot's card
    starters = [b for b in v["buildings"] if b["starter"]]
    assert len(starters) == 4 and all(b["tier"] == "bronze" and b["vp"] == 0 and len(b["cells"]) == 2
                                      for b in starters)
    assert v["legendaries"] == {"Flatiron": None, "Woolworth": None, "Chrysler": None, "Empire": None}


def test_ny1901_3_a_tile_is_used_once_and_a_legendary_only_by_one_player():
    game = game_at(seats=seats({"buildings": ["bI2@A1r1", "bI2@E1r1"], "lots": ["E2"]}))
    refused(game, "bI2@E2r1", "NY1901-3", "no bI2 tile left")
    game = game_at(seats=seats({"buildings": ["Empire@E1r0"], "vp": 20, "lots": ["C1"]},
                               {"lots": ["C8"], "vp": 20}), to_move=1)
    refused(game, "Empire@C8r1", "NY1901-3", "already built by Player 1")


# -- NY1901-4 setup ---------------------------------------------------------------------------------
def test_ny1901_4_market_of_4_three_avenues_one_challenge_and_characters_in_reverse_seat_order():
    game = nbgames.new_game("newyork1901", 3, seed=9)
    v = game.view(None)
    assert len(v["market"]) == 4 and len(v["avenues_in_play"]) == 3 and v["challenge"]
    assert v["pile_size"] == 65 - 5 - 4  # all lot cards but the 5 starting lots, minus the market
    assert game.to_move == 2  # the last seat chooses first
    game.play("character green")
    assert game.to_move == 1
    refused(game, "character green", "NY1901-4", "Player 3 already took the green character")
    refused(game, "lot D4", "NY1901-4", "First each player chooses a character")
    game.play("character orange")
    game.play("character sky")
    v = game.view(None)
    assert [s["character"] for s in v["seats"]] == ["sky", "orange", "green"]
    assert v["phase"] == "turn" and game.to_move == 0  # seat 0 starts
    assert v["lot_owner"] == {"C3": 1, "D10": 0, "G9": 2}  # the starting lots


def test_ny1901_4_characters_may_be_dealt_at_random():
    game = nbgames.new_game("newyork1901", 3, seed=9, options={"characters": "deal"})
    chars = [s["character"] for s in game.view(None)["seats"]]
    assert len(set(chars)) == 3 and game.view(None)["phase"] == "turn"
    assert all(e.dealt for e in game.events() if e.kind == "character")


def test_ny1901_4_starting_lots_of_absent_characters_stay_empty():
    game = game_at(market=["green2", "orange2", "sky2", "sky3"])
    refused(game, "lot G9", "NY1901-4", "starting lot of the green character")


# -- NY1901-5 acquire and build ---------------------------------------------------------------------
def test_ny1901_5_acquire_puts_a_worker_on_an_empty_matching_lot_and_refills_the_market():
    game = game_at()
    pile = view(game)["pile_size"]
    game.play("lot D4")
    v = view(game)
    assert v["workers"] == {"D4": 0} and v["lot_owner"]["D4"] == 0
    assert v["seats"][0]["workers"] == 3 and v["seats"][0]["lot_cards"] == {"orange2": 2}
    assert len(v["market"]) == 4 and v["pile_size"] == pile - 1
    refused(game, "lot E4", "NY1901-5", "taken your action")  # one acquire per turn
    game.play("end")
    refused(game, "lot D4", "NY1901-5", "not empty: it has a worker of Player 1")


def test_ny1901_5_no_worker_in_supply_no_acquire():
    game = game_at(seats=seats({"lots": ["A1", "E1", "E3", "A6"]}))
    refused(game, "lot D4", "NY1901-5", "no worker in supply")


def test_ny1901_5_build_across_two_lots_touching_an_avenue_scores_and_sends_workers_home():
    game = game_at(seats=seats({"lots": ["D4", "E4"]}))
    game.play("bO4@D4r0")  # D4 D5 E4 E5: two lots, D5 and E5 are on Nassau St
    b = building_at(game, "E5")
    assert b["tile"] == "bO4" and b["cells"] == ["D4", "D5", "E4", "E5"] and b["owner"] == 0
    v = view(game)
    assert v["seats"][0]["vp"] == 4 and v["seats"][0]["workers"] == 4 and v["workers"] == {}
    assert game.to_move == 0  # action cards are left: the turn goes on until 'end'
    refused(game, "bI2@A1r1", "NY1901-5", "taken your action")


def test_ny1901_5_build_after_acquiring_in_the_same_turn_and_a_tile_need_not_fill_a_lot():
    game = game_at(seats=seats({"used": ["boom", "shift", "grab"]}))
    game.play("lot A2")  # A2 A3 B3 (size 3)
    game.play("bI2@A3r1")  # A3 B3: B3 is on Wall St; A2 stays in the estate
    assert game.to_move == 1  # nothing else possible: the turn ended by itself
    v = view(game)
    assert v["lot_owner"]["A2"] == 0 and "A2" not in v["workers"]
    finish_turn = game_at(seats=seats({"buildings": ["bI2@A3r1"], "used": ["boom", "shift", "grab"]}))
    assert "bI3@A2r0" not in map(str, finish_turn.legal_actions())  # A2 alone is left, one cell


def test_ny1901_5_a_tile_must_touch_an_avenue_or_a_park():
    game = game_at(seats=seats({"lots": ["A2"]}))
    error = refused(game, "bI2@A2r0", "NY1901-5", "does not touch an avenue or a park")
    assert str(error) == "NY1901-5: This tile does not touch an avenue or a park."
    game.play("bI2@A3r1")


def test_ny1901_5_only_on_your_estate():
    game = game_at(seats=seats({"lots": ["D4"]}, {"lots": ["E4"]}))
    refused(game, "bO4@D4r0", "NY1901-5", "E4 is not on one of your lots")
    refused(game, "bI2@C3r1", "NY1901-5", "C3 already has a building")
    game2 = game_at(seats=seats({"lots": ["E6"]}))
    refused(game2, "bI2@E6r1", "NY1901-5", "F6 is a park")
    refused(game2, "bI3@A12r0", "NY1901-1", "stick out of the board")


def test_ny1901_5_silver_unlocks_at_6_vp_and_gold_and_legendary_at_18():
    game = game_at(seats=seats({"lots": ["D4", "E4"], "vp": 5}))
    refused(game, "sI2@D4r0", "NY1901-5", "Silver buildings unlock at 6 VP; you have 5")
    refused(game, "Empire@D4r0", "NY1901-5", "Legendary buildings unlock at 18 VP")
    game.play("bI2@D4r0")  # 2 VP: 7
    assert [e.tier for e in game.events() if e.kind == "unlock"] == ["silver"]
    game = game_at(seats=seats({"lots": ["D4", "E4"], "vp": 17}))
    refused(game, "gO4@D4r0", "NY1901-5", "Gold buildings unlock at 18 VP; you have 17")
    game = game_at(seats=seats({"lots": ["D4", "E4"], "vp": 18}))
    assert {"gO4@D4r0", "sO4@D4r0", "bO4@D4r0"} <= set(map(str, game.legal_actions()))


def test_ny1901_5_one_legendary_per_player_marked_by_the_king_token():
    game = game_at(seats=seats({"lots": ["E1", "E2", "E3", "C1"], "vp": 30, "used": ["shift", "grab"]}))
    game.play("boom")
    game.play("Flatiron@E1r0")  # E1 E2 E3 F1? no: Flatiron is #../### — E1, F1, F2, F3
    assert building_at(game, "F3")["tile"] == "Flatiron" and view(game)["seats"][0]["legendary"] == "Flatiron"
    assert view(game)["legendaries"]["Flatiron"] == 0
    refused(game, "Woolworth@C1r0", "NY1901-5", "at most one")


def test_ny1901_5_rotations_that_give_the_same_cells_are_one_move():
    game = game_at(seats=seats({"lots": ["D4", "E4"]}))
    legal = set(map(str, game.legal_actions()))
    assert "bO4@D4r0" in legal and "bO4@D4r1" not in legal
    assert game.parse("bO4@D4r3m") == "bO4@D4r0"
    game.play("bO4@D4r2")  # another spelling plays the listed move
    assert game.history == ["bO4@D4r0"]


# -- NY1901-6 demolish and rebuild ------------------------------------------------------------------
def test_ny1901_6_demolish_and_rebuild_higher_extending_over_a_lot_with_a_worker():
    game = game_at(seats=seats({"buildings": ["bI2@D4r0"], "lots": ["E4"], "vp": 6}))
    game.play("demolish D5 sO4@D4r0")  # any cell names the building
    assert game.history == ["demolish D4 sO4@D4r0"]
    v = view(game)
    assert building_at(game, "E4")["tile"] == "sO4" and v["workers"] == {}
    assert v["seats"][0]["vp"] == 6 + 2 + 5 and v["seats"][0]["demolished"] == ["bI2"]  # bI2's VP kept, +5
    assert v["seats"][0]["tiles_left"]["bI2"] == 1  # a demolished tile does not come back


def test_ny1901_6_the_starter_building_may_be_replaced():
    game = game_at(seats=seats({"vp": 6}))
    game.play("demolish C3 sI2@C3r1")
    assert building_at(game, "D3")["tile"] == "sI2" and view(game)["seats"][0]["demolished"] == ["start"]


def test_ny1901_6_only_a_strictly_higher_tier_and_never_over_gold():
    game = game_at(seats=seats({"buildings": ["bO4@D4r0", "gI3@E1r1"], "vp": 30}))
    refused(game, "demolish D4 bO4@D4r0", "NY1901-6", "higher tier than bronze")
    refused(game, "demolish E1 Empire@E1r1", "NY1901-6", "gold buildings cannot be replaced")
    refused(game, "demolish E4 gR6@D4r1", "NY1901-5", "F4 is not on one of your lots")
    refused(game, "demolish A1 sI2@A1r1", "NY1901-6", "no building of yours on A1")


def test_ny1901_6_a_lot_left_empty_by_the_rebuild_gets_a_worker():
    game = game_at(seats=seats({"buildings": ["bO4@D4r0"], "vp": 6}))
    game.play("demolish D4 sI2@D4r0")  # the new building covers lot D4 only: lot E4 is left empty
    v = view(game)
    assert v["workers"] == {"E4": 0} and v["seats"][0]["workers"] == 3
    assert [e.lot for e in game.events() if e.kind == "worker_placed"] == ["E4"]


def test_ny1901_6_no_worker_for_an_emptied_lot_no_demolition():
    game = game_at(seats=seats({"buildings": ["bO4@D4r0"], "lots": ["A1", "E1", "E3", "C1"], "vp": 6}))
    refused(game, "demolish D4 sI2@D4r0", "NY1901-6", "lack 1 worker")
    game.play("demolish D4 sO4@D4r0")  # the same cells: no lot left empty


def test_ny1901_6_the_rebuild_stands_in_the_freed_cells_extended_only_over_lots_with_a_worker():
    # the old building stands on B4 C4 (lot A4: A4 is left empty, no worker); bI2 on A5 B5 leaves
    # C5 of lot A5 empty, no worker; lot E4 holds a worker
    spec = seats({"buildings": ["bI2@B4r1", "bI2@A5r1"], "lots": ["E4"], "vp": 6})
    game = game_at(seats=spec)
    refused(game, "demolish B4 sL3@B4r0", "NY1901-6", "C5 holds none of your workers")  # B4 C4 C5
    refused(game, "demolish B4 sI3@A4r1", "NY1901-6", "A4 holds none of your workers")  # A4 B4 C4
    refused(game, "demolish B4 sI2@E4r0", "NY1901-6", "where the demolished one stood")
    game.play("demolish B4 sI2@B4r1")
    assert building_at(game, "C4")["tile"] == "sI2" and view(game)["workers"] == {"E4": 0}


def test_ny1901_6_a_rebuild_extends_only_over_worker_lots_adjacent_to_the_demolished_building():
    # the green starter stands on G9 H9; lot G10 (G10 H10 I10) touches it, lot H11 (H11 I11) does not
    game = game_at(characters=["green", "orange"], seats=seats({"lots": ["G10", "H11"], "vp": 6}))
    refused(game, "demolish G9 sI3@H9r0", "NY1901-6", "lot H11 does not touch the demolished building")  # H9 H10 H11
    legal = [a for a in game.legal_actions() if a.kind == "demolish"]
    assert legal and not any({"H11", "I11"} & set(game.preview(a)["cells"]) for a in legal)
    assert any("H10" in game.preview(a)["cells"] for a in legal)  # the adjacent worker lot may be used
    game.play("demolish G9 sO4@G9r0")  # G9 G10 H9 H10: the worker on G10 goes home
    assert view(game)["workers"] == {"H11": 0} and building_at(game, "H10")["tile"] == "sO4"


def test_ny1901_6_and_7_the_rules_text_and_the_lesson_say_what_the_rule_file_says():
    rebuild, recall = nbgames.rule("NY1901-6"), nbgames.rule("NY1901-7")
    assert "adjacent to the demolished building" in rebuild["text"] and "may not be used" in rebuild["text"]
    assert "隣接する区画" in nbgames.rule("NY1901-6", "ja")["text"]
    assert "a starting lot too" in recall["text"] and "anyone may acquire it" in recall["text"]
    assert "初期区画でも同じ" in nbgames.rule("NY1901-7", "ja")["text"]
    from nbgames.newyork1901.lessons import lessons
    lesson = next(lesson for lesson in lessons() if lesson.id == "ny1901-rebuild")
    assert "touch the demolished building" in str(lesson.intro)


# -- NY1901-7 no worker, no action -----------------------------------------------------------------
NO_MOVE = seats({"buildings": ["bI2@D4r0", "bI2@E4r0"], "lots": ["A1", "E1", "E3", "A6"]})


def test_ny1901_7_no_worker_and_nothing_to_do_take_a_worker_back():
    game = game_at(seats=NO_MOVE, market=["yellow2", "yellow3", "green2", "green3"])
    legal = set(map(str, game.legal_actions()))
    assert {"recall A1", "recall E1", "recall E3", "recall A6"} <= legal and "pass" not in legal
    game.play("recall E3")
    v = view(game)
    assert "E3" not in v["lot_owner"] and v["seats"][0]["workers"] == 1
    # orange2 cards: the starting lot, D4, E4, A1, E1, E3; E3's goes under the draw pile
    assert v["seats"][0]["lot_cards"]["orange2"] == 6 - 1 and v["pile_bottom"] == [["orange2"]]
    events = [e for e in game.events() if e.kind == "recall"]
    assert (events[0].lot, events[0].card) == ("E3", "orange2")


def test_ny1901_7_no_recall_while_a_worker_is_in_supply_or_a_build_is_possible():
    game = game_at(seats=seats({"lots": ["A1", "E1", "E3"]}))
    refused(game, "recall A1", "NY1901-7", "still have a worker in supply")
    game = game_at(seats=seats({"lots": ["A1", "E1", "E3", "D4"]}))
    refused(game, "recall A1", "NY1901-7", "can still build")
    refused(game, "recall C8", "NY1901-7", "no worker on lot C8")


def recall_board() -> dict:
    """The default board with three tiles a player (no legendary): a bronze 6-in-a-row that fits
    nowhere near orange's lots, one silver L and one gold square; the end comes with the market."""
    return data_with(tiles=[{"name": "bI6", "tier": "bronze", "shape": "######", "vp": 6, "count": 1},
                            {"name": "sL4", "tier": "silver", "shape": "#./#./##", "vp": 5, "count": 1},
                            {"name": "gO4", "tier": "gold", "shape": "##/##", "vp": 6, "count": 1}],
                     legendaries=[], end={"tiles_left": 0, "market_cards": 3})


def quiet_lot(game: nbgames.Game) -> str:
    """An acquire that takes no orange2 card from the market."""
    lots = {lot["name"]: (lot["district"], lot["size"]) for lot in game.view(None)["board"]["lots"]}
    return next(str(a) for a in game.legal_actions() if a.kind == "acquire" and lots[str(a)[4:]] != ("orange", 2))


def test_ny1901_7_a_recalled_starting_lot_is_an_ordinary_empty_lot_again():
    # orange's starting lot C3 (C3 D3) gets a worker when a second rebuild leaves it with no
    # building (NY1901-6); taken back (NY1901-7), its orange2 card goes under the pile and C3 is
    # an empty orange lot of size 2 that an orange2 market card matches, for anyone
    game = game_at(data=recall_board(), seats=seats({"lots": ["D4", "E4", "A1", "E1"], "vp": 18}),
                   market=["orange2", "orange2", "sky2", "sky3"])
    for move in ["demolish C3 sL4@C3r1m", "boom", quiet_lot, "end", quiet_lot, "end", "demolish C3 gO4@D4r0", "end",
                 quiet_lot, "end"]:
        game.play(move(game) if callable(move) else move)
    assert view(game)["workers"]["C3"] == 0 and view(game)["seats"][0]["workers"] == 0
    assert "recall C3" in map(str, game.legal_actions())
    components = game.rules.components()
    game.play("recall C3")
    assert game.rules.components() == components  # the starting lot's card is in the pile: nothing lost
    v = view(game)
    assert "C3" not in v["lot_owner"] and v["pile_bottom"] == [["orange2"]] and "orange2" in v["market"]
    assert "grab C3" in map(str, game.legal_actions())
    game.play("end")
    assert game.to_move == 1 and "lot C3" in map(str, game.legal_actions())
    game.play("lot C3")
    assert view(game)["workers"]["C3"] == 1 and view(game)["lot_owner"]["C3"] == 1


def tiny_board() -> dict:
    """A 4 x 4 board: the five starting lots, one more orange lot (C3 C4) and a row of parks."""
    return data_with(
        rows=4, cols=4,
        districts=[{**d, "start": start} for d, start in zip(DEFAULT_DATA["districts"], ["A1", "A3", "B1", "B3", "C1"],
                                                            strict=True)],
        parks=["D1", "D2", "D3", "D4"],
        lots=[{"district": d, "cells": cells} for d, cells in [
            ("orange", ["A1", "A2"]), ("sky", ["A3", "A4"]), ("green", ["B1", "B2"]), ("yellow", ["B3", "B4"]),
            ("purple", ["C1", "C2"]), ("orange", ["C3", "C4"])]],
        avenues=[{"name": "First", "edges": [["h", 1, 0, 4]]}, {"name": "Second", "edges": [["h", 2, 0, 4]]},
                 {"name": "Third", "edges": [["v", 2, 0, 4]]}],
    )


def test_ny1901_7_with_no_action_possible_at_all_a_player_passes():
    game = nbgames.new_game("newyork1901", 2, seed=1, options={"data": tiny_board(), "characters": "deal"})
    assert view(game)["market"] == ["orange2"] and view(game)["pile_size"] == 0
    refused(game, "pass", "NY1901-7", "can still take an action")
    first = game.view(None)["seats"][0]["character"]
    game.play("lot C3")
    game.play("end")  # a market of 3 cards or fewer: the end is triggered (NY1901-9)
    # Player 2: no worker on the board, no card in the market, nothing to build or rebuild
    assert set(map(str, game.legal_actions())) == {"pass", "boom"}
    game.play("pass")
    assert [e.kind for e in game.events()][-2:] == ["pass", "turn_end"]
    assert first and game.to_move == 0


# -- NY1901-8 action cards --------------------------------------------------------------------------
def test_ny1901_8_construction_boom_gives_one_more_action_of_either_kind():
    game = game_at(seats=seats({"lots": ["D4"], "vp": 6}))
    game.play("bI2@D4r0")
    refused(game, "lot E4", "NY1901-5", "Construction Boom")
    game.play("boom")
    game.play("lot E4")
    game.play("sI2@E4r0")
    assert view(game)["seats"][0]["vp"] == 6 + 2 + 3
    refused(game, "boom", "NY1901-8", "already used")


def test_ny1901_8_never_two_demolitions_in_one_turn():
    game = game_at(seats=seats({"buildings": ["bI2@D4r0", "bI2@E4r0"], "vp": 6}))
    game.play("boom")
    game.play("demolish D4 sI2@D4r0")
    refused(game, "demolish E4 sI2@E4r0", "NY1901-8", "never two demolitions")
    assert "demolish E4 sI2@E4r0" not in map(str, game.legal_actions())


def test_ny1901_8_market_shift_puts_the_market_under_the_pile_and_turns_up_four():
    game = game_at()
    pile = view(game)["pile_size"]
    game.play("shift")
    v = view(game)
    assert v["pile_bottom"] == [sorted(MARKET)] and v["pile_size"] == pile
    assert len(v["market"]) == 4 and v["seats"][0]["action_cards"] == ["boom", "grab"]
    assert game.to_move == 0  # a card is not the turn's action


def test_ny1901_8_land_grab_acquires_one_extra_lot_but_not_a_size_3_one():
    game = game_at(market=["orange2", "orange2", "orange3", "sky2"])
    refused(game, "grab A2", "NY1901-8", "cannot take a size-3 lot")
    game.play("lot D4")
    game.play("grab E4")
    v = view(game)
    assert v["workers"] == {"D4": 0, "E4": 0} and v["seats"][0]["action_cards"] == ["boom", "shift"]
    game.play("bO4@D4r0")
    refused(game, "grab E1", "NY1901-8", "already used Land Grab")


# -- NY1901-9 end of the game -----------------------------------------------------------------------
def test_ny1901_9_only_4_unbuilt_tiles_left_everyone_one_last_turn_the_trigger_last():
    data = data_with(end={"tiles_left": 16, "market_cards": 0})
    game = game_at(3, data=data, seats=seats({}, {"buildings": ["bI2@C8r1"], "lots": ["D6"]}, players=3),
                   to_move=1)
    game.play("bI2@D6r0")
    game.play("end")
    trigger = [e for e in game.events() if e.kind == "end_trigger"]
    assert (trigger[0].seat, trigger[0].reason) == (1, "tiles")
    order = []
    while not game.is_over:
        order.append(game.to_move)
        finish_one = [a for a in game.legal_actions() if a.kind in ("acquire", "end", "pass")]
        game.play(finish_one[0])
        if game.to_move != order[-1] or game.is_over:
            continue
        game.play("end")
    assert order == [2, 0, 1]
    assert game.events()[-1].kind == "game_end"


def test_ny1901_9_a_market_that_cannot_be_refilled_ends_the_game():
    data = data_with(market_size=3)  # never more than 3 cards: the first turn triggers the end
    game = game_at(data=data, market=["orange2", "sky2", "green2"])
    game.play("lot D4")
    game.play("end")
    assert [e.reason for e in game.events() if e.kind == "end_trigger"] == ["market"]
    finish(game)
    refused(game, "lot E4", "NY1901-9", "over")


# -- NY1901-10 … 13 scoring ---------------------------------------------------------------------
def scored(players: int = 2, **position) -> nbgames.Game:
    """A set position played out quietly to its end (the QUICK end: one more turn each)."""
    game = game_at(players, data=QUICK, **position)
    finish(game)
    return game


def line(game: nbgames.Game, seat: int, what: str) -> dict:
    return next(p for p in game.explain_scores()[seat]["parts"] if p["what"] == what)


def test_ny1901_10_avenue_bonus_to_the_most_buildings_touching_it_a_tie_scores_nothing():
    spec = seats({"buildings": ["bI2@B2r0", "bI2@E1r1", "bI3@A5r1"]},  # Wall St: B2, A5 and the starter C3
                 {"buildings": ["bI2@A6r0", "bI2@C8r1"]})  # Wall St: C8; Nassau St: A6
    game = scored(seats=spec, avenues=["Wall St", "Nassau St", "Cedar St"], challenge="gold_prestige")
    assert line(game, 0, "avenue:Wall St") == {"rule": "NY1901-10", "what": "avenue:Wall St", "count": 3, "points": 5}
    assert line(game, 1, "avenue:Wall St")["points"] == 0
    # Nassau St: seat 0's bI3 (A5) and seat 1's bI2 (A6): a tie, nobody scores
    assert line(game, 0, "avenue:Nassau St") == {"rule": "NY1901-10", "what": "avenue:Nassau St", "count": 1,
                                                 "points": 0}
    assert line(game, 1, "avenue:Nassau St")["points"] == 0
    assert line(game, 0, "avenue:Cedar St")["points"] == line(game, 1, "avenue:Cedar St")["points"] == 0


def test_ny1901_10_starter_buildings_and_legendaries_count_for_avenues():
    spec = seats({"buildings": ["Flatiron@E1r0"]}, {})  # Flatiron: F1 F2 F3 on Pine St
    game = scored(seats=spec, avenues=["Pine St", "Broadway", "Cedar St"], challenge="gold_prestige")
    assert line(game, 0, "avenue:Pine St")["points"] == 5
    assert line(game, 1, "avenue:Broadway")["points"] == 5  # the sky starter on D10 D11


def test_ny1901_11_each_unused_action_card_scores_1():
    game = scored(seats=seats({"used": ["boom"]}), challenge="gold_prestige")
    assert line(game, 0, "unused_action_cards") == {"rule": "NY1901-11", "what": "unused_action_cards",
                                                    "count": 2, "points": 2}
    assert line(game, 1, "unused_action_cards")["points"] == 3


def test_ny1901_12_gold_tycoon_3_per_district_with_two_gold_buildings():
    game = scored(seats=seats({"buildings": ["gO4@D4r0", "gI3@A5r1"]}), challenge="gold_tycoon")
    assert line(game, 0, "gold_tycoon") == {"rule": "NY1901-12", "what": "gold_tycoon", "count": 1, "points": 3}


def test_ny1901_12_gold_tycoon_a_building_across_two_districts_counts_in_both():
    # gO4 on C5 C6 D5 D6 is orange and sky; gI3 on A4 B4 C4 orange; gL3 on B7 B8 C8 sky
    game = scored(seats=seats({"buildings": ["gO4@C5r0", "gI3@A4r1", "gL3@B7r2"]}), challenge="gold_tycoon")
    assert line(game, 0, "gold_tycoon") == {"rule": "NY1901-12", "what": "gold_tycoon", "count": 2, "points": 6}


def test_ny1901_12_master_architect_counts_irregular_buildings():
    spec = seats({"buildings": ["bL3@A2r0", "bT4@E1r3", "sS4@A6r0", "bI2@D4r0"]})  # 3 irregular, 1 not
    game = scored(seats=spec, challenge="master_architect")
    assert line(game, 0, "master_architect") == {"rule": "NY1901-12", "what": "master_architect",
                                                 "count": 3, "points": 3}
    assert line(game, 1, "master_architect")["points"] == 0


def test_ny1901_12_bronze_baron_counts_bronze_buildings_but_not_the_starter():
    four = ["bI2@D4r0", "bI2@E4r0", "bI3@A5r1", "bL3@A2r0"]
    assert line(scored(seats=seats({"buildings": four}), challenge="bronze_baron"), 0, "bronze_baron") == \
        {"rule": "NY1901-12", "what": "bronze_baron", "count": 4, "points": 5}
    six = ["bI2@D4r0", "bI2@E4r0", "bI3@A5r1", "bO4@E2r0", "bT4@B2r1", "bL3@A2r2"]
    assert line(scored(seats=seats({"buildings": six}), challenge="bronze_baron"), 0, "bronze_baron") == \
        {"rule": "NY1901-12", "what": "bronze_baron", "count": 6, "points": 15}


def test_ny1901_12_generation_king_5_per_tier_with_strictly_the_most():
    spec = seats({"buildings": ["bI2@D4r0", "sI2@E4r0", "bI3@A5r1"]},  # 2 bronze, 1 silver
                 {"buildings": ["bI2@A6r0", "sI2@C8r1"]})  # 1 bronze, 1 silver
    game = scored(seats=spec, challenge="generation_king")
    assert line(game, 0, "generation_king") == {"rule": "NY1901-12", "what": "generation_king", "count": 1,
                                                "points": 5}  # bronze; silver is tied, gold 0 to 0
    assert line(game, 1, "generation_king")["points"] == 0


def test_ny1901_12_gold_prestige_scores_during_play_for_lower_opponent_buildings_next_to_the_new_gold():
    # seat 1's silver on D6 D7 and bronze on E6 E7 lie next to seat 0's lots D4 (D4 D5) and E4 (E4 E5);
    # seat 0's own starter (C3 D3) touches D4 too but is its own
    spec = seats({"lots": ["D4", "E4"], "vp": 18}, {"buildings": ["sI2@D6r0", "bI2@E6r0"]})
    game = game_at(seats=spec, challenge="gold_prestige")
    game.play("gO4@D4r0")
    assert view(game)["seats"][0]["vp"] == 18 + 6 + 2
    assert [(e.seat, e.vp) for e in game.events() if e.kind == "prestige"] == [(0, 2)]
    assert game.explain_scores()[0]["parts"][1] == {"rule": "NY1901-12", "what": "gold_prestige", "count": None,
                                                    "points": 2}
    other = game_at(seats=spec, challenge="bronze_baron")
    other.play("gO4@D4r0")
    assert view(other)["seats"][0]["vp"] == 18 + 6  # only with the Gold Prestige card


def test_ny1901_12_gold_prestige_not_for_a_legendary_nor_next_to_a_starter():
    spec = seats({"lots": ["C12", "C13"], "vp": 18}, {})
    game = game_at(seats=spec, challenge="gold_prestige")
    game.play("gO4@C12r0")  # C12 C13 D12 D13, next to the sky starter on D11
    assert not [e for e in game.events() if e.kind == "prestige"]
    spec = seats({"lots": ["E2", "E3", "E4"], "vp": 18}, {"buildings": ["sI2@D4r0"]})
    game = game_at(seats=spec, challenge="gold_prestige")
    game.play("Flatiron@E2r2m")  # E2 E3 E4 F2, next to seat 1's silver on D4
    assert building_at(game, "E4")["tile"] == "Flatiron"
    assert not [e for e in game.events() if e.kind == "prestige"]


def test_ny1901_13_a_tie_goes_to_the_taller_legendary():
    # 9 + 3 VP against 12; no avenue touched by one only, 3 unused cards each: 15 to 15
    spec = seats({"buildings": ["Flatiron@E1r0"], "vp": 3}, {"buildings": ["Empire@A8r0"]})
    game = scored(seats=spec, challenge="gold_prestige", avenues=["Wall St", "Cedar St", "Nassau St"])
    assert game.scores() == [15, 15] and game.winners() == [1]  # Empire (381 m) beats Flatiron (87 m)
    assert game.events()[-1].winners == (1,)


def test_ny1901_13_then_more_gold_buildings_then_a_shared_win():
    spec = seats({"buildings": ["gI3@A5r1"], "vp": 1}, {"buildings": ["sI2@A6r0", "bI2@C8r1"], "vp": 1})
    game = scored(seats=spec, challenge="gold_prestige", avenues=["Nassau St", "Cedar St", "Pine St"])
    assert game.scores() == [9, 9] and game.winners() == [0]  # 1 gold building to none
    spec = seats({"buildings": ["sI2@A6r0"]}, {"buildings": ["sI2@D6r0"]})  # both on Nassau St
    game = scored(seats=spec, challenge="gold_prestige", avenues=["Nassau St", "Cedar St", "Pine St"])
    assert game.scores()[0] == game.scores()[1] and game.winners() == [0, 1]
