"""What a New York 1901 state shows, as a part of the `NewYork1901` rules class (a mixin that
only reads the state): the scores by rule (NY1901-5, 10, 11, 12), the tie-break (NY1901-13),
each seat's view, the components and determinizations. The view's keys are listed in
``rules.py``."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from typing import Any

from ..engine.chance import Chance, shuffle
from ..engine.plaincopy import copied
from .tables import BRONZE, CARDS, GOLD, TIERS, Tables


class Facts:
    """Scores, views, components and determinizations of a `NewYork1901` state."""

    T: Tables

    # -- counting buildings ----------------------------------------------------------------
    def standing(self, seat: int) -> list[tuple[int, int]]:
        """(tile, cells mask) of `seat`'s buildings on the board (tile -1: the starter)."""
        buildings = self.buildings
        return [(buildings[index][1], buildings[index][2]) for index in self.own_buildings[seat]]

    def _challenge_tiles(self, seat: int) -> list[tuple[Any, int]]:
        """Buildings that count for challenge cards: no starter, no legendary [R]."""
        T = self.T
        return [(T.tiles[tile], mask) for tile, mask in self.standing(seat)
                if tile >= 0 and not T.tiles[tile].legendary]

    def tier_counts(self, seat: int) -> list[int]:
        counts = [0] * len(TIERS)
        for spec, _ in self._challenge_tiles(seat):
            counts[spec.tier] += 1
        return counts

    def gold_buildings(self, seat: int) -> int:
        return self.tier_counts(seat)[GOLD]

    def legend_height(self, seat: int) -> int:
        tile = self.legend_of[seat]
        return self.T.tiles[tile].height if tile >= 0 else 0

    # -- scoring ---------------------------------------------------------------------------
    def _track_parts(self, seat: int) -> list[dict[str, Any]]:
        parts = [{"rule": "NY1901-5", "what": "buildings", "count": len(self.standing(seat)),
                  "points": self.vp[seat] - self.prestige[seat]}]
        if self.challenge == "gold_prestige":
            parts.append({"rule": "NY1901-12", "what": "gold_prestige", "count": None, "points": self.prestige[seat]})
        return parts

    def _final_parts(self, seat: int, avenue_counts: list[list[int]] | None = None) -> list[dict[str, Any]]:
        """NY1901-10 avenue bonuses, NY1901-11 unused action cards, NY1901-12 the challenge
        (`avenue_counts`: those of `avenue_counts()`, when the caller has them already)."""
        T, data = self.T, self.T.data
        parts = []
        if avenue_counts is None:
            avenue_counts = self.avenue_counts()
        for avenue, counts in zip(self.avenues_in_play, avenue_counts, strict=True):
            best = max(counts)
            alone = counts[seat] == best > 0 and counts.count(best) == 1
            parts.append({"rule": "NY1901-10", "what": f"avenue:{T.avenues[avenue]}", "count": counts[seat],
                          "points": data["avenue_bonus"]["points"] if alone else 0})
        unused = sum(self.cards[seat])
        parts.append({"rule": "NY1901-11", "what": "unused_action_cards", "count": unused,
                      "points": unused * data["unused_action_card_vp"]})
        if self.challenge != "gold_prestige":  # scored during play
            count, points = self._challenge_score(seat)
            parts.append({"rule": "NY1901-12", "what": self.challenge, "count": count, "points": points})
        return parts

    def avenue_counts(self) -> list[list[int]]:
        """NY1901-10: per avenue in play, each seat's buildings with a cell on it (starter and
        legendary count), in one pass over the buildings."""
        touches = [self.T.avenue_mask[avenue] for avenue in self.avenues_in_play]
        counts = [[0] * self.players for _ in touches]
        for building in self.buildings:
            if building is not None:
                for per_seat, touch in zip(counts, touches, strict=True):
                    if building[2] & touch:
                        per_seat[building[0]] += 1
        return counts

    def _challenge_score(self, seat: int) -> tuple[int, int]:
        """(what counts, points) of the challenge card in play for `seat` (NY1901-12)."""
        T, spec = self.T, self.T.data["challenges"][self.challenge]
        tiles = self._challenge_tiles(seat)
        if self.challenge == "gold_tycoon":
            districts = sum(1 for area in T.district_mask
                            if sum(1 for tile, mask in tiles if tile.tier == GOLD and mask & area) >= spec["min_gold"])
            return districts, districts * spec["points"]
        if self.challenge == "generation_king":
            mine = self.tier_counts(seat)
            others = [self.tier_counts(s) for s in range(self.players) if s != seat]
            tiers = sum(1 for t in range(len(TIERS)) if all(mine[t] > o[t] for o in others))
            return tiers, tiers * spec["points"]
        if self.challenge == "master_architect":
            count = sum(1 for tile, _ in tiles if tile.irregular)
        else:  # bronze_baron
            count = sum(1 for tile, _ in tiles if tile.tier == BRONZE)
        return count, max([points for least, points in spec["table"] if count >= least], default=0)

    def explain_scores(self) -> list[dict[str, Any]]:
        """Per seat: the parts of its score by rule id (the end scorings once the game is over)."""
        out = []
        counts = self.avenue_counts() if self.is_over else None
        for seat in range(self.players):
            parts = self._track_parts(seat) + (self._final_parts(seat, counts) if self.is_over else [])
            out.append({"seat": seat, "parts": parts, "total": sum(p["points"] for p in parts)})
        return out

    def scores(self) -> list[int]:
        if not self.is_over:
            return list(self.vp)
        return [entry["total"] for entry in self.explain_scores()]

    def projected(self) -> list[int]:
        """Each seat's score if the game ended now."""
        counts = self.avenue_counts()
        return [self.vp[s] + sum(p["points"] for p in self._final_parts(s, counts)) for s in range(self.players)]

    def winners(self, scores: list[int] | None = None) -> list[int]:
        """NY1901-13: most VP; tie: the taller legendary, then more gold buildings; else shared
        (`scores`: those of `scores()`, when the caller has them already)."""
        scores = self.scores() if scores is None else scores
        keys = [(scores[s], self.legend_height(s), self.gold_buildings(s)) for s in range(self.players)]
        best = max(keys)
        return [s for s in range(self.players) if keys[s] == best]

    # -- hidden information ----------------------------------------------------------------
    def components(self) -> Counter:
        """Every lot card (pile, market, character cards, with the characters still in the box),
        worker, tile (supply, board, demolished), starter building, legendary and action card:
        the multiset a determinization must keep, the same all game long."""
        T = self.T
        out: Counter = Counter()
        piles = self.pile_top + [c for group in self.pile_groups for c in group] + self.market
        out.update(f"lot_card {T.card_names[c]}" for c in piles)
        for seat in range(self.players):
            out.update({f"lot_card {T.card_names[c]}": n for c, n in enumerate(self.held[seat]) if n})
            out[f"worker {seat}"] = self.supply[seat] + self.worker.count(seat)
            for tile, n in enumerate(self.tiles_left[seat]):
                out[f"tile {seat} {T.tiles[tile].name}"] += n
            for tile in [tile for tile, _ in self.standing(seat)] + self.razed[seat]:
                if tile < 0:
                    out["starter building"] += 1
                elif not T.tiles[tile].legendary:  # legendaries are counted once below
                    out[f"tile {seat} {T.tiles[tile].name}"] += 1
            for card in CARDS:
                out[f"action card {card}"] += 1
        for district, lot in enumerate(T.start_lot):  # characters nobody took yet: still in the box
            if district not in self.district:
                out[f"lot_card {T.card_names[T.lot_card[lot]]}"] += 1
                out["starter building"] += 1
        for tile in T.legendaries:
            out[f"legendary {T.tiles[tile].name}"] += 1
        return out

    def determinize(self, seat: int, rng: random.Random) -> Facts:
        """A copy that agrees with view(seat): only the order of the draw pile is unknown to
        anyone, so its unknown part and each group of cards known to lie under it are
        shuffled anew; future chance comes from `rng`."""
        other = copy.copy(self)
        for name in ("district", "lot_owner", "worker", "supply", "owned", "workers_mask", "cell_building",
                     "buildings", "razed", "tiles_left", "legend_owner", "legend_of", "vp", "prestige", "held",
                     "cards", "market", "pile_top", "pile_groups", "avenues_in_play", "in_play", "ready",
                     "in_hand", "own_buildings"):
            setattr(other, name, copied(getattr(self, name)))
        other.events = list(self.events)  # events are immutable
        other.rng = Chance(rng.getrandbits(64))
        for pile in [other.pile_top, *other.pile_groups]:
            pile.sort()  # the cards, not their real order, go into the shuffle
            shuffle(rng, pile)
        return other

    def preview(self, action) -> dict[str, Any]:
        """What a legal action would do, played on a determinized copy (keys: rules.py)."""
        seat = self.to_move
        other = self.determinize(seat, random.Random(0))
        mark = len(other.events)
        other.apply(action)
        happened = other.events[mark:]
        built = [e for e in happened if e.kind == "build"]
        return {
            "events": [e.to_json() for e in happened],
            "scores": other.scores(),
            "cells": list(built[-1].cells) if built else [],
            "vp_change": other.vp[seat] - self.vp[seat],
            "workers_back": sum(e.workers_back for e in built),
            "workers_placed": [e.lot for e in happened if e.kind == "worker_placed"],
            "unlocks": [e.tier for e in happened if e.kind == "unlock"],
            "turn_ends": other.to_move != seat or other.is_over,
        }

    # -- views -----------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may know: everything but the order of the draw pile (keys: rules.py)."""
        T = self.T
        lot = T.lot_name
        seats = []
        for s in range(self.players):
            seats.append({
                "character": T.districts[self.district[s]] if self.district[s] >= 0 else None,
                "vp": self.vp[s],
                "tier": TIERS[self.top_tier(s)],
                "workers": self.supply[s],
                "tiles_left": {T.tiles[t].name: n for t, n in enumerate(self.tiles_left[s])},
                "legendary": T.tiles[self.legend_of[s]].name if self.legend_of[s] >= 0 else None,
                "action_cards": [card for card, unused in zip(CARDS, self.cards[s], strict=True) if unused],
                "lot_cards": {T.card_names[c]: n for c, n in enumerate(self.held[s]) if n},
                "demolished": [T.tiles[t].name if t >= 0 else T.starter.name for t in self.razed[s]],
            })
        buildings = []
        for b in self.buildings:
            if b is not None:
                owner, tile, mask = b
                spec = T.tiles[tile] if tile >= 0 else T.starter
                buildings.append({"owner": owner, "tile": spec.name, "tier": spec.tier_name, "vp": spec.vp,
                                  "starter": tile < 0, "cells": list(T.names(mask))})
        return {
            "game": "newyork1901",
            "seat": seat,
            "phase": self.phase,
            "to_move": self.to_move,
            "players": self.players,
            "board": board_view(T),
            "districts_in_play": [T.districts[d] for d in self.in_play],
            "lot_owner": {lot(i): o for i, o in enumerate(self.lot_owner) if o >= 0},
            "workers": {lot(i): w for i, w in enumerate(self.worker) if w >= 0},
            "buildings": buildings,
            "market": [T.card_names[c] for c in self.market],
            "pile_size": self.pile_size(),
            "pile_bottom": [sorted(T.card_names[c] for c in group) for group in self.pile_groups],
            "avenues_in_play": [T.avenues[a] for a in self.avenues_in_play],
            "challenge": self.challenge,
            "seats": seats,
            "legendaries": {T.tiles[t].name: self.legend_owner[t - T.own_tiles] if self.legend_owner[t - T.own_tiles]
                            >= 0 else None for t in T.legendaries},
            "turn": {"seat": self.to_move, "actions_left": self.acts, "may_build": self.pending or self.acts > 0,
                     "demolished": self.demolished, "acted": self.acted},
            "end": {"triggered_by": self.trigger, "reason": self.trigger_reason or None,
                    "last_turns_left": self.last_turns},
            "projected": self.projected(),
        }

    def bot_view(self, seat: int | None) -> dict[str, Any]:
        """What the bots weigh of `view(seat)` (nbgames/newyork1901/bot.py): the projected
        scores, the workers on lots and the lots' names and sizes."""
        T = self.T
        return {"projected": self.projected(),
                "workers": {T.lot_name(i): w for i, w in enumerate(self.worker) if w >= 0},
                "board": {"lots": [{"name": T.lot_name(i), "size": T.lot_size[i]} for i in range(T.nlots)]}}


_BOARD_VIEWS: dict[int, str] = {}


def _picture(cells) -> str:
    """A shape as rows of # and . joined by / (as in data.json)."""
    rows, cols = max(r for r, _ in cells) + 1, max(c for _, c in cells) + 1
    return "/".join("".join("#" if (r, c) in cells else "." for c in range(cols)) for r in range(rows))


def board_view(T: Tables) -> dict[str, Any]:
    """The fixed map as plain data (a fresh copy each time): districts, parks, avenues, lots."""
    text = _BOARD_VIEWS.get(id(T))
    if text is None:
        data = T.data
        text = _BOARD_VIEWS[id(T)] = json.dumps({
            "rows": T.rows, "cols": T.cols,
            "districts": [{k: d.get(k, d["name"]) for k in ("name", "title", "letter", "colour")}
                          for d in data["districts"]],
            "parks": sorted(T.names(T.parks), key=T.cell_index.get),
            "avenues": [{"name": a["name"], "edges": a["edges"], "cells": list(T.names(T.avenue_mask[i]))}
                        for i, a in enumerate(data["avenues"])],
            "lots": [{"name": T.lot_name(i), "district": T.districts[T.lot_district[i]], "size": T.lot_size[i],
                      "cells": [T.cell_names[c] for c in T.lot_cells[i]], "start": i in T.start_lot}
                     for i in range(T.nlots)],
            "touch": list(T.names(T.touch)),
            "tiles": [{"name": t.name, "tier": t.tier_name, "vp": t.vp, "shape": _picture(t.cells),
                       "count": t.count, "irregular": t.irregular, "height": t.height or None}
                      for t in T.tiles + [T.starter]],
            "house_defaults": data.get("house_resolutions", {}),
            "house_rules": data.get("house_rules", {}),
        })
    return json.loads(text)
