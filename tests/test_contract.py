"""The conformance suite: every registered game, in each variant it declares and with each
player count the variant allows, keeps the platform contract of the `Game` facade (DESIGN.md,
"The engine contract"). Like OpenSpiel's random-simulation test, it plays seeded random games
and checks, at sampled positions, what every game must guarantee. A game registered later
(a new package, or a module named in NBGAMES_GAMES) is picked up with no edit here.

Per-game test files keep only each game's own maths and rule ids. `make fuzz` runs the suite
over 40 seeded games a case instead of 2 (NBGAMES_CONTRACT_SEEDS=100-139).
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import re
import subprocess
import sys
from collections import Counter

import pytest
from contract_support import (
    FUZZ_SEEDS,
    PLAYOUT_SEEDS,
    Playout,
    all_cases,
    fingerprint,
    game_notations,
    illegal_notations,
    json_round_trip,
    mutated,
    observe,
    play_random,
    playout,
    playouts,
    position,
    positions,
    sample_positions,
    seeds_from,
    walk,
    whole_state,
)

import nbgames
from nbgames import Action, IllegalAction, RecordError, UnknownNotation
from nbgames.engine.events import Event
from nbgames.engine.game import MAX_NOTATION_LENGTH
from nbgames.engine.registry import manifest as manifest_of

CASES = all_cases()
GAMES = list(dict.fromkeys(c.game for c in CASES))
TERMINATION_SEEDS = seeds_from(FUZZ_SEEDS, (0, 1, 2))
GENERIC_RULES = ("UNDO",)  # rule ids of the facade itself (undo, redo, goto)
JUNK = ["", " ", "\n", "\x00", "🗽", "not a move at all", "__import__('os').system('true')", "{}", "%s%s",
        "x" * (MAX_NOTATION_LENGTH + 1)]
NOT_TEXT = [None, 5, 3.5, True, b"x", ["x"], {"a": 1}, object()]
BAD_SEATS = [True, False, 1.0, -1, "0"]  # and the player count itself
BAD_PLIES = [True, False, -1, "3", 1.5, None]  # and one past the timeline
ILLEGAL_PER_POSITION = 20

def cases() -> list:
    """Every case (game, variant, players) as a pytest parameter."""
    return [pytest.param(c, id=c.id) for c in CASES]


def rule_id(game: nbgames.Game) -> re.Pattern:
    """The rule ids a refusal in this game may cite: the game's own (e.g. NY-12, NY-V1)."""
    prefix = (game.manifest.prefix or game.name).upper()
    return re.compile(rf"{re.escape(prefix)}-[A-Za-z0-9.]+|" + "|".join(GENERIC_RULES))


def check_seat(game: nbgames.Game) -> None:
    """The seat to move is a whole number in range (not a bool, not None while play goes on)."""
    seat = game.to_move
    assert type(seat) is int and 0 <= seat < game.players, f"to_move {seat!r} is not a seat"


def refused(game: nbgames.Game, attempt) -> IllegalAction:
    """Play `attempt`, which must be refused citing a rule of the game, and check that
    `refusal` gives the same answer without playing. Returns the error."""
    with pytest.raises(IllegalAction) as info:
        game.play(attempt)
    error = info.value
    assert rule_id(game).fullmatch(error.rule), f"{attempt!r} refused citing {error.rule!r}"
    assert error.reason.strip(), f"{attempt!r} refused without a reason"
    again = game.refusal(attempt)
    assert again is not None, f"refusal({attempt!r}) says it may be played, play refused it"
    assert (type(again), again.rule, again.reason, again.action) == \
           (type(error), error.rule, error.reason, error.action), attempt
    return error


def foreign_actions(name: str) -> list[Action]:
    """Actions of other registered games (and one of no game at all)."""
    out = [Action("foreign", (1,), "foreign move 1")]
    for other in GAMES:
        if other != name:
            first = next(c for c in CASES if c.game == other)
            out += first.new_game(PLAYOUT_SEEDS[0]).legal_actions()[:3]
    return out


# -- 1. termination and sound legal lists ---------------------------------------------------
@pytest.mark.parametrize("case", cases())
def test_random_playouts_end_and_list_sound_actions(case):
    """Random games end within MAX_PLIES; while a game runs a seat is to move and has a
    non-empty list of distinct legal actions whose notations parse back to the same action
    (kind and arguments too); once over nobody is to move and nothing is legal. The scores
    (a bot's quick count) are the totals of the score lines, while the game runs and at its end."""

    def same_scores(game):
        assert game.scores() == [entry["total"] for entry in game.explain_scores()], len(game.history)

    def check(game, legal):
        check_seat(game)
        if len(game.history) % 5 == 0:
            same_scores(game)
        assert legal, f"no legal action at ply {len(game.history)}"
        assert len(set(legal)) == len(legal), f"duplicate legal actions at ply {len(game.history)}"
        for action in legal[:: max(1, len(legal) // 8)]:  # a spread of them: parsing is per position
            again = game.parse(str(action))
            assert (again, again.kind, again.args) == (action, action.kind, action.args), action

    for seed in TERMINATION_SEEDS:
        game = play_random(case, seed, check)
        assert game.is_over and game.to_move is None and game.legal_actions() == []
        scores = game.scores()
        assert len(scores) == game.players and set(game.winners()) <= set(range(game.players))
        same_scores(game)


# -- 2. refusals change nothing -------------------------------------------------------------
@pytest.mark.parametrize("case", cases())
def test_refusals_leave_the_whole_state_unchanged(case):
    """At sampled positions, every illegal input is refused with IllegalAction citing one of
    the game's rule ids (text that is no notation: UnknownNotation), `refusal` returns the same
    error without playing, and neither changes anything: rules state with its RNG, history,
    legal actions, every view."""
    notations = game_notations(case.game)
    rng = random.Random(f"{case.id}/refusals")
    foreign = foreign_actions(case.game)
    for p in playouts(case):
        for ply, game in walk(p, sample_positions(p)):
            refusals_change_nothing(p, ply, game, rng, notations, foreign)


def another_spelling_of(game: nbgames.Game, notation: str, legal: list[Action]) -> bool:
    """Whether `notation`, though not written as any legal action, names one (New York 1901
    names a building by any of its cells: "demolish H10 …" is the building standing on G10 and
    H10), which `play` rightly accepts."""
    try:
        return game.parse(notation) in legal
    except UnknownNotation:
        return False


def refusals_change_nothing(p: Playout, ply: int, game: nbgames.Game, rng: random.Random,
                            notations: dict[str, str], foreign: list[Action]) -> None:
    """At one position: other notations of the game, junk, non-text and other games' actions
    are all refused (see `refused`), and the whole state is as before."""
    where = f"seed {p.seed} ply {ply}"
    legal = game.legal_actions()
    legal_text = set(map(str, legal))
    before = whole_state(game)
    for attempt in illegal_notations(p, ply, rng, ILLEGAL_PER_POSITION):
        if another_spelling_of(game, attempt, legal):
            continue
        refused(game, attempt)
        with pytest.raises(IllegalAction):
            game.preview(attempt)
    assert whole_state(game) == before, f"{where}: refusing a notation changed the game"
    padded = (str(legal[0]) if legal else "x").ljust(MAX_NOTATION_LENGTH + 1, "x")
    for attempt in [j for j in JUNK if j not in notations] + NOT_TEXT + [padded]:
        assert isinstance(refused(game, attempt), UnknownNotation), attempt
    for attempt in foreign:
        if str(attempt) not in legal_text:
            refused(game, attempt)
    assert whole_state(game) == before, f"{where}: refusing junk or a foreign action changed the game"


@pytest.mark.parametrize("case", cases())
def test_previews_are_json_and_change_nothing(case):
    """At sampled positions, a legal action's `preview` is strict JSON with at least
    ``events`` and ``scores`` (one per seat), and leaves the whole state unchanged."""
    rng = random.Random(f"{case.id}/previews")
    for where, game in positions(case):
        before = whole_state(game)
        legal = game.legal_actions()
        for action in rng.sample(legal, min(3, len(legal))):
            preview = game.preview(action)
            assert json_round_trip(preview) == preview and {"events", "scores"} <= set(preview)
            assert len(preview["scores"]) == game.players
        assert whole_state(game) == before, f"{where}: a preview changed the game"


# -- 3. time travel -------------------------------------------------------------------------
@pytest.mark.parametrize("case", cases())
def test_undo_redo_and_goto_restore_exactly(case):
    """`undo` gives exactly the position one ply earlier and `redo` exactly the one before the
    undo; `goto(k)` equals a fresh game replayed for k plies (rules state and RNG, views,
    legal actions, events); bad positions are refused and change nothing. Events only grow:
    each position's events begin every later position's."""
    for p in playouts(case):
        time_travel_restores_exactly(p)


def time_travel_restores_exactly(p: Playout) -> None:
    where = f"seed {p.seed} ply"
    plies = sample_positions(p)
    final = p.replay()
    # a fresh game replayed for k plies, at every k the checks need (one replay, not one each)
    fresh = {ply: position(game) for ply, game in walk(p, sorted({k - 1 for k in plies if k} | set(plies)))}
    for ply, game in walk(p, plies):
        assert game.event_count == len(game.events())
        assert game.events() == final.events()[: game.event_count], f"{where} {ply}: events were rewritten"
        assert game.events(game.event_count // 2) == game.events()[game.event_count // 2:]
        assert (game.ply, game.recent(3), game.recent(0)) == (ply, list(p.actions[max(0, ply - 3):ply]), [])
        if ply == 0:
            continue
        before = whole_state(game)
        assert str(game.undo()) == p.actions[ply - 1]
        assert position(game) == fresh[ply - 1], f"{where} {ply}: undo"
        assert str(game.redo()) == p.actions[ply - 1]
        assert whole_state(game) == before, f"{where} {ply}: undo then redo did not restore the game"

    end = whole_state(final)
    for ply in random.Random(f"{p.case.id}/goto").sample(plies, len(plies)):
        final.goto(ply)
        assert position(final) == fresh[ply], f"seed {p.seed}: goto({ply})"
    final.goto(len(p.actions))
    assert whole_state(final) == end
    for bad in BAD_PLIES + [len(p.actions) + 1]:
        with pytest.raises(IllegalAction) as info:
            final.goto(bad)
        assert info.value.rule in GENERIC_RULES
    assert whole_state(final) == end


# -- 4. records -----------------------------------------------------------------------------
def scribble(value) -> None:
    """Change every container inside `value` in place: flip booleans, bump numbers, add keys
    and items (to show that a game kept no reference to what it was given or gave out)."""
    if isinstance(value, dict):
        for key, item in list(value.items()):
            if isinstance(item, bool):
                value[key] = not item
            elif isinstance(item, (int, float)):
                value[key] = item + 1
            else:
                scribble(item)
        value["scribbled"] = [1]
    elif isinstance(value, list):
        for item in value:
            scribble(item)
        value.append("scribbled")


def assert_future_dealt_anew(text: str, loads: int = 8, outcomes: int = 4) -> None:
    """Loads of one record of a game in progress agree on the past but not on the future: the
    next outcomes of chance (cards drawn, dice) differ between some of them."""
    futures = set()
    for _ in range(loads):
        game = nbgames.from_record(text)
        seen = len(game.rules.rng.log)
        while not game.is_over and len(game.rules.rng.log) < seen + outcomes:
            game.play(game.legal_actions()[0])
        futures.add(json.dumps(game.rules.rng.log[seen:]))
    assert len(futures) > 1 or game.is_over, "every load dealt the same future: the record fixes it"


@pytest.mark.parametrize("case", cases())
def test_records_round_trip_replay_and_stay_private(case):
    """`to_record()` is strict JSON; `from_record` of its text rebuilds the game's past exactly
    (every view, history, events, scores; a finished game's rules state and RNG too); a game in
    progress is saved without its seed and its unseen future is dealt anew on every load;
    editing a record, or the options a game was started with, changes nothing in the game, even
    after undo and redo; a record with one move made illegal or garbled is refused."""
    p = playout(case)
    for ply in (len(p.actions) // 2, len(p.actions)):
        game = p.replay(ply)
        record = game.to_record()
        text = json.dumps(record, allow_nan=False)
        assert json.loads(text) == record
        again = nbgames.from_record(text)
        if game.is_over:
            assert record["seed"] == p.seed and position(again) == position(game)
        else:
            assert "seed" not in record and observe(again) == observe(game)
            assert_future_dealt_anew(text)
        assert again.to_record() == record
        given = json.loads(text)
        from_dict = nbgames.from_record(given)
        before, before_dict = whole_state(game), whole_state(from_dict)
        scribble(record)
        scribble(given)
        for g, state in ((game, before), (from_dict, before_dict)):
            if g.history:
                g.undo()
                g.redo()
            assert whole_state(g) == state, "editing a record changed the game"

    options = case.options
    game = nbgames.new_game(case.game, case.players, seed=p.seed, options=options)
    for action in p.actions[:3]:
        game.play(action)
    before = whole_state(game)
    scribble(options)
    game.undo()
    game.redo()
    assert whole_state(game) == before, "editing the options after new_game changed the game"

    rng = random.Random(f"{case.id}/records")
    record = p.replay().to_record()
    for ply in [k for k in sample_positions(p) if k < len(p.actions)][:4]:
        then = p.replay(ply)
        for bad in illegal_notations(p, ply, rng, 4)[:1] + ["\x00 not a move"]:
            if another_spelling_of(then, bad, list(p.legal[ply])):
                continue
            broken = json.loads(json.dumps(record))
            broken["actions"][ply] = bad
            with pytest.raises(RecordError):
                nbgames.from_record(broken)


MUTATIONS_PER_RECORD = 25


@pytest.mark.parametrize("case", cases())
def test_records_changed_at_random_load_or_are_refused_never_crash(case):
    """A saved game changed at random (`mutated`: outcomes of chance, moves, options, players) is
    refused with a RecordError that says why, or it loads as a game that shows every seat its view,
    counts its scores and plays on: never another exception (a KeyError deep in the rules would
    be a crash on the page's Load button)."""
    rng = random.Random(f"{case.id}/mutations")
    refused = 0
    for p in playouts(case):
        for ply in sorted({0, len(p.actions) // 3, len(p.actions) // 2, len(p.actions)}):
            record = p.replay(ply).to_record()
            for _ in range(MUTATIONS_PER_RECORD):
                changed = mutated(record, rng)
                try:
                    game = nbgames.from_record(json.dumps(changed))
                except RecordError as exc:
                    assert str(exc).strip(), changed
                    refused += 1
                    continue
                for seat in range(game.players):
                    json.dumps(game.view(seat))
                assert len(game.scores()) == game.players
                for _ in range(10):
                    if game.is_over:
                        break
                    game.play(rng.choice(game.legal_actions()))
    assert refused, "no change was refused: the mutations do not reach the checks"


# -- 5. views and determinization -----------------------------------------------------------
@pytest.mark.parametrize("case", cases())
def test_views_are_json_safe_and_seats_are_strict(case):
    """`view(seat)` for every seat and `view(None)` survive strict JSON unchanged at sampled
    positions; a seat that is not a whole number in range (True, 1.0, -1, the player count)
    raises ValueError, for `view` and for `determinize`."""
    for where, game in positions(case):
        for seat in [None, *range(game.players)]:
            view = game.view(seat)
            assert json_round_trip(view) == view, f"{where}: view({seat}) is not strict JSON"
        for bad in BAD_SEATS + [game.players]:
            with pytest.raises(ValueError):
                game.view(bad)
            with pytest.raises(ValueError):
                game.determinize(bad, random.Random(0))
            with pytest.raises(ValueError):
                game.bot_view(bad)


def part_of(part, whole) -> bool:
    """`part` keeps some of `whole`'s keys, each with `whole`'s value; a dict inside may keep
    fewer keys, and so may each dict of a list (a list as long as `whole`'s)."""
    if isinstance(part, dict):
        return isinstance(whole, dict) and all(key in whole and part_of(value, whole[key])
                                               for key, value in part.items())
    if isinstance(part, list) and part and all(isinstance(item, dict) for item in part):
        return (isinstance(whole, list) and len(part) == len(whole)
                and all(part_of(p, w) for p, w in zip(part, whole, strict=True)))
    return part == whole


@pytest.mark.parametrize("case", cases())
def test_what_bots_weigh_is_part_of_the_view(case):
    """`bot_view(seat)`, what a bot's evaluation reads at the end of every playout, is some of
    `view(seat)`'s keys with the view's values, for every seat and None, in the game and in a
    determinized copy (where the bots read it): it shows a seat nothing its view does not.
    `bot_views()`, every seat's at once, is shown only of the copy (the search's own dealing)."""
    for where, game in positions(case):
        sample = game.determinize(0, random.Random(3))
        for g in (game, sample):
            for seat in [None, *range(game.players)]:
                part = g.bot_view(seat)
                assert part and part_of(part, g.view(seat)), f"{where}: bot_view({seat})"
        assert sample.bot_views() == [sample.bot_view(seat) for seat in range(game.players)], where
        with pytest.raises(ValueError):
            game.bot_views()


def test_the_part_check_catches_a_value_or_a_key_the_view_lacks():
    view = {"scores": [3, 4], "seats": [{"hand": None, "reserve": {"B": 1}}, {"hand": None, "reserve": {}}]}
    assert part_of({"scores": [3, 4], "seats": [{"reserve": {"B": 1}}, {"hand": None}]}, view)
    assert not part_of({"seats": [{"reserve": {"B": 2}}, {}]}, view)
    assert not part_of({"seats": [{"hand": {"B": 1}}, {}]}, view)  # a hand the view hides
    assert not part_of({"seats": [{"reserve": {"B": 1}}]}, view)  # a seat left out
    assert not part_of({"deck": []}, view)


def private_keys(game: nbgames.Game) -> set[str]:
    """View keys where some seat sees more than the public view (its hidden information)."""
    public = game.view(None)
    return {key for seat in range(game.players) for key, value in game.view(seat).items()
            if key != "seat" and value != public.get(key)}


@pytest.mark.parametrize("case", cases())
def test_determinize_agrees_with_each_seat_and_leaves_the_game_alone(case):
    """At sampled positions, for each seat, two `determinize(seat, rng)` copies with different
    RNGs show that seat exactly its real view (nothing hidden leaks into it, nothing it knows
    is changed) and the real public view, history and events; when that seat is to move they
    offer exactly the real legal actions. Making and playing on copies never touches the real
    game. Where seats hold secrets, some copies re-deal what other seats hold."""
    rng = random.Random(f"{case.id}/determinize")
    secrets = redealt = 0
    for where, game in positions(case):
        before = whole_state(game)
        secrets += bool(private_keys(game))
        for seat in range(game.players):
            copies = [game.determinize(seat, random.Random(k)) for k in (1, 2)]
            for copy in copies:
                assert copy.view(seat) == game.view(seat), f"{where}: seat {seat}'s view differs"
                assert copy.view(None) == game.view(None), f"{where}: the public view differs"
                assert (copy.to_move, copy.history, copy.events()) == (game.to_move, game.history, game.events())
                if seat == game.to_move:
                    assert copy.legal_actions() == game.legal_actions(), f"{where}: seat {seat}'s moves differ"
                redealt += any(copy.view(t) != game.view(t) for t in range(game.players) if t != seat)
            for _ in range(5):  # the copy is a game of its own
                if copies[0].is_over:
                    break
                copies[0].play(rng.choice(copies[0].legal_actions()))
        assert whole_state(game) == before, f"{where}: determinize changed the real game"
    assert redealt or not secrets, "seats hold secrets, yet no determinization re-dealt any"


@pytest.mark.parametrize("case", cases())
def test_samples_and_previews_depend_on_the_seat_view_alone(case):
    """Two games that show a seat the same view but hold other secrets (the second is a
    `determinize` of the first) give that seat the same sample for the same RNG, and the same
    previews. A sample shuffled from the real order of the hidden cards would be a fixed
    reordering of that order for a known RNG (a hint's seed is its ply, a preview's is 0), and
    the cards it shows could be traced back to where they really lie."""
    for where, game in positions(case):
        for seat in range(game.players):
            other = game.determinize(seat, random.Random(99))
            for k in (1, 2):
                mine, theirs = (g.determinize(seat, random.Random(k)) for g in (game, other))
                assert whole_state(mine) == whole_state(theirs), f"{where}: seat {seat}'s sample reads its secrets"
            if seat == game.to_move:
                for action in game.legal_actions()[:3]:
                    assert game.preview(action) == other.preview(action), f"{where}: the preview of {action}"


@pytest.mark.parametrize("case", cases())
def test_determinize_conserves_components(case):
    """A determinization re-deals hidden components; it never creates or loses one: the
    multiset the rules' `components()` reports is the same in every copy."""
    for where, game in positions(case):
        real = Counter(game.rules.components())
        for seat in range(game.players):
            copy = game.determinize(seat, random.Random(seat))
            assert Counter(copy.rules.components()) == real, f"{where}, seat {seat}"


# -- 6. determinism -------------------------------------------------------------------------
FINGERPRINTS = """
import importlib, json, sys
from contract_support import Case, fingerprint
importlib.import_module(sys.argv[1])  # the module that registers the game
print(json.dumps([fingerprint(Case(*case), int(sys.argv[2])) for case in json.loads(sys.argv[3])]))
"""


def registering_module(name: str) -> str:
    """The module that registered a game (a subprocess imports it to know the game too)."""
    manifest = manifest_of(name)
    for module_name, module in list(sys.modules.items()):
        if module is not None and any(value is manifest for value in vars(module).values()):
            return module_name
    return manifest.rules.partition(":")[0]


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_same_game_under_any_hash_seed(name):
    """A seed and the same choices give the same game (actions, views, scores, events, and
    a determinization from a seeded RNG) in processes with different PYTHONHASHSEED, and in
    this one: no outcome depends on the iteration order of sets or of dicts keyed by text."""
    mine = [c for c in CASES if c.game == name]
    seed = 3
    outputs = [json.dumps([fingerprint(c, seed) for c in mine]) + "\n"]
    args = [sys.executable, "-c", FINGERPRINTS, registering_module(name), str(seed),
            json.dumps([dataclasses.astuple(c) for c in mine])]
    for hash_seed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": os.pathsep.join(sys.path)}
        done = subprocess.run(args, env=env, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        outputs.append(done.stdout)
    assert outputs[1:] == outputs[:1] * (len(outputs) - 1)


# -- 7. events ------------------------------------------------------------------------------
@pytest.mark.parametrize("case", cases())
def test_events_are_typed_json_and_rendered(case):
    """Every event of a played game is a typed `Event` whose `to_json()` is strict JSON with
    its kind, and the game's renderer words it (never a repr) in each of its languages."""
    game = playout(case).replay()
    manifest = manifest_of(case.game)
    languages = sorted(manifest.catalogue()) or ["en"]
    assert game.events(), "a whole game produced no event"
    for event in game.events():
        assert isinstance(event, Event), f"{event!r} is not an engine.events.Event"
        data = event.to_json()
        assert json_round_trip(data) == data and data["kind"] == event.kind
        for lang in languages:
            text = manifest.event_text(event, lang)
            assert isinstance(text, str) and text.strip() and text != repr(event), (event, lang)


def test_make_fuzz_picks_its_seeds_from_the_environment():
    """`make fuzz` widens the suite through NBGAMES_CONTRACT_SEEDS; a typo there is an error,
    not a run over the default two seeds that looks like a wide one."""
    assert seeds_from(None, (0, 1)) == seeds_from("", (0, 1)) == (0, 1)
    assert seeds_from("100-103", (0, 1)) == (100, 101, 102, 103)
    assert seeds_from("7", (0, 1)) == (7,)
    for typo in ("100-", "-3", "10-2", "a-b", "1,2", "100..140"):
        with pytest.raises(ValueError, match="NBGAMES_CONTRACT_SEEDS"):
            seeds_from(typo, (0, 1))
