"""Galopp Royal's rules for players, one entry per rule id of the rule file (GR-1 … GR-20), in
English and Japanese. Japanese uses the seed's words: 輿, かつぎ手, 競り, 貝の形の池, ドジなかつぎ手,
策士, 最下位, かつぎ手の交代, 交代チームの競り."""

from __future__ import annotations

from ..i18n import N_
from ..rulebook import build, sections

SECTIONS = sections({
    "board": N_("Cards, chairs and coins"),
    "auction": N_("Start-team auctions"),
    "race": N_("A race"),
    "between": N_("Between races"),
    "end": N_("End of the game"),
})

# Rules whose text holds one of this project's house resolutions (rule file [R]).
HOUSE = frozenset({"GR-2", "GR-3", "GR-4", "GR-6", "GR-7", "GR-8", "GR-11"})

ENTRIES = {
    "GR-1": ("board", N_("Players, chairs and coins"),
        N_("3 to 6 players. Each has a sedan chair, a bearer board with slots 1–4, and starts with 50 coins from "
           "the bank. Most coins after six races wins.")),
    "GR-2": ("board", N_("Bearer cards"),
        N_("40 bearer cards. +1, +2, +3 and +5 move your own chair forward; the −2 goof moves it back 2; the ±2 "
           "schemer pushes chairs both ways (GR-11). House rule: the printed split is unknown, so we use +1 ×8, "
           "+2 ×8, +3 ×8, +5 ×4, −2 ×6, ±2 ×6.")),
    "GR-3": ("board", N_("The six races"),
        N_("Chairs start on START (space 0). Each race has its own goal and prizes for 1st/2nd/3rd; race 1 pays "
           "20/10/5 (seed). House rule: goals 15, 18, 21, 24, 27, 30 spaces; prizes 20/10/5, 25/12/6, 30/15/8, "
           "35/18/9, 40/20/10, 50/25/12.")),
    "GR-4": ("board", N_("The shell pond"),
        N_("Behind START lie spaces −1, −2 and −3; a chair moved to −4 or further falls into the shell pond and "
           "is out of this race. House rule: 3 spaces behind START.")),
    "GR-5": ("board", N_("The die"),
        N_("A four-sided die: the roll 1–4 picks the bearer in that slot of the roller's board, so each slot has "
           "a 1 in 4 chance.")),
    "GR-6": ("auction", N_("What is in the lot"),
        N_("Auctions repeat until everyone has a team of 4 bearers; players who have one sit out. With 4 players "
           "still without a team, each draws 1 card and looks at it alone — those 4 are the lot. With 3: one card "
           "each plus 1 face up. With 2: two cards each. With 5 or 6: one each, and the first passer (first two "
           "with 6) discards theirs face up. The last player alone takes the top 4 cards for 10 coins, whatever "
           "they are. House rule: all their coins if they have fewer.")),
    "GR-7": ("auction", N_("Bidding"),
        N_("Player 1 opens the first auction; each later one opens left of the last winner. Clockwise, bid more "
           "than the current bid or pass. A pass puts you out of this auction; your card stays in the lot face "
           "down. House rule: bids are whole numbers from 1 up to your coins.")),
    "GR-8": ("auction", N_("Winning the lot"),
        N_("When one bidder is left and a bid exists, they pay the bid to the bank and take all 4 cards. If "
           "nobody bid, the cards are discarded and a new auction starts from the same player. House rule: after "
           "3 empty auctions in a row, the opener must bid at least 1.")),
    "GR-9": ("auction", N_("Arranging your team"),
        N_("When all teams are bought, each player lays their 4 bearers face up on slots 1–4 in any order. (The "
           "die is fair, so the order is up to you.)")),
    "GR-10": ("race", N_("Who starts a race"),
        N_("Race 1 is started by Player 1; every later race by the last-placed player of the race before; then "
           "clockwise. All chairs start on START.")),
    "GR-11": ("race", N_("A race turn"),
        N_("Roll the die and apply the bearer in that slot: +1/+2/+3/+5 forward, the goof 2 back (maybe into the "
           "pond). The schemer: either you +2 and one other chair −2 or two others −1 each, or you −2 and one "
           "other +2 or two others +1 each. The schemer never pushes another chair into the pond; finished and "
           "pond chairs are not targets. Chairs may share a space. House rule: with no allowed target, that part "
           "is skipped.")),
    "GR-12": ("race", N_("Finishing"),
        N_("A chair that reaches or passes the goal (exactly is not needed) finishes at once: 1st, 2nd, 3rd … A "
           "chair pushed over by a schemer finishes too. Finished chairs take no more turns.")),
    "GR-13": ("race", N_("When a race ends"),
        N_("When places 1–3 are decided and the last place is too. Last is the first chair to fall into the pond, "
           "or else the rearmost chair still racing; if several tie for rearmost, the race goes on until one "
           "alone is last. It also ends when no chair is still racing.")),
    "GR-14": ("race", N_("Final order"),
        N_("Finishers in finishing order, then chairs still on the course from front to back, then pond chairs, "
           "the latest to fall in ranking highest. Example: if only 2 chairs finish, the chair that fell into the "
           "pond last takes 3rd place.")),
    "GR-15": ("race", N_("Prizes"),
        N_("The bank pays the race's prizes to places 1–3, e.g. 20, 10 and 5 coins in race 1.")),
    "GR-16": ("between", N_("Bearer exchange"),
        N_("After races 1–5 the last-placed player picks one bearer on every board, their own included, and "
           "discards it face up. Then, from them clockwise, each player draws one card into the empty slot.")),
    "GR-17": ("between", N_("Substitute-team auctions"),
        N_("Then two auctions with everyone taking part, run like the start auctions but: the last-placed player "
           "opens both; a winner must replace their whole team with the 4 new cards (the old 4 are discarded) and "
           "arranges them; the first winner may bid in the second; if nobody bids, that lot is discarded and not "
           "replaced.")),
    "GR-18": ("between", N_("The next race"),
        N_("The goal moves to the next race's distance and every chair returns to START.")),
    "GR-19": ("between", N_("The deck runs out"),
        N_("When the deck is empty, shuffle the discard pile into a new deck.")),
    "GR-20": ("end", N_("The end"),
        N_("After race 6 the game ends (no exchange, no auction). Most coins wins; a tie is a shared win.")),
}

RULEBOOK = build(SECTIONS, ENTRIES)
