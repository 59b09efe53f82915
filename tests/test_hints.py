"""Hints (issue 12, item 3): the suggested move, three alternatives with values, and facts that
name real score lines (`explain_scores`) and costs from the preview. Issue 27 item 5: a hint
and a review's costly move are said in plain words with one reason and the rule id it rests on
(an id of the game's rulebook, clickable on the page) — no notation, no score-line keys, no
winning chance — in English and Japanese, for every game over many seeded positions."""

from __future__ import annotations

import random
import re

import pytest

from nbgames.engine.game import Game
from nbgames.engine.hints import advice_maker, advise, facts, hint, score_changes
from nbgames.galopp_royal.text import card_text
from nbgames.i18n import using
from nbgames.rulebook import cited, rule
from nbgames.ui.review_panel import advice_html


def position(name: str, seed: int, plies: int) -> Game:
    game = Game(name, 4, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        game.play(rng.choice(game.legal_actions()))
    while len(game.legal_actions()) < 4:
        game.play(rng.choice(game.legal_actions()))
    return game


def score_lines(game: Game) -> set[tuple[int, str, str]]:
    return {(entry["seat"], part["rule"], part["what"]) for entry in game.explain_scores() for part in entry["parts"]}


@pytest.mark.parametrize("name", ["newyork", "galopp_royal", "newyork1901", "newyork_city"])
def test_a_hint_is_legal_with_three_other_moves_and_values(name):
    game = position(name, 3, 30)
    h = hint(game, iterations=120)
    legal = game.legal_actions()
    assert h.action in legal and h.seat == game.to_move
    assert len(h.alternatives) == 3 and h.action not in [a.action for a in h.alternatives]
    assert all(a.action in legal and 0.0 <= a.value <= 1.0 for a in h.alternatives)
    assert h.advice is not None and h.text == h.advice.text


def test_hint_facts_name_real_score_lines_and_agree_with_the_preview():
    """New York (NY-17): a placement's score lines are the game's own, and their sum per seat is
    the preview's score change; the hint's words name each line with its rule id."""
    for seed in range(4):
        game = position("newyork", seed, 24)
        h = hint(game, iterations=150, seed=seed)
        lines_before = score_lines(game)
        assert h.facts.changes, "a New York placement always changes a score line"
        for change in h.facts.changes:
            assert (change.seat, change.rule, change.what) in lines_before
            assert change.words("your").split(" ")[-1] == f"({change.rule})"
        assert h.text.endswith("(NY-10).") or h.text.endswith("(NY-17).")  # the score rule, or an eviction's
        per_seat = [sum(c.delta for c in h.facts.changes if c.seat == s) for s in range(4)]
        assert per_seat == h.facts.preview["score_change"]


def test_costs_come_from_the_preview():
    """A New York eviction costs a fee (NY-12): the facts carry the preview's fee."""
    for seed in range(40):
        game = position("newyork", seed, 60)
        for action in game.legal_actions():
            fee = game.preview(action).get("fee")
            if fee:
                assert facts(game, game.to_move, action).costs["fee"] == fee
                return
    pytest.fail("no position with an eviction fee found")


def test_score_changes_compare_lines_by_rule_and_name():
    before = [{"seat": 0, "parts": [{"rule": "X-1", "what": "chips", "count": 2, "points": 2},
                                    {"rule": "X-2", "what": "group", "points": 4}]}]
    after = [{"seat": 0, "parts": [{"rule": "X-1", "what": "chips", "count": 1, "points": 1},
                                   {"rule": "X-2", "what": "group", "points": 4},
                                   {"rule": "X-3", "what": "bonus", "points": 3}]}]
    changes = score_changes(before, after)
    assert [(c.rule, c.delta, c.count_before, c.count_after) for c in changes] == [
        ("X-1", -1, 2, 1), ("X-3", 3, None, None)]


def test_a_hint_is_only_for_the_seat_to_move():
    game = Game("newyork", 4, seed=1)
    with pytest.raises(ValueError, match="seat to move"):
        hint(game, (game.to_move + 1) % 4, iterations=10)


# -- issue 27 item 5: plain words, one reason, its rule ---------------------------------------------
GAMES = ["newyork", "galopp_royal", "newyork1901", "newyork_city"]
NOTATION = re.compile(
    r"@|>|\*|%|\bNone\b|\+0\b|_|\bavenue:|\br\d\b"  # placements (gI3@G12r1), swaps (D>W), jokers, chances
    r"|\b[bsg][IOLTSPR]\d\b"  # New York 1901's tile codes (gI3, sO4)
    r"|\b(?:orange|sky|green|yellow|purple)\d\b"  # its card codes (orange3)
    r"|\blot:|(?<![A-Za-z] )\b(?:fame|use|hire|take|play|swap|grab|recall|demolish|character|arrange|exchange"
    r"|scheme|start|bid) (?:[A-Z]{1,4}\b|\d)"  # a move's notation (take 3, play PP, hire 14, use 13 D, lot:A1)
    r"|\b\d:-?\d")  # exchange / scheme arguments (0:1, 1:-2)
SENTENCE_BREAK = re.compile(r"[.。!?] +\S")  # one sentence: the move, one reason, its rule


def positions(name: str, count: int) -> list[Game]:
    """`count` seeded positions of every phase: random play to depths spread over a game."""
    out = []
    for k in range(count):
        game = Game(name, 3 + k % 2, seed=100 + k)
        rng = random.Random(k)
        for _ in range(k * 37 % 160):
            if game.is_over:
                break
            game.play(rng.choice(game.legal_actions()))
        if not game.is_over:
            out.append(game)
    return out


def check_plain(name: str, text: str, rule_id: str) -> None:
    assert not NOTATION.search(text), f"{name}: notation or an internal name in {text!r}"
    assert not SENTENCE_BREAK.search(text.rstrip(".。")), f"{name}: more than one sentence: {text!r}"
    assert cited(text) == [rule_id], f"{name}: {text!r} should cite its one rule {rule_id}"
    assert rule(rule_id)["game"] == name, f"{name}: {rule_id} is not a rule of this game"


@pytest.mark.parametrize("name", GAMES)
def test_hints_say_a_move_in_plain_words_with_one_reason_and_its_rule(name):
    """Over 20 seeded positions per game: the hint, and the advice for three other legal moves
    of each position (every kind of move the game has shows up), read in plain words with one
    reason and one rule id of the game's rulebook, in English and in Japanese."""
    kinds, count = set(), 0
    for k, game in enumerate(positions(name, 20)):
        seat = game.to_move
        h = hint(game, iterations=8, seed=k)
        rng = random.Random(k)
        others = rng.sample(game.legal_actions(), min(3, len(game.legal_actions())))
        for action in [h.action, *others]:
            found = facts(game, seat, action, k)
            for lang in ("en", "ja"):
                with using(lang):
                    advice = advise(game, seat, action, found)
                assert advice.move and advice.reason and advice.rule
                check_plain(name, advice.text, advice.rule)
                if lang == "ja":
                    assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", advice.reason), advice.text
                    assert not re.search(r"\b(?:the|your|you|and|of)\b", advice.text), advice.text
            kinds.add(action.kind)
            count += 1
        check_plain(name, h.text, h.advice.rule)
    print(f"{name}: {count} moves of {len(kinds)} kinds worded ({', '.join(sorted(kinds))})")
    assert len(kinds) >= 3


def test_the_old_hint_words_are_caught():
    """The checks above catch what the hints used to say (issue 27's examples)."""
    for text in ("Play gI3@G12r1 (estimated winning chance 53%). It changes your gold_prestige +2 (NY1901-12).",
                 "Play fame 10 r5>A (estimated winning chance 40%).", "Bid 18 coins, winning chance 4 %."):
        assert NOTATION.search(text)
    assert NOTATION.search("Next best: swap D>W (42%), play PP (40%)")


def test_a_bid_hint_names_coins_and_what_the_lot_holds_not_a_chance():
    """Galopp Royal's auction: the seat with the most coins gets a reason in coins and cards it
    has seen (GR-8), never an alarming "winning chance 4 %"."""
    game = Game("galopp_royal", 4, seed=5)
    seat = game.to_move
    assert game.view(seat)["phase"] == "auction"
    action = game.parse("bid 18")
    advice = advise(game, seat, action, facts(game, seat, action))
    known = game.view(seat)["auction"]["my_private"]
    assert advice.move == "Bid 18 coins" and advice.rule == "GR-8"
    assert "you keep 32 coins if you win" in advice.reason and "%" not in advice.text
    assert all(card_text(c) in advice.reason for c in known)


def test_the_page_marks_the_hints_rule_so_a_click_opens_it():
    game = Game("newyork1901", 2, seed=3)
    h = hint(game, iterations=12)
    html_text = advice_html(h, "en")
    assert html_text.startswith(f"<b>{h.advice.move}</b>: ")
    assert f"data-rule='{h.advice.rule}'" in html_text and "nbg-rule-ref" in html_text
    with using("ja"):
        h_ja = hint(game, iterations=12)
    assert "：" in advice_html(h_ja, "ja") and f"data-rule='{h_ja.advice.rule}'" in advice_html(h_ja, "ja")


@pytest.mark.parametrize("name", GAMES)
def test_every_kind_of_move_of_a_whole_game_is_worded(name):
    """Two whole seeded games per game (random play): the first few times each kind of move is
    legal (a hire, a fame tile, an exchange, a character's ability …), its advice reads in plain
    words with one reason and a rule of the game, in English and Japanese."""
    seen: dict[str, int] = {}
    for seed in range(2):
        game = Game(name, 4, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            legal = game.legal_actions()
            fresh: dict[str, object] = {}
            for action in legal:
                if seen.get(action.kind, 0) < 3 and action.kind not in fresh:
                    fresh[action.kind] = action
            for kind, action in fresh.items():
                found = facts(game, game.to_move, action, seed)
                for lang in ("en", "ja"):
                    with using(lang):  # the game's own words (advise falls back quietly; this would raise)
                        advice = advice_maker(game)(game, game.to_move, action, found)
                    assert advice is not None, f"{name} has no words for {action.kind}"
                    check_plain(name, advice.text, advice.rule)
                seen[kind] = seen.get(kind, 0) + 1
            game.play(rng.choice(legal))
    print(f"{name}: kinds worded {seen}")
    assert set(seen) >= KINDS[name], seen


KINDS = {  # every kind of move these two games offer (each worded by the game's hints module)
    "newyork": {"place", "pair"},
    "galopp_royal": {"bid", "pass", "arrange", "roll", "scheme", "exchange"},
    "newyork1901": {"character", "acquire", "boom", "shift", "grab", "build", "end", "demolish", "recall"},
    "newyork_city": {"start", "take", "take2", "split", "swap", "play", "pass", "done", "hire", "fame", "use", "move"},
}

