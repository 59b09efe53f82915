"""New York 1901 lessons on the map and building: choosing a character, reading the market and
matching a lot, building across two lots along an avenue, the VP unlocks, demolish-and-rebuild."""

from __future__ import annotations

from ..engine.action import Action
from ..engine.game import Game, new_game
from ..i18n import _
from ..ui.lesson import Choice, Lesson, Step, Verdict, ask_choice, move_judge
from .teaching import built_cells, card_of, character_move, end_goal, lot, lot_arg, position_game, wrong_kind
from .text import card_name


def question(prompt: str, rule: str, answers: dict[str, tuple[bool, str]],
             labels: dict[str, str] | None = None) -> Step:
    """A question answered with a button (the board does not change); its one right answer is the
    value marked True. `labels` are the buttons' words where they are not the answer values
    themselves (the values stay the same in any language)."""
    labels = labels or {}
    right = next(value for value, (ok, _text) in answers.items() if ok)
    return Step(prompt=prompt, judge=ask_choice(rule, answers), expected=lambda game: right, plays=False,
                board=False, choices=[Choice(labels.get(value, value), value) for value in answers])


def tile_of(action: Action) -> str:
    """The tile a build or rebuild places, by the name printed on it ("bO4@E1r0" -> "bO4")."""
    return str(action).split()[-1].partition("@")[0]


def points(*values: str) -> dict[str, str]:
    """The words of buttons answering with a number of VP ("6" -> "6 VP")."""
    return {value: _("{n} VP").format(n=value) for value in values}


def yes_no() -> dict[str, str]:
    """The words of the Yes and No buttons."""
    return {"Yes": _("Yes"), "No": _("No")}


# -- 1. characters and the board -----------------------------------------------------------------
def lesson_character() -> Lesson:
    def start() -> Game:
        return new_game("newyork1901", players=2, seed=1901)

    def goal(game: Game, action: Action) -> Verdict:
        if str(action) == "character orange":
            return Verdict(True, "NY1901-4", _("You are Greenwich (orange, O). Your character comes with a 2-cell "
                                             "starting lot, C3–D3, and a starter building on it: bronze, 0 VP "
                                             "(NY1901-3)."))
        return wrong_kind(action, "NY1901-4", _("choose Greenwich, the orange district (O)"))

    return Lesson(
        id="ny1901-character",
        title=_("Your character and the map"),
        rules=("NY1901-1", "NY1901-3", "NY1901-4"),
        seat=1,
        intro=_(
            "The map is a grid of **cells**. Cells make up **lots** of 2 or 3 cells (the small letter "
            "and number in a lot's corner: its district and size, e.g. **O2**), and lots make up **5 "
            "districts**, each in its own colour and letter: Greenwich **O**, Gramercy **S**, Midtown "
            "**G**, Five Points **Y**, Bowery **P** (NY1901-1). Grey cells with ♣ are **parks**; the "
            "thick dark lines are the five **avenues**, named along their edges.\n\n"
            "Each player is a **character** of one district, with a 2-cell starting lot there and a "
            "starter building on it (NY1901-3). Characters are chosen in reverse seat order: the last "
            "player first (NY1901-4). In this 2-player game you are the last seat, so you choose first."
        ),
        start_game=start,
        steps=[
            Step(prompt=_("Choose the **Greenwich** character (orange, O) with its button below the board."),
                 judge=move_judge(goal), expected=lambda game: character_move("orange")),
            question(_("With 2 players, which district is left out of the game?"), "NY1901-1", {
                "Greenwich": (False, _("Greenwich is yours now. With 2 players the 5th district is left out "
                                       "(NY1901-1).")),
                "Midtown": (False, _("Midtown is used; with 2 players only the 5th district, Bowery, is left out "
                                     "(NY1901-1).")),
                "Bowery": (True, _("Bowery (P), the 5th district, is not used with 2 players: its lots stay empty "
                                   "and its cards are not in the pile. That is a house rule [R] (NY1901-1).")),
            }),
        ],
        summary=_("Done! Lots form districts; you are a character with a starting lot. Next: claiming lots."),
    )


# -- 2. the market -------------------------------------------------------------------------------
MARKET = ["orange2", "orange3", "sky2", "yellow2"]


def lesson_market() -> Lesson:
    def start() -> Game:
        return position_game(market=MARKET)

    def goal(game: Game, action: Action) -> Verdict:
        if action.kind != "acquire":
            return wrong_kind(action, "NY1901-5", _("acquire a lot with the O3 card"))
        if card_of(game, lot_arg(action)) != "orange3":
            return Verdict(False, "NY1901-5", _("Lot {lot} is a {card} lot; this step asks for the Greenwich "
                                                "size-3 card, O3: click it, then a lit lot.").format(
                lot=lot_arg(action), card=card_name(card_of(game, lot_arg(action)))))
        return Verdict(True, "NY1901-5", _("You took the O3 card and put a worker on lot {lot}, an empty Greenwich "
                                           "lot of 3 cells. The market is refilled to 4 from the draw pile.").format(
            lot=lot_arg(action)))

    return Lesson(
        id="ny1901-market",
        title=_("Reading the market: claim a lot"),
        rules=("NY1901-2", "NY1901-5"),
        intro=_(
            "Every lot has a **lot card** showing its district and size (NY1901-2). Four cards lie face up "
            "as the **open market** (right of the map). To **acquire**, take one market card and put a "
            "worker on an **empty** lot of that district and size: no worker, no building (NY1901-5). "
            "You have 4 workers.\n\n"
            "Click a market card and the lots it matches light up."
        ),
        start_game=start,
        steps=[
            Step(prompt=_("Take the **O3** card (Greenwich, 3 cells): click it in the market, then a lit lot."),
                 judge=move_judge(goal), expected=lambda game: "lot A4"),
            Step(prompt=_("After acquiring you may build at once, or stop. Press **End your turn**."),
                 judge=move_judge(end_goal("NY1901-5")),
                 expected=lambda game: "end"),
        ],
        summary=_("Done! A market card names a district and a size; its worker goes on a matching empty lot."),
    )


# -- 3. building across two lots ---------------------------------------------------------------
def lesson_build() -> Lesson:
    def start() -> Game:
        return position_game([{"lots": ["E1", "E2"]}, {}], market=MARKET)

    def goal(game: Game, action: Action) -> Verdict:
        if action.kind != "build":
            return wrong_kind(action, "NY1901-5", _("build"))
        cells = set(built_cells(game, action))
        both = cells & set(lot(game, "E1")["cells"]) and cells & set(lot(game, "E2")["cells"])
        if not both:
            return Verdict(False, "NY1901-5", _("Your {tile} may stand there, but on one lot only. Build across both "
                                                "of your lots: the O tile (bO4) covers all four cells.").format(
                tile=tile_of(action)))
        return Verdict(True, "NY1901-5", _("Your {tile} stands on both lots and touches Pine St. Its VP score at "
                                           "once, and the two workers under it go back to your supply.").format(
            tile=tile_of(action)))

    return Lesson(
        id="ny1901-build",
        title=_("Build across two lots, touching an avenue"),
        rules=("NY1901-5",),
        intro=_(
            "Your workers stand on lots **E1** (E1, F1) and **E2** (E2, F2). Together they are your "
            "**estate**. A skyscraper tile goes **entirely on your estate**; it may span several lots and "
            "districts and need not fill a lot, but **at least one of its cells must touch an avenue or a "
            "park** (NY1901-5). Row F runs along Pine St; row E touches nothing.\n\n"
            "To build: click a tile right of the map, turn it with **R** (or Turn), mirror it with **M**, "
            "and move over the map: a green outline fits, a red one says which rule forbids it. Click where "
            "the tile's first cell (its top row's leftmost cell) goes."
        ),
        start_game=start,
        steps=[
            Step(prompt=_("Build the bronze **bO4** (a 2 × 2 square, 4 VP) on all four cells of your two lots. "
                         "(Try bI2 flat on E1–E2 first if you like: the preview says why it is refused.)"),
                 judge=move_judge(goal), expected=lambda game: "bO4@E1r0"),
        ],
        summary=_("Done! Tiles go on your estate, across lots if you like, touching an avenue or a park."),
    )


# -- 4. VP unlock the tiers ----------------------------------------------------------------------
def lesson_unlocks() -> Lesson:
    def start() -> Game:
        return position_game([{"lots": ["E3"], "vp": 4}, {}], market=MARKET)

    def goal(game: Game, action: Action) -> Verdict:
        if action.kind != "build":
            return wrong_kind(action, "NY1901-5", _("build the bI2 on lot E3"))
        return Verdict(True, "NY1901-5", _("4 + 2 = 6 VP: silver buildings are unlocked. Look at your tiles: "
                                           "the silver ones are no longer marked 'from 6 VP'."))

    return Lesson(
        id="ny1901-unlocks",
        title=_("VP unlock taller buildings"),
        rules=("NY1901-5",),
        intro=_(
            "Your tiles come in tiers: **bronze** (B), **silver** (S), **gold** (G), plus the shared "
            "**legendaries** (L). Bronze is always open; **silver opens at 6 VP**, **gold and legendary at "
            "18 VP** — the dashed marks on the VP track. You may build at most one legendary (NY1901-5).\n\n"
            "You have 4 VP and a worker on lot E3 (E3, F3)."
        ),
        start_game=start,
        steps=[
            Step(prompt=_("Try a silver tile first if you like (it is refused: which rule?). Then build the "
                          "bronze **bI2** upright on lot E3 to reach 6 VP."),
                 judge=move_judge(goal), expected=lambda game: "bI2@E3r1"),
            question(_("How many VP do you need before you may build a gold tile or a legendary?"), "NY1901-5", {
                "6": (False, _("6 VP opens silver. Gold and legendary need more (NY1901-5).")),
                "12": (False, _("Not 12: gold and the legendaries open at 18 VP (NY1901-5).")),
                "18": (True, _("18 VP opens gold and the legendaries; each player may build one legendary "
                               "(NY1901-5).")),
            }, points("6", "12", "18")),
        ],
        summary=_("Done! 6 VP: silver; 18 VP: gold and one legendary."),
    )


# -- 5. demolish and rebuild ---------------------------------------------------------------------
def lesson_rebuild() -> Lesson:
    def start() -> Game:
        # 4 VP besides the bI2's own 2: the 6 VP the intro says and the player strip shows
        return position_game([{"buildings": ["bI2@E1r1"], "lots": ["E2"], "vp": 4}, {}], market=MARKET)

    def goal(game: Game, action: Action) -> Verdict:
        if action.kind != "demolish":
            return wrong_kind(action, "NY1901-6", _("demolish your bI2 and rebuild higher"))
        cells = set(built_cells(game, action))
        if cells != {"E1", "E2", "F1", "F2"}:
            return Verdict(False, "NY1901-6", _("A {tile} may be rebuilt there, but this step asks for the silver "
                                                "square sO4 over the freed cells and lot E2.").format(
                tile=tile_of(action)))
        return Verdict(True, "NY1901-6", _("The bronze bI2 left the game (its 2 VP stay yours); the silver sO4 "
                                           "stands on the freed cells and on lot E2, whose worker went home. "
                                           "+5 VP."))

    return Lesson(
        id="ny1901-rebuild",
        title=_("Demolish and rebuild higher"),
        rules=("NY1901-6",),
        intro=_(
            "Your other action: **demolish** one of your buildings and build a tile of a **strictly higher "
            "tier** in the freed cells (bronze → silver → gold or legendary; gold is never replaced). The "
            "new tile may also extend over your lots that hold your workers **and touch the demolished "
            "building** (a cell next to one of its cells); those workers go home. A worker lot elsewhere may "
            "not be used. If a lot of the freed area would be left with **no building**, you must put a worker "
            "on it — and if you cannot, you may not demolish (NY1901-6).\n\n"
            "You have 6 VP (silver is open), a bronze bI2 on E1–F1 and a worker on lot E2."
        ),
        start_game=start,
        steps=[
            Step(prompt=_("Pick the silver **sO4** and click your bI2 on **E1**: over your own building the "
                          "click demolishes it and rebuilds."),
                 judge=move_judge(goal), expected=lambda game: "demolish E1 sO4@E1r0"),
            question(_("A rebuild leaves one lot of the freed area without a building, and you have no worker "
                       "in your supply. May you demolish?"), "NY1901-6", {
                         "Yes": (False, _("No: that lot must get a worker, and you have none (NY1901-6).")),
                         "No": (True, _("Right: a freed lot left with no building needs one of your workers; "
                                        "without one you may not demolish (NY1901-6).")),
                     }, yes_no()),
            question(_("Another of your workers stands on a lot that does not touch the building you demolish. "
                       "May the new tile extend over that lot?"), "NY1901-6", {
                         "Yes": (False, _("No: a rebuild extends only over your worker lots next to the demolished "
                                          "building (NY1901-6).")),
                         "No": (True, _("Right: only your worker lots adjacent to the demolished building may be "
                                        "used; that worker stays where it is (NY1901-6).")),
                     }, yes_no()),
        ],
        summary=_("Done! Demolish, rebuild a higher tier, and keep every freed lot built on or worked."),
    )
