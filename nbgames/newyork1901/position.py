"""Set positions for lessons, puzzles and tests (the ``position`` option), as a part of the
`NewYork1901` rules class. A position says who has which character, which lots and buildings,
and optionally the market, avenue cards, challenge, extra VP and used action cards:

```
{"characters": ["orange", "sky"],                 # per seat (required)
 "seats": [{"buildings": ["bI2@D4r0"],            # built on lots that become the seat's
            "lots": ["E4"],                       # lots holding one of its workers
            "vp": 3,                              # VP besides those of its buildings
            "used": ["boom"]}, {}],               # action cards already played
 "market": ["orange2", "sky3"],                   # the open market (else dealt from the pile)
 "avenues": ["Broadway", "Wall St", "Pine St"], "challenge": "bronze_baron",
 "to_move": 0}
```

Every lot card a position uses is taken out of the draw pile, so all components stay counted;
anything impossible raises ValueError naming it.
"""

from __future__ import annotations

from typing import Any

from .tables import CARDS, CHALLENGES, GOLD, Tables

KEYS = {"characters", "seats", "market", "avenues", "challenge", "to_move"}
SEAT_KEYS = {"buildings", "lots", "vp", "used"}


class Position:
    """Loading a set position into a fresh `NewYork1901` state."""

    T: Tables

    def _load_position(self, pos: Any) -> None:
        T = self.T

        def need(ok: bool, what: str) -> None:
            if not ok:
                raise ValueError(f"New York 1901 position: {what}")

        need(isinstance(pos, dict) and set(pos) <= KEYS, f"an object with keys among {sorted(KEYS)}")
        avenues = pos.get("avenues")
        if avenues is not None:
            need(isinstance(avenues, list) and all(isinstance(a, str) and a in T.avenues for a in avenues)
                 and len(set(avenues)) == len(avenues), "avenues names distinct avenues")
            self.avenues_in_play = sorted(T.avenues.index(a) for a in avenues)
        challenge = pos.get("challenge", self.challenge)
        need(challenge in CHALLENGES, f"challenge is one of {CHALLENGES}")
        self.challenge = ""  # no Gold Prestige while the position is laid out
        characters = pos.get("characters")
        need(isinstance(characters, list) and len(characters) == self.players, "one character per seat")
        need(len(set(map(str, characters))) == len(characters), "characters are distinct")
        for seat, name in enumerate(characters):
            district = T.district_index.get(name) if isinstance(name, str) else None
            need(district in self.in_play, f"{name!r} is not a character in play")
            self._take_character(seat, district, dealt=False)
        seats = pos.get("seats", [{}] * self.players)
        need(isinstance(seats, list) and len(seats) == self.players
             and all(isinstance(s, dict) and set(s) <= SEAT_KEYS for s in seats),
             f"seats is a list of one object per seat with keys among {sorted(SEAT_KEYS)}")
        for seat, spec in enumerate(seats):
            need(all(isinstance(spec.get(key, []), list) for key in ("buildings", "lots", "used")),
                 "buildings, lots and used are lists")
            for text in spec.get("buildings", []):
                parsed = T.parse_placement(text) if isinstance(text, str) else None
                need(parsed is not None, f"{text!r} is not a placement like 'bI2@D4r0'")
                tile, orientation, anchor = parsed
                mask = T.masks[tile][orientation][anchor]
                need(bool(mask) and not mask & self.occupied and not mask & T.parks, f"{text} does not fit there")
                for lot in T.lots_in(mask):
                    if self.lot_owner[lot] != seat:
                        self._claim(seat, lot, need)
                need(mask & ~self.owned[seat] == 0, f"{text} covers cells that are no lot")
                need(tile in self.tiles_in_hand(seat, GOLD), f"seat {seat} has no {T.tiles[tile].name} to build")
                self._place(seat, tile, mask)
            for text in spec.get("lots", []):
                cell = T.parse_cell(text) if isinstance(text, str) else None
                lot = T.lot_of_cell[cell] if cell is not None else -1
                need(lot >= 0, f"{text!r} is not a lot")
                self._claim(seat, lot, need)
                self.worker[lot] = seat
                self.workers_mask[seat] |= T.lot_mask[lot]
                self.supply[seat] -= 1
                need(self.supply[seat] >= 0, f"seat {seat} has more lots with a worker than workers")
            extra = spec.get("vp", 0)
            need(type(extra) is int and 0 <= extra <= 999, "vp is a whole number 0-999")
            self._score(seat, extra)
            used = spec.get("used", [])
            need(isinstance(used, list) and all(isinstance(u, str) and u in CARDS for u in used),
                 f"used lists action cards among {CARDS}")
            for card in used:
                self.cards[seat][CARDS.index(card)] = False
        self.events.clear()  # a set position starts with no history
        self.challenge = challenge
        market = pos.get("market")
        if market is not None:
            need(isinstance(market, list) and len(market) <= T.data["market_size"], "market is a short list of cards")
            for name in market:
                need(name in T.card_names and T.card_names.index(name) in self.pile_top,
                     f"no {name!r} card is left for the market")
                card = T.card_names.index(name)
                self.pile_top.remove(card)
                self.market.append(card)
        to_move = pos.get("to_move", 0)
        need(type(to_move) is int and 0 <= to_move < self.players, "to_move is a seat")
        self.current = to_move

    def _claim(self, seat: int, lot: int, need) -> None:
        """The lot becomes `seat`'s, its card coming from the draw pile or the market."""
        T = self.T
        card = T.lot_card[lot]
        name = T.lot_name(lot)
        need(self.lot_owner[lot] < 0 and T.lot_district[lot] in self.in_play and lot not in T.start_lot,
             f"lot {name} is not free")
        source = self.pile_top if card in self.pile_top else self.market
        need(card in source, f"no {T.card_names[card]} card is left for lot {name}")
        source.remove(card)
        self.held[seat][card] += 1
        self.lot_owner[lot] = seat
        self.owned[seat] |= T.lot_mask[lot]
