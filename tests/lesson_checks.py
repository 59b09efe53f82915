"""Checks shared by the lesson tests of every game (no widgets)."""

from __future__ import annotations

from nbgames.engine.errors import IllegalAction
from nbgames.ui.lesson import Lesson, LessonSession, Verdict


def snapshot(game) -> tuple:
    """All a game is: its record (the engine is deterministic) and what each seat may see."""
    return game.to_record(), [game.view(s) for s in range(game.players)], game.event_count


class LessonChecks:
    """`at_step`, `refused` and `accepted` for one game's lessons."""

    def __init__(self, lessons: list[Lesson]):
        self.lessons = {lesson.id: lesson for lesson in lessons}

    def at_step(self, lesson_id: str, step: int) -> LessonSession:
        """A session of a lesson with its first `step` steps done by "show me"."""
        session = LessonSession(self.lessons[lesson_id])
        for _ in range(step):
            assert session.show_me().ok
        assert session.step_index == step
        return session

    def refused(self, lesson_id: str, step: int, answer, rule: str) -> Verdict:
        """Submit a wrong answer: it must be refused citing `rule`, changing nothing."""
        session = self.at_step(lesson_id, step)
        before = snapshot(session.game)
        verdict = session.submit(answer)
        assert not verdict.ok, verdict
        assert verdict.rule == rule, verdict
        assert verdict.text
        assert session.step_index == step and not session.done
        assert snapshot(session.game) == before
        return verdict

    def accepted(self, lesson_id: str, step: int, answer) -> LessonSession:
        session = self.at_step(lesson_id, step)
        verdict = session.submit(answer)
        assert verdict.ok, verdict
        assert session.step_index == step + 1 or session.done
        return session

    def show_me_completes_every_step(self, lesson_id: str, rule_prefix: str) -> None:
        """Every step's "show me" answer is accepted by the lesson's own checker and cites a rule."""
        session = LessonSession(self.lessons[lesson_id])
        for index in range(len(session.lesson.steps)):
            prompt = session.prompt
            assert prompt and "{" not in prompt, prompt
            expected = session.expected()
            assert self.lessons[lesson_id].check(session.game, expected, index).ok
            verdict = session.show_me()
            assert verdict.ok and verdict.rule.startswith(rule_prefix), verdict
            assert session.shown
        assert session.done
        assert session.prompt == session.lesson.summary

    def reset_restores_the_start(self, lesson_id: str) -> bool:
        """Play a lesson through, reset it: the start comes back. True if playing changed the game."""
        session = LessonSession(self.lessons[lesson_id])
        start = snapshot(session.game)
        while not session.done:
            session.show_me()
        changed = snapshot(session.game) != start
        session.reset()
        assert session.step_index == 0 and not session.done
        assert snapshot(session.game) == start
        assert snapshot(self.lessons[lesson_id].start()) == start
        return changed

    def every_answer_gets_a_verdict(self, lesson_id: str) -> int:
        """At every step (reached by "show me"), every legal move of the position, every button's
        value and a few stray answers are judged with a verdict that cites a rule and says why,
        and judging changes nothing. A learner may click anything the board offers. Returns how
        many answers were judged."""
        session = LessonSession(self.lessons[lesson_id])
        judged = 0
        while not session.done:
            game, step = session.game, session.step
            answers = [*game.legal_actions(), *(choice.value for choice in step.choices), "", "nonsense", "A1"]
            before = snapshot(game)
            for answer in answers:
                try:
                    verdict = step.judge(game, answer)
                except IllegalAction:
                    continue  # a judge may let the engine speak (the session turns it into a verdict)
                assert isinstance(verdict, Verdict), (lesson_id, session.step_index, answer, verdict)
                assert verdict.text and (verdict.rule or not verdict.ok), (lesson_id, session.step_index, answer)
                judged += 1
            assert snapshot(game) == before, (lesson_id, session.step_index)
            assert session.show_me().ok
        return judged
