"""Checking that a text is Japanese: the English words left in it, beyond what stays Latin in
any language (rule ids, move notation, numbers, units and the names a game keeps in Latin)."""

from __future__ import annotations

import random
import re

RULE_OR_NOTATION = re.compile(r"\b(?:[A-Z][A-Z0-9]*-V?\d+[a-z]?|[A-Z]\d{1,2}|[A-Z]{1,3}\d*)\b")
WORD = re.compile(r"[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ'’]+")
ALWAYS = {"VP", "OK", "Voil", "Jupyter", "JupyterLab", "Binder", "nbgames", "ipynb", "html", "json", "px"}


def english_words(text: str, allowed: set[str] | frozenset[str] = frozenset()) -> list[str]:
    """The English words of `text` outside rule ids, notation and the `allowed` names."""
    text = RULE_OR_NOTATION.sub(" ", re.sub(r"<[^>]+>", " ", text))
    return [w for w in WORD.findall(text) if w not in ALWAYS and w not in allowed and w.lower() not in allowed]


def is_japanese(text: str) -> bool:
    """True when `text` has kana or kanji in it."""
    return bool(re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", text))


def lesson_texts(lesson, wrong_answers: bool = True) -> list[str]:
    """Everything a learner reads in one lesson run to its end through Show me: title, intro,
    summary, each prompt, choice and explanation, a wrong answer's verdict (where a step has
    choices) and each right verdict (with what follows the move)."""
    from nbgames.ui.lesson import LessonSession

    out = [lesson.title, lesson.intro, lesson.summary]
    session = LessonSession(lesson)
    while not session.done:
        step = session.step
        out.append(step.prompt_text(session.game))
        out += [choice.label for choice in step.choices]
        out.append(session.explain().text)
        if wrong_answers and step.choices:
            wrong = next(c.value for c in step.choices if c.value != step.expected(session.game))
            verdict = session.submit(wrong)
            assert not verdict.ok
            out.append(verdict.text)
        verdict = session.show_me()
        assert verdict.ok, (lesson.id, verdict)
        out.append(verdict.text)
    return out


def english_lessons(lessons) -> list:
    """The lessons built on an English page, each checked to read without any Japanese (and run
    to its end); returned for the caller's own checks of their titles."""
    from nbgames.i18n import using

    with using("en"):
        built = lessons()
        for lesson in built:
            assert not [t for t in lesson_texts(lesson) if is_japanese(t)], lesson.id
    return built


def note_refusals(game, probes, reasons: dict) -> None:
    """Ask `game` why each probe (move text) is refused now; keep each refusal's reason, by its
    English words (text that names no move at all is refused too)."""
    from nbgames.engine.errors import IllegalAction

    for probe in probes:
        try:
            refusal = game.refusal(probe)
        except IllegalAction as exc:
            refusal = exc
        if refusal is not None:
            reasons[str(refusal.reason)] = refusal.reason


def finished_score_panel(name: str, players: int, seed: int, lang: str, moves_seed: int) -> tuple:
    """A play page whose game (every seat a random bot) was played to its end by random moves:
    (the page's app, its score panel's HTML with the rule links unwrapped, the panel's lines)."""
    from nbgames.ui.app import PlayApp

    app = PlayApp(name, players=players, seed=seed, lang=lang, seats=["random"] * players)
    rng = random.Random(moves_seed)
    while not app.game.is_over:
        app.game.play(rng.choice(app.game.legal_actions()))
    app.controller._update_scores()
    table = re.sub(r"<abbr[^>]*>|</abbr>", "", app.controller.scores.value)
    return app, table, [line for cell in re.findall(r"<td>([^<]*(?:<br>[^<]*)*)</td>", table)
                        for line in cell.split("<br>")]
