"""Galopp Royal lessons on buying and changing teams: a start auction with a partly known lot,
the forced 10-coin team, the last-placed player's exchange and the substitute auctions."""

from __future__ import annotations

import functools

from ..engine.action import Action
from ..engine.game import Game
from ..i18n import _
from ..ui.lesson import Choice, Lesson, Step, Verdict, ask_choice, move_judge
from .tables import FORCED_PRICE, GOALS, PRIZES, START_COINS
from .teaching import LEARNER, auction_game, others, own_turn, play_all, race_game, rolled, seed_where
from .text import card_text, sep

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
            return Verdict(False, "GR-7", _("Passing is allowed, but look at what you know: a **+5** and a "
                           "**+3** — half of this lot is already better than most boards. It is worth "
                           "more than 5 coins: bid."))
        amount = action.args[0]
        if amount in L2_FAIR:
            return Verdict(True, "GR-7", _("A sensible bid: {amount} coins for a lot whose known half is a +5 "
                                           "and a +3. You bid without seeing the other two cards — that is the "
                                           "risk.").format(amount=amount))
        return Verdict(False, "GR-7", _("{amount} is legal, but too much: the two unknown cards could be "
                                        "goofs, and a race 1 win pays {prize}. Try something between "
                                        "{low} and {high}.").format(amount=amount, prize=PRIZES[0][0],
                                                                   low=L2_FAIR.start, high=L2_FAIR.stop - 1))

    return Lesson(
        id="gr-auction",
        title=_("Bidding on a partly known team"),
        rules=("GR-6", "GR-7", "GR-8"),
        intro=(
            _("Everyone starts with {coins} coins and no bearers (GR-1). Teams are bought in "
            "**auctions** of 4 cards, the lot (GR-6). How much of the lot you see depends on how many "
            "players still need a team: with 4, each draws 1 card and looks at it privately; with 3, "
            "each draws 1 private card and 1 more is turned **face up** (GR-6).\n\n"
            "Bidding goes clockwise: bid more than the current bid, or pass and drop out (GR-7). The "
            "last bidder left pays and takes all 4 cards (GR-8).\n\n"
            "The first auction is over: Player 2 paid 8 coins for its team. Now Players 3, 4 and you bid "
            "for the next one. Player 3 opened with 3, Player 4 bid 5.").format(coins=START_COINS)
        ),
        start_game=start,
        steps=[
            Step(
                prompt=(_("Your private card is a **+5**, and the face-up card is a **+3**. How many of the "
                        "lot's 4 cards do you know?")),
                judge=ask_choice("GR-6", {
                    "2": (True, _("Two: your own private card and the face-up one. The other two are Player 3's "
                                "and Player 4's private cards (GR-6).")),
                    "1": (False, _("With 3 bidders one card is also turned face up for everyone (GR-6).")),
                    "4": (False, _("Players 3 and 4 looked at their own cards; you didn't see them (GR-6).")),
                    "3": (False, _("You see your own card and the face-up card only (GR-6).")),
                }),
                expected=lambda game: "2",
                plays=False,
                board=False,
                choices=[Choice(v, v) for v in ("1", "2", "3", "4")],
            ),
            Step(
                prompt=_("The bid is 5. Make a sensible bid (between {low} and {high}) or pass.").format(
                    low=L2_FAIR.start, high=L2_FAIR.stop - 1),
                judge=move_judge(goal),
                expected=lambda game: "bid 8",
                highlight=lambda game: ["button:bid"],
                follow=others(["pass", "pass"]),
            ),
        ],
        summary=(_("Done! In an auction you bid for cards you only partly know (GR-6): count what you know, "
                 "guess the rest, and stop bidding where the risk gets too big (GR-7, GR-8).")),
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
            return Verdict(True, "GR-6", _("You pass. Player 3 gets that lot, and you are the last player "
                           "without a team…"))
        return Verdict(False, "GR-6", _("You know 2 of this lot's 4 cards: both are **goofs**. Paying "
                                        "{amount} for it is a bad deal when the leftover team costs only "
                                        "{price}. Pass.").format(amount=action.args[0], price=FORCED_PRICE))

    def arranged(game: Game, action: Action) -> Verdict:
        return Verdict(True, "GR-9", _("Any order is fine: the die gives every slot the same 1 in 4 chance, "
                       "so arranging is only a matter of taste (GR-9)."))

    return Lesson(
        id="gr-forced",
        title=_("The forced 10-coin team"),
        rules=("GR-6", "GR-9"),
        intro=(
            _("Auctions go on until everyone has a team (GR-6). With **2** players left, each draws "
            "**2** private cards. When only **1** player is left, there is no auction: that player "
            "takes the **top 4 cards** of the deck and pays **{price} coins**, whatever the "
            "cards are (GR-6).\n\n"
            "This is a 3-player game. Player 2 bought the first team. Now it's Player 3 against you: "
            "Player 3 bid 12. Your two private cards are **goof, goof**.").format(price=FORCED_PRICE)
        ),
        start_game=start,
        steps=[
            Step(
                prompt=_("If you pass now, what happens to you?"),
                judge=ask_choice("GR-6", {
                    "forced": (True, _("Right: as the last player without a team you take the top 4 cards "
                                       "for {price} coins, sight unseen (GR-6).").format(price=FORCED_PRICE)),
                    "again": (False, _("There is no auction with one player: they simply take the top 4 "
                                       "cards for {price} coins (GR-6).").format(price=FORCED_PRICE)),
                    "free": (False, _("The last team is not free: it costs {price} coins (GR-6).").format(
                        price=FORCED_PRICE)),
                }),
                expected=lambda game: "forced",
                plays=False,
                board=False,
                choices=[Choice(_("I get the top 4 cards for {price} coins").format(price=FORCED_PRICE), "forced"),
                         Choice(_("A new auction starts, just for me"), "again"),
                         Choice(_("I get the last team for free"), "free")],
            ),
            Step(
                prompt=_("You have {coins} coins. If you pass and take the forced team, how many coins will "
                         "you have left?").format(coins=START_COINS),
                judge=ask_choice("GR-6", {
                    str(START_COINS - FORCED_PRICE): (
                        True, _("{left}: the forced team costs {price}, paid to "
                                "the bank (GR-6). (A player with fewer coins would pay all they have — a "
                                "house rule; the printed rules don't say.)").format(
                            left=START_COINS - FORCED_PRICE, price=FORCED_PRICE)),
                    str(START_COINS): (False, _("The forced team is not free: it costs {price} (GR-6).").format(
                        price=FORCED_PRICE)),
                    str(START_COINS - 12): (False, _("Player 3's bid of 12 was paid by Player 3, not by you (GR-8). "
                                                     "You paid {price} for the forced team (GR-6).").format(
                        price=FORCED_PRICE)),
                }),
                expected=lambda game: str(START_COINS - FORCED_PRICE),
                plays=False,
                board=False,
                choices=[Choice(str(v), str(v)) for v in (START_COINS - 12, START_COINS - FORCED_PRICE,
                                                          START_COINS)],
            ),
            Step(
                prompt=_("Player 3 bid 12 for a lot with your two goofs in it. Bid or pass?"),
                judge=move_judge(goal),
                expected=lambda game: "pass",
                highlight=lambda game: ["button:pass"],
                follow=own_turn,
            ),
            Step(
                prompt=_("You got **{cards}** without ever seeing the cards — not bad this "
                         "time! Every player has a team now. Place your four bearers on slots 1–4 as you like "
                         "(GR-9): choose an order, or keep them as they are.").format(cards=sep().join(FORCED_TEAM)),
                judge=move_judge(arranged),
                expected=lambda game: "keep",
                follow=others(["keep", "keep"]),
            ),
        ],
        summary=_("Done! The last player without a team takes the top 4 cards for {price} coins "
                  "(GR-6). Sometimes that is cheaper than winning an auction.").format(price=FORCED_PRICE),
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
            problems.append(_("On your own board you threw out {card}; your worst bearers are "
                              "the goofs").format(card=card_text(boards[0][slots[0]])))
        for seat in range(1, len(boards)):
            card = boards[seat][slots[seat]]
            if card != "+5":
                problems.append(_("Player {n} keeps its +5 (you took its {card})").format(
                    n=seat + 1, card=card_text(card)))
        if problems:
            return Verdict(False, "GR-16", _("Legal, but not your best: {problems}.").format(
                problems=_("; ").join(problems)))
        return Verdict(True, "GR-16", _("Well chosen: your goof is gone, and every rival lost its +5. The "
                       "replacements come from the deck — unknown, but on average much weaker than a +5."))

    return Lesson(
        id="gr-exchange",
        title=_("The last-placed player's exchange"),
        rules=("GR-16",),
        intro=(
            _("Race 1 is over. You fell into the pond and placed **last**. Before the next race, the "
            "last-placed player gets a consolation: you choose **one bearer on every board — your own "
            "included —** and throw it out face up. Then, starting with you and going clockwise, each "
            "player draws a new card from the deck into the empty slot (GR-16).\n\n"
            "Your board: goof, goof, +1, +3. Player 2: +2, +3, +5, +2. Player 3: +1, +3, +5, +2. "
            "Player 4: +1, +3, +2, +5.")
        ),
        start_game=_race_lost,
        steps=[
            Step(
                prompt=_("After your exchange, who will draw a replacement card first?"),
                judge=ask_choice("GR-16", {
                    "you": (True, _("You: the last-placed player draws first, then clockwise (GR-16).")),
                    "winner": (False, _("The draws start with the last-placed player — you (GR-16).")),
                    "seat1": (False, _("The draws start with the last-placed player — you — then go clockwise "
                                     "(GR-16).")),
                }),
                expected=lambda game: "you",
                plays=False,
                board=False,
                choices=[Choice(_("Me"), "you"), Choice(_("The race winner"), "winner"),
                         Choice(_("Player 2"), "seat1")],
            ),
            Step(
                prompt=(_("Choose one slot on each of the four boards: get rid of your worst bearer and take "
                        "away each rival's best.")),
                judge=move_judge(goal),
                expected=lambda game: BEST_EXCHANGE,
                highlight=lambda game: ["slot:0:1", "slot:0:2", "slot:1:3", "slot:2:3", "slot:3:4"],
                follow=own_turn,
            ),
        ],
        summary=(_("Done! The last-placed player throws out one bearer on every board, their own included, "
                 "and everyone refills clockwise from them (GR-16). Placing last isn't all bad.")),
    )


# -- 9. substitute auctions ----------------------------------------------------------------------
def _after_exchange() -> Game:
    return play_all(_race_lost(), [BEST_EXCHANGE])


def lesson_substitute() -> Lesson:
    def first(game: Game, action: Action) -> Verdict:
        if action.kind == "pass":
            return Verdict(True, "GR-17", _("Good pass: your board averages 1.25 a turn, while a lot with a "
                           "known goof and three unknown cards is likely worse — and winning would throw "
                           "away your whole team."))
        return Verdict(False, "GR-17", _("Think again: winning replaces your **whole** team, and the one card "
                       "you know in this lot is a goof. Your board (+3, goof, +1, +3) is the better bet: pass."))

    def second(game: Game, action: Action) -> Verdict:
        if action.kind == "pass":
            return Verdict(False, "GR-17", _("This time you know a **+5** in the lot. A lot with a +5 will "
                           "probably beat your board's 1.25 a turn: bid."))
        amount = action.args[0]
        if amount > 15:
            return Verdict(False, "GR-17", _("{amount} coins is a lot for three unknown cards. Bid less.").format(
                amount=amount))
        return Verdict(True, "GR-17", _("You bid {amount} for a lot with a +5 in it.").format(amount=amount))

    def arranged(game: Game, action: Action) -> Verdict:
        return Verdict(True, "GR-17", _("Your new team is on the board (any order is fine, GR-9)."))

    return Lesson(
        id="gr-substitute",
        title=_("Substitute auctions"),
        rules=("GR-17", "GR-18", "GR-10"),
        intro=(
            _("After the exchange come **two substitute auctions**, everyone taking part in both — the "
            "winner of the first too (GR-17). They run "
            "like the start auctions — with 4 players, each draws 1 private card — but the last-placed "
            "player **opens both**, and a winner must **replace their whole team** with the 4 new cards "
            "(the old ones are discarded). If nobody bids, the lot is discarded.\n\n"
            "You placed last in race 1, so you open. After the exchange your board is **+3, goof, +1, +3**.")
        ),
        start_game=_after_exchange,
        steps=[
            Step(
                prompt=_("If you win a substitute auction, what happens to your current bearers?"),
                judge=ask_choice("GR-17", {
                    "all": (True, _("All four are discarded and the 4 lot cards become your team (GR-17).")),
                    "pick": (False, _("There is no picking: the winner replaces the **whole** team (GR-17).")),
                    "add": (False, _("A board has exactly 4 slots: the whole team is replaced (GR-17).")),
                }),
                expected=lambda game: "all",
                plays=False,
                board=False,
                choices=[Choice(_("All four are replaced by the lot"), "all"),
                         Choice(_("I keep the best four of eight"), "pick"),
                         Choice(_("The lot is added to my board"), "add")],
            ),
            Step(
                prompt=(_("A second substitute auction follows this one. Who will open it, and may the winner of "
                        "the first one bid again?")),
                judge=ask_choice("GR-17", {
                    "you-yes": (True, _("You open both auctions as the last-placed player, and the winner of "
                                      "the first one may bid in the second (GR-17).")),
                    "seat1-yes": (False, _("The last-placed player — you — opens both substitute auctions, "
                                         "whoever wins the first (GR-17).")),
                    "you-no": (False, _("You open, right; but the first winner may bid again (GR-17).")),
                }),
                expected=lambda game: "you-yes",
                plays=False,
                board=False,
                choices=[Choice(_("I open; the winner may bid"), "you-yes"),
                         Choice(_("I open; the winner sits out"), "you-no"),
                         Choice(_("The winner opens"), "seat1-yes")],
            ),
            Step(
                prompt=_("Substitute auction 1: your private card is a **goof**. You open: bid or pass?"),
                judge=move_judge(first),
                expected=lambda game: "pass",
                highlight=lambda game: ["button:pass"],
                follow=others(["bid 3", "pass", "pass", "keep"]),
            ),
            Step(
                prompt=_("Your private card this time is a **+5**. Bid (up to 15) or pass?"),
                judge=move_judge(second),
                expected=lambda game: "bid 6",
                highlight=lambda game: ["button:bid"],
                follow=others(["pass", "pass", "pass"]),
            ),
            Step(
                prompt=_("You won: place your new team on slots 1–4 (any order, or keep)."),
                judge=move_judge(arranged),
                expected=lambda game: "keep",
                follow=own_turn,
            ),
        ],
        summary=_("Done! Race 2 begins: the goal moves to {goal} spaces (a house default) and chairs go "
                  "back to START (GR-18); you start it, having placed last (GR-10). You have met every rule "
                  "now: [play a full game](play.ipynb).").format(goal=GOALS[1]),
    )
