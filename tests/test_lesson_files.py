"""Lesson files (issue 28 item 3): the versioned format, its round trip for every game, the JSON
Schema in the package, `nbgames lesson check`, and 60+ hostile files refused with the step named.

A lesson file holds its positions as records (a game in progress: no seed); loading one replays
every position and every move through the rules and runs nothing from the file.
"""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from contract_support import ODD_VALUES, changed_at_random

import nbgames
from nbgames.rulebook import rulebook_module
from nbgames.teach import (
    MAX_LESSON_BYTES,
    Lesson,
    LessonError,
    ask_choice,
    ask_move,
    game_at,
    load_lesson,
    show_moves,
)

DATA = Path(__file__).parent / "data" / "lessons"
LESSON_ODDS = (*ODD_VALUES, "NY-10", {"en": "x"}, {"judge": "kind"}, {"not": ["C2"]})  # what a lesson's parts hold
SCHEMA = Path(nbgames.__file__).parent / "lesson_schema.json"
GAMES = ("newyork", "galopp_royal", "newyork1901", "newyork_city")  # the four games (not the tests' own)


# -- sample lessons -------------------------------------------------------------------------------
def newyork_lesson() -> Lesson:
    """A New York lesson on a set position (the game's ``position`` option), texts in English
    and Japanese: the shape of tests/data/lessons/newyork.json."""
    from nbgames.newyork.lessons_turns import L4_BOARD
    from nbgames.newyork.teaching import OTHER_HANDS, position_game

    start = position_game(L4_BOARD, hands=[["F", "C", "2", "5"], *OTHER_HANDS], deck=["3", "B*", "D"])
    return Lesson(
        {"en": "Grow your group", "ja": "建物群を広げる"},
        [
            ask_move(start, ["F5", "F2"], rule="NY-10", show="F5",
                     prompt={"en": "You are red. Put a piece on an **empty** square next to your two pieces "
                                   "on Park Ave.",
                             "ja": "あなたは赤です。パーク・アベニューの2つのコマの隣の"
                                   "**空いた**マスにコマを置いてください。"},
                     right={"en": "Yes: an empty square next to your group, and the group grows.",
                            "ja": "そのとおり。建物群の隣の空きマスなので、建物群が大きくなります。"},
                     wrong={"en": "Look for an empty square that touches your red pieces.",
                            "ja": "赤のコマに接する空きマスを探してください。"}),
            ask_choice({"en": "Which rule says what happens on an empty square?",
                        "ja": "空きマスで何が起きるかを決めるルールは？"},
                       [("NY-10", True, {"en": "Right: NY-10.", "ja": "正解：NY-10です。"}),
                        ("NY-11", False, {"en": "NY-11 is the eviction fee.", "ja": "NY-11は立ち退き料です。"})],
                       rule="NY-10"),
            show_moves(None, ["A1", "D6"], [{"en": "Blue takes A1.", "ja": "青がA1を取ります。"}, None],
                       rule="NY-9", prompt="Now watch the next two players."),
            ask_move(start, "kind:pair", rule="NY-9", prompt="Play any pair."),
            ask_move(start, {"not": ["C2"]}, rule="NY-9", wrong="Not C2 this time."),
        ],
        game="newyork", intro="A lesson a teacher wrote.", summary="Well done.", seat=0)


def generic_lesson(name: str) -> Lesson:
    """A lesson of any game: a seeded game two moves in, each step kind and each judge kind."""
    m = nbgames.manifest(name)
    game = nbgames.new_game(name, players=max(3, m.min_players), seed=5)
    for _ in range(2):
        game.play(game.legal_actions()[0])
    legal = [str(a) for a in game.legal_actions()]
    rules = list(rulebook_module(name).RULEBOOK["en"])
    after = game.clone()
    after.play(legal[0])
    replay = [str(after.legal_actions()[0])]
    return Lesson(f"A {m.title} lesson", [
        ask_move(game, legal[:2], rule=rules[0], right="Good.", wrong="Another one."),
        show_moves(None, replay, ["First this."], rule=rules[1]),
        ask_choice("Which is it?", ["this", "that"], answer="that", rule=rules[2]),
        ask_move(game, f"kind:{game.legal_actions()[-1].kind}", rule=rules[0]),
        ask_move(game, {"not": legal[:1]}, rule=rules[0]),
        ask_move(game, "best score", rule=rules[0]),
    ], game=name)


@pytest.fixture(scope="module")
def ny() -> dict:
    return newyork_lesson().to_dict()


# -- writing -----------------------------------------------------------------------------------------
def test_a_lesson_file_is_written_whole_and_not_again_when_unchanged(tmp_path):
    """The served tutorial (notebooks/teach.ipynb) saves its lesson on every visit: the file is
    replaced whole (no half file for a learn page reading it), left alone when it already says
    the same, and no temporary file stays behind."""
    lesson, path = newyork_lesson(), tmp_path / "lesson.json"
    lesson.to_file(path)
    assert load_lesson(path).to_dict() == lesson.to_dict()
    written = path.stat().st_ino, path.stat().st_mtime_ns
    lesson.to_file(path)  # the same lesson: nothing written
    assert (path.stat().st_ino, path.stat().st_mtime_ns) == written
    path.write_text('{"half": ', encoding="utf-8")  # another text: replaced by a new file
    lesson.to_file(path)
    assert path.stat().st_ino != written[0] and load_lesson(path).to_dict() == lesson.to_dict()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lesson.json"]


# -- round trip -------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_a_lesson_of_every_game_round_trips_through_its_file(name, tmp_path):
    lesson = generic_lesson(name)
    data = lesson.to_dict()
    path = tmp_path / f"{name}.json"
    lesson.to_file(path)
    again = load_lesson(path)
    assert again.to_dict() == data
    assert [type(s) for s in again.steps] == [type(s) for s in lesson.steps]
    assert again.game == name
    # every position replays to the same view (what the seat to move may know, and the public one)
    for step, before in zip(again.steps, lesson.steps, strict=True):
        if step.position is not None:
            original, loaded = game_at(before.position), game_at(step.position)
            seat = original.to_move
            assert loaded.view(seat) == original.view(seat)
            assert loaded.view() == original.view()
    # and the lesson can be walked to its end with "Do it for me" (each expected answer is right)
    session = again.session("en")
    for _ in range(20):
        if session.done:
            break
        assert session.show_me().ok, session.last
    assert session.done


def test_the_sample_files_load_and_match_the_schema():
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(SCHEMA.read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    files = sorted(DATA.glob("*.json"))
    assert {f.stem for f in files} == set(GAMES)
    for path in files:
        data = json.loads(path.read_text())
        jsonschema.Draft202012Validator(schema).validate(data)
        lesson = load_lesson(path)
        assert lesson.game == data["game"]
        assert lesson.to_dict()["steps"] == data["steps"]


def test_the_newyork_sample_is_what_the_api_writes(ny):
    on_disk = json.loads((DATA / "newyork.json").read_text())
    assert on_disk == ny


def test_texts_in_two_languages_are_read_in_the_page_language(ny):
    lesson = load_lesson(ny)
    en, ja = lesson.lesson("en"), lesson.lesson("ja")
    assert en.title == "Grow your group" and ja.title == "建物群を広げる"
    assert "Park Ave" in en.steps[0].prompt and "パーク" in ja.steps[0].prompt
    # a text given once is the same in every language
    assert ja.intro == en.intro == "A lesson a teacher wrote."


def test_a_position_deals_the_unseen_cards_the_same_every_time(ny):
    lesson = load_lesson(ny)
    one, two = lesson.session("en"), lesson.session("en")
    for session in (one, two):
        session.submit("F5")  # the refill draws a card nobody had seen
    assert one.game.view(0) == two.game.view(0)


# -- a lesson for one game is refused by another ----------------------------------------------------
def test_a_lesson_for_one_game_is_refused_by_another(ny, tmp_path):
    load_lesson(ny, game="newyork")
    with pytest.raises(LessonError) as err:
        load_lesson(ny, game="galopp_royal")
    assert "this lesson is for New York, not Galopp Royal" in str(err.value)
    with pytest.raises(LessonError):
        load_lesson(ny).runner(game="newyork_city")
    # and a position of another game inside a lesson
    other = copy.deepcopy(ny)
    other["positions"]["p1"] = generic_lesson("galopp_royal").to_dict()["positions"]["p1"]
    with pytest.raises(LessonError) as err:
        load_lesson(other)
    assert err.value.step == 1 and "record of 'galopp_royal'" in str(err.value)


# -- hostile files ----------------------------------------------------------------------------------
def _set(path, value):
    """A mutation: set the value at `path` (keys and indexes) in a copy of the lesson."""
    def mutate(d):
        target = d
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        return d
    return mutate


def _drop(path):
    def mutate(d):
        target = d
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]
        return d
    return mutate


def _nested(depth):
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


def _rename_position(d):
    d["positions"]["../../etc/passwd"] = d["positions"].pop("p1")
    for step in d["steps"]:
        if step.get("position") == "p1":
            step["position"] = "../../etc/passwd"
    return d


def _with_record(key, value):
    return _set(["positions", "p1", key], value)


# (name, mutation, the step named (None: the lesson as a whole), words of the reason,
#  whether the JSON Schema alone sees it: the rest need the game's rules)
HOSTILE = [
    ("not an object", lambda d: [d], None, "JSON object", True),
    ("other format", _set(["format"], "nbgames-record"), None, "not an nbgames lesson", True),
    ("future version", _set(["version"], 2), None, "version 2", True),
    ("version as text", _set(["version"], "1"), None, "version '1'", True),
    ("version true", _set(["version"], True), None, "version True", True),
    ("no title", _drop(["title"]), None, "lacks title", True),
    ("no steps", _drop(["steps"]), None, "lacks steps", True),
    ("unknown key", _set(["script"], "import os"), None, "does not know: script", True),
    ("unknown game", _set(["game"], "chess"), None, "unknown game 'chess'", False),
    ("game not text", _set(["game"], 123), None, "unknown game 123", True),
    ("script in title", _set(["title"], "<script>alert(1)</script>"), None, "holds HTML", True),
    ("unknown language", _set(["title"], {"en": "x", "fr": "y"}), None, "language", True),
    ("empty title", _set(["title"], ""), None, "title is empty", True),
    ("title a number", _set(["title"], 5), None, "must be text", True),
    ("title an empty object", _set(["title"], {}), None, "must be text", True),
    ("huge intro", _set(["intro"], "x" * 5000), None, "too long", True),
    ("deeply nested", _set(["intro"], _nested(40)), None, "nested too deeply", True),
    ("intro entity", _set(["intro"], "&lt;script&gt;"), None, "holds HTML", True),
    ("positions a list", _set(["positions"], []), None, "positions must be", True),
    ("unused position", _set(["positions", "spare"], {}), None, "not used", True),
    ("steps empty", _set(["steps"], []), None, "1 to 100 steps", True),
    ("steps an object", _set(["steps"], {}), None, "1 to 100 steps", True),
    ("too many steps", lambda d: {**d, "steps": d["steps"] * 21}, None, "1 to 100 steps", True),
    ("seat out of range", _set(["seat"], 9), None, "seat must be", True),
    ("seat as text", _set(["seat"], "0"), None, "seat must be", True),
    ("step of unknown type", _set(["steps", 0, "type"], "eval"), 1, "type is move, choice or moves", True),
    ("step type a list", _set(["steps", 0, "type"], ["move"]), 1, "type is move, choice or moves", True),
    ("step type an object", _set(["steps", 1, "type"], {"choice": 1}), 2, "type is move, choice or moves", True),
    ("step not an object", _set(["steps", 1], "rm -rf /"), 2, "must be an object", True),
    ("step with code", _set(["steps", 0, "code"], "__import__('os')"), 1, "does not know: code", True),
    ("judge python", _set(["steps", 0, "accept"], {"judge": "python", "code": "True"}), 1, "judge is one of", True),
    ("judge as text", _set(["steps", 0, "accept"], "lambda g, a: True"), 1, "judge is one of", True),
    ("judge extra key", _set(["steps", 0, "accept", "extra"], 1), 1, "does not know: extra", True),
    ("move no notation", _set(["steps", 0, "accept", "moves"], ["Z9"]), 1, "Z9 is not a legal move", False),
    ("move not in hand", _set(["steps", 0, "accept", "moves"], ["C3"]), 1, "C3 is not a legal move", False),
    ("move not text", _set(["steps", 0, "accept", "moves"], [7]), 1, "notation", True),
    ("no moves", _set(["steps", 0, "accept", "moves"], []), 1, "1 to 60 moves", True),
    ("too many moves", _set(["steps", 0, "accept", "moves"], ["F5"] * 61), 1, "1 to 60 moves", True),
    ("unknown kind", _set(["steps", 3, "accept"], {"judge": "kind", "kind": "fly"}), 4, "of kind 'fly'", False),
    ("unknown rule", _set(["steps", 0, "rule"], "NY-99"), 1, "has no rule 'NY-99'", False),
    ("another game's rule", _set(["steps", 0, "rule"], "GR-1"), 1, "has no rule 'GR-1'", False),
    ("rule a number", _set(["steps", 0, "rule"], 10), 1, "has no rule 10", True),
    ("image in prompt", _set(["steps", 0, "prompt"], {"en": "<img src=x onerror=alert(1)>"}), 1, "holds HTML", True),
    ("entity in right", _set(["steps", 0, "right"], "&#60;script&#62;"), 1, "holds HTML", True),
    ("control in wrong", _set(["steps", 0, "wrong"], "a\x00b"), 1, "control characters", True),
    ("text value not text", _set(["steps", 0, "right"], {"en": 5}), 1, "must be text", True),
    ("show not accepted", _set(["steps", 0, "show"], "C2"), 1, "Show me", False),
    ("show illegal", _set(["steps", 0, "show"], "A1"), 1, "A1 is not a legal move", False),
    ("missing position", _set(["steps", 0, "position"], "nope"), 1, "no position named 'nope'", False),
    ("position a number", _set(["steps", 0, "position"], 5), 1, "no position named 5", True),
    ("first step without position", _drop(["steps", 0, "position"]), 1, "first step needs a position", False),
    ("one option", _set(["steps", 1, "options"], [{"label": "a", "right": True}]), 2, "2 to 8 options", True),
    ("no right option", _set(["steps", 1, "options", 0, "right"], False), 2, "marked right", True),
    ("right as text", _set(["steps", 1, "options", 0, "right"], "yes"), 2, "true or false", True),
    ("bold tag in label", _set(["steps", 1, "options", 0, "label"], "<b>x</b>"), 2, "holds HTML", True),
    ("option with onclick", _set(["steps", 1, "options", 0, "onclick"], "x()"), 2, "does not know: onclick", True),
    ("question without prompt", _drop(["steps", 1, "prompt"]), 2, "lacks prompt", True),
    ("replay of nonsense", _set(["steps", 2, "moves"], ["Z9"]), 3, "Z9 is not a legal move", False),
    ("replay of nothing", _set(["steps", 2, "moves"], []), 3, "1 to 60 moves", True),
    ("too many notes", _set(["steps", 2, "notes"], ["a", "b", "c"]), 3, "one note per move", False),
    ("script in a note", _set(["steps", 2, "notes", 0], "<script>x</script>"), 3, "holds HTML", True),
    ("not-list illegal", _set(["steps", 4, "accept", "moves"], ["Q1"]), 5, "Q1 is not a legal move", False),
    ("record of another game", _with_record("game", "galopp_royal"), 1, "record of 'galopp_royal'", False),
    ("record with an illegal move", _with_record("actions", ["Z9"]), 1, "position p1", False),
    ("record with a seed in progress", lambda d: _drop(["positions", "p1", "chance"])(
        _with_record("version", 1)(_with_record("seed", 7)(d))), 1, "seed of a game in progress", False),
    ("record with a seed and its chance", _with_record("seed", 7), 1, "position p1", False),
    ("record for 99 players", _with_record("players", 99), 1, "position p1", False),
    ("sealed record", _with_record("format", "nbgames-sealed"), 1, "position p1", True),
    ("record of pickles", _set(["positions", "p1"], "cos\nsystem\n(S'ls'\ntR."), 1, "saved game record", True),
    ("record with a bad position", _set(["positions", "p1", "options", "position", "board"], ["rrrrrrr"] * 7),
     1, "position p1", False),
    ("path-like position name", _rename_position, 1, "a position's name", True),
    ("a whole long game to replay", _with_record("actions", ["A1"] * 2001), 1, "more than 2000 moves", True),
    ("too many best-score steps", lambda d: {**d, "steps": d["steps"] + [
        {"type": "move", "position": "p1", "accept": {"judge": "best score"}}] * 11}, 16, "at most 10 steps", False),
]


@pytest.mark.parametrize("name,mutate,step,words,schema_sees", HOSTILE, ids=[h[0] for h in HOSTILE])
def test_a_hostile_lesson_file_is_refused_naming_the_step(ny, name, mutate, step, words, schema_sees):
    data = mutate(copy.deepcopy(ny))
    with pytest.raises(LessonError) as err:
        load_lesson(data)
    assert err.value.step == step, str(err.value)
    text = str(err.value)
    assert words in text, text
    if step is not None:
        assert text.startswith(f"step {step}: ")
    # the same file from disk, as bytes: the same refusal
    with pytest.raises(LessonError) as again:
        load_lesson(json.dumps(data).encode())
    assert str(again.value) == text


@pytest.mark.parametrize("name", GAMES)
def test_lesson_files_changed_at_random_load_or_are_refused_with_a_reason(name):
    """The sample file of each game, changed at random 150 times: each version loads, or is refused
    with a LessonError that says why; nothing else is raised (a step whose type was a list once
    crashed the loader with a TypeError)."""
    rng = random.Random(f"lesson/{name}")
    original = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    refused = 0
    for _ in range(150):
        changed = changed_at_random(copy.deepcopy(original), rng, LESSON_ODDS)
        try:
            load_lesson(json.dumps(changed, ensure_ascii=False))
        except LessonError as exc:
            assert str(exc).strip()
            refused += 1
    assert 0 < refused < 150, refused


def test_there_are_more_than_fifty_hostile_files():
    assert len(HOSTILE) >= 50


def test_the_schema_refuses_what_it_can_see_and_accepts_what_only_the_rules_refuse(ny):
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(json.loads(SCHEMA.read_text()))
    validator.validate(ny)
    wrong = []
    for name, mutate, _step, _words, schema_sees in HOSTILE:
        errors = list(validator.iter_errors(mutate(copy.deepcopy(ny))))
        if bool(errors) != schema_sees:
            wrong.append((name, [e.message[:80] for e in errors]))
    assert not wrong


def test_files_too_big_or_not_json_are_refused_before_parsing(tmp_path):
    path = tmp_path / "huge.json"
    path.write_bytes(b'{"title": "' + b"x" * (MAX_LESSON_BYTES + 10) + b'"}')
    with pytest.raises(LessonError, match="too big"):
        load_lesson(path)
    with pytest.raises(LessonError, match="nested too deeply|not JSON"):
        load_lesson(b"[" * 100_000 + b"]" * 100_000)
    with pytest.raises(LessonError, match="not JSON"):
        load_lesson(b"\xff\xfe garbage")
    with pytest.raises(LessonError, match="cannot read"):
        load_lesson(tmp_path / "missing.json")


def test_nothing_in_a_file_is_run_or_imported(ny, tmp_path, monkeypatch):
    import builtins

    calls = []
    real_import = builtins.__import__
    monkeypatch.setattr(builtins, "eval", lambda *a, **k: calls.append(("eval", a)))
    monkeypatch.setattr(builtins, "exec", lambda *a, **k: calls.append(("exec", a)))
    data = copy.deepcopy(ny)
    data["steps"][0]["accept"] = {"judge": "kind", "kind": "__import__('os').system('touch pwned')"}

    def watch(name, *args, **kwargs):
        if name in ("os", "subprocess", "pickle"):
            calls.append(("import", name))
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", watch)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(LessonError):
        load_lesson(data)
    monkeypatch.setattr(builtins, "__import__", real_import)
    assert not (tmp_path / "pwned").exists() and not calls


def test_a_refusal_reads_in_japanese_on_a_japanese_page(ny):
    data = copy.deepcopy(ny)
    data["steps"][0]["rule"] = "NY-99"
    with pytest.raises(LessonError) as err:
        load_lesson(data)
    ja = err.value.localized("ja")
    assert str(err.value).startswith("step 1: ") and "NY-99" in ja and ja != str(err.value)
    assert "ステップ1" in ja


# -- the command line ---------------------------------------------------------------------------------
def run(*args):
    return subprocess.run([sys.executable, "-m", "nbgames", *args], capture_output=True, text=True, timeout=120)


def test_lesson_check_prints_ok_with_a_summary_or_the_step_and_exits_non_zero(ny, tmp_path, capsys):
    from nbgames.cli import main

    out = run("lesson", "check", str(DATA / "newyork.json"))  # the command itself, once
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("OK: New York, 'Grow your group': 5 steps")
    bad = copy.deepcopy(ny)
    bad["steps"][2]["moves"] = ["Z9"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    assert main(["lesson", "check", str(path)]) == 2
    assert capsys.readouterr().err.startswith("refused: step 3: Z9 is not a legal move")
    assert main(["lesson", "check", str(DATA / "newyork.json"), "--game", "galopp_royal"]) == 2
    assert "for New York, not Galopp Royal" in capsys.readouterr().err
    assert main(["lesson", "check", str(path), "--lang", "ja"]) == 2
    assert "ステップ3" in capsys.readouterr().err
