"""Galopp Royal lessons on races: a bearer board as odds, a goof and the shell pond, the
schemer's two options (the end of a race is `lessons_end.py`)."""

from __future__ import annotations

import functools

from ..engine.action import Action
from ..engine.game import Game
from ..i18n import _
from ..ui.lesson import Choice, Lesson, Step, Verdict, ask_choice, move_judge
from .tables import POND_DEPTH
from .teaching import (
    LEARNER,
    card_split,
    fraction_choices,
    own_turn,
    play_all,
    race_game,
    rolled,
    seed_where,
    space,
)
from .text import sep

# -- 1. a bearer board as odds ----------------------------------------------------------------
L1_BOARDS = [["+5", "+2", "goof", "+2"], ["+3", "+3", "+1", "+1"], ["+2", "schemer", "+1", "+3"],
             ["+1", "+2", "+3", "goof"]]


@functools.cache
def l1_seed() -> int:
    """A seed whose first roll picks the +5 in slot 1."""
    return seed_where(lambda s: play_all(race_game(L1_BOARDS, [0] * 4, seed=s), ["roll"]),
                      lambda g: rolled(g) == "+5")


def lesson_odds() -> Lesson:
    def start() -> Game:
        return race_game(L1_BOARDS, [0, 0, 0, 0], seed=l1_seed())

    def roll_goal(game: Game, action: Action) -> Verdict:
        return Verdict(True, "GR-5", _("The die picked a slot, and the bearer in that slot carried your chair."))

    return Lesson(
        id="gr-odds",
        title=_("Your bearers are your odds"),
        rules=("GR-2", "GR-5", "GR-11"),
        intro=(
            _("In Galopp Royal you race a sedan chair. It is carried by **four bearers**: the cards on "
            "your bearer board, in slots 1 to 4. On your turn you roll a **four-sided die**, and the "
            "result picks the bearer in that slot (GR-5). So each slot is exactly **1 chance in 4**: "
            "read your board as odds.\n\n"
            "Bearers move your chair +1, +2, +3 or +5; a **goof** moves it back 2; a **schemer** lets "
            "you push chairs around (GR-11, later lessons). The game has 40 bearers: "
            "{split}. This split is a house default (the printed split is unknown).\n\n"
            "You are Player 1, in the race with three other players.").format(split=card_split())
        ),
        start_game=start,
        steps=[
            Step(
                prompt=_("Your board: **+5, +2, goof, +2**. What is the chance your chair moves **5** on this turn?"),
                judge=ask_choice("GR-5", {
                    "1/4": (True, _("Yes: one slot of four holds the +5, so 1 in 4 (GR-5).")),
                    "1/5": (False, _("The die has four sides, one per slot (GR-5). Count the slots with a +5.")),
                    "1/2": (False, _("Only one slot holds the +5. Each slot is 1 in 4 (GR-5).")),
                    "3/4": (False, _("That is the chance of *not* rolling the +5. One slot of four holds it (GR-5).")),
                }),
                expected=lambda game: "1/4",
                plays=False,
                board=False,
                choices=fraction_choices(["1/5", "1/4", "1/2", "3/4"]),
                highlight=lambda game: ["slot:0:1"],
            ),
            Step(
                prompt=_("And the chance that your chair moves exactly **2 forward**?"),
                judge=ask_choice("GR-5", {
                    "1/2": (True, _("Right: two slots hold a +2, so 2 in 4 = 1 in 2. Two copies of a bearer "
                                  "double its chance (GR-5).")),
                    "1/4": (False, _("Look again: slots 2 and 4 both hold a +2. Two slots of four (GR-5).")),
                    "3/4": (False, _("Only slots 2 and 4 hold a +2 (GR-5).")),
                }),
                expected=lambda game: "1/2",
                plays=False,
                board=False,
                choices=fraction_choices(["1/4", "1/2", "3/4"]),
                highlight=lambda game: ["slot:0:2", "slot:0:4"],
            ),
            Step(
                prompt=_("On average, how far does this board carry your chair per turn?"),
                judge=ask_choice("GR-5", {
                    "1.75": (True, _("Yes: (5 + 2 − 2 + 2) ÷ 4 = 1.75 spaces a turn. Add up the four slots "
                                   "and divide by 4 — that is how to compare two boards (GR-5).")),
                    "2.25": (False, _("The goof counts **−2**, not 0: (5 + 2 − 2 + 2) ÷ 4.")),
                    "3": (False, _("Don't leave out the goof: it moves you back 2. (5 + 2 − 2 + 2) ÷ 4.")),
                    "2": (False, _("Add all four slots, the goof as −2, and divide by 4.")),
                }),
                expected=lambda game: "1.75",
                plays=False,
                board=False,
                choices=[Choice(v, v) for v in ("1.75", "2", "2.25", "3")],
            ),
            Step(
                prompt=_("Now it's your race turn: **roll** the die."),
                judge=move_judge(roll_goal),
                expected=lambda game: "roll",
                highlight=lambda game: ["button:roll"],
                follow=own_turn,
            ),
        ],
        summary=(_("Done! Each slot is 1 chance in 4 (GR-5): a bearer twice on your board is twice as likely, "
                 "and the average of the four slots tells you how fast a board is.")),
    )


# -- 4. a goof, near the pond -------------------------------------------------------------------
L4_BOARDS = [["goof", "+1", "goof", "+2"], ["+1", "+2", "+3", "+1"], ["+2", "+3", "+1", "+2"],
             ["+3", "+1", "+2", "+3"]]


@functools.cache
def l4_seeds() -> tuple[int, int]:
    """Seeds whose first roll is a goof, from −1 and from −3."""
    return tuple(seed_where(lambda s, p=p: play_all(race_game(L4_BOARDS, [p, 3, 2, 4], seed=s), ["roll"]),
                            lambda g: rolled(g) == "goof") for p in (-1, -3))


def lesson_goof() -> Lesson:
    def start() -> Game:
        return race_game(L4_BOARDS, [-1, 3, 2, 4], seed=l4_seeds()[0])

    def start_b() -> Game:
        return race_game(L4_BOARDS, [-3, 5, 6, 7], seed=l4_seeds()[1])

    def roll_goal(game: Game, action: Action) -> Verdict:
        return Verdict(True, "GR-5", _("The die picks one of your four slots."))

    behind = sep().join(space(-k) for k in range(1, POND_DEPTH + 1))
    return Lesson(
        id="gr-goof",
        title=_("A goof, and the shell pond"),
        rules=("GR-4", "GR-11", "GR-13"),
        intro=(
            _("A **goof** moves your own chair **back 2** (GR-11). Behind START there are "
              "{depth} more spaces ({behind}); a chair that has to go further back falls into the "
              "**shell pond** and is out of the race (GR-4). ({depth} spaces is a house default.)\n\n"
              "The first chair in the pond places **last** in that race (GR-13).\n\n"
              "Your board: **goof, +1, goof, +2**. Your chair is on −1, just behind START."
              ).format(depth=POND_DEPTH, behind=behind)
        ),
        start_game=start,
        steps=[
            Step(
                prompt=_("If you roll a goof now, where does your chair end up?"),
                judge=ask_choice("GR-4", {
                    "-3": (True, _("Right: −1 back 2 is −3, the last of the {depth} spaces behind START. "
                                   "Still in the race (GR-4).").format(depth=POND_DEPTH)),
                    "pond": (False, _("Not yet: there are {depth} spaces behind START (house default); "
                                      "−1 back 2 is −3, still on the course (GR-4).").format(depth=POND_DEPTH)),
                    "0": (False, _("A goof moves you *back* 2: from −1 to −3 (GR-11).")),
                }),
                expected=lambda game: "-3",
                plays=False,
                board=False,
                choices=[Choice(_("On −3, still racing"), "-3"), Choice(_("In the shell pond"), "pond"),
                         Choice(_("Back on START"), "0")],
                highlight=lambda game: ["space:-3"],
            ),
            Step(
                prompt=_("Your turn: **roll** the die."),
                judge=move_judge(roll_goal),
                expected=lambda game: "roll",
                highlight=lambda game: ["button:roll"],
                follow=own_turn,
            ),
            Step(
                prompt=_("You are on −3 now, right at the edge. What is the chance your **next** roll drops you "
                       "into the pond?"),
                judge=ask_choice("GR-4", {
                    "1/2": (True, _("Yes: slots 1 and 3 hold goofs, 2 in 4. Any goof from −3 goes to −5, "
                                  "past the last space: into the pond (GR-4, GR-5).")),
                    "1/4": (False, _("Count the goofs on your board: there are two (GR-5).")),
                    "0/4": (False, _("From −3 a goof (back 2) goes past the last space behind START: the pond "
                                   "(GR-4).")),
                }),
                expected=lambda game: "1/2",
                plays=False,
                board=False,
                choices=fraction_choices(["0/4", "1/4", "1/2"]),
                highlight=lambda game: ["slot:0:1", "slot:0:3"],
            ),
            Step(
                prompt=_("A round later the others have moved on and it's your turn again, still on −3. **Roll**."),
                judge=move_judge(roll_goal),
                expected=lambda game: "roll",
                start=start_b,
                highlight=lambda game: ["button:roll"],
                follow=own_turn,
            ),
            Step(
                prompt=_("Your chair is in the pond, and nobody else is. Which place do you get in this race?"),
                judge=ask_choice("GR-13", {
                    "last": (True, _("Last: the first chair into the pond takes last place, whatever "
                                   "happens next (GR-13, GR-14).")),
                    "depends": (False, _("It's already decided: the first chair into the pond places last "
                                       "(GR-13).")),
                    "3rd": (False, _("Chairs still on the course rank ahead of pond chairs; the first chair "
                                   "in the pond is last (GR-13, GR-14).")),
                }),
                expected=lambda game: "last",
                plays=False,
                board=False,
                choices=[Choice(_("Last"), "last"), Choice(_("3rd"), "3rd"),
                         Choice(_("It depends on the others"), "depends")],
            ),
        ],
        summary=(_("Done! A goof moves you back 2 (GR-11); past the last space behind START you fall into the "
                 "pond and out of the race, and the first one in places last (GR-4, GR-13).")),
    )


# -- 5. the schemer, option (a) ------------------------------------------------------------------
L5_BOARDS = [["schemer", "schemer", "schemer", "+1"], ["+1", "+2", "+3", "+2"], ["+2", "+3", "+1", "+3"],
             ["goof", "+1", "+2", "+3"]]
L5_POS = [10, 12, 11, -2]


@functools.cache
def l5_seed() -> int:
    return seed_where(lambda s: play_all(race_game(L5_BOARDS, L5_POS, seed=s), ["roll"]),
                      lambda g: rolled(g) == "schemer")


def after_scheme(game: Game, action: Action) -> list[int | None]:
    """Every chair's space after a (legal) schemer action, from the engine's preview."""
    positions = game.view(LEARNER)["positions"]
    for event in game.preview(action)["events"]:
        if event["kind"] == "move":
            positions[event["seat"]] = event["after"]
    return positions


def lesson_schemer_a() -> Lesson:
    def start() -> Game:
        return race_game(L5_BOARDS, L5_POS, seed=l5_seed())

    def rolled_schemer(game: Game, action: Action) -> Verdict:
        return Verdict(True, "GR-11", _("A schemer!"))

    def goal(game: Game, action: Action) -> Verdict:
        sign, targets = action.args
        if sign < 0:
            return Verdict(False, "GR-11", _("That is option (b): it moves your own chair **back** 2. Use option "
                           "(a): your chair +2, other chairs back."))
        pos = after_scheme(game, action)
        level = [s for s in (1, 2) if pos[s] >= pos[0]]
        if level:
            return Verdict(False, "GR-11", _("Legal, but afterwards Player {n} is still on {space}, level with "
                                             "you on {own}. Push the chairs that would stay level with you.").format(
                n=level[0] + 1, space=space(pos[level[0]]), own=space(pos[0])))
        pushed = _(" and ").join(_("Player {n} to {space}").format(n=t + 1, space=space(pos[t])) for t in targets)
        return Verdict(True, "GR-11", _("Yes: you go to {space} and push {pushed}. You are alone in "
                                        "front (GR-11).").format(space=space(pos[0]), pushed=pushed))

    return Lesson(
        id="gr-schemer-a",
        title=_("The schemer: option (a)"),
        rules=("GR-11", "GR-4"),
        intro=(
            _("A **schemer** (±2) gives you a choice of two effects (GR-11):\n\n"
            "- **(a)** your chair **+2**, and either one other chair **−2** or two other chairs **−1** each;\n"
            "- **(b)** your chair **−2**, and either one other chair **+2** or two other chairs **+1** each.\n\n"
            "Only chairs still racing can be moved, and a schemer may **never push another chair into "
            "the pond** (GR-11).\n\n"
            "You are on 10, Player 2 on 12, Player 3 on 11, Player 4 on −2; the goal is 15. Your board holds "
            "three schemers.")
        ),
        start_game=start,
        steps=[
            Step(
                prompt=_("**Roll** the die."),
                judge=move_judge(rolled_schemer),
                expected=lambda game: "roll",
                highlight=lambda game: ["button:roll"],
                follow=own_turn,
            ),
            Step(
                prompt=(_("Use **option (a)** so that afterwards your chair is **alone in front**. (Try pushing "
                        "Player 4, on −2, back 2 if you like: it will be refused.)")),
                judge=move_judge(goal),
                expected=lambda game: "scheme +2 1:-2",
                highlight=lambda game: ["chair:1", "chair:2"],
            ),
            Step(
                prompt=_("Why could you not push Player 4's chair (on −2) back 2?"),
                judge=ask_choice("GR-11", {
                    "pond": (True, _("Right: −2 back 2 is −4, past the {depth} spaces behind START: the "
                                   "pond. A schemer may never push another chair in. Pushing it back 1 "
                                   "(to −3) would be allowed (GR-11, GR-4).").format(depth=POND_DEPTH)),
                    "behind": (False, _("Chairs behind START can be pushed, as long as they stay out of the "
                                      "pond (GR-11).")),
                    "leader": (False, _("Any other racing chair can be a target (GR-11), not only the leader.")),
                }),
                expected=lambda game: "pond",
                plays=False,
                board=False,
                choices=[Choice(_("It would fall into the pond"), "pond"),
                         Choice(_("Chairs behind START can't be moved"), "behind"),
                         Choice(_("Only the leader can be pushed"), "leader")],
                highlight=lambda game: ["chair:3"],
            ),
        ],
        summary=(_("Done! Option (a): your chair +2, one other −2 or two others −1 each — but never into the "
                 "pond (GR-11).")),
    )


# -- 6. the schemer, option (b) ------------------------------------------------------------------
L6_BOARDS = [["schemer", "schemer", "+2", "schemer"], ["+1", "+2", "+3", "+1"], ["+2", "+1", "+3", "+2"],
             ["+3", "+1", "+2", "+3"]]
L6_POS = [6, 14, 14, 4]


@functools.cache
def l6_seed() -> int:
    return seed_where(lambda s: play_all(race_game(L6_BOARDS, L6_POS, seed=s), ["roll"]),
                      lambda g: rolled(g) == "schemer")


def lesson_schemer_b() -> Lesson:
    def start() -> Game:
        return race_game(L6_BOARDS, L6_POS, seed=l6_seed())

    def rolled_schemer(game: Game, action: Action) -> Verdict:
        return Verdict(True, "GR-11", _("A schemer again."))

    def goal(game: Game, action: Action) -> Verdict:
        sign, targets = action.args
        if sign > 0:
            return Verdict(False, "GR-11", _("That is option (a) (your chair +2). This time try option (b): your "
                           "chair −2, others forward."))
        if targets == (1, 2):
            return Verdict(True, "GR-12", _("Both chairs move +1 to 15 and cross the goal in the same move; a "
                           "chair pushed over the goal finishes too: Player 2 1st, Player 3 2nd, clockwise "
                           "from you (GR-11, GR-12)."))
        return Verdict(False, "GR-11", _("That is option (b), but it doesn't get **both** Player 2 and Player 3 "
                       "over the goal. Two chairs +1 each: which two?"))

    return Lesson(
        id="gr-schemer-b",
        title=_("The schemer: option (b)"),
        rules=("GR-11", "GR-12"),
        intro=(
            _("Option **(b)** of the schemer moves **your** chair **back 2** and helps others: one chair "
            "**+2**, or two chairs **+1** each (GR-11). Your own chair may even fall into the pond this "
            "way — only *other* chairs are protected.\n\n"
            "Usually option (a) is better for you. But (b) shows a rule worth knowing: a chair pushed "
            "over the goal **finishes** (GR-12). When one push carries **two** chairs over the goal, "
            "they finish **in clockwise order from the schemer**: the chair of the player sitting next "
            "after the schemer first (a house rule; the printed rules don't say).\n\n"
            "You are on 6, Player 2 and Player 3 are both on 14, Player 4 on 4; the goal is 15.")
        ),
        start_game=start,
        steps=[
            Step(
                prompt=_("**Roll** the die."),
                judge=move_judge(rolled_schemer),
                expected=lambda game: "roll",
                highlight=lambda game: ["button:roll"],
                follow=own_turn,
            ),
            Step(
                prompt=_("What does option (b) do to **your** chair?"),
                judge=ask_choice("GR-11", {
                    "back": (True, _("It goes back 2, from 6 to 4. That is the price of helping others "
                                   "(GR-11).")),
                    "stay": (False, _("Option (b) moves your own chair back 2 (GR-11).")),
                    "fwd": (False, _("That is option (a). Option (b) moves your chair back 2 (GR-11).")),
                }),
                expected=lambda game: "back",
                plays=False,
                board=False,
                choices=[Choice(_("Back 2"), "back"), Choice(_("Nothing"), "stay"), Choice(_("Forward 2"), "fwd")],
            ),
            Step(
                prompt=(_("Player 2 and Player 3 are both on 14. If one push carries **both** over the goal, who "
                        "finishes **first**?")),
                judge=ask_choice("GR-12", {
                    "seat1": (True, _("Player 2: chairs pushed over the goal together finish in clockwise order "
                                    "from the schemer — you are Player 1, so Player 2 comes first (GR-12, "
                                    "house rule).")),
                    "seat2": (False, _("Chairs pushed over together finish clockwise from the schemer: Player 2 "
                                     "before Player 3 (GR-12, house rule).")),
                    "tie": (False, _("There are no shared places: they finish clockwise from the schemer, Player 2 "
                                   "first (GR-12, house rule).")),
                }),
                expected=lambda game: "seat1",
                plays=False,
                board=False,
                choices=[Choice(_("Player 2"), "seat1"), Choice(_("Player 3"), "seat2"),
                         Choice(_("They share 1st"), "tie")],
            ),
            Step(
                prompt=_("Play **option (b)** so that **both** Player 2 and Player 3 cross the goal."),
                judge=move_judge(goal),
                expected=lambda game: "scheme -2 1:+1 2:+1",
                highlight=lambda game: ["chair:1", "chair:2", "space:15"],
            ),
        ],
        summary=(_("Done! Option (b): your chair −2, one other +2 or two others +1 each (GR-11). Any chair that "
                 "reaches the goal finishes, even when pushed; chairs pushed over together finish clockwise "
                 "from the schemer (GR-12).")),
    )
