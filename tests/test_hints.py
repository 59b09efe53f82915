"""Hints (issue 12, item 3): the suggested move, three alternatives with values, and facts that
name real score lines (`explain_scores`) and costs from the preview."""

from __future__ import annotations

import random

import pytest

from nbgames.engine.game import Game
from nbgames.engine.hints import facts, hint, score_changes


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
    assert f"Play {h.action}" in h.text and str(h.alternatives[0].action) in h.text


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
            assert f"{change.what}" in h.text and change.rule in h.text
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
