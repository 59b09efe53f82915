"""New York City lessons on the start and phase 1: the city and a round (starting character),
drafting pairs. Positions are real games (``teaching.steer``) from fixed seeds."""

from __future__ import annotations

from ..engine.action import Action
from ..engine.game import Game
from ..i18n import _
from ..ui.lesson import Choice, Lesson, Step, Verdict, ask_choice, move_judge
from .tables import DEFAULT
from .teaching import Wish, first_legal, stage, steer, view

# Both lessons' games have the same map (district letters, start district A) as every other lesson's.
START_SEED = 1
DRAFT_SEED = 6612


def start_district(game: Game) -> dict:
    """The district where every player has a building from the start (NYC-7)."""
    districts = view(game)["districts"]
    return next(d for d in districts if all(b == 1 for b in d["buildings"]))


def lantern_of(number: int) -> str:
    return DEFAULT.lantern_colours[DEFAULT.characters[number].lantern]


def lesson_city() -> Lesson:
    def start() -> Game:
        return steer(START_SEED, Wish(), lambda g: stage(g) == "start" and g.to_move == 0)

    def fits(game: Game, action: Action) -> bool:
        return action.kind == "start" and lantern_of(action.args[0]) in start_district(game)["lanterns"]

    def goal(game: Game, action: Action) -> Verdict:
        home = start_district(game)
        colour = lantern_of(action.args[0])
        if fits(game, action):
            return Verdict(True, "NYC-7", _("Character {number} counts {colour} lanterns: at the end it scores 1 VP "
                                            "for every building in a district with one (NYC-12) — and district "
                                            "{letter}, where your first building stands, has one.").format(
                number=action.args[0], colour=_(colour), letter=home["letter"]))
        a, b = (_(c) for c in home["lanterns"])
        return Verdict(False, "NYC-7", _("Character {number} counts {colour} lanterns, but district {letter} has "
                                         "{a} and {b} lanterns: your first building would not count. Hover over "
                                         "the district to read its lanterns.").format(
            number=action.args[0], colour=_(colour), letter=home["letter"], a=a, b=b))

    return Lesson(
        id="nyc-city",
        title=_("The city and a round"),
        rules=("NYC-1", "NYC-2", "NYC-7", "NYC-8", "NYC-9", "NYC-10", "NYC-11"),
        intro=_(
            "New York City is played on a map of Manhattan in **six districts**, each with a letter, a "
            "score tile (its value at the end) and 2 black neutral buildings. Districts are joined by "
            "**routes**; each route carries a **vehicle** and has a coloured **lantern** at each end (NYC-1). "
            "The district names, the score tiles 6–12 and the route map are this project's **house "
            "defaults**: the seed does not print them.\n\n"
            "A game has **5 rounds** (NYC-8). Each round: phase 0 moves the **mayor** to the next district; "
            "phase 1 deals cards and you **draft pairs** (NYC-9); phase 2 has **six bidding rounds** — press, "
            "dollar, elevator, building acquisition, VP, construction (NYC-10); phase 3 lets some characters "
            "act (NYC-11). The **press track** breaks every tie (NYC-2).\n\n"
            "First, everyone chooses a **starting character** 28–32 (NYC-7). You are Player 1 (vermillion)."
        ),
        start_game=start,
        steps=[
            Step(
                prompt=lambda game: _("Every player starts with a building in district **{letter}**. Choose "
                                      "the starting character whose lantern colour that district has (the "
                                      "buttons name each colour).").format(letter=start_district(game)["letter"]),
                judge=move_judge(goal),
                expected=lambda game: first_legal(game, lambda a: fits(game, a)),
                highlight=lambda game: [f"district:{start_district(game)['letter']}"],
            ),
            Step(
                prompt=_("How many rounds does a game of New York City last?"),
                judge=ask_choice("NYC-8", {
                    "5": (True, _("Five rounds; the mayor visits A, B, C, D and E in turn, never F (NYC-8).")),
                    "6": (False, _("Six is the number of bidding rounds in each round, and of districts (NYC-10).")),
                    "4": (False, _("Count the mayor's stops: A, B, C, D, E (NYC-8).")),
                }),
                expected=lambda game: "5",
                plays=False, board=False,
                choices=[Choice(v, v) for v in ("4", "5", "6")],
            ),
        ],
        summary=_("Done! Next: drafting pairs of cards for the bidding."),
    )


def lesson_draft() -> Lesson:
    def start() -> Game:
        return steer(DRAFT_SEED, Wish(), lambda g: stage(g) == "draft" and g.to_move == 0)

    def wild_slot(game: Game) -> int:
        return next(i + 1 for i, p in enumerate(view(game)["display"]) if p and "W" in p)

    def goal(game: Game, action: Action) -> Verdict:
        if action.kind == "take" and action.args[0] == wild_slot(game):
            return Verdict(True, "NYC-9", _("A wild joins any bidding round with a real card, so it is never "
                                            "wasted. Both cards of the pair go to your hand, face up for everyone "
                                            "to see (NYC-9)."))
        return Verdict(False, "NYC-9", _("That pair is allowed, but this lesson asks for the one with a wild (W): "
                                         "pair {slot}.").format(slot=wild_slot(game)))

    return Lesson(
        id="nyc-draft",
        title=_("Drafting pairs"),
        rules=("NYC-9",),
        intro=_(
            "Phase 1 (NYC-9): everyone gets 3 cards, then the **display** shows 2 × players + 1 face-up "
            "**pairs**. Going counter-clockwise from the player to the right of the press leader, each "
            "player takes one whole pair, for two laps — so you hold 7 cards, plus your 2 face-up "
            "**reserve** cards. The card letters: P press, D dollar, E elevator, A building acquisition, "
            "V VP, C construction, W wild."
        ),
        start_game=start,
        steps=[
            Step(
                prompt=_("Click the pair with the **wild** (W) on the display to take it."),
                judge=move_judge(goal),
                expected=lambda game: first_legal(game, lambda a: a.kind == "take" and a.args[0] == wild_slot(game)),
                highlight=lambda game: [f"pair:{wild_slot(game)}"],
            ),
        ],
        summary=_("Done! Leftover pairs are discarded after the second lap. Next: the bidding."),
    )
