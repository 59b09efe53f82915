"""New York lessons, in the order a teacher would use them: the goal, setup, a first turn, then
the details (jokers, fees, the can't-pay turn, the end, scoring).

Each lesson sets up a real position through the engine's ``position`` option (so everything the
learner does is checked by the real rules), tells the learner what to do, and explains every
verdict with a rule id from ``rules/newyork.md``. Numbers that are this project's house
resolutions (street names, the STOP trigger at 4 empty squares, …) are named as such.

In a notebook::

    from nbgames.newyork.lessons import learn
    learn()
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine.action import Action
from ..engine.events import Event
from ..engine.game import Game
from ..ui.lesson import Choice, Lesson, LessonSession, Step, Verdict, ask_choice, judge_move, move_judge
from .tables import AVENUE_LETTERS, COLOURS, DATA, STREET_DIGITS, N, square_name
from .text import event_text

SEED = 1995  # the year New York was published; every lesson game is deterministic
AVENUES: list[str] = DATA["avenues"]
STREETS: list[str] = DATA["streets"]


# -- small helpers ---------------------------------------------------------------------------
def sq(name: str) -> int:
    """Square index of a name like "F5" (avenue letter, street digit)."""
    return AVENUE_LETTERS.index(name[0]) * N + STREET_DIGITS.index(name[1])


def place(name_or_index: str | int) -> str:
    """The friendly name of a square: "Park Ave × 49th St (F5)"."""
    index = sq(name_or_index) if isinstance(name_or_index, str) else name_or_index
    r, c = divmod(index, N)
    return f"{AVENUES[r]} × {STREETS[c]} ({square_name(index)})"


def square_of(answer: Any) -> int | None:
    """The square an answer points at: a placement, a pair, or a square name such as "F5"."""
    if isinstance(answer, Action):
        if answer.kind == "place":
            return answer.args[0]
        if answer.kind == "pair":
            return answer.args[2]
        return None
    if isinstance(answer, str):
        text = answer.strip().upper()
        if len(text) == 2 and text[0] in AVENUE_LETTERS and text[1] in STREET_DIGITS:
            return sq(text)
        target = text.rpartition("@")[2]
        if len(target) == 2 and target[0] in AVENUE_LETTERS and target[1] in STREET_DIGITS:
            return sq(target)
    return None


def position_game(board: list[str], players: int = 4, phase: str = "main", seed: int = SEED,
                  **position: Any) -> Game:
    """A lesson game at a set position; seat i plays colour i unless ``seat_colours`` says else."""
    pos = {"phase": phase, "board": board,
           "seat_colours": [[COLOURS[i]] for i in range(players)], **position}
    return Game("newyork", players, seed=seed, options={"position": pos})


def seat_name(game: Game, seat: int) -> str:
    """ "you" for the learner (seat 0), else "the blue player"."""
    if seat == 0:
        return "you"
    return f"the {game.view()['seat_colours'][seat][0]} player"


def colour_of_seat(game: Game, seat: int) -> str:
    return game.view()["seat_colours"][seat][0]


MOVE_EVENTS = ("setup", "place", "return", "noplay")  # what a learner's move leaves in the log


def learner_move(game: Game, seat: int = 0) -> list[Event]:
    """The events of the learner's latest move and of what followed it (the refill, …)."""
    events = game.events()
    for index in range(len(events) - 1, -1, -1):
        if events[index].kind in MOVE_EVENTS and events[index].seat == seat:
            if index and events[index - 1].kind == "evict" and events[index - 1].seat == seat:
                index -= 1  # an eviction comes just before the piece that replaces it
            return events[index:]
    return []


def happened(game: Game, seat: int = 0) -> str:
    """The learner's latest move as the log tells it (the game's one event renderer)."""
    return "The log says: " + " ".join(event_text(event) for event in learner_move(game, seat))


def occupant(game: Game, index: int) -> str | None:
    """The colour of the piece on a square, or None if it is empty."""
    return game.view()["board_colours"][index // N][index % N]


def hand_text(game: Game, seat: int = 0) -> str:
    hand = game.view(seat)["hand"]
    counts = game.view()["hand_counts"][seat]
    return f"{', '.join(hand)} ({counts['red']} red, {counts['blue']} blue)"


def drew_text(game: Game, seat: int = 0) -> str:
    """What the learner's turn did, then how the refill works (NY-9 step 4)."""
    if game.is_over:
        return ""
    return (f"{happened(game, seat)} Your two cards went face up onto the discard pile and you drew one "
            f"card at a time until you held at least 2 red and 2 blue (NY-9). Your hand now: "
            f"{hand_text(game)}.")


def ask_square(target: str, rule: str, right: str, wrong: Callable[[Game, int], str]) -> Callable:
    """A judge for "click the square that …" questions: the board is clicked, nothing is played."""
    goal = sq(target)

    def judge(game: Game, answer: Any) -> Verdict:
        index = square_of(answer)
        if index is None:
            return Verdict(False, rule, "Click a square on the board.")
        if index == goal:
            return Verdict(True, rule, right)
        return Verdict(False, rule, wrong(game, index))

    return judge


def fee_of(game: Game, name: str) -> int:
    """The NY-11 fee for evicting the piece on a square (the engine's count, from the view)."""
    index = sq(name)
    return game.view()["fees"][index // N][index % N]


def count_line(game: Game, colour: str, avenue: str | None = None, street: str | None = None) -> int:
    """Pieces of a colour in an avenue (letter) or a street (digit)."""
    board = game.view()["board_colours"]
    if avenue is not None:
        return sum(1 for c in board[AVENUE_LETTERS.index(avenue)] if c == colour)
    col = STREET_DIGITS.index(street)
    return sum(1 for row in board if row[col] == colour)


OTHER_HANDS = [["A", "B", "1", "4"], ["D", "E", "6", "7"], ["G", "A", "1", "6"]]


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


def _lesson_goal() -> Lesson:
    def start() -> Game:
        return position_game(L1_BOARD, hands=[["R*", "R*", "B*", "B*"], *OTHER_HANDS])

    def wrong_square(game: Game, index: int) -> str:
        r, c = divmod(index, N)
        hints = []
        if r != 5:
            hints.append(f"that row is {AVENUES[r]}; Park Ave is the sixth row from the top")
        if c != 4:
            hints.append(f"that column is {STREETS[c]}; 49th St is the fifth column from the left")
        return (f"You clicked {place(index)}: " + " and ".join(hints) + ". Avenues run across as rows, "
                "streets run down as columns (NY-1).")

    red_group = start().view()["groups"]["red"][0]
    return Lesson(
        id="ny-goal",
        title="The goal and the board",
        rules=("NY-1", "NY-17"),
        intro=(
            "New York is played on a map of Manhattan: 7 × 7 squares, each one a building. The rows "
            "are **avenues** and the columns are **streets**, so every square is a crossing such as "
            "Park Ave × 49th St (NY-1). The names used here (Broadway … Lexington Ave, 34th … 57th St) "
            "are this project's house default names.\n\n"
            "Everyone builds with pieces of their own colour. At the end, your **largest connected "
            "group counts double** (NY-17), so the goal is one big group.\n\n"
            "You are the **red** player. For this lesson you hold two red and two blue jokers, so you "
            "could name any square at all."
        ),
        start_game=start,
        steps=[
            Step(
                prompt="Click the square at **Park Ave × 49th St**.",
                judge=ask_square("F5", "NY-1", "That's it: Park Ave is the sixth avenue (row) and 49th St "
                                 "the fifth street (column). Red cards name avenues, blue cards name "
                                 "streets (NY-1).", wrong_square),
                expected=lambda game: "F5",
                plays=False,
                highlight=None,
            ),
            Step(
                prompt=("Red has 9 pieces on the board: the highlighted group of 6 touching pieces, and 3 "
                        "more on their own. Without chips, how many points are those 9 pieces worth at "
                        "the end?"),
                judge=ask_choice("NY-17", {
                    "15": (True, "Yes: the largest group counts double, 2 × 6 = 12, and every other piece "
                                 "counts 1, so 12 + 3 = 15. Each chip is worth 1 more (NY-17)."),
                    "9": (False, "Every piece counts 1, but the largest group counts twice. Try again "
                                 "(NY-17)."),
                    "12": (False, "12 is the group alone (2 × 6). The 3 other pieces count 1 each (NY-17)."),
                    "18": (False, "Only the largest group counts double; the 3 pieces outside it count 1 "
                                  "each (NY-17)."),
                }),
                expected=lambda game: "15",
                plays=False,
                board=False,
                choices=[Choice(v, v) for v in ("9", "12", "15", "18")],
                highlight=lambda game: red_group,
            ),
        ],
        summary=("Done! Rows are avenues (red cards), columns are streets (blue cards), and your biggest "
                 "group scores double. Next: how the pieces get onto the board."),
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


def _lesson_setup() -> Lesson:
    def start() -> Game:
        return position_game(L2_BOARD, phase="setup", to_move=0,
                             setup_left={"red": 5, "blue": 5, "yellow": 5, "green": 5})

    def goal(game: Game, action: Action) -> Verdict:
        index = action.args[0]
        if index in (sq("D5"), sq("E4")):
            return Verdict(True, "NY-5", f"Well placed: {place(index)} touches the blue piece. Pieces of "
                           "different colours may touch; only the same colour may not (NY-5).")
        return Verdict(False, "NY-5", f"{place(index)} is allowed, but it doesn't touch the blue piece on "
                       "Fifth Ave × 46th St (D4). Look at the squares right next to it.")

    return Lesson(
        id="ny-setup",
        title="Setup: placing your first pieces",
        rules=("NY-4", "NY-5", "NY-6"),
        intro=(
            "Before the real game starts, each player places a few **setup pieces** (6 each with 4 "
            "players), one at a time, going round the table (NY-4).\n\n"
            "One rule: a setup piece may **not touch a piece of the same colour** side by side — "
            "corners (diagonals) are fine (NY-5). Why? So that nobody starts with a ready-made group: "
            "groups are what score double.\n\n"
            "A twist: after setup, colour cards are dealt and decide who really owns which colour "
            "(NY-6). The red pieces you place now may end up belonging to someone else!"
        ),
        start_game=start,
        steps=[
            Step(
                prompt=("You are placing **red**. Red already has a piece on Sixth Ave × 42nd St (C3). "
                        "Which of these squares may red **not** use now?"),
                judge=ask_choice("NY-5", {
                    "C4": (True, "Right: Sixth Ave × 46th St is right beside red's piece on C3, so it is "
                                 "refused. Same-colour setup pieces may not touch side by side (NY-5)."),
                    "D2": (False, "Fifth Ave × 38th St only touches C3 at a corner. Diagonal is fine "
                                  "(NY-5). Look for a square sharing a side with C3."),
                    "E3": (False, "Madison Ave × 42nd St is two squares below C3, so it does not touch "
                                  "it (NY-5)."),
                }),
                expected=lambda game: "C4",
                plays=False,
                board=False,
                choices=[Choice(place("C4"), "C4"), Choice(place("D2"), "D2"), Choice(place("E3"), "E3")],
                highlight=lambda game: ["C3"],
            ),
            Step(
                prompt=("Now place a red setup piece **touching the blue piece** on Fifth Ave × 46th St "
                        "(D4). Careful: two of its neighbours also touch your red piece on C3, and those "
                        "are refused."),
                judge=move_judge(goal),
                expected=lambda game: "D5",
                highlight=lambda game: ["D4"],
            ),
        ],
        summary=("Done! Setup pieces go on empty squares and never side by side with their own colour "
                 "(NY-5). House resolution: if a colour has no allowed square left, its remaining setup "
                 "pieces are skipped. Then colour cards decide who owns which colour (NY-6)."),
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
        who = "You (red)" if seat == 0 else f"The {colour_of_seat(game, seat)} player"
        lines.append(f"- {who}: {counts['red']} red, {counts['blue']} blue")
    return "\n".join(lines)


def _lesson_hands() -> Lesson:
    def start() -> Game:
        return position_game(L3_BOARD, hands=L3_HANDS)

    return Lesson(
        id="ny-hands",
        title="Reading hand counts",
        rules=("NY-7", "NY-9"),
        intro=(
            "Cards have red backs (avenues) or blue backs (streets). Your cards are secret, but "
            "everyone can see **how many red and how many blue** cards each player holds (NY-7). "
            "Jokers count for their colour.\n\n"
            "After every turn you draw, one card at a time, until you hold **at least 2 red and 2 "
            "blue** (NY-9)."
        ),
        start_game=start,
        steps=[
            Step(
                prompt=lambda game: ("Cards in hand, as everyone sees them:\n\n" + counts_table(game) +
                                     "\n\nOnly red cards name avenues. Which opponent has the fewest "
                                     "choices of avenue?"),
                judge=ask_choice("NY-7", {
                    "blue": (True, "Yes: the blue player shows only 2 red cards, so at most 2 avenues "
                                   "(unless one is a joker). Counts are public (NY-7)."),
                    "yellow": (False, "The yellow player shows 4 red cards: the most choices of avenue, "
                                      "not the fewest (NY-7)."),
                    "green": (False, "The green player shows 3 red cards. Someone shows fewer (NY-7)."),
                }),
                expected=lambda game: "blue",
                plays=False,
                board=False,
                choices=[Choice("The blue player", "blue"), Choice("The yellow player", "yellow"),
                         Choice("The green player", "green")],
            ),
            Step(
                prompt=("You hold 2 red and 2 blue. On your turn you play one red and one blue card, "
                        "leaving 1 and 1. What is the **fewest** number of cards you will draw?"),
                judge=ask_choice("NY-9", {
                    "2": (True, "Right: at least one red and one blue, so 2 cards if you are lucky. If you "
                                "draw two of the same colour, you keep drawing (NY-9)."),
                    "1": (False, "One card can't bring both colours back to 2. You need a red and a blue "
                                 "(NY-9)."),
                    "3": (False, "3 can happen (two reds, then a blue), but with luck you need fewer "
                                 "(NY-9)."),
                }),
                expected=lambda game: "2",
                plays=False,
                board=False,
                choices=[Choice(v, v) for v in ("1", "2", "3")],
            ),
        ],
        summary=("Done! Red and blue counts are public: a player showing few red cards has few avenues "
                 "to choose from. Everyone refills to 2 red + 2 blue after each turn."),
    )


# -- 4. a first turn -------------------------------------------------------------------------
L4_BOARD = [
    ".......",
    ".b...y.",
    "....b..",
    ".g.....",
    "...y..g",
    "..rr...",
    ".....b.",
]


def _lesson_first_turn() -> Lesson:
    def start() -> Game:
        return position_game(L4_BOARD, hands=[["F", "C", "2", "5"], *OTHER_HANDS], deck=["3", "B*", "D"])

    def goal(game: Game, action: Action) -> Verdict:
        index = action.args[2]
        if index in (sq("F2"), sq("F5")):
            return Verdict(True, "NY-10", f"Nice: {place(index)} was empty, so your piece goes there "
                           "(NY-10), and it joins your group on Park Ave.")
        if occupant(game, index) is not None:
            return Verdict(False, "NY-10", f"{place(index)} holds the blue player's piece: taking it costs "
                           "chips (lesson 6). This time pick an empty square next to your red pieces.")
        return Verdict(False, "NY-17", f"{place(index)} is empty and allowed, but it doesn't touch your red "
                       "pieces on Park Ave. Your largest group is what scores double (NY-17).")

    return Lesson(
        id="ny-first-turn",
        title="Your first turn: a pair on an empty square",
        rules=("NY-9", "NY-10"),
        intro=(
            "On your turn you play **one red card and one blue card** together. The red card names an "
            "avenue, the blue card a street: together they name one square (NY-9). If that square is "
            "empty, you put one of your pieces there (NY-10).\n\n"
            "You hold Sixth Ave (C), Park Ave (F), 38th St (2) and 49th St (5), so you can name four "
            "squares: C2, C5, F2 and F5."
        ),
        start_game=start,
        steps=[
            Step(
                prompt=("You are red and have two pieces side by side on Park Ave. Play a pair that puts "
                        "a piece on an **empty** square **next to them**."),
                judge=move_judge(goal),
                expected=lambda game: "F5",
                follow=drew_text,
                highlight=lambda game: ["F3", "F4"],
            ),
        ],
        summary=("Done! A turn is: play a red and a blue card, resolve the square, discard the two cards, "
                 "draw back up to 2 red and 2 blue (NY-9)."),
    )


# -- 5. the joker ----------------------------------------------------------------------------
L5_BOARD = [
    ".......",
    ".b...y.",
    "....b..",
    ".gr....",
    "...y..g",
    "..r.r..",
    ".....b.",
]
L5B_BOARD = [row for row in L5_BOARD]
L5B_BOARD[5] = "..rrr.."


def _lesson_joker() -> Lesson:
    def start() -> Game:
        return position_game(L5_BOARD, hands=[["R*", "D", "4", "1"], *OTHER_HANDS])

    def start_b() -> Game:
        return position_game(L5B_BOARD, hands=[["R*", "D", "4", "2"], *OTHER_HANDS])

    def goal_a(game: Game, action: Action) -> Verdict:
        index = action.args[2]
        if index == sq("F4"):
            return Verdict(True, "NY-9", "Yes! You declared the red joker as Park Ave and played it with "
                           "46th St: F4 joins your two pieces into one group (NY-9).")
        return Verdict(False, "NY-9", f"That names {place(index)}. You want Park Ave × 46th St (F4): play "
                       "the red joker, declared as Park Ave, with your 46th St card.")

    def goal_b(game: Game, action: Action) -> Verdict:
        red = action.args[0]
        if action.args[2] != sq("D4"):
            return Verdict(False, "NY-9", f"That names {place(action.args[2])}; take Fifth Ave × 46th St "
                           "(D4).")
        if red == AVENUE_LETTERS.index("D"):
            return Verdict(True, "NY-12a", "Good thinking: you spent the Fifth Ave card and kept the "
                           "joker for a square you can't name otherwise (NY-12a).")
        return Verdict(False, "NY-12a", "That works, but it spends your joker where your Fifth Ave card "
                       "would do. When both could name the line, you choose which card to spend "
                       "(NY-12a): keep the joker.")

    return Lesson(
        id="ny-joker",
        title="Jokers",
        rules=("NY-9", "NY-12a"),
        intro=(
            "A **joker** names any avenue (red joker) or any street (blue joker). You say which one "
            "when you play it (NY-9). A red joker with a blue joker names any square at all.\n\n"
            "Jokers are precious, so don't waste them when a normal card would do (NY-12a, a house "
            "resolution: you choose which card to spend)."
        ),
        start_game=start,
        steps=[
            Step(
                prompt=("Your red pieces on Park Ave × 42nd St (F3) and Park Ave × 49th St (F5) have a gap "
                        "at **Park Ave × 46th St (F4)**. You hold no Park Ave card, but you have a red "
                        "joker. Fill the gap."),
                judge=move_judge(goal_a),
                expected=lambda game: "*4@F4",
                follow=drew_text,
                highlight=lambda game: ["F4"],
            ),
            Step(
                prompt=("A later turn. You hold the red joker, Fifth Ave (D), 46th St (4) and 38th St (2). "
                        "Take **Fifth Ave × 46th St (D4)**, next to your piece on D3 — and keep your joker."),
                judge=move_judge(goal_b),
                expected=lambda game: "D4",
                start=start_b,
                highlight=lambda game: ["D4"],
            ),
        ],
        summary=("Done! Declare a joker as the line you need; spend an exact card when you have one and "
                 "keep the joker for later (NY-12a)."),
    )


# -- 6. eviction fees ------------------------------------------------------------------------
L6_BOARD = [
    ".......",
    ".b.....",
    ".b...y.",
    ".b.g...",
    ".....b.",
    ".br.bbb",
    "...y.bg",
]


def _lesson_fee() -> Lesson:
    def start() -> Game:
        return position_game(L6_BOARD, hands=[["F", "A", "5", "2"], *OTHER_HANDS])

    def wrong_fee_square(game: Game, index: int) -> str:
        if occupant(game, index) is None:
            return f"{place(index)} is empty: it costs nothing (NY-10). Look at blue's pieces on Park Ave."
        c = index % N
        on_avenue = count_line(game, "blue", avenue="F")
        return (f"{place(index)} costs {fee_of(game, square_name(index))}: blue has {on_avenue} "
                f"pieces on Park Ave but only {count_line(game, 'blue', street=STREET_DIGITS[c])} on "
                f"{STREETS[c]}, and the fee is the smaller count (NY-11).")

    def goal(game: Game, action: Action) -> Verdict:
        index = action.args[2]
        if index == sq("F5"):
            return Verdict(True, "NY-11", "Right: the fee for F5 is the smaller of 4 (blue on Park Ave) "
                           "and 1 (blue on 49th St), so 1 chip (NY-11).")
        if index == sq("F2"):
            return Verdict(False, "NY-11", "F2 costs 4: blue has 4 on Park Ave and 4 on 38th St. The other "
                           "blue piece you can name is cheaper (NY-11).")
        return Verdict(False, "NY-10", f"{place(index)} is empty, so nobody gets evicted. Take a blue "
                       "piece on Park Ave.")

    def paid(game: Game) -> str:
        chips = game.view()["chips"]
        return (f"You paid 1 chip to the blue player (you now have {chips[0]}, blue {chips[1]}); blue's "
                "piece went back to blue's supply and yours took its place (NY-10). " + drew_text(game))

    return Lesson(
        id="ny-fee",
        title="Evicting: the fee",
        rules=("NY-10", "NY-11"),
        intro=(
            "You may play onto a square that holds **another player's piece**. Their piece goes back "
            "to their supply, yours goes there, and you **pay them a fee** in chips (NY-10).\n\n"
            "The fee (NY-11): count the owner's pieces **in that avenue** and **in that street** "
            "(both counts include the piece you evict). The fee is the **smaller** count."
        ),
        start_game=start,
        steps=[
            Step(
                prompt=("Blue has 4 pieces on Park Ave (F2, F5, F6, F7) and 4 on 38th St (B2, C2, D2, F2), "
                        "but only 1 on 49th St. You hold Park Ave, Broadway, 38th St and 49th St. **Click "
                        "the Park Ave square that would cost you 4 chips.**"),
                judge=ask_square("F2", "NY-11", "Yes: Park Ave × 38th St. Blue has 4 on Park Ave and 4 on "
                                 "38th St, so the smaller count is 4 (NY-11).", wrong_fee_square),
                expected=lambda game: "F2",
                plays=False,
            ),
            Step(
                prompt="Now take the **cheaper** blue piece on Park Ave.",
                judge=move_judge(goal),
                expected=lambda game: "F5",
                follow=paid,
            ),
            Step(
                prompt=lambda game: (
                    f"The board has changed: blue now has {count_line(game, 'blue', avenue='F')} pieces on "
                    f"Park Ave and {count_line(game, 'blue', street='6')} on 53rd St. What would "
                    "**Park Ave × 53rd St (F6)** cost now?"),
                judge=lambda game, answer: ask_choice("NY-11", {
                    str(v): (v == fee_of(game, "F6"),
                             "Yes: 3 on Park Ave, 3 on 53rd St, so the fee is 3 (NY-11)."
                             if v == fee_of(game, "F6") else
                             "Count blue's pieces in the avenue and in the street (the piece itself "
                             "included); the fee is the smaller count (NY-11).")
                    for v in (1, 2, 3, 4)})(game, answer),
                expected=lambda game: str(fee_of(game, "F6")),
                plays=False,
                board=False,
                choices=[Choice(str(v), str(v)) for v in (1, 2, 3, 4)],
                highlight=lambda game: ["F6"],
            ),
        ],
        summary=("Done! Fee = the smaller of the owner's pieces in the avenue and in the street (NY-11). "
                 "Lonely pieces are cheap to take; pieces in a strong row and column are expensive."),
    )


# -- 7. the can't-pay turn -------------------------------------------------------------------
L7B_BOARD = [
    ".......",
    ".b.....",
    ".b...y.",
    ".b.g...",
    ".....b.",
    ".b.r..b",
    ".y...bg",
]


def _lesson_cant_pay() -> Lesson:
    def start() -> Game:
        return position_game(L6_BOARD, hands=[["F", "A", "5", "2"], *OTHER_HANDS], chips=[3, 7, 7, 7])

    def start_b() -> Game:
        return position_game(L7B_BOARD, hands=[["F", "G", "2", "7"], *OTHER_HANDS], chips=[0, 8, 8, 8])

    def goal(game: Game, action: Action) -> Verdict:
        index = action.args[2]
        if index == sq("F5"):
            return Verdict(True, "NY-12", "Right: F5 costs 1 and you have 3 chips. F2 would cost 4, which "
                           "you can't pay, so that pair may not be played (NY-12).")
        return Verdict(False, "NY-12", f"{place(index)} is empty. Take a blue piece on Park Ave that you "
                       "can pay for.")

    def noplay_judge(game: Game, answer: Any) -> Verdict:
        if str(answer) == "pass":
            return Verdict(False, "NY-13", "There is no passing in New York: with no playable pair you "
                           "must show your hand and throw it all away (NY-13).")
        action = judge_move(game, answer)
        if isinstance(action, Verdict):
            return action
        return Verdict(True, "NY-13", "Right: with no pair you can play, you show your cards, discard "
                       "them all and draw a new hand. Your turn ends there (NY-13).")

    def after_noplay(game: Game) -> str:
        return f"{happened(game)} Everyone saw your cards. Your new hand: {hand_text(game)}."

    return Lesson(
        id="ny-cant-pay",
        title="When you can't pay",
        rules=("NY-12", "NY-13"),
        intro=(
            "You may only play a pair if you can **pay its fee** (NY-12). (You also need a piece in "
            "your supply to place one — a house resolution.)\n\n"
            "If **no** pair in your hand can be played, you show your hand, discard it all and draw "
            "a new one; that is your whole turn (NY-13). You may not do this while a playable pair "
            "exists."
        ),
        start_game=start,
        steps=[
            Step(
                prompt=("Same board as before, but you have only **3 chips**. Take a blue piece on Park "
                        "Ave. (Try Park Ave × 38th St first if you like: it costs 4, so it will be "
                        "refused.)"),
                judge=move_judge(goal),
                expected=lambda game: "F5",
                follow=drew_text,
            ),
            Step(
                prompt=("A later turn: you have **0 chips** and hold Park Ave, Lexington Ave, 38th St and "
                        "57th St. All four squares they name hold other players' pieces. What do you do?"),
                judge=noplay_judge,
                expected=lambda game: "noplay",
                start=start_b,
                choices=[Choice("Show my cards, discard them, draw new ones", "noplay"),
                         Choice("Keep my cards and pass", "pass")],
                highlight=lambda game: ["F2", "F7", "G2", "G7"],
                follow=after_noplay,
            ),
        ],
        summary=("Done! A pair you can't pay for may not be played (NY-12); with no playable pair at all, "
                 "you discard your hand and draw again (NY-13)."),
    )


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
L8B_BOARD = [row for row in L8_BOARD]
L8B_BOARD[5] = "bbryrgy"


def _lesson_stop() -> Lesson:
    def start() -> Game:
        return position_game(L8_BOARD, hands=[["F", "C", "5", "2"], *OTHER_HANDS])

    def start_b() -> Game:
        return position_game(L8B_BOARD, hands=[["A", "G", "7", "1"], *OTHER_HANDS],
                             deck=["STOP", "C", "STOP", "3"], stop_armed=True)

    def goal(game: Game, action: Action) -> Verdict:
        index = action.args[2]
        if occupant(game, index) is None:
            return Verdict(True, "NY-15", f"You placed a piece on {place(index)}: only 4 squares are empty "
                           "now.")
        return Verdict(False, "NY-15", f"{place(index)} is taken: a swap leaves 5 empty squares. Fill an "
                       "empty one.")

    def armed(game: Game) -> str:
        return (f"{drew_text(game)} That triggered the end: both STOP cards were put on the **discard "
                f"pile** (NY-15), which now has {game.view()['discard_size']} cards. The trigger at 4 "
                "empty squares is a house default.")

    def any_pair(game: Game, action: Action) -> Verdict:
        return Verdict(True, "NY-16", "You played your pair and drew…")

    def stopped(game: Game) -> str:
        if game.is_over:
            return ("a STOP card! The game ends at once, the rest of the draw is cancelled (NY-16). "
                    "Next lesson: who won?")
        return "no STOP card this time."

    return Lesson(
        id="ny-stop",
        title="The end: STOP cards",
        rules=("NY-14", "NY-15", "NY-16"),
        intro=(
            "The game does not end when the board is full. Instead, the first time **4 or fewer "
            "squares are empty** (checked after each turn), both **STOP** cards go onto the **discard "
            "pile** (NY-15; 4 is this project's house default). When the draw pile runs out, the "
            "discard pile is shuffled into a new draw pile (NY-14) — now with the STOP cards in it. "
            "The moment anyone draws a STOP card, the game is over (NY-16)."
        ),
        start_game=start,
        steps=[
            Step(
                prompt=lambda game: (f"{game.view()['empty_squares']} squares are empty. Play a pair that puts a "
                                     "piece on an **empty** square."),
                judge=move_judge(goal),
                expected=lambda game: "F5",
                follow=armed,
                highlight=lambda game: [square_name(r * N + c) for r, row in enumerate(game.view()["board"])
                                        for c, seat in enumerate(row) if seat is None],
            ),
            Step(
                prompt="The STOP cards are in the discard pile now. When does the game end?",
                judge=ask_choice("NY-16", {
                    "draw": (True, "Right: the STOP cards wait in the discard pile. Once it is shuffled "
                                   "into a new draw pile, whoever draws a STOP ends the game at once "
                                   "(NY-14, NY-16)."),
                    "now": (False, "Not yet: the STOP cards went to the discard pile, not to anyone's hand "
                                   "(NY-15). The game goes on until one is drawn (NY-16)."),
                    "full": (False, "The board never has to fill up. The game ends when a STOP card is "
                                    "drawn (NY-16)."),
                }),
                expected=lambda game: "draw",
                plays=False,
                board=False,
                choices=[Choice("Right now", "now"), Choice("When the board is full", "full"),
                         Choice("When someone draws a STOP card", "draw")],
            ),
            Step(
                prompt=("Later: the draw pile ran out and the discard pile, STOP cards and all, was "
                        "shuffled into a new one (NY-14). Play any pair and draw."),
                judge=move_judge(any_pair),
                expected=lambda game: "A7",
                start=start_b,
                follow=stopped,
            ),
        ],
        summary=("Done! 4 empty squares put the STOP cards on the discard pile (NY-15); drawing one ends "
                 "the game at once (NY-16)."),
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
            f"- {entry['colour']}: largest group {parts['largest group']['count']} × 2 = "
            f"{parts['largest group']['points']}, other pieces {parts['other pieces']['points']}, chips "
            f"{parts['chips']['points']} → **{entry['total']}**")
    return "\n".join(lines)


def _lesson_scoring() -> Lesson:
    def start() -> Game:
        game = position_game(
            L9_BOARD, players=3, chips=[10, 8, 6], stop_armed=True, deck=["STOP"],
            hands=[["G", "A", "3", "4"], ["B", "C", "1", "2"], ["D", "E", "5", "6"]])
        game.play("G3")  # red takes its piece back (NY-10) and draws STOP: the game ends (NY-16)
        return game

    def groups(game: Game, colour: int, which: slice) -> list[str]:
        return [name for g in game.view()["groups"][COLOURS[colour]][which] for name in g]

    return Lesson(
        id="ny-scoring",
        title="Scoring a finished game",
        rules=("NY-17", "NY-18"),
        intro=(
            "This 3-player game has just ended: red played the last pair and drew a STOP card.\n\n"
            "Score (NY-17): **2 points** for each piece in your **largest** connected group, **1** for "
            "each of your other pieces, and **1** for each chip. Only one group counts double, even if "
            "two tie. The highest total wins; a tie is a shared win (NY-18, house resolution)."
        ),
        start_game=start,
        seat=0,
        steps=[
            Step(
                prompt=("Red's largest group (highlighted) has **8** pieces. Red has **5** other pieces "
                        "and **10** chips. What is red's score?"),
                judge=ask_choice("NY-17", {
                    "31": (True, "Yes: 2 × 8 = 16, plus 5 other pieces, plus 10 chips = 31 (NY-17)."),
                    "23": (False, "Don't forget the chips: each is worth 1 point (NY-17)."),
                    "36": (False, "Only the largest group counts double; the other 5 pieces count 1 each "
                                  "(NY-17)."),
                    "26": (False, "The largest group counts double: 2 × 8 = 16 (NY-17)."),
                }),
                expected=lambda game: "31",
                plays=False,
                board=False,
                choices=[Choice(v, v) for v in ("23", "26", "31", "36")],
                highlight=lambda game: groups(game, 0, slice(0, 1)),
            ),
            Step(
                prompt=("Yellow has **two** groups of 8 (highlighted) and 6 chips. What is yellow's "
                        "score?"),
                judge=ask_choice("NY-17", {
                    "30": (True, "Right: one group of 8 doubles (16), the other 8 pieces count 1 each, "
                                 "plus 6 chips: 30. Only one group doubles even when two tie (NY-17)."),
                    "38": (False, "Only one group counts double, even when two are the same size "
                                  "(NY-17)."),
                    "22": (False, "Don't forget yellow's 6 chips (NY-17)."),
                }),
                expected=lambda game: "30",
                plays=False,
                board=False,
                choices=[Choice(v, v) for v in ("22", "30", "38")],
                highlight=lambda game: groups(game, 2, slice(0, 2)),
            ),
            Step(
                prompt=("Blue's largest group has 6 pieces, blue has 8 other pieces and 8 chips: 28 "
                        "points. **Who wins?**"),
                judge=ask_choice("NY-18", {
                    "red": (True, "Red wins with 31, ahead of yellow's 30 and blue's 28 (NY-18)."),
                    "yellow": (False, "Yellow has 30, one less than red's 31 (NY-18)."),
                    "blue": (False, "Blue has 28 — the lowest of the three (NY-18)."),
                }),
                expected=lambda game: "red",
                plays=False,
                board=False,
                choices=[Choice("Red", "red"), Choice("Blue", "blue"), Choice("Yellow", "yellow")],
                highlight=lambda game: [sq for c in range(3) for sq in groups(game, c, slice(0, 1))],
            ),
        ],
        summary=("Done! The final scores:\n\n{table}\n\nYou know New York now. Try a full game in "
                 "play.ipynb!"),
    )


def lessons() -> list[Lesson]:
    """The New York lessons in teaching order."""
    out = [_lesson_goal(), _lesson_setup(), _lesson_hands(), _lesson_first_turn(), _lesson_joker(),
           _lesson_fee(), _lesson_cant_pay(), _lesson_stop(), _lesson_scoring()]
    scoring = out[-1]
    scoring.summary = scoring.summary.format(table=score_table(scoring.start()))
    return out


def session(lesson_id: str) -> LessonSession:
    """A session for one lesson by id (handy in tests and in the console)."""
    for lesson in lessons():
        if lesson.id == lesson_id:
            return LessonSession(lesson)
    raise KeyError(f"no New York lesson {lesson_id!r}")


def learn(start: int = 0):
    """The New York lesson page (lesson list with progress, board, feedback): a `LessonRunner`.

    Use it as a cell's last line, ``learn()``, and the page shows itself."""
    from ..ui.lesson import LessonRunner
    from .view import NewYorkView

    return LessonRunner(lessons(), lambda game, seat: NewYorkView(game, seat=seat), start=start)
