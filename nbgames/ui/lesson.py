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

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.action import Action
from ..engine.errors import IllegalAction
from ..engine.game import Game

Answer = Any  # an Action, a move notation, a square name, or a choice value


@dataclass(frozen=True)
class Verdict:
    """The judgement of one answer: right or not, the rule it rests on, and why (plain words)."""

    ok: bool
    rule: str
    text: str

    def __str__(self) -> str:
        return f"{'Right' if self.ok else 'Not quite'} ({self.rule}): {self.text}"


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
            verdict = Verdict(False, "", "This lesson is finished: press Reset to do it again, or go on.")
            self.last = verdict
            return verdict
        try:
            verdict = step.judge(self.game, answer)
        except IllegalAction as exc:  # a judge may let the engine speak for itself
            verdict = Verdict(False, exc.rule, exc.reason)
        if verdict.ok:
            text = verdict.text
            if step.plays:
                self.game.play(answer)
                if step.follow is not None:
                    text = f"{text} {step.follow(self.game)}".strip()
            verdict = Verdict(True, verdict.rule, text)
            self._advance()
        self.last = verdict
        return verdict

    def show_me(self) -> Verdict:
        """Submit the expected answer of the current step (the "show me" button)."""
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


def judge_move(game: Game, answer: Answer) -> Action | Verdict:
    """The legal action an answer names, or the engine's refusal (rule id and reason) as a Verdict.

    The game is left unchanged either way (the refusal is asked of a copy)."""
    try:
        action = game.parse(answer)
    except IllegalAction as exc:
        return Verdict(False, exc.rule, exc.reason)
    if game.is_legal(action):
        return action
    try:
        game.clone().play(action)
    except IllegalAction as exc:
        return Verdict(False, exc.rule, exc.reason)
    return action  # pragma: no cover - is_legal and play agree
