"""Galopp Royal lesson on the end of a race: the finishing order, the pond and the prizes — asked
before the race ends, so the board never shows the answers above the questions."""

from __future__ import annotations

import functools

from ..engine.action import Action
from ..engine.game import Game
from ..i18n import _
from ..ui.i18n import player_name
from ..ui.lesson import Choice, Lesson, Step, Verdict, ask_choice, move_judge
from .tables import GOALS, PRIZES
from .teaching import own_turn, play_all, race_game, seed_where
from .text import sep

# -- 7. the end of a race: finishing order, the pond, prizes ------------------------------------
L7_BOARDS = [["+3", "+3", "+3", "+3"], ["goof", "goof", "goof", "goof"], ["goof", "goof", "+1", "+1"],
             ["+1", "+1", "+1", "+1"]]
L7_POS = [13, -3, -3, 12]
L7_BEFORE = ["roll", "roll", "roll"]  # Players 2, 3 and 4 roll before you (Player 2 starts)


@functools.cache
def l7_seed() -> int:
    """A seed where Player 3 rolls a goof after Player 2 fell into the pond."""
    return seed_where(lambda s: play_all(race_game(L7_BOARDS, L7_POS, starter=1, seed=s), L7_BEFORE),
                      lambda g: g.view(None)["pond"] == [1, 2])


def lesson_results() -> Lesson:
    def start() -> Game:
        return play_all(race_game(L7_BOARDS, L7_POS, starter=1, seed=l7_seed()), L7_BEFORE)

    def roll_goal(game: Game, action: Action) -> Verdict:
        return Verdict(True, "GR-12", _("Any of your +3s takes you from 13 over the goal at 15: you finish 1st, "
                                        "and the race is decided (GR-13)."))

    p1, p2, p3 = PRIZES[0]
    return Lesson(
        id="gr-results",
        title=_("Finishing order, the pond and prizes"),
        rules=("GR-12", "GR-13", "GR-14", "GR-15"),
        intro=(
            _("A chair that reaches the goal finishes at once: 1st, 2nd, 3rd … (GR-12). The race ends as "
              "soon as places 1–3 **and** the last place are decided (GR-13). The final order is: the "
              "finishers, then chairs still on the course (front to back), then the pond chairs — the "
              "**latest** to fall in ranking highest (GR-14). The bank pays places 1–3 (GR-15).")
            + "\n\n"
            + _("Race 1 pays **{p1}/{p2}/{p3}** (printed); races 2–6 pay {later} (house defaults), with goals "
                "{goals} spaces (race 1's 15 and the rest are house defaults).").format(
                p1=p1, p2=p2, p3=p3, later=sep().join("/".join(map(str, p)) for p in PRIZES[1:]),
                goals=sep().join(map(str, GOALS)))
            + "\n\n"
            + _("This race began with Player 2: Player 2 rolled a goof from −3 and fell into the pond, then "
                "Player 3 did the same; Player 4 moved from 12 to 13. Now it's your turn: you are on 13 with "
                "four +3s, the goal is 15.")
        ),
        start_game=start,
        steps=[
            Step(
                prompt=_("Players 2 and 3 are in the pond, Player 2 fell in first. Who will place **last**?"),
                judge=ask_choice("GR-13", {
                    "seat1": (True, _("Player 2: the first chair into the pond is last, whatever happens next "
                                      "(GR-13). Last place matters — that player starts the next race and "
                                      "chooses the exchange.")),
                    "seat2": (False, _("Player 3 fell in after Player 2. The **first** pond chair is last "
                                       "(GR-13).")),
                    "seat3": (False, _("Player 4 is still on the course: it ranks ahead of both pond chairs "
                                       "(GR-14).")),
                }),
                expected=lambda game: "seat1",
                plays=False,
                board=False,
                choices=[Choice(player_name(1), "seat1"), Choice(player_name(2), "seat2"),
                         Choice(player_name(3), "seat3")],
                highlight=lambda game: ["chair:1", "chair:2"],
            ),
            Step(
                prompt=_("Any of your +3s takes you over the goal: you will finish 1st, and then places 1–3 and "
                         "the last place are all decided, so the race ends at once (GR-13). Who will win the "
                         "**2nd** prize?"),
                judge=ask_choice("GR-14", {
                    "seat3": (True, _("Player 4: it never crosses the goal, but a chair still on the course "
                                      "ranks ahead of every pond chair, so it is 2nd and wins {coins} (GR-14)."
                                      ).format(coins=p2)),
                    "seat2": (False, _("Chairs still on the course rank ahead of pond chairs (GR-14).")),
                    "nobody": (False, _("Places are given even to chairs that didn't finish (GR-14).")),
                }),
                expected=lambda game: "seat3",
                plays=False,
                board=False,
                choices=[Choice(player_name(2), "seat2"), Choice(player_name(3), "seat3"),
                         Choice(_("Nobody"), "nobody")],
                highlight=lambda game: ["chair:3"],
            ),
            Step(
                prompt=_("Players 2 and 3 are both in the pond. Who will win the **3rd** prize?"),
                judge=ask_choice("GR-14", {
                    "seat2": (True, _("Player 3: it fell in **later**, and among pond chairs the latest ranks "
                                      "highest. 3rd place and {coins} coins (GR-14, GR-15).").format(coins=p3)),
                    "seat1": (False, _("Player 2 fell in first; among pond chairs the latest to fall in ranks "
                                       "highest (GR-14).")),
                    "nobody": (False, _("With fewer than three finishers, the remaining prizes still go to the "
                                        "next places — here a pond chair (GR-14).")),
                }),
                expected=lambda game: "seat2",
                plays=False,
                board=False,
                choices=[Choice(player_name(1), "seat1"), Choice(player_name(2), "seat2"),
                         Choice(_("Nobody"), "nobody")],
            ),
            Step(
                prompt=_("**Roll** and finish the race."),
                judge=move_judge(roll_goal),
                expected=lambda game: "roll",
                highlight=lambda game: ["button:roll"],
                follow=own_turn,
            ),
        ],
        summary=_("Done! You won {coins} coins for 1st. Finishers first, then chairs on the course, then the "
                  "pond — latest in ranking highest (GR-14); places 1–3 are paid (GR-15).").format(coins=p1),
    )
