"""Galopp Royal's options, checked: ``deck`` (cards on top of the deck, top first) and
``scenario`` (start directly at a race with set boards, coins and positions). Both exist to build
teaching and test positions; anything malformed raises ValueError."""

from __future__ import annotations

from typing import Any

from .tables import CARD_COUNTS, CARD_KINDS, GOALS, MAX_SCENARIO_COINS, POND_DEPTH, RACES, START_COINS, TEAM


def normalize(players: int, options: dict[str, Any]) -> dict[str, Any]:
    """Fill in ``deck`` and ``scenario`` (both None by default); ValueError if invalid."""
    unknown = set(options) - {"deck", "scenario"}
    if unknown:
        raise ValueError(f"unknown Galopp Royal options: {sorted(map(str, unknown))[:5]}")
    out: dict[str, Any] = {"deck": None, "scenario": None}
    left = dict(CARD_COUNTS)
    if options.get("scenario") is not None:
        out["scenario"] = _scenario(players, options["scenario"], left)
    if options.get("deck") is not None:
        out["deck"] = _take(left, _card_list(options["deck"], "deck"), "deck")
    return out


def _scenario(players: int, scenario: Any, left: dict[str, int]) -> dict[str, Any]:
    if not isinstance(scenario, dict):
        raise ValueError("scenario must be an object")
    allowed = {"boards", "race", "coins", "positions", "starter"}
    unknown = set(scenario) - allowed
    if unknown or "boards" not in scenario:
        raise ValueError(f"scenario needs 'boards' and may have {sorted(allowed)}")
    race = _int(scenario.get("race", 1), 1, RACES, "scenario race")
    boards = scenario["boards"]
    if not isinstance(boards, list) or len(boards) != players:
        raise ValueError(f"scenario boards: one list of {TEAM} cards per seat ({players})")
    out_boards = []
    for board in boards:
        cards = _card_list(board, "scenario board")
        if len(cards) != TEAM:
            raise ValueError(f"scenario board: exactly {TEAM} cards")
        out_boards.append(_take(left, cards, "scenario"))
    coins = [_int(c, 0, MAX_SCENARIO_COINS, "scenario coins")
             for c in _per_seat(scenario.get("coins", [START_COINS] * players), players, "coins")]
    positions = [_int(p, -POND_DEPTH, GOALS[race - 1] - 1, "scenario position")
                 for p in _per_seat(scenario.get("positions", [0] * players), players, "positions")]
    starter = _int(scenario.get("starter", 0), 0, players - 1, "scenario starter")
    return {"boards": out_boards, "race": race, "coins": coins, "positions": positions, "starter": starter}


def _take(left: dict[str, int], cards: list[str], what: str) -> list[str]:
    """`cards`, counted off the cards still `left` (there are only so many of each kind)."""
    for card in cards:
        left[card] -= 1
        if left[card] < 0:
            raise ValueError(f"{what}: there are only {CARD_COUNTS[card]} {card} cards in the game")
    return cards


def _per_seat(value: Any, players: int, what: str) -> list:
    if not isinstance(value, list) or len(value) != players:
        raise ValueError(f"scenario {what}: one number per seat")
    return value


def _card_list(value: Any, what: str) -> list[str]:
    if not isinstance(value, list):
        raise ValueError(f"{what} must be a list of card names")
    for card in value:
        if not isinstance(card, str) or card not in CARD_COUNTS:
            raise ValueError(f"{what}: {str(card)[:20]!r} is not a card; cards: {', '.join(CARD_KINDS)}")
    return list(value)


def _int(value: Any, lo: int, hi: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise ValueError(f"{what} must be a whole number from {lo} to {hi}")
    return value
