"""New York City's rules, one or more tests per rule id (NYC-1 … NYC-11, NYC-13, NYC-14;
the characters of NYC-12 are in test_newyork_city_characters.py)."""

from __future__ import annotations

import dataclasses
from collections import Counter

from test_newyork_city_positions import (
    act,
    advance,
    cards,
    hand_text,
    legal,
    new_rules,
    refusal,
    set_hand,
    set_reserve,
    to_bidding,
)

from nbgames.newyork_city import events as ev
from nbgames.newyork_city.tables import DEFAULT_DATA

P, D, E, A, V, C, W = range(7)


def events_of(rules, kind):
    return [e for e in rules.events if e.kind == kind]


# -- NYC-1 the city --------------------------------------------------------------------------
def test_nyc_1_letters_and_score_tiles_are_dealt_at_random():
    letters = {new_rules(3, seed).letters for seed in range(8)}
    assert len(letters) > 1 and all(sorted(x) == list("ABCDEF") for x in letters)
    tiles = {tuple(new_rules(3, seed).tile) for seed in range(8)}
    assert len(tiles) > 1 and all(sorted(x) == sorted(DEFAULT_DATA["score_tiles"]) for x in tiles)


def test_nyc_1_each_district_starts_with_two_black_buildings_and_routes_hold_vehicles():
    rules = new_rules(4, seed=2)
    assert rules.neutral == [2] * 6 and all(rules.vehicle_on)
    view = rules.view(None)
    assert all(len(r["ends"]) == 2 and r["vehicle"] and len(r["lanterns"]) == 2 for r in view["routes"])


# -- NYC-2 the press track -------------------------------------------------------------------
def test_nyc_2_markers_stacked_at_zero_in_random_order_black_by_player_count():
    for players, black in ((2, 4), (3, 3), (4, 2)):
        rules = new_rules(players, seed=players)
        assert rules.press == [0] * players and rules.neutral_press == black
        setup = events_of(rules, "setup")[0]
        assert rules.press_order() == list(setup.press_order)  # the top of the stack is ahead
    assert len({tuple(new_rules(4, s).press_order()) for s in range(10)}) > 1


def test_nyc_2_a_marker_arriving_goes_on_top_and_the_track_ends_at_15():
    rules = new_rules(3, seed=0)
    first, second, third = rules.press_order()
    rules._move_press(third, 2, "test")
    rules._move_press(first, 2, "test")
    assert rules.press_order()[:2] == [first, third]  # the later arrival is on top
    rules._move_press(second, 40, "test")
    assert rules.press[second] == 15
    rules._move_press(first, -1, "test")  # moving down goes under the markers already there
    rules._move_press(third, -1, "test")
    assert rules.press_order()[1:] == [first, third]


# -- NYC-3 fame tiles ------------------------------------------------------------------------
def test_nyc_3_two_fame_tiles_face_up_at_setup_are_round_ones_and_two_more_each_round():
    rules = new_rules(2, seed=5)
    setup_pair = list(rules.fame_up)
    assert len(setup_pair) == 2
    advance(rules, lambda r: r.round == 1)
    assert list(events_of(rules, "round")[0].fame) == setup_pair
    advance(rules, lambda r: r.round == 2)
    second = events_of(rules, "round")[1].fame
    assert len(second) == 2 and not set(second) & set(setup_pair)
    advance(rules, lambda r: r.stage == "over")
    assert len(rules.fame_pile) == 0
    assert sorted(rules.fame_gone + [t for ts in rules.fame_on for t in ts]) == list(range(1, 11))


# -- NYC-4 Statue of Liberty ----------------------------------------------------------------
def test_nyc_4_first_with_buildings_in_all_six_districts_takes_4_later_ones_3():
    rules = new_rules(3, seed=1)
    for seat in (2, 0):
        for d in range(6):
            if not rules.buildings[d][seat]:
                rules._build(seat, d, "stock", "test")
    assert rules.statue == [3, 0, 4]
    assert [(e.seat, e.points) for e in events_of(rules, "statue")] == [(2, 4), (0, 3)]
    rules._build(2, 0, "stock", "test")  # taken once
    assert rules.statue == [3, 0, 4]


# -- NYC-5 and NYC-7 setup ----------------------------------------------------------------------
def test_nyc_5_nyc_7_each_player_starts_with_4_buildings_a_dollar_a_start_building_and_2_reserve_cards():
    rules = new_rules(4, seed=3)
    start = rules.district(events_of(rules, "setup")[0].start)
    assert rules.buildings[start] == [1, 1, 1, 1]
    assert sum(map(sum, rules.buildings)) == 4
    assert rules.board == [4] * 4 and rules.dollars == [1] * 4
    assert rules.stock == [DEFAULT_DATA["buildings_per_player"] - 5] * 4
    assert all(sum(r) == 2 for r in rules.reserve)
    assert len(rules.deck) == 77 - 8
    view = rules.view(1)
    assert all(sum(s["reserve"].values()) == 2 for s in view["seats"])  # face up: everyone sees them


def test_nyc_7_starting_characters_chosen_counter_clockwise_from_the_right_of_the_press_leader():
    rules = new_rules(4, seed=6)
    leader = rules.press_order()[0]
    expected = [(leader - 1) % 4, (leader - 2) % 4, (leader - 3) % 4, leader]
    order = []
    for number in (28, 29, 30, 31):
        order.append(rules.actor)
        act(rules, f"start {number}")
    assert order == expected
    assert rules.boxed_chars == [32] and 32 not in rules.pool


def test_nyc_7_a_starting_character_is_chosen_once():
    rules = new_rules(3, seed=0)
    act(rules, "start 30")
    assert refusal(rules, "start 30")[0] == "NYC-7"
    rule, reason = refusal(rules, "start 12")
    assert rule == "NYC-7" and "not a starting character" in reason


# -- NYC-8 phase 0 ----------------------------------------------------------------------------
def test_nyc_8_the_mayor_visits_a_b_c_d_e_and_never_f():
    rules = new_rules(2, seed=2)
    visited = []
    for round_ in range(1, 6):
        advance(rules, lambda r, n=round_: r.round == n)
        visited.append(rules.letters[rules.mayor])
    assert visited == list("ABCDE")


def test_nyc_8_dollars_on_used_characters_leave_at_phase_0():
    rules = to_bidding(new_rules(2, seed=2), 0)
    seat = rules.actor
    rules.chars[seat].append(13)
    rules.pool.remove(13)
    rules.dollars[seat] = 2
    set_hand(rules, seat, "DP")
    act(rules, "use 13 D")
    assert rules.on_chars[seat] == 1 and rules.dollars[seat] == 1 and 13 in rules.used[seat]
    bank = rules.bank
    advance(rules, lambda r: r.round == 2)
    assert rules.on_chars[seat] == 0 and not rules.used[seat] and rules.bank >= bank + 1


# -- NYC-9 phase 1 ----------------------------------------------------------------------------
def test_nyc_9_deal_three_lay_out_2n_plus_1_pairs_and_draft_two_laps():
    for players in (2, 3, 4):
        rules = advance(new_rules(players, seed=players), lambda r: r.stage == "draft")
        assert len(rules.display) == 2 * players + 1
        assert all(rules.hand_size(s) == 3 for s in range(players))
        leader = rules.press_order()[0]
        order = [(leader - k) % players for k in range(1, players + 1)]
        movers = []
        while rules.stage == "draft":
            movers.append(rules.actor)
            act(rules, legal(rules)[0])
        assert movers == order + order
        assert all(rules.hand_size(s) == 7 for s in range(players))
        assert rules.display == [] and events_of(rules, "discard")[-1].seat == -1  # the leftover pair


def test_nyc_9_a_drafted_pair_is_known_to_everyone_the_dealt_cards_are_not():
    rules = advance(new_rules(3, seed=1), lambda r: r.stage == "draft")
    seat, pair = rules.actor, rules.display[0]
    act(rules, "take 1")
    view = rules.view((seat + 1) % 3)["seats"][seat]
    assert Counter(view["known_hand"]) == Counter(rules.T.letter(c) for c in pair)
    assert view["hand"] is None and view["hand_size"] == 5
    assert refusal(rules, "take 1")[0] == "NYC-9"


# -- NYC-10 bidding -----------------------------------------------------------------------------
def test_nyc_10_six_bidding_rounds_in_order_opened_by_the_press_leader():
    rules = to_bidding(new_rules(3, seed=8), 0)
    assert rules.actor == rules.press_order()[0]
    kinds = []
    while rules.round == 1:
        if rules.stage == "bid" and (not kinds or kinds[-1] != rules.bid_kind):
            kinds.append(rules.bid_kind)
        act(rules, "pass" if rules.stage == "bid" else legal(rules)[-1] if rules.stage != "window3" else "done")
    assert kinds == [0, 1, 2, 3, 4, 5]


def test_nyc_10_a_wild_copies_the_bid_but_never_plays_alone():
    rules = to_bidding(new_rules(2, seed=1), 2)  # the elevator round
    seat = rules.actor
    set_hand(rules, seat, "WWDDE")
    rule, reason = refusal(rules, "play W")
    assert rule == "NYC-10" and "alone" in reason
    assert "play W" not in legal(rules)
    act(rules, "play DD")  # two identical cards of any kind count as one elevator card
    act(rules, "play W")  # ...and a wild may copy that
    act(rules, "play W")
    assert rules.bid_value[seat] == 3 and hand_text(rules, seat) == "E"
    assert refusal(rules, "play D")[0] == "NYC-10"  # a single card of another kind does not count


def test_nyc_10_a_single_card_of_another_kind_does_not_count():
    rules = to_bidding(new_rules(2, seed=1), 0)
    set_hand(rules, rules.actor, "DDP")
    rule, reason = refusal(rules, "play D")
    assert rule == "NYC-10" and "play DD" in reason
    rule, reason = refusal(rules, "play PP")
    assert rule == "NYC-10"


def test_nyc_10_a_reserve_card_may_be_swapped_again_in_the_same_turn():
    rules = to_bidding(new_rules(2, seed=1), 0)
    seat = rules.actor
    set_hand(rules, seat, "DV")
    set_reserve(rules, seat, "PP")
    act(rules, "swap D>P")
    assert rules.reserve[seat] == cards("PD") and hand_text(rules, seat) == "PV"
    act(rules, "swap V>D")  # the D that went in this turn comes out again ("any number of times")
    assert rules.reserve[seat] == cards("PV") and hand_text(rules, seat) == "PD"
    act(rules, "swap D>P")
    assert rules.reserve[seat] == cards("DV") and hand_text(rules, seat) == "PP"
    assert rules.stage == "bid" and rules.actor == seat  # a swap never ends the turn
    act(rules, "play P")
    act(rules, "play P")
    assert rules.bid_value[seat] == 2
    assert refusal(rules, "swap P>A")[0] == "NYC-10"  # no P in hand, no A in the reserve


def test_nyc_10_swaps_are_offered_in_every_decision_of_the_seat_and_only_then():
    """Over seeded games: in every decision (draft, character windows, bidding, character 5's and
    22's choices, elevator, construction moves, fame tiles) the seat to move may swap whenever it
    holds a hand card and its reserve a card of another kind; a swap never ends the decision, and
    no decision is offered for swaps alone."""
    import random

    seen = set()
    for players, seed in ((2, 1), (3, 2), (4, 3), (3, 7), (4, 9)):
        rules = new_rules(players, seed)
        rng = random.Random(seed)
        for number in (5, 22, 12, 24, 26, 27, 1, 3, 8):  # characters with a window or a follow-up choice
            if number in rules.pool:
                rules.pool.remove(number)
                rules.chars[number % players].append(number)
        while rules.stage != "over":
            seat = rules.actor
            can = any(rules.hand(seat, g) and any(rules.reserve[seat][t] for t in range(7) if t != g)
                      for g in range(7))
            moves = legal(rules)
            swaps = [m for m in moves if m.startswith("swap ")]
            assert bool(swaps) == can, (rules.stage, moves)
            assert len(swaps) < len(moves), f"{rules.stage}: a decision of swaps alone"
            if swaps:
                seen.add(rules.stage)
            if swaps and rng.random() < 0.2:
                stage = rules.stage
                act(rules, rng.choice(swaps))
                assert rules.stage == stage and rules.actor == seat
                continue
            others = [m for m in moves if not m.startswith("swap ")]
            act(rules, rng.choice(others))
    assert seen >= {"draft", "window1", "bid", "hire", "fame", "window3", "drop", "back"}, seen


def test_nyc_10_two_cards_of_the_rounds_own_kind_may_be_played_as_one():
    rules = to_bidding(new_rules(2, seed=1), 0)
    seat = rules.actor
    set_hand(rules, seat, "PPWW")
    assert "play PP" in legal(rules)  # the rule allows any two identical cards as one card
    act(rules, "play PP")
    assert rules.bid_value[seat] == 1 and hand_text(rules, seat) == "WW"
    rule, reason = refusal(rules, "play WW")  # [R] two wilds are no pair
    assert rule == "NYC-10" and "Two wilds" in reason
    act(rules, "play W")
    assert rules.bid_value[seat] == 2


def test_nyc_10_most_cards_gets_plus_one_ties_by_press_and_opens_the_next_round():
    rules = to_bidding(new_rules(3, seed=2), 0)
    first, second, third = rules.bid_order
    keys = {s: rules.press_key(s) for s in range(3)}
    for seat, hand in ((first, "P"), (second, "PP"), (third, "VVP")):
        assert rules.actor == seat
        set_hand(rules, seat, hand)
        for move in {"P": ["play P"], "PP": ["play P", "play P"], "VVP": ["play VV", "play P"]}[hand]:
            act(rules, move)
        act(rules, "done")
    # second and third tie at 2 cards: the one higher on press (before moving) wins the bonus
    winner = max((second, third), key=keys.get)
    assert events_of(rules, "bonus")[-1].seat == winner
    assert rules.press[winner] == 3 and rules.press[first] == 1
    assert rules.bid_kind == 1 and rules.actor == winner == rules.start_player


def test_nyc_10_dollar_acquisition_and_vp_rounds_pay_per_card():
    rules = to_bidding(new_rules(2, seed=3), 1)
    seat, other = rules.bid_order
    set_hand(rules, seat, "DD")
    act(rules, "play D")
    act(rules, "play D")
    act(rules, "done")
    act(rules, "pass")
    assert rules.dollars[seat] == 1 + 3  # 2 cards + 1 for the most
    advance(rules, lambda r: r.stage == "bid" and r.bid_kind == 3)
    seat = rules.actor
    board, stock = rules.board[seat], rules.stock[seat]
    set_hand(rules, seat, "A")
    act(rules, "play A")
    act(rules, "done")
    act(rules, "pass")
    assert (rules.board[seat], rules.stock[seat]) == (board + 2, stock - 2)


def test_nyc_10_elevator_takes_a_character_up_to_the_level_played():
    rules = to_bidding(new_rules(2, seed=3), 2)
    seat = rules.actor
    set_hand(rules, seat, "EE")
    act(rules, "play E")
    act(rules, "play E")
    act(rules, "done")
    act(rules, "pass")
    assert rules.stage == "hire" and rules.actor == seat
    offered = [int(m.split()[1]) for m in legal(rules) if m != "hire none"]
    assert offered and max(rules.T.characters[n].level for n in offered) == 3  # 2 cards + 1 bonus
    too_high = next(n for n in rules.pool if rules.T.characters[n].level == 4)
    rule, reason = refusal(rules, f"hire {too_high}")
    assert rule == "NYC-10" and "level 4" in reason
    act(rules, f"hire {offered[-1]}")
    assert offered[-1] in rules.chars[seat] and offered[-1] not in rules.pool


def test_nyc_10_vp_round_scores_and_top_two_place_fame_tiles():
    rules = to_bidding(new_rules(3, seed=4), 4)
    first, second, third = rules.bid_order
    for seat, hand in ((first, "V"), (second, "VVV"), (third, "VV")):
        set_hand(rules, seat, hand)
        for _ in hand:
            act(rules, "play V")
        act(rules, "done")
    vp = list(rules.vp)
    assert rules.stage == "fame" and rules.actor == second  # the most cards picks first
    tile = rules.fame_up[0]
    colour, value = rules.T.fame[tile]
    r = next(i for i, route in enumerate(rules.T.routes) if route.vehicle == colour and rules.vehicle_on[i])
    route = rules.T.routes[r]
    d = route.ends[1]
    wrong = next(x for x in range(6) if x not in route.ends)
    assert refusal(rules, f"fame {tile} {route.id}>{rules.letters[wrong]}")[0] == "NYC-10"
    before = rules.district_value(d)
    board = rules.board[second]
    act(rules, f"fame {tile} {route.id}>{rules.letters[d]}")
    assert rules.district_value(d) == before + value and not rules.vehicle_on[r]
    assert rules.vehicles[second][colour] == 1 and rules.board[second] == board - 1
    assert rules.buildings[d][second] >= 1
    assert rules.actor == third and rules.stage == "fame"
    act(rules, "fame none")
    assert rules.fame_up == [] and events_of(rules, "fame_gone")[-1].tiles  # the other tile leaves
    assert vp[second] == 4 and vp[third] == 2 and vp[first] == 1


def test_nyc_10_construction_builds_in_the_mayors_district_moving_buildings_when_short():
    rules = to_bidding(new_rules(2, seed=5), 5)
    seat = rules.actor
    mayor = rules.mayor
    elsewhere = next(d for d in range(6) if d != mayor)
    rules.board[seat] = 1
    rules.buildings[elsewhere][seat] += 2
    set_hand(rules, seat, "CC")
    act(rules, "play C")
    act(rules, "play C")
    act(rules, "done")
    act(rules, "pass")
    before = rules.buildings[mayor][seat]
    assert rules.stage == "move" and rules.actor == seat  # 3 to build, 1 on the board
    assert refusal(rules, f"move {rules.letters[mayor]}")[0] == "NYC-10"
    for _ in range(2):
        act(rules, f"move {rules.letters[elsewhere]}")
    assert rules.buildings[mayor][seat] == before + 2 and rules.board[seat] == 0
    assert rules.stage != "move"


def test_nyc_10_hands_are_discarded_at_the_end_of_the_round_reserves_stay():
    rules = to_bidding(new_rules(2, seed=6), 5)
    reserves = [list(r) for r in rules.reserve]
    advance(rules, lambda r: r.round == 2)
    assert rules.reserve == reserves or all(sum(r) == 2 for r in rules.reserve)
    assert all(e.count == 7 for e in events_of(rules, "discard_hidden")[-2:])
    assert all(rules.hand_size(s) == 3 for s in range(2))  # round 2's deal


# -- NYC-11 phase 3 ----------------------------------------------------------------------------
def test_nyc_11_phase_3_abilities_come_after_the_construction_round():
    rules = to_bidding(new_rules(2, seed=7), 5)
    seat = rules.actor
    rules.chars[seat].append(24)
    rules.pool.remove(24)
    assert "use 24" not in legal(rules)
    advance(rules, lambda r: r.stage == "window3")
    assert rules.actor == seat and [m for m in legal(rules) if not m.startswith("swap ")] == ["use 24", "done"]
    act(rules, "use 24")
    assert rules.stage != "window3" or rules.actor != seat


# -- NYC-13 and NYC-14 --------------------------------------------------------------------------
def test_nyc_13_district_majority_halves_with_black_and_press_ties():
    rules = new_rules(3, seed=0)
    d = 0
    rules.tile[d] = 13
    rules.fame_on[d] = []
    rules.buildings[d] = [3, 2, 2]
    rules.neutral[d] = 2
    rules.press[1], rules.press[2] = 4, 1  # 1 beats 2 on press; black is on 3 (3 players)
    assert rules.district_ranking(d) == [(0, 13), (1, 6), (-1, 3), (2, 1)]
    rules.buildings[d] = [0, 0, 0]
    assert rules.district_ranking(d) == [(-1, 13)]  # nobody scores it


def test_nyc_13_leftovers_press_and_levels():
    rules = new_rules(2, seed=0)
    rules.chars = [[28, 13, 22], [29]]
    rules.dollars, rules.board, rules.press = [3, 0], [4, 0], [5, 4]
    rules.buildings = [[0, 0] for _ in range(6)]
    rules.neutral = [0] * 6
    parts = {p["what"]: p["points"] for p in rules.explain_scores()[0]["parts"]}
    assert parts["character levels"] == 1 + 1 + 5
    assert parts["dollars and buildings left ÷ 2"] == 4  # 7 / 2 rounded up
    assert parts["press track 5 or more"] == 3
    assert {p["what"]: p["points"] for p in rules.explain_scores()[1]["parts"]}["press track 5 or more"] == 0


def test_nyc_14_a_tie_goes_to_the_one_higher_on_press():
    rules = new_rules(2, seed=0)
    rules.buildings = [[0, 0] for _ in range(6)]
    rules.chars = [[], []]
    rules.dollars = rules.board = [0, 0]
    rules.press = [2, 3]
    rules.vp = [10, 10]
    assert rules.scores()[0] == rules.scores()[1] and rules.winners() == [1]
    rules.vp = [11, 10]
    assert rules.winners() == [0]


def test_events_name_no_secret_card():
    """Cards dealt or drawn into a hand appear as a count; every other event's cards were face up."""
    rules = advance(new_rules(2, seed=9), lambda r: r.stage == "bid")
    draws = [e for e in rules.events if isinstance(e, ev.Draw)]
    assert draws and all([f.name for f in dataclasses.fields(e)] == ["seat", "count"] for e in draws)
    dealt = events_of(rules, "deal")[0]
    assert dataclasses.asdict(dealt).keys() == {"count", "pairs"}


def test_nyc_10_nobody_bids_no_bonus_and_the_same_player_opens():
    rules = to_bidding(new_rules(3, seed=3), 1)
    start = rules.actor
    bonuses = len(events_of(rules, "bonus"))
    for _ in range(3):
        act(rules, "pass")
    assert rules.bid_kind == 2 and rules.actor == start and len(events_of(rules, "bonus")) == bonuses


def test_nyc_10_fame_is_skipped_when_no_vehicle_of_a_face_up_colour_is_left():
    rules = to_bidding(new_rules(2, seed=4), 4)
    rules.vehicle_on = [False] * len(rules.vehicle_on)
    seat = rules.actor
    set_hand(rules, seat, "V")
    act(rules, "play V")
    act(rules, "done")
    act(rules, "pass")
    assert rules.stage == "bid" and rules.bid_kind == 5 and events_of(rules, "fame_gone")


def test_text_that_is_no_move_says_what_a_move_looks_like_now():
    rules = new_rules(2, seed=0)
    assert rules.parse("hello") is None
    rule, reason = rules.why_unknown("hello")
    assert rule == "NYC-7" and "start 29" in reason
    to_bidding(rules, 0)
    rule, reason = rules.why_not(rules.parse("take 1"))
    assert rule == "NYC-10" and "cannot be played now" in reason
