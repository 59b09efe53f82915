"""New York City never loses or makes a card: with small custom decks (the ``data`` option), over
many seeded random games, every card of the deck is at every moment in exactly one place (deck,
discard pile, a hand, a bid, a reserve or the display), and so is every card of a determinized
copy. The display is laid out a pair at a time: when the deck and the discard pile run out in the
middle of a pair, the lone card is discarded face up, never dropped."""

from __future__ import annotations

import copy
import random
from collections import Counter

import pytest

import nbgames
from nbgames.newyork_city.tables import DEFAULT_DATA

SMALL_DECKS = [
    {"press": 1, "dollar": 1, "elevator": 1, "acquisition": 1, "vp": 1, "construction": 1, "wild": 1},  # 7 cards
    {"press": 2, "dollar": 0, "elevator": 1, "acquisition": 0, "vp": 2, "construction": 0, "wild": 0},  # 5 cards
    {"press": 0, "dollar": 0, "elevator": 0, "acquisition": 0, "vp": 13, "construction": 0, "wild": 0},
    {"press": 3, "dollar": 3, "elevator": 3, "acquisition": 3, "vp": 3, "construction": 3, "wild": 2},  # 20 cards
]


def small_data(deck: dict[str, int]) -> dict:
    data = copy.deepcopy(DEFAULT_DATA)
    data["deck"] = dict(deck)
    return data


def cards_everywhere(game) -> Counter:
    return Counter({key: n for key, n in game.rules.components().items() if key.startswith("card ") and n})


def deck_of(data: dict) -> Counter:
    letters = data["kind_letters"] + data["wild_letter"]
    names = data["kinds"] + ["wild"]
    return Counter({f"card {letters[i]}": data["deck"][name] for i, name in enumerate(names) if data["deck"][name]})


@pytest.mark.parametrize("deck", SMALL_DECKS, ids=["7-cards", "5-cards", "13-vp", "20-cards"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_card_ever_vanishes_with_a_small_deck(deck, players):
    data = small_data(deck)
    expected = deck_of(data)
    for seed in range(6):
        game = nbgames.new_game("newyork_city", players=players, seed=seed, options={"data": data})
        rng = random.Random(seed)
        plies = 0
        while not game.is_over:
            assert cards_everywhere(game) == expected, f"seed {seed}, ply {plies}, stage {game.rules.stage}"
            if plies % 25 == 0:
                sample = game.determinize(game.to_move, random.Random(plies))
                assert cards_everywhere(sample) == expected, f"determinized: seed {seed}, ply {plies}"
            actions = game.legal_actions()
            others = [a for a in actions if a.kind != "swap"]
            game.play(rng.choice(actions if not others or rng.random() < 0.2 else others))
            plies += 1
        assert cards_everywhere(game) == expected


def test_a_pair_the_cards_cannot_complete_leaves_its_first_card_on_the_discard_pile():
    """13 cards, 2 players: the reserves take 4 at setup and the hands 6 in round 1, so 3 are left
    for the display: one pair, and a lone card that goes face up onto the discard pile."""
    data = small_data(SMALL_DECKS[2])
    for seed in range(5):
        game = nbgames.new_game("newyork_city", players=2, seed=seed, options={"data": data})
        while game.rules.stage == "start":
            game.play(game.legal_actions()[0])
        rules = game.rules
        assert rules.display == [(4, 4)] and rules.deck == [] and rules.discard == [(4, -1)]
        assert cards_everywhere(game) == Counter({"card V": 13})
        assert any(e.kind == "discard" and e.cards == (4,) for e in game.events())
