"""Building, demolishing and rebuilding (NY1901-5, NY1901-6), as a part of the `NewYork1901`
rules class: each seat's estate, the fast generators of legal placements, the one check per
kind that says why a placement is refused, and what a placement does.

A player's estate is every cell of its lots that no building covers: the lots holding its
workers, and what earlier builds and demolitions left empty of its lots [R]. A rebuild stands
in the cells its demolished building freed, extended only over the player's lots that hold its
workers and are adjacent to the demolished building: a lot with a cell sharing an edge with one
of its cells (NY1901-6).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.action import Action
from ..i18n import N_, msg
from .events import Build, Demolish, Prestige, Unlock, WorkerPlaced
from .tables import GOLD, TIERS, Placements, Tables

# Refusals naming a tier, one sentence per tier (a tier's name is not a word to slot into a sentence).
UNLOCK = {"silver": N_("Silver buildings unlock at {need} VP; you have {vp}."),
          "gold": N_("Gold buildings unlock at {need} VP; you have {vp}."),
          "legendary": N_("Legendary buildings unlock at {need} VP; you have {vp}."),
          "bronze": N_("Bronze buildings unlock at {need} VP; you have {vp}.")}
HIGHER = {"bronze": N_("The new building must be of a higher tier than bronze (bronze → silver → gold or "
                       "legendary)."),
          "silver": N_("The new building must be of a higher tier than silver (bronze → silver → gold or "
                       "legendary)."),
          "gold": N_("The new building must be of a higher tier than gold (bronze → silver → gold or legendary)."),
          "legendary": N_("The new building must be of a higher tier than legendary (bronze → silver → gold or "
                          "legendary).")}


class Building:
    """Placements of skyscraper tiles on a `NewYork1901` state."""

    T: Tables

    # -- what a seat may build -------------------------------------------------------------
    def estate(self, seat: int) -> int:
        """NY1901-5: the cells of `seat`'s lots that no building covers, as a mask."""
        return self.owned[seat] & ~self.occupied

    def top_tier(self, seat: int) -> int:
        """NY1901-5: the highest tier `seat`'s VP unlock (bronze 0, silver 1, gold 2)."""
        vp, unlocks = self.vp[seat], self.T.unlocks
        return GOLD if vp >= unlocks[GOLD] else 1 if vp >= unlocks[1] else 0

    def hand(self, seat: int, top: int, above: int = -1) -> int:
        """Tiles `seat` may place now, as a bit mask over tile numbers: its own left and the
        free legendaries (one per player), of a tier up to `top` and above `above`."""
        mask = self.in_hand[seat] & self.T.own_tiers[above + 1][top]
        if top >= GOLD and above < GOLD and self.legend_of[seat] < 0:
            mask |= self.legends_free
        return mask

    def tiles_in_hand(self, seat: int, top: int, above: int = -1) -> list[int]:
        """`hand` as a list of tile numbers, in order."""
        return self.T.cells(self.hand(seat, top, above))

    def _fits(self, tile: int, region: int, need: int) -> tuple:
        """(orientation, anchor, mask) of every placement of `tile` inside `region` with a cell
        on an avenue or by a park and a cell in `need`: per orientation, the anchors are found
        at once by shifting the region's bit mask by each cell's offset."""
        T = self.T
        found = []
        masks, offsets, touch_fit = T.masks[tile], T.offsets[tile], T.touch_fit[tile]
        for orientation in range(len(masks)):
            anchors = touch_fit[orientation] & T.all_of(region, offsets[orientation])
            if anchors and need != region:
                anchors &= T.any_of(need, offsets[orientation])
            if anchors:
                found += [(orientation, anchor, masks[orientation][anchor]) for anchor in T.cells(anchors)]
        return tuple(found)

    # Placements depend only on the board's geometry, so they are remembered in the tables' memo
    # (shared by every game of these tables and by the copies a search plays on): builds per
    # connected part of an estate (a tile lies within one: parts recur from game to game, whole
    # estates seldom), rebuilds per demolished building and the region it frees. Each is a
    # `Placements` filled tile by tile as asked; its `fitting` mask lets a hand skip at once the
    # tiles that fit nowhere there.
    def _part_table(self, part: int) -> Placements:
        """The builds inside `part`, filled tile by tile as asked (see `_fill_part`)."""
        T = self.T
        key = ("part", part)
        table = T.memo.get(key)
        if table is None:
            table = T.remember(key, Placements(len(T.tiles)))
        return table

    def _fill_part(self, table: Placements, part: int, tiles: int) -> None:
        """Per tile of the mask `tiles`: ((orientation, anchor, action) …, actions …) of its
        builds inside `part`."""
        T = self.T
        build, size, room = T.build_action, T.tile_size, part.bit_count()
        for tile in T.cells(tiles):
            found = self._fits(tile, part, part) if size[tile] <= room else ()
            keyed = tuple((o, a, build(tile, o, a)) for o, a, _ in found)
            table.rows[tile] = (keyed, tuple(action for _, _, action in keyed))
            if keyed:
                table.fitting |= 1 << tile
        table.asked |= tiles

    def _estate_table(self, estate: int) -> Placements:
        """Per tile: the actions of its builds in `estate` (its parts' rows, merged)."""
        T = self.T
        key = ("estate", estate)
        table = T.memo.get(key)
        if table is None:  # (part, its table) of each part a tile may fit in
            table = T.remember(key, Placements(len(T.tiles)))
            table.parts = tuple((part, self._part_table(part)) for part in T.parts(estate)
                                if part.bit_count() >= T.smallest_tile and part & T.touch)
        return table

    def _fill_estate(self, table: Placements, tiles: int) -> None:
        """Find the builds of each tile of the mask `tiles` in the estate of `table`: the tiles
        that fit in none of its parts at once, by the parts' `fitting` masks."""
        fitting = 0
        for part, part_table in table.parts:
            if tiles & ~part_table.asked:
                self._fill_part(part_table, part, tiles & ~part_table.asked)
            fitting |= part_table.fitting
        fitting &= tiles
        for tile in self.T.cells(fitting):
            rows = [part_table.rows[tile] for _, part_table in table.parts if part_table.fitting >> tile & 1]
            if len(rows) == 1:
                table.rows[tile] = rows[0][1]
            else:  # in more than one part: in order of orientation, then anchor
                table.rows[tile] = tuple(action for _, _, action in sorted(item for keyed, _ in rows for item in keyed))
        table.fitting |= fitting
        table.asked |= tiles

    def _build_actions(self, seat: int, first: bool = False) -> list[Action]:
        """The legal builds of `seat`, in order (`first`: stop after the first tile that fits)."""
        T = self.T
        estate = self.estate(seat)
        out: list[Action] = []
        if not estate & T.touch:
            return out
        table = self._estate_table(estate)
        if not table.parts:
            return out
        hand = self.hand(seat, self.top_tier(seat))
        if hand & ~table.asked:
            self._fill_estate(table, hand & ~table.asked)
        rows = table.rows
        for tile in T.cells(hand & table.fitting):
            out += rows[tile]
            if first:
                break
        return out

    def _fill_rebuilds(self, table: Placements, region: int, freed: int, tiles: int) -> None:
        """Per tile of the mask `tiles`: ((mask, action) …, actions …) of its rebuilds over the
        building `freed` within `region`, kept in the (region, freed) table."""
        T = self.T
        cell, demolish, room = T.first_cell(freed), T.demolish_action, region.bit_count()
        for tile in T.cells(tiles):
            found = self._fits(tile, region, freed) if T.tile_size[tile] <= room else ()
            pairs = tuple((mask, demolish(cell, tile, o, a)) for o, a, mask in found)
            table.rows[tile] = (pairs, tuple(action for _, action in pairs))
            if pairs:
                table.fitting |= 1 << tile
        table.asked |= tiles

    def _rebuild_site(self, freed: int) -> list:
        """[the lots with a cell in `freed`, the cells next to it, its rebuild tables by the
        worker cells next to it] of a building standing on `freed`, remembered in the memo."""
        T = self.T
        key = ("site", freed)
        site = T.memo.get(key)
        if site is None:
            lots, near = T.around(freed)
            site = T.remember(key, [lots, near, {}])
        return site

    def _rebuild_table(self, site: list, freed: int, near_workers: int) -> Placements:
        """The (region, freed) table of rebuilds over `freed` for the worker cells next to it,
        filled tile by tile as asked (see `_fill_rebuilds`)."""
        T = self.T
        region = freed | T.whole_lots(near_workers)
        key = ("rebuild", region, freed)
        table = T.memo.get(key)
        if table is None:
            table = T.remember(key, Placements(len(T.tiles)))
            table.parts = region
        site[2][near_workers] = table
        return table

    def _demolish_actions(self, seat: int, first: bool = False) -> list[Action]:
        """Every legal demolish-and-rebuild of `seat`, in order: by building, tile, orientation,
        anchor (`first`: stop after the first building that has one)."""
        T = self.T
        top = self.top_tier(seat)
        out: list[Action] = []
        if not top:  # nothing stands below the lowest tier unlocked
            return out
        supply, workers = self.supply[seat], self.workers_mask[seat]
        tier_of, starter = T.tier_of, T.starter.tier
        hands: dict[int, int] = {}
        worker_lots = None
        buildings = self.buildings
        for index in self.own_buildings[seat]:
            building = buildings[index]
            old_tier = tier_of[building[1]] if building[1] >= 0 else starter
            if old_tier >= GOLD or old_tier >= top:
                continue
            tiles = hands.get(old_tier)
            if tiles is None:
                tiles = hands[old_tier] = self.hand(seat, top, above=old_tier)
            if not tiles:
                continue
            freed = building[2]
            site = self._rebuild_site(freed)
            freed_lots, near_workers = site[0], site[1] & workers  # NY1901-6: those lots extend the region
            table = site[2].get(near_workers)
            if table is None:
                table = self._rebuild_table(site, freed, near_workers)
            if tiles & ~table.asked:
                self._fill_rebuilds(table, table.parts, freed, tiles & ~table.asked)
            enough = supply >= len(freed_lots)  # NY1901-6 is then met whatever the new building covers
            rows = table.rows
            for tile in T.cells(tiles & table.fitting):
                if enough:
                    out += rows[tile][1]
                else:
                    if worker_lots is None:
                        worker_lots = self._worker_lots(seat)
                    out += [action for mask, action in rows[tile][0]
                            if self._short(seat, freed, freed_lots, worker_lots, mask) <= 0]
            if first and out:
                break
        return out

    def workers_next_to(self, seat: int, freed: int) -> int:
        """NY1901-6: the cells of `seat`'s lots holding its workers that are adjacent to the
        demolished building `freed` (a cell of the lot shares an edge with one of its cells)."""
        return self.T.whole_lots(self.T.around(freed)[1] & self.workers_mask[seat])

    def _worker_lots(self, seat: int) -> list[int]:
        return [lot for lot, worker in enumerate(self.worker) if worker == seat]

    def _short(self, seat: int, freed: int, freed_lots: Sequence[int], worker_lots: list[int], mask: int) -> int:
        """NY1901-6: workers lacking to cover every lot of the freed area left with no
        building (workers the new building sends home count as in supply); <= 0 if enough."""
        lot_mask = self.T.lot_mask
        after = (self.occupied & ~freed) | mask
        needed = sum(1 for lot in freed_lots if not lot_mask[lot] & after)
        back = sum(1 for lot in worker_lots if lot_mask[lot] & mask)
        return needed - self.supply[seat] - back

    def can_build_or_rebuild(self, seat: int) -> bool:
        """Whether any build (without a pending acquire) or demolish-and-rebuild is legal."""
        if self._build_actions(seat, first=True):
            return True
        return not self.demolished and bool(self._demolish_actions(seat, first=True))

    # -- why a placement is refused (the one check of each kind) ---------------------------
    def _check_tile(self, seat: int, tile: int) -> tuple[str, str] | None:
        T = self.T
        spec = T.tiles[tile]
        if spec.legendary:
            if self.legend_of[seat] >= 0:
                return "NY1901-5", msg("You already built a legendary ({tile}); each player builds at most one.",
                                       tile=T.tiles[self.legend_of[seat]].name)
            owner = self.legend_owner[tile - T.own_tiles]
            if owner >= 0:
                return "NY1901-3", msg("{tile} is already built by Player {n}.", tile=spec.name, n=owner + 1)
        elif not self.tiles_left[seat][tile]:
            return "NY1901-3", msg("You have no {tile} tile left.", tile=spec.name)
        need = T.unlocks[spec.tier]
        if self.vp[seat] < need:
            return "NY1901-5", msg(UNLOCK[spec.tier_name], need=need, vp=self.vp[seat])
        return None

    def _check_cells(self, seat: int, mask: int, region: int, where: str) -> tuple[str, str] | None:
        T = self.T
        if not mask:
            return "NY1901-1", msg("This tile would stick out of the board.")
        for cell in T.cells(mask & ~region):
            name = T.cell_names[cell]
            if self.occupied >> cell & 1:
                return "NY1901-5", msg("{cell} already has a building; a tile goes on empty cells only.", cell=name)
            if T.parks >> cell & 1:
                return "NY1901-5", msg("{cell} is a park; nothing is built on parks.", cell=name)
            lot = T.lot_of_cell[cell]
            if lot < 0 or self.lot_owner[lot] != seat:
                return "NY1901-5", msg("{cell} is not on one of your lots; you build only on your estate.", cell=name)
            return "NY1901-6", msg(where, cell=name)
        if not mask & T.touch:
            return "NY1901-5", msg("This tile does not touch an avenue or a park.")
        return None

    def _check_build(self, action: Action) -> tuple[str, str] | None:
        seat = self.current
        if not (self.pending or self.acts > 0):
            return self._no_action_left()
        tile, orientation, anchor = action.args
        refusal = self._check_tile(seat, tile)
        if refusal:
            return refusal
        mask = self.T.masks[tile][orientation][anchor]
        return self._check_cells(seat, mask, self.estate(seat), N_("{cell} is not free to build on."))

    def _check_demolish(self, action: Action) -> tuple[str, str] | None:
        T = self.T
        seat = self.current
        if self.acts <= 0:
            return self._no_action_left()
        if self.demolished:
            return "NY1901-8", msg("You already demolished this turn; never two demolitions in one turn.")
        cell, tile, orientation, anchor = action.args
        index = self.cell_building[cell]
        building = self.buildings[index] if index >= 0 else None
        if building is None or building[0] != seat:
            return "NY1901-6", msg("There is no building of yours on {cell} to demolish.", cell=T.cell_names[cell])
        old = T.tiles[building[1]] if building[1] >= 0 else T.starter
        if old.tier >= GOLD:
            return "NY1901-6", msg("{tile} is a gold building; gold buildings cannot be replaced.", tile=old.name)
        if T.tiles[tile].tier <= old.tier:
            return "NY1901-6", msg(HIGHER[old.tier_name])
        refusal = self._check_tile(seat, tile)
        if refusal:
            return refusal
        freed = building[2]
        mask = T.masks[tile][orientation][anchor]
        refusal = self._check_cells(seat, mask, freed | self.workers_mask[seat],
                                    N_("{cell} holds none of your workers; a rebuild stands in the freed cells, "
                                       "extended only over your lots with a worker next to the demolished "
                                       "building."))
        if refusal:
            return refusal
        if not mask & freed:
            return "NY1901-6", msg("The new building must stand where the demolished one stood.")
        far = mask & self.workers_mask[seat] & ~self.workers_next_to(seat, freed)
        if far:
            lot = T.lot_name(T.lot_of_cell[T.cells(far)[0]])
            return "NY1901-6", msg("Your worker's lot {lot} does not touch the demolished building; a rebuild "
                                   "extends only over your lots with a worker next to it.", lot=lot)
        short = self._short(seat, freed, T.lots_in(freed), self._worker_lots(seat), mask)
        if short > 0:
            if short == 1:
                return "NY1901-6", msg("A lot of the freed area would be left with no building and you lack 1 "
                                       "worker to put on it, so you may not demolish this way.")
            return "NY1901-6", msg("Lots of the freed area would be left with no building and you lack {n} "
                                   "workers to put on them, so you may not demolish this way.", n=short)
        return None

    # -- what a placement does -------------------------------------------------------------
    def _place(self, seat: int, tile: int, mask: int) -> None:
        """Put a tile down: workers on the lots it covers go home, its VP score at once."""
        T = self.T
        spec = T.tiles[tile]
        if spec.legendary:
            self.legend_owner[tile - T.own_tiles] = seat
            self.legend_of[seat] = tile
            self.legends_free &= ~(1 << tile)
        else:
            self.tiles_left[seat][tile] -= 1
            if not self.tiles_left[seat][tile]:
                self.in_hand[seat] &= ~(1 << tile)
        back = 0
        for lot in T.lots_in(mask & self.workers_mask[seat]):
            self.worker[lot] = -1
            self.workers_mask[seat] &= ~T.lot_mask[lot]
            back += 1
        self.supply[seat] += back
        index = len(self.buildings)
        self.buildings.append((seat, tile, mask))
        self.own_buildings[seat].append(index)
        for cell in T.cells(mask):
            self.cell_building[cell] = index
        self.occupied |= mask
        self.events.append(Build(seat, spec.name, spec.tier_name, T.names(mask), spec.vp, back))
        self._score(seat, spec.vp)
        if spec.tier == GOLD and not spec.legendary and self.challenge == "gold_prestige":
            self._gold_prestige(seat, mask)

    def _gold_prestige(self, seat: int, mask: int) -> None:
        """NY1901-12: +1 VP per opponent building of a lower tier next to the new gold one
        (starter buildings and legendaries do not count [R])."""
        T = self.T
        near = {self.cell_building[c] for c in T.cells(T.neighbours_of(mask) & self.occupied)}
        count = 0
        for index in sorted(near):
            owner, tile, _ = self.buildings[index]
            if owner != seat and tile >= 0 and not T.tiles[tile].legendary and T.tiles[tile].tier < GOLD:
                count += 1
        if count:
            points = count * T.data["challenges"]["gold_prestige"]["points"]
            self.prestige[seat] += points
            self.events.append(Prestige(seat, points))
            self._score(seat, points)

    def _score(self, seat: int, points: int) -> None:
        before = self.top_tier(seat)
        self.vp[seat] += points
        for tier in range(before + 1, self.top_tier(seat) + 1):
            self.events.append(Unlock(seat, TIERS[tier], self.T.unlocks[tier]))

    def _build(self, action: Action) -> None:
        tile, orientation, anchor = action.args
        if self.pending:
            self.pending = False
        else:
            self.acts -= 1
        self.acted = True
        self._place(self.current, tile, self.T.masks[tile][orientation][anchor])
        self._after_action()

    def _demolish(self, action: Action) -> None:
        T = self.T
        seat = self.current
        cell, tile, orientation, anchor = action.args
        index = self.cell_building[cell]
        _, old, freed = self.buildings[index]
        self.buildings[index] = None
        self.own_buildings[seat].remove(index)
        self.razed[seat].append(old)
        for c in T.cells(freed):
            self.cell_building[c] = -1
        self.occupied &= ~freed
        self.events.append(Demolish(seat, T.tiles[old].name if old >= 0 else T.starter.name, T.names(freed)))
        self.acts -= 1
        self.pending, self.demolished, self.acted = False, True, True
        self._place(seat, tile, T.masks[tile][orientation][anchor])
        for lot in T.lots_in(freed):  # NY1901-6: a lot left with no building gets a worker
            if not T.lot_mask[lot] & self.occupied:
                self.worker[lot] = seat
                self.workers_mask[seat] |= T.lot_mask[lot]
                self.supply[seat] -= 1
                self.events.append(WorkerPlaced(seat, T.lot_name(lot)))
        self._after_action()
