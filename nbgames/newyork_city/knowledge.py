"""What each seat may know of a New York City game: `view(seat)`, `determinize` (a sampled
game that re-deals only what that seat cannot know) and `components` (everything physical).

Secret: the cards dealt or drawn into a hand (a drafted card, a card taken from the reserve or
back from a bid is seen by all), the order of the deck and of the fame tiles, and discarded
cards nobody else saw.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ..engine.chance import Chance
from ..engine.plaincopy import copied
from .tables import CARD_KINDS, PUBLIC


class Knowledge:
    """Mixin of `NewYorkCity`: views, determinization and the component count."""

    def _cards_json(self, counts: list[int]) -> dict[str, int]:
        return {self.T.letter(card): counts[card] for card in range(CARD_KINDS) if counts[card]}

    def view(self, seat: int | None) -> dict[str, Any]:
        T = self.T
        seats = []
        for s in range(self.players):
            mine = seat == s
            seats.append({
                "dollars": self.dollars[s], "on_characters": self.on_chars[s], "board": self.board[s],
                "stock": self.stock[s], "vp": self.vp[s], "press": self.press[s], "statue": self.statue[s],
                "characters": [{"number": n, "phase": T.characters[n].phase, "level": T.characters[n].level,
                                "used": n in self.used[s]} for n in sorted(self.chars[s])],
                "vehicles": {T.vehicle_colours[v]: k for v, k in enumerate(self.vehicles[s]) if k},
                "hand_size": self.hand_size(s),
                **self._seat_cards(s, mine),
                "last_pick": [T.letter(c) for c in self.last_pick[s]],
            })
        districts = [{
            "letter": self.letters[d], "name": T.districts[d], "tile": self.tile[d], "fame": list(self.fame_on[d]),
            "value": self.district_value(d), "neutral": self.neutral[d], "buildings": list(self.buildings[d]),
            "lanterns": sorted(T.lantern_colours[c] for c in T.lanterns_of[d]), "mayor": d == self.mayor,
        } for d in range(len(T.districts))]
        routes = [{"id": r.id, "ends": [self.letters[d] for d in r.ends],
                   "vehicle": T.vehicle_colours[r.vehicle] if self.vehicle_on[i] else None,
                   "vehicle_colour": T.vehicle_colours[r.vehicle],
                   "lanterns": [T.lantern_colours[c] for c in r.lanterns]} for i, r in enumerate(T.routes)]
        return {
            "round": self.round, "stage": self.stage, "to_move": self.to_move, "swaps_now": self.swaps_now,
            "players": self.players,
            "seat": seat, "letters": self.letters, "mayor": self.letters[self.mayor] if self.mayor >= 0 else None,
            "districts": districts, "routes": routes,
            "press_order": self._press_order(), "neutral_press": self.neutral_press,
            "statue": {"next": self.statue_next, "holders": [s for s in range(self.players) if self.statue[s]]},
            "fame_up": [{"id": t, "vehicle": T.vehicle_colours[T.fame[t][0]], "value": T.fame[t][1]}
                        for t in self.fame_up],
            "fame_left": len(self.fame_pile), "seats": seats,
            "display": [[T.letter(c) for c in pair] if pair else None for pair in self.display],
            "bidding": self._bidding_json(), "pool": list(self.pool), "deck_size": len(self.deck),
            "discard_size": len(self.discard), "draft_order": self.draft_order(), "bank": self.bank,
            "pending": self._pending_json(),
            "scores": self.scores(),
        }

    def bot_view(self, seat: int | None) -> dict[str, Any]:
        """What the bots weigh of `view(seat)` (nbgames/newyork_city/bot.py) but the scores
        (they ask `scores()` once for all seats): the stage, the bidding, the press order, what
        is pending and each seat's cards."""
        return {
            "stage": self.stage, "to_move": self.to_move, "swaps_now": self.swaps_now, "players": self.players,
            "press_order": self._press_order(), "bidding": self._bidding_json(), "pending": self._pending_json(),
            "seats": [self._seat_cards(s, seat == s) for s in range(self.players)],
        }

    def _seat_cards(self, s: int, mine: bool) -> dict[str, Any]:
        """A seat's cards as its view shows them: reserve, known hand, and the whole hand to itself."""
        return {"reserve": self._cards_json(self.reserve[s]), "known_hand": self._cards_json(self.hand_pub[s]),
                "hand": self._cards_json([self.hand(s, c) for c in range(CARD_KINDS)]) if mine else None}

    def _press_order(self) -> list[int | str]:
        ranking = sorted([(self.press_key(s), s) for s in range(self.players)] +
                         [((self.neutral_press, 0), "black")], key=lambda e: e[0], reverse=True)
        return [who for _, who in ranking]

    def _bidding_json(self) -> dict[str, Any] | None:
        if self.stage not in ("bid", "back", "hire", "move", "fame"):
            return None
        return {"kind": self.T.data["kinds"][self.bid_kind], "order": list(self.bid_order),
                "start": self.start_player, "values": list(self.bid_value), "done": list(self.bid_over),
                "cards": [[self.T.letter(c) for c in sorted(cards)] for cards in self.bid_cards]}

    def _pending_json(self) -> dict[str, Any] | None:
        if self.stage == "over" or not self.todo:
            return None
        task = self.todo[0]
        out: dict[str, Any] = {"what": task[0], "seat": task[1]}
        if task[0] == "draft":
            out["lap"] = task[2]
        elif task[0] in ("hire", "move"):
            out["limit" if task[0] == "hire" else "left"] = task[2]
        return out

    def components(self) -> Counter:
        """Cards, buildings, characters, fame tiles, vehicles and dollars, wherever they are."""
        out: Counter = Counter()
        cards = list(self.deck) + [card for card, _ in self.discard]
        for s in range(self.players):
            cards += self.hand_cards(s) + self.bid_cards[s]
            cards += [c for c in range(CARD_KINDS) for _ in range(self.reserve[s][c])]
        cards += [c for pair in self.display if pair for c in pair]
        out.update(f"card {self.T.letter(c)}" for c in cards)
        for s in range(self.players):
            out[f"building {s}"] += self.stock[s] + self.board[s] + sum(row[s] for row in self.buildings)
            out["dollar"] += self.dollars[s] + self.on_chars[s]
            out.update(f"character {n}" for n in self.chars[s])
            out["vehicle"] += sum(self.vehicles[s])
        out["dollar"] += self.bank
        out["building black"] += sum(self.neutral) + self.boxed_black
        out.update(f"character {n}" for n in self.pool + self.boxed_chars)
        out["vehicle"] += sum(self.vehicle_on)
        out.update(f"fame {t}" for t in self.fame_pile + self.fame_up + self.fame_gone)
        out.update(f"fame {t}" for tiles in self.fame_on for t in tiles)
        return out

    def determinize(self, seat: int, rng: random.Random):
        """A copy consistent with `view(seat)`: the deck, the other seats' secret hand cards,
        discards `seat` did not see and the order of the fame tiles are re-dealt from `rng`."""
        other = object.__new__(type(self))
        for key, value in self.__dict__.items():
            if key not in ("rng", "events", "T"):
                other.__dict__[key] = copied(value)
        other.T = self.T
        other.events = list(self.events)
        other.rng = Chance(rng.getrandbits(64))
        hidden_seats = [s for s in range(self.players) if s != seat]
        unknown = [i for i, (_, knower) in enumerate(other.discard) if knower not in (PUBLIC, seat)]
        pool = list(other.deck) + [other.discard[i][0] for i in unknown]
        for s in hidden_seats:
            pool += [c for c in range(CARD_KINDS) for _ in range(other.hand_sec[s][c])]
        pool.sort()  # the unseen cards, not where they really lie, go into the shuffle
        rng.shuffle(pool)
        deal = iter(pool)
        other.deck = [next(deal) for _ in other.deck]
        for i in unknown:
            other.discard[i] = (next(deal), other.discard[i][1])
        for s in hidden_seats:
            size = sum(other.hand_sec[s])
            other.hand_sec[s] = [0] * CARD_KINDS
            for _ in range(size):
                other.hand_sec[s][next(deal)] += 1
        other.fame_pile.sort()
        rng.shuffle(other.fame_pile)
        return other

