"""Every answer a learner can give gets a verdict: at every step of every built-in lesson of every
game, each legal move of the position (a click anywhere the board offers, a typed move), each
button and a few stray answers are judged with a reason, and judging changes nothing. A judge that
raised reached the page as "the page sent a choice the game did not understand" (New York City's
fame-tile lesson took a reserve swap, legal at any time, for a fame-tile placement)."""

from __future__ import annotations

import importlib

import pytest
from lesson_checks import LessonChecks

GAMES = ("newyork", "galopp_royal", "newyork1901", "newyork_city")


def lessons_of(game: str) -> list:
    return importlib.import_module(f"nbgames.{game}.lessons").lessons()


CASES = [(game, lesson.id) for game in GAMES for lesson in lessons_of(game)]


@pytest.mark.parametrize(("game", "lesson_id"), CASES, ids=[f"{g}-{i}" for g, i in CASES])
def test_every_answer_at_every_step_gets_a_verdict_and_changes_nothing(game, lesson_id):
    judged = LessonChecks(lessons_of(game)).every_answer_gets_a_verdict(lesson_id)
    assert judged >= 3  # at least the stray answers of one step
