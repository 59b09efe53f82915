"""New York City's component data (nbgames/newyork_city/data.json): every count and shape the
issue names, the house defaults named as such, and a user's own data checked and played."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest
from contract_support import changed_at_random

import nbgames
from nbgames.newyork_city.tables import DEFAULT, DEFAULT_DATA, data_problems, tables_for

DATA = DEFAULT_DATA
LISTED = [1, 2, 3, 4, 5, 7, 8, 11, 12, 13, 14, 15, 18, 19, 20, 21, 22, 24, 26, 27, 28, 29, 30, 31, 32, 33, 34,
          35, 37, 38, 39, 40, 41, 42]  # NYC-6: the abilities the seed lists


def test_nyc_1_six_districts_with_letters_tiles_and_two_black_buildings():
    assert len(DATA["districts"]) == 6 == len(set(DATA["districts"]))
    assert sorted(DATA["letters"]) == list("ABCDEF")
    assert len(DATA["score_tiles"]) == 6 and all(v > 0 for v in DATA["score_tiles"])
    assert DATA["neutral_buildings"] == 2


def test_nyc_1_route_graph_vehicles_and_lanterns():
    routes = DATA["routes"]
    assert len(routes) == 9  # [R] about 9 routes
    assert len(DATA["vehicle_colours"]) == 5 == len(set(DATA["vehicle_colours"]))
    assert len(DATA["lantern_colours"]) == 5 == len(set(DATA["lantern_colours"]))
    assert {r["vehicle"] for r in routes} == set(DATA["vehicle_colours"])  # every colour is on the board
    assert {c for r in routes for c in r["lanterns"]} == set(DATA["lantern_colours"])
    pairs = [tuple(sorted(r["ends"])) for r in routes]
    assert len(set(pairs)) == len(pairs) and all(a != b for a, b in pairs)
    # the graph is connected and every district is at the end of some route
    reached, frontier = {0}, [0]
    while frontier:
        d = frontier.pop()
        for a, b in pairs:
            for x, y in ((a, b), (b, a)):
                if x == d and y not in reached:
                    reached.add(y)
                    frontier.append(y)
    assert reached == set(range(6))
    assert all(DEFAULT.lanterns_of[d] for d in range(6))


def test_nyc_2_press_track_and_black_marker_per_player_count():
    assert DATA["press_track_top"] == 15
    assert DATA["neutral_press"] == {"2": 4, "3": 3, "4": 2}
    assert DATA["press_bonus"] == {"threshold": 5, "points": 3}  # NYC-13


def test_nyc_3_ten_fame_tiles_two_a_round():
    tiles = DATA["fame_tiles"]
    assert len(tiles) == 10 == len({t["id"] for t in tiles})
    assert all(2 <= t["value"] <= 4 for t in tiles)
    assert {t["vehicle"] for t in tiles} <= set(DATA["vehicle_colours"])
    assert DATA["fame_tiles_per_round"] * DATA["rounds"] == 10 and DATA["rounds"] == 5


def test_nyc_4_statue_values():
    assert DATA["statue"] == {"first": 4, "later": 3}


def test_nyc_5_players_start_and_the_deck():
    assert DATA["start_buildings"] == 4 and DATA["start_dollars"] == 1
    assert DATA["kinds"] == ["press", "dollar", "elevator", "acquisition", "vp", "construction"]  # NYC-10 order
    assert DATA["deck"] == {kind: 11 for kind in DATA["kinds"] + ["wild"]}
    assert Counter(DEFAULT.deck) == {kind: 11 for kind in range(7)} and len(DEFAULT.deck) == 77
    assert DATA["hand_deal"] == 3 and DATA["reserve_cards"] == 2 and DATA["draft_laps"] == 2


def test_nyc_6_characters_numbers_phases_and_levels():
    chars = {c["number"]: c for c in DATA["characters"]}
    assert sorted(chars) == LISTED
    assert not {6, 9, 10, 16, 17, 23, 25, 36} & set(chars)  # not in the seed: left out [R]
    phases = {1: [1, 2, 3, 4, 5, 7, 8, 11], 2: [12, 13, 14, 15, 18, 19, 20, 21, 22], 3: [24, 26, 27]}
    for phase, numbers in phases.items():
        assert [n for n in LISTED if chars[n]["phase"] == phase] == numbers
    assert [n for n in LISTED if chars[n]["phase"] == "end"] == [28, 29, 30, 31, 32, 33, 34, 35, 37, 38, 39, 40,
                                                                 41, 42]
    assert all(1 <= c["level"] <= 5 for c in chars.values())
    for phase in (1, 2, 3, "end"):  # higher-numbered characters of a phase are no weaker
        levels = [chars[n]["level"] for n in LISTED if chars[n]["phase"] == phase]
        assert levels == sorted(levels)
    # the icons: +1 VP on 1, 3, 12 and 24; +1 dollar on 18 (NYC-12)
    assert {n for n, c in chars.items() if c.get("vp")} == {1, 3, 12, 24}
    assert {n for n, c in chars.items() if c.get("dollars")} == {18}


def test_nyc_7_starting_characters_count_the_five_lantern_colours():
    assert DATA["starting_characters"] == [28, 29, 30, 31, 32]
    lanterns = [DEFAULT.characters[n].lantern for n in DATA["starting_characters"]]
    assert sorted(lanterns) == list(range(5))


def test_nyc_8_the_mayor_visits_a_to_e():
    assert DATA["mayor_letters"] == "ABCDE"


def test_house_defaults_are_named_and_exist():
    named = DATA["house_resolutions"]
    assert {"routes", "score_tiles", "neutral_press", "fame_tiles", "deck", "characters"} <= set(named)
    assert "statue" not in named  # NYC-4's 4 then 3 is the seed's own ("4or3")
    assert all(key in DATA for key in named)
    assert "house default" in DATA["_comment"]


def test_the_default_data_has_no_problem():
    assert data_problems(DATA) == []


@pytest.mark.parametrize("break_it, words", [
    (lambda d: d["districts"].pop(), "six districts"),
    (lambda d: d["routes"][0].update(vehicle="purple"), "route"),
    (lambda d: d["fame_tiles"].pop(), "fame tiles for every round"),
    (lambda d: d["deck"].pop("wild"), "count for each kind"),
    (lambda d: d["characters"][0].update(ability="fly"), "character 1"),
    (lambda d: d["characters"].append(dict(d["characters"][0])), "numbers differ"),
    (lambda d: d.pop("rounds"), "missing rounds"),
    (lambda d: d.update(buildings_per_player=4), "enough buildings"),
    (lambda d: d["routes"][0].update(ends=[0.5, 1]), "route 'r1'"),
    (lambda d: d.update(rounds=5.0), "whole numbers from 0 to 1000: rounds"),
    (lambda d: d["press_bonus"].pop("threshold"), "press_bonus"),
    (lambda d: d.update(statue={"first": "4", "later": 3}), "statue"),
    (lambda d: d["fame_tiles"][0].update(id=True), "fame tiles have different ids"),
    (lambda d: d["characters"][0].update(vp="1"), "character 1"),
])
def test_broken_data_is_refused_with_what_is_wrong(break_it, words):
    data = copy.deepcopy(DATA)
    break_it(data)
    problems = "; ".join(data_problems(data))
    assert words in problems
    with pytest.raises(ValueError):
        nbgames.new_game("newyork_city", 2, seed=0, options={"data": data})


def test_a_users_own_data_is_played():
    data = copy.deepcopy(DATA)
    data["score_tiles"] = [20] * 6
    data["deck"] = {kind: 5 for kind in DATA["kinds"]} | {"wild": 0}
    game = nbgames.new_game("newyork_city", 2, seed=3, options={"data": data})
    assert [d["tile"] for d in game.view(0)["districts"]] == [20] * 6
    assert tables_for(json.loads(json.dumps(data))) is tables_for(data)  # built once per data set
    while not game.is_over:
        game.play([a for a in game.legal_actions() if a.kind != "swap"][-1])  # a swap would never end a turn
    assert nbgames.from_record(game.to_record()).scores() == game.scores()


@pytest.mark.parametrize("change", [
    {"deck": {kind: 0 for kind in DATA["kinds"] + ["wild"]}},  # nothing to deal or draft
    {"starting_characters": [28]},  # fewer starting characters than players
    {"buildings_per_player": 5, "bank_dollars": 2},  # no stock, a poor bank
])
def test_odd_but_valid_data_still_plays_to_the_end(change):
    data = copy.deepcopy(DATA) | change
    game = nbgames.new_game("newyork_city", 4, seed=2, options={"data": data})
    while not game.is_over:
        assert len(game.history) < 3000
        game.play(game.legal_actions()[len(game.history) % len(game.legal_actions())])
    assert len(game.scores()) == 4


def test_a_data_file_changed_at_random_is_refused_or_plays_saves_and_loads():
    """A user's data file, changed at random 1,000 times, is refused with a ValueError, or makes a game
    that shows every seat its view, plays on and saves a record that loads (a route end of 0.5, a
    press bonus without its threshold and a fame tile id `true` were once accepted: the first two
    crashed the view, the last made saves that would not load)."""
    rng = random.Random("nyc-data")
    refused = played = 0
    for _ in range(1000):
        data = changed_at_random(copy.deepcopy(DATA), rng)
        try:
            game = nbgames.new_game("newyork_city", 3, seed=rng.randrange(100), options={"data": data})
        except ValueError:
            refused += 1
            continue
        for seat in range(3):
            json.dumps(game.view(seat))
        for _ in range(60):
            if game.is_over:
                break
            game.play(rng.choice(game.legal_actions()))
        assert nbgames.from_record(json.dumps(game.to_record())).view(0) == game.view(0)
        played += 1
    assert refused and played, (refused, played)


def test_bots_play_data_whose_kinds_are_renamed_as_they_play_the_default():
    """A user's data may name the card kinds otherwise (NYC-5): the bots and hints read the kinds
    from the game's data, so the same seed gives the same game and scores (they once took each
    kind's first letter for its place in the bidding order, and crashed on "news", "cash", …).
    Relettered kinds (other notations, so other games) are played to the end too."""
    from nbgames.engine.bots import GreedyBot, MctsBot
    from nbgames.engine.hints import hint

    names = dict(zip(DATA["kinds"], ["news", "cash", "lift", "buy", "fame", "build"], strict=True))
    renamed = copy.deepcopy(DATA) | {"kinds": list(names.values())}
    renamed["deck"] = {names.get(kind, kind): count for kind, count in DATA["deck"].items()}
    relettered = renamed | {"kind_letters": "NKLBFU", "wild_letter": "J"}
    finals = []
    for data in (None, renamed, relettered):
        game = nbgames.new_game("newyork_city", 3, seed=4, options={"data": data})
        bots = [GreedyBot(1), MctsBot(2, iterations=8, seconds=None), GreedyBot(3)]
        while not game.is_over:
            assert game.ply < 2000
            if game.ply % 60 == 0:
                hint(game, iterations=10)
            game.play(bots[game.to_move].choose(game))
        finals.append((game.ply, game.scores()))
    assert finals[0] == finals[1]
