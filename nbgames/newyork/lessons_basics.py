"""New York lessons on the board and the cards: the goal and the board (avenues, streets, the
largest group), the setup round, and reading the public hand counts.

Built with the teachers' public API (`nbgames.teach`: ask_square, ask_choice, ask_move, Lesson),
the same calls a teacher uses in a notebook."""

from __future__ import annotations

from ..engine.action import Action
from ..engine.game import Game
from ..i18n import _
from ..teach import Lesson, ask_choice, ask_move, ask_square
from ..ui.lesson import Verdict
from .tables import N
from .teaching import AVENUES, OTHER_HANDS, STREETS, colour_of_seat, options, place, position_game, sq, square_of

# -- 1. the goal and the board ---------------------------------------------------------------
L1_BOARD = [
    "..bb...",
    ".rr..y.",
    ".rr.gg.",
    "..rr...",
    "y....b.",
    "r.....g",
    "..r.y.r",
]


def lesson_goal() -> Lesson:
    start = position_game(L1_BOARD, hands=[["R*", "R*", "B*", "B*"], *OTHER_HANDS])

    def wrong_square(game: Game, name: str) -> str:
        index = square_of(name)
        if index is None:
            return _("Click a square on the board.")
        r, c = divmod(index, N)
        hints = []
        if r != 5:
            hints.append(_("that row is {avenue}; Park Ave is the sixth row from the top").format(
                avenue=AVENUES[r]))
        if c != 4:
            hints.append(_("that column is {street}; 49th St is the fifth column from the left").format(
                street=STREETS[c]))
        hint = hints[0] if len(hints) == 1 else _("{first} and {second}").format(first=hints[0], second=hints[1])
        return _("You clicked {place}: {hint}. Avenues run across as rows, streets run down as columns "
                 "(NY-1).").format(place=place(index), hint=hint)

    red_group = start.view()["groups"]["red"][0]
    return Lesson(
        id="ny-goal",
        title=_("The goal and the board"),
        game="newyork",
        seat=0,
        rules=("NY-1", "NY-17"),
        intro=(
            _("New York is played on a map of Manhattan: 7 × 7 squares, each one a building. The rows "
            "are **avenues** and the columns are **streets**, so every square is a crossing such as "
            "Park Ave × 49th St (NY-1). The names used here (Broadway … Lexington Ave, 34th … 57th St) "
            "are this project's house default names.\n\n"
            "Everyone builds with pieces of their own colour. At the end, your **largest connected "
            "group counts double** (NY-17), so the goal is one big group.\n\n"
            "You are the **red** player. For this lesson you hold two red and two blue jokers, so you "
            "could name any square at all.")
        ),
        steps=[
            ask_square(
                _("Click the square at **Park Ave × 49th St**."), "F5", position=start, rule="NY-1",
                right=_("Park Ave is the sixth avenue (row) and 49th St the fifth "
                        "street (column): they cross at F5. Red cards name avenues, blue cards "
                        "name streets (NY-1)."),
                wrong=wrong_square,
            ),
            ask_choice(
                _("Red has 9 pieces on the board: the highlighted group of 6 touching pieces, and 3 "
                  "more on their own. Without chips, how many points are those 9 pieces worth at "
                  "the end?"),
                options(("9", False, _("Every piece counts 1, but the largest group counts twice. Try again "
                                       "(NY-17).")),
                        ("12", False, _("12 is the group alone (2 × 6). The 3 other pieces count 1 each (NY-17).")),
                        ("15", True, _("The largest group counts double, 2 × 6 = 12, and every other piece "
                                       "counts 1, so 12 + 3 = 15. Each chip is worth 1 more (NY-17).")),
                        ("18", False, _("Only the largest group counts double; the 3 pieces outside it count 1 "
                                        "each (NY-17)."))),
                rule="NY-17", highlight=red_group,
            ),
        ],
        summary=(_("Done! Rows are avenues (red cards), columns are streets (blue cards), and your biggest "
                 "group scores double. Next: how the pieces get onto the board.")),
    )


# -- 2. setup --------------------------------------------------------------------------------
L2_BOARD = [
    ".......",
    "....y..",
    "..r....",
    "...b...",
    ".g.....",
    ".......",
    ".......",
]


def lesson_setup() -> Lesson:
    start = position_game(L2_BOARD, phase="setup", to_move=0,
                          setup_left={"red": 5, "blue": 5, "yellow": 5, "green": 5})

    def goal(game: Game, action: Action) -> Verdict:
        index = action.args[0]
        if index in (sq("D5"), sq("E4")):
            return Verdict(True, "NY-5", _("Well placed: {place} touches the blue piece. Pieces of "
                           "different colours may touch; only the same colour may not (NY-5).").format(
                               place=place(index)))
        return Verdict(False, "NY-5", _("{place} is allowed, but it doesn't touch the blue piece on "
                       "Fifth Ave × 46th St (D4). Look at the squares right next to it.").format(
                               place=place(index)))

    return Lesson(
        id="ny-setup",
        title=_("Setup: placing your first pieces"),
        game="newyork",
        seat=0,
        rules=("NY-4", "NY-5", "NY-6"),
        intro=(
            _("Before the real game starts, each player places a few **setup pieces** (6 each with 4 "
            "players), one at a time, going round the table (NY-4).\n\n"
            "One rule: a setup piece may **not touch a piece of the same colour** side by side — "
            "corners (diagonals) are fine (NY-5). Why? So that nobody starts with a ready-made group: "
            "groups are what score double.\n\n"
            "A twist: after setup, colour cards are dealt and decide who really owns which colour "
            "(NY-6). The red pieces you place now may end up belonging to someone else!")
        ),
        steps=[
            ask_choice(
                _("You are placing **red**. Red already has a piece on Sixth Ave × 42nd St (C3). "
                  "Which of these squares may red **not** use now?"),
                [{"label": place("C4"), "value": "C4", "right": True,
                  "text": _("Sixth Ave × 46th St (C4) is right beside red's piece on C3, so it is "
                            "refused. Same-colour setup pieces may not touch side by side (NY-5).")},
                 {"label": place("D2"), "value": "D2", "right": False,
                  "text": _("Fifth Ave × 38th St only touches C3 at a corner. Diagonal is fine "
                            "(NY-5). Look for a square sharing a side with C3.")},
                 {"label": place("E3"), "value": "E3", "right": False,
                  "text": _("Madison Ave × 42nd St is two squares below C3, so it does not touch "
                            "it (NY-5).")}],
                position=start, rule="NY-5", highlight=["C3"],
            ),
            ask_move(
                None, goal, rule="NY-5", show="D5", highlight=["D4"],
                prompt=_("Now place a red setup piece **touching the blue piece** on Fifth Ave × 46th St "
                         "(D4). Careful: two of its neighbours also touch your red piece on C3, and those "
                         "are refused."),
            ),
        ],
        summary=(_("Done! Setup pieces go on empty squares and never side by side with their own colour "
                 "(NY-5). House resolution: if a colour has no allowed square left, its remaining setup "
                 "pieces are skipped. Then colour cards decide who owns which colour (NY-6).")),
    )


# -- 3. hand counts --------------------------------------------------------------------------
L3_BOARD = [
    ".......",
    ".b...y.",
    "..r.b..",
    ".g.....",
    "...y..g",
    "..r....",
    ".....b.",
]
L3_HANDS = [["A", "C", "2", "5"], ["B", "D", "1", "3", "6", "B*"], ["E", "F", "G", "R*", "4", "7"],
            ["A", "B", "G", "2", "3", "7"]]


def counts_table(game: Game) -> str:
    lines = []
    for seat, counts in enumerate(game.view()["hand_counts"]):
        who = _("You (red)") if seat == 0 else _("The {colour} player").format(colour=_(colour_of_seat(game, seat)))
        lines.append(_("- {who}: {red} red, {blue} blue").format(who=who, red=counts['red'], blue=counts['blue']))
    return "\n".join(lines)


def lesson_hands() -> Lesson:
    start = position_game(L3_BOARD, hands=L3_HANDS)

    return Lesson(
        id="ny-hands",
        title=_("Reading hand counts"),
        game="newyork",
        seat=0,
        rules=("NY-7", "NY-9"),
        intro=(
            _("Cards have red backs (avenues) or blue backs (streets). Your cards are secret, but "
            "everyone can see **how many red and how many blue** cards each player holds (NY-7). "
            "Jokers count for their colour.\n\n"
            "After every turn you draw, one card at a time, until you hold **at least 2 red and 2 "
            "blue** (NY-9).")
        ),
        steps=[
            ask_choice(
                lambda game: (_("Cards in hand, as everyone sees them:\n\n") + counts_table(game) +
                              _("\n\nOnly red cards name avenues. Which opponent has the fewest "
                                "choices of avenue?")),
                [{"label": _("The blue player"), "value": "blue", "right": True,
                  "text": _("The blue player shows only 2 red cards, so at most 2 avenues "
                            "(unless one is a joker). Counts are public (NY-7).")},
                 {"label": _("The yellow player"), "value": "yellow", "right": False,
                  "text": _("The yellow player shows 4 red cards: the most choices of avenue, "
                            "not the fewest (NY-7).")},
                 {"label": _("The green player"), "value": "green", "right": False,
                  "text": _("The green player shows 3 red cards. Someone shows fewer (NY-7).")}],
                position=start, rule="NY-7",
            ),
            ask_choice(
                _("You hold 2 red and 2 blue. On your turn you play one red and one blue card, "
                  "leaving 1 and 1. What is the **fewest** number of cards you will draw?"),
                options(("1", False, _("One card can't bring both colours back to 2. You need a red and a blue "
                                       "(NY-9).")),
                        ("2", True, _("You need at least one red and one blue card: 2 cards if you are lucky. "
                                      "If you draw two of the same colour, you keep drawing (NY-9).")),
                        ("3", False, _("3 can happen (two reds, then a blue), but with luck you need fewer "
                                       "(NY-9)."))),
                rule="NY-9",
            ),
        ],
        summary=(_("Done! Red and blue counts are public: a player showing few red cards has few avenues "
                 "to choose from. Everyone refills to 2 red + 2 blue after each turn.")),
    )
