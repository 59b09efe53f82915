"""The fast paths of the New York 1901 and New York City engines (issue 30) give what the plain
definitions give: the same legal lists, the same automatic turn ends and skipped decisions,
the same determinized copies, refusals in the same catalogue. Seeded random games, no timing."""

from __future__ import annotations

import copy
import random

import pytest

import nbgames
from nbgames.engine.plaincopy import copied
from nbgames.i18n import _domain_of
from nbgames.newyork1901.tables import DEFAULT as NY1901_TABLES
from nbgames.newyork_city import tables as nyc_tables
from nbgames.newyork_city.rules import KINDS_OF_STAGE, NewYorkCity


def positions(name: str, players: int, seed: int):
    """Every position of a seeded random game (the Game, before its move is played)."""
    game = nbgames.new_game(name, players, seed=seed, allow_undo=False)
    rng = random.Random(seed)
    while not game.is_over:
        yield game
        game.play(rng.choice(game.legal_actions()))


# -- New York City -------------------------------------------------------------------------------
def plain_legal(rules) -> list:
    """`legal_actions` as first defined: every candidate of the stage's kinds that its check allows."""
    return [a for kind in KINDS_OF_STAGE[rules.stage] for a in rules._candidates(kind)
            if rules._checker(kind)(a) is None]


def plain_ready(rules, task: tuple) -> bool:
    """`_ready` as first defined (the whole legal list, then a question on it)."""
    saved = rules.stage, rules.actor
    rules.stage, rules.actor = task[0], task[1]
    try:
        if task[0] == "draft" and task[2] == 2 and task[1] in rules.skip_lap2:
            return False
        legal = [a for a in plain_legal(rules) if a.kind != "swap"]
        if task[0] in ("window1", "window3"):
            return any(a.kind == "use" for a in legal)
        if task[0] in ("hire", "fame"):
            return any(a.args and a.args[0] for a in legal)
        return bool(legal)
    finally:
        rules.stage, rules.actor = saved


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3), (4, 4)])
def test_new_york_city_legal_lists_and_skipped_decisions_match_the_plain_definitions(players, seed, monkeypatch):
    fast, asked = NewYorkCity._ready, []

    def both(rules, task):  # every decision the game asks about while it runs, both ways
        expected = plain_ready(rules, task)
        got = fast(rules, task)
        assert got == expected, task
        asked.append(task[0])
        return got

    monkeypatch.setattr(NewYorkCity, "_ready", both)
    drafts = 0
    for game in positions("newyork_city", players, seed):
        assert game.rules.legal_actions() == plain_legal(game.rules)
        drafts += game.rules.stage == "draft"
    assert drafts > 10 and {"window1", "window3", "hire", "fame", "bid", "draft"} <= set(asked)


def test_new_york_city_draft_picks_of_characters_2_and_4_are_offered_when_the_seat_can_make_them():
    seen = set()
    for seed in range(12):
        for game in positions("newyork_city", 4, seed):
            kinds = {a.kind for a in game.legal_actions()}
            seen |= kinds & {"take2", "split"}
            if game.rules.stage == "draft":
                assert game.rules.legal_actions() == plain_legal(game.rules)
        if seen == {"take2", "split"}:
            break
    assert seen == {"take2", "split"}


def wide_actions(rules) -> list:
    """Actions of the kinds whose candidates are filtered or trusted as legal (take, play,
    swap, hire, pass, done, use), far more than the candidates: every slot, card and count,
    every swap, every character, and each own character's uses with any card or press count."""
    from nbgames.newyork_city import notation as nt
    from nbgames.newyork_city.abilities import card_uses, one_card_uses

    T, seat = rules.T, rules.actor
    out = [nt.take(slot) for slot in range(1, len(rules.display) + 2)]
    out += [nt.play(T, card, count) for card in range(nyc_tables.CARD_KINDS) for count in (1, 2)]
    out += [a for row in nt.swaps(T) for a in row]
    out += [nt.hire(number) for number in T.characters] + [nt.NOHIRE, nt.PASS, nt.DONE]
    for number in rules.chars[seat]:
        out += [nt.use(T, number), *(nt.use(T, number, (k,), str(k)) for k in (1, 2, 3))]
        out += [*one_card_uses(T, number), nt.use_cards(T, number, (nyc_tables.WILD,))]
        out += [*card_uses(T, number, tuple(rules.reserve[seat])), *card_uses(T, number, (1,) * 7)]
    return out


def test_new_york_city_candidates_drop_no_legal_action_and_trust_no_illegal_one():
    """The kinds `legal_actions` takes unchecked or filters early: an action of the stage's
    kinds is in the legal list exactly when its full check finds nothing, over a much wider set
    of actions than the candidates (so a candidate left out by mistake would show), in five
    games where characters 12, 13, 14, 15 and 20 are used in the bidding."""
    seen = set()
    for players, seed in [(2, 5), (4, 6), (4, 8), (2, 9), (4, 10)]:
        for game in positions("newyork_city", players, seed):
            rules = game.rules
            # by kind and arguments: "use 1" and "use 1 -" are one action spelled two ways
            legal, kinds = {(a.kind, a.args) for a in rules.legal_actions()}, KINDS_OF_STAGE[rules.stage]
            for action in wide_actions(rules):
                if action.kind in kinds and action.kind not in ("take2", "split"):
                    allowed = rules._checker(action.kind)(action) is None
                    assert ((action.kind, action.args) in legal) == allowed, (rules.stage, str(action))
                    what = rules.T.characters[action.args[0]].ability if action.kind == "use" else ""
                    seen.add((action.kind, what, allowed))
    assert {(kind, "", ok) for kind in ("play", "swap", "hire", "pass", "done") for ok in (True, False)} <= seen
    bidding = ("replace_reserve", "counts_as_round", "counts_double", "reserve_match", "press_as_wilds")
    assert {("use", ability, ok) for ability in bidding for ok in (True, False)} <= seen


def test_new_york_city_refusals_are_in_its_own_catalogue():
    made = nyc_tables.msg("Your bid is empty: add cards, or 'pass'.")
    assert made.domain == _domain_of("nbgames.newyork_city.rules") == _domain_of("nbgames.newyork_city.bidding")
    game = nbgames.new_game("newyork_city", 3, seed=5)
    refusal = game.refusal("play W")
    assert refusal is not None and refusal.reason.domain == "newyork_city"


def shared_mutables(a, b, seen=None) -> list:
    """Mutable objects reachable from both `a` and `b` (by identity)."""
    def walk(value, out):
        if isinstance(value, (list, set, dict)):
            if id(value) in out:
                return
            out[id(value)] = value
            for v in (value.values() if isinstance(value, dict) else value):
                walk(v, out)
        elif isinstance(value, tuple):
            for v in value:
                walk(v, out)

    left, right = {}, {}
    walk(a, left)
    walk(b, right)
    return [left[i] for i in left.keys() & right.keys()]


def test_new_york_city_determinize_copies_like_deepcopy_and_shares_nothing():
    checked = 0
    for game in positions("newyork_city", 4, 7):
        rules = game.rules
        values = {k: v for k, v in rules.__dict__.items() if k not in ("rng", "events", "T")}
        # no two parts of a state share a list, so a copy part by part is a deep copy
        for key, value in values.items():
            others = [v for k, v in values.items() if k != key]
            assert not shared_mutables(value, others), key
        for key, value in values.items():
            mine = copied(value)
            assert mine == copy.deepcopy(value) and type(mine) is type(value), key
            assert not shared_mutables(mine, value), key
        other = rules.determinize(game.to_move, random.Random(checked))
        assert other.legal_actions() == rules.legal_actions() or rules.stage == "over"
        checked += 1
    assert checked > 100


# -- New York 1901 -------------------------------------------------------------------------------
@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_new_york_1901_turn_ends_by_itself_exactly_when_only_end_is_left(players, seed):
    asked = 0
    for game in positions("newyork1901", players, seed):
        rules = game.rules
        if rules.phase == "turn" and rules.acted:
            end = rules.T.fixed["end"]
            assert rules._only_end_left() == (rules.legal_actions() == [end])
            assert rules.legal_actions() != [end]  # such a turn has ended by itself
            asked += 1
        if rules.phase == "turn":
            main = rules._main_actions(rules.current)
            first = rules._main_actions(rules.current, first=True)
            assert bool(first) == bool(main) and first == main[: len(first)]
    assert asked > 20


def test_new_york_1901_placements_remembered_or_not_give_the_same_lists():
    games = [game.determinize(game.to_move, random.Random(0)) for seed in (11, 12)
             for game in positions("newyork1901", 4, seed)]
    NY1901_TABLES.memo.clear()
    cold = []
    for game in games:
        cold.append(game.rules.legal_actions())
        NY1901_TABLES.memo.clear()
    warm = [game.rules.legal_actions() for game in games]
    again = [game.rules.legal_actions() for game in games]
    assert cold == warm == again
    assert sum(len(x) for x in cold) > 1000


def test_refusals_find_their_games_catalogue_through_the_registered_names():
    from nbgames.engine.registry import manifests, names

    assert sorted(names()) == sorted(m.name for m in manifests())
    assert _domain_of("nbgames.galopp_royal.rules") == "galopp_royal"
    assert _domain_of("nbgames.newyork1901.building") == "newyork1901"
    assert _domain_of("nbgames.ui.shell") == "nbgames" and _domain_of("elsewhere") is None
    game = nbgames.new_game("galopp_royal", 4, seed=3)
    refusal = game.refusal("bid 99")
    assert refusal is not None and refusal.reason.domain == "galopp_royal"


def test_new_york_1901_determinize_copies_like_deepcopy_and_shares_nothing():
    checked = 0
    for game in positions("newyork1901", 3, 8):
        rules = game.rules
        other = rules.determinize(game.to_move, random.Random(checked))
        for key, value in rules.__dict__.items():
            if key in ("rng", "events", "T", "options", "pile_top", "pile_groups"):
                continue  # the pile is shuffled anew; the tables and options are shared, read-only
            assert other.__dict__[key] == copy.deepcopy(value), key
            assert not shared_mutables(other.__dict__[key], value), key
        assert sorted(other.pile_top) == sorted(rules.pile_top)
        assert not shared_mutables([other.pile_top, other.pile_groups], [rules.pile_top, rules.pile_groups])
        assert other.legal_actions() == rules.legal_actions()
        checked += 1
    assert checked > 50
