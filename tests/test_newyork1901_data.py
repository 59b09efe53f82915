"""New York 1901 component data (nbgames/newyork1901/data.json): every count and shape the
issue and the rule file state (NY1901-1 … NY1901-3, NY1901-12), reachability of every lot, that
the starter buildings fit, that house defaults are named, and that a user's own file is checked."""

from __future__ import annotations

import copy
from collections import Counter

import pytest
from contract_support import changed_at_random

import nbgames
from nbgames.newyork1901.tables import DEFAULT, DEFAULT_DATA, GOLD, Tables, picture_cells, validate

DATA = DEFAULT_DATA
T = DEFAULT


def test_ny1901_1_board_is_a_square_grid_of_lots_and_parks():
    assert T.rows == T.cols == 13
    lot_cells = [c for cells in T.lot_cells for c in cells]
    assert len(lot_cells) == len(set(lot_cells))  # no cell in two lots
    parks = T.cells(T.parks)
    assert not set(parks) & set(lot_cells)
    assert len(parks) == 19 and len(lot_cells) + len(parks) == 13 * 13  # every cell is a lot or a park


def test_ny1901_1_65_lots_of_2_or_3_connected_cells_13_per_district_5_districts():
    assert len(T.districts) == 5 and T.nlots == 65
    assert Counter(T.lot_district) == {d: 13 for d in range(5)}
    for cells in T.lot_cells:
        assert len(cells) in (2, 3)
        rows_cols = [divmod(c, T.cols) for c in cells]
        # orthogonally connected: every cell has an edge neighbour in the lot
        for r, c in rows_cols:
            assert any(abs(r - r2) + abs(c - c2) == 1 for r2, c2 in rows_cols)


def test_ny1901_2_fewer_size_3_lots_than_size_2_and_one_card_per_lot():
    sizes = Counter(T.lot_size)
    assert sizes == {2: 45, 3: 20} and sizes[3] < sizes[2]
    for d in range(5):
        assert Counter(T.lot_size[lot] for lot in range(T.nlots) if T.lot_district[lot] == d) == {2: 9, 3: 4}
    cards = Counter(T.card_names[T.lot_card[lot]] for lot in range(T.nlots))
    assert sum(cards.values()) == 65
    assert cards["orange2"] == 9 and cards["purple3"] == 4


def test_ny1901_1_five_named_avenues_run_along_cell_edges():
    names = [a["name"] for a in DATA["avenues"]]
    assert names == ["Broadway", "Wall St", "Pine St", "Nassau St", "Cedar St"]
    for avenue, mask in zip(DATA["avenues"], T.avenue_mask, strict=True):
        assert mask, avenue["name"]
        for kind, line, start, stop in avenue["edges"]:
            assert kind in "hv" and start < stop
            # an edge line lies between cells: inside the board, not on its border
            assert 0 < line < (T.rows if kind == "h" else T.cols)


def test_ny1901_1_every_lot_touches_an_avenue_or_park_or_is_reached_through_a_neighbour():
    touching = [bool(T.lot_mask[lot] & T.touch) for lot in range(T.nlots)]
    for lot in range(T.nlots):
        if touching[lot]:
            continue
        neighbours = T.lots_in(T.neighbours_of(T.lot_mask[lot]))
        assert any(touching[n] for n in neighbours), T.lot_name(lot)
    assert sum(touching) >= 60  # all but a few touch by themselves


def test_ny1901_3_one_two_cell_starting_lot_per_district_that_its_starter_building_fits():
    starter = picture_cells(DATA["starter"]["shape"])
    assert DATA["starter"] == {"name": "start", "tier": "bronze", "shape": "##", "vp": 0}
    assert len(set(T.start_lot)) == 5
    for district, lot in enumerate(T.start_lot):
        assert T.lot_district[lot] == district and T.lot_size[lot] == 2
        assert T.lot_mask[lot] & T.touch  # a rebuild there can touch an avenue or a park
        shapes = {tuple(sorted((c // T.cols - T.lot_cells[lot][0] // T.cols, c % T.cols - T.lot_cells[lot][0] % T.cols)
                               for c in T.lot_cells[lot]))}
        assert shapes <= {starter, ((0, 0), (1, 0))}  # the domino, lying or standing


def test_ny1901_3_default_tile_set_per_player():
    tiles = {t["name"]: (t["tier"], len(picture_cells(t["shape"])), t["vp"], t["count"]) for t in DATA["tiles"]}
    expected = {
        "bI2": ("bronze", 2, 2, 2), "bI3": ("bronze", 3, 3, 1), "bL3": ("bronze", 3, 3, 1),
        "bO4": ("bronze", 4, 4, 1), "bT4": ("bronze", 4, 4, 1),
        "sI2": ("silver", 2, 3, 1), "sI3": ("silver", 3, 4, 1), "sL3": ("silver", 3, 4, 1),
        "sO4": ("silver", 4, 5, 1), "sL4": ("silver", 4, 5, 1), "sS4": ("silver", 4, 5, 1),
        "gI3": ("gold", 3, 5, 1), "gL3": ("gold", 3, 5, 1), "gO4": ("gold", 4, 6, 1),
        "gT4": ("gold", 4, 6, 1), "gP5": ("gold", 5, 7, 1), "gR6": ("gold", 6, 8, 1),
    }
    assert tiles == expected
    per_tier = Counter()
    for tier, _, _, count in tiles.values():
        per_tier[tier] += count
    assert per_tier == {"bronze": 6, "silver": 6, "gold": 6} and T.tiles_per_player == 18
    sizes = [len(picture_cells(t["shape"])) for t in DATA["tiles"]]
    assert min(sizes) == 2 and max(sizes) == 6
    assert {t["vp"] for t in DATA["tiles"]} <= set(range(2, 9))


@pytest.mark.parametrize("name,picture,irregular", [
    ("bI2", "##", False), ("bI3", "###", False), ("bO4", "##/##", False), ("gR6", "###/###", False),
    ("bL3", "#./##", True), ("bT4", "###/.#.", True), ("sL4", "#./#./##", True), ("sS4", ".##/##.", True),
    ("gP5", "##/##/#.", True),
])
def test_ny1901_3_shapes_as_listed_and_which_are_irregular(name, picture, irregular):
    tile = T.tiles[T.tile_index[name]]
    assert tile.cells == picture_cells(picture)
    assert tile.irregular is irregular


def test_ny1901_3_orientations_are_the_distinct_rotations_and_mirrorings():
    counts = {name: len(T.tiles[T.tile_index[name]].orientations) for name in ("bI2", "bO4", "bL3", "bT4", "sS4",
                                                                               "sL4", "gP5", "gR6")}
    assert counts == {"bI2": 2, "bO4": 1, "bL3": 4, "bT4": 4, "sS4": 4, "sL4": 8, "gP5": 8, "gR6": 2}


def test_ny1901_3_four_legendaries_gold_4_to_6_cells_worth_more_vp_than_any_gold_tile_distinct_heights():
    # the rule file: gold tier, worth more VP than any gold tile (it no longer says "larger"); the rules text says so
    assert "gold tier, each worth more VP than any gold tile" in nbgames.rule("NY1901-3")["text"]
    assert "どのゴールドのタイルよりも勝利点が高い" in nbgames.rule("NY1901-3", "ja")["text"]
    assert "larger" not in nbgames.rule("NY1901-3")["text"]
    legends = DATA["legendaries"]
    assert len(legends) == 4
    best_gold = max(t["vp"] for t in DATA["tiles"] if t["tier"] == "gold")
    for spec in legends:
        assert 4 <= len(picture_cells(spec["shape"])) <= 6
        assert 9 <= spec["vp"] <= 12 and spec["vp"] > best_gold
    assert len({s["height"] for s in legends}) == 4
    assert all(T.tiles[t].legendary and T.tiles[t].tier == GOLD for t in T.legendaries)


def test_ny1901_8_and_12_five_avenue_cards_five_challenges_three_action_cards():
    assert len(DATA["avenues"]) == 5 and DATA["avenue_bonus"] == {"in_play": 3, "points": 5}
    challenges = DATA["challenges"]
    assert challenges["in_play"] == 1
    assert set(challenges) - {"in_play"} == {"gold_tycoon", "master_architect", "gold_prestige", "bronze_baron",
                                             "generation_king"}
    assert challenges["master_architect"]["table"] == [[3, 3], [4, 6], [5, 10]]
    assert challenges["bronze_baron"]["table"] == [[4, 5], [5, 10], [6, 15]]
    assert DATA["action_cards"] == ["boom", "shift", "grab"]
    assert DATA["workers"] == 4 and DATA["market_size"] == 4 and DATA["unlocks"] == {"silver": 6, "gold": 18}
    assert DATA["end"] == {"tiles_left": 4, "market_cards": 3} and DATA["unused_action_card_vp"] == 1


def test_house_defaults_are_named_and_exist():
    named = DATA["house_resolutions"]
    assert {"rows", "districts", "parks", "avenues", "lots", "two_player_unused_district", "starter", "tiles",
            "legendaries", "end"} <= set(named)
    assert all(key in DATA for key in named)
    assert all(text.startswith("house default") for text in named.values())
    assert "house default" in DATA["_about"]
    assert all(isinstance(text, str) and text for text in DATA["house_rules"].values())


def test_a_users_own_data_file_is_checked_and_played():
    mine = copy.deepcopy(DATA)
    mine["tiles"][0]["vp"] = 5  # bronze I2 worth 5
    game = nbgames.new_game("newyork1901", 2, seed=1, options={"data": mine, "characters": "deal"})
    assert game.view(0)["seats"][0]["tiles_left"]["bI2"] == 2
    assert isinstance(Tables(mine), Tables)
    for broken, words in [
        ({**mine, "rows": 0}, "rows"),
        ({**mine, "lots": mine["lots"] + [{"district": "orange", "cells": ["A1", "A2"]}]}, "overlaps"),
        ({**mine, "lots": [{"district": "orange", "cells": ["A1", "C1"]}] + mine["lots"][1:]}, "not connected"),
        ({**mine, "parks": ["Z99"]}, "parks"),
        ({**mine, "tiles": [{**mine["tiles"][0], "shape": "#.#"}]}, "edge-connected"),
        ({k: v for k, v in mine.items() if k != "lots"}, "'lots' is missing"),
    ]:
        with pytest.raises(ValueError, match=words):
            validate(broken)
        with pytest.raises(ValueError):
            nbgames.new_game("newyork1901", 2, seed=1, options={"data": broken})


def test_junk_data_and_positions_are_refused_as_records_never_crash():
    """A record can carry a data file and a position: a record of a real game loads, and one
    whose data or position is changed at random loads or is a RecordError, never a crash."""
    import json
    import random

    position = {"characters": ["orange", "sky"], "seats": [{"buildings": ["bI2@D4r0"], "lots": ["E4"], "vp": 3,
                                                             "used": ["boom"]}, {}],
                "market": ["orange2", "sky3"], "avenues": ["Broadway"], "challenge": "bronze_baron", "to_move": 1}
    records = []
    for options in ({"characters": "deal", "data": copy.deepcopy(DATA)}, {"position": position}):
        game, moves = nbgames.new_game("newyork1901", 2, seed=3, options=options), random.Random(3)
        for _ in range(6):
            game.play(moves.choice(game.legal_actions()))
        records.append(json.loads(json.dumps(game.to_record())))
        assert nbgames.from_record(records[-1]).history == game.history
    rng = random.Random(7)
    outcomes = Counter()
    for _ in range(300):
        record = copy.deepcopy(rng.choice(records))
        options = record["options"]
        key = "data" if "data" in options else "position"
        options[key] = changed_at_random(options[key], rng)
        try:
            nbgames.from_record(json.loads(json.dumps(record)))
            outcomes["loaded"] += 1
        except nbgames.RecordError:
            outcomes["refused"] += 1
    assert outcomes["refused"] > 50 and outcomes["loaded"] > 10, outcomes
