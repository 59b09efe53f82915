"""Helpers shared by the New York 1901 lessons: set positions, the board's public facts, judges.

Lessons see the game through the facade only (``view``, ``parse``, ``legal_actions``,
``refusal``); the positions come from the engine's ``position`` option (see ``position.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine.action import Action
from ..engine.game import Game, new_game
from ..i18n import _
from ..ui.lesson import Verdict, move_judge
from .tables import DEFAULT_DATA

AVENUES = [a["name"] for a in DEFAULT_DATA["avenues"][1:4]]  # Wall St, Pine St, Nassau St: every lesson's cards


def position_game(seats: list[dict[str, Any]] | None = None, *, characters: tuple[str, ...] = ("orange", "sky"),
                  market: list[str] | None = None, challenge: str = "bronze_baron", to_move: int = 0,
                  seed: int = 1901) -> Game:
    """A game at a set position: player 1 Greenwich (orange), player 2 Gramercy (sky)."""
    position: dict[str, Any] = {"characters": list(characters), "avenues": AVENUES, "challenge": challenge,
                                "to_move": to_move}
    if seats is not None:
        position["seats"] = seats
    if market is not None:
        position["market"] = market
    return new_game("newyork1901", players=len(characters), seed=seed, options={"position": position})


def lot(game: Game, name: str) -> dict[str, Any]:
    """A lot of the board by its name (public facts: district, size, cells)."""
    return next(x for x in game.view(None)["board"]["lots"] if x["name"] == name)


def card_of(game: Game, lot_name: str) -> str:
    """The lot card matching a lot ("orange3")."""
    facts = lot(game, lot_name)
    return f"{facts['district']}{facts['size']}"


def lot_arg(action: Action) -> str:
    """The lot named by an acquire, grab or recall ("lot C4" -> "C4")."""
    return str(action).partition(" ")[2]


def built_cells(game: Game, action: Action) -> list[str]:
    """The cells a build or rebuild would cover (from the engine's preview)."""
    return list(game.preview(action).get("cells", []))


def character_move(colour: str) -> str:
    """The notation choosing the character of a district colour."""
    return f"character {colour}"


def goal_judge(goal: Callable[[Game, Action], Verdict]) -> Callable:
    """A move judge: the engine refuses illegal moves with its rule id; `goal` judges the rest."""
    return move_judge(goal)


def wrong_kind(action: Action, rule: str, want: str) -> Verdict:
    return Verdict(False, rule, _("{move} is a legal move, but this step asks you to {want}.").format(
        move=action, want=want))


def end_goal(rule: str) -> Callable[[Game, Action], Verdict]:
    """The goal of a step asking to end the turn."""
    def goal(game: Game, action: Action) -> Verdict:
        if action.kind == "end":
            return Verdict(True, rule, _("Your turn is over."))
        return wrong_kind(action, rule, _("end your turn"))

    return goal
