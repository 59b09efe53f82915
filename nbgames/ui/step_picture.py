"""A lesson step's board as a small picture, for the teacher page (issue 29): the position the
student faced at that step, the step's own hint marks, and the most common wrong answers marked
where an answer is a square or a place.

The picture is the SAME draw list the page's canvas gets (`BoardView.ops`, pure ``Op`` tuples),
replayed as SVG by `nbgames.ui.rules_panel.board_svg` (every text escaped). A game's view is a
widget, so a `StepPicture` builds it once, in the server process, outside any kernel (its canvas
messages go nowhere), and keeps it for the next wrong answers; `step_picture` caches them.

The position is the step's: the lesson's game as a learner reaches that step (each earlier
step answered with its expected answer, and the step's own ``start`` when it has one).
"""

from __future__ import annotations

import html
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any

from ..engine.errors import IllegalAction
from ..i18n import using
from .board import HIGHLIGHTS, PIECES, STATIC
from .lesson import Lesson, LessonSession, step_seat

MARK = "refused"  # the highlight kind of a wrong answer's square (vermillion, `HIGHLIGHT_KINDS`)
MAX_MARKS = 3
CACHE_SIZE = 64  # step pictures kept (each holds a board view)


def position_at(lesson: Lesson, step: int) -> LessonSession:
    """A session of `lesson` standing at `step` (0-based): its ``game`` is the position the
    learner faces there. ValueError if the lesson has no such step."""
    if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step < len(lesson.steps):
        raise ValueError(f"lesson {lesson.id} has no step {step!r} (0 to {len(lesson.steps) - 1})")
    session = LessonSession(lesson)
    while session.step_index < step and not session.done:
        before = session.step_index
        session.show_me()
        if session.step_index == before:  # an expected answer its judge refuses: stop where it is
            break
    return session


class StepPicture:
    """One lesson step's board: its view, built once; `svg` draws it with wrong answers marked."""

    def __init__(self, lesson: Lesson, step: int, lang: str):
        with using(lang):
            session = position_at(lesson, step)
            self.lesson, self.step, self.lang, self.game = lesson, step, lang, session.game
            self.hints = [h for h in session.highlights() if isinstance(h, str)]
            view_class = self.game.manifest.view_class()
            self.view = view_class(self.game, seat=step_seat(lesson, session), lang=lang)
            self.view.interactive = False  # no "legal move" marks: the student's own hints only
        self.lock = threading.Lock()

    def is_target(self, name: str) -> bool:
        """Whether `name` is a square or a place of this board (something a mark can outline)."""
        view = self.view
        regions = getattr(view, "regions", None)
        if regions is not None and name in regions:
            return True
        cells = getattr(view, "target_cells", None)
        return callable(cells) and bool(cells(name))

    def targets(self, answer: Any) -> list[str]:
        """The squares or places a recorded answer names: a square's name ("F5"), a move played
        there ("**@F5", any move's notation: where the board plays it), or a click the board
        refused ("C3 — NY-12: …"); [] for an answer that names none (a number, a button)."""
        if not isinstance(answer, str) or not answer.strip() or len(answer) > 200:
            return []
        head = answer.strip().split(" — ", 1)[0].strip()
        for name in dict.fromkeys((head, head.upper(), head.rpartition("@")[2].upper())):
            if name and self.is_target(name):
                return [name]
        try:
            action = self.game.parse(head)
        except (IllegalAction, TypeError, ValueError):
            return []
        how = getattr(self.view, "how_to_play", None)
        try:
            found = how(action) if callable(how) else None
        except (IllegalAction, TypeError, ValueError, KeyError):
            found = None
        return [t for t in (found[0] if found else []) if isinstance(t, str) and self.is_target(t)]

    def svg(self, wrong: Sequence[str] = (), title: str = "") -> str:
        """The step's board as SVG, the squares of the `wrong` answers (the first `MAX_MARKS`)
        marked; `title` and the answers are its accessible name (escaped)."""
        from .rules_panel import board_svg

        wrong = [w for w in wrong if isinstance(w, str)][:MAX_MARKS]
        marks = list(dict.fromkeys(t for answer in wrong for t in self.targets(answer)))
        with self.lock, using(self.lang):
            view = self.view
            view.highlight(self.hints, kind="hint")
            view.highlight(marks, kind=MARK)
            ops = view.ops((STATIC, PIECES, HIGHLIGHTS))
            width, height = view.canvas.width, view.canvas.height
        label = "; ".join([title, *wrong]) if wrong else title
        svg = board_svg(ops, width, height, label)
        if marks:  # the marked squares by name, for a reader and for tests
            svg = svg.replace("<svg ", f"<svg data-marked='{html.escape(' '.join(marks))}' ", 1)
        return svg


_pictures: OrderedDict[tuple, StepPicture] = OrderedDict()
_pictures_lock = threading.Lock()


def step_picture(lesson_id: str, step: int, lang: str, find: Callable[[str, str], Lesson | None]) -> StepPicture:
    """The (cached) picture of step `step` of the lesson `lesson_id` in `lang`; `find(id, lang)`
    gives the lesson (None: unknown, a KeyError)."""
    key = (lesson_id, step, lang)
    with _pictures_lock:
        found = _pictures.get(key)
        if found is not None:
            _pictures.move_to_end(key)
            return found
    lesson = find(lesson_id, lang)
    if lesson is None:
        raise KeyError(lesson_id)
    picture = StepPicture(lesson, step, lang)
    with _pictures_lock:
        _pictures[key] = picture
        while len(_pictures) > CACHE_SIZE:
            _pictures.popitem(last=False)
    return picture


def forget_pictures(lesson_id: str | None = None) -> None:
    """Drop cached pictures (of one lesson: a lesson file replaced by an upload)."""
    with _pictures_lock:
        for key in [k for k in _pictures if lesson_id is None or k[0] == lesson_id]:
            del _pictures[key]


def builtin_lessons_by_game(lang: str) -> dict[str, list[Lesson]]:
    """Every game's built-in lessons, made in `lang` (a game registered from outside nbgames,
    without a lessons module, has none)."""
    import importlib

    from ..engine.registry import available_games

    found: dict[str, list[Lesson]] = {}
    with using(lang):
        for game in available_games():
            try:
                module = importlib.import_module(f"nbgames.{game}.lessons")
            except ModuleNotFoundError:
                continue
            found[game] = list(module.lessons())
    return found


def builtin_lesson(lesson_id: str, lang: str) -> Lesson | None:
    """The built-in lesson `lesson_id` (any game) in `lang`, or None."""
    return next((lesson for lessons in builtin_lessons_by_game(lang).values() for lesson in lessons
                 if lesson.id == lesson_id), None)


# -- a table, watched by the teacher (issue 31) ---------------------------------------------------
TABLE_CACHE_SIZE = 32  # tables' pictures kept (each holds a board view)


def spectate(view: Any) -> None:
    """Make a game's view a spectator's: nobody's private information, no legal-move marks.
    A view's ``seat=None`` alone is hot seat (it shows the cards of the seat *to move*, see
    `GameView.viewer`); with ``reveal`` off, as on the hot-seat pass screen, it reads
    ``game.view(None)`` — the public view — and draws no hand."""
    view.reveal = False
    view.interactive = False
    view.refresh()


class TablePicture:
    """A table's board as anyone not seated at it may see it: `svg` draws a copy of the table's
    game (`TableHolder.snapshot`) from its public view only, and keeps the picture of the last
    version drawn."""

    def __init__(self, game: Any, lang: str):
        with using(lang):
            self.view = game.manifest.view_class()(game, seat=None, lang=lang)
            spectate(self.view)
        self.lang, self.version, self.text = lang, None, ""
        self.lock = threading.Lock()

    def svg(self, game: Any, version: int, title: str = "") -> str:
        """The board of `game` (the table at `version`) as SVG; `title`: its accessible name."""
        from .rules_panel import board_svg

        with self.lock, using(self.lang):
            if version == self.version:
                return self.text
            view = self.view
            if game is not view.game:
                view.set_game(game)  # (set_game keeps the view a spectator's: reveal stays off)
            spectate(view)
            ops = view.ops((STATIC, PIECES, HIGHLIGHTS))
            svg = board_svg(ops, view.canvas.width, view.canvas.height, title)
            self.version, self.text = version, svg.replace("<svg ", f"<svg data-version='{int(version)}' ", 1)
            return self.text


_tables: OrderedDict[tuple, TablePicture] = OrderedDict()


def table_picture(code: str, lang: str, version: int, snapshot: Callable[[], tuple[Any, int]],
                  title: Callable[[Any], str] = lambda _game: "") -> str:
    """The spectator's picture of table `code` in `lang` as SVG: the cached one while the table's
    `version` is the one drawn, else drawn anew from `snapshot()` (a copy of its game and version);
    `title(game)`: the picture's accessible name."""
    key = (code, lang)
    with _pictures_lock:
        picture = _tables.get(key)
        if picture is not None:
            _tables.move_to_end(key)
    if picture is not None and picture.version == version:
        return picture.text
    game, version = snapshot()
    if picture is None or picture.view.game.name != game.name:
        picture = TablePicture(game, lang)
        with _pictures_lock:
            _tables[key] = picture
            while len(_tables) > TABLE_CACHE_SIZE:
                _tables.popitem(last=False)
    return picture.svg(game, version, title(game))
