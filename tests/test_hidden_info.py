"""Hidden information stays hidden in the engine: records of games in progress carry no seed and
do not fix the unseen cards, undo in a fair game is no peek, and practice games lift the limits.

(The page side — no seed or other seat's card in any websocket frame — is
tests/browser/test_hidden_frames.py; the same record rules run for every game in
tests/test_contract.py.)
"""

from __future__ import annotations

import json
import random

import pytest

import nbgames
from nbgames import IllegalAction, RecordError

SCHEMERS = {"boards": [["schemer"] * 4, ["+1", "+2", "+3", "+5"], ["+1", "+2", "+3", "goof"]]}


def played(name: str, players: int, plies: int, seed: int = 8_640_123_456_789, **kw) -> nbgames.Game:
    game = nbgames.new_game(name, players=players, seed=seed, **kw)
    rng = random.Random(seed)
    for _ in range(plies):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("name, players, plies", [("newyork", 4, 70), ("galopp_royal", 4, 90)])
def test_a_record_in_progress_holds_the_past_not_the_seed(name, players, plies):
    game = played(name, players, plies)
    record = game.to_record()
    text = json.dumps(record)
    assert "seed" not in record and str(game.seed) not in text and record["chance"]
    loads = [nbgames.from_record(text) for _ in range(6)]
    for again in loads:  # the past exactly, for every seat
        assert [again.view(s) for s in range(players)] == [game.view(s) for s in range(players)]
        assert again.events() == game.events() and again.to_record() == record
    # …but the cards nobody has seen are dealt anew on each load: the next draws differ
    futures = set()
    for again in loads:
        seen = len(again.rules.rng.log)
        while not again.is_over and len(again.rules.rng.log) < seen + 3:
            again.play(again.legal_actions()[0])
        futures.add(json.dumps(again.rules.rng.log[seen:]))
    assert len(futures) > 1


def test_a_finished_game_keeps_its_seed_and_replays_exactly():
    game = played("galopp_royal", 3, 10_000)
    assert game.is_over
    record = game.to_record()
    assert record["seed"] == game.seed and "chance" not in record
    again = nbgames.from_record(json.dumps(record))
    assert again.rules.rng.getstate() == game.rules.rng.getstate() and again.scores() == game.scores()


def test_a_game_finished_after_loading_keeps_the_past_it_was_loaded_with():
    game = played("newyork", 3, 40)
    loaded = nbgames.from_record(json.dumps(game.to_record()))
    rng = random.Random(3)
    while not loaded.is_over:
        loaded.play(rng.choice(loaded.legal_actions()))
    record = loaded.to_record()
    assert record["seed"] == loaded.seed and record["chance"]
    assert nbgames.from_record(json.dumps(record)).scores() == loaded.scores()


def test_old_records_with_a_seed_still_load():
    game = played("newyork", 3, 30, seed=5)
    old = {"format": "nbgames-record", "version": 1, "game": "newyork", "rules_version": "2", "players": 3,
           "seed": 5, "options": {}, "actions": [str(a) for a in game.history]}
    again = nbgames.from_record(old)
    assert again.rules.deck == game.rules.deck and again.view(0) == game.view(0)


@pytest.mark.parametrize("tamper, words", [
    (lambda r: r["chance"].append(3), "do not fit"),                        # an outcome left over
    (lambda r: r["chance"].pop(), "do not fit"),                            # one missing
    (lambda r: r["chance"].__setitem__(5, 99), "do not fit"),               # a card not in the deck
    (lambda r: r["chance"].__setitem__(0, [0, 0, 1]), "do not fit"),        # colours dealt twice
    (lambda r: r["chance"].__setitem__(5, True), "outcomes of chance"),    # not a card
    (lambda r: r["chance"].__setitem__(5, {"x": 1}), "outcomes of chance"),
    (lambda r: r.__setitem__("chance", "deal me aces"), "outcomes of chance"),
    (lambda r: r.pop("chance"), "seed or chance"),
    (lambda r: r.__setitem__("version", 1), "seed or chance"),
])
def test_tampered_outcomes_are_refused(tamper, words):
    record = played("newyork", 3, 40).to_record()
    tamper(record)
    with pytest.raises(RecordError, match=words):
        nbgames.from_record(json.dumps(record))


def test_a_fair_game_undoes_only_the_askers_own_moves_that_revealed_nothing():
    game = nbgames.new_game("galopp_royal", players=3, seed=1, options={"scenario": SCHEMERS})
    game.play("roll")  # seat 0's die shows the schemer: chance revealed something
    game.play(game.legal_actions()[0])  # the schemer's effect reveals nothing
    assert game.undo_floor(0) == 1
    game.undo(seat=0)  # the scheme may be taken back …
    with pytest.raises(IllegalAction, match="your move revealed something hidden") as refused:
        game.undo(seat=0)  # … the roll may not: roll again until the die suits you?
    assert refused.value.rule == "UNDO" and len(game.history) == 1
    game.play(game.legal_actions()[0])
    game.play("roll")  # seat 1 moves
    with pytest.raises(IllegalAction, match="Player 2 has moved since"):
        game.undo(seat=0)
    with pytest.raises(IllegalAction, match="Player 2 has moved since"):
        game.goto(0, seat=0)
    assert len(game.history) == 3
    game.undo()  # nobody in particular (a Python user, a lesson): no limit
    assert len(game.history) == 2


def test_new_york_a_turn_draws_so_it_cannot_be_undone_but_a_practice_game_can():
    fair = played("newyork", 3, 40)
    seat = fair.to_move
    fair.play(fair.legal_actions()[0])  # a pair is played, the hand is refilled
    with pytest.raises(IllegalAction, match="revealed something hidden"):
        fair.undo(seat=seat)
    practice = played("newyork", 3, 41, practice=True)
    practice.undo(seat=seat)
    practice.goto(0, seat=seat)
    assert practice.history == []


def test_the_seed_is_long_and_never_in_the_repr():
    game = nbgames.new_game("newyork", players=3)
    assert game.seed.bit_length() > 40 and str(game.seed) not in repr(game)


# -- why a page seals what it keeps (issue #26) -------------------------------------------------
def others_secret(game: nbgames.Game, seat: int = 0, samples: int = 8) -> bool:
    """Whether `game` fixes something another seat holds that `seat` cannot know: re-dealt from
    `seat`'s view, another seat's view comes out different."""
    return any(game.determinize(seat, random.Random(i)).view(other) != game.view(other)
               for i in range(samples) for other in range(game.players) if other != seat)


@pytest.mark.parametrize("name, plies", [("newyork", 40), ("galopp_royal", 5), ("newyork_city", 10)])
def test_a_plain_record_in_progress_tells_the_others_cards_so_a_page_seals_it(name, plies):
    """The record's `chance` lists every outcome revealed to any seat, the bots' hands included:
    loaded, it shows every seat's view as it was (New York: the refills' draws; Galopp Royal:
    the auction cards dealt; New York City: the hands). So the page emits it sealed."""
    from nbgames.ui.keep import kept_state, read_game_state

    game = played(name, 3, plies, seed=5)
    assert not game.is_over and others_secret(game)
    loaded = nbgames.from_record(json.dumps(game.to_record()))
    assert all(loaded.view(s) == game.view(s) for s in range(3))  # Player 2's hand, read from the record
    kept = kept_state(game, ["human", "random", "random"])
    assert "chance" not in kept and "record" not in kept
    again = read_game_state(kept, ("human", "random"), name).game  # only the server opens it
    assert all(again.view(s) == game.view(s) for s in range(3))


def test_new_york_1901_has_no_hand_a_record_could_tell():
    """New York 1901's outcomes of chance are public (the market's cards): its record in
    progress tells no seat anything another holds. (Sealed all the same, like every game.)"""
    for plies in (0, 5, 20, 40, 80):
        assert not others_secret(played("newyork1901", 3, plies, seed=5))
