"""Galopp Royal lessons on buying and changing teams: a start auction with a partly known lot,
the forced 10-coin team, the last-placed player's exchange and the substitute auctions."""

from __future__ import annotations

import functools

from ..engine.action import Action
from ..engine.game import Game
from ..ui.lesson import Choice, Lesson, Step, Verdict, ask_choice, move_judge
from .tables import FORCED_PRICE, GOALS, PRIZES, START_COINS
from .teaching import LEARNER, auction_game, others, own_turn, play_all, race_game, rolled, seed_where

# -- 2. a start auction with a partly known lot ------------------------------------------------
# auction 1 (4 players, n = 4): one private card each; seat 1 buys it.
# auction 2 (n = 3, opened by seat 2): seats 2, 3 and you draw a private card, one is face up.
L2_DECK = ["+2", "+1", "+3", "goof", "+1", "goof", "+5", "+3"]
L2_BEFORE = ["pass", "bid 8", "pass", "pass", "bid 3", "bid 5"]
L2_FAIR = range(6, 16)


def lesson_auction() -> Lesson:
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


def lesson_forced() -> Lesson:
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
                prompt=(f"You have {START_COINS} coins. If you pass and take the forced team, how many coins will "
                        "you have left?"),
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
                prompt="Player 3 bid 12 for a lot with your two goofs in it. Bid or pass?",
                judge=move_judge(goal),
                expected=lambda game: "pass",
                highlight=lambda game: ["button:pass"],
                follow=own_turn,
            ),
            Step(
                prompt=(f"You got **{', '.join(FORCED_TEAM)}** without ever seeing the cards — not bad this "
                        "time! Every player has a team now. Place your four bearers on slots 1–4 as you like "
                        "(GR-9): choose an order, or keep them as they are."),
                judge=move_judge(arranged),
                expected=lambda game: "keep",
                follow=others(["keep", "keep"]),
            ),
        ],
        summary=(f"Done! The last player without a team takes the top 4 cards for {FORCED_PRICE} coins "
                 "(GR-6). Sometimes that is cheaper than winning an auction."),
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


def lesson_exchange() -> Lesson:
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
                prompt="After your exchange, who will draw a replacement card first?",
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
            Step(
                prompt=("Choose one slot on each of the four boards: get rid of your worst bearer and take "
                        "away each rival's best."),
                judge=move_judge(goal),
                expected=lambda game: BEST_EXCHANGE,
                highlight=lambda game: ["slot:0:1", "slot:0:2", "slot:1:3", "slot:2:3", "slot:3:4"],
                follow=own_turn,
            ),
        ],
        summary=("Done! The last-placed player throws out one bearer on every board, their own included, "
                 "and everyone refills clockwise from them (GR-16). Placing last isn't all bad."),
    )


# -- 9. substitute auctions ----------------------------------------------------------------------
def _after_exchange() -> Game:
    return play_all(_race_lost(), [BEST_EXCHANGE])


def lesson_substitute() -> Lesson:
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
            "After the exchange come **two substitute auctions**, everyone taking part in both — the "
            "winner of the first too (GR-17). They run "
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
                prompt=("A second substitute auction follows this one. Who will open it, and may the winner of "
                        "the first one bid again?"),
                judge=ask_choice("GR-17", {
                    "you-yes": (True, "You open both auctions as the last-placed player, and the winner of "
                                      "the first one may bid in the second (GR-17)."),
                    "seat1-yes": (False, "The last-placed player — you — opens both substitute auctions, "
                                         "whoever wins the first (GR-17)."),
                    "you-no": (False, "You open, right; but the first winner may bid again (GR-17)."),
                }),
                expected=lambda game: "you-yes",
                plays=False,
                board=False,
                choices=[Choice("I open; the winner may bid", "you-yes"),
                         Choice("I open; the winner sits out", "you-no"),
                         Choice("The winner opens", "seat1-yes")],
            ),
            Step(
                prompt="Substitute auction 1: your private card is a **goof**. You open: bid or pass?",
                judge=move_judge(first),
                expected=lambda game: "pass",
                highlight=lambda game: ["button:pass"],
                follow=others(["bid 3", "pass", "pass", "keep"]),
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
                 "back to START (GR-18); you start it, having placed last (GR-10). You have met every rule "
                 "now: [play a full game](play.ipynb)."),
    )
