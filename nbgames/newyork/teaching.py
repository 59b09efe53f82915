"""What the New York lessons are built with: lesson games at a set position (through the
engine's ``position`` option), square names and friendly place names, the learner's latest move as
the log tells it (the game's one event renderer), and small counts read from the public view."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine.action import Action
from ..engine.events import Event
from ..engine.game import Game
from ..i18n import _
from ..ui.lesson import Verdict
from .tables import AVENUE_LETTERS, COLOURS, DATA, STREET_DIGITS, N, square_name
from .text import card_word, comma, event_text, sentences

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
    return _("{avenue} × {street} ({name})").format(avenue=AVENUES[r], street=STREETS[c], name=square_name(index))


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


def with_row(board: list[str], row: int, text: str) -> list[str]:
    """A lesson board with one row changed (a later position of the same game)."""
    return [text if r == row else line for r, line in enumerate(board)]


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
    return _("The log says: {events}").format(events=sentences([event_text(e) for e in learner_move(game, seat)]))


def occupant(game: Game, index: int) -> str | None:
    """The colour of the piece on a square, or None if it is empty."""
    return game.view()["board_colours"][index // N][index % N]


def hand_text(game: Game, seat: int = 0) -> str:
    hand = game.view(seat)["hand"]
    counts = game.view()["hand_counts"][seat]
    return _("{cards} ({red} red, {blue} blue)").format(cards=comma().join(card_word(c) for c in hand),
                                                       red=counts["red"], blue=counts["blue"])


def drew_text(game: Game, seat: int = 0) -> str:
    """What the learner's turn did, then how the refill works (NY-9 step 4)."""
    if game.is_over:
        return ""
    return _("{log} Your two cards went face up onto the discard pile and you drew one card at a time until "
             "you held at least 2 red and 2 blue (NY-9). Your hand now: {hand}.").format(
                 log=happened(game, seat), hand=hand_text(game))


def ask_square(target: str, rule: str, right: str, wrong: Callable[[Game, int], str]) -> Callable:
    """A judge for "click the square that …" questions: the board is clicked, nothing is played."""
    goal = sq(target)

    def judge(game: Game, answer: Any) -> Verdict:
        index = square_of(answer)
        if index is None:
            return Verdict(False, rule, _("Click a square on the board."))
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


def options(*items: tuple[str, bool, str]) -> list[dict[str, Any]]:
    """A lesson question's options (label, right?, what to say) for `nbgames.ask_choice`, each
    answered by its own label ("15", "blue"): the answer a Python user (or a test) gives."""
    return [{"label": label, "value": label, "right": right, "text": text} for label, right, text in items]

