"""The shuffle every New York deck uses: a permutation, replayable from the seed, uniform."""

import itertools
import random
from collections import Counter

from nbgames.engine.chance import shuffle


def shuffled(seed, items):
    items = list(items)
    shuffle(random.Random(seed), items)
    return items


def test_shuffle_is_a_permutation_replayed_by_its_seed():
    deck = [c for c in range(16) for _ in range(4)]
    assert sorted(shuffled(7, deck)) == deck
    assert shuffled(7, deck) == shuffled(7, deck) != shuffled(8, deck)


def test_shuffle_gives_every_order_about_equally_often():
    rng = random.Random(1)
    counts = Counter()
    for _ in range(24_000):
        items = [0, 1, 2, 3]
        shuffle(rng, items)
        counts[tuple(items)] += 1
    assert set(counts) == set(itertools.permutations(range(4)))
    assert all(870 <= n <= 1130 for n in counts.values()), counts  # 1000 each, ±4 sd
    first = Counter()
    for seed in range(4000):  # also the first card of a real deck, across seeds
        first[shuffled(seed, range(10))[0]] += 1
    assert all(320 <= n <= 480 for n in first.values()), first  # 400 each, ±4 sd
