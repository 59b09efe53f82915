"""Galopp Royal's numbers (``data.json``, checked on import) and the table of every action.

Notation (``str(action)``):

- ``bid 7`` / ``pass``            bid in an auction (GR-7) or drop out of it
- ``keep`` / ``arrange 2,1,4,3``  place the bought team on slots 1–4 (GR-9, GR-17): slot 1 gets the
  bearer now in slot 2, slot 2 the one in slot 1, and so on (the identity is written ``keep``)
- ``roll``                        roll the die on your race turn (GR-11); chance is resolved inside
- ``scheme +2 3:-2``              schemer option (a): own chair +2, seat 3's chair -2
- ``scheme +2 1:-1 3:-1``         option (a) with two chairs -1 each (``scheme -2 2:+2`` and
  ``scheme -2 1:+1 3:+1`` are option (b)); ``scheme +2`` / ``scheme -2`` when no other chair may
  be moved (GR-11 [R]). Pairs are written in ascending seat order.
- ``exchange 0:2 1:4 2:1``        the last-placed player discards the bearer in slot 2 of seat 0's
  board, slot 4 of seat 1's, … (one slot on every board, GR-16)

Every action is built once here and handed out by the rules (an Action is immutable).
"""

from __future__ import annotations

import itertools
import json
from importlib import resources
from typing import Any

from ..engine.action import Action

DATA: dict[str, Any] = json.loads(resources.files(__package__).joinpath("data.json").read_text("utf-8"))

CARD_COUNTS: dict[str, int] = DATA["cards"]
CARD_KINDS: list[str] = list(CARD_COUNTS)
ALL_CARDS: list[str] = [kind for kind, count in CARD_COUNTS.items() for _ in range(count)]
MOVES: dict[str, int] = DATA["card_moves"]
SCHEMER, GOOF = "schemer", "goof"
GOALS: list[int] = DATA["goals"]
PRIZES: list[list[int]] = DATA["prizes"]
RACES = len(GOALS)
POND_DEPTH: int = DATA["pond_depth"]
START_COINS: int = DATA["start_coins"]
FORCED_PRICE: int = DATA["forced_team_price"]
GUARD: int = DATA["empty_auction_guard"]
SLOTS: int = DATA["slots"]
TEAM: int = DATA["team_size"]
DIE: int = DATA["die_sides"]
SCHEME_OWN = DATA["schemer_moves"]["own"]
SCHEME_SINGLE = DATA["schemer_moves"]["single"]
SCHEME_PAIR = DATA["schemer_moves"]["pair"]
MIN_PLAYERS, MAX_PLAYERS = 3, 6
MAX_SCENARIO_COINS = 1000
# Nobody can ever hold more coins than this, so every possible bid is interned.
MAX_COINS = MAX_SCENARIO_COINS + sum(max(p) for p in PRIZES)

def _check_data() -> None:
    if len(GOALS) != len(PRIZES) or any(len(p) != 3 for p in PRIZES):
        raise ValueError("galopp_royal data: one prize triple per goal")
    if set(MOVES) | {SCHEMER} != set(CARD_KINDS) or SLOTS != DIE or TEAM != SLOTS:
        raise ValueError("galopp_royal data: card kinds, slots and die do not fit")
    # enough cards for six full boards plus the largest lot (GR-6 with six players)
    if len(ALL_CARDS) < TEAM * MAX_PLAYERS + MAX_PLAYERS:
        raise ValueError("galopp_royal data: too few bearer cards")


_check_data()

# -- the action table: every action of the game, built once --------------------------------
ACTIONS: dict[str, Action] = {}


def _add(kind: str, args: tuple, notation: str) -> Action:
    action = Action(kind, args, notation)
    ACTIONS[notation] = action
    return action


PASS = _add("pass", (), "pass")
BIDS: list[Action | None] = [None] + [_add("bid", (k,), f"bid {k}") for k in range(1, MAX_COINS + 1)]
ROLL = _add("roll", (), "roll")
KEEP = _add("arrange", (0, 1, 2, 3), "keep")
ARRANGEMENTS: list[Action] = [KEEP] + [
    _add("arrange", perm, "arrange " + ",".join(str(i + 1) for i in perm))
    for perm in itertools.permutations(range(SLOTS)) if perm != (0, 1, 2, 3)
]
EXCHANGES: dict[int, list[Action]] = {
    n: [_add("exchange", slots, "exchange " + " ".join(f"{s}:{slot + 1}" for s, slot in enumerate(slots)))
        for slots in itertools.product(range(SLOTS), repeat=n)]
    for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)
}
# scheme args: (own sign +1/-1, targets tuple ascending)
SCHEMES: dict[tuple[int, tuple[int, ...]], Action] = {}
for _sign in (1, -1):
    _own = f"{'+' if _sign > 0 else '-'}{SCHEME_OWN}"
    _one = f"{'-' if _sign > 0 else '+'}{SCHEME_SINGLE}"
    _two = f"{'-' if _sign > 0 else '+'}{SCHEME_PAIR}"
    SCHEMES[_sign, ()] = _add("scheme", (_sign, ()), f"scheme {_own}")
    for _t in range(MAX_PLAYERS):
        SCHEMES[_sign, (_t,)] = _add("scheme", (_sign, (_t,)), f"scheme {_own} {_t}:{_one}")
    for _t, _u in itertools.combinations(range(MAX_PLAYERS), 2):
        SCHEMES[_sign, (_t, _u)] = _add(
            "scheme", (_sign, (_t, _u)), f"scheme {_own} {_t}:{_two} {_u}:{_two}")
