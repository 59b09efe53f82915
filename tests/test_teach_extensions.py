"""What the teachers' API gained so New York's built-in lessons could be written on it (issue 28
item 1, "rewritten on this public API, to prove it is enough"): a fixed lesson `id` (kept progress)
and the `rules` it teaches, squares to `highlight`, an option's `value`, `buttons` on a move step
(a tempting non-move such as "pass"), `ask_square` (click a square, nothing is played), and in a
notebook a prompt computed from the game and words said `after` a move. Data goes into lesson
files and is checked there; Python functions never do."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

import nbgames
from nbgames import Lesson, LessonError, ask_choice, ask_move, load_lesson
from nbgames.newyork import lessons_basics, lessons_end, lessons_turns
from nbgames.newyork.lessons import lessons, public_lessons
from nbgames.newyork.lessons_turns import L4_BOARD, L7B_BOARD
from nbgames.newyork.teaching import OTHER_HANDS, position_game
from nbgames.teach import AskChoice, AskMove, AskSquare, ask_square

SCHEMA = Path(nbgames.__file__).parent / "lesson_schema.json"
NY_ORDER = ["ny-goal", "ny-setup", "ny-hands", "ny-first-turn", "ny-joker", "ny-fee", "ny-cant-pay",
            "ny-stop", "ny-scoring"]


def start():
    """Red to move holding F, C, 2 and 5 (C2, C5, F2, F5 are its pairs; F2 and F5 touch its group)."""
    return position_game(L4_BOARD, hands=[["F", "C", "2", "5"], *OTHER_HANDS], deck=["3", "B*", "D"])


def no_pair():
    """Red with 0 chips and no playable pair: 'noplay' is its only move (NY-13)."""
    return position_game(L7B_BOARD, hands=[["F", "G", "2", "7"], *OTHER_HANDS], chips=[0, 8, 8, 8])


def snapshot(game):
    return json.dumps([game.to_record(), game.view(0), game.event_count])


def data_lesson() -> Lesson:
    """A lesson using every new key a file may hold."""
    return Lesson("Data", [
        ask_move(start(), ["F5", "F2"], rule="NY-10", highlight=["F3", "F4"]),
        ask_choice("Who shows the fewest red cards?", [{"label": "The blue player", "value": "blue", "right": True},
                                                      {"label": "The green player", "value": "green", "right": False}],
                   rule="NY-7", highlight="F6"),
        ask_move(no_pair(), ["noplay"], rule="NY-13",
                 buttons=[("Discard and draw", "noplay"), ("Pass", "pass", "There is no passing (NY-13).")]),
    ], game="newyork", id="my-lesson-1", rules=["NY-10", "NY-13"])


# -- a fixed id and the rules taught ------------------------------------------------------------
def test_a_fixed_id_keeps_progress_under_it_and_survives_a_file():
    lesson = data_lesson()
    assert lesson.id == "my-lesson-1" and lesson.lesson().id == "my-lesson-1"
    assert lesson.lesson().rules == ("NY-10", "NY-13")
    assert lesson.runner().pagekit.storage_key == "nbgames/newyork/my-lesson-1"  # where a browser keeps it
    again = load_lesson(lesson.to_dict(), game="newyork")
    assert again.id == "my-lesson-1" and again.lesson().rules == ("NY-10", "NY-13")
    edited = lesson.to_dict()
    edited["title"] = "Data, with better words"
    assert load_lesson(edited).id == "my-lesson-1"  # edited words, the same kept progress
    unnamed = Lesson("Data", data_lesson().steps, game="newyork")
    assert unnamed.id.startswith("lesson-") and unnamed.lesson().rules == ("NY-10", "NY-7", "NY-13")


@pytest.mark.parametrize("key,value,words", [
    ("id", "no spaces allowed", "id is letters"),
    ("id", 7, "id is letters"),
    ("rules", ["NY-99"], "no rule 'NY-99'"),
    ("rules", "NY-10", "rules must be a list"),
])
def test_a_bad_id_or_rules_list_is_refused(key, value, words):
    data = data_lesson().to_dict()
    data[key] = value
    with pytest.raises(LessonError, match=words) as refused:
        load_lesson(data)
    assert refused.value.step is None


# -- highlights, option values, buttons: in files too -----------------------------------------------
def test_highlights_are_marked_while_their_step_is_shown():
    session = load_lesson(data_lesson().to_dict()).session("en")
    assert session.highlights() == ["F3", "F4"]
    assert session.submit("F5").ok
    assert session.highlights() == ["F6"]


def test_an_option_is_answered_by_its_value_or_its_label_and_the_page_sends_the_value():
    lesson = load_lesson(data_lesson().to_dict())
    model = lesson.lesson("en")
    assert [(c.label, c.value) for c in model.steps[1].choices] == [("The blue player", "blue"),
                                                                      ("The green player", "green")]
    session = lesson.session("en")
    session.submit("F5")
    assert not session.submit("green").ok and session.step_index == 1
    assert session.submit("The blue player").ok and session.step_index == 2
    assert model.steps[1].expected(None) == "blue"


def test_a_button_that_is_not_a_move_says_its_words_and_changes_nothing():
    session = data_lesson().session("en")
    session.submit("F5")
    session.submit("blue")
    assert [(c.label, c.value) for c in session.choices] == [("Discard and draw", "noplay"), ("Pass", "pass")]
    before = snapshot(session.game)
    verdict = session.submit("pass")
    assert not verdict.ok and verdict.rule == "NY-13" and verdict.text == "There is no passing (NY-13)."
    assert snapshot(session.game) == before and session.step_index == 2
    illegal = session.submit("F2")  # a move the rules forbid: still the engine's refusal and rule
    assert not illegal.ok and illegal.rule == "NY-12" and snapshot(session.game) == before
    assert session.submit("noplay").ok and session.done  # the button that is a move plays it


@pytest.mark.parametrize("where,mutate,words", [
    ("highlight", lambda d: d["steps"][0].update(highlight=["<b>"]), "highlight must be a list of square names"),
    ("highlight", lambda d: d["steps"][0].update(highlight="F5"), "highlight must be a list"),
    ("value", lambda d: d["steps"][1]["options"][1].update(value="blue"), "value is a short name"),
    ("value", lambda d: d["steps"][1]["options"][0].update(value="a b"), "value is a short name"),
    ("buttons", lambda d: d["steps"][2].update(buttons=[{"label": "x"}]), "lacks value"),
    ("buttons", lambda d: d["steps"][2]["buttons"][1].update(text="<script>"), "HTML"),
    ("buttons", lambda d: d["steps"][2].update(buttons=[{"label": "x", "value": "pass", "run": "rm"}]),
     "does not know: run"),
])
def test_bad_highlights_values_and_buttons_in_a_file_are_refused_naming_the_step(where, mutate, words):
    data = data_lesson().to_dict()
    mutate(data)
    step = {"highlight": 1, "value": 2, "buttons": 3}[where]
    with pytest.raises(LessonError, match=words) as refused:
        load_lesson(copy.deepcopy(data))
    assert refused.value.step == step


def test_the_schema_knows_the_new_keys():
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(json.loads(SCHEMA.read_text()))
    data = data_lesson().to_dict()
    validator.validate(data)
    data["steps"][0]["highlight"] = ["not a square"]
    assert list(validator.iter_errors(data))


# -- a square to click -------------------------------------------------------------------------------
def test_ask_square_is_answered_by_a_click_and_plays_nothing():
    def wrong(game, name):
        return f"{name} is not on Park Ave."

    step = ask_square("Click Park Ave × 49th St.", ["F5"], right="Yes: F5.", wrong=wrong, rule="NY-1",
                      position=start(), highlight=["F5"])
    session = Lesson("Squares", [step]).session("en")
    before = snapshot(session.game)
    assert session.submit("E5").text == "E5 is not on Park Ave." and session.last.rule == "NY-1"
    assert session.submit("noplay").text == "Click a square on the board."
    assert snapshot(session.game) == before
    assert session.submit("**@F5").ok and session.done  # a move onto the square names it; nothing played
    assert snapshot(session.game) == before
    model = Lesson("Squares", [step]).lesson("en")
    assert model.steps[0].plays is False and model.steps[0].expected(None) == "F5"


def test_notebook_only_steps_are_refused_by_a_file_naming_the_step():
    square = ask_square("Click F5.", "F5", position=start())
    with pytest.raises(LessonError, match="clicking a square") as refused:
        Lesson("Squares", [ask_move(start(), "F5"), square]).to_dict()
    assert refused.value.step == 2
    computed = ask_move(start(), "F5", prompt=lambda game: f"Move {game.to_move}")
    with pytest.raises(LessonError, match="prompt of this step is a Python function") as refused:
        Lesson("Computed", [computed]).to_file("never.json")
    assert refused.value.step == 1
    after = ask_move(start(), "F5", after=lambda game: "You drew.")
    with pytest.raises(LessonError, match="after of this step"):
        Lesson("After", [after]).to_dict()
    data = Lesson("Plain", [ask_move(start(), "F5")]).to_dict()
    data["steps"][0]["type"] = "square"
    data["steps"][0]["squares"] = ["F5"]
    with pytest.raises(LessonError, match="type is move, choice or moves"):
        load_lesson(data)


def test_a_computed_prompt_and_words_after_the_move_in_a_notebook():
    step = ask_move(start(), ["F5"], rule="NY-10", right="Placed.",
                    prompt=lambda game: f"Red holds {len(game.view(0)['hand'])} cards.",
                    after=lambda game: f"Now {len(game.view(0)['hand'])} cards.")
    session = Lesson("Computed", [step]).session("en")
    assert session.prompt == "Red holds 4 cards."
    verdict = session.submit("F5")
    assert verdict.ok and verdict.text == "Placed. Now 5 cards."  # drew 3, B*, D (NY-9)


# -- New York's built-in lessons are made with this API ---------------------------------------------
def test_new_yorks_lessons_are_public_lessons_with_their_old_ids():
    built = public_lessons()
    assert [lesson.id for lesson in built] == NY_ORDER == [lesson.id for lesson in lessons()]
    for lesson in built:
        assert isinstance(lesson, Lesson) and lesson.game == "newyork"
        assert all(isinstance(step, (AskMove, AskChoice, AskSquare)) for step in lesson.steps)
    for module in (lessons_basics, lessons_end, lessons_turns):  # no private lesson helpers left
        source = Path(module.__file__).read_text()
        assert "from ..teach import" in source and "Step(" not in source and "Choice(" not in source
