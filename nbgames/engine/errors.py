"""Errors raised by every game: illegal actions and refused records."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules do not allow here. The game is left exactly as it was.

    ``rule`` is the rule id the refusal rests on (e.g. ``"NY-12"``); ``reason`` is a plain
    sentence for the player.
    """

    def __init__(self, rule: str, reason: str, action: object = None):
        super().__init__(f"{rule}: {reason}")
        self.rule = rule
        self.reason = reason
        self.action = action


class UnknownNotation(IllegalAction):
    """Text that names no action of this game at this point (a typo, another game's move):
    not a rule refusal of a real action. ``rule`` still points at the rule that says what
    moves look like here."""


class RecordError(ValueError):
    """A saved game that is malformed, from another game, or not a legal sequence of actions."""
