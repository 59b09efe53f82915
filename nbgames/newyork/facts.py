"""What a New York state shows, as a part of the `NewYork` rules class (a mixin that only
reads the state): scores (NY-17, NY-18, V3, V4), each seat's view, previews and
determinizations. The keys of `view` and `preview` are listed in ``rules.py``."""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

from ..engine.action import Action
from ..engine.chance import Chance, shuffle
from ..engine.events import Event
from ..engine.plaincopy import copied
from ..i18n import msg
from .tables import (
    ACTION0,
    BLUE0,
    CARD_TYPES,
    COLOURS,
    DATA,
    NEIGHBOURS,
    SQUARES,
    STOP,
    N,
    back_of,
    card_name,
    square_name,
)


class Facts:
    """Scores, views, previews and determinizations of a `NewYork` state."""

    # -- scoring (NY-17, NY-18, V3, V4) ----------------------------------------------------
    def groups(self, colour: int) -> list[list[int]]:
        """Orthogonally connected groups of a colour, largest first."""
        seen = [False] * SQUARES
        out = []
        board = self.board
        for start in range(SQUARES):
            if board[start] != colour or seen[start]:
                continue
            seen[start] = True
            stack, group = [start], []
            while stack:
                sq = stack.pop()
                group.append(sq)
                for nb in NEIGHBOURS[sq]:
                    if not seen[nb] and board[nb] == colour:
                        seen[nb] = True
                        stack.append(nb)
            out.append(sorted(group))
        out.sort(key=lambda g: (-len(g), g[0]))
        return out

    def _colour_score(self, colour: int) -> tuple[int, list[int], int]:
        groups = self.groups(colour)
        largest = groups[0] if groups else []
        others = sum(len(g) for g in groups[1:])
        return 2 * len(largest) + others, largest, others

    def _counted_colour(self, seat: int) -> tuple[int, list[int], int, int]:
        """(points, largest group, other pieces, colour) of the colour that counts for `seat`
        (V3: the one with the larger largest group; ties: the better one)."""
        best = None
        for colour in self.seat_colours[seat] or []:
            points, largest, others = self._colour_score(colour)
            if best is None or (len(largest), points) > (len(best[1]), best[0]):
                best = (points, largest, others, colour)
        return best if best else (0, [], 0, -1)

    def explain_scores(self) -> list[dict[str, Any]]:
        out = []
        for seat in range(self.players):
            points, largest, others, colour = self._counted_colour(seat)
            parts = [
                {"rule": "NY-17", "what": msg("largest group"), "count": len(largest), "points": 2 * len(largest)},
                {"rule": "NY-17", "what": msg("other pieces"), "count": others, "points": others},
                {"rule": "NY-17", "what": msg("chips"), "count": self.chips[seat], "points": self.chips[seat]},
            ]
            out.append({
                "seat": seat,
                "colour": COLOURS[colour] if colour >= 0 else None,
                "largest_group": [square_name(sq) for sq in largest],
                "parts": parts,
                "total": points + self.chips[seat],
            })
        return out

    def scores(self) -> list[int]:
        # the bots' evaluation asks this at every playout's end: no score lines built
        return [self._counted_colour(seat)[0] + self.chips[seat] for seat in range(self.players)]

    def winners(self) -> list[int]:
        scores = self.scores()
        if self.teammate is not None:  # V4: the team with the higher sum wins
            team = [scores[s] + scores[self.teammate[s]] for s in range(self.players)]
            best = max(team)
            return [s for s in range(self.players) if team[s] == best]
        best = max(scores)
        return [s for s in range(self.players) if scores[s] == best]

    # -- hidden information ----------------------------------------------------------------
    def components(self) -> Counter:
        """Every card wherever it lies (hands, draw and discard piles), every piece (board and
        supply) and every chip: the multiset a determinization must conserve."""
        out = Counter()
        for hand in self.hands:
            out.update({f"card {card_name(c)}": n for c, n in enumerate(hand) if n})
        out.update(f"card {card_name(c)}" for c in self.deck + self.discard)
        for colour in range(self.ncolours):
            out[f"piece {COLOURS[colour]}"] = self.board.count(colour) + self.supply[colour]
        out["chips"] = sum(self.chips)
        return out

    def determinize(self, seat: int, rng: random.Random) -> Facts:
        """A copy that agrees with view(seat): other hands (same number of red- and
        blue-backed cards each) and the draw pile are re-dealt from what seat cannot see."""
        other = copy.copy(self)
        for name in ("board", "occupied", "row_lines", "col_lines", "supply", "setup_left", "chips", "hands", "held",
                     "deck", "discard", "seat_colours", "colour_owner"):
            setattr(other, name, copied(getattr(self, name)))  # plain lists: no deepcopy needed
        other.events = list(self.events)  # events are immutable
        other.rng = Chance(rng.getrandbits(64))
        hidden = list(self.deck)
        wanted = []
        for s, hand in enumerate(other.hands):
            if s == seat:
                continue
            cards = [c for c in range(CARD_TYPES) for _ in range(hand[c])]
            hidden += cards
            wanted.append((s, sum(back_of(c) == 0 for c in cards), sum(back_of(c) == 1 for c in cards)))
            other.hands[s] = [0] * CARD_TYPES
            other.held[s] = 0
        hidden.sort()  # the unseen cards, not where they really lie, go into the shuffle
        shuffle(rng, hidden)
        # Each seat takes the first cards of each back left in the shuffled pile (one pass,
        # not a search per card); the rest, in order, is the new draw pile.
        places: tuple[list[int], list[int]] = ([], [])  # where the red- and blue-backed cards lie
        for place, card in enumerate(hidden):
            back = back_of(card)
            if back >= 0:  # not STOP
                places[back].append(place)
        taken, used = set(), [0, 0]
        for s, reds, blues in wanted:
            for back, count in ((0, reds), (1, blues)):
                for place in places[back][used[back]:used[back] + count]:
                    other._take(s, hidden[place])
                    taken.add(place)
                used[back] += count
        other.deck = [card for place, card in enumerate(hidden) if place not in taken]
        return other

    # -- views -----------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may know; the keys are listed in the module docstring."""
        board = self.board
        grid = [[None if board[r * N + c] < 0 else self.colour_owner[board[r * N + c]]
                 for c in range(N)] for r in range(N)]
        colours = [[None if board[r * N + c] < 0 else COLOURS[board[r * N + c]]
                    for c in range(N)] for r in range(N)]
        pending = None
        if self.pending is not None:
            pending = {"kind": self.pending.kind, "seat": self.pending.seat,
                       "squares": [square_name(s) for s in self.pending.squares]}
        in_play = range(self.ncolours)
        return {
            "game": self.name,
            "seat": seat,
            "phase": self.phase,
            "players": self.players,
            "to_move": self.to_move,
            "colours": COLOURS[: self.ncolours],
            "seat_colours": self._seat_colour_names(),
            "board": grid,
            "board_colours": colours,
            "chips": list(self.chips),
            "supply": {COLOURS[c]: self.supply[c] for c in in_play},
            "setup_left": {COLOURS[c]: self.setup_left[c] for c in in_play},
            "hand": self._hand_names(seat),
            "hand_counts": self._hand_counts(),
            "deck_size": len(self.deck),
            "discard_size": len(self.discard),
            "discard_top": [card_name(c) for c in self.discard[-2:]],
            "stop_armed": self.stop_armed,
            "stops_in_discard": self.discard.count(STOP),
            "stop_drawn_by": self.stop_drawn_by,
            "empty_squares": self.empty,
            "pending": pending,
            "teams": [[s, self.teammate[s]] for s in (0, 1)] if self.teammate else None,
            "avenues": DATA["avenues"],
            "streets": DATA["streets"],
            "fees": self._fee_grid(),
            "line_counts": {COLOURS[c]: {"avenues": [self.avenue_count(c, i) for i in range(N)],
                                         "streets": [self.street_count(c, i) for i in range(N)]} for c in in_play},
            "groups": self._group_names(),
        }

    def bot_view(self, seat: int | None) -> dict[str, Any]:
        """What the bots weigh of `view(seat)` (nbgames/newyork/bot.py, chances.py): who holds
        which colour, the eviction fees, the groups, the chips, how many cards each hand holds
        (all public) and the seat's own hand."""
        return {**self._public_bot_view(), "hand": self._hand_names(seat)}

    def bot_views(self) -> list[dict[str, Any]]:
        public = self._public_bot_view()
        return [{**public, "hand": self._hand_names(seat)} for seat in range(self.players)]

    def _public_bot_view(self) -> dict[str, Any]:
        return {"seat_colours": self._seat_colour_names(), "fees": self._fee_grid(), "groups": self._group_names(),
                "chips": list(self.chips), "hand_counts": self._hand_counts()}

    def _hand_names(self, seat: int | None) -> list[str]:
        """A seat's cards by name, in the order of card types (the view's `hand`; none for None)."""
        if seat is None:
            return []
        return [card_name(c) for c, count in enumerate(self.hands[seat]) for _ in range(count)]

    def _hand_counts(self) -> list[dict[str, int]]:
        """Per seat, its cards by the colour of their backs (NY-7: public)."""
        # road cards and jokers of each colour, then the action cards by back (red-backed first)
        return [{"red": sum(hand[:BLUE0]) + sum(hand[ACTION0::2]),
                 "blue": sum(hand[BLUE0:STOP]) + sum(hand[ACTION0 + 1::2])} for hand in self.hands]

    def _seat_colour_names(self) -> list[list[str]]:
        return [[COLOURS[c] for c in cs] for cs in self.seat_colours]

    def _fee_grid(self) -> list[list[int | None]]:
        board = self.board
        return [[self.fee(r * N + c) if board[r * N + c] >= 0 else None for c in range(N)] for r in range(N)]

    def _group_names(self) -> dict[str, list[list[str]]]:
        return {COLOURS[c]: [[square_name(sq) for sq in g] for g in self.groups(c)] for c in range(self.ncolours)}

    def preview(self, action: Action) -> dict[str, Any]:
        """What a legal action would do (keys in the module docstring), played on a
        determinized copy, so the draws it shows are imagined."""
        seat = self.to_move
        copy_ = self.determinize(seat, random.Random(0))
        mark = len(copy_.events)
        copy_.apply(action)
        happened: list[Event] = copy_.events[mark:]
        after, now = copy_.scores(), self.scores()
        square = evicted = placed = None
        fee, returned = 0, False
        for event in happened:
            if event.kind == "evict" and event.seat == seat:
                square, fee, evicted = event.square, event.fee, self.colour_owner[event.colour]
            elif event.kind == "return" and event.seat == seat:
                square, returned = event.square, True
            elif event.kind == "place" and event.seat == seat:
                square, placed = event.square, COLOURS[event.colour]
        return {
            "events": [e.to_json() for e in happened],
            "scores": after,
            "square": None if square is None else square_name(square),
            "fee": fee,
            "evicted": evicted,
            "returned": returned,
            "placed": placed,
            "score_change": [a - b for a, b in zip(after, now, strict=True)],
            "stop_armed": any(e.kind == "stop_armed" for e in happened),
        }
