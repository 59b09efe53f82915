# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""New York 1901's placements in C types: the hot spot of its decisions, as a typed core would
compute it (issue 30, item 5). Measured by `benchmarks/compiled_core.py --typed`, never shipped.

A board mask of 13 × 13 cells is three 64-bit words. Where a tile fits in a region is found as
the pure rules find it (`Building._fits`): per orientation, the region shifted by each cell's
offset, and-ed, and-ed with the anchors where the tile touches an avenue or a park. The pure
rules remember the placements of each estate part and rebuilt site in a memo, since Python pays
per operation; here there is no memo: the placements are found anew at every ask, in the same
order (tile, orientation, anchor; for rebuilds by building first). `install` puts the two typed
generators in place of `Building._build_actions` and `Building._demolish_actions`.
"""

from libc.stdint cimport uint64_t

from nbgames.newyork1901.tables import GOLD


cdef extern from *:
    int __builtin_ctzll(unsigned long long)


cdef enum:
    WORDS = 3
    MAX_ORIENTATIONS = 128
    MAX_CELLS = 8
    MAX_TILES = 64
    MAX_LOTS = 128
    NCELLS_MAX = 192

ctypedef uint64_t Mask[WORDS]


cdef struct Orientation:
    int tile
    int cells
    int offsets[MAX_CELLS]
    uint64_t touch[WORDS]  # anchors where it lies on the board and touches an avenue or a park


cdef inline void split(object mask, uint64_t* out):
    out[0] = <uint64_t>(mask & 0xFFFFFFFFFFFFFFFF)
    out[1] = <uint64_t>((mask >> 64) & 0xFFFFFFFFFFFFFFFF)
    out[2] = <uint64_t>(mask >> 128)


cdef inline void shifted(const uint64_t* a, int off, uint64_t* out):
    """`a >> off` for off >= 0, else `a << -off` (|off| < 64), in three words."""
    cdef int s
    if off == 0:
        out[0] = a[0]; out[1] = a[1]; out[2] = a[2]
    elif off > 0:
        s = off
        out[0] = (a[0] >> s) | (a[1] << (64 - s))
        out[1] = (a[1] >> s) | (a[2] << (64 - s))
        out[2] = a[2] >> s
    else:
        s = -off
        out[2] = (a[2] << s) | (a[1] >> (64 - s))
        out[1] = (a[1] << s) | (a[0] >> (64 - s))
        out[0] = a[0] << s


cdef inline bint empty(const uint64_t* m):
    return not (m[0] | m[1] | m[2])


cdef inline bint overlaps(const uint64_t* a, const uint64_t* b):
    return ((a[0] & b[0]) | (a[1] & b[1]) | (a[2] & b[2])) != 0


cdef class Geometry:
    """One data file's shapes and lots as C arrays, and its actions as they are met."""

    cdef Orientation orientation[MAX_ORIENTATIONS]
    cdef int first[MAX_TILES]  # a tile's orientations: first .. first + count - 1
    cdef int count[MAX_TILES]
    cdef int tiles, ncells
    cdef int lot_of_cell[NCELLS_MAX]
    cdef uint64_t lot_mask[MAX_LOTS][WORDS]
    cdef uint64_t neighbours[NCELLS_MAX][WORDS]
    cdef list builds  # the build action of orientation k at anchor a: builds[k * ncells + a], made when first met
    cdef dict demolishes  # (freed cell * MAX_ORIENTATIONS + k) * ncells + a -> demolish action
    cdef object T

    def __init__(self, T):
        cdef int k = 0, tile, o, i, cell, lot
        if T.ncells > NCELLS_MAX or len(T.tiles) > MAX_TILES or T.nlots > MAX_LOTS:
            raise ValueError("the board is larger than the typed core's arrays")
        self.T, self.tiles, self.ncells = T, len(T.tiles), T.ncells
        for tile in range(self.tiles):
            self.first[tile], self.count[tile] = k, len(T.masks[tile])
            for o in range(len(T.masks[tile])):
                offsets = T.offsets[tile][o]
                if k >= MAX_ORIENTATIONS or len(offsets) > MAX_CELLS or max(abs(x) for x in offsets) >= 64:
                    raise ValueError("a tile too large for the typed core")
                self.orientation[k].tile, self.orientation[k].cells = tile, len(offsets)
                for i in range(len(offsets)):
                    self.orientation[k].offsets[i] = offsets[i]
                split(T.touch_fit[tile][o], self.orientation[k].touch)
                k += 1
        self.builds, self.demolishes = [None] * (k * self.ncells), {}
        for cell in range(self.ncells):
            self.lot_of_cell[cell] = T.lot_of_cell[cell]
            split(T.neighbours_of(1 << <object>cell), self.neighbours[cell])  # a Python int: 169 bits
        for lot in range(T.nlots):
            split(T.lot_mask[lot], self.lot_mask[lot])

    cdef bint anchors(self, int k, const uint64_t* region, const uint64_t* need, bint needed, uint64_t* out):
        """The anchors of orientation k inside `region` (and, if `needed`, with a cell in `need`)."""
        cdef Orientation* o = &self.orientation[k]
        cdef Mask moved, some
        cdef int i
        out[0], out[1], out[2] = o.touch[0], o.touch[1], o.touch[2]
        for i in range(o.cells):
            shifted(region, o.offsets[i], moved)
            out[0] &= moved[0]; out[1] &= moved[1]; out[2] &= moved[2]
            if empty(out):
                return False
        if needed:
            some[0] = some[1] = some[2] = 0
            for i in range(o.cells):
                shifted(need, o.offsets[i], moved)
                some[0] |= moved[0]; some[1] |= moved[1]; some[2] |= moved[2]
            out[0] &= some[0]; out[1] &= some[1]; out[2] &= some[2]
        return not empty(out)

    cdef void covers(self, int k, int anchor, uint64_t* out):
        """The cells orientation k covers at `anchor`."""
        cdef Orientation* o = &self.orientation[k]
        cdef int i, cell
        out[0] = out[1] = out[2] = 0
        for i in range(o.cells):
            cell = anchor + o.offsets[i]
            out[cell >> 6] |= (<uint64_t>1) << (cell & 63)

    cdef object build(self, int k, int anchor):
        cdef int index = k * self.ncells + anchor
        action = self.builds[index]
        if action is None:
            tile = self.orientation[k].tile
            action = self.builds[index] = self.T.build_action(tile, k - self.first[tile], anchor)
        return action

    cdef int lots_in(self, const uint64_t* m, int* out):
        """The lots with a cell in `m`, in order of their first cell there, each once."""
        cdef int n = 0, w, cell, lot, j
        cdef uint64_t word
        cdef bint seen
        for w in range(WORDS):
            word = m[w]
            while word:
                cell = 64 * w + __builtin_ctzll(word)
                word &= word - 1
                lot = self.lot_of_cell[cell]
                if lot < 0:
                    continue
                seen = False
                for j in range(n):
                    if out[j] == lot:
                        seen = True
                        break
                if not seen:
                    out[n] = lot
                    n += 1
        return n

    cdef object demolish(self, int cell, int k, int anchor):
        key = (cell * MAX_ORIENTATIONS + k) * self.ncells + anchor
        action = self.demolishes.get(key)
        if action is None:
            tile = self.orientation[k].tile
            action = self.demolishes[key] = self.T.demolish_action(cell, tile, k - self.first[tile], anchor)
        return action


cdef Geometry geometry_of(object T):
    found = T.__dict__.get("_typed")
    if found is None:
        found = T._typed = Geometry(T)
    return <Geometry>found


def build_actions(self, int seat, bint first=False):
    """`Building._build_actions`, typed: the legal builds of `seat`, in order."""
    cdef Geometry G = geometry_of(self.T)
    cdef Mask region, anchors
    cdef int tile, k, w
    cdef uint64_t word, hand
    cdef list out = []
    cdef bint found
    estate = self.owned[seat] & ~self.occupied
    if not estate & self.T.touch:
        return out
    split(estate, region)
    hand = self.hand(seat, self.top_tier(seat))
    while hand:
        tile = __builtin_ctzll(hand)
        hand &= hand - 1
        found = False
        for k in range(G.first[tile], G.first[tile] + G.count[tile]):
            if not G.anchors(k, region, region, False, anchors):
                continue
            found = True
            for w in range(WORDS):
                word = anchors[w]
                while word:
                    out.append(G.build(k, 64 * w + __builtin_ctzll(word)))
                    word &= word - 1
        if first and found:
            break
    return out


def demolish_actions(self, int seat, bint first=False):
    """`Building._demolish_actions`, typed: every legal demolish-and-rebuild of `seat`, in order:
    by building, tile, orientation, anchor (NY1901-6)."""
    cdef Geometry G = geometry_of(self.T)
    cdef Mask freed, region, near, workers, occupied, after, anchors, covered, mask
    cdef int lots[MAX_LOTS]
    cdef int back_lots[MAX_LOTS]
    cdef int top, old_tier, tile, k, w, anchor, cell, nlots, i, needed, back, supply, first_cell
    cdef uint64_t word, hand
    cdef list out = []
    cdef bint enough, found
    T = self.T
    top = self.top_tier(seat)
    if not top:
        return out
    supply = self.supply[seat]
    split(self.workers_mask[seat], workers)
    split(self.occupied, occupied)
    tier_of, starter, buildings = T.tier_of, T.starter.tier, self.buildings
    hands = {}
    for index in self.own_buildings[seat]:
        building = buildings[index]
        old_tier = tier_of[building[1]] if building[1] >= 0 else starter
        if old_tier >= GOLD or old_tier >= top:
            continue
        tiles = hands.get(old_tier)
        if tiles is None:
            tiles = hands[old_tier] = self.hand(seat, top, old_tier)
        if not tiles:
            continue
        split(building[2], freed)
        # NY1901-6: the region is the freed cells and the whole lots of the workers next to them
        near[0] = near[1] = near[2] = 0
        first_cell = -1
        for w in range(WORDS):
            word = freed[w]
            while word:
                cell = 64 * w + __builtin_ctzll(word)
                word &= word - 1
                if first_cell < 0:
                    first_cell = cell
                near[0] |= G.neighbours[cell][0]; near[1] |= G.neighbours[cell][1]; near[2] |= G.neighbours[cell][2]
        for w in range(WORDS):
            near[w] &= ~freed[w] & workers[w]
            region[w] = freed[w]
        nlots = G.lots_in(near, lots)
        for i in range(nlots):
            for w in range(WORDS):
                region[w] |= G.lot_mask[lots[i]][w]
        nlots = G.lots_in(freed, lots)  # the freed lots, each of which needs a building or a worker
        enough = supply >= nlots
        hand = tiles
        found = False
        while hand:
            tile = __builtin_ctzll(hand)
            hand &= hand - 1
            for k in range(G.first[tile], G.first[tile] + G.count[tile]):
                if not G.anchors(k, region, freed, True, anchors):
                    continue
                for w in range(WORDS):
                    word = anchors[w]
                    while word:
                        anchor = 64 * w + __builtin_ctzll(word)
                        word &= word - 1
                        if not enough:  # NY1901-6: workers enough for the freed lots left bare
                            G.covers(k, anchor, mask)
                            for i in range(WORDS):
                                after[i] = (occupied[i] & ~freed[i]) | mask[i]
                                covered[i] = mask[i] & workers[i]
                            needed = 0
                            for i in range(nlots):
                                if not overlaps(G.lot_mask[lots[i]], after):
                                    needed += 1
                            back = G.lots_in(covered, back_lots)
                            if needed - supply - back > 0:
                                continue
                        out.append(G.demolish(first_cell, k, anchor))
                        found = True
        if first and found:
            break
    return out


def install(Building) -> None:
    """Put the typed generators in place of the pure ones."""
    Building._build_actions = build_actions
    Building._demolish_actions = demolish_actions
