"""Galopp Royal's fast copies (issue 30): `determinize` copies the state by hand instead of
with a deep copy, so it must still share no mutable part with the real game, whatever the
phase, and a copy played to the end must leave the real game as it was."""

from __future__ import annotations

import random

import nbgames
from nbgames.galopp_royal.rules import Auction


def mutable_parts(value, found: dict[int, str], where: str) -> dict[int, str]:
    """id -> where, for every list, dict and Auction reachable from `value` (a rules state)."""
    if isinstance(value, (list, dict, Auction)):
        found[id(value)] = where
    if isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            mutable_parts(item, found, f"{where}[{i}]")
    elif isinstance(value, dict):
        for key, item in value.items():
            mutable_parts(item, found, f"{where}[{key!r}]")
    elif isinstance(value, Auction):
        for name in Auction.__slots__:
            mutable_parts(getattr(value, name), found, f"{where}.{name}")
    return found


def state_of(rules) -> dict:
    """Everything in a rules state but its RNG, as comparable plain data."""
    out = {}
    for key, value in vars(rules).items():
        if key == "rng":
            continue
        if isinstance(value, Auction):
            value = {name: getattr(value, name) for name in Auction.__slots__}
        out[key] = repr(value)
    return out


def positions():
    """Games stopped in every phase (3-6 seats), with options that put cards on the deck."""
    out, phases = [], set()
    for players in (3, 4, 5, 6):
        for seed in range(6):
            options = {"deck": ["+5", "+1", "schemer"]} if seed % 2 else {}
            g = nbgames.new_game("galopp_royal", players=players, seed=seed, options=options, allow_undo=False)
            rng = random.Random(seed)
            while not g.is_over:
                if rng.random() < 0.04:
                    out.append(g.rules)
                    phases.add(g.rules.phase)
                    break
                legal = g.legal_actions()
                passes = [a for a in legal if a.kind == "pass"]
                g.play(passes[0] if passes and rng.random() < 0.5 else rng.choice(legal))
            else:
                out.append(g.rules)
                phases.add("over")
    return out, phases


def test_determinize_shares_no_mutable_part_and_leaves_the_real_game_alone():
    states, phases = positions()
    assert {"auction", "race"} <= phases
    for real in states:
        before = state_of(real)
        ours = mutable_parts(vars(real), {}, "state")
        for seat in range(real.players):
            copy = real.determinize(seat, random.Random(seat))
            theirs = mutable_parts(vars(copy), {}, "copy")
            shared = ours.keys() & theirs.keys()
            assert not shared, f"{real.phase}: the copy shares {sorted(ours[i] for i in shared)[:3]}"
            assert copy.rng is not real.rng
            while not copy.is_over:
                copy.apply(random.Random(seat).choice(copy.legal_actions()))
        assert state_of(real) == before
