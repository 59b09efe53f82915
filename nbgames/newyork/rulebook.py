"""New York's rules for players, one entry per rule id of the rule file (NY-1 … NY-18, NY-12a,
NY-V1 … NY-V4), in English and Japanese. Japanese uses the seed's words: 立ち退き料 (the
eviction fee), コマ, チップ, 準備ラウンド, 本ラウンド, 最大建物群, ストップカード."""

from __future__ import annotations

from ..i18n import N_
from ..rulebook import build, sections

SECTIONS = sections({
    "board": N_("Board and pieces"),
    "setup": N_("The setup round"),
    "turn": N_("The main round: a turn"),
    "end": N_("End and scoring"),
    "variants": N_("Variants"),
})

# Rules whose text holds one of this project's house resolutions (rule file [R]).
HOUSE = frozenset({"NY-1", "NY-4", "NY-5", "NY-7", "NY-12", "NY-12a", "NY-13", "NY-14", "NY-15", "NY-18",
                   "NY-V1"})

ENTRIES = {
    "NY-1": ("board", N_("The board"),
        N_("Manhattan is a 7×7 grid of 49 buildings. Rows are avenues (red cards), top to bottom: Broadway (A), "
           "Eighth Ave (B), Sixth Ave (C), Fifth Ave (D), Madison Ave (E), Park Ave (F), Lexington Ave (G). "
           "Columns are streets (blue cards), left to right: 34th (1), 38th (2), 42nd (3), 46th (4), 49th (5), "
           "53rd (6), 57th St (7). A square is named by both: F5 is Park Ave × 49th St. House rule: these names "
           "are our choice (the seed names Park Ave, Broadway, 38th, 49th and 57th St); they can be changed in "
           "the data.")),
    "NY-2": ("board", N_("The cards"),
        N_("28 red road cards (4 per avenue) and 28 blue ones (4 per street), 5 red and 5 blue jokers, 2 STOP "
           "cards, and 12 action cards used only in variant V1. Colour cards decide who plays which colour.")),
    "NY-3": ("board", N_("Pieces and chips"),
        N_("Each player gets, by player count: 3 players 25 pieces and 8 chips; 4 players 20 and 6; 5 players 15 "
           "and 5. Colours: red, blue, yellow (+ green with 4, + black with 5). Chips only pass between players — "
           "there is no bank.")),
    "NY-4": ("setup", N_("Placing setup pieces"),
        N_("Each player takes one colour for the setup round only and places its setup pieces (3 players 8, 4 "
           "players 6, 5 players 5) one at a time, clockwise, until all are placed. House rule: Player 1 plays "
           "the seed's “youngest player” and starts.")),
    "NY-5": ("setup", N_("Where a setup piece may go"),
        N_("On an empty square that does not touch a piece of the same colour side by side (touching diagonally "
           "is fine). Example: with red on D4, red may not go on C4, E4, D3 or D5, but may go on C3. This limit "
           "exists only in the setup round. House rule: if a colour has no such square left, its remaining setup "
           "pieces are skipped.")),
    "NY-6": ("setup", N_("Colour cards: your real colour"),
        N_("When all setup pieces are placed, the colour cards are shuffled and dealt: your colour for the rest "
           "of the game is random and may differ from the one you placed. You take that colour's remaining pieces "
           "as your supply. (Variant V2: colours are chosen before setup and kept.)")),
    "NY-7": ("turn", N_("Opening draw"),
        N_("Starting with the red player and going clockwise, players draw one card at a time; whoever holds at "
           "least 2 red and 2 blue cards skips, until everyone does. Hands are secret, but everyone sees how many "
           "red and blue cards you hold. House rule: jokers count for their colour; STOP and action cards count "
           "for neither.")),
    "NY-8": ("turn", N_("Who starts"),
        N_("The red player takes the first turn of the main round; then play goes clockwise.")),
    "NY-9": ("turn", N_("A turn: play a red and a blue card"),
        N_("(1) Play one red and one blue card: together they name one square — red Park Ave + blue 49th St name "
           "F5. A joker stands for any avenue (red) or street (blue); say which. Two jokers name any square. (2) "
           "Resolve the square (NY-10). (3) Both cards go face up to the discard pile. (4) Draw until you hold at "
           "least 2 red and 2 blue cards.")),
    "NY-10": ("turn", N_("What happens on the square"),
        N_("Empty: put one of your pieces there. Another player's piece: pay its owner the eviction fee (NY-11); "
           "their piece goes back to their supply and yours goes there. Your own piece: it comes back to your "
           "supply, with no fee.")),
    "NY-11": ("turn", N_("The eviction fee"),
        N_("The fee is the smaller of two counts of the owner's pieces: on that avenue and on that street, each "
           "counting the evicted piece itself (so at least 1 chip). Seed example: the owner has 4 pieces on Park "
           "Ave and just 1 on 49th St, so evicting F5 (Park Ave × 49th) costs 1 chip; if they have 4 on 38th St "
           "too, evicting F2 (Park Ave × 38th) costs 4.")),
    "NY-12": ("turn", N_("Pairs you may not play"),
        N_("You may not play a pair whose square needs a fee you cannot pay. House rule: with an empty supply you "
           "may not play onto an empty square or another player's piece (you may still play onto your own).")),
    "NY-12a": ("turn", N_("Joker or exact card?"),
        N_("House rule: when both a joker and an exact card could name the line you want, you choose which to "
           "spend — keeping the joker keeps your options open.")),
    "NY-13": ("turn", N_("No playable pair"),
        N_("If no pair of yours can be played: show your hand, discard all of it, draw until you hold 2 red and 2 "
           "blue; your turn ends. You may not do this while a playable pair exists. House rule (V1): an action "
           "card you could play does not stop you from taking this turn.")),
    "NY-14": ("turn", N_("The draw pile runs out"),
        N_("When the draw pile is empty, shuffle the discard pile into a new draw pile. House rule: this happens "
           "when a card must next be drawn; if both piles are empty, drawing stops, and a short hand is handled "
           "by NY-13 on its next turn.")),
    "NY-15": ("end", N_("The STOP cards come in"),
        N_("The first time 4 or fewer squares are empty (the original rules' number), both STOP cards go into "
           "the discard pile (not the draw pile): they come into play when the discard pile is next shuffled. "
           "House rule: this is checked after each move and happens once, even if squares empty again.")),
    "NY-16": ("end", N_("Drawing a STOP card"),
        N_("The moment anyone draws a STOP card, the game ends at once — the rest of that draw is cancelled.")),
    "NY-17": ("end", N_("Scoring"),
        N_("2 points per piece in your largest group (pieces joined side by side; diagonals do not join), 1 per "
           "other piece of yours on the board, 1 per chip. Only one group doubles. Seed example: A has a group of "
           "8, 5 other pieces and 10 chips: 16 + 5 + 10 = 31; B 6/8/8 → 28; C 8/8/6 → 30.")),
    "NY-18": ("end", N_("The winner"),
        N_("The highest total wins. House rule: a tie is a shared win.")),
    "NY-V1": ("variants", N_("V1: action cards"),
        N_("12 action cards are shuffled into the deck; they never count towards your 2 + 2 cards, and you may "
           "play at most one per turn. Alone: Sanierung clears the 5 central squares (C4, D3, D4, D5, E4) and "
           "Ruine the 4 corners (A1, A7, G1, G7); then, from you clockwise, each player refills one square at a "
           "time. Spekulation: another player with 8 or more pieces on the board removes one, and you build "
           "there. With a card of the other colour: Baulöwe takes another player's piece in that line without a "
           "fee; Statik makes the player with most pieces in that line remove one, and you build there. House "
           "rule: 6 red and 6 blue backs, the split into kinds, and the 5 central squares are our choice.")),
    "NY-V2": ("variants", N_("V2: choose your colour"),
        N_("Each player picks a colour before the setup round, places that colour's setup pieces, and keeps it "
           "for the whole game (no colour cards).")),
    "NY-V3": ("variants", N_("V3: two players"),
        N_("Each player owns two colours (6 setup pieces and 20 pieces per colour) and 12 chips. On your turn "
           "choose which colour to play. You may not evict your own other colour. At the end only your colour "
           "with the larger largest group scores, plus your chips.")),
    "NY-V4": ("variants", N_("V4: teams"),
        N_("Four players in two teams, Players 1 + 3 against 2 + 4. Evicting a teammate still costs the fee. You "
           "may also use a pair to place a teammate's piece on an empty square. Scores are individual; the team "
           "with the higher sum wins.")),
}

RULEBOOK = build(SECTIONS, ENTRIES)

# Extra words a search of the rules panel finds a rule by (other names players use).
KEYWORDS = {"NY-11": ("手数料", "cost", "price"), "NY-17": ("points", "得点"), "NY-9": ("pair",)}
