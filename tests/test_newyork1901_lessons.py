"""The New York 1901 lessons as a model (no widgets): every lesson completes, covers the rule
file's teaching points, and every wrong answer — a move the rules refuse, a legal move that is not
what the step asks, a wrong button — changes nothing and is explained with a rule id."""

from __future__ import annotations

import pytest

from nbgames.newyork1901.lessons import lessons, session
from tests.lesson_checks import LessonChecks

CHECKS = LessonChecks(lessons())
IDS = [lesson.id for lesson in lessons()]


def test_at_least_eight_lessons_cover_every_teaching_point_and_rule():
    assert len(IDS) >= 8 and len(set(IDS)) == len(IDS)
    taught = {rule for lesson in lessons() for rule in lesson.rules}
    assert taught == {f"NY1901-{n}" for n in range(1, 14)}
    titles = " ".join(lesson.title.lower() for lesson in lessons())
    for point in ("market", "two lots", "unlock", "demolish", "boom", "shift", "grab", "end", "scoring"):
        assert point in titles, point


@pytest.mark.parametrize("lesson_id", IDS)
def test_show_me_completes_every_step_citing_a_rule(lesson_id):
    CHECKS.show_me_completes_every_step(lesson_id, "NY1901-")


@pytest.mark.parametrize("lesson_id", IDS)
def test_reset_restores_the_start(lesson_id):
    CHECKS.reset_restores_the_start(lesson_id)


@pytest.mark.parametrize("lesson_id, step, answer, rule, words", [
    ("ny1901-character", 0, "character sky", "NY1901-4", "Greenwich"),
    ("ny1901-character", 0, "character purple", "NY1901-4", "not used with 2 players"),
    ("ny1901-character", 1, "Midtown", "NY1901-1", "5th district"),
    ("ny1901-market", 0, "lot A1", "NY1901-5", "O3"),  # a legal acquire with the wrong card
    ("ny1901-market", 0, "lot C3", "NY1901-5", ""),  # a taken lot: the engine refuses
    ("ny1901-market", 0, "bI2@C3r0", "NY1901-5", ""),  # nothing of the estate there
    ("ny1901-build", 0, "bI2@E1r0", "NY1901-5", "avenue or a park"),  # flat on row E: touches nothing
    ("ny1901-build", 0, "bI2@E1r1", "NY1901-5", "one lot only"),  # legal, but one lot
    ("ny1901-build", 0, "sI2@E1r1", "NY1901-5", ""),  # silver is locked at 0 VP
    ("ny1901-unlocks", 0, "sI2@E3r1", "NY1901-5", ""),
    ("ny1901-unlocks", 1, "6", "NY1901-5", "silver"),
    ("ny1901-rebuild", 0, "demolish E1 bO4@E1r0", "NY1901-6", "higher tier"),
    ("ny1901-rebuild", 0, "demolish E1 sI2@E1r1", "NY1901-6", "sO4"),  # legal, not what is asked
    ("ny1901-rebuild", 1, "Yes", "NY1901-6", "worker"),
    ("ny1901-rebuild", 2, "Yes", "NY1901-6", "next to the demolished building"),
    ("ny1901-boom", 1, "end", "NY1901-8", "Construction Boom"),
    ("ny1901-boom", 2, "grab A1", "NY1901-5", "acquire"),
    ("ny1901-boom", 3, "Yes", "NY1901-8", "never a second demolition"),
    ("ny1901-shift-grab", 1, "grab A2", "NY1901-8", "size-3"),  # the engine refuses a size-3 grab
    ("ny1901-shift-grab", 2, "Yes", "NY1901-8", "size-3"),
    ("ny1901-end", 0, "grab E2", "NY1901-5", "build the bI2"),
    ("ny1901-end", 0, "bI2@E1r0", "NY1901-5", ""),  # flat on row E: touches nothing
    ("ny1901-end", 1, "boom", "NY1901-9", "end your turn"),
    ("ny1901-end", 2, "Player 3", "NY1901-9", "last"),
    ("ny1901-end", 3, "Skip the turn", "NY1901-7", "worker back"),
    ("ny1901-scoring", 1, "3", "NY1901-11", "1 VP"),
    ("ny1901-scoring", 2, "Yes", "NY1901-12", "avenues"),
])
def test_a_wrong_answer_changes_nothing_and_is_explained(lesson_id, step, answer, rule, words):
    verdict = CHECKS.refused(lesson_id, step, answer, rule)
    assert words in verdict.text


def test_the_scoring_lesson_reads_its_answers_from_the_finished_game():
    s = session("ny1901-scoring")
    game = s.game
    assert game.is_over
    explained = {e["seat"]: {p["what"]: p["points"] for p in e["parts"]} for e in game.explain_scores()}
    avenue = next(what for what in explained[0] if what.startswith("avenue:"))
    wrong = next(who for who, seat in (("Player 1", 0), ("Player 2", 1)) if not explained[seat][avenue])
    assert not s.submit(wrong).ok and s.last.rule == "NY1901-10"
    assert s.submit(s.expected()).ok
    winner = game.winners()
    s.submit("1")
    s.submit("No")
    assert s.expected() == (("Player 1", "Player 2")[winner[0]] if len(winner) == 1 else "Both")
    assert s.submit(s.expected()).ok and s.done


def test_the_end_lesson_triggers_the_end_for_real():
    s = CHECKS.accepted("ny1901-end", 1, "end")
    end = s.game.view(None)["end"]
    assert end == {"triggered_by": 0, "reason": "tiles", "last_turns_left": 2} and s.game.to_move == 1
    assert "only 4 unbuilt skyscrapers left" in s.last.text


def test_the_build_lesson_sends_the_workers_home():
    s = CHECKS.accepted("ny1901-build", 0, "bO4@E1r0")
    assert s.game.view(0)["seats"][0]["workers"] == 4 and s.game.view(0)["seats"][0]["vp"] == 4


def test_the_unlock_lesson_unlocks_silver():
    s = CHECKS.accepted("ny1901-unlocks", 0, "bI2@E3r1")
    assert s.game.view(0)["seats"][0]["tier"] == "silver"
