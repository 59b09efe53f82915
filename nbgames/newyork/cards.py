"""V1 action cards (Sanierung, Ruine, Spekulation, Baulöwe, Statik): their moves, their
legality checks and their effects, as a part of the `NewYork` rules class (a mixin; the stage
table in ``rules.py`` names these methods). Sanierung and Ruine leave a "fill" sub-decision,
Spekulation and Statik a "remove" one (`Pending`), which `NewYork._await` enters."""

from __future__ import annotations

from typing import NamedTuple

from ..engine.action import Action
from ..i18n import msg
from . import events as ev
from .events import PLACED
from .tables import (
    ACTION0,
    BACKS,
    BAULOWE,
    BLUE_JOKER,
    CENTRAL,
    CORNERS,
    DATA,
    PLACE,
    RED_CARDS,
    RED_JOKER,
    REMOVE,
    SPEKULATION,
    SQUARES,
    STANDALONE_ACTIONS,
    STATIK,
    N,
    action_card,
    back_of,
    card_name,
    line_index,
    line_squares,
    partner_cards,
    partner_squares,
    square_name,
)


class Pending(NamedTuple):
    """A V1 sub-decision: `seat` fills one of `squares` ("fill": Sanierung, Ruine), or removes
    one of its pieces on `squares` for `card_player`, who puts a `colour` piece there ("remove":
    Spekulation, Statik)."""

    kind: str
    seat: int
    squares: tuple[int, ...]
    card_player: int = -1
    colour: int = -1


class ActionCards:
    """The V1 part of `NewYork` (it reads and changes the state `NewYork` defines)."""

    def _action_card_actions(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        out: list[Action] = []
        codes = self._placing_codes(seat)
        mine = set(self.seat_colours[seat])
        for back in (0, 1):
            for kind in ("sanierung", "ruine"):
                if hand[action_card(kind, back)]:
                    out.append(STANDALONE_ACTIONS[kind, back])
            if hand[action_card("spekulation", back)] and codes:
                for other in range(self.players):
                    if other != seat and self.pieces_on_board(other) >= DATA["spekulation_min_pieces"]:
                        out.extend(SPEKULATION[back, other, code] for code in codes)
            partners = [p for p in partner_cards(back) if hand[p]]
            if hand[action_card("baulowe", back)] and codes:
                for partner in partners:
                    for sq in partner_squares(partner):
                        colour = self.board[sq]
                        if colour >= 0 and colour not in mine:
                            out.extend(BAULOWE[back, partner, sq, code] for code in codes)
            if hand[action_card("statik", back)]:
                for partner in partners:
                    joker = partner in (RED_JOKER, BLUE_JOKER)
                    for line in (range(N) if joker else (line_index(partner),)):
                        victims = self._statik_victims(seat, partner in RED_CARDS, line)
                        if not victims:  # playable, with no effect [R]
                            out.append(STATIK[back, partner, line, -1, self._no_effect_code(seat)])
                        elif codes:
                            targets = [-1] if len(victims) == 1 else victims
                            out.extend(STATIK[back, partner, line, t, code]
                                       for t in targets for code in codes)
        return out

    def _no_effect_code(self, seat: int) -> int:
        """The colour code a Statik without effect is written with (V3: the first colour)."""
        return self.seat_colours[seat][0] if self._explicit(seat) else -1

    def _statik_victims(self, seat: int, is_row: bool, line: int) -> list[int]:
        """Other seats with the most pieces in the line (V1 Statik)."""
        counts = [0] * self.players
        for sq in line_squares(is_row, line):
            colour = self.board[sq]
            if colour >= 0:
                counts[self.colour_owner[colour]] += 1
        counts[seat] = 0
        best = max(counts)
        return [s for s in range(self.players) if best and counts[s] == best]

    def _fill_actions(self) -> list[Action]:
        actor, squares = self.pending.seat, self.pending.squares
        explicit = self._explicit(actor)
        return [PLACE[sq, c if explicit else -1] for c in self.seat_colours[actor]
                if self.supply[c] > 0 for sq in squares]

    def _remove_actions(self) -> list[Action]:
        mine = set(self.seat_colours[self.pending.seat])
        return [REMOVE[sq] for sq in self.pending.squares if self.board[sq] in mine]

    def _check_card(self, action: Action) -> tuple[str, str] | None:
        """V1: the variant is on and the card (and a partner road card) is in hand."""
        if not self.action_cards:
            return "NY-V1", msg("Action cards are not in this game.")
        hand = self.hands[self.current]
        cards = action.args[:2] if action.kind in ("baulowe", "statik") else action.args[:1]
        missing = [card_name(c) for c in cards if not hand[c]]
        if missing:
            return "NY-V1", (msg("You do not hold {card}.", card=missing[0]) if len(missing) == 1 else
                            msg("You do not hold {card} and {other}.", card=missing[0], other=missing[1]))
        return None

    def _check_spekulation(self, action: Action) -> tuple[str, str] | None:
        _, victim, code = action.args
        seat, least = self.current, DATA["spekulation_min_pieces"]
        refusal = self._check_card(action) or self._check_placing(seat, code)
        if refusal:
            return refusal
        if victim == seat or victim >= self.players:
            return "NY-V1", msg("Spekulation names another player.")
        if self.pieces_on_board(victim) < least:
            return "NY-V1", msg("Player {n} has fewer than {least} pieces on the board.", n=victim + 1, least=least)
        return None

    def _check_baulowe(self, action: Action) -> tuple[str, str] | None:
        _, _, sq, code = action.args
        refusal = self._check_card(action) or self._check_placing(self.current, code)
        if refusal:
            return refusal
        colour = self.board[sq]
        if colour < 0 or colour in self.seat_colours[self.current]:
            return "NY-V1", msg("Baulöwe takes another player's piece in the named line; {name} holds none.",
                                name=square_name(sq))
        return None

    def _check_statik(self, action: Action) -> tuple[str, str] | None:
        _, partner, line, target, code = action.args
        seat = self.current
        refusal = self._check_card(action)
        if refusal:
            return refusal
        victims = self._statik_victims(seat, partner in RED_CARDS, line)
        if not victims:  # no other player's piece in the line: no effect [R]
            if target < 0 and code == self._no_effect_code(seat):
                return None
            back = (action.args[0] - ACTION0) % 2
            plain = STATIK[back, partner, line, -1, self._no_effect_code(seat)]
            return "NY-V1", msg("Nobody else has a piece in that line, so Statik has no effect: play '{plain}'.",
                                plain=str(plain))
        refusal = self._check_placing(seat, code)
        if refusal:
            return refusal
        if len(victims) == 1 and target >= 0:
            return "NY-V1", msg("Only player {n} has the most pieces there: name a player only when several "
                                "tie for the most.", n=victims[0] + 1)
        if len(victims) > 1 and target not in victims:
            tied = ", ".join(str(v + 1) for v in victims)
            return "NY-V1", msg("Players {tied} tie for the most pieces there: name one of them (e.g. '>{first}').",
                                tied=tied, first=victims[0])
        return None

    def _check_fill(self, action: Action) -> tuple[str, str] | None:
        sq, code = action.args
        if sq not in self.pending.squares:
            names = ", ".join(square_name(s) for s in self.pending.squares)
            return "NY-V1", msg("{name} is not one of the emptied squares ({names}).", name=square_name(sq),
                                names=names)
        return self._check_placing(self.pending.seat, code)

    def _check_remove(self, action: Action) -> tuple[str, str] | None:
        sq = action.args[0]
        if sq not in self.pending.squares or self.board[sq] not in self.seat_colours[self.pending.seat]:
            return "NY-V1", msg("{name} is not one of your pieces that can be removed.", name=square_name(sq))
        return None

    def _play_card(self, action: Action) -> None:
        """V1: the action card (and its partner road card) go to the discard pile."""
        seat, card = self.current, action.args[0]
        self._spend(seat, card)
        self.events.append(ev.ActionCard(seat, action.kind, BACKS[back_of(card)]))
        if action.kind in ("baulowe", "statik"):
            self._spend(seat, action.args[1])

    def _clear_and_fill(self, action: Action) -> None:
        """Sanierung / Ruine: the squares empty, then players fill them clockwise."""
        self._play_card(action)
        squares = CENTRAL if action.kind == "sanierung" else CORNERS
        for sq in squares:
            if self.board[sq] >= 0:
                self._clear(sq)
        self._next_filler(self.current, tuple(squares), first=True)

    def _spekulation(self, action: Action) -> None:
        _, victim, code = action.args
        self._play_card(action)
        seat = self.current
        self._await(Pending("remove", victim, tuple(range(SQUARES)), seat, self._colour_of(seat, code)))

    def _baulowe(self, action: Action) -> None:
        _, _, sq, code = action.args
        self._play_card(action)
        seat = self.current
        self.events.append(ev.Evict(seat, sq, self._clear(sq), 0))  # no fee
        placed = self._colour_of(seat, code)
        self._set(sq, placed)
        self.events.append(PLACED(seat, sq, placed))
        self._end_turn()

    def _statik(self, action: Action) -> None:
        _, partner, line, target, code = action.args
        self._play_card(action)
        seat, is_row = self.current, partner in RED_CARDS
        victims = self._statik_victims(seat, is_row, line)
        if not victims:
            self._end_turn()
            return
        victim = victims[0] if target < 0 else target
        self._await(Pending("remove", victim, tuple(line_squares(is_row, line)), seat,
                            self._colour_of(seat, code)))

    def _next_filler(self, seat: int, squares: tuple[int, ...], first: bool = False) -> None:
        """Sanierung/Ruine: clockwise from the card's player, each fills one square."""
        if squares:
            start = seat if first else self._next_seat(seat)
            for i in range(self.players):
                candidate = (start + i) % self.players
                if any(self.supply[c] > 0 for c in self.seat_colours[candidate]):
                    self._await(Pending("fill", candidate, squares))
                    return
        self._end_turn()

    def _fill(self, action: Action) -> None:
        sq, code = action.args
        actor = self.pending.seat
        colour = self._colour_of(actor, code)
        self._set(sq, colour)
        self.events.append(PLACED(actor, sq, colour))
        self._next_filler(actor, tuple(s for s in self.pending.squares if s != sq))

    def _remove(self, action: Action) -> None:
        sq = action.args[0]
        victim, card_player, colour = self.pending.seat, self.pending.card_player, self.pending.colour
        self.events.append(ev.Removed(victim, sq, self._clear(sq)))
        self._set(sq, colour)
        self.events.append(PLACED(card_player, sq, colour))
        self._end_turn()
