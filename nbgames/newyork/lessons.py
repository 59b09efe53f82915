"""New York lessons, in the order a teacher would use them: the goal, setup, a first turn, then
the details (jokers, fees, the can't-pay turn, the end, scoring).

Each lesson sets up a real position through the engine's ``position`` option (so everything the
learner does is checked by the real rules), tells the learner what to do, and explains every
verdict with a rule id from ``rules/newyork.md``. Numbers that are this project's house
resolutions (street names, the STOP trigger at 4 empty squares, …) are named as such.

The lessons themselves are in ``lessons_basics.py`` (the board, setup, hand counts),
``lessons_turns.py`` (a first turn, jokers, fees, the can't-pay turn) and ``lessons_end.py`` (STOP,
scoring). They are written with the teachers' public API, ``nbgames.teach`` (``ask_move``,
``ask_choice``, ``ask_square``, ``Lesson``) — the calls docs/teaching.md shows a teacher — with
small New York helpers from ``teaching.py`` (positions, square names, what the log says). In a
notebook::

    from nbgames.newyork.lessons import learn
    learn()
"""

from __future__ import annotations

from .. import teach
from ..ui.lesson import Lesson, LessonSession
from .lessons_basics import lesson_goal, lesson_hands, lesson_setup
from .lessons_end import lesson_scoring, lesson_stop
from .lessons_turns import lesson_cant_pay, lesson_fee, lesson_first_turn, lesson_joker
from .teaching import place, position_game, sq, square_of

__all__ = ["learn", "lessons", "public_lessons", "session", "place", "position_game", "sq", "square_of"]


def public_lessons() -> list[teach.Lesson]:
    """The New York lessons in teaching order, as `nbgames.Lesson` objects (the teachers' API)."""
    return [lesson_goal(), lesson_setup(), lesson_hands(), lesson_first_turn(), lesson_joker(),
            lesson_fee(), lesson_cant_pay(), lesson_stop(), lesson_scoring()]


def lessons() -> list[Lesson]:
    """The New York lessons in teaching order: the lesson runner's models, in the page's language."""
    return [lesson.lesson() for lesson in public_lessons()]


def session(lesson_id: str) -> LessonSession:
    """A session for one lesson by id (handy in tests and in the console)."""
    for lesson in lessons():
        if lesson.id == lesson_id:
            return LessonSession(lesson)
    raise KeyError(f"no New York lesson {lesson_id!r}")


def learn(start: int = 0):
    """The New York lesson page (lesson list with progress, board, feedback): a `LessonRunner`.

    Use it as a cell's last line, ``learn()``, and the page shows itself."""
    from ..ui.lesson import LessonRunner
    from .view import NewYorkView

    runner = LessonRunner(lessons, lambda game, seat: NewYorkView(game, seat=seat), start=start)
    return runner
