"""New York 1901 lessons, in the order a teacher would use them: characters and the map, the
market, building across two lots, the VP unlocks, demolish-and-rebuild, each action card, the end
trigger and the end scorings — every teaching point of ``rules/newyork1901.md``.

Each lesson sets up a real position through the engine's ``position`` option (or a real finished
game), so everything the learner does is checked by the real rules, and every verdict names a
rule id. The lessons are in ``lessons_build.py`` and ``lessons_end.py``. In a notebook::

    from nbgames.newyork1901.lessons import learn
    learn()
"""

from __future__ import annotations

from ..ui.lesson import Lesson, LessonSession
from .lessons_build import lesson_build, lesson_character, lesson_market, lesson_rebuild, lesson_unlocks
from .lessons_end import lesson_boom, lesson_end, lesson_scoring, lesson_shift_grab


def lessons() -> list[Lesson]:
    """The New York 1901 lessons in teaching order."""
    return [lesson_character(), lesson_market(), lesson_build(), lesson_unlocks(), lesson_rebuild(),
            lesson_boom(), lesson_shift_grab(), lesson_end(), lesson_scoring()]


def session(lesson_id: str) -> LessonSession:
    """A session for one lesson by id (handy in tests and in the console)."""
    for lesson in lessons():
        if lesson.id == lesson_id:
            return LessonSession(lesson)
    raise KeyError(f"no New York 1901 lesson {lesson_id!r}")


def learn(start: int = 0):
    """The New York 1901 lesson page: a `LessonRunner`. Use it as a cell's last line, ``learn()``."""
    from ..i18n import _
    from ..ui.language import page_language
    from ..ui.lesson import LessonRunner
    from .view import NewYork1901View

    lang = page_language(None)
    return LessonRunner(lessons, lambda game, seat: NewYork1901View(game, seat=seat), start=start, lang=lang,
                        move_placeholder=_("or type a move, e.g. {moves}", lang).format(
                            moves=", ".join(("lot A4", "bO4@E1r0", "boom", "end"))))
