""""Show me" shows and lets the learner do it (issue #16, item 6), for every lesson of every game.

Each step: "Show me" changes nothing in the game, marks where the answer is given (a square, a
control or a choice button) and says so; the learner then answers *the way shown* and the step
is done. Pressed twice, "Show me" does the step ("Do it for me").
"""

from __future__ import annotations

import pytest

from nbgames.galopp_royal import lessons as galopp_lessons
from nbgames.newyork import lessons as newyork_lessons
from nbgames.newyork1901 import lessons as newyork1901_lessons
from nbgames.ui.lesson import LessonRunner

RUNNERS = {"newyork": newyork_lessons.learn, "galopp_royal": galopp_lessons.learn,
           "newyork1901": newyork1901_lessons.learn}
# How each game's answers are marked: New York's moves are squares; Galopp Royal's are buttons;
# New York 1901's builds and acquisitions are several marks (tile, Turn/Mirror, cell; card, lot).
MARKS = {"newyork": {"choice", "square", "square+way"},
         "galopp_royal": {"choice", "control", "several marks"},
         "newyork1901": {"choice", "control", "several marks", "square+way"}}


def follow_the_mark(runner: LessonRunner) -> str:
    """Answer the current step the way "Show me" marked it; returns how."""
    marked = [b for b in runner.choices.children if "nbg-lesson-shown" in b._dom_classes]
    if marked:
        marked[0].click()
        return "choice"
    shown = [targets for kind, targets in runner.view._extra if kind == "shown"]
    if shown and len(shown[0]) > 1:  # a move made of several clicks or a slider: all marked
        for target in shown[0]:
            assert runner.view.control(target) is not None or runner.view.target_cells(target) \
                or runner.view.regions is not None and target in runner.view.regions, target
        runner.do_it()
        return "several marks"
    if shown:
        target = shown[0][0]
        control = runner.view.control(target)
        if control is not None:
            control.click()
            return "control"
        if runner.session.board_active:
            runner.view.click(target)
            ways = [b for b in runner.view.choices.children if b.tooltip == str(runner.session.expected())]
            if ways:  # the square asked "which way?": choose the way the words named
                assert runner.view.asks_which(target)
                assert f"choose \u201c{ways[0].description}\u201d" in runner.feedback.value
                ways[0].click()
                return "square+way"
        else:
            runner.answer(target)  # a question answered by naming a square
        return "square"
    runner.move_box.value = str(runner.session.expected())
    runner.try_button.click()
    return "typed"


@pytest.mark.parametrize("game", sorted(RUNNERS))
def test_show_me_shows_then_the_learner_does_it(game):
    runner = RUNNERS[game]()
    ways = []
    for index in range(len(runner.lessons)):
        runner.go(index)
        while not runner.session.done:
            step, session = runner.session.step_index, runner.session
            history, events = list(session.game.history), session.game.event_count
            runner.show_me()
            assert (session.step_index, list(session.game.history), session.game.event_count) == (
                step, history, events), "Show me changed the game"
            assert "Here's how" in runner.feedback.value
            assert runner.show_button.description == "Do it for me"
            ways.append(follow_the_mark(runner))
            assert session.done or session.step_index == step + 1, (
                runner.lessons[index].id, step, ways[-1], runner.feedback_text)
            assert runner.show_button.description == "Show me"
    assert len(runner.completed) == len(runner.lessons)
    assert MARKS[game] <= set(ways), ways  # every kind of mark is exercised
    assert "typed" not in ways  # every answer is marked on the page


def test_show_me_twice_does_it_for_the_learner():
    runner = newyork_lessons.learn()
    runner.show_me()
    assert runner.session.step_index == 0 and ("shown", ["F5"]) in runner.view._extra
    assert "marked square F5" in runner.feedback.value
    runner.show_me()
    assert runner.session.step_index == 1 and runner.feedback_verdict.ok  # answered for them


def test_a_wrong_answer_after_show_me_is_still_explained():
    runner = newyork_lessons.learn()
    runner.show_me()
    runner.view.click("E5")
    assert not runner.feedback_verdict.ok and runner.feedback_verdict.rule == "NY-1"
    assert runner.session.step_index == 0 and runner.show_button.description == "Show me"
