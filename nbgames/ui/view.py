"""`GameView`: what every game's view shares — the interface the controller and the lesson
runner rely on (`on_choose`, `on_command`, `interactive`, `viewer`), on top of `BoardView`.

A view offers only actions from the game's own legal list and never plays them: it hands the
chosen action to its listeners (the controller or a lesson), which decide what happens.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine.action import Action
from ..engine.game import Game
from ..i18n import resolve
from .board import BoardView, Geometry
from .i18n import player_name  # noqa: F401  (views import it from here)


class GameView(BoardView):
    """A board view of one game. `seat` = whose private information is shown; ``None`` is
    hot-seat: the seat to move (unless `reveal` is False, as between two human players)."""

    def __init__(self, game: Game, seat: int | None, lang: str | None, geom: Geometry, **board_kwargs: Any):
        self.game = game
        self.seat = seat
        self.lang = resolve(lang)  # None: the page's language
        self.reveal = True
        self._interactive = True
        self._legal: list[Action] = []
        self._choose_callbacks: list[Callable[[Action], None]] = []
        self._command_callbacks: list[Callable[[str], None]] = []
        super().__init__(geom, **board_kwargs)

    # -- the interface ---------------------------------------------------------------------
    def on_choose(self, callback: Callable[[Action], None]) -> None:
        """Call `callback(action)` when the user completes choosing a legal action."""
        self._choose_callbacks.append(callback)

    def on_command(self, callback: Callable[[str], None]) -> None:
        """Call `callback(name)` for keyboard commands that are not moves ("undo", "redo")."""
        self._command_callbacks.append(callback)

    @property
    def interactive(self) -> bool:
        return self._interactive

    @interactive.setter
    def interactive(self, value: bool) -> None:
        self._interactive = bool(value)
        self._sync_controls()

    @property
    def viewer(self) -> int | None:
        """Whose private information is shown (None: nobody's)."""
        seat = self.seat if self.seat is not None else self.game.to_move
        return seat if self.reveal else None

    def event_lines(self, last: int | None = None) -> list[str]:
        """One sentence per engine event, oldest first (the canvas's text twin); `last`: only the
        newest ones (the log shows a window, so a long game costs no more per move)."""
        game = self.game
        events = game.events(max(0, game.event_count - last) if last else 0)
        return [self.event_text(event) for event in events]

    def event_text(self, event: Any) -> str:
        """One public engine event as a sentence, by the game's one renderer."""
        return self.game.manifest.event_text(event, self.lang)

    # -- for subclasses --------------------------------------------------------------------
    def _sync_controls(self) -> None:
        """Enable or disable the view's own buttons after `interactive` or the game changed."""

    def _before_emit(self) -> None:
        """Called just before a chosen action is handed on (e.g. to clear choice buttons)."""

    def say_why_not(self) -> None:
        """Called when a click plays nothing (a stale button, a forged value, a click after the
        position changed): a view with a status line says why (every click counts)."""

    def _emit(self, action: Action | None) -> None:
        if action is None:
            return
        if not self._interactive or action not in self._legal:
            self.say_why_not()
            return
        self._before_emit()
        for callback in list(self._choose_callbacks):
            callback(action)

    def _emit_notation(self, notation: Any) -> None:
        """Hand on the legal action with this notation (widget values may be anything)."""
        for action in self._legal:
            if str(action) == notation:
                self._emit(action)
                return
        self.say_why_not()

    def _command(self, name: str) -> None:
        for callback in list(self._command_callbacks):
            callback(name)
