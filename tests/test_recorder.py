"""The lesson recorder on the play page and lesson files on the learn page, without a browser:
the recorder's buttons are pressed by calling their click handlers, moves are made through the
page's controller as a click makes them (issue 28 items 2, 3 and 5)."""

from __future__ import annotations

import base64
import json
import random
import re
from datetime import datetime, timezone

import pytest
from test_keep import connect

import nbgames
from nbgames.teach import MAX_LESSON_BYTES, LessonError, load_lesson
from nbgames.testing import ManualClock
from nbgames.ui.app import PlayApp
from nbgames.ui.keep import lesson_state
from nbgames.ui.lesson import find_lesson_file, lesson_link


def page(game="newyork", players=3, seats=None, practice=True, seed=5, lang="en"):
    """A play page (`PlayApp`) on a test clock, a practice game unless told otherwise."""
    clock = ManualClock()
    app = PlayApp(game, players=players, seed=seed, seats=seats or ["human"] * players, scheduler=clock,
                  bot_delay=0.0, lang=lang)
    if practice:
        app.practice.value = True
        app.seed.value = str(seed)
        assert app.new_game()
    app.clock = clock
    return app


def click(app, move) -> bool:
    """A human's click on the board: the seat to move shows its hand (hot seat), then plays."""
    ctl = app.controller
    ctl.reveal()
    return ctl.choose(move)


def said(rec) -> str:
    return re.sub(r"<[^>]+>", "", rec.message.value)


def saved_file(rec) -> dict:
    """The lesson file behind the recorder's download link (its data: URL)."""
    rec.save_button.click()
    match = re.search(r"href='data:application/json;base64,([^']+)'", rec.save_link.value)
    assert match, (rec.save_link.value, said(rec))
    return json.loads(base64.b64decode(match[1]))


def record_move_and_question(app):
    """The brief's two steps on New York: a move (two right answers) and a question."""
    rec = app.recorder
    rec.ask_move_button.click()
    assert rec.mode == "move", said(rec)
    assert click(app, "F5") and click(app, "C3")
    assert rec._answers == ["F5", "C3"] and len(app.game.history) == 0  # back at the question each time
    rec.prompt.value = "Where would you start?"
    rec.right_text.value = "Yes: a good first piece."
    rec.wrong_text.value = "Try Park Ave or Sixth Ave."
    rec.rule.value = "NY-5"
    rec.done_button.click()
    assert rec.mode is None and len(rec.steps) == 1, said(rec)
    rec.ask_choice_button.click()
    rec.prompt.value = "How many setup pieces does each player place?"
    for box, text in zip(rec.options, ["2", "3", "4"], strict=False):
        box.value = text
    rec.right_option.value = 0
    rec.rule.value = "NY-5"
    rec.done_button.click()
    assert len(rec.steps) == 2, said(rec)
    return rec


def test_a_move_and_a_question_recorded_on_new_york_save_to_a_file_that_loads():
    app = page()
    rec = record_move_and_question(app)
    assert rec.widget.selected_index is None  # a fold, closed: the page holds still
    rec.title.value = "First pieces"
    data = saved_file(rec)
    assert "newyork-First-pieces.json" in rec.save_link.value
    lesson = load_lesson(data, game="newyork")
    assert [type(s).__name__ for s in lesson.steps] == ["AskMove", "AskChoice"]
    move, question = data["steps"]
    assert move["accept"] == {"judge": "any of", "moves": ["F5", "C3"]} and move["rule"] == "NY-5"
    assert move["right"] == "Yes: a good first piece." and move["wrong"] == "Try Park Ave or Sixth Ave."
    assert question["options"] == [{"label": "2", "right": True}, {"label": "3", "right": False},
                                   {"label": "4", "right": False}]
    session = lesson.session()  # as a student: wrong leaves the game as it was, right moves on
    verdict = session.submit("A1")
    assert not verdict.ok and "Park Ave" in verdict.text and session.game.history == []
    assert session.submit("C3").ok and not session.submit("1").ok and session.submit("0").ok and session.done
    with pytest.raises(LessonError, match="Galopp Royal"):
        load_lesson(data, game="galopp_royal")


def test_the_rule_menu_lists_the_games_rulebook():
    app = page()
    values = [value for _, value in app.recorder.rule.options]
    assert values[0] == "" and "NY-5" in values and "NY-17" in values
    assert all(v.startswith("NY-") for v in values[1:])
    galopp = page("galopp_royal", players=4)
    assert all(v.startswith("GR-") for _, v in galopp.recorder.rule.options[1:])


def test_steps_are_reordered_and_deleted():
    app = page()
    rec = record_move_and_question(app)
    first, second = rec.steps
    down = rec.list.children[0].children[2]  # [label, up, down, delete]
    assert rec.list.children[0].children[1].disabled and not down.disabled
    down.click()
    assert rec.steps == [second, first] and rec.list.children[0].children[0].value.startswith("1. Ask a question")
    data = saved_file(rec)
    assert [s["type"] for s in data["steps"]] == ["choice", "move"]
    load_lesson(data, game="newyork")
    rec.list.children[1].children[1].click()  # up: back in the first order
    assert rec.steps == [first, second]
    rec.list.children[0].children[3].click()  # delete
    assert rec.steps == [second] and "deleted" in said(rec)
    rec.list.children[0].children[3].click()
    assert rec.steps == [] and rec.save_button.disabled and rec.preview_button.disabled


def test_a_refused_move_is_not_recorded_and_changes_nothing():
    app = page()
    rec = app.recorder
    assert click(app, "F5")  # a piece on F5
    rec.ask_move_button.click()
    before = app.game.to_record()
    assert not click(app, "F5")  # the engine refuses it (occupied): nothing is recorded
    assert rec._answers == [] and app.game.to_record() == before
    assert "NY-" in app.view.status.value
    rec.done_button.click()
    assert rec.mode == "move" and rec.steps == [] and "at least one" in said(rec)
    assert click(app, "G7") and rec._answers == ["G7"] and len(app.game.history) == 1
    rec.cancel_button.click()
    assert rec.mode is None and rec.steps == [] and "not added" in said(rec)


def test_a_move_the_board_did_not_make_from_the_question_is_not_an_answer():
    app = page()
    rec = app.recorder
    rec.ask_move_button.click()
    app.controller.set_game(nbgames.new_game("newyork", 3, seed=99, practice=True))  # e.g. Load, New game
    assert click(app, "A1") and rec._answers == [] and "not made at the question" in said(rec)
    assert app.game.history == [] and app.game.seed == 5  # the board went back to the question


def test_a_bots_turn_or_a_fair_game_is_refused_with_a_reason():
    app = page(seats=["human", "random", "random"])
    rec = app.recorder
    assert click(app, "F5")  # now a bot's turn (its timer not run yet)
    rec.ask_move_button.click()
    assert rec.mode is None and "bot's turn" in said(rec)
    fair = page(practice=False)
    fair.recorder.ask_move_button.click()
    assert fair.recorder.mode is None and "fair game" in said(fair.recorder)
    fair.recorder.ask_choice_button.click()
    assert fair.recorder.mode is None


def test_show_these_moves_keeps_the_moves_played_and_their_notes():
    app = page(seats=["human", "random", "random"])
    rec = app.recorder
    rec.show_moves_button.click()
    assert click(app, "F5")
    app.clock.run(limit=2)  # the bots' setup moves count too
    assert len(rec._replay) == 3 and len(rec.notes.children) == 3
    rec.notes.children[0].value = "Red starts on Park Ave."
    rec.done_button.click()
    data = saved_file(rec)
    step = data["steps"][0]
    assert step["type"] == "moves" and step["moves"] == [str(a) for a in app.game.history[:3]]
    assert step["notes"] == ["Red starts on Park Ave.", None, None]
    assert load_lesson(data, game="newyork").session().submit("next").ok


def test_a_text_with_html_is_refused_and_the_step_stays_open():
    app = page()
    rec = app.recorder
    rec.ask_move_button.click()
    assert click(app, "F5")
    rec.right_text.value = "<script>alert(1)</script>"
    rec.done_button.click()
    assert rec.mode == "move" and rec.steps == [] and "HTML" in said(rec) and "<script>" not in rec.message.value
    rec.right_text.value = "Good."
    rec.done_button.click()
    assert len(rec.steps) == 1


@pytest.mark.parametrize("game, players", [("newyork_city", 3), ("newyork1901", 3)])
def test_no_seed_in_the_file_of_a_hidden_information_game_in_progress(game, players):
    app = page(game, players=players, seats=["human", "random", "random"], seed=11)
    rng = random.Random(4)
    while len(app.game.history) < 12:  # play on a while: cards dealt, drawn, seen
        if app.controller.is_bot_turn():
            app.clock.run(limit=1)
        else:
            assert click(app, rng.choice(app.game.legal_actions()))
    while app.controller.is_bot_turn():
        app.clock.run(limit=1)
    rec = app.recorder
    rec.ask_move_button.click()
    answer = app.game.legal_actions()[0]
    assert click(app, answer) and rec._answers == [str(answer)], said(rec)
    rec.done_button.click()
    rec.ask_choice_button.click()
    rec.prompt.value = "Is it your turn?"
    rec.options[0].value, rec.options[1].value = "Yes", "No"
    rec.done_button.click()
    assert len(rec.steps) == 2, said(rec)
    text = base64.b64decode(re.search(r"base64,([^']+)'", (rec.save_button.click(), rec.save_link.value)[1])[1])
    data = json.loads(text)
    for record in data["positions"].values():
        assert "seed" not in record and isinstance(record["chance"], list) and len(record["actions"]) >= 12
    assert str(app.game.seed) not in text.decode()
    lesson = load_lesson(text, game=game)
    assert lesson.session().submit(str(answer)).ok


def test_a_move_asked_of_another_player_shows_that_players_hand_and_takes_the_click():
    app = page()
    rec = app.recorder
    rec.ask_move_button.click()
    assert click(app, "F5")
    rec.done_button.click()
    assert click(app, "F5")  # the teacher plays on: now Player 2's move is asked
    rec.ask_move_button.click()
    assert click(app, "A1")
    rec.done_button.click()
    rec.preview_button.click()
    runner = rec.runner
    assert runner.view.seat == 0 and runner.answer("F5").ok
    assert runner.session.game.to_move == 1 and runner.view.seat == 1 and runner.view._viewer_may_act()
    runner.view.click("A1")  # a click on the board square
    assert runner.session.done, runner.feedback_text


def test_preview_as_a_student_opens_the_lesson_runner_below():
    app = page()
    rec = record_move_and_question(app)
    rec.preview_button.click()
    runner = rec.runner
    assert rec.preview_box.children == (runner.widget,)
    assert runner.answer("A1").ok is False and runner.session.game.history == []
    assert "Try Park Ave" in runner.feedback.value and "NY-5" in runner.feedback.value
    assert runner.answer("F5").ok and runner.session.step_index == 1
    assert runner.file_upload.layout.display == "none"  # a preview opens no other file
    # the preview's page kit is the last on the page: the play page's Load keeps its limit and words
    assert runner.pagekit.max_upload == nbgames.engine.game.MAX_RECORD_BYTES
    runner.pagekit._on_browser_message(None, {"too_large": {"name": "big.json", "size": 9_000_000}}, [])
    assert "too" in app.view.status.value.lower() and "large" in app.view.status.value.lower()


def test_the_recorder_speaks_japanese_on_a_japanese_page():
    app = page(lang="ja")
    rec = app.recorder
    assert not rec.ask_move_button.description.isascii() and not rec.widget.titles[0].isascii()
    app.practice.value = False
    app.new_game()
    rec.ask_move_button.click()
    assert not said(rec).isascii()


# -- the learn page opens lesson files --------------------------------------------------------------
def a_lesson_file() -> str:
    app = page()
    rec = record_move_and_question(app)
    rec.title.value = "First pieces"
    return rec.lesson_json()


def upload(runner, name: str, data: bytes) -> None:
    """A file chosen with "Open a lesson file" (what ipywidgets' FileUpload gives the kernel)."""
    runner.file_upload.value = ({"name": name, "type": "application/json", "size": len(data),
                                 "content": memoryview(data), "last_modified": datetime.now(timezone.utc)},)


def test_the_learn_page_opens_an_uploaded_lesson_file():
    from nbgames.newyork.lessons import learn

    runner = learn()
    builtin = len(runner.lessons)
    text = a_lesson_file()
    upload(runner, "first.json", text.encode())
    assert len(runner.lessons) == builtin + 1 and runner.index == builtin
    assert "First pieces" in runner.items[-1].description and "Opened" in runner.file_message.value
    assert runner.answer("A1").ok is False and "NY-5" in runner.feedback.value
    assert runner.session.game.history == []
    assert runner.answer("F5").ok and runner.answer("0").ok and runner.session.done
    assert runner.lessons[-1].id in runner.completed
    assert runner.open_file(text, "again.json") and len(runner.lessons) == builtin + 1  # not twice


@pytest.mark.parametrize("content, words", [
    (b"not json", "not JSON"),
    (b'{"format": "nbgames-lesson", "version": 1, "game": "chess", "title": "x", "steps": []}', "unknown game"),
    (b"[" * 100_000, "nested"),
])
def test_a_bad_lesson_file_is_refused_and_the_lessons_stay(content, words):
    from nbgames.newyork.lessons import learn

    runner = learn()
    ids = [lesson.id for lesson in runner.lessons]
    assert not runner.open_file(content, "bad.json")
    assert words in runner.file_message.value and [lesson.id for lesson in runner.lessons] == ids


def test_a_file_lesson_named_like_a_built_in_lesson_is_a_lesson_of_its_own():
    from nbgames.newyork.lessons import learn

    runner = learn()
    data = json.loads(a_lesson_file())
    data["id"] = runner.lessons[0].id  # a file may carry its own id
    assert runner.open_file(json.dumps(data), "same-id.json") and len(runner.lessons) == 10
    assert runner.index == 9 and runner.lessons[9].id == "lesson-" + runner.lessons[0].id
    runner.answer("F5")
    runner.answer("0")
    assert runner.completed == {runner.lessons[9].id}  # the built-in lesson is not ticked


def test_a_lesson_for_another_game_is_refused_with_the_lessons_reason():
    from nbgames.galopp_royal.lessons import learn

    runner = learn()
    count = len(runner.lessons)
    assert not runner.open_file(a_lesson_file(), "first.json")
    assert "this lesson is for New York, not Galopp Royal" in runner.file_message.value
    assert len(runner.lessons) == count and runner.index == 0


def test_a_file_over_the_limit_is_refused_in_plain_words():
    from nbgames.newyork.lessons import learn

    runner = learn()
    assert runner.view.pagekit.max_upload == MAX_LESSON_BYTES  # a larger file stays in the browser
    big = b" " * (MAX_LESSON_BYTES + 1)
    upload(runner, "big.json", big)
    assert "too big" in runner.file_message.value and len(runner.lessons) == 9
    runner.file_message.value = ""
    runner.view.pagekit._on_browser_message(None, {"too_large": {"name": "huge.json", "size": 9_000_000}}, [])
    assert "too big for a lesson file (more than 2 MB)" in runner.file_message.value


def test_a_lesson_link_opens_a_file_in_the_served_folder_and_keeps_progress(tmp_path, monkeypatch):
    from nbgames.newyork.lessons import learn

    (tmp_path / "newyork").mkdir()
    (tmp_path / "lessons").mkdir()
    (tmp_path / "lessons" / "first.json").write_text(a_lesson_file(), encoding="utf-8")
    monkeypatch.chdir(tmp_path / "newyork")  # Voilà runs a notebook's kernel in its folder
    monkeypatch.setenv("QUERY_STRING", "lang=en&lesson=first.json")
    runner = learn()
    assert len(runner.lessons) == 10 and runner.index == 9 and "First pieces" in runner.title.value
    file_id = runner.lessons[9].id
    browser = connect(runner.view.pagekit, stored=lesson_state(["ny-goal"], 2, 1))  # kept at a built-in lesson
    assert runner.index == 9 and runner.completed == {"ny-goal"}  # the link's lesson comes first
    runner.answer("C3")
    assert json.loads(browser.stored[-1]) == {"done": ["ny-goal"], "lesson": 9, "step": 1}
    again = learn()  # reloaded: the link opens the file again, the progress comes back
    connect(again.view.pagekit, stored=browser.stored[-1])
    assert again.index == 9 and again.session.step_index == 1 and again.lessons[9].id == file_id
    monkeypatch.delenv("QUERY_STRING")  # the page without the link: the built-in progress stays
    plain = learn()
    browser = connect(plain.view.pagekit, stored=json.dumps({"done": ["ny-goal", file_id], "lesson": 9, "step": 1}))
    assert plain.completed == {"ny-goal"} and plain.index == 0 and "Welcome back" in plain.feedback.value
    assert json.loads(browser.stored[-1])["done"] == sorted(["ny-goal", file_id])  # the file's, kept
    plain.open_file((tmp_path / "lessons" / "first.json").read_bytes(), "first.json")  # opened again: ticked
    assert plain.completed == {"ny-goal", file_id} and plain.items[-1].description.startswith("✓")


@pytest.mark.parametrize("name", ["../secret.json", "a/b.json", "..json", "x.py", "", ".hidden.json",
                                  "a b.json", "%2e%2e.json", "x" * 200 + ".json"])
def test_a_lesson_link_names_a_plain_file_only(name, tmp_path):
    with pytest.raises(LessonError, match="names a file next to this page"):
        find_lesson_file(name, tmp_path)


def test_a_lesson_link_to_a_missing_or_bad_file_is_said_and_the_lessons_stay(tmp_path, monkeypatch):
    from nbgames.newyork.lessons import learn

    monkeypatch.chdir(tmp_path)
    assert lesson_link("lang=ja&lesson=x.json") == "x.json" and lesson_link("lang=ja") is None
    monkeypatch.setenv("QUERY_STRING", "lesson=nothere.json")
    runner = learn()
    assert len(runner.lessons) == 9 and "no lesson file nothere.json" in runner.file_message.value
    (tmp_path / "bad.json").write_text('{"format": "nbgames-lesson"}', encoding="utf-8")
    monkeypatch.setenv("QUERY_STRING", "lesson=../bad.json")
    assert "names a file" in learn().file_message.value
    monkeypatch.setenv("QUERY_STRING", "lesson=bad.json")
    runner = learn()
    assert len(runner.lessons) == 9 and "cannot be opened" in runner.file_message.value


def test_galopp_royals_play_page_records_a_move_too():
    app = page("galopp_royal", players=4, seats=["human"] * 4, seed=8)
    rng = random.Random(2)
    for _ in range(5):
        assert click(app, rng.choice(app.game.legal_actions()))
    rec = app.recorder
    rec.ask_move_button.click()
    moves = [str(a) for a in app.game.legal_actions()[:2]]
    for move in moves:
        assert click(app, move)
    assert rec._answers == moves and len(app.game.history) == 5, said(rec)
    rec.rule.value = rec.rule.options[1][1]
    rec.done_button.click()
    rec.show_moves_button.click()
    for _ in range(2):
        assert click(app, rng.choice(app.game.legal_actions()))
    rec.done_button.click()
    assert len(rec.steps) == 2, said(rec)
    lesson = load_lesson(saved_file(rec), game="galopp_royal")
    session = lesson.session()
    assert session.submit(moves[1]).ok and session.submit("next").ok


def test_a_loaded_plain_record_may_be_recorded_until_it_draws_what_nobody_had_seen():
    practice = page(seats=["human"] * 3)
    rng = random.Random(7)
    while len(practice.game.history) < 10:
        assert click(practice, rng.choice(practice.game.legal_actions()))
    saved = practice.controller.saved_text()  # a practice game saves plain
    app = page(practice=False)
    assert app.controller.load(saved) and not app.game.practice
    rec = app.recorder
    rec.ask_move_button.click()  # the position is the loaded file's: nothing new in it
    assert rec.mode == "move", said(rec)
    answer = str(app.game.legal_actions()[0])
    assert click(app, answer) and rec._answers == [answer]
    rec.done_button.click()
    assert len(rec.steps) == 1 and "seed" not in saved_file(rec)["positions"]["p1"]
    before = len(app.game.to_record()["chance"])
    while len(app.game.to_record()["chance"]) == before:  # played on until a card nobody had seen shows
        assert click(app, app.game.legal_actions()[0])
    rec.ask_choice_button.click()
    assert rec.mode is None and "fair game" in said(rec)


def test_a_replay_stops_at_the_longest_a_lesson_file_holds():
    from nbgames.teach import MAX_MOVES

    app = page(seats=["random"] * 3, practice=True)  # bots only: they play on by themselves
    app.controller.stop_bots()
    rec = app.recorder
    rec.show_moves_button.click()
    app.controller.resume()
    app.clock.run(limit=MAX_MOVES + 5)
    assert len(rec._replay) == MAX_MOVES and f"at most {MAX_MOVES} moves" in said(rec)
    rec.done_button.click()
    assert len(rec.steps) == 1 and len(rec.steps[0].moves) <= MAX_MOVES


def test_a_replays_note_with_html_is_refused_for_what_it_is():
    app = page(seats=["human", "random", "random"])
    rec = app.recorder
    rec.show_moves_button.click()
    assert click(app, "F5")
    app.clock.run(limit=2)
    rec.notes.children[2].value = "<b>bold</b>"
    rec.done_button.click()
    assert rec.mode == "moves" and rec.steps == [] and "HTML" in said(rec) and "Only the first" not in said(rec)
    rec.notes.children[2].value = "**bold**"
    rec.done_button.click()
    assert len(rec.steps) == 1 and rec.steps[0].notes == [None, None, "**bold**"]


def test_a_replay_is_cut_before_a_move_that_needs_a_card_nobody_had_seen():
    app = page(seats=["human"] * 3, seed=5)
    rng = random.Random(1)
    while app.game.to_record()["chance"] == []:  # on to the main round: cards are dealt and drawn
        assert click(app, rng.choice(app.game.legal_actions()))
    rec = app.recorder
    rec.show_moves_button.click()
    while len(rec._replay) < 12:
        assert click(app, rng.choice(app.game.legal_actions()))
    record = rec._record
    rec.done_button.click()
    assert len(rec.steps) == 1, said(rec)
    kept = rec.steps[0].moves
    assert kept == rec_moves_prefix(app, record, kept) and 0 < len(kept) <= 12
    if len(kept) < 12:
        assert f"Only the first {len(kept)} moves are kept" in said(rec)
    load_lesson(saved_file(rec), game="newyork")


def rec_moves_prefix(app, record, kept):
    """The moves played from the step's position, as many as were kept."""
    return [str(a) for a in app.game.history[len(record["actions"]):len(record["actions"]) + len(kept)]]


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("game", ["newyork", "galopp_royal", "newyork1901", "newyork_city"])
def test_lessons_recorded_at_random_positions_load_and_play_through(game, seed):
    """Random positions of every game (a practice hot-seat game played on at random) and random
    steps: a move whose right answers are one to three of the legal moves, a question, some moves
    shown. The saved file loads; as a student, a legal move that is not an answer is refused and
    changes nothing, and "Show me" goes through the lesson to its end; the preview takes random
    events (tests/page_monkey.py)."""
    from page_monkey import PageMonkey

    rng = random.Random(f"{game}/{seed}")
    manifest = nbgames.manifest(game)
    app = page(game, players=rng.randint(manifest.min_players, manifest.max_players), seed=seed)
    rec = app.recorder
    rules = [value for _, value in rec.rule.options if value]

    def play_on(moves: int) -> None:
        for _ in range(moves):
            if app.game.is_over:
                return
            assert click(app, rng.choice(app.game.legal_actions())), app.view.status.value

    play_on(rng.randrange(40))
    kinds = []
    for _ in range(rng.randint(2, 4)):
        if app.game.is_over:
            break
        kind = rng.choice(("move", "choice", "moves"))
        if kind == "move":
            rec.ask_move_button.click()
            assert rec.mode == "move", said(rec)
            legal = app.game.legal_actions()
            answers = rng.sample(legal, min(len(legal), rng.randint(1, 3)))
            for move in answers:
                assert click(app, move), app.view.status.value
            assert rec._answers == [str(a) for a in answers], said(rec)  # the board went back each time
            rec.prompt.value, rec.right_text.value, rec.wrong_text.value = "Your move?", "Yes.", "Not that one."
        elif kind == "choice":
            rec.ask_choice_button.click()
            rec.prompt.value = "Which one?"
            for box, text in zip(rec.options, ("one", "two", "three"), strict=False):
                box.value = text
            rec.right_option.value = rng.randrange(3)
        else:
            rec.show_moves_button.click()
            play_on(rng.randint(1, 3))
            if not rec._replay:  # the game ended before a move was shown
                rec.cancel_button.click()
                break
        rec.rule.value = rng.choice(rules)
        rec.done_button.click()
        assert rec.mode is None, said(rec)
        kinds.append(kind)
    assert kinds and len(rec.steps) == len(kinds), said(rec)
    data = saved_file(rec)
    assert [step["type"] for step in data["steps"]] == [{"choice": "choice"}.get(k, k) for k in kinds]
    session = load_lesson(data, game=game).session()
    shown = [step for step in data["steps"] for _ in step.get("moves", [None])]  # a student's step per shown move
    for index, step in enumerate(shown):
        assert session.step_index == index and not session.done
        if step["type"] == "move":
            others = [a for a in session.game.legal_actions() if str(a) not in step["accept"]["moves"]]
            if others:
                before = session.game.to_record()
                assert not session.submit(rng.choice(others)).ok
                assert session.game.to_record() == before
        assert session.show_me().ok
    assert session.done
    rec.preview_button.click()
    preview = rec.runner
    PageMonkey(lambda: preview.widget, lambda: preview.view, seed).run(40, lambda: None)
