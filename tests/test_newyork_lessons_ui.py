"""The lesson runner with the real New York view (widgets in the kernel, no browser)."""

from __future__ import annotations

from nbgames.newyork.lessons import learn, lessons
from nbgames.newyork.view import NewYorkView
from nbgames.ui.lesson import Lesson, LessonRunner, Step, Verdict, markdown_lite


def choice(runner: LessonRunner, label_part: str):
    matches = [b for b in runner.choices.children if label_part in b.description]
    assert len(matches) == 1, [b.description for b in runner.choices.children]
    return matches[0]


def test_first_two_lessons_by_clicking_the_board_and_buttons():
    runner = learn()
    assert "0 of 9 lessons done" in runner.progress.value
    assert "Park Ave × 49th St" in runner.prompt.value
    assert runner.view.interactive
    runner.view.click("E5")  # wrong square: explained, nothing changes
    assert runner.feedback_verdict.rule == "NY-1" and not runner.feedback_verdict.ok
    assert "Not quite" in runner.feedback.value and "NY-1" in runner.feedback.value
    assert runner.session.step_index == 0
    runner.view.click("F5")
    assert runner.feedback_verdict.ok
    assert runner.session.step_index == 1 and not runner.view.interactive  # a button question now
    assert len(runner.view._extra[0][1]) == 6  # red's largest group is highlighted
    choice(runner, "18").click()
    assert runner.feedback_verdict.rule == "NY-17" and not runner.feedback_verdict.ok
    choice(runner, "15").click()
    assert runner.session.done
    assert "1 of 9 lessons done" in runner.progress.value and runner.bar.value == 1
    assert runner.items[0].description.startswith("✓")

    runner.next_button.click()
    assert runner.index == 1 and "Setup" in runner.title.value
    assert runner.view.game is runner.session.game and runner.view.game.view()["phase"] == "setup"
    choice(runner, "D2").click()
    assert runner.feedback_verdict.rule == "NY-5" and not runner.feedback_verdict.ok
    choice(runner, "C4").click()
    assert runner.feedback_verdict.ok and runner.view.interactive
    runner.view.click("C4")  # refused by the engine through the view: NY-5
    assert runner.feedback_verdict.rule == "NY-5" and not runner.feedback_verdict.ok
    assert "touches another red piece" in runner.feedback.value
    assert runner.session.game.view()["board"][2][3] is None  # C4 stays empty
    runner.retry_button.click()
    assert runner.feedback_verdict is None
    runner.view.click("D5")
    assert runner.feedback_verdict.ok and runner.session.done
    assert "2 of 9 lessons done" in runner.progress.value


def test_show_me_reset_and_typed_moves():
    runner = learn(start=5)  # the fee lesson
    assert "Evicting" in runner.title.value
    runner.show_me()  # a question answered by a square: the square is marked, nothing is done
    assert runner.session.step_index == 0
    assert "Here's how" in runner.feedback.value and "marked square F2" in runner.feedback.value
    assert ("shown", ["F2"]) in runner.view._extra
    runner.show_me()  # pressed again: "Do it for me"
    assert runner.session.step_index == 1
    runner.move_box.value = "F2"  # typed: too expensive for this step's goal
    runner.try_button.click()
    assert runner.feedback_verdict.rule == "NY-11" and not runner.feedback_verdict.ok
    runner.move_box.value = "Z9"  # not a move at all: the engine explains
    runner.try_button.click()
    assert runner.feedback_verdict.rule == "NY-9"
    runner.do_it()
    assert runner.session.game.view()["chips"][0] == 5
    runner.reset_button.click()
    assert runner.session.step_index == 0 and runner.session.game.view()["chips"][0] == 6
    assert runner.view.game is runner.session.game


def test_cant_pay_lesson_by_clicking():
    runner = learn(start=6)
    runner.view.click("F2")  # fee 4 with 3 chips: the board explains the refusal
    assert runner.feedback_verdict.rule == "NY-12" and "costs 4" in runner.feedback.value
    assert runner.session.step_index == 0
    runner.view.click("F5")
    assert runner.feedback_verdict.ok and runner.session.step_index == 1
    assert [str(a) for a in runner.view.button_actions()] == ["noplay"]  # the view's own button
    choice(runner, "pass").click()
    assert runner.feedback_verdict.rule == "NY-13" and not runner.feedback_verdict.ok
    runner.view._emit(runner.view.button_actions()[0])
    assert runner.session.step_index == 2 and "supply is empty" in runner.prompt.value
    # every move left takes a piece back: the move list's words are the ones the lesson teaches
    assert [label for label, _ in runner.view.moves.options] == [
        "E2: red E + blue 2, your piece goes back to your supply (NY-10)",
        "G2: red G + blue 2, your piece goes back to your supply (NY-10)"]
    runner.view.click("E4")  # an empty square with an empty supply: the engine says why not
    assert runner.feedback_verdict.rule == "NY-12" and "no red pieces left" in runner.feedback.value
    runner.view.click("E2")  # allowed, but it breaks into the largest group
    assert runner.feedback_verdict.rule == "NY-17" and not runner.feedback_verdict.ok
    runner.view.click("G2")
    assert runner.feedback_verdict.ok and runner.feedback_verdict.rule == "NY-10"
    assert runner.session.done and "1 of 9 lessons done" in runner.progress.value


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
    assert runner.view.game.is_over  # the scoring lesson shows a finished game


def test_runner_is_game_agnostic():
    """A made-up one-step lesson with a stub view: the runner only uses the view interface."""
    calls = []

    class StubView:
        def __init__(self, game, seat):
            import ipywidgets as widgets
            self.game, self.seat, self.widget, self.interactive = game, seat, widgets.HTML(), True
            self.callbacks = []

        def on_choose(self, cb):
            self.callbacks.append(cb)

        def refresh(self):
            calls.append("refresh")

        def set_game(self, game):
            self.game = game

        def highlight(self, squares, kind="hint"):
            calls.append((kind, list(squares)))

    base = lessons()[0]
    lesson = Lesson(id="x", title="X", intro="Say **yes** (T-1).", start_game=base.start_game, steps=[
        Step(prompt="Yes or no?", judge=lambda g, a: Verdict(a == "yes", "T-1", "because"),
             expected=lambda g: "yes", plays=False, board=False)])
    runner = LessonRunner([lesson], StubView)
    assert "<b>yes</b>" in runner.intro.value
    runner.answer("no")
    assert not runner.feedback_verdict.ok and "0 of 1" in runner.progress.value
    runner.view.callbacks[0]("yes")  # board answers are ignored while the board is not active
    assert not runner.session.done
    runner.answer("yes")
    assert "1 of 1" in runner.progress.value and runner.next_button.disabled


def test_markdown_lite_escapes_html():
    html = markdown_lite("<script>x</script> **bold**\n\n- a\n- b")
    assert "<script>" not in html and "<b>bold</b>" in html and "<li>a</li>" in html


def test_view_factory_gets_the_lesson_seat():
    seen = []
    LessonRunner(lessons(), lambda game, seat: seen.append(seat) or NewYorkView(game, seat=seat))
    assert seen == [0]
