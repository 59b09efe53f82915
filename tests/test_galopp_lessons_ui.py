"""The Galopp Royal lesson runner with the real Galopp view (widgets in the kernel, no browser):
lessons done through the view's own buttons and clicks."""

from __future__ import annotations

import pytest

from nbgames.galopp_royal.lessons import lessons
from nbgames.ui.lesson import LessonSession

view_module = pytest.importorskip("nbgames.galopp_royal.view")
from nbgames.galopp_royal.lessons import learn  # noqa: E402


def choice(runner, label_part: str):
    matches = [b for b in runner.choices.children if label_part in b.description]
    assert len(matches) == 1, [b.description for b in runner.choices.children]
    return matches[0]


def test_first_two_lessons_through_the_view():
    runner = learn()
    assert "0 of 9 lessons done" in runner.progress.value
    assert not runner.view.interactive  # a question: answered by the lesson's buttons
    assert "bid 7" in runner.move_box.placeholder  # a Galopp example, not New York's "F5"
    choice(runner, "1 in 2").click()
    assert runner.feedback_verdict.rule == "GR-5" and not runner.feedback_verdict.ok
    assert "Not quite" in runner.feedback.value and runner.session.step_index == 0
    choice(runner, "1 in 4").click()
    choice(runner, "1 in 2").click()
    choice(runner, "2.25").click()
    assert not runner.feedback_verdict.ok
    choice(runner, "1.75").click()
    assert runner.view.interactive and not runner.view.control("button:roll").disabled
    runner.view.control("button:roll").click()
    assert runner.session.done and "1 of 9 lessons done" in runner.progress.value
    assert runner.view.game.view(None)["positions"][0] == 5 and "slot 1 holds +5" in runner.feedback.value

    runner.next_button.click()
    assert runner.index == 1 and "partly known" in runner.title.value
    choice(runner, "2").click()
    assert runner.feedback_verdict.ok
    view = runner.view
    assert view.bid_amount.min == 6 and not view.control("button:pass").disabled
    view.control("button:pass").click()  # legal, but the lesson explains why not
    assert runner.feedback_verdict.rule == "GR-7" and not runner.feedback_verdict.ok
    assert runner.session.game.to_move == 0
    view.bid_amount.value = 9
    view.bid_button.click()
    assert runner.session.done and "2 of 9 lessons done" in runner.progress.value
    assert runner.session.game.view(None)["boards"][0] == ["+1", "goof", "+5", "+3"]
    assert runner.items[1].description.startswith("✓")


def test_schemer_lesson_by_clicking_chairs():
    runner = learn(start=4)
    view = runner.view
    view.control("button:roll").click()
    assert runner.session.game.view(None)["phase"] == "scheme"
    view.choose_scheme_option(1)
    legal = {str(a) for a in runner.session.game.legal_actions()}
    assert "scheme +2 3:-2" not in legal and "scheme +2 1:-1 3:-1" in legal  # GR-11: not into the pond
    view.click("chair:2")  # legal, but Player 2 stays level with you
    view.confirm_button.click()
    assert runner.feedback_verdict.rule == "GR-11" and not runner.feedback_verdict.ok
    assert runner.session.game.view(None)["positions"] == [10, 12, 11, -2]
    view.click("chair:2")  # unselect
    view.click("chair:1")
    view.confirm_button.click()
    assert runner.feedback_verdict.ok and runner.session.game.view(None)["positions"][:2] == [12, 10]
    choice(runner, "pond").click()
    assert runner.session.done


def test_exchange_lesson_by_clicking_slots():
    runner = learn(start=7)
    view = runner.view
    assert not view.interactive  # first asked who will draw first
    choice(runner, "Me").click()
    assert view.interactive
    for target in ("slot:0:1", "slot:1:3", "slot:2:3", "slot:3:1"):
        view.click(target)
    view.confirm_button.click()
    assert runner.feedback_verdict.rule == "GR-16" and "Player 4 keeps its +5" in runner.feedback.value
    view.click("slot:3:4")
    view.confirm_button.click()
    assert runner.feedback_verdict.ok and runner.session.done
    runner.reset_button.click()
    assert runner.session.game.view(None)["phase"] == "exchange" and runner.view.game is runner.session.game


def test_every_lesson_runs_to_the_end_in_the_runner():
    runner = learn()
    for index in range(len(runner.lessons)):
        runner.go(index)
        while not runner.session.done:
            before = runner.session.step_index
            runner.do_it()
            assert runner.session.done or runner.session.step_index == before + 1
            assert runner.view.game is runner.session.game
    assert "9 of 9 lessons done" in runner.progress.value


def test_highlight_targets_are_names_the_view_knows():
    for lesson in lessons():
        session = LessonSession(lesson)
        while not session.done:
            for target in session.highlights():
                assert view_module.parse_target(target) is not None, (lesson.id, target)
            session.show_me()


def test_a_choice_button_answers_only_its_own_question_and_is_made_once():
    """The answer buttons were made again on every update, so a press landing while they were
    replaced was lost; and a press on the last question's button ("1 in 2", lesson 1) that
    reached the kernel after the learner opened lesson 2 answered lesson 2's question."""
    runner = learn()
    old = choice(runner, "1 in 2")
    runner._update()  # an update that changes nothing keeps the very same buttons
    assert choice(runner, "1 in 2") is old
    runner.go(1)
    assert old not in runner.choices.children and old.comm is None  # replaced and closed
    step, verdict = runner.session.step_index, runner.feedback_verdict
    old._click_handlers(old)  # the late press
    assert (runner.session.step_index, runner.feedback_verdict) == (step, verdict)
    assert "Not quite" not in runner.feedback.value
    choice(runner, "2").click()
    assert runner.session.step_index == step + 1
