"""The platform: a game is a package that declares itself, and the facade's promises hold.

Pebbles (tests/pebbles) is a game that lives only in the tests: it registers itself and is
played through the Game facade, the CLI, the play dashboard and (tests/browser) a served page,
with no file of nbgames edited. The defects found by hand through the public API each have a
test here.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pebbles  # registers the example game (tests/ is on the path)
import pytest

import nbgames
from nbgames.engine.errors import IllegalAction, RecordError, UnknownNotation
from nbgames.engine.manifest import Manifest
from nbgames.engine.registry import available_games, manifest, register
from nbgames.ui.gallery_page import gallery_html
from nbgames.ui.i18n import t

TESTS = Path(__file__).resolve().parent


def pebbles_env() -> dict:
    path = os.pathsep.join(filter(None, [str(TESTS), os.environ.get("PYTHONPATH", "")]))
    return {**os.environ, "NBGAMES_GAMES": "pebbles", "PYTHONPATH": path}


def test_a_game_registers_itself_and_is_played_through_the_facade():
    assert "pebbles" in available_games() and manifest("pebbles") is pebbles.manifest.MANIFEST
    game = nbgames.new_game("pebbles", players=2, seed=4)
    rng = random.Random(4)
    while not game.is_over:
        game.play(rng.choice(game.legal_actions()))
    assert nbgames.from_record(json.dumps(game.to_record())).scores() == game.scores()
    log = [game.manifest.event_text(e) for e in game.events()]
    assert log[0].startswith("Player 1 placed a ") and "Player 2 passed (PB-4)." in log or game.is_over
    assert "data-game='pebbles'" in gallery_html() and "pebbles.ipynb" in gallery_html()


def test_the_example_game_has_a_playable_dashboard():
    timers = []
    app = nbgames.ui.play("pebbles", players=2, seats=["human", "random"], scheduler=lambda *a: timers.append(a))
    view = app.view
    target = view.legal_targets()[0]
    before = len(app.game.history)
    view.click(target)  # two pebbles in hand may fit: the shell asks which, or plays the only one
    if view.choices.children:
        view.choices.children[0].click()
    assert len(app.game.history) == before + 1
    assert "Player 1 placed a" in app.controller.log.value and timers  # the bot's turn is scheduled


def test_cli_lists_simulates_and_checks_options_of_an_external_game():
    def cli(*args):
        return subprocess.run([sys.executable, "-m", "nbgames", *args], capture_output=True, text=True,
                              env=pebbles_env(), timeout=120)

    listed = cli("games")
    assert listed.returncode == 0 and "pebbles: Pebbles" in listed.stdout and "-o size=<int>" in listed.stdout
    done = cli("simulate", "pebbles", "-n", "5", "--players", "2", "-o", "size=2", "--quiet")
    assert done.returncode == 0 and "5 games of pebbles, 2 players" in done.stdout
    refused = cli("simulate", "pebbles", "-n", "1", "--players", "2", "-o", "size=9")
    assert refused.returncode == 2 and "option 'size' must be a whole number from 2 to 4" in refused.stderr
    unknown = cli("simulate", "newyork", "-n", "1", "-o", "jokers=true")
    assert unknown.returncode == 2 and "New York has no option 'jokers'" in unknown.stderr


@pytest.mark.parametrize("options, message", [
    ({"teams": "yes"}, "must be true or false"),
    ({"jokers": True}, "has no option 'jokers'"),
    ({"teams": True}, "is for 4 players"),
    ({"action_cards": float("nan")}, "plain JSON"),
    ({"position": {1, 2}}, "plain JSON"),
])
def test_options_are_checked_against_the_manifest(options, message):
    with pytest.raises(ValueError, match=message):
        nbgames.new_game("newyork", players=3, options=options)


def test_a_game_string_must_carry_its_prefix():
    bad = Manifest(name="badstrings", title="Bad", designer="x", year=2026, min_players=2, max_players=2,
                   rules="pebbles.rules:Pebbles", prefix="bs", strings="test_platform:BAD_STRINGS")
    with pytest.raises(ValueError, match="must start with 'bs'"):
        bad.catalogue()
    assert t("pb.passed", player="Player 2") == "Player 2 passed (PB-4)."  # registered catalogues merge


BAD_STRINGS = {"en": {"ny.title": "hijacked"}}


def test_registering_another_game_under_a_taken_name_is_refused():
    clone = Manifest(name="newyork", title="Not New York", designer="x", year=1, min_players=2, max_players=2,
                     rules="pebbles.rules:Pebbles")
    with pytest.raises(ValueError, match="already registered"):
        register(clone)
    assert manifest("newyork").title == "New York"


# -- defects found by hand through the public API ----------------------------------------------
def test_actions_are_immutable_and_shared_tables_stay_intact():
    g = nbgames.new_game("galopp_royal", players=3, seed=1)
    bid = next(a for a in g.legal_actions() if str(a) == "bid 1")
    with pytest.raises(AttributeError):
        bid.args = (50,)
    with pytest.raises(AttributeError):
        bid.kind = "pass"
    g.play(bid)
    assert g.view(0)["auction"]["current_bid"] == 1
    assert nbgames.new_game("galopp_royal", players=3, seed=1).parse("bid 1").args == (1,)


def test_a_record_shares_nothing_with_the_running_game():
    scenario = {"boards": [["+1", "+2", "+3", "+5"], ["+1", "+2", "+3", "goof"], ["+1", "+2", "+5", "goof"]],
                "coins": [10, 10, 10]}
    options = {"scenario": scenario}
    g = nbgames.new_game("galopp_royal", players=3, seed=2, options=options)
    scenario["coins"][0] = 500  # the caller's dict, after the game started
    g.play("roll")
    record = g.to_record()
    record["options"]["scenario"]["coins"][0] = 999
    g.undo()
    g.redo()
    assert g.view(0)["coins"][0] == 10 and g.options["scenario"]["coins"][0] == 10


@pytest.mark.parametrize("seat", [True, False, 1.0, "1", None.__class__, -1, 3])
def test_seats_must_be_whole_numbers(seat):
    g = nbgames.new_game("newyork", players=3, seed=1)
    with pytest.raises(ValueError, match="no seat"):
        g.view(seat)
    with pytest.raises(ValueError, match="no seat"):
        g.determinize(seat, random.Random(1))


def test_unknown_notation_is_its_own_error_apart_from_a_rule_refusal():
    g = nbgames.new_game("newyork", players=3, seed=1)
    with pytest.raises(UnknownNotation) as junk:
        g.play("Z9 please")
    assert isinstance(junk.value, IllegalAction) and junk.value.rule.startswith("NY-")
    taken = next(a for a in g.legal_actions())
    g.play(taken)
    with pytest.raises(IllegalAction) as refused:
        g.play(str(taken))  # a real notation, refused by a rule
    assert not isinstance(refused.value, UnknownNotation)
    assert g.refusal(str(taken)).rule == refused.value.rule and g.refusal(g.legal_actions()[0]) is None
    for hostile in (None, 5, b"C3", ["C3"], "x" * 1000):
        assert isinstance(g.refusal(hostile), UnknownNotation)


def test_a_sampled_game_cannot_be_saved_or_undone():
    g = nbgames.new_game("newyork", players=3, seed=1)
    sample = g.determinize(0, random.Random(3))
    assert sample.view(0) == g.view(0)
    with pytest.raises(ValueError):
        sample.to_record()
    with pytest.raises(IllegalAction):
        sample.undo()


def test_hostile_records_are_still_refused():
    good = nbgames.new_game("pebbles", players=2, seed=1).to_record()
    for bad in ({**good, "game": "nosuch"}, {**good, "options": {"size": "3"}}, {**good, "actions": ["9@Z9"]}):
        with pytest.raises(RecordError):
            nbgames.from_record(bad)


@pytest.mark.parametrize("name", ["newyork", "galopp_royal", "newyork1901", "newyork_city"])
def test_every_event_a_game_emits_is_one_its_manifest_lists(name):
    """A table's page rebuilds the holder's public events by kind from this list: an event kind
    missing from it would be a line missing from the page's log."""
    classes = manifest(name).event_classes()
    game, rng = nbgames.new_game(name, players=3, seed=5), random.Random(5)
    while not game.is_over and len(game.history) < 400:
        game.play(rng.choice(game.legal_actions()))
    emitted = {type(event) for event in game.events(0)}
    assert len(emitted) >= 4 and all(classes.get(cls.kind) is cls for cls in emitted), emitted


def test_the_notebook_calls_stay_calls_once_every_kit_module_is_imported():
    """A notebook calls `nbgames.ui.play`, `gallery` and `glossary`. Importing a submodule sets
    its name on the package, so a module named like a call replaced it: once a play page had
    imported the gallery's module, `nbgames.ui.gallery()` raised "'module' object is not callable"."""
    import importlib
    import pkgutil

    import nbgames.ui

    for info in pkgutil.iter_modules(nbgames.ui.__path__):
        importlib.import_module(f"nbgames.ui.{info.name}")
    for name in nbgames.ui.__all__:
        assert callable(getattr(nbgames.ui, name)), f"nbgames.ui.{name} is {getattr(nbgames.ui, name)!r}"
