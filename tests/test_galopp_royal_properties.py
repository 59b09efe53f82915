"""Galopp Royal's own maths over seeded random games: every card and coin accounted for, six
races, who starts, exchanges and opens, the auction guard, private auction cards, each action
legal exactly when its check finds nothing, refusals citing GR rules, hostile options.

The generic checks (records round-trip, undo/redo, refusals change nothing, determinization
agrees with the views) are the conformance suite's, tests/test_contract.py."""

from __future__ import annotations

import functools
import json
import random
import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nbgames
from nbgames import Action, IllegalAction, RecordError
from nbgames.galopp_royal.tables import ACTIONS, ALL_CARDS, GOALS, START_COINS

RULE_ID = re.compile(r"^GR-\d+$")


def choose(g: nbgames.Game, rng: random.Random, pass_bias: float) -> Action:
    """A random legal action; with `pass_bias` a pass when one is legal (to reach empty auctions)."""
    legal = g.legal_actions()
    if pass_bias and rng.random() < pass_bias:
        for action in legal:
            if str(action) == "pass":
                return action
    return rng.choice(legal)


def play_random(players: int, seed: int, pass_bias: float = 0.0, each_step=None, options=None):
    g = nbgames.new_game("galopp_royal", players=players, seed=seed, options=options)
    rng = random.Random(seed * 31 + players)
    steps = 0
    while not g.is_over:
        if each_step:
            each_step(g)
        g.play(choose(g, rng, pass_bias))
        steps += 1
        assert steps < 20_000, "the game does not end"
    if each_step:
        each_step(g)
    return g


def cards_everywhere(r) -> Counter:
    cards = list(r.deck) + [card for card, _ in r.discard]
    cards += [card for board in r.boards if board for card in board]
    if r.auction is not None:
        cards += r.auction.public
        for private in r.auction.private.values():
            cards += private
    return Counter(cards)


def money_from_events(r) -> list[int]:
    coins = list(r.start_coins)
    for event in r.events:
        if event.kind == "prize":
            coins[event.seat] += event.coins
        elif event.kind in ("won", "forced"):
            coins[event.seat] -= event.price
    return coins


def check_invariants(g: nbgames.Game) -> None:
    r = g.rules
    assert cards_everywhere(r) == Counter(ALL_CARDS)  # 40 cards always accounted for
    assert all(c >= 0 for c in r.coins)
    assert r.coins == money_from_events(r)
    assert [r.start_coins[s] + r.prizes_won[s] - r.paid_bids[s] - r.paid_forced[s]
            for s in range(g.players)] == r.coins
    if not g.is_over:
        assert g.legal_actions() and 0 <= g.to_move < g.players
    if r.auction is not None:
        lot = len(r.auction.public) + sum(len(p) for p in r.auction.private.values())
        n = len(r.auction.participants)
        assert lot == max(n, 4) - len(r.auction.discarded_up)


GAMES = [(players, seed, bias) for players in (3, 4, 5, 6) for seed in range(6) for bias in (0.0, 0.7)]


@pytest.mark.parametrize("players,seed,bias", GAMES)
def test_invariants_over_random_games(players, seed, bias):
    g = play_random(players, seed, bias, each_step=check_invariants)
    r = g.rules
    assert g.is_over and g.to_move is None and g.legal_actions() == []
    assert len(r.results) == 6  # exactly six races
    events = g.events()
    assert [e.race for e in events if e.kind == "race"] == [1, 2, 3, 4, 5, 6]
    assert sum(1 for e in events if e.kind == "race_end") == 6
    assert sum(1 for e in events if e.kind == "exchange") == 5
    for order in r.results:
        assert sorted(order) == list(range(players))
    last = None  # GR-10, GR-16, GR-17: the last-placed player starts, exchanges and opens
    for e in events:
        if e.kind == "race_end":
            last = e.order[-1]
        elif e.kind == "race":
            assert e.starter == (0 if e.race == 1 else last)
        elif e.kind == "exchange":
            assert e.seat == last
        elif e.kind == "auction" and e.auction == "substitute":
            assert e.opener == last and sorted(e.participants) == list(range(players))
    total = sum(r.coins)
    prizes = sum(e.coins for e in events if e.kind == "prize")
    paid = sum(e.price for e in events if e.kind in ("won", "forced"))
    assert total == START_COINS * players + prizes - paid
    for entry in g.explain_scores():
        assert sum(p["points"] for p in entry["parts"]) == entry["total"] == g.scores()[entry["seat"]]
        assert {p["rule"] for p in entry["parts"]} == {"GR-1", "GR-15", "GR-8", "GR-6"}
    best = max(g.scores())
    assert g.winners() == [s for s in range(players) if g.scores()[s] == best]
    json.dumps([g.view(s) for s in range(players)] + [g.view(None)])
    json.dumps([e.to_json() for e in events])


def test_pass_heavy_games_reach_the_termination_guard_and_empty_substitute_auctions():
    guards = empties = 0
    for seed in range(6):
        g = play_random(4, seed, pass_bias=0.95)
        events = g.events()
        empties += sum(1 for e in events if e.kind == "no_bid" and e.auction == "substitute")
        streak = 0
        for e in events:
            if e.kind == "no_bid" and e.auction == "start":
                streak += 1
            elif e.kind == "won":
                guards += streak >= 3
                streak = 0
    assert guards and empties


# -- hidden information ----------------------------------------------------------------------
def test_private_auction_card_not_in_other_views_until_won():
    g = nbgames.new_game("galopp_royal", players=4, seed=9, options={"deck": ["+1", "+5", "+1", "+1"]})
    for seat in (0, 2, 3, None):
        assert "+5" not in json.dumps(g.view(seat))  # the only +5 out of the deck is seat 1's
    assert "+5" in json.dumps(g.view(1))
    g.play("pass")
    g.play("bid 3")
    g.play("pass")
    assert "+5" not in json.dumps(g.view(0))
    g.play("pass")  # seat 1 wins: the lot is public
    for seat in (0, 2, 3, None):
        assert g.view(seat)["boards"][1] == ["+1", "+5", "+1", "+1"]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_each_seat_sees_only_its_own_private_auction_cards(players):
    def check(g):
        a = g.rules.auction
        if a is not None:
            for seat in range(players):
                assert g.view(seat)["auction"]["my_private"] == a.private.get(seat, [])
                assert g.view(seat)["auction"]["private_counts"] == [len(a.private.get(s, ())) for s in range(players)]
            assert g.view(None)["auction"]["my_private"] == []

    play_random(players, 1, 0.5, each_step=check)


def test_determinize_redeals_the_others_private_cards_and_unseen_discards_only():
    g = nbgames.new_game("galopp_royal", players=4, seed=5, options={"deck": ["+5", "+1", "+1", "+1"]})
    for _ in range(4):
        g.play("pass")  # the unbid lot goes face down; seat 0 saw its +5
    copies = [g.determinize(0, random.Random(i)) for i in range(12)]
    assert all(isinstance(c, nbgames.Game) and c.view(0) == g.view(0) for c in copies)
    real = g.rules
    assert {tuple(c.rules.auction.private[1]) for c in copies} != {tuple(real.auction.private[1])}
    assert all(c.rules.auction.private[0] == real.auction.private[0] for c in copies)
    seen = [i for i, (_, knower) in enumerate(real.discard) if knower == 0]
    assert all([c.rules.discard[i] for i in seen] == [real.discard[i] for i in seen] for c in copies)
    assert any(c.rules.discard != real.discard for c in copies)  # the other three were re-dealt


def test_a_scenario_plays_the_races_left_and_survives_its_record():
    scenario = {"boards": [["+1"] * 4, ["+2"] * 4, ["+3"] * 4], "race": 4, "coins": [5, 6, 7],
                "positions": [1, 2, -3], "starter": 2}
    g = nbgames.new_game("galopp_royal", players=3, seed=3, options={"scenario": scenario, "deck": ["+5"]})
    assert g.view(None)["positions"] == [1, 2, -3] and g.to_move == 2 and g.view(None)["goal"] == GOALS[3]
    rng = random.Random(0)
    while not g.is_over:
        g.play(choose(g, rng, 0.5))
    assert [e.race for e in g.events() if e.kind == "race"] == [4, 5, 6]
    assert nbgames.from_record(json.dumps(g.to_record())).scores() == g.scores()


@functools.cache
def positions() -> list[nbgames.Game]:
    """Games stopped in every phase: auctions, arranging, race turns, schemer, exchange, over."""
    out, seen = [], Counter()
    for players in (3, 4, 5, 6):
        g = nbgames.new_game("galopp_royal", players=players, seed=players)
        rng = random.Random(players)
        step = 0
        while not g.is_over:
            phase = g.view(None)["phase"]
            rare = phase in ("exchange", "scheme", "arrange")
            if seen[players, phase] < 3 and (rare or rng.random() < 0.2):
                seen[players, phase] += 1
                out.append(nbgames.from_record(g.to_record()))
            g.play(choose(g, rng, 0.3))
            step += 1
        out.append(g)
        guarded = nbgames.new_game("galopp_royal", players=players, seed=players)
        while not guarded.view(None)["auction"]["must_bid"]:  # GR-8: the opener may not pass
            guarded.play("pass")
        out.append(guarded)
    return out


def test_every_action_is_legal_exactly_when_its_kinds_check_finds_nothing():
    phases = Counter()
    for g in positions():
        r, legal = g.rules, set(g.legal_actions())
        phases[g.players, g.view(None)["phase"]] += 1
        for action in ACTIONS.values():
            refusal = r.check(action)
            assert (action in legal) == (refusal is None), (action, refusal)
            if refusal is not None:
                assert re.fullmatch(r"GR-\d+", refusal[0]) and refusal[1].strip(), refusal
                assert r.why_not(action) == refusal
    assert {phase for _, phase in phases} == {"auction", "arrange", "race", "scheme", "exchange", "over"}
    assert {players for players, _ in phases} == {3, 4, 5, 6}


@functools.cache
def _auction_game() -> nbgames.Game:
    g = nbgames.new_game("galopp_royal", players=4, seed=1)
    g.play("bid 20")
    return g


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=90))
def test_any_text_is_either_legal_or_refused_with_a_rule(text):
    refusal = _auction_game().refusal(text)
    assert refusal is None or (RULE_ID.match(refusal.rule) and refusal.reason.strip())


def test_refusals_cite_the_rule_in_every_phase():
    reasons = {}
    for g in positions():
        phase = g.view(None)["phase"]
        for text in ("nonsense", "roll", "pass", "keep", "scheme +2", "bid 1"):
            if text in {str(a) for a in g.legal_actions()}:
                continue
            with pytest.raises(IllegalAction) as info:
                g.play(text)
            reasons.setdefault(phase, set()).add(info.value.rule)
    assert {"auction", "arrange", "race", "scheme", "exchange", "over"} <= set(reasons)
    assert "GR-7" in reasons["auction"] and "GR-16" in reasons["exchange"] and "GR-11" in reasons["scheme"]


# -- hostile records -------------------------------------------------------------------------
def _record(**changes):
    g = nbgames.new_game("galopp_royal", players=4, seed=5)
    for _ in range(6):
        g.play(g.legal_actions()[0])
    record = g.to_record()
    record.update(changes)
    return record


GOOD_BOARDS = [["+1"] * 4, ["+2"] * 4, ["+3"] * 4, ["goof"] * 4]
HOSTILE_OPTIONS = [
    {"deck": ["+9"]}, {"deck": "+1+2"}, {"deck": [["+1"]]}, {"deck": ["+5"] * 5}, {"deck": [None]},
    {"deck": {"+1": 3}}, {"deck": [1, 2]}, {"cheat": True}, {"scenario": 5}, {"scenario": []},
    {"scenario": {"boards": "x"}}, {"scenario": {}}, {"scenario": {"boards": GOOD_BOARDS[:3]}},
    {"scenario": {"boards": [[{"a": 1}] * 4] * 4}}, {"scenario": {"boards": [["+1"] * 3] * 4}},
    {"scenario": {"boards": [["schemer"] * 4] * 4}}, {"scenario": {"boards": GOOD_BOARDS, "race": 0}},
    {"scenario": {"boards": GOOD_BOARDS, "race": True}}, {"scenario": {"boards": GOOD_BOARDS, "race": 7}},
    {"scenario": {"boards": GOOD_BOARDS, "race": "1"}},
    {"scenario": {"boards": GOOD_BOARDS, "positions": [15, 0, 0, 0]}},
    {"scenario": {"boards": GOOD_BOARDS, "positions": [-4, 0, 0, 0]}},
    {"scenario": {"boards": GOOD_BOARDS, "positions": [0.5, 0, 0, 0]}},
    {"scenario": {"boards": GOOD_BOARDS, "coins": [-1, 0, 0, 0]}},
    {"scenario": {"boards": GOOD_BOARDS, "coins": [True, 0, 0, 0]}},
    {"scenario": {"boards": GOOD_BOARDS, "coins": [10**30, 0, 0, 0]}},
    {"scenario": {"boards": GOOD_BOARDS, "coins": [1, 2]}},
    {"scenario": {"boards": GOOD_BOARDS, "starter": 4}},
    {"scenario": {"boards": GOOD_BOARDS, "starter": None}},
    {"scenario": {"boards": GOOD_BOARDS, "extra": 1}},
    {"scenario": {"boards": GOOD_BOARDS}, "deck": ["goof"] * 3},  # 4 goofs on boards + 3 > 6
    {"deck": [[[[[[[[[["+1"]]]]]]]]]]},
]


@pytest.mark.parametrize("options", HOSTILE_OPTIONS)
def test_hostile_options_refused(options):
    with pytest.raises(RecordError):
        nbgames.from_record(_record(options=options, actions=[]))
    with pytest.raises(ValueError):
        nbgames.new_game("galopp_royal", players=4, seed=1, options=options)


@pytest.mark.parametrize("changes", [
    {"actions": ["roll"]}, {"actions": ["bid 51"]}, {"actions": [5]}, {"actions": ["x" * 1000]},
    {"actions": "bid 1"}, {"actions": [None]}, {"actions": ["bid 1", "bid 1"]}, {"players": 7},
    {"players": 2}, {"players": "4"}, {"seed": -1}, {"seed": 1.5}, {"rules_version": "0"},
    {"game": "galopp"}, {"game": "newyork"}, {"options": [1]}, {"options": {"deck": ["+1"] * 9}},
])
def test_hostile_records_refused(changes):
    record = _record(**changes)
    with pytest.raises(RecordError):
        nbgames.from_record(record)
    with pytest.raises(RecordError):
        nbgames.from_record(json.dumps(record))


def test_valid_record_with_an_illegal_tail_is_refused():
    record = _record()
    record["actions"] = record["actions"] + ["exchange 0:1 1:1 2:1 3:1"]
    with pytest.raises(RecordError, match="Move 7"):
        nbgames.from_record(record)
