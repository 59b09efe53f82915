"""Galopp Royal lessons, in the order a teacher would use them: reading a bearer board as odds,
the start-team auctions (a partly known lot, the forced 10-coin team), race turns (a goof, the
schemer's two options), the end of a race (finishing order, the pond, prizes), and what happens
between races (the last-placed player's exchange, the substitute auctions).

Each lesson builds a real position through the engine's ``deck`` and ``scenario`` options, so
everything the learner does is checked by the real rules, and every verdict names a rule id from
``rules/galopp_royal.md``. The die is random: where a lesson needs a particular roll, the game's
seed is found by a small deterministic search (`seed_where`). The other players' moves are
scripted and played right after the learner's (their turns are narrated from the engine's events).
Numbers that are this project's house defaults (the card split, goals, later prizes, pond depth…)
are named as such.

In a notebook::

    from nbgames.galopp_royal.lessons import learn
    learn()
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from ..engine.action import Action
from ..engine.events import Event
from ..engine.game import Game
from ..ui.lesson import Choice, Lesson, LessonSession, Step, Verdict, ask_choice, move_judge
from .tables import CARD_COUNTS, FORCED_PRICE, GOALS, MOVES, POND_DEPTH, PRIZES, START_COINS
from .text import event_text

SEED = 1995  # the year Galopp Royal was published; the first seed tried by every search
SEARCH = 2000  # seeds tried by `seed_where` before giving up (a lesson bug, caught by the tests)
LEARNER = 0

CARD_SPLIT = ", ".join(f"{card} ×{count}" for card, count in CARD_COUNTS.items())


# -- small helpers ---------------------------------------------------------------------------
def space(n: int) -> str:
    """A course space: START is 0, the spaces behind it are −1, −2, …"""
    return "START" if n == 0 else (f"−{-n}" if n < 0 else str(n))


def race_game(boards: list[list[str]], positions: list[int], starter: int = 0, race: int = 1,
              coins: list[int] | None = None, deck: list[str] | None = None, seed: int = SEED) -> Game:
    """A lesson game that starts at a race, through the engine's validated ``scenario`` option."""
    scenario: dict[str, Any] = {"boards": boards, "positions": positions, "starter": starter, "race": race}
    if coins is not None:
        scenario["coins"] = coins
    options: dict[str, Any] = {"scenario": scenario}
    if deck is not None:
        options["deck"] = deck
    return Game("galopp_royal", len(boards), seed=seed, options=options)


def auction_game(players: int, deck: list[str], seed: int = SEED) -> Game:
    """A lesson game at the first start auction, with `deck` on top of the deck (top first)."""
    return Game("galopp_royal", players, seed=seed, options={"deck": deck})


def play_all(game: Game, moves: Sequence[str]) -> Game:
    for move in moves:
        game.play(move)
    return game


def seed_where(make: Callable[[int], Game], ok: Callable[[Game], bool]) -> int:
    """The first seed from SEED on whose game passes `ok` (deterministic: same answer each time)."""
    for seed in range(SEED, SEED + SEARCH):
        if ok(make(seed)):
            return seed
    raise RuntimeError("no seed gives this lesson the roll it needs")  # pragma: no cover


def rolled(game: Game, seat: int = LEARNER) -> str | None:
    """The bearer card of `seat`'s latest roll."""
    for event in reversed(game.events()):
        if event.kind == "roll" and event.seat == seat:
            return event.card
    return None


def narrate(events: Sequence[Event]) -> str:
    """Engine events in plain words (the other players' turns, prizes, draws …)."""
    return " ".join(event_text(event) for event in events)


LEARNER_MOVES = ("roll", "bid", "pass", "scheme", "arrange", "exchange")


def learner_move_index(game: Game) -> int:
    """Index of the event of the learner's latest move (0 if none)."""
    events = game.events()
    for index in range(len(events) - 1, -1, -1):
        if events[index].kind in LEARNER_MOVES and events[index].seat == LEARNER:
            return index
    return 0


def others(moves: Sequence[str] = ()) -> Callable[[Game], str]:
    """A `follow` that plays the other players' scripted moves, then tells what happened since the
    learner's move (what it caused, and the others' turns)."""

    def follow(game: Game) -> str:
        mark = learner_move_index(game)
        play_all(game, moves)
        return narrate(game.events(mark))

    return follow


own_turn = others()


def board_average(cards: Sequence[str]) -> Fraction:
    """How far a board carries its chair per turn on average (a schemer counted as +2)."""
    return Fraction(sum(MOVES.get(card, 2) for card in cards), len(cards))


def fraction_choices(values: Sequence[str]) -> list[Choice]:
    return [Choice(f"{v.split('/')[0]} in {v.split('/')[1]}", v) for v in values]


# -- 1. a bearer board as odds ----------------------------------------------------------------
L1_BOARDS = [["+5", "+2", "goof", "+2"], ["+3", "+3", "+1", "+1"], ["+2", "schemer", "+1", "+3"],
             ["+1", "+2", "+3", "goof"]]


@functools.cache
def l1_seed() -> int:
    """A seed whose first roll picks the +5 in slot 1."""
    return seed_where(lambda s: play_all(race_game(L1_BOARDS, [0] * 4, seed=s), ["roll"]),
                      lambda g: rolled(g) == "+5")


def _lesson_odds() -> Lesson:
    def start() -> Game:
        return race_game(L1_BOARDS, [0, 0, 0, 0], seed=l1_seed())

    def roll_goal(game: Game, action: Action) -> Verdict:
        return Verdict(True, "GR-5", "The die picked a slot, and the bearer in that slot carried your chair.")

    return Lesson(
        id="gr-odds",
        title="Your bearers are your odds",
        rules=("GR-2", "GR-5", "GR-11"),
        intro=(
            "In Galopp Royal you race a sedan chair. It is carried by **four bearers**: the cards on "
            "your bearer board, in slots 1 to 4. On your turn you roll a **four-sided die**, and the "
            "result picks the bearer in that slot (GR-5). So each slot is exactly **1 chance in 4**: "
            "read your board as odds.\n\n"
            "Bearers move your chair +1, +2, +3 or +5; a **goof** moves it back 2; a **schemer** lets "
            "you push chairs around (GR-11, later lessons). The game has 40 bearers: "
            f"{CARD_SPLIT}. This split is a house default (the printed split is unknown).\n\n"
            "You are Player 1, in the race with three other players."
        ),
        start_game=start,
        steps=[
            Step(
                prompt="Your board: **+5, +2, goof, +2**. What is the chance your chair moves **5** on this turn?",
                judge=ask_choice("GR-5", {
                    "1/4": (True, "Yes: one slot of four holds the +5, so 1 in 4 (GR-5)."),
                    "1/5": (False, "The die has four sides, one per slot (GR-5). Count the slots with a +5."),
                    "1/2": (False, "Only one slot holds the +5. Each slot is 1 in 4 (GR-5)."),
                    "3/4": (False, "That is the chance of *not* rolling the +5. One slot of four holds it (GR-5)."),
                }),
                expected=lambda game: "1/4",
                plays=False,
                board=False,
                choices=fraction_choices(["1/5", "1/4", "1/2", "3/4"]),
                highlight=lambda game: ["slot:0:1"],
            ),
            Step(
                prompt="And the chance that your chair moves exactly **2 forward**?",
                judge=ask_choice("GR-5", {
                    "1/2": (True, "Right: two slots hold a +2, so 2 in 4 = 1 in 2. Two copies of a bearer "
                                  "double its chance (GR-5)."),
                    "1/4": (False, "Look again: slots 2 and 4 both hold a +2. Two slots of four (GR-5)."),
                    "3/4": (False, "Only slots 2 and 4 hold a +2 (GR-5)."),
                }),
                expected=lambda game: "1/2",
                plays=False,
                board=False,
                choices=fraction_choices(["1/4", "1/2", "3/4"]),
                highlight=lambda game: ["slot:0:2", "slot:0:4"],
            ),
            Step(
                prompt="On average, how far does this board carry your chair per turn?",
                judge=ask_choice("GR-5", {
                    "1.75": (True, "Yes: (5 + 2 − 2 + 2) ÷ 4 = 1.75 spaces a turn. Add up the four slots "
                                   "and divide by 4 — that is how to compare two boards (GR-5)."),
                    "2.25": (False, "The goof counts **−2**, not 0: (5 + 2 − 2 + 2) ÷ 4."),
                    "3": (False, "Don't leave out the goof: it moves you back 2. (5 + 2 − 2 + 2) ÷ 4."),
                    "2": (False, "Add all four slots, the goof as −2, and divide by 4."),
                }),
                expected=lambda game: "1.75",
                plays=False,
                board=False,
                choices=[Choice(v, v) for v in ("1.75", "2", "2.25", "3")],
            ),
            Step(
                prompt="Now it's your race turn: **roll** the die.",
                judge=move_judge(roll_goal),
                expected=lambda game: "roll",
                highlight=lambda game: ["button:roll"],
                follow=own_turn,
            ),
        ],
        summary=("Done! Each slot is 1 chance in 4 (GR-5): a bearer twice on your board is twice as likely, "
                 "and the average of the four slots tells you how fast a board is."),
    )


# -- 2. a start auction with a partly known lot ------------------------------------------------
# auction 1 (4 players, n = 4): one private card each; seat 1 buys it.
# auction 2 (n = 3, opened by seat 2): seats 2, 3 and you draw a private card, one is face up.
L2_DECK = ["+2", "+1", "+3", "goof", "+1", "goof", "+5", "+3"]
L2_BEFORE = ["pass", "bid 8", "pass", "pass", "bid 3", "bid 5"]
L2_FAIR = range(6, 16)


def _lesson_auction() -> Lesson:
    def start() -> Game:
        return play_all(auction_game(4, L2_DECK), L2_BEFORE)

    def goal(game: Game, action: Action) -> Verdict:
        if action.kind == "pass":
            return Verdict(False, "GR-7", "Passing is allowed, but look at what you know: a **+5** and a "
                           "**+3** — half of this lot is already better than most boards. It is worth "
                           "more than 5 coins: bid.")
        amount = action.args[0]
        if amount in L2_FAIR:
            return Verdict(True, "GR-7", f"A sensible bid: {amount} coins for a lot whose known half is a +5 "
                           "and a +3. You bid without seeing the other two cards — that is the risk.")
        return Verdict(False, "GR-7", f"{amount} is legal, but too much: the two unknown cards could be "
                       f"goofs, and a race 1 win pays {PRIZES[0][0]}. Try something between "
                       f"{L2_FAIR.start} and {L2_FAIR.stop - 1}.")

    return Lesson(
        id="gr-auction",
        title="Bidding on a partly known team",
        rules=("GR-6", "GR-7", "GR-8"),
        intro=(
            f"Everyone starts with {START_COINS} coins and no bearers (GR-1). Teams are bought in "
            "**auctions** of 4 cards, the lot (GR-6). How much of the lot you see depends on how many "
            "players still need a team: with 4, each draws 1 card and looks at it privately; with 3, "
            "each draws 1 private card and 1 more is turned **face up** (GR-6).\n\n"
            "Bidding goes clockwise: bid more than the current bid, or pass and drop out (GR-7). The "
            "last bidder left pays and takes all 4 cards (GR-8).\n\n"
            "The first auction is over: Player 2 paid 8 coins for its team. Now Players 3, 4 and you bid "
            "for the next one. Player 3 opened with 3, Player 4 bid 5."
        ),
        start_game=start,
        steps=[
            Step(
                prompt=("Your private card is a **+5**, and the face-up card is a **+3**. How many of the "
                        "lot's 4 cards do you know?"),
                judge=ask_choice("GR-6", {
                    "2": (True, "Two: your own private card and the face-up one. The other two are Player 3's "
                                "and Player 4's private cards (GR-6)."),
                    "1": (False, "With 3 bidders one card is also turned face up for everyone (GR-6)."),
                    "4": (False, "Players 3 and 4 looked at their own cards; you didn't see them (GR-6)."),
                    "3": (False, "You see your own card and the face-up card only (GR-6)."),
                }),
                expected=lambda game: "2",
                plays=False,
                board=False,
                choices=[Choice(v, v) for v in ("1", "2", "3", "4")],
            ),
            Step(
                prompt=(f"The bid is 5. Make a sensible bid (between {L2_FAIR.start} and {L2_FAIR.stop - 1}) "
                        "or pass."),
                judge=move_judge(goal),
                expected=lambda game: "bid 8",
                highlight=lambda game: ["button:bid"],
                follow=others(["pass", "pass"]),
            ),
        ],
        summary=("Done! In an auction you bid for cards you only partly know (GR-6): count what you know, "
                 "guess the rest, and stop bidding where the risk gets too big (GR-7, GR-8)."),
    )


# -- 3. the forced 10-coin team -----------------------------------------------------------------
# 3 players. Auction 1 (n = 3, you open): seat 1 buys. Auction 2 (n = 2): seat 2 and you each
# draw 2 private cards; yours are two goofs. Then the forced team: the top 4 cards.
L3_DECK = ["+2", "+1", "+3", "+1", "+3", "+5", "goof", "goof", "+2", "+1", "+3", "+2"]
L3_BEFORE = ["pass", "bid 4", "pass", "bid 12"]
FORCED_TEAM = L3_DECK[8:12]


def _lesson_forced() -> Lesson:
    def start() -> Game:
        return play_all(auction_game(3, L3_DECK), L3_BEFORE)

    def goal(game: Game, action: Action) -> Verdict:
        if action.kind == "pass":
            return Verdict(True, "GR-6", "You pass. Player 3 gets that lot, and you are the last player "
                           "without a team…")
        return Verdict(False, "GR-6", f"You know 2 of this lot's 4 cards: both are **goofs**. Paying "
                       f"{action.args[0]} for it is a bad deal when the leftover team costs only "
                       f"{FORCED_PRICE}. Pass.")

    def arranged(game: Game, action: Action) -> Verdict:
        return Verdict(True, "GR-9", "Any order is fine: the die gives every slot the same 1 in 4 chance, "
                       "so arranging is only a matter of taste (GR-9).")

    return Lesson(
        id="gr-forced",
        title="The forced 10-coin team",
        rules=("GR-6", "GR-9"),
        intro=(
            "Auctions go on until everyone has a team (GR-6). With **2** players left, each draws "
            "**2** private cards. When only **1** player is left, there is no auction: that player "
            f"takes the **top 4 cards** of the deck and pays **{FORCED_PRICE} coins**, whatever the "
            "cards are (GR-6).\n\n"
            "This is a 3-player game. Player 2 bought the first team. Now it's Player 3 against you: "
            "Player 3 bid 12. Your two private cards are **goof, goof**."
        ),
        start_game=start,
        steps=[
            Step(
                prompt="If you pass now, what happens to you?",
                judge=ask_choice("GR-6", {
                    "forced": (True, f"Right: as the last player without a team you take the top 4 cards "
                                     f"for {FORCED_PRICE} coins, sight unseen (GR-6)."),
                    "again": (False, "There is no auction with one player: they simply take the top 4 "
                                     f"cards for {FORCED_PRICE} coins (GR-6)."),
                    "free": (False, f"The last team is not free: it costs {FORCED_PRICE} coins (GR-6)."),
                }),
                expected=lambda game: "forced",
                plays=False,
                board=False,
                choices=[Choice(f"I get the top 4 cards for {FORCED_PRICE} coins", "forced"),
                         Choice("A new auction starts, just for me", "again"),
                         Choice("I get the last team for free", "free")],
            ),
            Step(
                prompt="Player 3 bid 12 for a lot with your two goofs in it. Bid or pass?",
                judge=move_judge(goal),
                expected=lambda game: "pass",
                highlight=lambda game: ["button:pass"],
                follow=own_turn,
            ),
            Step(
                prompt=(f"You got **{', '.join(FORCED_TEAM)}** without ever seeing the cards — not bad "
                        f"this time! You started with {START_COINS} coins. How many do you have now?"),
                judge=ask_choice("GR-6", {
                    str(START_COINS - FORCED_PRICE): (
                        True, f"{START_COINS - FORCED_PRICE}: the forced team costs {FORCED_PRICE}, paid to "
                              "the bank (GR-6). (A player with fewer coins would pay all they have — a "
                              "house rule; the printed rules don't say.)"),
                    str(START_COINS): (False, f"The forced team is not free: it costs {FORCED_PRICE} (GR-6)."),
                    str(START_COINS - 12): (False, "Player 3's bid of 12 was paid by Player 3, not by you (GR-8). "
                                                   f"You paid {FORCED_PRICE} for the forced team (GR-6)."),
                }),
                expected=lambda game: str(START_COINS - FORCED_PRICE),
                plays=False,
                board=False,
                choices=[Choice(str(v), str(v)) for v in (START_COINS - 12, START_COINS - FORCED_PRICE,
                                                          START_COINS)],
            ),
            Step(
                prompt=("Every player has a team now. Place your four bearers on slots 1–4 as you like "
                        "(GR-9): choose an order, or keep them as they are."),
                judge=move_judge(arranged),
                expected=lambda game: "keep",
                follow=others(["keep", "keep"]),
            ),
        ],
        summary=(f"Done! The last player without a team takes the top 4 cards for {FORCED_PRICE} coins "
                 "(GR-6). Sometimes that is cheaper than winning an auction."),
    )


# -- 4. a goof, near the pond -------------------------------------------------------------------
L4_BOARDS = [["goof", "+1", "goof", "+2"], ["+1", "+2", "+3", "+1"], ["+2", "+3", "+1", "+2"],
             ["+3", "+1", "+2", "+3"]]


@functools.cache
def l4_seeds() -> tuple[int, int]:
    """Seeds whose first roll is a goof, from −1 and from −3."""
    return tuple(seed_where(lambda s, p=p: play_all(race_game(L4_BOARDS, [p, 3, 2, 4], seed=s), ["roll"]),
                            lambda g: rolled(g) == "goof") for p in (-1, -3))


def _lesson_goof() -> Lesson:
    def start() -> Game:
        return race_game(L4_BOARDS, [-1, 3, 2, 4], seed=l4_seeds()[0])

    def start_b() -> Game:
        return race_game(L4_BOARDS, [-3, 5, 6, 7], seed=l4_seeds()[1])

    def roll_goal(game: Game, action: Action) -> Verdict:
        return Verdict(True, "GR-5", "The die picks one of your four slots.")

    behind = ", ".join(space(-k) for k in range(1, POND_DEPTH + 1))
    return Lesson(
        id="gr-goof",
        title="A goof, and the shell pond",
        rules=("GR-4", "GR-11", "GR-13"),
        intro=(
            "A **goof** moves your own chair **back 2** (GR-11). Behind START there are "
            f"{POND_DEPTH} more spaces ({behind}); a chair that has to go further back falls into the "
            f"**shell pond** and is out of the race (GR-4). ({POND_DEPTH} spaces is a house default.)\n\n"
            "The first chair in the pond places **last** in that race (GR-13).\n\n"
            "Your board: **goof, +1, goof, +2**. Your chair is on −1, just behind START."
        ),
        start_game=start,
        steps=[
            Step(
                prompt="If you roll a goof now, where does your chair end up?",
                judge=ask_choice("GR-4", {
                    "-3": (True, f"Right: −1 back 2 is −3, the last of the {POND_DEPTH} spaces behind START. "
                                 "Still in the race (GR-4)."),
                    "pond": (False, f"Not yet: there are {POND_DEPTH} spaces behind START (house default); "
                                    "−1 back 2 is −3, still on the course (GR-4)."),
                    "0": (False, "A goof moves you *back* 2: from −1 to −3 (GR-11)."),
                }),
                expected=lambda game: "-3",
                plays=False,
                board=False,
                choices=[Choice("On −3, still racing", "-3"), Choice("In the shell pond", "pond"),
                         Choice("Back on START", "0")],
                highlight=lambda game: ["space:-3"],
            ),
            Step(
                prompt="Your turn: **roll** the die.",
                judge=move_judge(roll_goal),
                expected=lambda game: "roll",
                highlight=lambda game: ["button:roll"],
                follow=own_turn,
            ),
            Step(
                prompt="You are on −3 now, right at the edge. What is the chance your **next** roll drops you "
                       "into the pond?",
                judge=ask_choice("GR-4", {
                    "1/2": (True, "Yes: slots 1 and 3 hold goofs, 2 in 4. Any goof from −3 goes to −5, "
                                  "past the last space: into the pond (GR-4, GR-5)."),
                    "1/4": (False, "Count the goofs on your board: there are two (GR-5)."),
                    "0/4": (False, "From −3 a goof (back 2) goes past the last space behind START: the pond "
                                   "(GR-4)."),
                }),
                expected=lambda game: "1/2",
                plays=False,
                board=False,
                choices=fraction_choices(["0/4", "1/4", "1/2"]),
                highlight=lambda game: ["slot:0:1", "slot:0:3"],
            ),
            Step(
                prompt="A round later the others have moved on and it's your turn again, still on −3. **Roll**.",
                judge=move_judge(roll_goal),
                expected=lambda game: "roll",
                start=start_b,
                highlight=lambda game: ["button:roll"],
                follow=own_turn,
            ),
            Step(
                prompt="Your chair is in the pond, and nobody else is. Which place do you get in this race?",
                judge=ask_choice("GR-13", {
                    "last": (True, "Last: the first chair into the pond takes last place, whatever "
                                   "happens next (GR-13, GR-14)."),
                    "depends": (False, "It's already decided: the first chair into the pond places last "
                                       "(GR-13)."),
                    "3rd": (False, "Chairs still on the course rank ahead of pond chairs; the first chair "
                                   "in the pond is last (GR-13, GR-14)."),
                }),
                expected=lambda game: "last",
                plays=False,
                board=False,
                choices=[Choice("Last", "last"), Choice("3rd", "3rd"),
                         Choice("It depends on the others", "depends")],
            ),
        ],
        summary=("Done! A goof moves you back 2 (GR-11); past the last space behind START you fall into the "
                 "pond and out of the race, and the first one in places last (GR-4, GR-13)."),
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


def _lesson_schemer_a() -> Lesson:
    def start() -> Game:
        return race_game(L5_BOARDS, L5_POS, seed=l5_seed())

    def rolled_schemer(game: Game, action: Action) -> Verdict:
        return Verdict(True, "GR-11", "A schemer!")

    def goal(game: Game, action: Action) -> Verdict:
        sign, targets = action.args
        if sign < 0:
            return Verdict(False, "GR-11", "That is option (b): it moves your own chair **back** 2. Use option "
                           "(a): your chair +2, other chairs back.")
        pos = after_scheme(game, action)
        level = [s for s in (1, 2) if pos[s] >= pos[0]]
        if level:
            return Verdict(False, "GR-11", f"Legal, but afterwards Player {level[0] + 1} is still on "
                           f"{space(pos[level[0]])}, level with you on {space(pos[0])}. Push the chairs that "
                           "would stay level with you.")
        pushed = " and ".join(f"Player {t + 1} to {space(pos[t])}" for t in targets)
        return Verdict(True, "GR-11", f"Yes: you go to {space(pos[0])} and push {pushed}. You are alone in "
                       "front (GR-11).")

    return Lesson(
        id="gr-schemer-a",
        title="The schemer: option (a)",
        rules=("GR-11", "GR-4"),
        intro=(
            "A **schemer** (±2) gives you a choice of two effects (GR-11):\n\n"
            "- **(a)** your chair **+2**, and either one other chair **−2** or two other chairs **−1** each;\n"
            "- **(b)** your chair **−2**, and either one other chair **+2** or two other chairs **+1** each.\n\n"
            "Only chairs still racing can be moved, and a schemer may **never push another chair into "
            "the pond** (GR-11).\n\n"
            "You are on 10, Player 2 on 12, Player 3 on 11, Player 4 on −2; the goal is 15. Your board holds "
            "three schemers."
        ),
        start_game=start,
        steps=[
            Step(
                prompt="**Roll** the die.",
                judge=move_judge(rolled_schemer),
                expected=lambda game: "roll",
                highlight=lambda game: ["button:roll"],
                follow=own_turn,
            ),
            Step(
                prompt=("Use **option (a)** so that afterwards your chair is **alone in front**. (Try pushing "
                        "Player 4, on −2, back 2 if you like: it will be refused.)"),
                judge=move_judge(goal),
                expected=lambda game: "scheme +2 1:-2",
                highlight=lambda game: ["chair:1", "chair:2"],
            ),
            Step(
                prompt="Why could you not push Player 4's chair (on −2) back 2?",
                judge=ask_choice("GR-11", {
                    "pond": (True, f"Right: −2 back 2 is −4, past the {POND_DEPTH} spaces behind START: the "
                                   "pond. A schemer may never push another chair in. Pushing it back 1 "
                                   "(to −3) would be allowed (GR-11, GR-4)."),
                    "behind": (False, "Chairs behind START can be pushed, as long as they stay out of the "
                                      "pond (GR-11)."),
                    "leader": (False, "Any other racing chair can be a target (GR-11), not only the leader."),
                }),
                expected=lambda game: "pond",
                plays=False,
                board=False,
                choices=[Choice("It would fall into the pond", "pond"),
                         Choice("Chairs behind START can't be moved", "behind"),
                         Choice("Only the leader can be pushed", "leader")],
                highlight=lambda game: ["chair:3"],
            ),
        ],
        summary=("Done! Option (a): your chair +2, one other −2 or two others −1 each — but never into the "
                 "pond (GR-11)."),
    )


# -- 6. the schemer, option (b) ------------------------------------------------------------------
L6_BOARDS = [["schemer", "schemer", "+2", "schemer"], ["+1", "+2", "+3", "+1"], ["+2", "+1", "+3", "+2"],
             ["+3", "+1", "+2", "+3"]]
L6_POS = [6, 14, 14, 4]


@functools.cache
def l6_seed() -> int:
    return seed_where(lambda s: play_all(race_game(L6_BOARDS, L6_POS, seed=s), ["roll"]),
                      lambda g: rolled(g) == "schemer")


def _lesson_schemer_b() -> Lesson:
    def start() -> Game:
        return race_game(L6_BOARDS, L6_POS, seed=l6_seed())

    def rolled_schemer(game: Game, action: Action) -> Verdict:
        return Verdict(True, "GR-11", "A schemer again.")

    def goal(game: Game, action: Action) -> Verdict:
        sign, targets = action.args
        if sign > 0:
            return Verdict(False, "GR-11", "That is option (a) (your chair +2). This time try option (b): your "
                           "chair −2, others forward.")
        if targets == (1, 2):
            return Verdict(True, "GR-12", "Both chairs move +1 to 15 and cross the goal in the same move; a "
                           "chair pushed over the goal finishes too (GR-11, GR-12).")
        return Verdict(False, "GR-11", "That is option (b), but it doesn't get **both** Player 2 and Player 3 "
                       "over the goal. Two chairs +1 each: which two?")

    return Lesson(
        id="gr-schemer-b",
        title="The schemer: option (b)",
        rules=("GR-11", "GR-12"),
        intro=(
            "Option **(b)** of the schemer moves **your** chair **back 2** and helps others: one chair "
            "**+2**, or two chairs **+1** each (GR-11). Your own chair may even fall into the pond this "
            "way — only *other* chairs are protected.\n\n"
            "Usually option (a) is better for you. But (b) shows a rule worth knowing: a chair pushed "
            "over the goal **finishes** (GR-12).\n\n"
            "You are on 6, Player 2 and Player 3 are both on 14, Player 4 on 4; the goal is 15."
        ),
        start_game=start,
        steps=[
            Step(
                prompt="**Roll** the die.",
                judge=move_judge(rolled_schemer),
                expected=lambda game: "roll",
                highlight=lambda game: ["button:roll"],
                follow=own_turn,
            ),
            Step(
                prompt="What does option (b) do to **your** chair?",
                judge=ask_choice("GR-11", {
                    "back": (True, "It goes back 2, from 6 to 4. That is the price of helping others "
                                   "(GR-11)."),
                    "stay": (False, "Option (b) moves your own chair back 2 (GR-11)."),
                    "fwd": (False, "That is option (a). Option (b) moves your chair back 2 (GR-11)."),
                }),
                expected=lambda game: "back",
                plays=False,
                board=False,
                choices=[Choice("Back 2", "back"), Choice("Nothing", "stay"), Choice("Forward 2", "fwd")],
            ),
            Step(
                prompt="Play **option (b)** so that **both** Player 2 and Player 3 cross the goal.",
                judge=move_judge(goal),
                expected=lambda game: "scheme -2 1:+1 2:+1",
                highlight=lambda game: ["chair:1", "chair:2", "space:15"],
            ),
            Step(
                prompt="Both crossed the goal in the same move. Who finished **first**?",
                judge=ask_choice("GR-12", {
                    "seat1": (True, "Player 2: chairs pushed over the goal together finish in clockwise order "
                                    "from the schemer — you are Player 1, so Player 2 comes first. (That order "
                                    "is a house rule; the printed rules don't say.)"),
                    "seat2": (False, "Chairs pushed over together finish clockwise from the schemer: Player 2 "
                                     "before Player 3 (GR-12, house rule)."),
                    "tie": (False, "There are no shared places: they finish clockwise from the schemer, Player 2 "
                                   "first (GR-12, house rule)."),
                }),
                expected=lambda game: "seat1",
                plays=False,
                board=False,
                choices=[Choice("Player 2", "seat1"), Choice("Player 3", "seat2"), Choice("They share 1st", "tie")],
            ),
        ],
        summary=("Done! Option (b): your chair −2, one other +2 or two others +1 each (GR-11). Any chair that "
                 "reaches the goal finishes, even when pushed (GR-12)."),
    )


# -- 7. the end of a race: finishing order, the pond, prizes ------------------------------------
L7_BOARDS = [["+3", "+3", "+3", "+3"], ["goof", "goof", "goof", "goof"], ["goof", "goof", "+1", "+1"],
             ["+2", "+2", "+2", "+2"]]
L7_POS = [13, -3, -3, 14]
L7_AFTER = ["roll", "roll"]  # seats 1 and 2 roll after you


@functools.cache
def l7_seed() -> int:
    """A seed where Player 3 rolls a goof after Player 2 fell into the pond."""
    return seed_where(lambda s: play_all(race_game(L7_BOARDS, L7_POS, seed=s), ["roll", *L7_AFTER]),
                      lambda g: g.view(None)["pond"] == [1, 2])


def _lesson_results() -> Lesson:
    def start() -> Game:
        return race_game(L7_BOARDS, L7_POS, seed=l7_seed())

    def roll_goal(game: Game, action: Action) -> Verdict:
        return Verdict(True, "GR-12", "Any of your +3s takes you from 13 over the goal at 15: you finish 1st.")

    p1, p2, p3 = PRIZES[0]
    return Lesson(
        id="gr-results",
        title="Finishing order, the pond and prizes",
        rules=("GR-12", "GR-13", "GR-14", "GR-15"),
        intro=(
            "A chair that reaches the goal finishes at once: 1st, 2nd, 3rd … (GR-12). The race ends as "
            "soon as places 1–3 **and** the last place are decided (GR-13). The final order is: the "
            "finishers, then chairs still on the course (front to back), then the pond chairs — the "
            "**latest** to fall in ranking highest (GR-14). The bank pays places 1–3 (GR-15).\n\n"
            f"Race 1 pays **{p1}/{p2}/{p3}** (printed); races 2–6 pay "
            + ", ".join("/".join(map(str, p)) for p in PRIZES[1:])
            + " (house defaults), with goals " + ", ".join(map(str, GOALS)) + " spaces (race 1's "
            "15 and the rest are house defaults).\n\n"
            "You are on 13 with four +3s; Player 4 is on 14; Players 2 and 3 are on −3, at the edge of the pond."
        ),
        start_game=start,
        steps=[
            Step(
                prompt="**Roll** — then watch Players 2 and 3 take their turns.",
                judge=move_judge(roll_goal),
                expected=lambda game: "roll",
                highlight=lambda game: ["button:roll"],
                follow=others(L7_AFTER),
            ),
            Step(
                prompt="The race is over. Who won the **2nd** prize?",
                judge=ask_choice("GR-14", {
                    "seat3": (True, f"Player 4: it never crossed the goal, but a chair still on the course "
                                    f"ranks ahead of every pond chair, so it is 2nd and wins {p2} (GR-14)."),
                    "seat2": (False, "Chairs still on the course rank ahead of pond chairs (GR-14)."),
                    "nobody": (False, "Places are given even to chairs that didn't finish (GR-14)."),
                }),
                expected=lambda game: "seat3",
                plays=False,
                board=False,
                choices=[Choice("Player 3", "seat2"), Choice("Player 4", "seat3"), Choice("Nobody", "nobody")],
                highlight=lambda game: ["chair:3"],
            ),
            Step(
                prompt="Players 2 and 3 are both in the pond. Who won the **3rd** prize?",
                judge=ask_choice("GR-14", {
                    "seat2": (True, f"Player 3: it fell in **later**, and among pond chairs the latest ranks "
                                    f"highest. 3rd place and {p3} coins (GR-14, GR-15)."),
                    "seat1": (False, "Player 2 fell in first; among pond chairs the latest to fall in ranks "
                                     "highest (GR-14)."),
                    "nobody": (False, "With fewer than three finishers, the remaining prizes still go to the "
                                      "next places — here a pond chair (GR-14)."),
                }),
                expected=lambda game: "seat2",
                plays=False,
                board=False,
                choices=[Choice("Player 2", "seat1"), Choice("Player 3", "seat2"), Choice("Nobody", "nobody")],
            ),
            Step(
                prompt="And who placed **last**?",
                judge=ask_choice("GR-13", {
                    "seat1": (True, "Player 2: the first chair into the pond is last (GR-13). Last place "
                                    "matters — that player starts the next race and chooses the exchange."),
                    "seat2": (False, "Player 3 fell in after Player 2. The **first** pond chair is last (GR-13)."),
                    "seat3": (False, "Player 4 is still on the course: it ranks ahead of both pond chairs "
                                     "(GR-14)."),
                }),
                expected=lambda game: "seat1",
                plays=False,
                board=False,
                choices=[Choice("Player 2", "seat1"), Choice("Player 3", "seat2"), Choice("Player 4", "seat3")],
            ),
        ],
        summary=(f"Done! You won {p1} coins for 1st. Finishers first, then chairs on the course, then the "
                 "pond — latest in ranking highest (GR-14); places 1–3 are paid (GR-15)."),
    )


# -- 8. the last-placed player's exchange --------------------------------------------------------
L8_BOARDS = [["goof", "goof", "+1", "+3"], ["+2", "+3", "+5", "+2"], ["+1", "+3", "+5", "+2"],
             ["+1", "+3", "+2", "+5"]]
L8_POS = [-3, 13, 14, 14]
EXCHANGE_DRAWS = ["+3", "+1", "+1", "+2"]
SUB1_CARDS = ["goof", "+2", "+1", "+3"]  # substitute auction 1: one private card each
SUB2_CARDS = ["+5", "+3", "+2", "+1"]  # substitute auction 2
L8_DECK = EXCHANGE_DRAWS + SUB1_CARDS + SUB2_CARDS
BEST_EXCHANGE = "exchange 0:1 1:3 2:3 3:4"


@functools.cache
def l8_seed() -> int:
    """A seed where your first roll (from −3) is a goof: into the pond, last place."""
    return seed_where(lambda s: play_all(race_game(L8_BOARDS, L8_POS, deck=L8_DECK, seed=s), ["roll"]),
                      lambda g: rolled(g) == "goof")


def _race_lost() -> Game:
    """Race 1 just ended with you in the pond (last); the others finished or stayed on the course."""
    game = race_game(L8_BOARDS, L8_POS, deck=L8_DECK, seed=l8_seed())
    play_all(game, ["roll", "roll", "roll"])
    return game


def _lesson_exchange() -> Lesson:
    def goal(game: Game, action: Action) -> Verdict:
        boards = game.view(LEARNER)["boards"]
        slots = action.args
        problems = []
        if boards[0][slots[0]] != "goof":
            problems.append(f"On your own board you threw out {boards[0][slots[0]]}; your worst bearers are "
                            "the goofs")
        for seat in range(1, len(boards)):
            card = boards[seat][slots[seat]]
            if card != "+5":
                problems.append(f"Player {seat + 1} keeps its +5 (you took its {card})")
        if problems:
            return Verdict(False, "GR-16", "Legal, but not your best: " + "; ".join(problems) + ".")
        return Verdict(True, "GR-16", "Well chosen: your goof is gone, and every rival lost its +5. The "
                       "replacements come from the deck — unknown, but on average much weaker than a +5.")

    return Lesson(
        id="gr-exchange",
        title="The last-placed player's exchange",
        rules=("GR-16",),
        intro=(
            "Race 1 is over. You fell into the pond and placed **last**. Before the next race, the "
            "last-placed player gets a consolation: you choose **one bearer on every board — your own "
            "included —** and throw it out face up. Then, starting with you and going clockwise, each "
            "player draws a new card from the deck into the empty slot (GR-16).\n\n"
            "Your board: goof, goof, +1, +3. Player 2: +2, +3, +5, +2. Player 3: +1, +3, +5, +2. "
            "Player 4: +1, +3, +2, +5."
        ),
        start_game=_race_lost,
        steps=[
            Step(
                prompt=("Choose one slot on each of the four boards: get rid of your worst bearer and take "
                        "away each rival's best."),
                judge=move_judge(goal),
                expected=lambda game: BEST_EXCHANGE,
                highlight=lambda game: ["slot:0:1", "slot:0:2", "slot:1:3", "slot:2:3", "slot:3:4"],
                follow=own_turn,
            ),
            Step(
                prompt="Who drew a replacement card first?",
                judge=ask_choice("GR-16", {
                    "you": (True, "You: the last-placed player draws first, then clockwise (GR-16)."),
                    "winner": (False, "The draws start with the last-placed player — you (GR-16)."),
                    "seat1": (False, "The draws start with the last-placed player — you — then go clockwise "
                                     "(GR-16)."),
                }),
                expected=lambda game: "you",
                plays=False,
                board=False,
                choices=[Choice("Me", "you"), Choice("The race winner", "winner"), Choice("Player 2", "seat1")],
            ),
        ],
        summary=("Done! The last-placed player throws out one bearer on every board, their own included, "
                 "and everyone refills clockwise from them (GR-16). Placing last isn't all bad."),
    )


# -- 9. substitute auctions ----------------------------------------------------------------------
def _after_exchange() -> Game:
    return play_all(_race_lost(), [BEST_EXCHANGE])


def _lesson_substitute() -> Lesson:
    def first(game: Game, action: Action) -> Verdict:
        if action.kind == "pass":
            return Verdict(True, "GR-17", "Good pass: your board averages 1.25 a turn, while a lot with a "
                           "known goof and three unknown cards is likely worse — and winning would throw "
                           "away your whole team.")
        return Verdict(False, "GR-17", "Think again: winning replaces your **whole** team, and the one card "
                       "you know in this lot is a goof. Your board (+3, goof, +1, +3) is the better bet: pass.")

    def second(game: Game, action: Action) -> Verdict:
        if action.kind == "pass":
            return Verdict(False, "GR-17", "This time you know a **+5** in the lot. A lot with a +5 will "
                           "probably beat your board's 1.25 a turn: bid.")
        amount = action.args[0]
        if amount > 15:
            return Verdict(False, "GR-17", f"{amount} coins is a lot for three unknown cards. Bid less.")
        return Verdict(True, "GR-17", f"You bid {amount} for a lot with a +5 in it.")

    def arranged(game: Game, action: Action) -> Verdict:
        return Verdict(True, "GR-17", "Your new team is on the board (any order is fine, GR-9).")

    return Lesson(
        id="gr-substitute",
        title="Substitute auctions",
        rules=("GR-17", "GR-18", "GR-10"),
        intro=(
            "After the exchange come **two substitute auctions**, everyone taking part (GR-17). They run "
            "like the start auctions — with 4 players, each draws 1 private card — but the last-placed "
            "player **opens both**, and a winner must **replace their whole team** with the 4 new cards "
            "(the old ones are discarded). If nobody bids, the lot is discarded.\n\n"
            "You placed last in race 1, so you open. After the exchange your board is **+3, goof, +1, +3**."
        ),
        start_game=_after_exchange,
        steps=[
            Step(
                prompt="If you win a substitute auction, what happens to your current bearers?",
                judge=ask_choice("GR-17", {
                    "all": (True, "All four are discarded and the 4 lot cards become your team (GR-17)."),
                    "pick": (False, "There is no picking: the winner replaces the **whole** team (GR-17)."),
                    "add": (False, "A board has exactly 4 slots: the whole team is replaced (GR-17)."),
                }),
                expected=lambda game: "all",
                plays=False,
                board=False,
                choices=[Choice("All four are replaced by the lot", "all"),
                         Choice("I keep the best four of eight", "pick"),
                         Choice("The lot is added to my board", "add")],
            ),
            Step(
                prompt="Substitute auction 1: your private card is a **goof**. You open: bid or pass?",
                judge=move_judge(first),
                expected=lambda game: "pass",
                highlight=lambda game: ["button:pass"],
                follow=others(["bid 3", "pass", "pass", "keep"]),
            ),
            Step(
                prompt="Substitute auction 2 is next. Who opens it, and may Player 2 (who just won) bid again?",
                judge=ask_choice("GR-17", {
                    "you-yes": (True, "You open both auctions as the last-placed player, and the winner of "
                                      "the first one may bid in the second (GR-17)."),
                    "seat1-yes": (False, "The last-placed player — you — opens both substitute auctions "
                                         "(GR-17)."),
                    "you-no": (False, "You open, right; but the first winner may bid again (GR-17)."),
                }),
                expected=lambda game: "you-yes",
                plays=False,
                board=False,
                choices=[Choice("I open; Player 2 may bid", "you-yes"), Choice("I open; Player 2 sits out", "you-no"),
                         Choice("Player 2 opens", "seat1-yes")],
            ),
            Step(
                prompt="Your private card this time is a **+5**. Bid (up to 15) or pass?",
                judge=move_judge(second),
                expected=lambda game: "bid 6",
                highlight=lambda game: ["button:bid"],
                follow=others(["pass", "pass", "pass"]),
            ),
            Step(
                prompt="You won: place your new team on slots 1–4 (any order, or keep).",
                judge=move_judge(arranged),
                expected=lambda game: "keep",
                follow=own_turn,
            ),
        ],
        summary=(f"Done! Race 2 begins: the goal moves to {GOALS[1]} spaces (a house default) and chairs go "
                 "back to START (GR-18); you start it, having placed last (GR-10)."),
    )


def lessons() -> list[Lesson]:
    """The Galopp Royal lessons in teaching order."""
    return [_lesson_odds(), _lesson_auction(), _lesson_forced(), _lesson_goof(), _lesson_schemer_a(),
            _lesson_schemer_b(), _lesson_results(), _lesson_exchange(), _lesson_substitute()]


def session(lesson_id: str) -> LessonSession:
    """A session for one lesson by id (handy in tests and in the console)."""
    for lesson in lessons():
        if lesson.id == lesson_id:
            return LessonSession(lesson)
    raise KeyError(f"no Galopp Royal lesson {lesson_id!r}")


def learn(start: int = 0):
    """The Galopp Royal lesson page (lesson list with progress, board, feedback): a `LessonRunner`.

    Use it as a cell's last line, ``learn()``, and the page shows itself."""
    from ..ui.lesson import LessonRunner
    from .view import GaloppView

    return LessonRunner(lessons(), lambda game, seat: GaloppView(game, seat=seat), start=start,
                        title="Learn Galopp Royal", move_placeholder="or type a move, e.g. roll, bid 7, pass")
