"""New York component data (nbgames/newyork/data.json): counts, shapes and sums, and that the
house resolutions the rule file marks [R] are named."""

from nbgames.newyork.rules import DATA


def test_board_names_and_colours():
    n = DATA["board_size"]
    assert n == 7
    assert len(DATA["avenues"]) == n == len(set(DATA["avenues"]))
    assert len(DATA["streets"]) == n == len(set(DATA["streets"]))
    assert DATA["colours"] == ["red", "blue", "yellow", "green", "black"]  # NY-3 order
    assert len(DATA["colour_letters"]) == 5 == len(set(DATA["colour_letters"]))


def test_per_player_numbers_match_ny3_and_v3():
    table = DATA["per_player_count"]
    assert {k: tuple(v.values()) for k, v in table.items()} == {
        "3": (25, 8, 8), "4": (20, 6, 6), "5": (15, 5, 5)}
    for v in table.values():
        assert v["setup_pieces"] == v["chips"]  # the seed: setup pieces equal the starting chips
    assert DATA["two_player"] == {"colours_per_player": 2, "pieces": 20, "chips": 12, "setup_pieces": 6}


def test_cards_match_ny2():
    assert DATA["road_cards_per_line"] == 4 and DATA["jokers_per_colour"] == 5 and DATA["stop_cards"] == 2
    actions = DATA["action_cards"]
    assert list(actions) == ["sanierung", "ruine", "spekulation", "baulowe", "statik"]
    assert sum(v["red"] + v["blue"] for v in actions.values()) == 12
    assert sum(v["red"] for v in actions.values()) == 6 == sum(v["blue"] for v in actions.values())
    assert [v["red"] + v["blue"] for v in actions.values()] == [2, 2, 2, 3, 3]


def test_special_squares_are_the_centre_cross_and_the_corners():
    centre = (3, 3)
    cross = {centre} | {(centre[0] + dr, centre[1] + dc) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))}
    assert {tuple(sq) for sq in DATA["central_squares"]} == cross
    assert {tuple(sq) for sq in DATA["corner_squares"]} == {(0, 0), (0, 6), (6, 0), (6, 6)}
    assert DATA["stop_trigger_empty_squares"] == 4 and DATA["spekulation_min_pieces"] == 8


def test_house_resolutions_name_existing_entries():
    named = DATA["house_resolutions"]
    assert {"avenues", "streets", "action_cards", "central_squares"} <= set(named)
    assert "stop_trigger_empty_squares" not in named  # NY-15's "4 or fewer" is the seed's number
    assert all(key in DATA for key in named)
