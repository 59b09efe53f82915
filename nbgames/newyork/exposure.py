"""What an eviction may cost a New York seat (NY-10, NY-11): almost half the moves of a game
evict, three in four of them a piece whose fee is 1, and a piece that holds a group together costs
its owner more than the chips it brings. The bots' evaluations weigh it (`bot`, `chances`)."""

from __future__ import annotations

from collections.abc import Callable

from .tables import NOT_FIRST_STREET, NOT_LAST_STREET, SQUARES, N, square_name

HIT = (0.0, 0.3, 0.1, 0.03)  # chance a piece is evicted before the end, by its fee (more: none)
SQUARE = {square_name(sq): sq for sq in range(SQUARES)}


def spread(seed: int, squares: int) -> int:
    """The squares of `squares` (a bit mask) orthogonally connected to those of `seed`."""
    group = seed
    while True:
        grown = (group | group << N | group >> N | (group & NOT_LAST_STREET) << 1
                 | (group & NOT_FIRST_STREET) >> 1) & squares
        if grown == group:
            return group
        group = grown


def largest_size(squares: int) -> int:
    """How many squares the largest connected group of `squares` (a bit mask) holds."""
    best = 0
    while squares:
        group = spread(squares & -squares, squares)
        squares ^= group
        best = max(best, group.bit_count())
    return best


def exposure(view: dict, seat: int) -> float:
    """Points `seat` may expect to lose to evictions, from a view's groups and fees (see
    `group_exposure`). With two colours (V3) the one whose largest group counts (NY-17)."""
    groups = max((view["groups"][colour] for colour in view["seat_colours"][seat]),
                 key=lambda gs: (len(gs[0]), sum(map(len, gs))) if gs else (0, 0), default=None)
    if not groups:
        return 0.0
    fees = view["fees"]
    group = sum(1 << SQUARE[name] for name in groups[0])
    second = len(groups[1]) if len(groups) > 1 else 0
    return group_exposure(group, second, lambda sq: fees[sq // N][sq % N])


def group_exposure(group: int, second: int, fee: Callable[[int], int]) -> float:
    """Per piece of a largest group (a bit mask), the chance by its fee (`HIT`) times what
    removing it costs beyond the fee: 1, plus the squares the group loses when the piece holds it
    together (the group left, or the `second` largest, counts instead)."""
    size, total = group.bit_count(), 0.0
    rest = group
    while rest:
        bit = rest & -rest
        rest ^= bit
        paid = fee(bit.bit_length() - 1)
        if paid >= len(HIT):
            continue
        loss = 1 + size - max(largest_size(group ^ bit), second)
        if loss > paid:
            total += HIT[paid] * (loss - paid)
    return total
