"""Lessons: scripted steps a learner does on a real board, checked and explained by rule id.

Two layers, both game-agnostic:

- the **model** (no widgets): `Verdict`, `Step`, `Lesson` and `LessonSession`. A lesson is a list
  of steps; each step sets (or continues) a position, asks for an answer (a move on the board, a
  click on a square, or a button), judges it and explains the verdict with a rule id. A session
  walks one learner through one lesson: submit, "show me", reset. Tests drive this directly.
- the **runner** (`LessonRunner`): the widget that shows the lesson list with a progress
  indicator, the instructions, a game's board view, feedback, and Retry / Show me / Reset / Next.
  It is driven by callbacks only (it never waits in a loop), so notebooks run headlessly.

A game supplies the lessons and a view factory ``make_view(game, seat) -> view`` whose view has
``widget``, ``on_choose(callback)``, ``refresh()``, ``set_game(game)``, ``highlight(squares, kind)``
and an ``interactive`` flag (see ``nbgames/newyork/view.py``).
"""

from __future__ import annotations

import html
import json
import os
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.action import Action
from ..engine.errors import IllegalAction
from ..engine.game import Game
from ..i18n import N_, _, gettext, localize, ngettext, set_game
from .closing import replace_children
from .i18n import t

Answer = Any  # an Action, a move notation, a square name, or a choice value


@dataclass(frozen=True)
class Verdict:
    """The judgement of one answer: right or not, the rule it rests on, and why (plain words)."""

    ok: bool
    rule: str
    text: str
    word: str = ""  # the feedback's opening word instead of "Right" (a replay's "Move 2 of 3")

    def __str__(self) -> str:
        text = without_right(self.text) if self.ok else self.text
        return f"{'Right' if self.ok else 'Not quite'} ({self.rule}): {text}"  # for Python users


# A right answer's explanation may open with its own "Right:" (or 正解です。): the runner already
# says it in front of the rule id, so that opening word is left out rather than said twice.
RIGHT_OPENING = re.compile(r"^(?:Right|正解です|正解)\s*[:：。.,、!！]\s*")


def without_right(text: str) -> str:
    """`text` without an opening "Right:" the verdict's own word already says."""
    return RIGHT_OPENING.sub("", text, count=1)


@dataclass(frozen=True)
class Choice:
    """A button offered by a step: the label the learner reads and the answer value it sends."""

    label: str
    value: str


@dataclass
class Step:
    """One thing the learner does.

    - ``prompt``: the instruction (text, or a function of the game for live numbers).
    - ``judge(game, answer) -> Verdict``: right or wrong, with the rule id and an explanation.
    - ``expected(game) -> answer``: what "show me" submits; the judge must accept it.
    - ``plays``: a right answer is a move and is played on the game (else it is only a question,
      e.g. "click the square that would cost 4 chips", and the board does not change).
    - ``choices``: buttons offered for this step (their values are answers).
    - ``board``: whether clicking the board answers this step.
    - ``start``: a fresh game for this step (a new position); None continues the lesson's game.
    - ``highlight(game) -> squares``: squares to mark while the step is shown.
    - ``follow(game) -> text``: said after a right move was played (e.g. "you drew 3 cards").
    - ``move(game) -> answer``: what a right answer plays instead of the answer itself (a replay's
      next move, answered by its "Next move" button).
    """

    prompt: str | Callable[[Game], str]
    judge: Callable[[Game, Answer], Verdict]
    expected: Callable[[Game], Answer]
    plays: bool = True
    choices: Sequence[Choice] = ()
    board: bool = True
    start: Callable[[], Game] | None = None
    highlight: Callable[[Game], list[str]] | None = None
    follow: Callable[[Game], str] | None = None
    move: Callable[[Game], Answer] | None = None

    def prompt_text(self, game: Game) -> str:
        return self.prompt(game) if callable(self.prompt) else self.prompt


@dataclass
class Lesson:
    """A titled lesson: an introduction, a starting position and one or more steps.

    ``check(game, answer, step)`` and ``expected(game, step)`` let tests judge answers without a
    session; ``start()`` is the fresh game of the first step.
    """

    id: str
    title: str
    intro: str
    start_game: Callable[[], Game]
    steps: list[Step]
    summary: str = ""
    seat: int | None = 0  # the learner's seat (whose hand the board shows)
    rules: tuple[str, ...] = field(default=())  # rule ids this lesson teaches

    def start(self, step: int = 0) -> Game:
        """A fresh game at the position the given step starts from (steps with no own start
        continue the game of an earlier one; asking for such a step gives the lesson's start)."""
        for index in range(step, -1, -1):
            if self.steps[index].start is not None:
                return self.steps[index].start()
        return self.start_game()

    def check(self, game: Game, answer: Answer, step: int = 0) -> Verdict:
        return self.steps[step].judge(game, answer)

    def expected(self, game: Game, step: int = 0) -> Answer:
        return self.steps[step].expected(game)


class LessonSession:
    """One learner working through one lesson: the current game, the current step, the feedback.

    Nothing here blocks: ``submit`` judges one answer and returns at once. A wrong answer leaves
    the game exactly as it was (retry as often as you like); a right move is played, then the
    next step begins (with its own position when it has one).
    """

    def __init__(self, lesson: Lesson):
        self.lesson = lesson
        self.reset()

    def reset(self) -> None:
        """Back to the lesson's first step and starting position."""
        self.step_index = 0
        self.game = self.lesson.start(0)
        self.done = False
        self.shown = False
        self.last: Verdict | None = None

    @property
    def step(self) -> Step | None:
        return None if self.done else self.lesson.steps[self.step_index]

    @property
    def prompt(self) -> str:
        step = self.step
        return self.lesson.summary if step is None else step.prompt_text(self.game)

    @property
    def choices(self) -> Sequence[Choice]:
        step = self.step
        return () if step is None else step.choices

    @property
    def board_active(self) -> bool:
        step = self.step
        return step is not None and step.board

    def highlights(self) -> list[str]:
        step = self.step
        if step is None or step.highlight is None:
            return []
        return list(step.highlight(self.game))

    def submit(self, answer: Answer) -> Verdict:
        """Judge an answer to the current step; play it and move on when it is right."""
        step = self.step
        if step is None:
            verdict = Verdict(False, "", _("This lesson is finished: press Reset to do it again, or go on."))
            self.last = verdict
            return verdict
        try:
            verdict = step.judge(self.game, answer)
        except IllegalAction as exc:  # a judge may let the engine speak for itself
            verdict = Verdict(False, exc.rule, localize(exc.reason))
        if verdict.ok:
            text = verdict.text
            if step.plays:
                self.game.play(answer if step.move is None else step.move(self.game))
                if step.follow is not None:
                    text = f"{text} {step.follow(self.game)}".strip()
            verdict = Verdict(True, verdict.rule, text, verdict.word)
            self._advance()
        self.last = verdict
        return verdict

    def explain(self) -> Verdict:
        """Why the current step's expected answer is right, judged without playing it (the
        "Show me" button shows it; the learner then makes it)."""
        step = self.step
        if step is None:
            return Verdict(False, "", _("This lesson is finished: press Reset to do it again, or go on."))
        try:
            return step.judge(self.game, step.expected(self.game))
        except IllegalAction as exc:
            return Verdict(False, exc.rule, localize(exc.reason))

    def show_me(self) -> Verdict:
        """Submit the expected answer of the current step (what "Do it for me" does)."""
        step = self.step
        if step is None:
            return self.submit(None)
        self.shown = True
        return self.submit(step.expected(self.game))

    def expected(self) -> Answer:
        step = self.step
        return None if step is None else step.expected(self.game)

    def _advance(self) -> None:
        self.step_index += 1
        if self.step_index >= len(self.lesson.steps):
            self.done = True
            return
        nxt = self.lesson.steps[self.step_index]
        if nxt.start is not None:
            self.game = nxt.start()


def step_seat(lesson: Lesson, session: LessonSession) -> int | None:
    """Whose hand the board shows at the session's step: the lesson's seat, or the seat a move
    step asks to move (a teacher's lesson may ask moves of several players; the learner plays each)."""
    seat = lesson.seat
    step, game = session.step, session.game
    if step is not None and step.board and step.plays and seat is not None and game.to_move not in (None, seat):
        return game.to_move
    return seat


def judge_move(game: Game, answer: Answer) -> Action | Verdict:
    """The legal action an answer names, or the engine's refusal (rule id and reason) as a Verdict.

    The game is left unchanged either way (the refusal is asked of a copy)."""
    try:
        action = game.parse(answer)
    except IllegalAction as exc:
        return Verdict(False, exc.rule, localize(exc.reason))
    if game.is_legal(action):
        return action
    try:
        game.clone().play(action)
    except IllegalAction as exc:
        return Verdict(False, exc.rule, localize(exc.reason))
    return action  # pragma: no cover - is_legal and play agree


def ask_choice(rule: str, answers: dict[str, tuple[bool, str]]) -> Callable:
    """A judge for button questions: each value maps to (right?, explanation)."""

    def judge(game: Game, answer: Any) -> Verdict:
        ok, text = answers.get(str(answer), (False, _("Pick one of the buttons.")))
        return Verdict(ok, rule, text)

    return judge


def move_judge(goal: Callable[[Game, Action], Verdict]) -> Callable:
    """A judge for moves: the engine refuses illegal ones (with its rule id); `goal` judges the
    legal ones against what this step asks for."""

    def judge(game: Game, answer: Any) -> Verdict:
        action = judge_move(game, answer)
        if isinstance(action, Verdict):
            return action
        return goal(game, action)

    return judge


# -- the runner widget ---------------------------------------------------------------------------
LESSON_TEXT: dict[str, str] = {
    "progress": N_("{done} of {total} lessons done"),
    "lessons": N_("Lessons"),
    "kept_refused": N_("Your kept progress could not be restored ({reason}); it was set aside."),
    "step": N_("Lesson {n} of {total} · step {step} of {steps}"),
    "finished": N_("Lesson {n} of {total} · finished"),
    "right": N_("Right"),
    "wrong": N_("Not quite"),
    "shown": N_("Here's how"),
    "shown_choice": N_("Press the marked button \u201c{label}\u201d."),
    "shown_typed": N_("Type {move} in the box below the board."),
    "show_me": N_("Show me"),
    "do_it": N_("Do it for me"),
    "retry": N_("Try again"),
    "reset": N_("Start this lesson again"),
    "next": N_("Next lesson →"),
    "previous": N_("← Previous"),
    "try_move": N_("Try this move"),
    "move_placeholder": N_("or type a move, e.g. F5"),
    "reset_done": N_("Back to the start of this lesson."),
    "retry_text": N_("Have another go."),
    "all_done": N_("You finished every lesson. Well done!"),
    "open_file": N_("Open a lesson file"),
    "file_opened": N_("Opened the lesson \u201c{title}\u201d from {name}."),
    "file_again": N_("The lesson \u201c{title}\u201d is already open."),
    "file_refused": N_("This lesson file cannot be opened: {reason}"),
    "file_too_big": N_("This file is too big for a lesson file (more than {limit} MB)."),
    "file_too_many": N_("This page has opened {limit} lesson files already: reload it to open more."),
    "link_refused": N_("The lesson in this page's link cannot be opened: {reason}"),
    "link_bad_name": N_("a lesson link names a file next to this page, like my_lesson.json (letters, "
                        "digits, '-', '_' and '.', ending in .json)"),
    "link_missing": N_("there is no lesson file {name} next to this page or in the lessons folder"),
}

FILE_ID = "lesson-"  # a lesson made with nbgames.teach (a file's) has an id "lesson-<hash>"
MAX_FILES = 20  # lesson files one page opens
MAX_KEPT_FILES = 100  # lesson files done that a page keeps in the browser while they are not open
LINK_NAME = re.compile(r"^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,99}\.json$")


def lesson_file_limit() -> int:
    """The largest lesson file a page reads (bytes): `nbgames.teach.MAX_LESSON_BYTES`."""
    from ..teach import MAX_LESSON_BYTES

    return MAX_LESSON_BYTES


def _megabytes() -> str:
    return f"{lesson_file_limit() / 1_000_000:g}"


def _query(query: str | None) -> dict[str, list[str]]:
    """`query`'s parameters, or the page request's (a pre-heated page whose language was given in
    code learns its link once a visitor asks for it)."""
    from urllib.parse import parse_qs

    from .language import request_query

    return request_query() if query is None else parse_qs(query)


def lesson_link(query: str | None = None) -> str | None:
    """The lesson file a page's link asks for (``?lesson=name.json``), None if it asks for none.
    `query`: the query string (default: the page request's, which Voilà hands to the kernel)."""
    asked = _query(query).get("lesson")
    return None if not asked else asked[0]


ASSIGN_ID = re.compile(r"^[A-Za-z0-9_.-]{1,60}$")
MAX_ASSIGNED = 30
ASSIGN_FILE = "file:"  # an assigned lesson file: file:<name> (nbgames.classroom.lessonfiles)
LESSON_DIR_ENV = "NBGAMES_LESSON_DIR"  # the class server's folder of the teacher's uploaded lesson files
MAX_ANSWER = 200  # the longest answer the class server records (nbgames.classroom.schema.ANSWER_LEN)


def assigned_link(query: str | None = None) -> list[str]:
    """The lessons a teacher's link hands out (``?assign=id1,id2``, built on the teacher page), in
    the link's order; [] if it names none. `query`: as for `lesson_link`.
    A lesson file is named ``file:<name>`` (a plain file name, see `find_lesson_file`)."""
    asked = _query(query).get("assign")
    if not asked:
        return []
    ids = [part for part in asked[0].split(",") if ASSIGN_ID.match(part) or (
        part.startswith(ASSIGN_FILE) and LINK_NAME.match(part[len(ASSIGN_FILE):]) and ".." not in part)]
    return list(dict.fromkeys(ids))[:MAX_ASSIGNED]


def find_lesson_file(name: str, folder: str | os.PathLike | None = None) -> str:
    """The path of the lesson file `name` (a plain file name: no folder, no '..') next to the
    page's notebook (`folder`, default the kernel's working folder, which Voilà sets to the
    notebook's) or in a ``lessons`` folder beside it or beside its parent (notebooks/lessons/),
    or in the class server's folder of uploaded lesson files ($NBGAMES_LESSON_DIR).
    `LessonError` when the name is not plain or no such file exists."""
    from pathlib import Path

    from ..i18n import msg
    from ..teach import LessonError

    if not isinstance(name, str) or not LINK_NAME.match(name) or ".." in name:
        raise LessonError(msg(LESSON_TEXT["link_bad_name"]))
    here = Path(folder) if folder is not None else Path.cwd()
    uploads = os.environ.get(LESSON_DIR_ENV, "").strip()
    for place in (here, here / "lessons", here.parent / "lessons", *([Path(uploads)] if uploads else [])):
        path = place / name
        if path.is_file():
            return str(path)
    raise LessonError(msg(LESSON_TEXT["link_missing"], name=name))


def lesson_text(key: str, **kw: Any) -> str:
    """A runner string in the page's language, formatted with `kw`."""
    return gettext(LESSON_TEXT[key]).format(**kw)


LINK = re.compile(r"\[([^\]]+)\]\(([\w./-]+\.ipynb)\)")  # only links to the project's own pages


def _inline(text: str) -> str:
    """One line of lesson prose to safe HTML: escaped, with ``**bold**``, ``*emphasis*`` and
    ``[a link](play.ipynb)`` to another notebook page (relative, nothing else)."""
    out = html.escape(text, quote=False)
    out = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", out)
    out = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"<i>\1</i>", out)
    return LINK.sub(lambda m: f"<a href='{m[2]}' target='_top'>{m[1]}</a>", out)


def markdown_lite(text: str) -> str:
    """Lesson prose to safe HTML: paragraphs, ``- `` lists, ``**bold**``, ``*emphasis*`` and
    links to other notebook pages; everything else escaped."""
    out = []
    for block in text.strip().split("\n\n"):
        lines = [_inline(line.strip()) for line in block.splitlines() if line.strip()]
        if lines and all(line.startswith("- ") for line in lines):
            out.append("<ul>" + "".join(f"<li>{line[2:]}</li>" for line in lines) + "</ul>")
        else:
            out.append("<p>" + " ".join(lines) + "</p>")
    return "".join(out)


class LessonRunner:
    """The lesson page: lesson list with progress, instructions, board, feedback and buttons.

    ``make_view(game, seat)`` builds the game's board view once; later lessons and steps reuse it
    through ``view.set_game``. Everything happens in callbacks (board choices, buttons), so the
    runner never blocks a notebook. CSS classes (``nbg-lesson-*``) are stable for tests.
    """

    def __init__(self, lessons: Sequence[Lesson] | Callable[[], Sequence[Lesson]],
                 make_view: Callable[[Game, int | None], Any], start: int = 0, title: str = "",
                 move_placeholder: str | None = None, lang: str | None = None,
                 storage_key: str | None = None):
        import ipywidgets as widgets

        from .folds import fold
        from .language import page_language

        # The page's language first: lessons given as a function are written in it.
        self.lang = page_language(lang)
        if callable(lessons):
            lessons = lessons()
        if not lessons:
            raise ValueError("a lesson runner needs at least one lesson")
        self.lessons = list(lessons)
        self._builtin = len(self.lessons)  # lesson files opened on the page come after these
        self._files_done: set[str] = set()  # lesson files done, kept while they are not open here
        self.completed: set[str] = set()
        self._sessions: dict[int, LessonSession] = {}
        self.index = min(max(0, start), len(self.lessons) - 1)
        self.session = self._session(self.index)
        set_game(self.session.game.name)  # the kit's words follow the game's glossary on its page
        self.view = make_view(self.session.game, self.lessons[self.index].seat)
        self.view.on_choose(self._on_board)
        if hasattr(self.view, "lesson_step"):  # the view asks which step is shown (a question's
            self.view.lesson_step = lambda: self.session.step  # click only names its square)
        self.feedback_verdict: Verdict | None = None
        self._shown = False

        def button(description: str, css: str, handler: Callable[[], None]) -> widgets.Button:
            b = widgets.Button(description=description, layout=widgets.Layout(width="auto"))
            b.add_class(css)
            b.on_click(lambda _b: handler())
            return b

        self.header = widgets.HTML((f"<h2>{title}</h2>" if title else "") + self._links())
        self.progress = widgets.HTML()
        self.progress.add_class("nbg-lesson-progress")
        self.bar = widgets.IntProgress(value=0, min=0, max=len(self.lessons),
                                       layout=widgets.Layout(width="180px"))
        self.items = [button(lesson.title, "nbg-lesson-item", lambda i=i: self.go(i))
                      for i, lesson in enumerate(self.lessons)]
        self.menu = widgets.VBox(self.items)
        self.menu.add_class("nbg-lesson-list")
        # The list of lessons: open beside the lesson on a wide page, folded above it on a phone.
        # A teacher's lesson file: opened here (upload) or by the page's link (?lesson=name.json).
        self.file_upload = widgets.FileUpload(accept=".json,application/json", multiple=False,
                                              description=lesson_text("open_file"), layout=widgets.Layout(width="auto"))
        self.file_upload.add_class("nbg-lesson-open")
        self.file_upload.observe(self._on_file, names="value")
        self.file_message = widgets.HTML()
        self.file_message.add_class("nbg-lesson-file-message")
        self.menu_fold = fold("lessons", lesson_text("lessons"), [self.menu, self.file_upload, self.file_message],
                              opened=True)
        layout = self.menu_fold.layout  # (its own layout, set: a new one would leave the old one open)
        layout.flex, layout.min_width, layout.margin = "0 1 260px", "0", "0 12px 0 0"
        self.title = widgets.HTML()
        self.title.add_class("nbg-lesson-title")
        self.intro = widgets.HTML()
        self.intro.add_class("nbg-lesson-intro")
        self.step_label = widgets.HTML()
        self.step_label.add_class("nbg-lesson-step")
        self.prompt = widgets.HTML()
        self.prompt.add_class("nbg-lesson-prompt")
        self.choices = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self._choices_key: tuple | None = None  # the question the buttons answer (`_render_choices`)
        self.choices.add_class("nbg-lesson-choices")
        self.feedback = widgets.HTML()
        self.feedback.add_class("nbg-lesson-feedback")
        self.move_box = widgets.Text(placeholder=move_placeholder or lesson_text("move_placeholder"),
                                     layout=widgets.Layout(width="260px"))
        self.move_box.add_class("nbg-lesson-move")
        self.try_button = button(lesson_text("try_move"), "nbg-lesson-try", self._on_typed)
        self.show_button = button(lesson_text("show_me"), "nbg-lesson-show", self.show_me)
        self.retry_button = button(lesson_text("retry"), "nbg-lesson-retry", self.retry)
        self.reset_button = button(lesson_text("reset"), "nbg-lesson-reset", self.reset)
        self.prev_button = button(lesson_text("previous"), "nbg-lesson-prev", lambda: self.go(self.index - 1))
        self.next_button = button(lesson_text("next"), "nbg-lesson-next", lambda: self.go(self.index + 1))
        self.typed_row = widgets.HBox([self.move_box, self.try_button])
        lesson_box = widgets.VBox([
            self.title, self.intro, self.step_label, self.prompt, self.choices, self.feedback,
            widgets.HBox([self.show_button, self.retry_button, self.reset_button, self.prev_button,
                          self.next_button], layout=widgets.Layout(flex_flow="row wrap")),
            self.view.widget, self.typed_row,
        ], layout=widgets.Layout(flex="1 1 560px", min_width="0"))
        self.widget = widgets.VBox([
            self.header,
            widgets.HBox([self.progress, self.bar]),
            widgets.HBox([self.menu_fold, lesson_box], layout=widgets.Layout(flex_flow="row wrap",
                                                                        align_items="flex-start")),
        ])
        self.widget.add_class("nbg-lesson")
        self._keeping = False  # True once the browser said what it kept
        self.pagekit = getattr(self.view, "pagekit", None)
        if self.pagekit is not None:
            self.pagekit.observe(self._on_width, names="width")
            # a teacher's lesson keeps its progress apart from the game's own lessons
            self.pagekit.storage_key = storage_key or f"nbgames/{self.session.game.name}/learn"
            self.pagekit.observe(self._on_browser_ready, names="ready")
            self.pagekit.max_upload = lesson_file_limit()  # a larger file stays in the browser
            self.pagekit.on_too_large(lambda *_: self._say_file(lesson_text("file_too_big", limit=_megabytes()), False))
        status = getattr(self.view, "status", None)
        if status is not None and hasattr(status, "observe"):
            status.observe(self._on_view_status, names="value")
        self._clicked: str | None = None  # the square or place last clicked: a refused move's answer says it
        click = getattr(self.view, "click", None)
        if callable(click):
            def clicked(target: Any, _click: Callable[[Any], None] = click) -> None:
                self._clicked = target if isinstance(target, str) else None
                _click(target)

            self.view.click = clicked
        self._linked: int | None = None  # the lesson the page's link opened (?lesson=)
        # The class's progress (nbgames serve --class-progress): told to the server, never waited for.
        from ..classroom import sink
        from .classjoin import join_box

        self.class_progress = sink()
        self._class_started: set[str] = set()  # lessons this page has said were started
        self._class_restoring = False
        self._answered = False  # the learner answered on this page (perhaps before its kept progress came)
        self._step_clock: tuple[int, int, int, float] = (-1, -1, -1, 0.0)  # lesson, session, step, shown at
        self.join_box = join_box(self.lang)
        if self.join_box is not None:
            self.widget.children = (self.join_box, *self.widget.children)
        self.assigned: list[int] = []  # lessons the teacher's link hands out (their indexes)
        self.assigned_items: list = []
        self._open_link()
        # A teacher's link (?assign=…): those lessons come first, in a row of their own.
        asked = assigned_link()
        files = {name: self._open_named(name[len(ASSIGN_FILE):]) for name in asked if name.startswith(ASSIGN_FILE)}
        ids = [lesson.id for lesson in self.lessons]
        self.assigned = list(dict.fromkeys(files[i] if i in files else ids.index(i) for i in asked
                                           if files.get(i) is not None or i in ids))
        self.assigned_items = [button("", "nbg-lesson-assigned-item", lambda i=i: self.go(i)) for i in self.assigned]
        if self.assigned:
            row = widgets.HBox([widgets.HTML(f"<b>{_escape(_('Your teacher asks for these lessons:'))}</b>"),
                                *self.assigned_items], layout=widgets.Layout(flex_flow="row wrap",
                                                                            align_items="center"))
            row.add_class("nbg-lesson-assigned")
            self.widget.children = (*self.widget.children[:-1], row, self.widget.children[-1])
            if self._linked is None:
                self.go(self.assigned[0])
        self._show_lesson()

    # -- lesson files ------------------------------------------------------------------------
    def _say_file(self, text: str, ok: bool) -> None:
        colour = "#1b7837" if ok else "#b2182b"
        self.file_message.value = (f"<div style='border-left:4px solid {colour};padding:2px 6px'>"
                                   f"<small>{_escape(text)}</small></div>")

    def _open_link(self) -> None:
        """Open the lesson file the page's link names (``?lesson=name.json``), at once."""
        name = lesson_link()
        if name is not None:
            self._linked = self._open_named(name)

    def _open_named(self, name: str) -> int | None:
        """Open the lesson file a link names (``?lesson=name.json``, or ``file:<name>`` in a
        teacher's ``?assign=``); its index, or None (said on the page) when it cannot be opened."""
        from ..teach import LessonError, load_lesson

        try:
            lesson = load_lesson(find_lesson_file(name), game=self.session.game.name)
        except LessonError as exc:
            self._say_file(lesson_text("link_refused", reason=exc.localized(self.lang)), False)
            return None
        return self.add_lesson(lesson, name)

    def _on_file(self, change: dict) -> None:
        files = change["new"]
        if not files:
            return
        first = files[0] if isinstance(files, (list, tuple)) else next(iter(files.values()), None)
        content = first.get("content", b"") if isinstance(first, dict) else b""
        size = first.get("size", 0) if isinstance(first, dict) else 0
        name = first.get("name", "") if isinstance(first, dict) else ""
        self.file_upload.value = ()
        if not isinstance(size, int) or size > lesson_file_limit() or len(content) > lesson_file_limit():
            self._say_file(lesson_text("file_too_big", limit=_megabytes()), False)
            return
        self.open_file(bytes(content), name if isinstance(name, str) else "")

    def open_file(self, data: bytes | str, name: str = "") -> bool:
        """Open a lesson file's content (what "Open a lesson file" reads): checked by
        `nbgames.load_lesson` for this page's game; a refused file is said why, and the page's
        lessons stay as they were. True if the lesson was opened."""
        from ..teach import LessonError, load_lesson

        if len(data) > lesson_file_limit():
            self._say_file(lesson_text("file_too_big", limit=_megabytes()), False)
            return False
        if isinstance(data, str):
            data = data.encode("utf-8")
        try:
            lesson = load_lesson(bytes(data), game=self.session.game.name)
        except LessonError as exc:
            self._say_file(lesson_text("file_refused", reason=exc.localized(self.lang)), False)
            return False
        return self.add_lesson(lesson, name[:100]) is not None

    def add_lesson(self, lesson: Any, name: str = "") -> int | None:
        """Add a teacher's lesson (`nbgames.teach.Lesson`) to the list and open it; its index."""
        import ipywidgets as widgets

        kit = lesson.lesson(self.lang)
        if not kit.id.startswith(FILE_ID):  # a file's own id never stands for a built-in lesson
            kit.id = FILE_ID + kit.id
        ids = [known.id for known in self.lessons]
        if kit.id in ids:
            index = ids.index(kit.id)
            said = lesson_text("file_again", title=kit.title)
        elif len(self.lessons) >= self._builtin + MAX_FILES:
            self._say_file(lesson_text("file_too_many", limit=MAX_FILES), False)
            return None
        else:
            self.lessons.append(kit)
            index = len(self.lessons) - 1
            item = widgets.Button(description=kit.title, layout=widgets.Layout(width="auto"))
            item.add_class("nbg-lesson-item")
            item.add_class("nbg-lesson-file")
            item.on_click(lambda _b, i=index: self.go(i))
            self.items.append(item)
            self.menu.children = tuple(self.items)
            self.bar.max = len(self.lessons)
            said = lesson_text("file_opened", title=kit.title, name=name or "—")
            if kit.id in self._files_done:  # done on an earlier visit
                self._files_done.discard(kit.id)
                self.completed.add(kit.id)
        self.go(index)
        self._say_file(said, True)  # last: the lesson is shown when this is said
        return index

    def _links(self) -> str:
        """Links to the game's glossary (its words in both languages) and its rules page."""
        from .glossary_page import glossary_path

        game = self.session.game.name
        if glossary_path(game) is None:
            return ""
        return (f"<p class='nbg-lesson-links'><a href='glossary.ipynb?lang={self.lang}' target='_blank'>"
                f"{html.escape(_('Glossary: the words of this game in English and Japanese'))}</a></p>")

    def _on_width(self, change: dict) -> None:
        """A phone-sized page folds the lesson list (the lesson and its board come first)."""
        from .folds import set_open

        if getattr(self.view, "narrow", False):
            set_open(self.menu_fold, False)
            self.menu_fold.layout.flex = "1 1 100%"

    def _on_browser_ready(self, change: dict) -> None:
        """A browser shows the page: bring back the progress it kept (lessons done, the lesson
        and step the learner was at); a damaged record is set aside with a word, never half-used."""
        from ..engine.errors import RecordError
        from .keep import read_lesson_state

        if not change["new"]:
            return
        if self.pagekit.stored:
            ids = [lesson.id for lesson in self.lessons]
            try:
                done, index, step = read_lesson_state(self._without_closed_files(self.pagekit.stored), ids,
                                                      [len(lesson.steps) for lesson in self.lessons])
                if self.assigned and self._linked is None and index not in self.assigned:  # the teacher's first
                    index, step = next((i for i in self.assigned if self.lessons[i].id not in done),
                                       self.assigned[0]), 0
                if self._linked is not None and index != self._linked:  # the link's lesson comes first
                    index, step = self._linked, 0
            except RecordError as exc:
                self.pagekit.set_aside()
                self.feedback.value = f"<i>{_escape(lesson_text('kept_refused', reason=str(exc)))}</i>"
            else:
                self._restore(done, index, step)
        self._keeping = True
        self._keep()

    def _restore(self, done: list[str], index: int, step: int) -> None:
        """Open the lesson and step that kept progress names, with a welcome. A learner who
        already answered right there on this page, before the kept progress came, keeps the
        words said of it: opening the step again would wipe them."""
        self.completed = set(done)
        if self._answered and (index, step) == (self.index, self.session.step_index):
            self._update()
            return
        self._class_restoring = True  # started on an earlier visit
        try:
            self.go(index)
        finally:
            self._class_restoring = False
        for _replayed in range(step):  # the learner's own answers, done again on the fresh game
            if not self.session.done:
                self.session.show_me()
        self._update()
        welcome = ngettext("Welcome back: your progress is restored ({done} lesson done).",
                           "Welcome back: your progress is restored ({done} lessons done).", len(done))
        self.feedback.value = f"<i>{_escape(welcome.format(done=len(done)))}</i>"

    def _without_closed_files(self, text: str) -> str:
        """Kept progress, less what it says of lesson files not open on the page now (a file
        opened by upload is gone after a reload; the built-in lessons' progress stays)."""
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            return text  # read_lesson_state says why
        if not isinstance(data, dict) or not isinstance(data.get("done"), list):
            return text
        ids = {lesson.id for lesson in self.lessons}
        closed = [d for d in data["done"] if isinstance(d, str) and d.startswith(FILE_ID) and d not in ids]
        self._files_done.update(closed[:MAX_KEPT_FILES])  # kept, and ticked when the file is opened again
        data["done"] = [d for d in data["done"] if d not in closed]
        if type(data.get("lesson")) is int and len(self.lessons) <= data["lesson"] < len(self.lessons) + MAX_FILES:
            data["lesson"], data["step"] = 0, 0  # it was a lesson from a file, not open now
        return json.dumps(data)

    def _keep(self) -> None:
        """Keep the learner's progress in their own browser (after every change)."""
        if self._keeping:
            from .keep import lesson_state

            step = len(self.session.lesson.steps) if self.session.done else self.session.step_index
            self.pagekit.store(lesson_state(sorted(self.completed | self._files_done), self.index, step))

    # -- navigation ------------------------------------------------------------------------
    def _session(self, index: int) -> LessonSession:
        if index not in self._sessions:
            self._sessions[index] = LessonSession(self.lessons[index])
        return self._sessions[index]

    def go(self, index: int) -> None:
        """Open another lesson (its progress so far is kept)."""
        if not 0 <= index < len(self.lessons):
            return
        self.index = index
        self.session = self._session(index)
        if not self._class_restoring:
            self._class_start()
        self.feedback_verdict = None
        self._shown = False
        if hasattr(self.view, "seat"):
            self.view.seat = self.lessons[index].seat
        self._show_lesson()

    def reset(self) -> None:
        """Start the current lesson again from its first step."""
        self.session.reset()
        self._step_clock = (-1, -1, -1, 0.0)  # its first step is shown anew
        self._shown = False
        self.feedback_verdict = None
        self._update()
        self.feedback.value = f"<i>{lesson_text('reset_done')}</i>"

    def retry(self) -> None:
        """Clear a wrong answer's feedback (a wrong answer never changed the game)."""
        self.feedback_verdict = None
        self._shown = False
        self._update()
        self.feedback.value = f"<i>{lesson_text('retry_text')}</i>"

    # -- answers ---------------------------------------------------------------------------
    def answer(self, value: Answer) -> Verdict:
        """Submit an answer to the current step (what the buttons and the board call)."""
        showed, step, was_done, seconds = self._shown, self.session.step_index, self.session.done, self._step_seconds()
        self._shown, self._answered = False, True
        verdict = self.session.submit(value)
        if not was_done:
            self._class_answered(step, verdict.ok, value, seconds, showed)
        self._after(verdict, was_done)
        return verdict

    def show_me(self) -> Verdict:
        """Show the current step's answer — marked on the board or on its button, and why — and
        let the learner make it. Pressed again on the same step, it does it for them."""
        if self._shown and self.session.step is not None:
            return self.do_it()
        expected = self.session.expected()
        verdict = self.session.explain()
        self._shown = True
        self.feedback_verdict = verdict
        self._update()
        how = self._mark_answer(expected)
        self.feedback_verdict = Verdict(verdict.ok, verdict.rule, f"{how} {verdict.text}".strip())
        self._render_feedback()
        self.show_button.description = lesson_text("do_it")
        return self.feedback_verdict

    def do_it(self) -> Verdict:
        """Make the current step's expected answer for the learner (the second "Show me")."""
        step, was_done, seconds, expected = (self.session.step_index, self.session.done, self._step_seconds(),
                                             self.session.expected())
        verdict = self.session.show_me()
        self._shown = False
        if not was_done:
            self._class_answered(step, verdict.ok, expected, seconds, True)
        self._after(verdict, was_done)
        return verdict

    # -- the class's progress (nbgames.classroom; nothing happens outside a class server) ----
    def _class_start(self) -> None:
        lesson = self.lessons[self.index].id
        if lesson not in self._class_started:
            self._class_started.add(lesson)
            self.class_progress.lesson_started(lesson)

    def _step_seconds(self) -> float:
        """Seconds since the current step was shown."""
        index, session, step, since = self._step_clock
        if (index, id(self.session), self.session.step_index) != (self.index, session, step):
            return 0.0
        return time.monotonic() - since

    def _class_answered(self, step: int, right: bool, value: Answer, seconds: float, showed: bool) -> None:
        self._class_start()  # the lesson the page opened on was never "gone to"
        self.class_progress.step_answered(self.lessons[self.index].id, step, right, str(value), seconds, showed=showed)

    def _mark_answer(self, expected: Answer) -> str:
        """Mark where the expected answer is given (a square, a control, a choice button) and
        say so in words."""
        view = self.view
        for button in self.choices.children:
            if getattr(button, "_nbg_value", None) == str(expected):
                button.button_style = "warning"
                button.add_class("nbg-lesson-shown")
                return lesson_text("shown_choice", label=button.description)
        action = expected if isinstance(expected, Action) else None
        if action is None and self.session.board_active:
            try:
                action = self.session.game.parse(expected)
            except (IllegalAction, TypeError):
                action = None
        how = view.how_to_play(action) if action is not None and hasattr(view, "how_to_play") else None
        if how is None and self.session.step is not None and not self.session.step.plays:
            square = _square_name(expected)  # a question answered by naming a square
            how = ([square], t("lesson.show_target", target=t("label.square", target=square))) if square else None
        if how is not None:
            targets, words = how
            view.highlight(targets, kind="shown")
            return words
        return lesson_text("shown_typed", move=str(expected))

    def _on_board(self, action: Any) -> None:
        if self.session.board_active:
            self.answer(action)

    def _on_typed(self) -> None:
        text = self.move_box.value.strip()
        if text and self.session.step is not None:
            self.move_box.value = ""
            self.answer(text)

    def _on_view_status(self, change: dict) -> None:
        """The board explains a refused click in its status label; repeat it as lesson feedback."""
        prefix = t("status.illegal", rule="\0", reason="").split("\0")[0]
        text = change.get("new") or ""
        if not (self.session.board_active and prefix and text.startswith(prefix)):
            return
        match = re.match(r"(?P<rule>[^)]*)\): (?P<reason>.*)", text[len(prefix):], re.S)
        if match:
            self.feedback_verdict = Verdict(False, match["rule"], match["reason"])
            self._render_feedback()
            if self.session.step is not None:  # a move the board refused is a wrong answer too
                said = f"{match['rule']}: {match['reason']}"
                if self._clicked:  # where: the teacher page marks it on the step's board
                    said = f"{self._clicked} — {said}"
                self._class_answered(self.session.step_index, False, said[:MAX_ANSWER], self._step_seconds(),
                                     self._shown)

    def _after(self, verdict: Verdict, was_done: bool = True) -> None:
        self.feedback_verdict = verdict
        if self.session.done:
            self.completed.add(self.lessons[self.index].id)
            if not was_done:
                self.class_progress.lesson_finished(self.lessons[self.index].id)
        self._update()

    # -- drawing ---------------------------------------------------------------------------
    def _show_lesson(self) -> None:
        lesson = self.lessons[self.index]
        self.title.value = f"<h3>{self.index + 1}. {_escape(lesson.title)}</h3>"
        self.intro.value = markdown_lite(lesson.intro)
        self._update()

    def _step_seat(self) -> int | None:
        return step_seat(self.lessons[self.index], self.session)

    def _update(self) -> None:
        self._keep()  # first: the browser keeps the progress before any message shows it
        session, view = self.session, self.view
        if self._step_clock[:3] != (self.index, id(session), session.step_index):  # a new step is shown
            self._step_clock = (self.index, id(session), session.step_index, time.monotonic())
        # Whether the board answers this step first: the status line the refresh writes says it
        # (a question's "look at the board", a move's "your turn"), never the last step's words.
        view.interactive = session.board_active
        if hasattr(view, "seat"):
            view.seat = self._step_seat()
        if view.game is not session.game:
            view.set_game(session.game)
        else:
            view.refresh()
        view.highlight(session.highlights(), kind="hint")
        view.highlight([], kind="shown")
        n, total = self.index + 1, len(self.lessons)
        if session.done:
            self.step_label.value = f"<small>{lesson_text('finished', n=n, total=total)}</small>"
        else:
            self.step_label.value = "<small>" + lesson_text(
                "step", n=n, total=total, step=session.step_index + 1,
                steps=len(session.lesson.steps)) + "</small>"
        self.prompt.value = markdown_lite(session.prompt)
        self._render_choices()
        self._render_feedback()
        done = len(self.completed)
        self.progress.value = f"<b>{lesson_text('progress', done=done, total=total)}</b>"
        if done == total:
            self.progress.value += f" — {lesson_text('all_done')}"
        self.bar.value = done
        for i, (item, lesson) in enumerate(zip(self.items, self.lessons, strict=True)):
            mark = "✓ " if lesson.id in self.completed else ""
            item.description = f"{mark}{i + 1}. {lesson.title}"
            item.button_style = "info" if i == self.index else ""
        for i, item in zip(self.assigned, self.assigned_items, strict=True):
            lesson = self.lessons[i]
            item.description = f"{'✓ ' if lesson.id in self.completed else ''}{i + 1}. {lesson.title}"
            item.button_style = "info" if i == self.index else ""
        if not self._shown:
            self.show_button.description = lesson_text("show_me")
        self.show_button.disabled = session.done
        self.retry_button.disabled = session.done
        self.prev_button.disabled = self.index == 0
        self.next_button.disabled = self.index == total - 1
        self.next_button.button_style = "success" if session.done and self.index < total - 1 else ""
        self.typed_row.layout.display = "" if session.board_active else "none"

    def _render_choices(self) -> None:
        """The current question's answer buttons: made once per question (not on every update,
        which left a click landing on a button being replaced lost), the old ones closed."""
        import ipywidgets as widgets

        session, step = self.session, self.session.step_index
        key = (id(session), step, self._shown, tuple((c.label, str(c.value)) for c in session.choices))
        if key == self._choices_key:
            return
        self._choices_key = key
        buttons = []
        for choice in session.choices:
            b = widgets.Button(description=choice.label, layout=widgets.Layout(width="auto"))
            b.add_class("nbg-lesson-choice")
            b._nbg_value = str(choice.value)
            b.on_click(lambda _b, v=choice.value: self._answer_choice(session, step, v))
            buttons.append(b)
        replace_children(self.choices, buttons)

    def _answer_choice(self, session: LessonSession, step: int, value: Answer) -> None:
        """A choice button pressed: it answers only the question it was made for (a press that
        reaches the kernel after the page moved on to another question changes nothing)."""
        if self.session is session and session.step_index == step and not session.done:
            self.answer(value)

    def _render_feedback(self) -> None:
        verdict = self.feedback_verdict
        if verdict is None:
            self.feedback.value = ""
            return
        word = lesson_text("shown" if self._shown else ("right" if verdict.ok else "wrong"))
        if verdict.word and not self._shown:
            word = _escape(verdict.word)
        colour = "#1b7837" if verdict.ok else "#b2182b"
        from .rules_panel import linked_html  # a rule id opens its rule beside the board

        rule = f" ({linked_html(verdict.rule, self.lang)})" if verdict.rule else ""
        text = without_right(verdict.text) if verdict.ok and not self._shown else verdict.text
        self.feedback.value = (f"<div style='border-left:4px solid {colour};padding:4px 8px'>"
                               f"<b>{word}</b>{rule}: {_inline(text)}</div>")

    @property
    def feedback_text(self) -> str:
        """The feedback as plain text (for tests and screen readers)."""
        return "" if self.feedback_verdict is None else str(self.feedback_verdict)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


def _escape(text: str) -> str:
    return html.escape(text)


def _square_name(answer: Any) -> str | None:
    """A two-character square name an answer points at ("F5", "**@F5" -> "F5"), if any."""
    text = str(answer) if answer is not None else ""
    tail = text.rpartition("@")[2].split("/")[0]
    if len(tail) == 2 and tail[0].isalpha() and tail[1].isdigit():
        return tail.upper()
    return None
