"""Every decision New York City's engine takes where the rule file is silent is stated as a house
rule in the players' rules text, in English and in Japanese (issue 26, item 2), and the engine
does what the text says."""

from __future__ import annotations

import pytest
from test_newyork_city_positions import act, advance, legal, new_rules, refusal, set_hand, set_reserve, to_bidding

import nbgames
from nbgames.newyork_city.rulebook import HOUSE, RULEBOOK

P, D, E, A, V, C, W = range(7)

# (what the engine decides, the rule it belongs to, words of the English text, words of the Japanese text)
HOUSE_RULES = [
    ("reserve swaps in every decision", "NYC-10", "you may swap in every decision of yours",
     "交換は自分が決める番のすべて"),
    ("a card swapped again in the same turn", "NYC-10", "swap a card back in one turn",
     "同じ手番に一度交換したカードをまた交換"),
    ("elevator order", "NYC-6", "The elevator hires in bidding order", "エレベーターは入札の順にキャラを獲得"),
    ("elevator skips", "NYC-6", "whose bid reaches no character left takes none",
     "届くキャラが残っていない人は獲得しません"),
    ("phase-1 window order", "NYC-9", "each player in the draft order has one turn to use phase-1 characters",
     "獲得と同じ順番で各プレイヤーに1回ずつフェイズ1のキャラを使う番"),
    ("phase-3 window order", "NYC-11", "each player in the draft order has one turn to use phase-3 characters",
     "各プレイヤーに1回ずつフェイズ3のキャラを使う番"),
    ("start player when nobody bids", "NYC-10", "If nobody bids, the same player starts the next bidding round",
     "誰も入札しなければ＋1はなく、同じ人が次の入札ラウンドを始めます"),
    ("fame tile with an empty personal board", "NYC-3", "even with an empty personal board; then nothing is built",
     "個人ボードにビルがなくても名声タイルを置いて乗り物を受け取れますが、ビルは建ちません"),
    ("11 needs a building", "NYC-12", "11 needs a building on your board", "11は個人ボードにビルが必要"),
    ("3's third reserve card is permanent", "NYC-12", "3's third reserve card stays for good",
     "3のリザーブ3枚目はずっと残ります"),
    ("7 may give itself away", "NYC-12", "7 may give itself away", "7は自分自身を手放せます"),
    ("14's marker goes under the stack", "NYC-12", "14's marker goes under those on its new space",
     "14で下がったプレス駒は、その位置にある駒の下"),
    ("34 ignores wilds", "NYC-12", "wilds count for none", "ワイルドカードは数えません"),
    ("40–42 and the ÷ 2 leftover", "NYC-13", "that 40–42 count still count in the ÷ 2",
     "40〜42 が数えたドルとビル"),
    ("13, 15 and 20 refuse wilds", "NYC-12", "13, 15 and 20 take no wild", "13・15・20 にワイルドカードは使えません"),
    ("play PP of the round's own kind", "NYC-10", "Two cards of the round's own kind may count as one card",
     "そのラウンドの種類の札2枚も1枚として出せます"),
    ("two wilds are no pair", "NYC-10", "two wilds are no pair", "ワイルドカード2枚はペアになりません"),
]


@pytest.mark.parametrize("what, rule, english, japanese", HOUSE_RULES, ids=[h[0] for h in HOUSE_RULES])
def test_each_house_rule_is_stated_in_both_languages(what, rule, english, japanese):
    assert rule in HOUSE
    en, ja = RULEBOOK["en"][rule]["text"], RULEBOOK["ja"][rule]["text"]
    house_en, house_ja = en[en.index("House rule"):], ja[ja.index("ハウスルール"):]
    assert english in house_en, (what, en)
    assert japanese in house_ja, (what, ja)


def test_nyc_4_the_statues_3_is_the_seeds_number_not_a_house_rule():
    assert "NYC-4" not in HOUSE
    assert "House rule" not in RULEBOOK["en"]["NYC-4"]["text"] and "ハウスルール" not in RULEBOOK["ja"]["NYC-4"]["text"]
    assert "3" in RULEBOOK["ja"]["NYC-4"]["text"]
    data = nbgames.new_game("newyork_city", 2, seed=0).rules.T.data
    assert "statue" not in data["house_resolutions"]


# -- the engine does what the text says ------------------------------------------------------------
def test_nyc_10_nobody_bids_the_same_player_starts_the_next_bidding_round():
    rules = to_bidding(new_rules(3, seed=2), 1)
    start = rules.start_player
    for _ in range(3):
        set_hand(rules, rules.actor, "")
        act(rules, "pass")
    assert rules.stage == "bid" and rules.bid_kind == 2 and rules.actor == rules.start_player == start


def test_nyc_10_a_fame_tile_with_an_empty_personal_board_builds_nothing():
    rules = to_bidding(new_rules(2, seed=3), 4)
    first = rules.actor
    set_hand(rules, first, "VV")
    act(rules, "play V")
    act(rules, "play V")
    act(rules, "done")
    set_hand(rules, rules.actor, "")
    act(rules, "pass")
    advance(rules, lambda r: r.stage == "fame" and r.actor == first)
    rules.board[first] = 0
    before = [row[first] for row in rules.buildings]
    move = next(m for m in legal(rules) if m != "fame none")
    act(rules, move)
    assert [row[first] for row in rules.buildings] == before and sum(rules.vehicles[first]) == 1


def test_nyc_12_character_3_cannot_be_used_while_the_reserve_holds_three():
    rules = advance(new_rules(2, seed=1), lambda r: r.stage == "draft")
    seat = rules.draft_order()[0]
    rules.pool.remove(3)
    rules.chars[seat].append(3)
    rules.dollars[seat] = 2
    advance(rules, lambda r: r.stage == "window1")
    set_reserve(rules, seat, "PDE")
    assert refusal(rules, "use 3")[0] == "NYC-12"


def test_nyc_12_character_7_may_give_itself_away():
    rules = advance(new_rules(2, seed=1), lambda r: r.stage == "draft")
    seat = rules.draft_order()[0]
    rules.pool.remove(7)
    rules.chars[seat].append(7)
    rules.dollars[seat] = 1
    advance(rules, lambda r: r.stage == "window1")
    level = rules.T.characters[7].level
    taken = next(n for n in rules.pool if rules.T.characters[n].level == level + 1)
    act(rules, f"use 7 7>{taken}")
    assert 7 in rules.pool and taken in rules.chars[seat] and 7 not in rules.chars[seat]


def test_nyc_12_character_14_drops_under_the_markers_on_its_new_space():
    rules = to_bidding(new_rules(3, seed=2), 1)
    seat = rules.actor
    other = next(s for s in range(3) if s != seat)
    rules.press[seat], rules.press[other] = 4, 2
    rules.pool.remove(14)
    rules.chars[seat].append(14)
    rules.dollars[seat] = 1
    set_hand(rules, seat, "D")
    act(rules, "play D")
    act(rules, "use 14 2")
    assert rules.press[seat] == 2 and rules.press_key(seat) < rules.press_key(other)


@pytest.mark.parametrize("number", [13, 15, 20])
def test_nyc_12_characters_13_15_and_20_take_no_wild(number):
    rules = to_bidding(new_rules(2, seed=1), 0)
    seat = rules.actor
    rules.pool.remove(number)
    rules.chars[seat].append(number)
    rules.dollars[seat] = 1
    set_hand(rules, seat, "PW")
    set_reserve(rules, seat, "WW")
    act(rules, "play P")
    assert refusal(rules, f"use {number} W")[0] == "NYC-12"


def test_nyc_12_character_34_counts_no_wilds_and_40_to_42_leave_the_leftover_whole():
    rules = new_rules(2, seed=0)
    seat = 0
    rules.chars[seat] += [34, 40]
    rules.pool = [n for n in rules.pool if n not in (34, 40)]
    set_reserve(rules, seat, "WWWP")
    assert rules._end_character_points(seat, 34) == 2
    rules.vehicles[seat][rules.T.characters[40].vehicles[0]] = 1
    rules.dollars[seat], rules.board[seat] = 1, 0
    parts = {p["what"]: p for p in rules.explain_scores()[seat]["parts"]}
    assert parts["character 40"]["points"] == 6 and parts["dollars and buildings left ÷ 2"]["count"] == 1
