"""New York lessons on the end of the game: the STOP cards (the trigger, the reshuffle, the
draw that ends it) and scoring a finished game.

Built with the teachers' public API (`nbgames.teach`: ask_move, ask_choice, Lesson), the same
calls a teacher uses in a notebook."""

from __future__ import annotations

from ..engine.action import Action
from ..engine.game import Game
from ..i18n import _
from ..teach import Lesson, ask_choice, ask_move
from ..ui.lesson import Verdict
from .tables import COLOURS, N, square_name
from .teaching import OTHER_HANDS, drew_text, occupant, options, place, position_game, with_row

# -- 8. the STOP trigger ---------------------------------------------------------------------
L8_BOARD = [
    "rbygrb.",
    "ygrbygr",
    "b.grbyg",
    "ryb.grb",
    "grybryg",
    "bbry.gy",
    ".rbgybr",
]
L8B_BOARD = with_row(L8_BOARD, 5, "bbryrgy")


def lesson_stop() -> Lesson:
    start = position_game(L8_BOARD, hands=[["F", "C", "5", "2"], *OTHER_HANDS])
    start_b = position_game(L8B_BOARD, hands=[["A", "G", "7", "1"], *OTHER_HANDS],
                            deck=["STOP", "C", "STOP", "3"], stop_armed=True)

    def goal(game: Game, action: Action) -> Verdict:
        index = action.args[2]
        if occupant(game, index) is None:
            return Verdict(True, "NY-15", _("A piece on {place} leaves only 4 empty squares "
                           "(NY-15).").format(place=place(index)))
        return Verdict(False, "NY-15", _("{place} is taken: evicting a piece leaves 5 empty squares. "
                       "Fill an empty one.").format(place=place(index)))

    def armed(game: Game) -> str:
        return (_("{drew} That triggered the end: both STOP cards were put on the **discard "
                "pile** (NY-15), which now has {discard} cards. The 4 empty squares "
                "are the original rules' number.").format(drew=drew_text(game), discard=game.view()['discard_size']))

    def stopped(game: Game) -> str:
        if game.is_over:
            return (_("a STOP card! The game ends at once, the rest of the draw is cancelled (NY-16). "
                    "Next lesson: who won?"))
        return _("no STOP card this time.")

    return Lesson(
        id="ny-stop",
        title=_("The end: STOP cards"),
        game="newyork",
        seat=0,
        rules=("NY-14", "NY-15", "NY-16"),
        intro=(
            _("The game does not end when the board is full. Instead, the first time **4 or fewer "
            "squares are empty**, both **STOP** cards go onto the **discard "
            "pile** (NY-15; 4 is the original rules' number, and checking after each turn is this "
            "project's house resolution). When the draw pile runs out, the "
            "discard pile is shuffled into a new draw pile (NY-14) — now with the STOP cards in it. "
            "The moment anyone draws a STOP card, the game is over (NY-16).")
        ),
        steps=[
            ask_move(
                start, goal, rule="NY-15", show="F5", after=armed,
                prompt=lambda game: _("{empty} squares are empty. Play a pair that puts a "
                                      "piece on an **empty** square.").format(empty=game.view()['empty_squares']),
                highlight=lambda game: [square_name(r * N + c) for r, row in enumerate(game.view()["board"])
                                        for c, seat in enumerate(row) if seat is None],
            ),
            ask_choice(
                _("The STOP cards are in the discard pile now. When does the game end?"),
                [{"label": _("Right now"), "value": "now", "right": False,
                  "text": _("Not yet: the STOP cards went to the discard pile, not to anyone's hand "
                            "(NY-15). The game goes on until one is drawn (NY-16).")},
                 {"label": _("When the board is full"), "value": "full", "right": False,
                  "text": _("The board never has to fill up. The game ends when a STOP card is "
                            "drawn (NY-16).")},
                 {"label": _("When someone draws a STOP card"), "value": "draw", "right": True,
                  "text": _("The STOP cards wait in the discard pile. Once it is shuffled "
                            "into a new draw pile, whoever draws a STOP ends the game at once "
                            "(NY-14, NY-16).")}],
                rule="NY-16",
            ),
            ask_move(
                start_b, "kind:pair", rule="NY-16", show="A7", after=stopped,
                right=_("Any pair will do; then you draw (NY-9)…"),
                prompt=_("Later: the draw pile ran out and the discard pile, STOP cards and all, was "
                         "shuffled into a new one (NY-14). Play any pair and draw."),
            ),
        ],
        summary=(_("Done! 4 empty squares put the STOP cards on the discard pile (NY-15); drawing one ends "
                 "the game at once (NY-16).")),
    )


# -- 9. scoring ------------------------------------------------------------------------------
L9_BOARD = [
    "yyyyrbb",
    "yyyyrbb",
    "rrrr.bb",
    "rrrr.yy",
    "bb.bbyy",
    "r.r.ryy",
    "bbrbbyy",  # G3 holds red's piece that the last turn takes back
]


def score_table(game: Game) -> str:
    lines = []
    for entry in game.explain_scores():
        parts = {p["what"]: p for p in entry["parts"]}
        lines.append(
            _("- {colour}: largest group {group} × 2 = "
            "{group_points}, other pieces {others}, chips "
            "{chips} → **{total}**").format(
                colour=_(entry['colour']), group=parts['largest group']['count'],
                group_points=parts['largest group']['points'], others=parts['other pieces']['points'],
                chips=parts['chips']['points'], total=entry['total']))
    return "\n".join(lines)


def lesson_scoring() -> Lesson:
    start = position_game(
        L9_BOARD, players=3, chips=[10, 8, 6], stop_armed=True, deck=["STOP"],
        hands=[["G", "A", "3", "4"], ["B", "C", "1", "2"], ["D", "E", "5", "6"]])
    start.play("G3")  # red takes its piece back (NY-10) and draws STOP: the game ends (NY-16)

    def groups(game: Game, colour: int, which: slice) -> list[str]:
        return [name for g in game.view()["groups"][COLOURS[colour]][which] for name in g]

    return Lesson(
        id="ny-scoring",
        title=_("Scoring a finished game"),
        game="newyork",
        rules=("NY-17", "NY-18"),
        intro=(
            _("This 3-player game has just ended: red played the last pair and drew a STOP card.\n\n"
            "Score (NY-17): **2 points** for each piece in your **largest** connected group, **1** for "
            "each of your other pieces, and **1** for each chip. Only one group counts double, even if "
            "two tie. The highest total wins; a tie is a shared win (NY-18, house resolution).")
        ),
        seat=0,
        steps=[
            ask_choice(
                _("Red's largest group (highlighted) has **8** pieces. Red has **5** other pieces "
                  "and **10** chips. What is red's score?"),
                options(("23", False, _("Don't forget the chips: each is worth 1 point (NY-17).")),
                        ("26", False, _("The largest group counts double: 2 × 8 = 16 (NY-17).")),
                        ("31", True, _("2 × 8 = 16, plus 5 other pieces, plus 10 chips = 31 (NY-17).")),
                        ("36", False, _("Only the largest group counts double; the other 5 pieces count 1 each "
                                        "(NY-17)."))),
                position=start, rule="NY-17", highlight=groups(start, 0, slice(0, 1)),
            ),
            ask_choice(
                _("Yellow has **two** groups of 8 (highlighted) and 6 chips. What is yellow's "
                  "score?"),
                options(("22", False, _("Don't forget yellow's 6 chips (NY-17).")),
                        ("30", True, _("One group of 8 doubles (16), the other 8 pieces count 1 each, "
                                       "plus 6 chips: 30. Only one group doubles even when two tie (NY-17).")),
                        ("38", False, _("Only one group counts double, even when two are the same size "
                                        "(NY-17)."))),
                rule="NY-17", highlight=groups(start, 2, slice(0, 2)),
            ),
            ask_choice(
                _("Blue's largest group has 6 pieces, blue has 8 other pieces and 8 chips: 28 "
                  "points. **Who wins?**"),
                [{"label": _("Red"), "value": "red", "right": True,
                  "text": _("Red wins with 31, ahead of yellow's 30 and blue's 28 (NY-18).")},
                 {"label": _("Blue"), "value": "blue", "right": False,
                  "text": _("Blue has 28 — the lowest of the three (NY-18).")},
                 {"label": _("Yellow"), "value": "yellow", "right": False,
                  "text": _("Yellow has 30, one less than red's 31 (NY-18).")}],
                rule="NY-18", highlight=[sq for c in range(3) for sq in groups(start, c, slice(0, 1))],
            ),
        ],
        summary=(_("Done! The final scores:\n\n{table}\n\nYou know New York now. [Try a full "
                 "game](play.ipynb)!").format(table=score_table(start))),
    )
