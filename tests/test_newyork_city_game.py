"""New York City as a whole: random-game invariants, hostile records, and one full game played
by hand whose final scores were worked out on paper."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest

import nbgames
from nbgames import RecordError
from nbgames.newyork_city.tables import DEFAULT_DATA

SEEDS = range(12)


def random_game(players: int, seed: int, each=None) -> nbgames.Game:
    game = nbgames.new_game("newyork_city", players, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        assert len(game.history) < 3000
        if each:
            each(game)
        game.play(rng.choice(game.legal_actions()))
    return game


def check_invariants(game: nbgames.Game) -> None:
    rules = game.rules
    parts = rules.components()
    assert sum(n for name, n in parts.items() if name.startswith("card ")) == 77  # cards conserved
    assert parts["dollar"] == DEFAULT_DATA["bank_dollars"]  # dollars: players, characters, bank
    for seat in range(game.players):
        assert parts[f"building {seat}"] == DEFAULT_DATA["buildings_per_player"]
        assert min(rules.board[seat], rules.stock[seat], rules.dollars[seat]) >= 0
        assert 0 <= rules.press[seat] <= DEFAULT_DATA["press_track_top"]
        assert min(rules.hand_pub[seat] + rules.hand_sec[seat] + rules.reserve[seat]) >= 0
    assert parts["building black"] == 12 and parts["vehicle"] == len(DEFAULT_DATA["routes"])
    assert sum(n for name, n in parts.items() if name.startswith("fame ")) == 10
    assert all(n == 1 for name, n in parts.items() if name.startswith(("character ", "fame ")))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_conserve_everything_and_last_five_rounds(players):
    for seed in SEEDS[: 12 // players]:
        game = random_game(players, seed, check_invariants)
        check_invariants(game)
        rounds = [e.round for e in game.events() if e.kind == "round"]
        assert rounds == [1, 2, 3, 4, 5]
        bonuses = [e.bid_kind for e in game.events() if e.kind == "bonus"]
        assert all(kind in range(6) for kind in bonuses) and len(bonuses) <= 30  # six a round at most
        assert game.events()[-1].kind == "game_end" and list(game.events()[-1].scores) == game.scores()
        assert len(game.winners()) == 1


def test_a_view_shows_only_the_seats_own_hand():
    game = random_game(3, 1)
    game.goto(len(game.history) // 2)
    for seat in range(3):
        seats = game.view(seat)["seats"]
        assert [s["hand"] is not None for s in seats] == [s == seat for s in range(3)]
        assert all(s["hand"] is None for s in game.view(None)["seats"])


def test_a_determinization_keeps_what_the_seat_knows_and_redeals_the_rest():
    game = random_game(4, 2)
    game.goto(40)
    known = game.view(0)
    hands = set()
    for k in range(6):
        copy_ = game.determinize(0, random.Random(k))
        assert copy_.view(0) == known
        hands.add(json.dumps([copy_.view(s)["seats"][s]["hand"] for s in range(1, 4)]))
    assert len(hands) > 1


# -- hostile records -------------------------------------------------------------------------------
def record() -> dict:
    game = nbgames.new_game("newyork_city", 3, seed=5)
    rng = random.Random(5)
    for _ in range(60):
        game.play(rng.choice(game.legal_actions()))
    return game.to_record()


@pytest.mark.parametrize("tamper", [
    lambda r: r.update(game="newyork"),
    lambda r: r.update(players=5),
    lambda r: r.update(options={"data": {"districts": []}}),
    lambda r: r.update(options={"speed": 3}),
    lambda r: r["actions"].append("hire 99"),
    lambda r: r["actions"].insert(0, "take 1"),
    lambda r: r["actions"].__setitem__(3, "start 28"),
    lambda r: r["actions"].__setitem__(10, "use 13 " + "D" * 70),
    lambda r: r.update(actions="start 28"),
    lambda r: r["chance"].__setitem__(0, [9, 9, 9, 9, 9, 9]),  # not an order of the districts
    lambda r: r["chance"].__setitem__(len(r["chance"]) - 1, 42),  # a card that does not exist
    lambda r: r["chance"].append(3),  # outcomes left over
    lambda r: r.update(rules_version="0"),
])
def test_hostile_records_are_refused(tamper):
    bad = record()
    tamper(bad)
    with pytest.raises(RecordError):
        nbgames.from_record(json.dumps(bad))


def test_a_record_in_progress_round_trips_and_deals_the_future_anew():
    good = record()
    again = nbgames.from_record(json.dumps(good))
    assert again.to_record() == good
    assert "seed" not in good and len(good["actions"]) == 60


# -- one full game by hand -------------------------------------------------------------------------
def test_a_full_game_scored_by_hand():
    """Two players, one round (house data for a short game: 40 VP cards and nothing else, two fame
    tiles, the mayor only in A). Seed 11 deals: districts A D E B F C in data order with score
    tiles 11 6 12 8 9 10; start district A; seat 0 on top of the press stack; fame tiles 1
    (yellow 2) and 2 (yellow 4); yellow vehicles on r1 (A–D) and r6 (B–F)."""
    data = copy.deepcopy(DEFAULT_DATA)
    data.update(rounds=1, mayor_letters="A", fame_tiles=DEFAULT_DATA["fame_tiles"][:2])
    data["deck"] = {kind: 0 for kind in data["kinds"]} | {"wild": 0, "vp": 40}
    game = nbgames.new_game("newyork_city", 2, seed=11, options={"data": data})
    view = game.view(None)
    assert view["letters"] == "ADEBFC" and [d["tile"] for d in view["districts"]] == [11, 6, 12, 8, 9, 10]
    assert view["press_order"] == ["black", 0, 1] and [t["id"] for t in view["fame_up"]] == [1, 2]
    moves = [
        "start 30", "start 28",  # NYC-7: the player right of the leader (seat 1) chooses first
        "take 1", "take 2", "take 3", "take 4",  # NYC-9: seat 1, seat 0, twice: 7 VP cards each
        "play VV", "done", "pass",  # press: seat 0 plays a pair as one press card, +1 most: space 2
        "pass", "play VV", "done",  # dollar: seat 0 opens (bonus winner); seat 1 1+1 → 3 dollars
        "pass", "pass",  # elevator: seat 1 opens; nobody bids, seat 1 opens again
        "play VV", "done", "pass",  # acquisition: seat 1 takes 1+1 buildings onto its board (6)
        "play V", "play V", "play V", "done",  # VP: seat 1 bids 3 …
        "play V", "play V", "play V", "done",  # … seat 0 bids 3 too and is higher on press: 3+1 VP
        "fame 2 r1>D", "fame 1 r6>F",  # the top then the second bidder place a fame tile and build
        "play VV", "done", "pass",  # construction: seat 0 builds 1+1 in the mayor's district A
    ]
    for move in moves:
        game.play(move)
    assert game.is_over
    # seat 0: VP 4; level 1; leftovers (1 dollar + 1 on the board) / 2 = 1; character 28 (orange
    # lanterns: A has one, D has none) 3 buildings in A = 3; district A: 3 buildings beat black's 2 →
    # 11; district D (6 + fame 4 = 10): black 2 beats seat 0's 1 → 10 // 2 = 5.  4+1+1+3+11+5 = 25
    # seat 1: VP 3; level 1; leftovers (3 dollars + 5 on the board) / 2 = 4; character 30 (pink
    # lanterns in A and F) 1 + 1 = 2; district A: third behind seat 0 and black → 11 // 4 = 2;
    # district F (9 + fame 2 = 11): second behind black → 5.  3+1+4+2+2+5 = 17
    assert game.scores() == [25, 17] and game.winners() == [0]
    lines = {p["what"]: p["points"] for p in game.explain_scores()[1]["parts"] if p["points"]}
    assert lines == {"VP during the game": 3, "character levels": 1, "dollars and buildings left ÷ 2": 4,
                     "character 30": 2, "district A": 2, "district F": 5}
    assert Counter(e.kind for e in game.events())["fame"] == 2
