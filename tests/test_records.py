"""Game records: JSON round trips, exact replay, and refusal of malformed or hostile input."""

from __future__ import annotations

import copy
import json
import random

import pytest

import nbgames
from nbgames.engine.game import MAX_RECORD_ACTIONS


def played(name="newyork", players=4, seed=9, steps=80, options=None):
    game = nbgames.new_game(name, players, seed=seed, options=options)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_actions()))
    return game


def test_record_is_json_and_replays_exactly():
    game = played(options={"action_cards": True})
    record = game.to_record()
    text = json.dumps(record)
    again = nbgames.from_record(text)
    assert again.to_record() == record
    assert [again.view(s) for s in range(4)] == [game.view(s) for s in range(4)]
    assert nbgames.from_record(text.encode()).to_record() == record


def test_record_keeps_a_set_position():
    pos = {"phase": "main", "board": ["r......"] + ["......."] * 6,
           "seat_colours": [["red"], ["blue"], ["yellow"]], "hands": [["A", "2", "B", "1"], [], []]}
    game = nbgames.new_game("newyork", 3, seed=1, options={"position": pos})
    game.play("A2")
    again = nbgames.from_record(json.dumps(game.to_record()))
    assert again.view(0) == game.view(0)


def good():
    return played(steps=30).to_record()


def mutate(**changes):
    record = good()
    record.update(changes)
    return record


HOSTILE = {
    "not json": "{'format': 'nbgames-record'",
    "a list": "[1, 2, 3]",
    "pickle bytes": b"\x80\x04\x95\x1c\x00\x00\x00\x00\x00\x00\x00\x8c\x02os\x94\x8c\x06system\x94\x93\x94.",
    "python literal": "__import__('os').system('touch /tmp/nbgames_pwned')",
    "deep nesting": "[" * 100_000 + "]" * 100_000,
    "too large": "x" * 5_000_000,
    "missing keys": {"format": "nbgames-record"},
    "extra key": {**good(), "__reduce__": "os.system"},
    "wrong format": mutate(format="pickle"),
    "wrong version": mutate(version=3),
    "unknown game": mutate(game="chess"),
    "game as object": mutate(game={"$ne": None}),
    "old rules": mutate(rules_version="0"),
    "players bool": mutate(players=True),
    "players string": mutate(players="4"),
    "players too many": mutate(players=9),
    "seed negative": mutate(seed=-1),
    "seed float": mutate(seed=1.5),
    "seed huge": mutate(seed=2**70),
    "options list": mutate(options=["teams"]),
    "options unknown": mutate(options={"rm": True}),
    "options not bool": mutate(options={"teams": "yes"}),
    "position hostile": mutate(options={"position": {"phase": "main", "board": "r" * 49}}),
    "position deep": mutate(options={"position": {"phase": "main", "board": [[[[]]]],
                                                  "seat_colours": []}}),
    "actions not list": mutate(actions="C3"),
    "action not string": mutate(actions=[{"x": 1}]),
    "action too long": mutate(actions=["A" * 10_000]),
    "illegal action": mutate(actions=good()["actions"][:5] + ["noplay"]),
    "unknown action": mutate(actions=["rm -rf /"]),
    "too many actions": mutate(actions=["A1"] * (MAX_RECORD_ACTIONS + 1)),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_records_are_refused_with_a_message(name, tmp_path):
    with pytest.raises(nbgames.RecordError) as info:
        nbgames.from_record(HOSTILE[name])
    assert str(info.value)


def test_every_single_field_corruption_is_refused():
    record = good()
    for key in record:
        for bad in (None, [], {}, "x", -5, 10**30, True):
            corrupt = copy.deepcopy(record)
            corrupt[key] = bad
            if corrupt == record or (key, bad) in (("options", {}), ("actions", [])):
                continue  # still a valid record: default options, or a game not yet begun
            with pytest.raises(nbgames.RecordError):
                nbgames.from_record(corrupt)


# -- a game in progress: its outcomes of chance, never a fresh deal, never its seed too ----------
def in_progress(name: str, plies: int) -> dict:
    record = played(name, 3, seed=5, steps=plies).to_record()
    assert "seed" not in record and isinstance(record["chance"], list)
    return record


@pytest.mark.parametrize("name, plies", [("newyork", 0), ("galopp_royal", 0), ("galopp_royal", 6),
                                         ("newyork1901", 0), ("newyork_city", 0)])
@pytest.mark.parametrize("bad", [None, {}, "", 0, False, {"0": 1}])
def test_a_record_in_progress_whose_chance_is_not_a_list_is_refused_not_dealt_anew(name, plies, bad):
    """`"chance": null` once loaded as a fresh deal (a random seed) whenever the moves did not
    depend on the cards: a record could ask for new cards."""
    record = in_progress(name, plies)
    record["chance"] = bad
    with pytest.raises(nbgames.RecordError, match="outcomes of chance"):
        nbgames.from_record(json.dumps(record))


@pytest.mark.parametrize("name, plies", [("newyork", 30), ("galopp_royal", 6), ("newyork1901", 20),
                                         ("newyork_city", 20)])
def test_a_record_in_progress_carrying_a_seed_besides_its_chance_is_refused_with_a_reason(name, plies):
    record = in_progress(name, plies)
    for seed in (5, 6):  # the game's own seed or another
        with pytest.raises(nbgames.RecordError, match="both its seed and its outcomes of chance"):
            nbgames.from_record(json.dumps({**record, "seed": seed}))
    assert nbgames.from_record(json.dumps(record)).history  # as saved, it loads


def test_records_that_still_load_practice_with_a_seed_and_a_game_finished_after_loading():
    game = played("newyork", 3, seed=5, steps=30)
    with_seed = {**game.to_record(), "seed": 5}
    with_seed.pop("chance")  # a practice page's link: the seed replays every card
    again = nbgames.from_record(with_seed)
    assert again.view(1) == game.view(1) and again.replays_from_seed
    loaded = nbgames.from_record(game.to_record())
    rng = random.Random(1)
    while not loaded.is_over:
        loaded.play(rng.choice(loaded.legal_actions()))
    finished = loaded.to_record()
    assert "seed" in finished and finished["chance"]  # over: seed and the outcomes it was loaded with
    assert nbgames.from_record(finished).scores() == loaded.scores()


def test_a_sealed_save_is_not_a_record_and_says_where_it_opens():
    from nbgames.engine.seal import seal

    sealed = seal({"record": in_progress("newyork", 30), "seats": ["human"] * 3, "shown": 30}, "newyork")
    with pytest.raises(nbgames.RecordError, match="sealed by the server that saved it"):
        nbgames.from_record(sealed)
