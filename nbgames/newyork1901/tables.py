"""New York 1901's fixed tables, built once per data file: the board (cells, lots, parks,
avenues as bit masks), the tiles with their orientations and where each one fits, the lot
cards, and the action table (every action is built once and handed out again).

Cells are numbered ``row * cols + col``; a cell's name is its row letter (A = top) and its
column number (1 = left): "C4". A tile lies as in the board kit (``nbgames/ui/tiles.py``):
mirrored left–right first if asked, then turned clockwise a quarter turn ``r`` times; its first
cell (top row, leftmost) lands on the anchor cell. The default data is ``data.json``; a user's
own (same keys) comes in through the ``data`` option and is checked by `validate`.
"""

from __future__ import annotations

import json
import re
from importlib import resources
from typing import Any

from ..engine.action import Action

ROW_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
TIERS = ("bronze", "silver", "gold")
BRONZE, SILVER, GOLD = range(3)
CARDS = ("boom", "shift", "grab")  # Construction Boom, Market Shift, Land Grab (NY1901-8)
CHALLENGES = ("gold_tycoon", "master_architect", "gold_prestige", "bronze_baron", "generation_king")
_CELL = re.compile(r"([A-Z])([1-9][0-9]?)")
MEMO_LIMIT = 50_000  # placements remembered per data file (some MB at most)
_PLACEMENT = re.compile(r"([A-Za-z0-9_]{1,16})@([A-Z][1-9][0-9]?)r([0-3])(m?)")

DEFAULT_DATA: dict[str, Any] = json.loads(resources.files(__package__).joinpath("data.json").read_text("utf-8"))


def picture_cells(picture: str) -> tuple[tuple[int, int], ...]:
    """Cells of a shape drawn as rows of ``#`` and ``.`` separated by ``/``, normalised."""
    rows = picture.split("/")
    return _normal([(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#"])


def _normal(cells) -> tuple[tuple[int, int], ...]:
    top, left = min(r for r, _ in cells), min(c for _, c in cells)
    return tuple(sorted({(r - top, c - left) for r, c in cells}))


def oriented(cells, rotation: int, mirrored: bool) -> tuple[tuple[int, int], ...]:
    """The shape mirrored left–right (if `mirrored`), then turned clockwise `rotation` times."""
    if mirrored:
        cells = [(r, -c) for r, c in cells]
    for _ in range(rotation % 4):
        cells = [(c, -r) for r, c in cells]
    return _normal(cells)


def connected(cells) -> bool:
    cells = set(cells)
    if not cells:
        return False
    todo = [next(iter(cells))]
    seen = set(todo)
    while todo:
        r, c = todo.pop()
        for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)


class Tile:
    """A kind of skyscraper tile: a player's own (``count`` per player), a shared legendary,
    or the starter building."""

    def __init__(self, index: int, name: str, tier: int, vp: int, cells, count: int = 1,
                 legendary: bool = False, height: int = 0):
        self.index, self.name, self.tier, self.vp, self.cells = index, name, tier, vp, cells
        self.count, self.legendary, self.height = count, legendary, height
        rows = max(r for r, _ in cells) + 1
        cols = max(c for _, c in cells) + 1
        self.irregular = len(cells) != rows * cols  # not a rectangle (NY1901-3, Master Architect)
        self.orientations: list[tuple[int, bool, tuple]] = []  # distinct shapes: (rotation, mirrored, cells)
        self.orientation_of: dict[tuple[int, bool], int] = {}  # every (rotation, mirrored) -> its index
        for mirrored in (False, True):
            for rotation in range(4):
                shape = oriented(cells, rotation, mirrored)
                known = [i for i, (_, _, s) in enumerate(self.orientations) if s == shape]
                if not known:
                    self.orientations.append((rotation, mirrored, shape))
                self.orientation_of[rotation, mirrored] = known[0] if known else len(self.orientations) - 1

    @property
    def tier_name(self) -> str:
        return "legendary" if self.legendary else TIERS[self.tier]

    def __repr__(self) -> str:
        return f"<Tile {self.name}>"


class Placements:
    """Where tiles fit in one region of the board, found tile by tile as asked: `rows[tile]`
    (None until asked), and bit masks over tile numbers of the tiles `asked` and of those
    `fitting` there (at least one placement). `parts`: what the region is made of."""

    __slots__ = ("rows", "asked", "fitting", "parts")

    def __init__(self, tiles: int):
        self.rows: list[Any] = [None] * tiles
        self.asked = self.fitting = 0
        self.parts: Any = None


class Tables:
    """Everything fixed about one data file; shared by every game played with it."""

    def __init__(self, data: dict[str, Any]):
        validate(data)
        self.data = data
        self.rows, self.cols = R, C = data["rows"], data["cols"]
        self.ncells = N = R * C
        self.cell_names = [f"{ROW_LETTERS[i // C]}{i % C + 1}" for i in range(N)]
        self.cell_index = {name: i for i, name in enumerate(self.cell_names)}
        self.full = (1 << N) - 1
        first_col = sum(1 << (r * C) for r in range(R))
        self.not_first_col = self.full & ~first_col
        self.not_last_col = self.full & ~(first_col << (C - 1))

        self.districts = [d["name"] for d in data["districts"]]
        self.district_index = {name: i for i, name in enumerate(self.districts)}
        self.unused_in_two = self.district_index[data["two_player_unused_district"]]
        self.parks = sum(1 << self.cell_index[name] for name in data["parks"])

        # lots, sorted by their first cell; a lot is named by that cell
        lots = sorted(data["lots"], key=lambda lot: min(self.cell_index[c] for c in lot["cells"]))
        self.lot_district = [self.district_index[lot["district"]] for lot in lots]
        self.lot_cells = [tuple(sorted(self.cell_index[c] for c in lot["cells"])) for lot in lots]
        self.lot_mask = [sum(1 << c for c in cells) for cells in self.lot_cells]
        self.lot_size = [len(cells) for cells in self.lot_cells]
        self.nlots = len(lots)
        self.lot_of_cell = [-1] * N
        for lot, cells in enumerate(self.lot_cells):
            for cell in cells:
                self.lot_of_cell[cell] = lot
        self.district_mask = [0] * len(self.districts)
        for lot, mask in enumerate(self.lot_mask):
            self.district_mask[self.lot_district[lot]] |= mask
        self.start_lot = [self.lot_of_cell[self.cell_index[d["start"]]] for d in data["districts"]]

        # lot cards: one kind per (district, size); a card is its kind's number
        self.card_names = [f"{d}{size}" for d in self.districts for size in (2, 3)]
        self.lot_card = [2 * self.lot_district[lot] + self.lot_size[lot] - 2 for lot in range(self.nlots)]

        # avenues: the cells with an edge on each; parks: cells next to one
        self.avenues = [a["name"] for a in data["avenues"]]
        self.avenue_mask = [self._avenue_cells(a["edges"]) for a in data["avenues"]]
        near_park = self.neighbours_of(self.parks)
        self.touch = (near_park | _union(self.avenue_mask)) & ~self.parks

        # tiles: the player's own, then the legendaries; the starter building apart
        self.tiles: list[Tile] = []
        for spec in data["tiles"]:
            self.tiles.append(Tile(len(self.tiles), spec["name"], TIERS.index(spec["tier"]), spec["vp"],
                                   picture_cells(spec["shape"]), spec["count"]))
        self.own_tiles = len(self.tiles)
        for spec in data["legendaries"]:
            self.tiles.append(Tile(len(self.tiles), spec["name"], GOLD, spec["vp"], picture_cells(spec["shape"]),
                                   legendary=True, height=spec["height"]))
        self.legendaries = list(range(self.own_tiles, len(self.tiles)))
        starter = data["starter"]
        self.starter = Tile(-1, starter["name"], TIERS.index(starter["tier"]), starter["vp"],
                            picture_cells(starter["shape"]))
        self.tile_index = {tile.name: tile.index for tile in self.tiles}
        self.tiles_per_player = sum(t.count for t in self.tiles[: self.own_tiles])
        # masks[tile][orientation][anchor]: the cells covered, 0 where the tile leaves the board
        shapes: dict[tuple, list[int]] = {}
        self.masks = [[shapes.setdefault(cells, self._fits(cells)) for _, _, cells in t.orientations]
                      for t in self.tiles]
        self.shape_of = [tuple(cells for _, _, cells in t.orientations) for t in self.tiles]
        # per tile and orientation, for finding all placements at once with bit shifts: the offsets
        # of its cells from the anchor, the anchors where it fits on the board, and those where a
        # cell of it touches an avenue or a park
        self.offsets = [[self._offsets(cells) for _, _, cells in t.orientations] for t in self.tiles]
        self.fit = [[_union(1 << a for a, m in enumerate(masks) if m) for masks in per] for per in self.masks]
        self.touch_fit = [[self.fit[t][o] & self.any_of(self.touch, self.offsets[t][o])
                           for o in range(len(self.masks[t]))] for t in range(len(self.tiles))]

        # for the legal-move generators (building.py): each tile's tier and size, and a memo of
        # placements found in a region (pure geometry: valid for every game of these tables)
        self.tier_of = [t.tier for t in self.tiles]
        self.tile_size = [len(t.cells) for t in self.tiles]
        self.smallest_tile = min(self.tile_size)
        # bit masks over tile numbers: own_tiers[above + 1][top], a player's own tiles of a tier
        # above `above` and up to `top`; the player's own at the start; the legendaries
        self.own_tiers = [[_union(1 << t for t in range(self.own_tiles) if above < self.tier_of[t] <= top)
                           for top in range(len(TIERS))] for above in range(-1, len(TIERS))]
        self.own_at_start = _union(1 << t for t in range(self.own_tiles) if self.tiles[t].count)
        self.legendaries_mask = _union(1 << t for t in self.legendaries)
        self.memo: dict[tuple, Any] = {}
        self.lots_of_card: dict[int, tuple[int, ...]] = {}
        for lot in range(self.nlots):
            self.lots_of_card[self.lot_card[lot]] = self.lots_of_card.get(self.lot_card[lot], ()) + (lot,)
        self.is_start_lot = [lot in self.start_lot for lot in range(self.nlots)]
        self.unlocks = (0, data["unlocks"]["silver"], data["unlocks"]["gold"])
        self.challenges = [name for name in CHALLENGES]
        self._actions: dict[tuple, Action] = {}
        self.fixed: dict[str, Action] = {}  # every action that is not a placement, by notation
        for name in ("boom", "shift", "end", "pass"):  # Land Grab names its lot: "grab C4"
            self.fixed[name] = Action(name, (), name)
        self.character = [self._fixed("character", (d,), f"character {name}") for d, name in enumerate(self.districts)]
        self.acquire = [self._fixed("acquire", (lot,), f"lot {self.lot_name(lot)}") for lot in range(self.nlots)]
        self.grab = [self._fixed("grab", (lot,), f"grab {self.lot_name(lot)}") for lot in range(self.nlots)]
        self.recall = [self._fixed("recall", (lot,), f"recall {self.lot_name(lot)}") for lot in range(self.nlots)]

    # -- geometry --------------------------------------------------------------------------
    def _avenue_cells(self, edges) -> int:
        mask = 0
        for kind, line, start, stop in edges:
            for k in range(start, stop):
                # a horizontal line y=line has the cells of rows line-1 and line on its sides
                pairs = ((line - 1, k), (line, k)) if kind == "h" else ((k, line - 1), (k, line))
                for r, c in pairs:
                    if 0 <= r < self.rows and 0 <= c < self.cols:
                        mask |= 1 << (r * self.cols + c)
        return mask

    def _fits(self, cells) -> list[int]:
        """For each anchor cell, the mask of the shape with its first cell there (0: off the board)."""
        r0, c0 = cells[0]
        out = []
        for anchor in range(self.ncells):
            ar, ac = divmod(anchor, self.cols)
            mask = 0
            for r, c in cells:
                rr, cc = ar + r - r0, ac + c - c0
                if not (0 <= rr < self.rows and 0 <= cc < self.cols):
                    mask = 0
                    break
                mask |= 1 << (rr * self.cols + cc)
            out.append(mask)
        return out

    def _offsets(self, cells) -> tuple[int, ...]:
        r0, c0 = cells[0]
        return tuple((r - r0) * self.cols + (c - c0) for r, c in cells)

    @staticmethod
    def all_of(region: int, offsets) -> int:
        """Anchors whose every offset cell lies in `region` (wrap-arounds: mask with `fit`)."""
        out = -1
        for off in offsets:
            out &= region >> off if off >= 0 else region << -off
            if not out:
                break
        return out

    @staticmethod
    def any_of(region: int, offsets) -> int:
        """Anchors with some offset cell in `region` (mask with `fit`)."""
        out = 0
        for off in offsets:
            out |= region >> off if off >= 0 else region << -off
        return out

    def neighbours_of(self, mask: int) -> int:
        """Cells orthogonally next to `mask`, outside it."""
        C = self.cols
        near = (mask << C | mask >> C | (mask & self.not_last_col) << 1 | (mask & self.not_first_col) >> 1)
        return near & self.full & ~mask

    def cells(self, mask: int) -> list[int]:
        out = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out

    def parts(self, mask: int) -> tuple[int, ...]:
        """The edge-connected parts of `mask`, lowest cell first (each grown from its lowest
        cell a ring of neighbours at a time)."""
        C, rightward, leftward = self.cols, self.not_last_col, self.not_first_col
        out, rest = [], mask
        while rest:
            part = rest & -rest
            while True:
                grown = (part | part << C | part >> C | (part & rightward) << 1 | (part & leftward) >> 1) & rest
                if grown == part:
                    break
                part = grown
            out.append(part)
            rest &= ~part
        return tuple(out)

    def around(self, mask: int) -> tuple[tuple[int, ...], int]:
        """(the lots with a cell in `mask`, the cells next to it), remembered in the memo."""
        key = ("around", mask)
        found = self.memo.get(key)
        if found is None:
            found = self.remember(key, (tuple(self.lots_in(mask)), self.neighbours_of(mask)))
        return found

    @staticmethod
    def first_cell(mask: int) -> int:
        """The lowest cell of a non-empty mask (`cells(mask)[0]`)."""
        return (mask & -mask).bit_length() - 1

    def remember(self, key: tuple, value: Any) -> Any:
        """Keep `value` in the memo (emptied when it grows past `MEMO_LIMIT` entries) and return it."""
        if len(self.memo) >= MEMO_LIMIT:
            self.memo.clear()
        self.memo[key] = value
        return value

    def lots_in(self, mask: int) -> list[int]:
        """The lots with a cell in `mask`, in order, each once."""
        out = []
        for cell in self.cells(mask):
            lot = self.lot_of_cell[cell]
            if lot >= 0 and lot not in out:
                out.append(lot)
        return out

    def whole_lots(self, mask: int) -> int:
        """Every cell of the lots with a cell in `mask`."""
        lot_mask = self.lot_mask
        return sum(lot_mask[lot] for lot in self.lots_in(mask)) if mask else 0

    def names(self, mask: int) -> tuple[str, ...]:
        return tuple(self.cell_names[c] for c in self.cells(mask))

    def lot_name(self, lot: int) -> str:
        return self.cell_names[self.lot_cells[lot][0]]

    # -- actions ---------------------------------------------------------------------------
    def _fixed(self, kind: str, args: tuple, notation: str) -> Action:
        action = Action(kind, args, notation)
        self.fixed[notation] = action
        return action

    def placement_text(self, tile: int, orientation: int, anchor: int) -> str:
        rotation, mirrored, _ = self.tiles[tile].orientations[orientation]
        return f"{self.tiles[tile].name}@{self.cell_names[anchor]}r{rotation}{'m' if mirrored else ''}"

    def build_action(self, tile: int, orientation: int, anchor: int) -> Action:
        key = (tile, orientation, anchor)
        action = self._actions.get(key)
        if action is None:
            action = self._actions[key] = Action("build", key, self.placement_text(*key))
        return action

    def demolish_action(self, cell: int, tile: int, orientation: int, anchor: int) -> Action:
        key = (cell, tile, orientation, anchor)
        action = self._actions.get(key)
        if action is None:
            text = f"demolish {self.cell_names[cell]} {self.placement_text(tile, orientation, anchor)}"
            action = self._actions[key] = Action("demolish", key, text)
        return action

    def parse_cell(self, text: str) -> int | None:
        return self.cell_index.get(text)

    def parse_placement(self, text: str) -> tuple[int, int, int] | None:
        """(tile, orientation, anchor) written ``bL3@C4r1m``, or None."""
        match = _PLACEMENT.fullmatch(text)
        if match is None:
            return None
        name, cell, rotation, mirrored = match.groups()
        tile, anchor = self.tile_index.get(name), self.cell_index.get(cell)
        if tile is None or anchor is None:
            return None
        return tile, self.tiles[tile].orientation_of[int(rotation), mirrored == "m"], anchor


def _union(masks) -> int:
    out = 0
    for mask in masks:
        out |= mask
    return out


# -- checking a data file ------------------------------------------------------------------------
def validate(data: Any) -> None:
    """ValueError naming the first thing wrong with a data file (shapes, cells, counts)."""
    def need(ok: bool, what: str) -> None:
        if not ok:
            raise ValueError(f"New York 1901 data: {what}")

    def number(value: Any, low: int = 0, high: int = 999) -> bool:
        return type(value) is int and low <= value <= high

    need(isinstance(data, dict), "must be a JSON object")
    for key in ("rows", "cols", "districts", "two_player_unused_district", "parks", "avenues", "lots", "workers",
                "market_size", "unlocks", "starter", "tiles", "legendaries", "avenue_bonus", "challenges",
                "unused_action_card_vp", "end"):
        need(key in data, f"the key {key!r} is missing")
    rows, cols = data["rows"], data["cols"]
    need(type(rows) is int and type(cols) is int and 4 <= rows <= 26 and 4 <= cols <= 99,
         "rows must be 4-26 and cols 4-99")
    names = {f"{ROW_LETTERS[r]}{c + 1}" for r in range(rows) for c in range(cols)}
    districts = data["districts"]
    need(isinstance(districts, list) and 4 <= len(districts) <= 8 and all(isinstance(d, dict) for d in districts),
         "4 to 8 districts")
    district_names = [d.get("name") if isinstance(d, dict) else None for d in districts]
    need(all(isinstance(n, str) and n.isidentifier() and len(n) <= 16 for n in district_names)
         and len(set(district_names)) == len(district_names), "districts need distinct short names")
    need(data["two_player_unused_district"] in district_names, "two_player_unused_district names a district")
    taken: set[str] = set()
    parks = data["parks"]
    need(isinstance(parks, list) and all(isinstance(p, str) and p in names for p in parks)
         and len(set(parks)) == len(parks),
         "parks are distinct cells of the board")
    taken.update(parks)
    lots = data["lots"]
    need(isinstance(lots, list) and lots, "lots is a list")
    for lot in lots:
        cells = lot.get("cells") if isinstance(lot, dict) else None
        need(isinstance(cells, list) and len(cells) in (2, 3) and all(isinstance(c, str) and c in names for c in cells),
             f"a lot is 2 or 3 cells of the board: {lot!r}")
        need(lot.get("district") in district_names, f"lot {cells} names no district")
        need(not taken & set(cells) and len(set(cells)) == len(cells), f"lot {cells} overlaps another lot or a park")
        taken.update(cells)
        need(connected([(ROW_LETTERS.index(c[0]), int(c[1:])) for c in cells]), f"lot {cells} is not connected")
    lot_of = {c: lot for lot in lots for c in lot["cells"]}
    for d in districts:
        start = lot_of.get(d.get("start")) if isinstance(d.get("start"), str) else None
        need(start is not None and start["district"] == d["name"] and len(start["cells"]) == 2,
             f"district {d['name']}: start names a cell of one of its 2-cell lots")
    need(isinstance(data["avenues"], list) and all(isinstance(a, dict) for a in data["avenues"]),
         "avenues is a list of objects")
    for avenue in data["avenues"]:
        need(isinstance(avenue.get("name"), str) and isinstance(avenue.get("edges"), list) and avenue["edges"],
             "an avenue has a name and edges")
        for edge in avenue["edges"]:
            need(isinstance(edge, list) and len(edge) == 4 and edge[0] in ("h", "v")
                 and all(type(x) is int for x in edge[1:]) and edge[2] < edge[3]
                 and 0 <= edge[1] <= (rows if edge[0] == "h" else cols)
                 and 0 <= edge[2] and edge[3] <= (cols if edge[0] == "h" else rows),
                 f"avenue {avenue['name']}: an edge is [\"h\" or \"v\", line, from, to] on the board")
    shape = re.compile(r"[#.]{1,8}(/[#.]{1,8}){0,7}")
    need(isinstance(data["tiles"], list) and isinstance(data["legendaries"], list) and data["tiles"],
         "tiles and legendaries are lists")
    for spec in data["tiles"] + data["legendaries"] + [data["starter"]]:
        need(isinstance(spec, dict) and isinstance(spec.get("name"), str)
             and re.fullmatch(r"[A-Za-z0-9_]{1,16}", spec["name"]) is not None, f"a tile needs a short name: {spec!r}")
        need(isinstance(spec.get("shape"), str) and shape.fullmatch(spec["shape"]) is not None
             and "#" in spec["shape"] and connected(picture_cells(spec["shape"])),
             f"tile {spec['name']}: shape is rows of # and . joined by /, edge-connected")
        need(type(spec.get("vp")) is int and 0 <= spec["vp"] <= 99, f"tile {spec['name']}: vp 0-99")
    for spec in data["tiles"]:
        need(spec.get("tier") in TIERS and type(spec.get("count")) is int and 1 <= spec["count"] <= 9,
             f"tile {spec['name']}: a tier (bronze, silver, gold) and a count 1-9")
    for spec in data["legendaries"]:
        need(type(spec.get("height")) is int and spec["height"] > 0, f"legendary {spec['name']}: a height")
    tile_names = [s["name"] for s in data["tiles"] + data["legendaries"]]
    need(len(set(tile_names)) == len(tile_names), "tile names are distinct")
    need(len({s["height"] for s in data["legendaries"]}) == len(data["legendaries"]), "legendary heights are distinct")
    need(data["starter"].get("tier") in TIERS and len(picture_cells(data["starter"]["shape"])) == 2,
         "the starter building covers its 2-cell starting lot")
    need(isinstance(data["unlocks"], dict) and all(type(data["unlocks"].get(k)) is int for k in ("silver", "gold")),
         "unlocks gives silver and gold VP")
    for key in ("workers", "market_size", "unused_action_card_vp"):
        need(type(data[key]) is int and 0 <= data[key] <= 20, f"{key} is a small whole number")
    need(data["workers"] >= 1 and data["market_size"] >= 1, "at least 1 worker and 1 market card")
    need(number(data["unlocks"]["silver"]) and number(data["unlocks"]["gold"]), "unlock VP are 0-999")
    bonus, end, challenges = data["avenue_bonus"], data["end"], data["challenges"]
    need(isinstance(bonus, dict) and number(bonus.get("in_play"), 0, len(data["avenues"]))
         and number(bonus.get("points")), "avenue_bonus has in_play (at most the avenues) and points")
    need(isinstance(end, dict) and number(end.get("tiles_left")) and number(end.get("market_cards")),
         "end has tiles_left and market_cards")
    need(isinstance(challenges, dict) and set(challenges) >= set(CHALLENGES)
         and number(challenges.get("in_play"), 1, 1),
         f"challenges lists {', '.join(CHALLENGES)} and in_play 1")
    need(all(isinstance(challenges[c], dict) for c in CHALLENGES), "each challenge is an object")
    for name in ("gold_tycoon", "gold_prestige", "generation_king"):
        need(number(challenges[name].get("points")), f"challenge {name} has points")
    need(number(challenges["gold_tycoon"].get("min_gold")), "gold_tycoon has min_gold")
    for name in ("master_architect", "bronze_baron"):
        table = challenges[name].get("table")
        need(isinstance(table, list) and all(isinstance(row, list) and len(row) == 2 and number(row[0])
                                             and number(row[1]) for row in table),
             f"challenge {name} has a table of [count, points] rows")


DEFAULT = Tables(DEFAULT_DATA)
_CUSTOM: dict[str, Tables] = {}


def tables_for(data: dict[str, Any] | None) -> Tables:
    """The tables of a data file (the default one if None), built once per distinct file."""
    if data is None:
        return DEFAULT
    key = json.dumps(data, sort_keys=True)
    if key not in _CUSTOM:
        _CUSTOM[key] = Tables(json.loads(key))
    return _CUSTOM[key]
