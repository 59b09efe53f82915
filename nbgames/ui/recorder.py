"""The lesson recorder: "Make a lesson from here", a fold on every play page (issue 28).

A teacher who does not write code plays (or loads) a game to a position and adds steps:

- *Ask for a move*: the position is taken as a record (a game in progress without its seed, as
  `Game.to_record` writes it); every move the teacher then makes on the board is added as a
  right answer and the board goes back to the question, until *Done adding answers*. Texts to
  say when right and when wrong, what to ask, and a rule id from the game's rulebook.
- *Ask a question*: a question with two to four answers, which one is right, and a rule id.
- *Show these moves*: the next moves played on the board (the bots' too), each with a note.

Steps can be moved up and down or deleted; *Preview as a student* opens the lesson in the same
lesson runner as the built-in lessons, below; *Save lesson file* offers the lesson file
(`nbgames.teach`, docs/teaching.md) as a download link, checked by `load_lesson` first.

The recorder decides nothing about legality: it records only moves the engine accepted (it
listens to the controller's `move_listeners`, called after a move was played), and every step
is checked by `nbgames.teach` as it is made. A lesson file shows its positions to whoever opens
it, hidden cards included: positions are taken only from practice games, finished games and
games loaded from a plain record not yet played past what it held (never from a fair game in
progress, whose page seals everything it emits).
"""

from __future__ import annotations

import base64
import html
import json
import re
from typing import Any

import ipywidgets as widgets

from ..engine.action import Action
from ..engine.game import MAX_RECORD_BYTES, Game
from ..i18n import N_, _, gettext, localize, ngettext
from .closing import replace_children
from .folds import fold
from .i18n import t
from .keep import needs_seal

MAX_OPTIONS = 4  # answers offered for a question made here (a file may hold up to 8)
MAX_TEXT = 2000  # characters kept of one text box (a lesson file allows 4000)
RECORDER_HELP = N_(
    "Play or load the game to a position, then add steps. Record with every seat human (under New "
    "game), or with the bots stopped (Stop bots). A lesson file shows its positions to everyone, "
    "hidden cards too: record a practice game (tick Practice mode under New game, then press New "
    "game) or a finished one.")


def shows_nothing_new(game: Game) -> bool:
    """Whether `game` is a game loaded from a plain record (the visitor's own file) whose position
    holds no outcome of chance beyond what that record held: a lesson file of it tells nobody
    more than the loaded file did. (Played on, it draws cards nobody had seen: those stay sealed.)"""
    loaded = getattr(game, "_replay", None)  # the loaded record's outcomes (engine/game.py)
    if not isinstance(loaded, list) or game.is_over:
        return False
    chance = game.to_record().get("chance")
    return isinstance(chance, list) and chance == loaded[:len(chance)]


def _esc(text: str) -> str:
    return html.escape(text, quote=False)


class Recorder:
    """The recorder of one play page: `widget` is its fold. `controller` is the page's
    `PlayController` (its game, its seats, its `move_listeners`)."""

    def __init__(self, controller: Any, lang: str | None = None):
        self.controller = controller
        self.lang = lang or controller.lang
        self.steps: list[Any] = []  # nbgames.teach steps, each checked when it was made
        self.mode: str | None = None  # "move", "moves" or "question": the step being made
        self._at: Game | None = None  # the step's position (a copy of the game when it began)
        self._record: dict[str, Any] | None = None
        self._answers: list[str] = []
        self._replay: list[str] = []
        self._rewinding = False
        self._cut = ""  # a replay cut short: said when its step is added
        self.lesson: Any = None  # the last lesson previewed or saved (a `nbgames.teach.Lesson`)
        self.runner: Any = None  # the preview's lesson runner
        controller.move_listeners.append(self._on_move)
        lang = self.lang

        def button(text: str, css: str, handler, **kw: Any) -> widgets.Button:
            b = widgets.Button(description=text, layout=widgets.Layout(width="auto"), **kw)
            b.add_class(css)
            b.on_click(lambda _b: handler())
            return b

        def box(text: str, css: str, width: str = "100%") -> widgets.Text:
            w = widgets.Text(value="", placeholder=text, layout=widgets.Layout(width=width))
            w.add_class(css)
            return w

        self.help = widgets.HTML(f"<small>{_esc(gettext(RECORDER_HELP, lang))}</small>")
        self.help.add_class("nbg-rec-help")
        self.ask_move_button = button(_("Ask for a move", lang), "nbg-rec-ask-move", self.ask_move)
        self.ask_choice_button = button(_("Ask a question", lang), "nbg-rec-ask-choice", self.ask_choice)
        self.show_moves_button = button(_("Show these moves", lang), "nbg-rec-show-moves", self.show_moves)
        self.message = widgets.HTML()
        self.message.add_class("nbg-rec-message")

        # the step being made: what to ask, the answers so far, texts, the rule
        self.working = widgets.HTML()
        self.working.add_class("nbg-rec-working")
        self.prompt = box(_("What to ask (optional)", lang), "nbg-rec-prompt")
        self.right_text = box(_("Say when right", lang), "nbg-rec-right")
        self.wrong_text = box(_("Say when wrong", lang), "nbg-rec-wrong")
        self.rule = widgets.Dropdown(options=self._rule_options(), value="", description=_("Rule", lang),
                                     layout=widgets.Layout(width="420px"))
        self.rule.add_class("nbg-rec-rule")
        self.options = [box(_("Answer {n}", lang).format(n=n + 1), f"nbg-rec-option-{n}") for n in range(MAX_OPTIONS)]
        self.right_option = widgets.Dropdown(
            options=[(_("Answer {n}", lang).format(n=n + 1), n) for n in range(MAX_OPTIONS)], value=0,
            description=_("Right answer", lang), layout=widgets.Layout(width="260px"))
        self.right_option.add_class("nbg-rec-right-option")
        self.options_box = widgets.VBox([*self.options, self.right_option])
        self.notes = widgets.VBox()
        self.notes.add_class("nbg-rec-notes")
        self.done_button = button(_("Done adding answers", lang), "nbg-rec-done", self.done, button_style="primary")
        self.cancel_button = button(_("Cancel this step", lang), "nbg-rec-cancel", self.cancel)
        self.step_panel = widgets.VBox([self.working, self.prompt, self.options_box, self.notes, self.right_text,
                                        self.wrong_text, self.rule,
                                        widgets.HBox([self.done_button, self.cancel_button])],
                                       layout=widgets.Layout(display="none", border="1px solid #ccc", padding="6px"))
        self.step_panel.add_class("nbg-rec-step-panel")

        # the lesson: its steps, its title, preview and save
        self.list = widgets.VBox()
        self.list.add_class("nbg-rec-steps")
        self.title = box(_("Title of the lesson", lang), "nbg-rec-title", width="420px")
        self.preview_button = button(_("Preview as a student", lang), "nbg-rec-preview", self.preview)
        self.save_button = button(_("Save lesson file", lang), "nbg-rec-save", self.save, icon="download")
        self.save_link = widgets.HTML()
        self.save_link.add_class("nbg-rec-save-link")
        self.preview_box = widgets.VBox()
        self.preview_box.add_class("nbg-rec-preview-box")
        self.widget = fold("recorder", _("Make a lesson from here", lang), [
            self.help,
            widgets.HBox([self.ask_move_button, self.ask_choice_button, self.show_moves_button],
                         layout=widgets.Layout(flex_flow="row wrap")),
            self.message, self.step_panel, self.list,
            widgets.HBox([self.title, self.preview_button, self.save_button],
                         layout=widgets.Layout(flex_flow="row wrap")),
            self.save_link, self.preview_box,
        ])
        self._show_steps()

    # -- the game's rules ------------------------------------------------------------------
    def _rule_options(self) -> list[tuple[str, str]]:
        from ..rulebook import rulebook_module

        options = [(_("(no rule)", self.lang), "")]
        book = rulebook_module(self.controller.game.name)
        if book is not None:
            for rule_id, entry in book.RULEBOOK[self.lang].items():
                options.append((f"{rule_id} · {entry['title']}"[:80], rule_id))
        return options

    # -- starting a step -------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.controller.game

    def _say(self, text: str, ok: bool = True) -> None:
        colour = "#1b7837" if ok else "#b2182b"
        self.message.value = f"<div style='border-left:4px solid {colour};padding:2px 8px'>{_esc(text)}</div>"

    def _take_position(self) -> bool:
        """Take the board's position for the step being made; False (and why) if it cannot be."""
        if self.mode is not None:
            self._say(_("Finish the step you are making first: press Done or Cancel.", self.lang), ok=False)
            return False
        game = self.game
        if needs_seal(game) and not shows_nothing_new(game):
            self._say(_("This is a fair game in progress: a lesson file would show everyone its hidden cards. "
                        "Tick Practice mode under New game and press New game (or finish this game), then "
                        "record.", self.lang), ok=False)
            return False
        self._at = game.clone()
        self._record = game.to_record()
        return True

    def _open_panel(self, mode: str) -> None:
        self.mode = mode
        for w in (self.prompt, self.right_text, self.wrong_text, *self.options):
            w.value = ""
        self.rule.value = ""
        self.right_option.value = 0
        self._answers, self._replay = [], []
        replace_children(self.notes, ())
        self.options_box.layout.display = "" if mode == "question" else "none"
        self.notes.layout.display = "" if mode == "moves" else "none"
        show_texts = "" if mode != "moves" else "none"
        self.right_text.layout.display = self.wrong_text.layout.display = show_texts
        self.prompt.placeholder = (_("The question", self.lang) if mode == "question"
                                   else _("What to ask (optional)", self.lang))
        self.done_button.description = {"move": _("Done adding answers", self.lang),
                                        "moves": _("Done adding moves", self.lang),
                                        "question": _("Add the question", self.lang)}[mode]
        self.step_panel.layout.display = ""
        self._show_working()

    def ask_move(self) -> None:
        """*Ask for a move*: the next moves made on the board become the right answers."""
        game = self.game
        if self.mode is None and game.is_over:
            self._say(_("The game is over here: there is no move to ask for.", self.lang), ok=False)
            return
        seat = game.to_move
        if self.mode is None and (seat is None or self.controller.seats[seat] != "human"):
            self._say(_("It is a bot's turn here. Make that seat human under New game (and press New game), "
                        "or play on to a human's turn.", self.lang), ok=False)
            return
        if self._take_position():
            self._open_panel("move")
            self._say(_("Now make the right move on the board. Each move you make is added as a right answer "
                        "and the board goes back to the question. Then press Done adding answers.", self.lang))

    def ask_choice(self) -> None:
        """*Ask a question*: a question with answers, asked at the board's position."""
        if self._take_position():
            self._open_panel("question")
            self._say(_("Write the question and its answers, choose the right one, then press Add the question.",
                        self.lang))

    def show_moves(self) -> None:
        """*Show these moves*: the next moves played on the board, each with a note."""
        if self.mode is None and self.game.is_over:
            self._say(_("The game is over here: there are no more moves to show.", self.lang), ok=False)
            return
        if self._take_position():
            self._open_panel("moves")
            self._say(_("Now play the moves to show on the board (the bots' moves count too), write a note "
                        "for each, then press Done adding moves.", self.lang))

    def cancel(self) -> None:
        """Drop the step being made."""
        self._close_panel()
        self._say(_("The step was not added.", self.lang))

    def _close_panel(self) -> None:
        self.mode = None
        self._at = self._record = None
        self._answers, self._replay = [], []
        self.step_panel.layout.display = "none"

    # -- moves made on the board -----------------------------------------------------------
    def _same_line(self, game: Game, made: int) -> bool:
        """Whether `game` went on from the step's position by `made` moves (nothing else)."""
        at = self._at
        return (at is not None and game.name == at.name and game.players == at.players
                and game.seed == at.seed and game.options == at.options
                and [str(a) for a in game.history[:-made]] == [str(a) for a in at.history])

    def _on_move(self, seat: int, action: Action) -> None:
        """The controller played a move (the engine accepted it) and showed it."""
        if self._rewinding or self.mode not in ("move", "moves"):
            return
        game = self.game
        if self.mode == "move":
            if self.controller.seats[seat] != "human" or not self._same_line(game, 1):
                self._say(_("That move was not made at the question's position: it is not added. The board "
                            "goes back to the question.", self.lang), ok=False)
            else:
                move = str(action)
                if move not in self._answers:
                    self._answers.append(move)
                self._say(ngettext("{n} right answer so far: {moves}. Make another right move, or press Done "
                                   "adding answers.", "{n} right answers so far: {moves}. Make another right "
                                   "move, or press Done adding answers.", len(self._answers), self.lang).format(
                    n=len(self._answers), moves=", ".join(self._answers)))
            self._rewind()
        else:
            from ..teach import MAX_MOVES

            if len(self._replay) >= MAX_MOVES:
                self._say(_("A replay shows at most {n} moves: press Done adding moves.", self.lang).format(
                    n=MAX_MOVES), ok=False)
                return
            if not self._same_line(game, len(self._replay) + 1):
                self._say(_("The board left the moves being recorded (undo, load or a new game): press Done "
                            "adding moves to keep the moves so far, or Cancel.", self.lang), ok=False)
                return
            self._replay.append(str(action))
            note = widgets.Text(value="", placeholder=_("Note for move {n}: {move}", self.lang).format(
                n=len(self._replay), move=action), layout=widgets.Layout(width="100%"))
            note.add_class("nbg-rec-note")
            self.notes.children = (*self.notes.children, note)
        self._show_working()

    def _rewind(self) -> None:
        """The board back at the step's position (a copy of the game as it was: nothing replayed)."""
        assert self._at is not None
        controller = self.controller
        shown = getattr(controller, "_revealed_for", None)  # hot seat: the teacher had the device
        self._rewinding = True
        try:
            controller.set_game(self._at.clone(), controller.seats)
            if shown is not None and shown == controller.game.to_move:
                controller.reveal()  # no "pass the device" screen between two answers
        finally:
            self._rewinding = False

    def _show_working(self) -> None:
        if self.mode == "move":
            answers = ", ".join(self._answers) or "—"
            text = _("Ask for a move at move {ply}. Right answers: {moves}", self.lang).format(
                ply=self._at.ply if self._at else 0, moves=answers)
        elif self.mode == "moves":
            text = _("Show these moves from move {ply}: {moves}", self.lang).format(
                ply=self._at.ply if self._at else 0, moves=", ".join(self._replay) or "—")
        elif self.mode == "question":
            text = _("A question at move {ply}", self.lang).format(ply=self._at.ply if self._at else 0)
        else:
            text = ""
        self.working.value = f"<b>{_esc(text)}</b>"

    # -- finishing a step ------------------------------------------------------------------
    def _text(self, w: widgets.Text) -> str:
        value = w.value if isinstance(w.value, str) else ""
        return value.strip()[:MAX_TEXT]

    def _rule_value(self) -> str:
        return self.rule.value if isinstance(self.rule.value, str) else ""

    def done(self) -> None:
        """Done adding answers / moves, or Add the question: the step is checked and added."""
        from .. import teach

        mode = self.mode
        if mode is None:
            return
        prompt, rule = self._text(self.prompt), self._rule_value()
        try:
            if mode == "move":
                if not self._answers:
                    self._say(_("Make at least one right move on the board first.", self.lang), ok=False)
                    return
                accept = self._answers[0] if len(self._answers) == 1 else list(self._answers)
                step = teach.ask_move(self._record, accept, right=self._text(self.right_text),
                                      wrong=self._text(self.wrong_text), rule=rule, prompt=prompt)
            elif mode == "question":
                step = self._question(prompt, rule)
                if step is None:
                    return
            else:
                step = self._replay_step(prompt, rule)
                if step is None:
                    return
        except teach.LessonError as exc:
            self._say(localize(exc.reason, self.lang), ok=False)  # this step alone was checked
            return
        self.steps.append(step)
        self._close_panel()
        self._show_steps()
        cut, self._cut = self._cut, ""
        self._say(f"{_('Step {n} added.', self.lang).format(n=len(self.steps))} {cut}".strip(), ok=not cut)

    def _question(self, prompt: str, rule: str) -> Any:
        from .. import teach

        labels = [self._text(w) for w in self.options]
        right = self.right_option.value
        if not prompt:
            self._say(_("Write the question first.", self.lang), ok=False)
            return None
        if not isinstance(right, int) or not 0 <= right < MAX_OPTIONS or not labels[right]:
            self._say(_("The answer marked right is empty: write it, or mark another one.", self.lang), ok=False)
            return None
        options = [(label, n == right) for n, label in enumerate(labels) if label]
        if len(options) < 2:
            self._say(_("A question needs at least two answers.", self.lang), ok=False)
            return None
        return teach.ask_choice(prompt, options, rule=rule, right=self._text(self.right_text),
                                wrong=self._text(self.wrong_text), position=self._record)

    def _replay_step(self, prompt: str, rule: str) -> Any:
        """The replay of the moves played, or of as many as a lesson can replay: a lesson deals
        the cards nobody had seen at its position its own way, so a move that needs such a card
        cannot be replayed (said, and the moves before it kept)."""
        from .. import teach

        if not self._replay:
            self._say(_("Play at least one move on the board first.", self.lang), ok=False)
            return None
        notes = [self._text(w) or None for w in self.notes.children][:len(self._replay)]
        try:
            return teach.show_moves(self._record, self._replay, notes, rule=rule, prompt=prompt)
        except teach.LessonError as exc:
            error = exc
        count = self._replayable(rule, prompt)
        if count in (0, len(self._replay)):
            raise error  # the first move cannot be replayed, or the words are refused: said as it is
        step = teach.show_moves(self._record, self._replay[:count], notes[:count], rule=rule, prompt=prompt)
        self._cut = _("Only the first {n} moves are kept: the next one needs a card nobody had seen at the "
                      "start, which a lesson deals its own way.", self.lang).format(n=count)
        return step

    def _replayable(self, rule: str, prompt: str) -> int:
        """How many of the moves played a lesson can replay from the step's position (notes aside)."""
        from .. import teach

        for count in range(len(self._replay), 0, -1):
            try:
                teach.show_moves(self._record, self._replay[:count], [], rule=rule, prompt=prompt)
            except teach.LessonError:
                continue
            return count
        return 0

    # -- the list of steps -----------------------------------------------------------------
    def describe(self, step: Any) -> str:
        """One line about a step (the list's words)."""
        from .. import teach

        rule = f" ({step.rule})" if step.rule else ""
        if isinstance(step, teach.AskMove):
            moves = step.accept.get("moves", []) if isinstance(step.accept, dict) else []
            return _("Ask for a move: {moves}", self.lang).format(moves=", ".join(moves)) + rule
        if isinstance(step, teach.AskChoice):
            question = teach.text_in(step.prompt, self.lang)
            return _("Ask a question: {question}", self.lang).format(question=question) + rule
        return _("Show these moves: {moves}", self.lang).format(moves=", ".join(step.moves)) + rule

    def _show_steps(self) -> None:
        rows = []
        for index, step in enumerate(self.steps):
            label = widgets.HTML(f"{index + 1}. {_esc(self.describe(step))}", layout=widgets.Layout(flex="1 1 auto"))
            label.add_class("nbg-rec-step")
            up = widgets.Button(description="▲", tooltip=_("Move up", self.lang), layout=widgets.Layout(width="36px"),
                                disabled=index == 0)
            up.add_class("nbg-rec-up")
            down = widgets.Button(description="▼", tooltip=_("Move down", self.lang),
                                  layout=widgets.Layout(width="36px"), disabled=index == len(self.steps) - 1)
            down.add_class("nbg-rec-down")
            delete = widgets.Button(description="✕", tooltip=_("Delete this step", self.lang),
                                    layout=widgets.Layout(width="36px"))
            delete.add_class("nbg-rec-delete")
            up.on_click(lambda _b, i=index: self.move_step(i, -1))
            down.on_click(lambda _b, i=index: self.move_step(i, 1))
            delete.on_click(lambda _b, i=index: self.delete_step(i))
            rows.append(widgets.HBox([label, up, down, delete], layout=widgets.Layout(align_items="center")))
        if not rows:
            empty = widgets.HTML(f"<i>{_esc(_('No steps yet.', self.lang))}</i>")
            empty.add_class("nbg-rec-step-none")
            rows.append(empty)
        replace_children(self.list, rows)  # closed at once: an old row's button would move or delete by its old place
        self.preview_button.disabled = self.save_button.disabled = not self.steps

    def move_step(self, index: int, by: int) -> None:
        """Move step `index` up (-1) or down (+1)."""
        other = index + by
        if 0 <= index < len(self.steps) and 0 <= other < len(self.steps):
            self.steps[index], self.steps[other] = self.steps[other], self.steps[index]
            self._show_steps()

    def delete_step(self, index: int) -> None:
        if 0 <= index < len(self.steps):
            del self.steps[index]
            self._show_steps()
            self._say(_("Step {n} deleted.", self.lang).format(n=index + 1))

    # -- the lesson ------------------------------------------------------------------------
    def make_lesson(self) -> Any:
        """The lesson of the steps so far (a `nbgames.teach.Lesson`), or None (and why)."""
        from .. import teach

        if not self.steps:
            self._say(_("Add a step first.", self.lang), ok=False)
            return None
        title = self._text(self.title) or _("A lesson from {game}", self.lang).format(game=self.game.title)
        try:
            self.lesson = teach.Lesson(title, list(self.steps), game=self.game.name)
        except teach.LessonError as exc:
            self._say(_refusal(exc, self.lang), ok=False)
            return None
        return self.lesson

    def lesson_json(self) -> str | None:
        """The lesson file's text (checked by `load_lesson` as a learn page will), or None."""
        from .. import teach

        lesson = self.make_lesson()
        if lesson is None:
            return None
        text = json.dumps(lesson.to_dict(), ensure_ascii=False, indent=1)
        try:
            teach.load_lesson(text, game=self.game.name)
        except teach.LessonError as exc:  # pragma: no cover - a made lesson is a valid file
            self._say(_refusal(exc, self.lang), ok=False)
            return None
        return text + "\n"

    def save(self) -> None:
        """*Save lesson file*: a download link of the lesson file (a data URL, like Save game)."""
        text = self.lesson_json()
        if text is None:
            self.save_link.value = ""
            return
        slug = re.sub(r"[^A-Za-z0-9_-]+", "-", self._text(self.title)).strip("-")[:40]
        name = f"{self.game.name}-{slug or 'lesson'}.json"
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        label = _esc(_("Download the lesson file {name}", self.lang).format(name=name))
        note = _esc(_("Open it on the game's learn page (Open a lesson file), or put it next to the learn "
                      "notebook and open learn.ipynb?lesson={name}", self.lang).format(name=name))
        self.save_link.value = (f"<a download='{html.escape(name)}' href='data:application/json;base64,{data}'"
                                f" class='nbg-rec-download'>{label}</a><br><small>{note}</small>")
        self._say(_("The lesson file is ready: {n} steps, checked.", self.lang).format(n=len(self.steps)))

    def preview(self) -> None:
        """*Preview as a student*: the lesson in the lesson runner, below, on this page."""
        lesson = self.make_lesson()
        if lesson is None:
            return
        runner = lesson.runner(self.game.name)
        runner.file_upload.layout.display = "none"  # a preview shows this lesson only
        kit = getattr(runner, "pagekit", None)
        if kit is not None:  # the browser's file guard now asks this page kit: the play page's
            kit.max_upload = MAX_RECORD_BYTES  # Load keeps its own limit and its own words
            kit.on_too_large(lambda *_: setattr(self.controller.view.status, "value",
                                                t("status.load_too_big", self.lang)))
        self.runner = runner
        replace_children(self.preview_box, (runner.widget,))  # the last preview, closed
        self._say(_("The preview is below: answer as a student would.", self.lang))


def _refusal(exc: Any, lang: str) -> str:
    return exc.localized(lang)
