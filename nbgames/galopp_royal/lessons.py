"""Galopp Royal lessons, in the order a teacher would use them: reading a bearer board as odds,
the start-team auctions (a partly known lot, the forced 10-coin team), race turns (a goof, the
schemer's two options), the end of a race (finishing order, the pond, prizes), and what happens
between races (the last-placed player's exchange, the substitute auctions).

Each lesson builds a real position through the engine's ``deck`` and ``scenario`` options, so
everything the learner does is checked by the real rules, and every verdict names a rule id from
``rules/galopp_royal.md``. The die is random: where a lesson needs a particular roll, the game's
seed is found by a small deterministic search (``teaching.seed_where``). The other players' moves are
scripted and played right after the learner's (their turns are narrated from the engine's events).
Numbers that are this project's house defaults (the card split, goals, later prizes, pond depth…)
are named as such.

The lessons themselves are in ``lessons_race.py``, ``lessons_end.py`` and ``lessons_teams.py``. In a
notebook::

    from nbgames.galopp_royal.lessons import learn
    learn()
"""

from __future__ import annotations

from ..i18n import _
from ..ui.lesson import Lesson, LessonSession
from .lessons_end import lesson_results
from .lessons_race import lesson_goof, lesson_odds, lesson_schemer_a, lesson_schemer_b
from .lessons_teams import lesson_auction, lesson_exchange, lesson_forced, lesson_substitute


def lessons() -> list[Lesson]:
    """The Galopp Royal lessons in teaching order."""
    return [lesson_odds(), lesson_auction(), lesson_forced(), lesson_goof(), lesson_schemer_a(),
            lesson_schemer_b(), lesson_results(), lesson_exchange(), lesson_substitute()]


def session(lesson_id: str) -> LessonSession:
    """A session for one lesson by id (handy in tests and in the console)."""
    for lesson in lessons():
        if lesson.id == lesson_id:
            return LessonSession(lesson)
    raise KeyError(f"no Galopp Royal lesson {lesson_id!r}")


def learn(start: int = 0):
    """The Galopp Royal lesson page (lesson list with progress, board, feedback): a `LessonRunner`
    (untitled: the notebook's heading names the page).

    Use it as a cell's last line, ``learn()``, and the page shows itself."""
    from ..ui.language import page_language
    from ..ui.lesson import LessonRunner
    from .view import GaloppView

    lang = page_language(None)
    return LessonRunner(lessons, lambda game, seat: GaloppView(game, seat=seat), start=start, lang=lang,
                        move_placeholder=_("or type a move, e.g. {moves}", lang).format(
                            moves=", ".join(("roll", "bid 7", "pass"))))
