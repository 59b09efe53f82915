"""New York 1901 lessons on the action cards (Construction Boom, Market Shift, Land Grab), the end
trigger with its last turns, and the end scorings read from a finished game."""

from __future__ import annotations

import copy
import random
from functools import lru_cache

from ..engine.action import Action
from ..engine.game import Game, from_record, new_game
from ..i18n import _, ngettext
from ..ui.i18n import player_name, t
from ..ui.lesson import Choice, Lesson, Step, Verdict, ask_choice, move_judge
from .lessons_build import MARKET, points, question, yes_no
from .teaching import end_goal, lot, lot_arg, position_game, wrong_kind


def kind_step(prompt: str, kind: str, rule: str, right: str, want: str, expected) -> Step:
    """A step asking for one kind of move; any legal move of that kind is right."""
    def goal(game: Game, action: Action) -> Verdict:
        return Verdict(True, rule, right) if action.kind == kind else wrong_kind(action, rule, want)

    return Step(prompt=prompt, judge=move_judge(goal), expected=expected)


# -- 6. Construction Boom ------------------------------------------------------------------------
def lesson_boom() -> Lesson:
    def start() -> Game:
        return position_game([{"lots": ["E1", "E2"]}, {}], market=MARKET)

    return Lesson(
        id="ny1901-boom",
        title=_("Construction Boom: one more action"),
        rules=("NY1901-8",),
        intro=_(
            "Each player has three **action cards**, each playable once per game at any moment of your "
            "turn (NY1901-8). **Construction Boom** gives one more action this turn, of either kind — but "
            "never two demolitions in one turn. An action card you never play is worth 1 VP at the end "
            "(NY1901-11)."
        ),
        start_game=start,
        steps=[
            kind_step(_("First take your action: build the **bO4** on your lots E1 and E2."), "build", "NY1901-5",
                      _("Built. Your action is taken; without an action card your turn would end now."),
                      _("build"), lambda game: "bO4@E1r0"),
            kind_step(_("Now press **Construction Boom**."), "boom", "NY1901-8",
                      _("The card is used up; you have one more action this turn."), _("play Construction Boom"),
                      lambda game: "boom"),
            kind_step(_("Use the extra action: take the **O3** card and claim a lit lot."), "acquire", "NY1901-5",
                      _("A second action in one turn, thanks to the Boom."), _("acquire a lot"),
                      lambda game: "lot A4"),
            question(_("Could Construction Boom let you demolish twice in one turn?"), "NY1901-8", {
                "Yes": (False, _("No: the extra action may be either kind, but never a second demolition "
                                 "(NY1901-8).")),
                "No": (True, _("Right: never two demolitions in one turn (NY1901-8).")),
            }, yes_no()),
        ],
        summary=_("Done! Construction Boom: one more action, never a second demolition."),
    )


# -- 7. Market Shift and Land Grab ---------------------------------------------------------------
def lesson_shift_grab() -> Lesson:
    def start() -> Game:
        return position_game(market=MARKET)

    def first_grab(game: Game) -> str:
        return str(next(a for a in game.legal_actions() if a.kind == "grab"))

    def grab_goal(game: Game, action: Action) -> Verdict:
        if action.kind != "grab":
            return wrong_kind(action, "NY1901-8", _("use Land Grab (click a lit size-2 lot and choose Land Grab)"))
        size = lot(game, lot_arg(action))["size"]
        return Verdict(True, "NY1901-8", _("Land Grab claimed lot {lot} ({size} cells) as an extra lot; your "
                                           "normal action is still to come.").format(lot=lot_arg(action), size=size))

    return Lesson(
        id="ny1901-shift-grab",
        title=_("Market Shift and Land Grab"),
        rules=("NY1901-8",),
        intro=_(
            "**Market Shift** puts the 4 market cards at the bottom of the draw pile (shuffled) and turns up "
            "4 new ones. **Land Grab** acquires one **extra** lot this turn — but never a size-3 lot "
            "(NY1901-8). Both are played at any moment of your turn, once per game."
        ),
        start_game=start,
        steps=[
            kind_step(_("Don't like the market? Press **Market Shift**."), "shift", "NY1901-8",
                      _("Four new cards are up; the old ones lie under the draw pile."), _("play Market Shift"),
                      lambda game: "shift"),
            Step(prompt=_("Now **Land Grab** a size-2 lot: click a matching card and lot, and choose *Land Grab* "
                          "when the page asks which."),
                 judge=move_judge(grab_goal), expected=first_grab),
            question(_("May Land Grab take a lot of 3 cells?"), "NY1901-8", {
                "Yes": (False, _("No: Land Grab never takes a size-3 lot (NY1901-8).")),
                "No": (True, _("Right: only size-2 lots (NY1901-8).")),
            }, yes_no()),
        ],
        summary=_("Done! Market Shift renews the market; Land Grab claims one extra size-2 lot."),
    )


# -- 8. the end trigger --------------------------------------------------------------------------
# Late in a game: Player 1 has built 13 of its 18 tiles (5 left) and has a worker on lot E1.
LATE = ["bI3@A1r0", "bL3@A4r0", "bO4@A6r0", "bT4@A8r0", "sI2@A11r1", "sI3@B1r0", "sL3@B8r0", "sO4@C1r0",
        "sL4@B10r1m", "sS4@C4r0m", "gI3@C7r1", "gL3@C13r0m", "gO4@D8r0"]


def triggered(game: Game) -> str:
    end = game.view(None)["end"]
    if end["triggered_by"] is None:
        return ""
    reason = t(f"ny1901.reason.{end['reason']}", n=4)
    left = end["last_turns_left"]
    return ngettext("{player} triggered the end ({reason}): {n} last turn is left — Player 2 first, you last "
                    "(NY1901-9).",
                    "{player} triggered the end ({reason}): {n} last turns are left — Player 2 first, you last "
                    "(NY1901-9).", left).format(player=player_name(end["triggered_by"]), reason=reason, n=left)


def lesson_end() -> Lesson:
    def start() -> Game:
        return position_game([{"buildings": LATE, "lots": ["E1"]}, {}], market=["orange2", "green2", "sky2", "yellow2"])

    return Lesson(
        id="ny1901-end",
        title=_("The end: one last turn each"),
        rules=("NY1901-7", "NY1901-9"),
        intro=_(
            "The end comes when a player has only **4 unbuilt skyscrapers** left, or when the market can no "
            "longer be refilled (3 cards or fewer). Then every player gets **one last turn**: the next "
            "player first, the triggering player last (NY1901-9; both numbers are the original rules'). Here "
            "it is late in a game: you have built 13 of your 18 tiles.\n\n"
            "Short of workers? If you have none in your supply and can do neither action, take one of your "
            "workers back: its lot card goes under the draw pile and the lot is empty again (NY1901-7)."
        ),
        start_game=start,
        steps=[
            kind_step(_("Late in the game: you have built 13 of your 18 tiles. Build the **bI2** upright on lot E1 "
                        "— only 4 tiles will be left."), "build", "NY1901-5",
                      _("Built: 4 unbuilt tiles left. The end is checked when your turn ends."), _("build the bI2"),
                      lambda game: "bI2@E1r1"),
            Step(prompt=_("Now press **End your turn**."),
                 judge=move_judge(end_goal("NY1901-9")),
                 expected=lambda game: "end", follow=triggered),
            question(_("With 3 players, Player 2 ends a turn with only 4 unbuilt tiles. Who plays the very last "
                       "turn of the game?"), "NY1901-9", {
                         "Player 3": (False, _("Player 3 plays first of the last turns; the trigger plays last "
                                               "(NY1901-9).")),
                         "Player 1": (False, _("Player 1 has a last turn too, but not the very last (NY1901-9).")),
                         "Player 2": (True, _("Player 3, then Player 1, then Player 2 who triggered it: one last "
                                              "turn each, the triggering player last (NY1901-9).")),
                     }, {f"Player {n}": player_name(n - 1) for n in (1, 2, 3)}),
            question(_("You have no worker in your supply and can neither acquire nor build. What do you do?"),
                     "NY1901-7", {
                         "Skip the turn": (False, _("Not yet: first take a worker back (NY1901-7).")),
                         "Take a worker back": (True, _("Its lot card goes under the draw pile and the lot is "
                                                        "empty again; that is your action (NY1901-7).")),
                     }, {"Skip the turn": _("Skip the turn"),
                                               "Take a worker back": _("Take a worker back")}),
        ],
        summary=_("Done! 4 tiles left or a market that cannot refill: one last turn each, the trigger last."),
    )


# -- 9. the end scorings -------------------------------------------------------------------------
@lru_cache(maxsize=1)
def finished_record() -> dict:
    """A whole game of 2 players played by a seeded builder (deterministic), as a record."""
    game = new_game("newyork1901", players=2, seed=7, options={"characters": "deal"})
    rng = random.Random(7)
    while not game.is_over:
        actions = game.legal_actions()
        builds = [a for a in actions if a.kind in ("build", "demolish")]
        game.play(rng.choice(builds or actions))
    return game.to_record()


def finished_game() -> Game:
    return from_record(copy.deepcopy(finished_record()))


def parts(game: Game, seat: int) -> dict[str, int]:
    entry = next(e for e in game.explain_scores() if e["seat"] == seat)
    return {p["what"]: p["points"] for p in entry["parts"]}


PLAYERS = ("Player 1", "Player 2")


def first_avenue(game: Game) -> str:
    return next(what for what in parts(game, 0) if what.startswith("avenue:"))


def avenue_winner(game: Game) -> str:
    avenue = first_avenue(game)
    return next((PLAYERS[seat] for seat in (0, 1) if parts(game, seat)[avenue]), "Nobody")


def game_winner(game: Game) -> str:
    won = game.winners()
    return PLAYERS[won[0]] if len(won) == 1 else "Both"


def answer_words(answer: str) -> str:
    """The words of an answer button of the scoring lesson ("Player 1", "Nobody", "Both")."""
    if answer in PLAYERS:
        return player_name(PLAYERS.index(answer))
    return {"Nobody": _("Nobody"), "Both": _("Both")}.get(answer, answer)


def read_judge(rule: str, right_of, why: str):
    """A question whose right answer is read from the finished game (its scoring panel)."""
    def judge(game: Game, answer) -> Verdict:
        right = right_of(game)
        if str(answer) == right:
            return Verdict(True, rule, _("Right: {answer}. {why}").format(answer=answer_words(right), why=why))
        return Verdict(False, rule, _("Not {answer}: read the scoring panel below the board. {why}").format(
            answer=answer_words(str(answer)), why=why))

    return judge


SCORING_CHALLENGE = "gold_tycoon"  # the challenge card of the finished game (a test checks it)


def lesson_scoring() -> Lesson:
    def challenge(game: Game) -> str:
        return next(what for what in parts(game, 0) if not what.startswith("avenue:")
                    and what not in ("buildings", "gold_prestige", "unused_action_cards"))

    return Lesson(
        id="ny1901-scoring",
        title=_("The end scorings"),
        rules=("NY1901-10", "NY1901-11", "NY1901-12", "NY1901-13"),
        intro=_(
            "At the end three things score on top of your buildings' VP (the panel below the board lists "
            "every line with its rule):\n\n"
            "- each of the 3 **avenue bonus** cards: 5 VP to the player with the most buildings touching "
            "that avenue; a tie scores nothing (NY1901-10);\n"
            "- **1 VP** per unused action card (NY1901-11);\n"
            "- the **challenge** card in play (NY1901-12). In this game it is **{challenge}**: 3 VP for each "
            "district where you have 2 or more gold buildings. **Starter buildings and legendaries** count for "
            "the avenues but never for a challenge card [R]. (One challenge card, Gold Prestige, scores during "
            "play instead.)\n\n"
            "Most VP wins; a tie goes to the taller legendary, then more gold buildings (NY1901-13). "
            "This lesson shows a finished 2-player game."
        ).format(challenge=t(f"ny1901.challenge.{SCORING_CHALLENGE}")),
        start_game=finished_game,
        steps=[
            Step(prompt=lambda game: _("Who scored the {avenue} avenue bonus?").format(
                     avenue=first_avenue(game).partition(":")[2]),
                 judge=read_judge("NY1901-10", avenue_winner, _("The most buildings touching the avenue score 5 "
                                                                "VP; a tie scores nothing (NY1901-10).")),
                 expected=avenue_winner, plays=False, board=False,
                 choices=[Choice(answer_words(who), who) for who in (*PLAYERS, "Nobody")]),
            question(_("How many VP does an action card you never played give?"), "NY1901-11", {
                "0": (False, _("Unused action cards do score (NY1901-11).")),
                "1": (True, _("1 VP each (NY1901-11).")),
                "3": (False, _("1 VP each, not 3 (NY1901-11).")),
            }, points("0", "1", "3")),
            Step(prompt=lambda game: _("The challenge card was {challenge}. Do starter buildings count for "
                                       "it?").format(challenge=t(f"ny1901.challenge.{challenge(game)}")),
                 judge=ask_choice("NY1901-12", {
                     "Yes": (False, _("No: starter buildings and legendaries count for avenues, not for challenge "
                                      "cards [R] (NY1901-12).")),
                     "No": (True, _("Right: they count for avenues only [R] (NY1901-12).")),
                 }), expected=lambda game: "No", plays=False, board=False,
                 choices=[Choice(label, value) for value, label in yes_no().items()]),
            Step(prompt=_("Who won this game?"),
                 judge=read_judge("NY1901-13", game_winner, _("Most VP wins; a tie goes to the taller legendary, "
                                                              "then more gold buildings (NY1901-13).")),
                 expected=game_winner, plays=False, board=False,
                 choices=[Choice(answer_words(who), who) for who in (*PLAYERS, "Both")]),
        ],
        summary=_("Done! Avenues, unused action cards and the challenge card score at the end. Now play a game!"),
    )
