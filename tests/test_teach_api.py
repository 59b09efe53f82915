"""The teacher's notebook API (issue 28 item 1): `nbgames.board`, `ask_move` with every judge kind,
`ask_choice`, `show_moves`, `Lesson` in the kit's lesson runner, and the API in a notebook run
headlessly (nbclient), where a `Game` as a cell's last line draws its board."""

from __future__ import annotations

import json

import nbformat
import pytest
from nbclient import NotebookClient

import nbgames
from nbgames import Lesson, LessonError, ask_choice, ask_move, board, load_lesson, show_moves
from nbgames.newyork.lessons_turns import L4_BOARD
from nbgames.newyork.teaching import OTHER_HANDS, position_game
from nbgames.ui.lesson import LessonRunner, Verdict

WIDGET = "application/vnd.jupyter.widget-view+json"


def start():
    """Red to move holding F, C, 2 and 5: C2, C5, F2 and F5 are its four legal pairs; F2 and F5
    touch its two pieces on Park Ave."""
    return position_game(L4_BOARD, hands=[["F", "C", "2", "5"], *OTHER_HANDS], deck=["3", "B*", "D"])


def snapshot(game):
    return json.dumps([game.to_record(), game.view(0), game.event_count, [str(a) for a in game.history]])


def judged(step, answers):
    """Each answer submitted to a fresh session of the one-step lesson: (verdict, game unchanged?)."""
    out = {}
    for answer in answers:
        session = Lesson("t", [step]).session("en")
        before = snapshot(session.game)
        verdict = session.submit(answer)
        out[answer] = (verdict, snapshot(session.game) == before)
    return out


# -- ask_move: every judge kind, right / wrong / illegal ------------------------------------------
JUDGES = [
    ("one move", "F5", ["F5"], ["F2", "C2"]),
    ("a list (any of)", ["F5", "F2"], ["F5", "F2"], ["C2", "C5"]),
    ("any of, spelled out", {"any of": ["F2"]}, ["F2"], ["F5"]),
    ("kind", "kind:pair", ["C2", "F5"], []),
    ("not", {"not": ["C2", "C5"]}, ["F2", "F5"], ["C2", "C5"]),
    ("best score", "best score", None, None),  # worked out from the game's own preview below
]


@pytest.mark.parametrize("name,accept,right,wrong", JUDGES, ids=[j[0] for j in JUDGES])
def test_ask_move_judges_right_wrong_and_illegal_moves(name, accept, right, wrong):
    step = ask_move(start(), accept, rule="NY-10", right="Well played.", wrong="Look again at Park Ave.")
    if right is None:  # best score: the moves whose score after them is the best the mover can reach
        game = start()
        scores = {str(a): game.preview(a)["scores"][0] for a in game.legal_actions()}
        best = max(scores.values())
        right = [m for m, s in scores.items() if s == best]
        wrong = [m for m, s in scores.items() if s < best]
        assert right and wrong, scores
    verdicts = judged(step, [*right, *wrong, "A7", "nonsense"])
    for move in right:
        verdict, _ = verdicts[move]
        assert verdict.ok and verdict.rule == "NY-10" and "Well played." in verdict.text, (move, verdict)
    for move in wrong:
        verdict, unchanged = verdicts[move]
        assert not verdict.ok and verdict.rule == "NY-10" and verdict.text == "Look again at Park Ave."
        assert unchanged, move  # a wrong move changes nothing
    # an illegal move: the engine's own refusal and rule id, then the teacher's words
    verdict, unchanged = verdicts["A7"]
    assert not verdict.ok and verdict.rule == "NY-9" and unchanged
    assert verdict.text == "You do not hold A and 7. Look again at Park Ave."
    verdict, unchanged = verdicts["nonsense"]
    assert not verdict.ok and verdict.rule and unchanged and verdict.text.endswith("Look again at Park Ave.")


def test_a_right_move_is_played_and_the_lesson_goes_on():
    lesson = Lesson("t", [ask_move(start(), ["F5", "F2"], rule="NY-10"),
                          ask_move(None, "kind:pair", prompt="Now blue plays.")])
    session = lesson.session("en")
    verdict = session.submit("F2")
    assert verdict.ok and verdict.text == "That's the move."  # the default words
    assert [str(a) for a in session.game.history] == ["F2"] and session.step_index == 1
    assert session.prompt == "Now blue plays." and session.game.to_move == 1


def test_a_judge_function_for_programmers():
    def touches_park_ave(game, action):
        if str(action).startswith("F"):
            return Verdict(True, "NY-10", "On Park Ave, next to your group.")
        return False

    step = ask_move(start(), touches_park_ave, rule="NY-10", wrong="Stay on Park Ave.")
    verdicts = judged(step, ["F2", "C5"])
    assert verdicts["F2"][0].text == "On Park Ave, next to your group."
    assert verdicts["C5"][0] == Verdict(False, "NY-10", "Stay on Park Ave.") and verdicts["C5"][1]
    assert Lesson("t", [step]).session().expected() == "F2"  # Show me finds a move the function accepts
    with pytest.raises(LessonError) as err:  # a file holds no code
        Lesson("t", [ask_choice("Ready?", ["yes", "no"], answer="yes", position=start()), step]).to_dict()
    assert err.value.step == 2 and "cannot be saved" in str(err.value)


def test_a_step_is_checked_when_it_is_made():
    with pytest.raises(LessonError, match="step 1: C3 is not a legal move here \\(NY-9: You do not hold"):
        ask_move(start(), "C3")
    with pytest.raises(LessonError, match="has no rule 'NY-99'"):
        ask_move(start(), "F5", rule="NY-99")
    with pytest.raises(LessonError, match="holds HTML"):
        ask_move(start(), "F5", right="<script>alert(1)</script>")
    with pytest.raises(LessonError, match="step 1: the first step needs a position"):
        Lesson("t", [ask_move(None, "F5")], game="newyork")
    with pytest.raises(LessonError, match="step 1: position p1 is a record of 'newyork', not of Galopp Royal"):
        Lesson("t", [ask_move(start(), "F5")], game="galopp_royal")


# -- ask_choice and show_moves ------------------------------------------------------------------
def test_ask_choice_with_labels_or_tuples():
    step = ask_choice("Which rule is the fee?", ["NY-10", "NY-11"], answer="NY-11", rule="NY-11",
                      right="Yes, NY-11.", wrong="No: NY-10 is what happens on the square.", position=start())
    session = Lesson("t", [step]).session("en")
    assert [c.label for c in session.choices] == ["NY-10", "NY-11"] and not session.board_active
    assert session.submit("0") == Verdict(False, "NY-11", "No: NY-10 is what happens on the square.")
    assert session.submit("1").ok and session.done
    session = Lesson("t", [step]).session("en")  # from Python, the label answers too
    assert not session.submit("NY-10").ok and session.submit("NY-11").ok and session.done
    step = ask_choice("Pick", [("a", False, "Not a."), ("b", True)], position=start())
    session = Lesson("t", [step]).session("en")
    assert session.submit("0").text == "Not a." and session.submit("1").text == "Yes, that's right."


def test_show_moves_steps_through_a_replay_with_a_note_per_move():
    replay = show_moves(start(), ["F5", "A1", "D6"], ["Red grows its group.", None, "Yellow plays."], rule="NY-9")
    session = Lesson("t", [replay]).session("en")
    assert "move 1 of 3" in session.prompt and [c.value for c in session.choices] == ["next"]
    verdict = session.submit("next")
    assert verdict.ok and verdict.word == "Move 1 of 3: F5" and verdict.text == "Red grows its group."
    assert [str(a) for a in session.game.history] == ["F5"]
    assert session.submit("next").word == "Move 2 of 3: A1"
    session.submit("next")
    assert session.done and [str(a) for a in session.game.history] == ["F5", "A1", "D6"]
    with pytest.raises(LessonError, match="step 1: Z9 is not a legal move"):
        show_moves(start(), ["F5", "Z9"])


# -- the runner: the same as the built-in lessons --------------------------------------------------
def test_a_lesson_runs_in_the_kits_runner():
    lesson = Lesson("Grow your group", [
        ask_move(start(), ["F5", "F2"], rule="NY-10", prompt="Put a piece next to **your group**.",
                 wrong="Next to your red pieces, please."),
        show_moves(None, ["A1"], ["Blue answers."], rule="NY-9"),
    ], intro="Two steps: a < b & c stays text.")
    runner = lesson.runner(game="newyork")
    assert isinstance(runner, LessonRunner) and type(runner.view).__name__ == "NewYorkView"
    assert runner.pagekit.storage_key == f"nbgames/newyork/{lesson.id}"  # apart from the built-in lessons
    assert "<b>your group</b>" in runner.prompt.value
    assert "a &lt; b &amp; c stays text" in runner.intro.value  # texts are escaped, never HTML
    runner.view.click("C2")  # a legal move, not the one asked: explained, nothing changes
    assert not runner.feedback_verdict.ok and "Next to your red pieces" in runner.feedback.value
    assert "data-rule='NY-10'" in runner.feedback.value  # the rule id opens the rule
    assert runner.session.game.history == []
    runner.show_me()
    assert "Here's how" in runner.feedback.value and runner.session.step_index == 0
    runner.show_me()  # the second press does it
    assert runner.session.step_index == 1 and [str(a) for a in runner.session.game.history] == ["F2"]
    [button] = runner.choices.children
    button.click()
    assert "Move 1 of 1: A1" in runner.feedback.value and "Blue answers." in runner.feedback.value
    assert "Right" not in runner.feedback.value  # a replay's note is no verdict
    assert runner.session.done and "1 of 1 lessons done" in runner.progress.value


def test_a_step_alone_and_a_lesson_display_in_a_cell():
    step = ask_move(start(), "F5")
    lesson = Lesson("t", [step])
    assert hasattr(step, "_ipython_display_") and hasattr(lesson, "_ipython_display_")
    assert load_lesson(lesson.to_dict()).lesson("en").steps[0].prompt == "Make your move on the board."


# -- board ----------------------------------------------------------------------------------------
def test_board_shows_a_game_a_record_at_any_ply_and_a_position():
    game = nbgames.new_game("galopp_royal", players=3, seed=4)
    for _ in range(4):
        game.play(game.legal_actions()[0])
    shown = board(game)
    assert shown.game is game and type(shown.view).__name__ == nbgames.manifest("galopp_royal").view.split(":")[1]
    assert not shown.view.interactive and WIDGET in shown._repr_mimebundle_()
    record = game.to_record()
    assert board(record).game.view(0) == game.view(0)
    assert board(json.dumps(record), ply=2).game.history == game.history[:2]
    early = board(game, ply=1)
    assert len(early.game.history) == 1 and len(game.history) == 4  # a copy: the game is untouched
    position = board(start(), seat=0)
    assert position.view.seat == 0 and type(position.view).__name__ == "NewYorkView"
    with pytest.raises(LessonError, match="this record cannot be shown"):
        board({**record, "actions": ["fly away"]})


def test_an_interactive_board_plays_a_click_and_a_still_one_does_not():
    still = board(start())
    still.view.click("F5")
    assert still.game.history == []
    live = board(start(), interactive=True)
    live.view.click("F5")
    assert [str(a) for a in live.game.history] == ["F5"]


@pytest.mark.parametrize("name", ["newyork", "galopp_royal", "newyork1901", "newyork_city"])
def test_a_still_board_does_not_ask_for_a_click(name):
    """A board shown in a teacher's notebook takes no move: its status line said "your turn —
    click a highlighted square" and it marked legal targets all the same."""
    still = board(nbgames.new_game(name, players=3, seed=1))
    assert "your turn" not in still.view.status.value and "look at the board" in still.view.status.value
    live = board(nbgames.new_game(name, players=3, seed=1), interactive=True)
    assert "your turn" in live.view.status.value


def test_a_game_outside_a_kernel_is_its_text():
    game = nbgames.new_game("newyork", players=3, seed=1)
    assert game._repr_mimebundle_() == {"text/plain": repr(game)}


# -- in a notebook, headless ----------------------------------------------------------------------
NOTEBOOK = [
    "import nbgames\ng = nbgames.new_game('newyork', players=3, seed=3)\ng.play(g.legal_actions()[0])\ng",
    "record = g.to_record()\nnbgames.board(record, ply=0)",
    "from nbgames.newyork.teaching import position_game, OTHER_HANDS\n"
    "from nbgames.newyork.lessons_turns import L4_BOARD\n"
    "start = position_game(L4_BOARD, hands=[['F', 'C', '2', '5'], *OTHER_HANDS])\n"
    "step = nbgames.ask_move(start, ['F5', 'F2'], rule='NY-10', right='Yes!', wrong='Next to your group.')\nstep",
    "lesson = nbgames.Lesson('My lesson', [step, nbgames.ask_choice('Which rule?', ['NY-10', 'NY-11'], "
    "answer='NY-10'), nbgames.show_moves(None, ['A1'], ['Blue answers.'])], game='newyork')\n"
    "lesson.to_file('my_lesson.json')\nlesson",
    "again = nbgames.load_lesson('my_lesson.json', game='newyork')\n"
    "assert again.to_dict() == lesson.to_dict()\nprint(again.summary_line())",
    "try:\n    nbgames.load_lesson('my_lesson.json', game='galopp_royal')\n"
    "except nbgames.LessonError as e:\n    print('refused:', e)",
]


@pytest.mark.timeout(240)
def test_the_api_in_a_notebook_run_headlessly(tmp_path):
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(src) for src in NOTEBOOK])
    NotebookClient(nb, timeout=180, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}).execute()
    outputs = [[o for o in cell.outputs] for cell in nb.cells]
    assert not [o for cell in outputs for o in cell if o.output_type == "error"], outputs
    for index in range(4):  # the game, the record's board, the step alone, the lesson: widgets
        assert any(WIDGET in o.get("data", {}) for o in outputs[index]), (index, outputs[index])
    text = "".join(o.get("text", "") for cell in outputs[4:] for o in cell)
    assert "New York, 'My lesson': 3 steps" in text
    assert "refused: this lesson is for New York, not Galopp Royal" in text
    assert json.loads((tmp_path / "my_lesson.json").read_text())["format"] == "nbgames-lesson"


def test_a_learners_progress_is_kept_in_the_browser_and_comes_back():
    """What the page's PageKit keeps (the kit's lesson state), as the browser hands it back after
    a reload: the learner is at the step they reached, on a lesson of their own key."""

    def lesson():
        return Lesson("Kept", [ask_move(start(), ["F5", "F2"], rule="NY-10"),
                               show_moves(None, ["A1"], ["Blue answers."]),
                               ask_choice("Done?", ["yes", "no"], answer="yes")], game="newyork")

    runner = lesson().runner()
    kit = runner.view.pagekit
    sent: list[dict] = []
    kit.send = sent.append
    kit.stored, kit.location_hash = "", ""
    kit.ready = True  # a browser shows the page: from now on every change is kept
    runner.view.click("F2")
    runner.choices.children[0].click()  # Next move
    kept = [m["store"] for m in sent if "store" in m][-1]
    assert json.loads(kept) == {"done": [], "lesson": 0, "step": 2}
    again = lesson().runner()  # the page reloaded (a fresh kernel, the same lesson)
    assert again.pagekit.storage_key == kit.storage_key
    again.view.pagekit.send = lambda m: None
    again.view.pagekit.stored, again.view.pagekit.location_hash = kept, ""
    again.view.pagekit.ready = True
    assert again.session.step_index == 2 and "Welcome back" in again.feedback.value
    assert [str(a) for a in again.session.game.history] == ["F2", "A1"] and again.prompt.value == "<p>Done?</p>"
