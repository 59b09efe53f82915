"""Teachers make their own lessons: board widgets for any notebook, checked steps, lesson files.

Everything here is public (``nbgames.board``, ``nbgames.ask_move`` …, see docs/teaching.md):

- `board(game_or_record, ply=None, seat=None, interactive=False)`: the game's real board (the
  view class the play page uses, named by the game's manifest) showing a game, a saved record at
  any ply, or a position built with the game's ``position`` option.
- `ask_move`, `ask_choice`, `show_moves`: the three kinds of step. `Lesson(title, steps, game,
  lang)` runs them in the kit's `LessonRunner`, the same runner as the built-in lessons. A step
  alone, as a cell's last line, shows as a one-step lesson.
- Lesson files: `Lesson.to_dict()` / `Lesson.to_file(path)` and `load_lesson(path_or_dict)`; the
  format is `nbgames/lesson_schema.json` (version 1). Loading validates everything — the game, the
  positions (replayed through the rules), every move at its step, every rule id, the texts — and
  runs nothing: no eval, no pickle, no names imported from the file; a judge in a file is one of
  a small menu of kinds, never code. Anything wrong raises `LessonError` naming the step.

Positions are records (`Game.to_record()`): a game in progress is kept without its seed, and the
cards nobody has seen are dealt from a fixed seed (`LESSON_SEED`), so a lesson is the same every
time it is opened.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .engine.action import Action
from .engine.errors import IllegalAction, RecordError
from .engine.game import Game, from_record
from .engine.registry import available_games, manifest
from .i18n import LANGUAGES, N_, Msg, current, gettext, localize, msg

__all__ = ["AskChoice", "AskMove", "AskSquare", "Board", "Lesson", "LessonError", "ShowMoves", "ask_choice",
           "ask_move", "ask_square", "board", "load_lesson", "show_moves"]

LESSON_FORMAT = "nbgames-lesson"
LESSON_VERSION = 1
LESSON_SEED = 2026  # the deal of cards nobody has seen in a lesson's positions (the same each time)
MAX_LESSON_BYTES = 2_000_000
MAX_DEPTH = 16  # JSON nesting (a record with a set position needs about 8)
MAX_NODES = 200_000
MAX_STEPS = 100
MAX_POSITIONS = 100
MAX_TEXT = 4000
MAX_MOVES = 60  # moves in one step (a list to accept, a replay)
MAX_OPTIONS = 8
MAX_POSITION_MOVES = 2000  # moves in the records of one lesson, all together (each is replayed)
MAX_BEST_SCORE = 10  # "best score" steps in one lesson (each previews every legal move)
MAX_HIGHLIGHT = 64  # squares marked by one step
MAX_RULES = 40
JUDGES = ("any of", "not", "kind", "best score")
TOP_KEYS = {"format", "version", "game", "id", "title", "intro", "summary", "seat", "rules", "positions", "steps"}
TOP_REQUIRED = {"format", "version", "game", "title", "steps"}
STEP_KEYS = {
    "move": ({"type", "accept"}, {"position", "prompt", "right", "wrong", "rule", "show", "highlight", "buttons"}),
    "choice": ({"type", "prompt", "options"}, {"position", "right", "wrong", "rule", "highlight"}),
    "moves": ({"type", "moves"}, {"position", "prompt", "notes", "rule"}),
}
# Made in a notebook only: Python functions (a prompt or a highlight computed from the game, words
# said after a move) and questions answered by clicking a square. A lesson file holds none of them.
CODE_STEP_KEYS = {
    "move": ({"type", "accept"}, STEP_KEYS["move"][1] | {"after"}),
    "choice": STEP_KEYS["choice"],
    "moves": STEP_KEYS["moves"],
    "square": ({"type", "squares"}, {"position", "prompt", "right", "wrong", "rule", "highlight"}),
}
NAME = re.compile(r"^[A-Za-z0-9_.-]{1,40}$")
SQUARE = re.compile(r"^[A-Za-z]{1,2}[0-9]{1,2}$")  # a square's name on the board ("F5")
HTML_TAG = re.compile(r"<[/!?]?[A-Za-z]|&#|&[A-Za-z]+;")
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")

Text = str | Mapping[str, str]
Position = Game | Mapping[str, Any] | str | None
Judge = Callable[[Game, Action], Any]
Highlight = Sequence[str] | Callable[[Game], Sequence[str]] | None


class LessonError(ValueError):
    """A lesson that cannot be used: `step` (1-based, None for the lesson as a whole) and the
    `reason` in plain words. ``str(error)`` reads "step 2: …" in English; `localized(lang)` in
    the page's language."""

    def __init__(self, reason: str, step: int | None = None):
        self.reason = reason
        self.step = step
        super().__init__(self.localized("en"))

    def localized(self, lang: str | None = None) -> str:
        reason = localize(self.reason, lang)
        if self.step is None:
            return reason
        return gettext(N_("step {n}: {reason}"), lang).format(n=self.step, reason=reason)


# -- texts -----------------------------------------------------------------------------------
def text_in(text: Text | None, lang: str | None = None) -> str:
    """A lesson text in `lang` ({"en": …, "ja": …} or one string for every language)."""
    if text is None:
        return ""
    if isinstance(text, str):
        return text
    lang = lang or current()
    return text.get(lang) or text.get("en") or next(iter(text.values()), "")


def _check_text(value: Any, where: str, step: int | None, required: bool = False) -> Any:
    """A text of a lesson: one string, or {language: string}; plain words only."""
    if value is None and not required:
        return None
    if isinstance(value, str):
        texts = {"": value}
    elif isinstance(value, dict) and value and all(isinstance(k, str) for k in value):
        unknown = sorted(k for k in value if k not in LANGUAGES)
        if unknown:
            raise LessonError(msg("the {where} names a language this package does not know ({lang}); use {known}",
                        where=where, lang=unknown[0][:10], known=", ".join(LANGUAGES)), step)
        texts = value
    else:
        raise LessonError(msg("the {where} must be text, or text per language like {example}", where=where,
                              example='{"en": "…", "ja": "…"}'), step)
    for text in texts.values():
        if not isinstance(text, str):
            raise LessonError(msg("the {where} must be text, or text per language like {example}", where=where,
                                  example='{"en": "…", "ja": "…"}'), step)
        if required and not text.strip():
            raise LessonError(msg("the {where} is empty", where=where), step)
        if len(text) > MAX_TEXT:
            raise LessonError(msg("the {where} is too long ({count} characters; at most {limit})", where=where,
                        count=len(text), limit=MAX_TEXT), step)
        if CONTROL.search(text):
            raise LessonError(msg("the {where} holds control characters", where=where), step)
        found = HTML_TAG.search(text)
        if found:
            raise LessonError(msg("the {where} holds HTML ({tag}…): lesson texts are plain words (use **bold** "
                        "and *italics*), and they are always shown as written, never as HTML", where=where,
                        tag=text[found.start():found.start() + 12]), step)
    return value if isinstance(value, str) else dict(value)


# -- positions --------------------------------------------------------------------------------
def _record_of(position: Position, ply: int | None = None) -> dict[str, Any] | None:
    """A position as a record (JSON): a Game, a record (dict or JSON text), or None (continue)."""
    if position is None:
        return None
    if isinstance(position, Game):
        game = position
        if ply is not None:
            game = position.clone()
            game.goto(ply)
        return game.to_record()
    if isinstance(position, (str, bytes)):
        try:
            position = json.loads(position)
        except (ValueError, RecursionError):
            raise LessonError(msg("a position must be a game or a saved record (JSON)")) from None
    if not isinstance(position, Mapping):
        raise LessonError(msg("a position must be a game or a saved record (JSON)"))
    return json.loads(json.dumps(dict(position)))


def game_at(record: Mapping[str, Any], ply: int | None = None) -> Game:
    """The game a position record stands for, deterministic: unseen cards from `LESSON_SEED`."""
    game = from_record(dict(record), seed=LESSON_SEED)
    if ply is not None:
        game.goto(ply)
    return game


# -- the board ----------------------------------------------------------------------------------
class Board:
    """A game's real board in a notebook cell (display it, or use `.widget`). `game` is the game
    it shows; with ``interactive=True`` a click plays the move on that game."""

    def __init__(self, game: Game, seat: int | None = None, interactive: bool = False, lang: str | None = None):
        from .ui.language import page_language

        page_language(lang)
        self.game = game
        self.view = game.manifest.view_class()(game, seat=seat)
        self.view.interactive = bool(interactive)
        self.view.refresh()  # the status line and the marks say whether the board takes a move
        if interactive:
            self.view.on_choose(self._play)

    def _play(self, action: Action) -> None:
        self.game.play(action)
        self.view.refresh()

    @property
    def widget(self) -> Any:
        return self.view.widget

    def refresh(self) -> None:
        """Draw the game again (after playing on it from Python)."""
        self.view.refresh()

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        return self.widget._repr_mimebundle_(include=include, exclude=exclude)


def board(game_or_record: Game | Mapping[str, Any] | str, ply: int | None = None, seat: int | None = None,
          interactive: bool = False, lang: str | None = None) -> Board:
    """The game's real board showing a game, a saved record (dict or JSON text) at any `ply`
    (moves from the start; None: where it is), or a position (a game made with the game's
    ``position`` option). `seat`: whose hand is shown (None: the seat to move). A game is shown
    as it is (not copied) unless `ply` asks for an earlier position."""
    if isinstance(game_or_record, Game):
        game = game_or_record
        if ply is not None:
            game = game.clone()
            game.goto(ply)
    else:
        record = _record_of(game_or_record)
        try:
            game = game_at(record, ply)
        except RecordError as exc:
            raise LessonError(msg("this record cannot be shown: {reason}", reason=localize(str(exc)))) from None
        except IllegalAction as exc:
            raise LessonError(msg("this record cannot be shown: {reason}", reason=str(exc))) from None
    return Board(game, seat=seat, interactive=interactive, lang=lang)


# -- steps --------------------------------------------------------------------------------------
def _canonical_accept(accept: Any) -> dict[str, Any] | Judge:
    """`accept` as written in a lesson file: {"judge": kind, …}; a function stays a function."""
    if callable(accept):
        return accept
    if isinstance(accept, (str, Action)):
        text = str(accept).strip()
        if text == "best score":
            return {"judge": "best score"}
        if text.startswith("kind:"):
            return {"judge": "kind", "kind": text[5:].strip()}
        return {"judge": "any of", "moves": [text]}
    if isinstance(accept, (list, tuple)):
        return {"judge": "any of", "moves": [str(m) for m in accept]}
    if isinstance(accept, Mapping):
        if "judge" in accept:
            return json.loads(json.dumps(dict(accept)))
        if len(accept) == 1:
            (kind, value), = accept.items()
            if kind in ("any of", "not") and isinstance(value, (list, tuple)):
                return {"judge": kind, "moves": [str(m) for m in value]}
            if kind == "kind":
                return {"judge": "kind", "kind": value}
    raise LessonError(msg("accept must be a move, a list of moves, \"kind:<kind>\", \"best score\", "
                          "{example} or a function", example='{"not": [...]}'))


@dataclass
class AskMove:
    """A step: make a move on the board. See `ask_move`."""

    position: dict[str, Any] | None
    accept: dict[str, Any] | Judge
    prompt: Text = ""
    right: Text = ""
    wrong: Text = ""
    rule: str = ""
    show: str | None = None
    highlight: Highlight = None
    buttons: list[dict[str, Any]] = field(default_factory=list)
    after: Callable[[Game], str] | None = None

    def to_dict(self, position: str | None = None) -> dict[str, Any]:
        if callable(self.accept):
            raise LessonError(msg("a judge written in Python cannot be saved in a lesson file: use one of the "
                                  "judge kinds ({kinds})", kinds=", ".join(JUDGES)))
        _no_code(self)
        out: dict[str, Any] = {"type": "move"}
        if position is not None:
            out["position"] = position
        if self.prompt:
            out["prompt"] = self.prompt
        out["accept"] = self.accept
        for key in ("right", "wrong", "rule", "show", "highlight", "buttons"):
            if getattr(self, key):
                out[key] = getattr(self, key)
        return out

    def _ipython_display_(self) -> None:
        Lesson(gettext(N_("Find the move")), [self])._ipython_display_()


@dataclass
class AskChoice:
    """A step: a question answered with a button. See `ask_choice`."""

    prompt: Text
    options: list[dict[str, Any]]
    position: dict[str, Any] | None = None
    right: Text = ""
    wrong: Text = ""
    rule: str = ""
    highlight: Highlight = None

    def to_dict(self, position: str | None = None) -> dict[str, Any]:
        _no_code(self)
        out: dict[str, Any] = {"type": "choice"}
        if position is not None:
            out["position"] = position
        out.update(prompt=self.prompt, options=self.options)
        for key in ("right", "wrong", "rule", "highlight"):
            if getattr(self, key):
                out[key] = getattr(self, key)
        return out

    def _ipython_display_(self) -> None:
        Lesson(gettext(N_("A question")), [self])._ipython_display_()


@dataclass
class ShowMoves:
    """A step: a short replay, one move at a time, a comment on each. See `show_moves`."""

    position: dict[str, Any] | None
    moves: list[str]
    notes: list[Text | None] = field(default_factory=list)
    prompt: Text = ""
    rule: str = ""

    def to_dict(self, position: str | None = None) -> dict[str, Any]:
        _no_code(self)
        out: dict[str, Any] = {"type": "moves"}
        if position is not None:
            out["position"] = position
        if self.prompt:
            out["prompt"] = self.prompt
        out["moves"] = list(self.moves)
        if any(self.notes):
            out["notes"] = list(self.notes)
        if self.rule:
            out["rule"] = self.rule
        return out

    def _ipython_display_(self) -> None:
        Lesson(gettext(N_("Watch these moves")), [self])._ipython_display_()


@dataclass
class AskSquare:
    """A step: click a square on the board (nothing is played). See `ask_square`."""

    position: dict[str, Any] | None
    squares: list[str]
    prompt: Text | Callable[[Game], str] = ""
    right: Text = ""
    wrong: Text | Callable[[Game, str], str] = ""
    rule: str = ""
    highlight: Highlight = None

    def to_dict(self, position: str | None = None) -> dict[str, Any]:
        raise LessonError(msg("a question answered by clicking a square is made in a notebook (ask_square): a "
                              "lesson file cannot hold one yet"))

    def _code_dict(self, position: str | None) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "square"}
        if position is not None:
            out["position"] = position
        out["squares"] = list(self.squares)
        for key in ("prompt", "right", "wrong", "rule", "highlight"):
            if getattr(self, key):
                out[key] = getattr(self, key)
        return out

    def _ipython_display_(self) -> None:
        Lesson(gettext(N_("A question")), [self])._ipython_display_()


TeachStep = AskMove | AskChoice | ShowMoves | AskSquare


def _no_code(step: Any) -> None:
    """A step with a Python function in it (a computed prompt or highlight, words after a move)
    cannot be written to a lesson file."""
    for key in ("prompt", "highlight", "after"):
        if callable(getattr(step, key, None)):
            raise LessonError(msg("the {where} of this step is a Python function: a lesson file holds only texts "
                                  "and data (write it out, or keep the lesson in its notebook)", where=key))


def _highlight(highlight: Any) -> Any:
    if highlight is None or callable(highlight):
        return highlight
    if isinstance(highlight, str):
        return [highlight]
    return [str(s) for s in highlight]


def _buttons(buttons: Sequence[Any]) -> list[dict[str, Any]]:
    out = []
    for button in buttons or ():
        if isinstance(button, Mapping):
            out.append(dict(button))
        else:
            item = {"label": button[0], "value": str(button[1])}
            if len(button) > 2 and button[2]:
                item["text"] = button[2]
            out.append(item)
    return out


def ask_move(position: Position, accept: Any, right: Text = "", wrong: Text = "", rule: str = "",
             prompt: Text | Callable[[Game], str] = "", show: str | None = None, ply: int | None = None,
             highlight: Highlight = None, buttons: Sequence[Any] = (),
             after: Callable[[Game], str] | None = None) -> AskMove:
    """A step where the learner makes a move on the board.

    `position`: a Game, a saved record (dict or JSON), or None to go on from the step before.
    `accept`: one move ("F5"), a list of moves (any of them), ``"kind:<action kind>"`` (any legal
    move of that kind), ``"best score"`` (any move whose score after it, by the game's own
    preview, is the best the mover can reach), ``{"not": [moves]}`` (any legal move but these) or
    a function ``(game, action) -> Verdict or bool`` (notebooks only; a file holds no code).
    `right` / `wrong`: what to say; an illegal move is explained by the engine's own refusal and
    rule id, then `wrong`. `rule`: the rule id the step teaches. `show`: the move "Show me" makes
    (default: the first the judge accepts). Wrong answers change nothing.

    `highlight`: squares to mark on the board while the step is shown (["F3", "F4"]; in a
    notebook also a function of the game). `buttons`: buttons below the board, each (label,
    value) or (label, value, what to say): a value that is a legal move is judged as that move;
    any other value is a wrong answer said with its text (a tempting non-move such as "pass").
    In a notebook only: `prompt` may be a function of the game (live numbers), and `after` a
    function of the game after the right move, whose words follow the right answer's (what was
    drawn, what the log says).
    """
    step = AskMove(_record_of(position, ply), _canonical_accept(accept), prompt, right, wrong, rule, show,
                   _highlight(highlight), _buttons(buttons), after)
    _check_python_step(step)
    return step


def ask_choice(question: Text | Callable[[Game], str], options: Sequence[Any], rule: str = "", answer: Any = None,
               right: Text = "", wrong: Text = "", position: Position = None, ply: int | None = None,
               highlight: Highlight = None) -> AskChoice:
    """A step with a question and buttons. `options`: labels (mark the right one(s) with
    `answer`, a label or a list of labels), or (label, right?, what to say) tuples, or dicts
    {"label", "right", "text", "value"} (`value`: a short name a Python user may answer with
    instead of the label, e.g. "blue" for "The blue player"). `right` / `wrong`: what to say
    when no option says it itself. `highlight`: squares to mark on the board (see `ask_move`);
    in a notebook the question may be a function of the game."""
    answers = [answer] if isinstance(answer, (str, dict)) else list(answer or [])
    out = []
    for option in options:
        if isinstance(option, Mapping):
            item = dict(option)
        elif isinstance(option, (tuple, list)):
            item = {"label": option[0], "right": bool(option[1]) if len(option) > 1 else False}
            if len(option) > 2 and option[2]:
                item["text"] = option[2]
        else:
            item = {"label": option, "right": option in answers}
        out.append(item)
    step = AskChoice(question, out, _record_of(position, ply), right, wrong, rule, _highlight(highlight))
    _check_python_step(step)
    return step


def show_moves(position: Position, moves: Sequence[Any], notes: Sequence[Text | None] = (), rule: str = "",
               prompt: Text = "", ply: int | None = None) -> ShowMoves:
    """A short replay: the learner presses "Next move" and each move is played with its note
    (`notes`, one per move, None or "" for none) — a move the position does not allow is refused
    when the lesson is made."""
    step = ShowMoves(_record_of(position, ply), [str(m) for m in moves], list(notes), prompt, rule)
    _check_python_step(step)
    return step


def ask_square(question: Text | Callable[[Game], str], squares: str | Sequence[str], right: Text = "",
               wrong: Text | Callable[[Game, str], str] = "", rule: str = "", position: Position = None,
               ply: int | None = None, highlight: Highlight = None) -> AskSquare:
    """A question answered by clicking a square on the board ("click the square that would cost
    4 chips"): nothing is played. `squares`: the right square(s) by name ("F2"); "Show me" marks
    the first. `wrong`: what to say, or a function (game, clicked square's name) -> text that
    explains that square. Made in a notebook; a lesson file cannot hold one yet."""
    names = [squares] if isinstance(squares, str) else [str(s) for s in squares]
    step = AskSquare(_record_of(position, ply), names, question, right, wrong, rule, _highlight(highlight))
    _check_python_step(step)
    return step


def _check_python_step(step: TeachStep) -> None:
    """A step made in Python is checked at once when it has its own position (else when it
    joins a lesson)."""
    if step.position is not None:
        Lesson(gettext(N_("A question")), [step])


def _code_dict(step: TeachStep, position: str | None) -> dict[str, Any]:
    """A step as `_check_lesson` and `_build` read it in a notebook: the file form, and the Python
    functions a file cannot hold (a judge, a computed prompt or highlight, words after a move)."""
    if isinstance(step, AskSquare):
        return step._code_dict(position)
    if isinstance(step, AskMove):
        plain = AskMove(step.position, {}, "", step.right, step.wrong, step.rule, step.show,
                        None if callable(step.highlight) else step.highlight, step.buttons)
        data = plain.to_dict(position)
        data["accept"] = step.accept
        if step.after is not None:
            data["after"] = step.after
    elif isinstance(step, AskChoice):
        data = AskChoice("", step.options, step.position, step.right, step.wrong, step.rule,
                         None if callable(step.highlight) else step.highlight).to_dict(position)
    else:
        data = ShowMoves(step.position, step.moves, step.notes, "", step.rule).to_dict(position)
    for key in ("prompt", "highlight"):
        value = getattr(step, key, None)
        if value:
            data[key] = value
        else:
            data.pop(key, None)
    return data


# -- lessons ------------------------------------------------------------------------------------
class Lesson:
    """A lesson made of `ask_move` / `ask_choice` / `show_moves` steps, run by the same lesson
    runner as the built-in lessons (display it as a cell's last line, or `.runner()`).

    `game`: the game's name (a lesson for another game is refused), or left out to take it from
    the first step's position. `lang`: the language of the page (None: the page's own). `seat`:
    whose hand the board shows (default: the seat to move at the first position). `id`: a fixed
    name for the lesson (letters, digits, '-', '_', '.'), under which each browser keeps its
    progress, so a lesson whose words you edit keeps its learners' progress (default: made from
    the lesson's content). `rules`: the rule ids the lesson teaches (default: its steps' rules).
    """

    def __init__(self, title: Text, steps: Iterable[TeachStep], game: str | None = None, lang: str | None = None,
                 intro: Text = "", summary: Text = "", seat: int | None = None, id: str | None = None,
                 rules: Sequence[str] | None = None):
        self.title, self.intro, self.summary, self.lang = title, intro, summary, lang
        self.fixed_id = id
        self.rules_taught = None if rules is None else list(rules)
        self.steps: list[TeachStep] = list(steps)
        for index, step in enumerate(self.steps, 1):
            if not isinstance(step, (AskMove, AskChoice, ShowMoves, AskSquare)):
                raise LessonError(msg("a step is made with ask_move, ask_choice or show_moves, not {what}",
                                      what=type(step).__name__), index)  # (or ask_square, in a notebook)
        first = next((s.position for s in self.steps if s.position is not None), None)
        self.game = game or (first or {}).get("game")
        if not isinstance(self.game, str):
            raise LessonError(msg("the first step needs a position (a game or a saved record)"), 1)
        self.seat = seat
        self._checked = _check_lesson(self._data(allow_code=True), allow_code=True)

    # -- the file form --------------------------------------------------------------------
    def _data(self, allow_code: bool = False) -> dict[str, Any]:
        names: dict[str, str] = {}
        positions: dict[str, Any] = {}
        steps = []
        for step in self.steps:
            name = None
            if step.position is not None:
                key = json.dumps(step.position, sort_keys=True)
                if key not in names:
                    names[key] = f"p{len(names) + 1}"
                    positions[names[key]] = step.position
                name = names[key]
            if allow_code:
                data = _code_dict(step, name)
            else:
                data = step.to_dict(name)
            steps.append(data)
        out: dict[str, Any] = {"format": LESSON_FORMAT, "version": LESSON_VERSION, "game": self.game}
        if self.fixed_id is not None:
            out["id"] = self.fixed_id
        out["title"] = self.title
        if self.rules_taught is not None:
            out["rules"] = self.rules_taught
        if self.intro:
            out["intro"] = self.intro
        if self.summary:
            out["summary"] = self.summary
        if self.seat is not None:
            out["seat"] = self.seat
        out["positions"] = positions
        out["steps"] = steps
        return out

    def to_dict(self) -> dict[str, Any]:
        """The lesson file's JSON (a `LessonError` if a step's judge is Python code)."""
        for index, step in enumerate(self.steps, 1):
            try:
                step.to_dict()
            except LessonError as exc:
                raise LessonError(exc.reason, index) from None
        return json.loads(json.dumps(self._data()))

    def to_file(self, path: str | os.PathLike) -> None:
        """Write the lesson file (UTF-8 JSON) that `load_lesson` and ``nbgames lesson check`` read.

        Whole or not at all (a learn page reading it meanwhile never sees half a file), and not
        again when the file already says the same (a served tutorial run by every visitor)."""
        text = json.dumps(self.to_dict(), ensure_ascii=False, indent=1) + "\n"
        path = Path(path)
        try:
            if path.read_text(encoding="utf-8") == text:
                return
        except (OSError, UnicodeDecodeError):
            pass
        fd, partial = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
            os.replace(partial, path)
        except BaseException:
            Path(partial).unlink(missing_ok=True)
            raise

    @property
    def id(self) -> str:
        """The lesson's `id` when it has one, else a short id of its content (where a browser
        keeps its progress)."""
        if self.fixed_id is not None:
            return self.fixed_id
        blob = json.dumps(self._data(allow_code=True), sort_keys=True,
                          default=lambda f: getattr(f, "__qualname__", "code"))
        return "lesson-" + hashlib.sha256(blob.encode()).hexdigest()[:12]

    def summary_line(self) -> str:
        """One line for the shell: the game, the title, the steps by kind."""
        kinds = [s.__class__.__name__ for s in self.steps]

        def count(n: int, word: str) -> str:
            return f"{n} {word}{'' if n == 1 else 's'}"

        parts = [count(kinds.count(k), w) for k, w in (("AskMove", "move to find"), ("AskChoice", "question"),
                                                       ("AskSquare", "square to find"), ("ShowMoves", "replay"))
                 if k in kinds]
        return (f"{manifest(self.game).title}, {text_in(self.title, 'en')!r}: {count(len(self.steps), 'step')} "
                f"({', '.join(parts)}), {count(len(self._checked.positions), 'position')}")

    # -- running ----------------------------------------------------------------------------
    def lesson(self, lang: str | None = None) -> Any:
        """The kit's `nbgames.ui.lesson.Lesson` (the model a `LessonSession` walks) in `lang`."""
        return _build(self, lang or current())

    def session(self, lang: str | None = None) -> Any:
        """A `LessonSession`: submit answers from Python (what the tests do)."""
        from .ui.lesson import LessonSession

        return LessonSession(self.lesson(lang))

    def runner(self, game: str | None = None) -> Any:
        """The lesson page (a `LessonRunner`). `game`: the page's game; a lesson for another
        game is refused with a `LessonError`."""
        from .ui.language import page_language
        from .ui.lesson import LessonRunner

        if game is not None and game != self.game:
            raise _other_game(self.game, game)
        lang = page_language(self.lang)
        view_class = manifest(self.game).view_class()
        return LessonRunner(lambda: [self.lesson(current())], lambda g, seat: view_class(g, seat=seat), lang=lang,
                            storage_key=f"nbgames/{self.game}/{self.id}")

    def _ipython_display_(self) -> None:
        from .ui.cells import show

        show(self.runner().widget)

    def __repr__(self) -> str:
        return f"<Lesson {self.summary_line()}>"


def _other_game(lesson_game: str, page_game: str) -> LessonError:
    return LessonError(msg("this lesson is for {game}, not {other}",
                           game=_title(lesson_game), other=_title(page_game)), None)


def _title(name: str) -> str:
    try:
        return manifest(name).title
    except ValueError:
        return name


# -- checking a lesson --------------------------------------------------------------------------
@dataclass
class _Checked:
    positions: dict[str, dict[str, Any]]
    expected: list[Any]  # per step: what "Show me" answers (a move, a choice value, "next")


def _walk(data: Any) -> None:
    """Refuse JSON nested too deep or too big before looking inside (no recursion)."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    nodes = 0
    while stack:
        value, depth = stack.pop()
        nodes += 1
        if depth > MAX_DEPTH:
            raise LessonError(msg("the file is nested too deeply (more than {limit} levels)", limit=MAX_DEPTH), None)
        if nodes > MAX_NODES:
            raise LessonError(msg("the file is too big (more than {limit} values)", limit=MAX_NODES), None)
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values())
            if not all(isinstance(k, str) for k in value):
                raise LessonError(msg("the file's keys must be text"), None)
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)
        elif not (value is None or isinstance(value, (str, int, float, bool)) or callable(value)):
            raise LessonError(msg("the lesson must be plain JSON data, not {what}", what=type(value).__name__), None)


def _keys(obj: dict[str, Any], required: set[str], allowed: set[str], step: int | None, where: str) -> None:
    missing = sorted(required - set(obj))
    if missing:
        raise LessonError(msg("the {where} lacks {keys}", where=where, keys=", ".join(missing)), step)
    unknown = sorted(set(obj) - required - allowed)
    if unknown:
        raise LessonError(msg("the {where} has keys this format does not know: {keys}", where=where,
                    keys=", ".join(k[:30] for k in unknown[:5])), step)


def _check_lesson(data: Any, allow_code: bool = False, game: str | None = None) -> _Checked:
    """Everything `load_lesson` checks; LessonError naming the step and the reason."""
    if not isinstance(data, dict):
        raise LessonError(msg("a lesson file is a JSON object"), None)
    _walk(data)
    if data.get("format") != LESSON_FORMAT:
        raise LessonError(msg("this is not an nbgames lesson (its format is not {format})", format=LESSON_FORMAT), None)
    version = data.get("version")
    if type(version) is not int or version != LESSON_VERSION:
        raise LessonError(msg("this lesson file is of version {version}; this package reads version {ours}",
                    version=repr(version)[:20], ours=LESSON_VERSION), None)
    _keys(data, TOP_REQUIRED, TOP_KEYS - TOP_REQUIRED, None, N_("lesson"))
    name = data["game"]
    if not isinstance(name, str) or name not in available_games():
        raise LessonError(msg("unknown game {game} (this package has {games})", game=repr(name)[:40],
                    games=", ".join(available_games())), None)
    if game is not None and game != name:
        raise _other_game(name, game)
    _check_text(data["title"], N_("title"), None, required=True)
    _check_text(data.get("intro"), N_("introduction"), None)
    _check_text(data.get("summary"), N_("summary"), None)
    rules = _rule_ids(name)
    if "id" in data and (not isinstance(data["id"], str) or not NAME.match(data["id"])):
        raise LessonError(msg("a lesson's id is letters, digits, '-', '_' or '.' (at most 40), not {name}",
                              name=repr(data["id"])[:44]), None)
    if "rules" in data:
        taught = data["rules"]
        if not isinstance(taught, list) or len(taught) > MAX_RULES:
            raise LessonError(msg("rules must be a list of at most {limit} rule ids", limit=MAX_RULES), None)
        for rule in taught:
            if not isinstance(rule, str) or (rules is not None and rule not in rules):
                raise LessonError(msg("{game} has no rule {rule}", game=_title(name), rule=repr(rule)[:30]), None)
    positions = data.get("positions", {})
    if not isinstance(positions, dict) or len(positions) > MAX_POSITIONS:
        raise LessonError(msg("positions must be an object of at most {limit} named records",
                              limit=MAX_POSITIONS), None)
    steps = data["steps"]
    if not isinstance(steps, list) or not 1 <= len(steps) <= MAX_STEPS:
        raise LessonError(msg("steps must be a list of 1 to {limit} steps", limit=MAX_STEPS), None)
    first_use = {}
    for index, step in enumerate(steps, 1):
        if isinstance(step, dict) and isinstance(step.get("position"), str):
            first_use.setdefault(step["position"], index)
    unused = sorted(set(positions) - set(first_use))
    if unused:
        raise LessonError(msg("position {name} is not used by any step", name=repr(unused[0])[:44]), None)
    games: dict[str, Game] = {}
    replayed = 0
    for pname, record in positions.items():
        step_no = first_use[pname]
        if not NAME.match(pname):
            raise LessonError(msg("a position's name is letters, digits, '-', '_' or '.' (at most 40), not {name}",
                        name=repr(pname)[:44]), step_no)
        if not isinstance(record, dict):
            raise LessonError(msg("position {name} must be a saved game record (an object)", name=pname), step_no)
        if record.get("game") != name:
            raise LessonError(msg("position {name} is a record of {other}, not of {game}", name=pname,
                        other=repr(record.get("game"))[:40], game=_title(name)), step_no)
        replayed += len(record.get("actions", [])) if isinstance(record.get("actions"), list) else 0
        if replayed > MAX_POSITION_MOVES:
            raise LessonError(msg("the positions of this lesson hold more than {limit} moves in all: a lesson "
                                  "starts from a few positions, not from whole long games", limit=MAX_POSITION_MOVES),
                              step_no)
        try:
            position = game_at(record)
        except RecordError as exc:
            raise LessonError(msg("position {name}: {reason}",
                                  name=pname, reason=localize(str(exc))), step_no) from None
        if "seed" in record and not position.is_over:
            raise LessonError(msg("position {name} holds the seed of a game in progress, which tells every "
                                 "hidden card: save it with game.to_record()", name=pname), step_no)
        games[pname] = position
    seat = data.get("seat")
    game_now: Game | None = None
    expected: list[Any] = []
    best = 0
    for index, step in enumerate(steps, 1):
        if not isinstance(step, dict):
            raise LessonError(msg("a step must be an object"), index)
        kind = step.get("type")
        known = CODE_STEP_KEYS if allow_code else STEP_KEYS
        if not isinstance(kind, str) or kind not in known:  # a list or an object is no type (nor a dict key)
            raise LessonError(msg("a step's type is move, choice or moves, not {kind}", kind=repr(kind)[:30]), index)
        required, optional = known[kind]
        _keys(step, required, optional, index, N_("step"))
        if "position" in step:
            pname = step["position"]
            if not isinstance(pname, str) or pname not in games:
                raise LessonError(msg("no position named {name} in this lesson", name=repr(pname)[:44]), index)
            game_now = games[pname].clone()
        if game_now is None:
            raise LessonError(msg("the first step needs a position (a game or a saved record)"), index)
        rule = step.get("rule", "")
        if not isinstance(rule, str) or (rule and rules is not None and rule not in rules):
            raise LessonError(msg("{game} has no rule {rule}", game=_title(name), rule=repr(rule)[:30]), index)
        for key in ("prompt", "right", "wrong"):
            if allow_code and callable(step.get(key)) and (kind, key) in _CODE_TEXTS:
                continue  # a notebook's function of the game: called when the step is shown
            _check_text(step.get(key), _WHERE[key], index, required=key == "prompt" and kind == "choice")
        _check_highlight(step.get("highlight"), index, allow_code)
        if "after" in step and not callable(step["after"]):
            raise LessonError(msg("after is a function of the game after the move (in a notebook)"), index)
        if kind == "move":
            best += isinstance(step.get("accept"), dict) and step["accept"].get("judge") == "best score"
            if best > MAX_BEST_SCORE:
                raise LessonError(msg("a lesson has at most {limit} steps judged by the best score",
                                      limit=MAX_BEST_SCORE), index)
            _check_buttons(step.get("buttons", []), index)
            answer = _check_move_step(step, game_now, index, allow_code)
            game_now.play(answer)
        elif kind == "square":
            squares = step["squares"]
            if not isinstance(squares, list) or not 1 <= len(squares) <= MAX_HIGHLIGHT or not all(
                    isinstance(s, str) and SQUARE.match(s) for s in squares):
                raise LessonError(msg("squares must be a list of square names like {example}", example="F5"), index)
            answer = squares[0]
        elif kind == "choice":
            answer = _check_choice_step(step, index)
        else:
            answer = "next"
            _check_replay(step, game_now, index)
        expected.append(answer)
    if seat is not None:
        first = next(iter(games.values()))
        if type(seat) is not int or not 0 <= seat < first.players:
            raise LessonError(msg("seat must be a seat of the game (0 to {last})", last=first.players - 1), None)
    return _Checked({k: positions[k] for k in positions}, expected)


_CODE_TEXTS = {("move", "prompt"), ("choice", "prompt"), ("square", "prompt"), ("square", "wrong")}
_WHERE = {"prompt": N_("prompt"), "right": N_("text for a right answer"), "wrong": N_("text for a wrong answer")}


def _rule_ids(game: str) -> set[str] | None:
    from .rulebook import rulebook_module

    book = rulebook_module(game)
    return None if book is None else set(book.RULEBOOK["en"])


def _legal(game: Game, move: Any, step: int, what: str) -> Action:
    if not isinstance(move, str) or not move.strip() or len(move) > 80:
        raise LessonError(msg("{what} must be a move's notation (text), not {move}",
                              what=what, move=repr(move)[:30]), step)
    if game.is_over:
        raise LessonError(msg("the game is over at this step: there is no move to make"), step)
    refusal = game.refusal(move)
    if refusal is not None:
        raise LessonError(msg("{move} is not a legal move here ({rule}: {reason})", move=move,
                    rule=refusal.rule, reason=localize(refusal.reason)), step)
    return game.parse(move)


def _check_move_step(step: dict[str, Any], game: Game, index: int, allow_code: bool) -> Action:
    accept = step["accept"]
    if game.is_over:
        raise LessonError(msg("the game is over at this step: there is no move to make"), index)
    if callable(accept):
        if not allow_code:
            raise LessonError(msg("a judge in a lesson file is one of {kinds}, never code",
                                  kinds=", ".join(JUDGES)), index)
    elif not isinstance(accept, dict) or accept.get("judge") not in JUDGES:
        raise LessonError(msg("accept must be an object whose judge is one of {kinds}", kinds=", ".join(JUDGES)), index)
    else:
        kind = accept["judge"]
        extra = {"any of": {"moves"}, "not": {"moves"}, "kind": {"kind"}, "best score": set()}[kind]
        _keys(accept, {"judge"} | extra, set(), index, N_("accept"))
        if "moves" in extra:
            moves = accept["moves"]
            if not isinstance(moves, list) or not 1 <= len(moves) <= MAX_MOVES:
                raise LessonError(msg("accept's moves must be a list of 1 to {limit} moves", limit=MAX_MOVES), index)
            for move in moves:
                _legal(game, move, index, N_("each move to accept"))
        if kind == "kind":
            kinds = {a.kind for a in game.legal_actions()}
            if not isinstance(accept["kind"], str) or accept["kind"] not in kinds:
                raise LessonError(msg("no legal move here is of kind {kind} (the kinds here: {kinds})",
                            kind=repr(accept["kind"])[:30], kinds=", ".join(sorted(kinds))), index)
    judge = _judge(accept, step.get("rule", ""), "", "")
    show = step.get("show")
    if show is not None:
        action = _legal(game, show, index, N_("show"))
    else:
        action = _first_accepted(game, judge)
        if action is None:
            raise LessonError(msg("no legal move here is accepted by this step"), index)
    if not judge(game, action).ok:
        raise LessonError(msg("the move \"Show me\" makes ({move}) is not one this step accepts",
                              move=str(action)), index)
    return action


def _check_choice_step(step: dict[str, Any], index: int) -> str:
    options = step["options"]
    if not isinstance(options, list) or not 2 <= len(options) <= MAX_OPTIONS:
        raise LessonError(msg("a question has 2 to {limit} options", limit=MAX_OPTIONS), index)
    right = None
    values = set()
    for number, option in enumerate(options):
        if not isinstance(option, dict):
            raise LessonError(msg("an option is an object with a label, right (true or false) and maybe a text"), index)
        _keys(option, {"label", "right"}, {"text", "value"}, index, N_("option"))
        value = option.get("value", str(number))
        if not isinstance(value, str) or not NAME.match(value) or value in values:
            raise LessonError(msg("an option's value is a short name (letters, digits, '-', '_' or '.'), "
                                  "different for each option, not {value}", value=repr(value)[:30]), index)
        values.add(value)
        _check_text(option["label"], N_("option's label"), index, required=True)
        _check_text(option.get("text"), N_("option's text"), index)
        if not isinstance(option["right"], bool):
            raise LessonError(msg("an option's right must be true or false"), index)
        if option["right"] and right is None:
            right = value
    if right is None:
        raise LessonError(msg("no option of this question is marked right"), index)
    return right


def _check_highlight(highlight: Any, index: int, allow_code: bool) -> None:
    if highlight is None or (allow_code and callable(highlight)):
        return
    if not isinstance(highlight, list) or len(highlight) > MAX_HIGHLIGHT or not all(
            isinstance(s, str) and SQUARE.match(s) for s in highlight):
        raise LessonError(msg("highlight must be a list of square names like {example}", example="F5"), index)


def _check_buttons(buttons: Any, index: int) -> None:
    if not isinstance(buttons, list) or len(buttons) > MAX_OPTIONS:
        raise LessonError(msg("buttons must be a list of at most {limit} buttons", limit=MAX_OPTIONS), index)
    for button in buttons:
        if not isinstance(button, dict):
            raise LessonError(msg("a button is an object with a label, a value and maybe a text"), index)
        _keys(button, {"label", "value"}, {"text"}, index, N_("button"))
        _check_text(button["label"], N_("button's label"), index, required=True)
        _check_text(button.get("text"), N_("button's text"), index)
        if not isinstance(button["value"], str) or not button["value"].strip() or len(button["value"]) > 80:
            raise LessonError(msg("a button's value is a move's notation or a short word"), index)


def _check_replay(step: dict[str, Any], game: Game, index: int) -> None:
    moves, notes = step["moves"], step.get("notes", [])
    if not isinstance(moves, list) or not 1 <= len(moves) <= MAX_MOVES:
        raise LessonError(msg("a replay has 1 to {limit} moves", limit=MAX_MOVES), index)
    for move in moves:
        game.play(_legal(game, move, index, N_("each move of a replay")))
    if not isinstance(notes, list) or len(notes) > len(moves):
        raise LessonError(msg("notes must be a list with at most one note per move"), index)
    for note in notes:
        _check_text(note, N_("note"), index)


def _first_accepted(game: Game, judge: Callable[[Game, Any], Any]) -> Action | None:
    for action in game.legal_actions():
        if judge(game, action).ok:
            return action
    return None


# -- judging ------------------------------------------------------------------------------------
def _judge(accept: Any, rule: str, right: str, wrong: str) -> Callable[[Game, Any], Any]:
    """The step's judge: illegal moves are the engine's refusal (its rule id) plus `wrong`;
    legal ones are judged by the kind of `accept`."""
    from .ui.lesson import Verdict, judge_move

    right = right or gettext(N_("That's the move."))
    wrong_text = wrong or gettext(N_("That is a legal move, but not the one this step asks for."))

    def accepted(game: Game, action: Action) -> Any:
        if callable(accept):
            result = accept(game, action)
            if isinstance(result, Verdict):
                return result
            return Verdict(bool(result), rule, right if result else wrong_text)
        kind = accept["judge"]
        if kind in ("any of", "not"):
            listed = any(_same(game, action, move) for move in accept["moves"])
            ok = listed if kind == "any of" else not listed
        elif kind == "kind":
            ok = action.kind == accept["kind"]
        else:
            ok = _score_after(game, action) >= _best_score(game)
        return Verdict(ok, rule, right if ok else wrong_text)

    def judge(game: Game, answer: Any) -> Any:
        action = judge_move(game, answer)
        if isinstance(action, Verdict):  # illegal: the engine says why, with its rule id
            return Verdict(False, action.rule, f"{action.text} {wrong}".strip())
        return accepted(game, action)

    return judge


def _same(game: Game, action: Action, move: str) -> bool:
    try:
        return game.parse(move) == action
    except IllegalAction:
        return False


_BEST: dict[str, float] = {}


def _best_score(game: Game) -> float:
    """The best score the mover can have after one move here (by the game's own preview)."""
    key = json.dumps(game.to_record(), sort_keys=True)  # the position exactly (what chance has revealed too)
    if key not in _BEST:
        if len(_BEST) > 256:
            _BEST.clear()
        _BEST[key] = max(_score_after(game, a) for a in game.legal_actions())
    return _BEST[key]


def _score_after(game: Game, action: Action) -> float:
    """The mover's score after `action`, by the game's own preview."""
    seat = game.to_move
    return game.preview(action)["scores"][seat]


# -- building the runner's model ---------------------------------------------------------------
def _build(lesson: Lesson, lang: str) -> Any:
    from .ui.lesson import Choice, Step, Verdict
    from .ui.lesson import Lesson as KitLesson

    checked = lesson._checked
    data = lesson._data(allow_code=True)
    steps: list[Step] = []
    first_game: list[Game] = []

    def starter(pname: str) -> Callable[[], Game]:
        record = checked.positions[pname]
        return lambda: game_at(record)

    for step, answer in zip(data["steps"], checked.expected, strict=True):
        start = starter(step["position"]) if "position" in step else None
        rule = step.get("rule", "")
        asked = step.get("prompt")
        prompt: Any = asked if callable(asked) else text_in(asked, lang)
        marks = _marks(step.get("highlight"))
        if step["type"] == "move":
            show = step.get("show") or str(answer)
            prompt = prompt or gettext(N_("Make your move on the board."), lang)
            buttons = step.get("buttons", [])
            judge = _judge(step["accept"], rule, text_in(step.get("right"), lang), text_in(step.get("wrong"), lang))
            steps.append(Step(prompt=prompt, judge=_with_buttons(judge, buttons, rule, lang) if buttons else judge,
                              expected=lambda game, show=show: show, start=start, highlight=marks,
                              follow=step.get("after"),
                              choices=[Choice(text_in(b["label"], lang), b["value"]) for b in buttons]))
        elif step["type"] == "square":
            steps.append(Step(prompt=prompt or gettext(N_("Click a square on the board."), lang),
                              judge=_square_judge(step, rule, lang), expected=lambda game, a=answer: a, plays=False,
                              start=start, highlight=marks))
        elif step["type"] == "choice":
            options = step["options"]
            values = [o.get("value", str(i)) for i, o in enumerate(options)]
            say = {values[i]: (o["right"], text_in(o.get("text"), lang) or text_in(
                step.get("right" if o["right"] else "wrong"), lang) or gettext(
                N_("Yes, that's right.") if o["right"] else N_("Not this one: have another look."), lang))
                for i, o in enumerate(options)}
            # A Python user may answer with the option's label too (the page sends its value).
            say |= {text_in(o["label"], lang): say[values[i]] for i, o in enumerate(options)
                    if text_in(o["label"], lang) not in say}

            def judge(game: Game, value: Any, say=say, rule=rule) -> Any:
                ok, text = say.get(str(value), (False, gettext(N_("Pick one of the buttons."))))
                return Verdict(ok, rule, text)

            steps.append(Step(prompt=prompt, judge=judge, expected=lambda game, a=answer: a, plays=False,
                              board=False, start=start, highlight=marks,
                              choices=[Choice(text_in(o["label"], lang), values[i]) for i, o in enumerate(options)]))
        else:
            moves, notes = step["moves"], step.get("notes", [])
            for number, move in enumerate(moves):
                note = text_in(notes[number], lang) if number < len(notes) else ""
                word = gettext(N_("Move {n} of {count}: {move}"), lang).format(n=number + 1, count=len(moves),
                                                                            move=move)
                lead = prompt if number == 0 else ""
                nxt = gettext(N_("Press **Next move** to see move {n} of {count}."), lang).format(
                    n=number + 1, count=len(moves))

                def replay_judge(game: Game, value: Any, note=note, word=word, rule=rule) -> Any:
                    if value != "next":
                        return Verdict(False, rule, gettext(N_("Press **Next move** to see the move.")))
                    return Verdict(True, rule, note or "", word)

                steps.append(Step(prompt=f"{lead}\n\n{nxt}".strip(), judge=replay_judge,
                                  expected=lambda game: "next", board=False, move=lambda game, m=move: m,
                                  start=start if number == 0 else None,
                                  choices=[Choice(gettext(N_("Next move"), lang) + " ▶", "next")]))
    first = next(iter(checked.positions.values()))
    first_game.append(game_at(first))
    seat = lesson.seat if lesson.seat is not None else first_game[0].to_move
    return KitLesson(id=lesson.id, title=text_in(lesson.title, lang), intro=text_in(lesson.intro, lang),
                     start_game=lambda: game_at(first), steps=steps, summary=text_in(lesson.summary, lang) or gettext(
                         N_("Done! That was the whole lesson."), lang), seat=seat,
                     rules=tuple(lesson.rules_taught) if lesson.rules_taught is not None else tuple(
                         dict.fromkeys(s.get("rule") for s in data["steps"] if s.get("rule"))))


def _marks(highlight: Any) -> Callable[[Game], list[str]] | None:
    """A step's highlight for the runner: a function of the game."""
    if highlight is None or callable(highlight):
        return highlight
    return lambda game, squares=list(highlight): squares


def _with_buttons(judge: Callable[[Game, Any], Any], buttons: list[dict[str, Any]], rule: str,
                  lang: str) -> Callable[[Game, Any], Any]:
    """A move step's buttons: a button that is a legal move is judged as that move; one that is
    not a move here says its own words (a tempting non-move such as "pass")."""
    from .ui.lesson import Verdict, judge_move

    said = {b["value"]: text_in(b["text"], lang) for b in buttons if b.get("text")}

    def judged(game: Game, answer: Any) -> Any:
        value = str(answer)
        if value in said and isinstance(judge_move(game, value), Verdict):
            return Verdict(False, rule, said[value])
        return judge(game, answer)

    return judged


def square_of(answer: Any) -> str | None:
    """The square an answer names: a square's name ("F5"), or a move onto it ("**@F5", "C4")."""
    text = str(answer).strip().rpartition("@")[2].upper()
    return text if SQUARE.match(text) else None


def _square_judge(step: dict[str, Any], rule: str, lang: str) -> Callable[[Game, Any], Any]:
    from .ui.lesson import Verdict

    squares = {s.upper() for s in step["squares"]}
    right = text_in(step.get("right"), lang) or gettext(N_("Yes, that's the square."), lang)
    wrong = step.get("wrong")

    def judge(game: Game, answer: Any) -> Any:
        name = square_of(answer)
        if name is None:
            return Verdict(False, rule, gettext(N_("Click a square on the board."), lang))
        if name in squares:
            return Verdict(True, rule, right)
        text = wrong(game, name) if callable(wrong) else text_in(wrong, lang)
        return Verdict(False, rule, text or gettext(N_("Not this square: have another look."), lang))

    return judge


# -- loading ------------------------------------------------------------------------------------
def load_lesson(source: str | os.PathLike | bytes | Mapping[str, Any], game: str | None = None) -> Lesson:
    """A lesson from a lesson file (a path, its JSON text or bytes, or the parsed dict), checked
    throughout; `game`: the page's game (a lesson for another game is refused). Anything wrong
    raises `LessonError` naming the step and the reason. Nothing in the file is run."""
    data: Any = source
    if isinstance(source, (bytes, bytearray)) or (isinstance(source, str) and source.lstrip()[:1] in ("{", "[")):
        data = _parse(bytes(source, "utf-8") if isinstance(source, str) else bytes(source))
    elif isinstance(source, (str, os.PathLike)):
        try:
            with open(source, "rb") as fh:
                blob = fh.read(MAX_LESSON_BYTES + 1)
        except OSError as exc:
            raise LessonError(msg("cannot read the lesson file: {reason}",
                                  reason=exc.strerror or str(exc)), None) from None
        data = _parse(blob)
    elif isinstance(source, Mapping):
        data = dict(source)
        _walk(data)
        try:
            if len(json.dumps(data)) > MAX_LESSON_BYTES:
                raise LessonError(msg("the file is too big (more than {limit} bytes)", limit=MAX_LESSON_BYTES), None)
        except (TypeError, ValueError):
            raise LessonError(msg("the lesson must be plain JSON data, not {what}",
                                  what="Python objects"), None) from None
    checked = _check_lesson(data, game=game)
    return _from_data(data, checked)


def _parse(blob: bytes) -> Any:
    if len(blob) > MAX_LESSON_BYTES:
        raise LessonError(msg("the file is too big (more than {limit} bytes)", limit=MAX_LESSON_BYTES), None)
    try:
        return json.loads(blob.decode("utf-8"))
    except RecursionError:
        raise LessonError(msg("the file is nested too deeply (more than {limit} levels)",
                              limit=MAX_DEPTH), None) from None
    except (UnicodeDecodeError, ValueError) as exc:
        raise LessonError(msg("this is not a lesson file (not JSON: {reason})", reason=str(exc)[:80]), None) from None


def _from_data(data: dict[str, Any], checked: _Checked) -> Lesson:
    positions = checked.positions
    steps: list[TeachStep] = []
    for step in data["steps"]:
        record = positions[step["position"]] if "position" in step else None
        if step["type"] == "move":
            steps.append(AskMove(record, step["accept"], step.get("prompt", ""), step.get("right", ""),
                                 step.get("wrong", ""), step.get("rule", ""), step.get("show"), step.get("highlight"),
                                 step.get("buttons", [])))
        elif step["type"] == "choice":
            steps.append(AskChoice(step["prompt"], step["options"], record, step.get("right", ""),
                                   step.get("wrong", ""), step.get("rule", ""), step.get("highlight")))
        else:
            steps.append(ShowMoves(record, step["moves"], step.get("notes", []), step.get("prompt", ""),
                                   step.get("rule", "")))
    lesson = Lesson.__new__(Lesson)
    lesson.title, lesson.intro, lesson.summary = data["title"], data.get("intro", ""), data.get("summary", "")
    lesson.lang, lesson.steps, lesson.game, lesson.seat = None, steps, data["game"], data.get("seat")
    lesson.fixed_id, lesson.rules_taught = data.get("id"), data.get("rules")
    lesson._checked = checked
    return lesson


def _message_is(value: Any) -> bool:  # pragma: no cover - a Msg keeps its template for the page
    return isinstance(value, Msg)
