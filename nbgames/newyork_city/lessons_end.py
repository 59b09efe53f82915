"""New York City lessons on fame tiles and district values, a character's ability, and the final
majority scoring with halves."""

from __future__ import annotations

from ..engine.action import Action
from ..engine.game import Game
from ..i18n import _, ngettext
from ..ui.lesson import Choice, Lesson, Step, Verdict, ask_choice, move_judge
from .teaching import KINDS, LEARNER, Wish, first_legal, learner_bids, my_bid, stage, steer, view
from .teaching import _choose as choose

FAME_SEED = 1
HIRE_SEED = 1
SCORING_SEED = 1
HIRED = 24  # phase 3: +1 VP and a building from stock (NYC-12)
SCORED = "A"  # the district the scoring lesson asks about


def lesson_fame() -> Lesson:
    wish = Wish(draft="V", bid_in=("vp",))

    def goal(game: Game, action: Action) -> Verdict:
        if action.kind != "fame":  # a reserve swap: allowed at any time (NYC-10), but not this step's move
            return Verdict(False, "NYC-10", _("That move is allowed, but this step asks for a fame tile: click a "
                                              "district at a lantern end of a route whose vehicle matches a tile."))
        if action.args:
            tile, route, letter = action.args
            value = next(x["value"] for x in view(game)["fame_up"] if x["id"] == tile)
            road = next(r for r in view(game)["routes"] if r["id"] == route)
            a, b = road["ends"]
            return Verdict(True, "NYC-10", _("The {vehicle} fame tile goes on district {letter} and raises its end "
                                             "value by {value}; you take the {vehicle} vehicle off the route between "
                                             "{a} and {b} and build one building in {letter} from your "
                                             "board.").format(vehicle=_(road["vehicle_colour"]), letter=letter,
                                                              value=value, a=a, b=b))
        return Verdict(False, "NYC-10", _("Placing no tile is allowed, but it gives up the points: click a "
                                          "district at a lantern end of a route whose vehicle matches a tile."))

    return Lesson(
        id="nyc-fame",
        title=_("Fame tiles and district values"),
        rules=("NYC-3", "NYC-10", "NYC-13"),
        intro=_(
            "Each round 2 **fame tiles** lie face up (NYC-3); each has a vehicle colour and a value (2–4, a "
            "house default). After the **VP** bidding round, the top and the second bidder may each pick "
            "one (NYC-10): remove a **vehicle** of the tile's colour from its route, put the tile on one "
            "of the two districts at that route's **lantern ends**, and build one building there. The "
            "district's end value rises by the tile's value. You bid the most VP cards."
        ),
        start_game=lambda: steer(FAME_SEED, wish, lambda g: stage(g) == "fame" and g.to_move == LEARNER),
        steps=[
            Step(prompt=_("Click a **district** at an end of a route whose vehicle has a fame tile's colour (the "
                          "marked ones), then choose the tile and route."),
                 judge=move_judge(goal),
                 expected=lambda g: first_legal(g, lambda a: a.kind == "fame" and bool(a.args)),
                 highlight=lambda g: sorted({f"fame:{x['id']}" for x in view(g)["fame_up"]})),
        ],
        summary=_("Done! Unpicked fame tiles leave the game. Next: a character's ability."),
    )


def hire_position() -> Game:
    """Round 1's elevator round: the learner bids one elevator card (Player 2 has passed), so the
    most cards win the +1 bonus and characters up to level 2 may be hired (NYC-10)."""
    game = steer(HIRE_SEED, Wish(draft="E"), lambda g: learner_bids(g, "elevator") and not my_bid(g)[1])
    game.play("play E")
    game.play("done")
    return game


def phase3_position() -> Game:
    """Phase 3 of the same round, character 24 hired; everyone passed the other bidding rounds."""
    game = hire_position()
    game.play(f"hire {HIRED}")
    wish = Wish()
    while not (stage(game) == "window3" and game.to_move == LEARNER) and not game.is_over:
        game.play(choose(game, wish))
    return game


def elevator_bid(game: Game) -> int:
    """The learner's elevator bid, as the player strip shows it (without the +1 bonus)."""
    return view(game)["bidding"]["values"][LEARNER]


def lesson_character() -> Lesson:
    def hire_goal(game: Game, action: Action) -> Verdict:
        if action.kind != "hire":  # a reserve swap: allowed, but not a hire
            return Verdict(False, "NYC-10", _("Hire character {number} first: click it among the lit "
                                              "characters.").format(number=HIRED))
        if action.args[0] == HIRED:
            return Verdict(True, "NYC-10", _("Character {number} is yours: level 2 (2 points at the end) and a "
                                             "phase-3 ability.").format(number=HIRED))
        return Verdict(False, "NYC-10", _("That one is allowed, but this lesson uses character {number}: click it "
                                          "among the characters to hire.").format(number=HIRED))

    def use_goal(game: Game, action: Action) -> Verdict:
        if action.kind == "use" and action.args[0] == HIRED:
            return Verdict(True, "NYC-12", _("You paid 1 dollar onto character {number}: +1 VP and a building "
                                             "from the stock onto your board. The dollar stays on it until next "
                                             "round's phase 0 (NYC-8), so it works once a round.").format(number=HIRED))
        return Verdict(False, "NYC-12", _("Use character {number}: click it on your personal board.").format(
            number=HIRED))

    def hire_prompt(game: Game) -> str:
        bid = elevator_bid(game)
        return ngettext("Your bid was {n} elevator card, and with the +1 bonus you may hire a character of level "
                        "{level} or less: they are lit. Click character **{number}** (level 2).",
                        "Your bid was {n} elevator cards, and with the +1 bonus you may hire a character of level "
                        "{level} or less: they are lit. Click character **{number}** (level 2).", bid).format(
            n=bid, level=bid + 1, number=HIRED)

    return Lesson(
        id="nyc-character",
        title=_("A character's ability"),
        rules=("NYC-6", "NYC-10", "NYC-11", "NYC-12"),
        intro=_(
            "In the **elevator** round you may take one character whose **level** is at most your cards played "
            "(NYC-10). A character's level is its points at the end; its ability works in "
            "one phase (1, 2, 3 or the end of the game), and each use costs **1 dollar** placed on it "
            "(NYC-12). You bid one elevator card and won the +1 bonus: level 2 or less."
        ),
        start_game=hire_position,
        steps=[
            Step(prompt=hire_prompt,
                 judge=move_judge(hire_goal),
                 expected=lambda g: g.parse(f"hire {HIRED}"),
                 highlight=lambda g: [f"pool:{HIRED}"]),
            Step(prompt=_("It is phase 3 of the same round. Click character **{number}** on your personal board "
                          "to use it.").format(number=HIRED),
                 judge=move_judge(use_goal),
                 expected=lambda g: g.parse(f"use {HIRED}"),
                 start=phase3_position,
                 follow=lambda g: _("You were the last to act in phase 3, so round {round} begins: the dollars "
                                    "on used characters go back to the bank (NYC-8).").format(round=view(g)["round"]),
                 highlight=lambda g: [f"char:{LEARNER}:{HIRED}"]),
        ],
        summary=_("Done! A character used this round shows a $ until the next round. Last: the final scoring."),
    )


def finished_game() -> Game:
    return steer(SCORING_SEED, Wish(draft="CAV", bid_in=KINDS), lambda g: g.is_over)


def shares(game: Game, letter: str) -> dict[str, int]:
    """NYC-13 by hand: the district's value to the most buildings, half (rounded down) to the
    next, and so on; ties by press; black competes and its share is lost."""
    table = view(game, None)
    district = next(d for d in table["districts"] if d["letter"] == letter)
    rank = {who: i for i, who in enumerate(table["press_order"])}
    holders = [(n, -rank[s], s) for s, n in enumerate(district["buildings"]) if n]
    if district["neutral"]:
        holders.append((district["neutral"], -rank["black"], "black"))
    out, value = {}, district["value"]
    for _count, _rank, who in sorted(holders, reverse=True):
        out[str(who)] = value
        value //= 2
    return out


def lesson_scoring() -> Lesson:
    def answers(game: Game) -> dict[str, tuple[bool, str]]:
        got = shares(game, SCORED)
        second = got.get("1", 0)
        right = _("Player 1 has the most buildings and takes the whole value ({whole}); black is second and takes "
                  "half ({half}, lost); Player 2 is third: half again, {second} (NYC-13).").format(
            whole=got.get("0", 0), half=got.get("black", 0), second=second)
        return {str(second): (True, right),
                str(got.get("black", 0)): (False, _("That is the second share — but black is second here: "
                                                    "neutral buildings compete like a player (NYC-13).")),
                str(got.get("0", 0)): (False, _("The whole value goes to the most buildings only (NYC-13).")),
                "0": (False, _("Third place still scores: half of the second's share (NYC-13)."))}

    return Lesson(
        id="nyc-scoring",
        title=_("Majority scoring with halves"),
        rules=("NYC-13", "NYC-14"),
        intro=_(
            "After round 5 (NYC-13) you score your characters' levels, the Statue bonus, 3 VP for press 5 "
            "or more, (dollars + buildings left on your board) ÷ 2 rounded up, end-of-game characters — "
            "and each **district**: its value (score tile + fame tiles) goes to the player with the most "
            "buildings there, **half** (rounded down) to the second, half again to the third. Ties in "
            "buildings go to the higher press position; the **black** neutral buildings compete like a "
            "player and their share is lost. Most VP wins; a tie goes to the press (NYC-14).\n\n"
            "This game is over; the final scoring is listed below the board, district by district."
        ),
        start_game=finished_game,
        steps=[
            Step(
                prompt=lambda g: _("District **{letter}** is worth {value}: Player 1 has the most buildings, "
                                   "black second, Player 2 third. How many points does Player 2 score "
                                   "there?").format(letter=SCORED, value=shares(g, SCORED).get("0", 0)),
                judge=lambda g, answer: ask_choice("NYC-13", answers(g))(g, answer),
                expected=lambda g: str(shares(g, SCORED).get("1", 0)),
                plays=False, board=False,
                choices=[Choice(v, v) for v in ("17", "8", "4", "0")],
                highlight=lambda g: [f"district:{SCORED}"],
            ),
        ],
        summary=_("Done! You know every part of New York City: now [play a full game](play.ipynb)."),
    )
