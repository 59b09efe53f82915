"""New York City lessons, in the order a teacher would use them: the city and a round, drafting,
a bidding round and its +1 bonus, wilds and pairs, the reserve swap, the mayor and construction,
fame tiles, a character's ability, and the final majority scoring.

Every lesson position is a real game reached from a fixed seed (``teaching.steer``), so all the
learner does is checked by the real rules. The seeds are chosen so that every lesson has lesson
1's map: the district letters and the start district (A) are drawn per game (NYC-1, NYC-7), and
"district A" must be one place throughout (``tests/test_lessons_match_view.py`` checks it, and
each step's numbers against the view); a wrong move changes nothing and is explained with
its rule id (``rules/newyork_city.md``). In a notebook::

    from nbgames.newyork_city.lessons import learn
    learn()
"""

from __future__ import annotations

from ..i18n import _
from ..ui.lesson import Lesson, LessonSession
from .lessons_bidding import lesson_build, lesson_press, lesson_swap, lesson_wilds
from .lessons_end import lesson_character, lesson_fame, lesson_scoring
from .lessons_round import lesson_city, lesson_draft

__all__ = ["learn", "lessons", "session"]


def lessons() -> list[Lesson]:
    """The New York City lessons in teaching order."""
    return [lesson_city(), lesson_draft(), lesson_press(), lesson_wilds(), lesson_swap(), lesson_build(),
            lesson_fame(), lesson_character(), lesson_scoring()]


def session(lesson_id: str) -> LessonSession:
    """A session for one lesson by id (handy in tests and in the console)."""
    for lesson in lessons():
        if lesson.id == lesson_id:
            return LessonSession(lesson)
    raise KeyError(f"no New York City lesson {lesson_id!r}")


def learn(start: int = 0):
    """The New York City lesson page (lesson list with progress, board, feedback): a `LessonRunner`.

    Use it as a cell's last line, ``learn()``, and the page shows itself."""
    from ..ui.language import page_language
    from ..ui.lesson import LessonRunner
    from .view import NewYorkCityView

    lang = page_language(None)
    return LessonRunner(lessons, lambda game, seat: NewYorkCityView(game, seat=seat), start=start, lang=lang,
                        move_placeholder=_("or type a move, e.g. play P", lang))
