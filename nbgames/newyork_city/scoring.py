"""New York City's scores: NYC-13's final scoring (also shown as a running estimate during
the game) and NYC-14's winner."""

from __future__ import annotations

from typing import Any

from .tables import KINDS, msg

BLACK = -1  # the neutral buildings' place in a district's ranking


class Scoring:
    """Mixin of `NewYorkCity`: scores, their explanation by rule, the winner."""

    def district_value(self, d: int) -> int:
        """NYC-13: the score tile plus the fame tiles placed there."""
        return self.tile[d] + sum(self.T.fame[tile][1] for tile in self.fame_on[d])

    def district_ranking(self, d: int) -> list[tuple[int, int]]:
        """(who, points) from the most buildings down; ties by press; black competes like a
        player (its share is lost); no buildings, no place."""
        entries = [(self.buildings[d][s], self.press_key(s), s) for s in range(self.players) if self.buildings[d][s]]
        if self.neutral[d]:
            entries.append((self.neutral[d], (self.neutral_press, 0), BLACK))
        entries.sort(reverse=True)
        value = self.district_value(d)
        return [(who, value >> place) for place, (_, _, who) in enumerate(entries)]

    def _end_character_points(self, seat: int, number: int) -> int:
        T = self.T
        c = T.characters[number]
        if c.ability == "lanterns":
            return sum(row[seat] for d, row in enumerate(self.buildings) if c.lantern in T.lanterns_of[d])
        if c.ability == "half_press":
            return (self.press[seat] + 1) // 2
        if c.ability == "reserve_kind":
            return 2 * max(self.reserve[seat][:KINDS])
        if c.ability == "big_districts":
            return 2 * sum(1 for row in self.buildings if row[seat] >= 3)
        if c.ability == "vehicle_pair":
            return 5 * min(self.vehicles[seat][v] for v in c.vehicles)
        if c.ability == "vehicle_asset":
            return 6 * min(self.vehicles[seat][c.vehicles[0]], self.dollars[seat] + self.board[seat])
        return 0

    def _district_points(self) -> list[list[int]]:
        """Per seat, what each district's ranking gives it (NYC-13)."""
        districts = len(self.T.districts)
        out = [[0] * districts for _ in range(self.players)]
        for d in range(districts):
            for who, points in self.district_ranking(d):
                if who != BLACK:
                    out[who][d] = points
        return out

    def _press_bonus(self, seat: int) -> int:
        bonus = self.T.data["press_bonus"]
        return bonus["points"] if self.press[seat] >= bonus["threshold"] else 0

    def _leftover(self, seat: int) -> tuple[int, int]:
        """NYC-13: (dollars and buildings left, the points they give: half, rounded up)."""
        left = self.dollars[seat] + self.board[seat]
        return left, (left + 1) // 2

    def _end_points(self, seat: int) -> dict[int, int]:
        """NYC-12: the points of each end-of-game character the seat holds, by number."""
        T = self.T
        return {n: self._end_character_points(seat, n) for n in sorted(self.chars[seat])
                if T.characters[n].phase == "end"}

    def explain_scores(self) -> list[dict[str, Any]]:
        T = self.T
        district_points = self._district_points()
        out = []
        for seat in range(self.players):
            chars = sorted(self.chars[seat])
            left, left_points = self._leftover(seat)
            parts = [
                {"rule": "NYC-10", "what": msg("VP during the game"), "points": self.vp[seat]},
                {"rule": "NYC-13", "what": msg("character levels"), "count": len(chars),
                 "points": sum(T.characters[n].level for n in chars)},
                {"rule": "NYC-4", "what": msg("Statue of Liberty"), "points": self.statue[seat]},
                {"rule": "NYC-13", "what": msg("press track 5 or more"), "count": self.press[seat],
                 "points": self._press_bonus(seat)},
                {"rule": "NYC-13", "what": msg("dollars and buildings left ÷ 2"), "count": left, "points": left_points},
            ]
            parts += [{"rule": "NYC-12", "what": msg("character {n}", n=n), "character": n,  # the line names it
                       "points": points} for n, points in self._end_points(seat).items()]
            parts += [{"rule": "NYC-13", "what": msg("district {letter}", letter=self.letters[d]), "district": True,
                       "count": self.buildings[d][seat], "points": district_points[seat][d]}
                      for d in range(len(T.districts))]
            out.append({"seat": seat, "parts": parts, "total": sum(p["points"] for p in parts)})
        return out

    def scores(self) -> list[int]:
        """The totals of `explain_scores`, its parts added without their words: every bot
        evaluation asks (the contract tests check both agree)."""
        T, district_points = self.T, self._district_points()
        return [self.vp[seat] + sum(T.characters[n].level for n in self.chars[seat]) + self.statue[seat]
                + self._press_bonus(seat) + self._leftover(seat)[1] + sum(self._end_points(seat).values())
                + sum(district_points[seat]) for seat in range(self.players)]

    def winners(self) -> list[int]:
        """NYC-14: most VP; a tie goes to the one higher on the press track."""
        scores = self.scores()
        return [max(range(self.players), key=lambda s: (scores[s], self.press_key(s)))]
