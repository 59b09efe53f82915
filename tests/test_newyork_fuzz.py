"""Over 10,000 random illegal or malformed inputs: each refused with IllegalAction citing a
New York rule, and the game left exactly as it was."""

from __future__ import annotations

import random
import string

import pytest
from newyork_positions import snapshot

import nbgames
from nbgames.newyork.rules import ACTIONS

ALL_NOTATIONS = sorted(ACTIONS)
JUNK = [None, 0, 3.5, b"C3", ["C3"], {"a": 1}, object(), "", " ", "C3 ", "c3", "C3@C3", "**", "*3@",
        "pick purple", "remove", "noplay!", "C3/q", "x" * 500, "\x00", "🗽", "__import__('os')",
        "statik.r+1>9", "spekulation.r>-1"]


def random_input(rng: random.Random):
    kind = rng.random()
    if kind < 0.55:
        return rng.choice(ALL_NOTATIONS)  # a real notation, usually illegal now
    if kind < 0.75:
        return rng.choice(JUNK)
    if kind < 0.9:
        return "".join(rng.choice(string.printable) for _ in range(rng.randint(1, 12)))
    return nbgames.Action("pair", (rng.randint(-3, 20), rng.randint(-3, 20), rng.randint(-5, 60), 0),
                          "".join(rng.choice("ABCDEFG*1234567@/") for _ in range(rng.randint(1, 6))))


@pytest.mark.parametrize("players,options", [(4, {}), (3, {"action_cards": True}), (2, {}),
                                             (4, {"teams": True, "colour_choice": True})])
def test_random_illegal_inputs_are_refused_and_change_nothing(players, options):
    rng = random.Random(players * 100 + len(options))
    game = nbgames.new_game("newyork", players, seed=players, options=options)
    refused = 0
    while refused < 2600:
        if game.is_over:
            game = nbgames.new_game("newyork", players, seed=rng.randrange(1000), options=options)
        legal = set(map(str, game.legal_actions()))
        before = snapshot(game)
        for _ in range(40):
            attempt = random_input(rng)
            if isinstance(attempt, str) and attempt in legal:
                continue
            with pytest.raises(nbgames.IllegalAction) as info:
                game.play(attempt)
            assert info.value.rule.startswith("NY-"), info.value
            assert info.value.reason and len(info.value.reason) < 300
            assert snapshot(game) == before
            refused += 1
        game.play(rng.choice(game.legal_actions()))
    assert refused >= 2600
