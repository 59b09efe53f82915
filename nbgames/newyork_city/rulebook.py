"""New York City's rules for players, one entry per rule id of the rule file (NYC-1 … NYC-14),
in English and Japanese. Japanese uses the seed's words: 地区, 得点タイル, 中立ビル, プレストラック,
名声タイル, 乗り物, ランタン, 自由の女神, リザーブ, 市長, 入札ラウンド, 最多ボーナス, ワイルドカード."""

from __future__ import annotations

from ..i18n import N_
from ..rulebook import build, sections

SECTIONS = sections({
    "board": N_("Board and pieces"),
    "setup": N_("Setup"),
    "round": N_("A round"),
    "end": N_("End of the game"),
})

# Rules whose text holds one of this project's house resolutions (rule file [R], data house_resolutions).
HOUSE = frozenset({"NYC-1", "NYC-2", "NYC-3", "NYC-5", "NYC-6", "NYC-7", "NYC-9", "NYC-10", "NYC-11", "NYC-12",
                   "NYC-13"})

ENTRIES = {
    "NYC-1": ("board", N_("Districts and routes"),
        N_("Six districts, each with a letter A–F (dealt at random), a score tile (its base value) and 2 black "
           "neutral buildings. Routes join districts; each route holds one vehicle and has a lantern at each end. "
           "House rule: 2–4 players; the districts (Harlem, Upper West Side, Upper East Side, Midtown, Greenwich "
           "Village, Lower Manhattan), the 9 routes, 5 vehicle and 5 lantern colours and the score tiles 6–12 are "
           "our own.")),
    "NYC-2": ("board", N_("The press track"),
        N_("Each player's marker starts stacked at 0 in random order (the top of a stack is ahead), with a black "
           "neutral marker further up. Higher on the press track breaks every tie and sets the order. House rule: "
           "the track runs 0–15; the black marker stands on 4 (2 players), 3 (3) or 2 (4).")),
    "NYC-3": ("board", N_("Fame tiles"),
        N_("10 fame tiles, each with a vehicle colour and a value; 2 are face up each round, the pair turned "
           "up at setup being round 1's. House rule: values 2–4. A fame tile is placed, and its vehicle "
           "taken, even with an empty personal board; then nothing is built.")),
    "NYC-4": ("board", N_("Statue of Liberty"),
        N_("The first player with buildings in all 6 districts scores 4 VP; later ones score 3 (the tile "
           "lies with 4 up, then 3).")),
    "NYC-5": ("board", N_("Your pieces and the cards"),
        N_("Each player has 4 buildings on their personal board and 1 dollar; more buildings come from the stock. "
           "Bid cards come in 6 kinds — press, dollar, elevator, building acquisition, VP, construction — plus "
           "wilds. House rule: 11 cards of each kind and 11 wilds; 25 buildings per colour.")),
    "NYC-6": ("board", N_("Characters"),
        N_("Character tiles 1–42, each with a level (its end points, the number top right) and the phase "
           "when its ability works: phase 1, 2, 3 or end of game. Light-backed starting characters are "
           "28–32. House rule: characters the seed does not describe (6, 9, 10, 16, 17, 23, 25, 36) are left "
           "out, and the levels 1–5 are ours. The elevator hires in bidding order; a player whose bid "
           "reaches no character left takes none.")),
    "NYC-7": ("setup", N_("Setting up"),
        N_("Lay out districts, score tiles, neutral buildings, vehicles and fame tiles (2 face up); the Statue at "
           "4. One building of every player goes into the start district. Everyone takes 4 buildings, 1 dollar "
           "and 2 face-up reserve cards. Counter-clockwise from the player right of the press leader, each "
           "chooses a starting character 28–32. House rule: the start district is random; unchosen starting "
           "characters go back to the box.")),
    "NYC-8": ("round", N_("Phase 0: the mayor moves"),
        N_("The mayor moves to the next district: A, B, C, D, E in rounds 1–5 (F is never visited). Two new fame "
           "tiles turn up (round 1: the setup pair). Dollars on characters used last round come off.")),
    "NYC-9": ("round", N_("Phase 1: the card draft"),
        N_("Everyone is dealt 3 cards; 2N+1 face-up pairs are laid out (N players). Counter-clockwise from "
           "the player right of the press leader, players take one pair at a time for two laps, so each "
           "holds 7 cards plus the reserve of 2. Phase-1 character abilities may be used now (1 dollar "
           "each). House rule: after the draft, each player in the draft order has one turn to use phase-1 "
           "characters (ending it with 'done'); a player with none to use is skipped. Characters 2 and 4 are "
           "used while drafting.")),
    "NYC-10": ("round", N_("Phase 2: six bidding rounds"),
        N_("In order press → dollar → elevator → building acquisition → VP → construction. From the start "
           "player clockwise, play any number of cards of that kind or pass. A wild copies the kind it is "
           "played with (never alone); two identical cards count as one card of a declared kind. Swap your "
           "reserve with hand cards any time. Each card gives its effect (press up, dollars, a character of "
           "level ≤ cards played, buildings to your board, VP, buildings in the mayor's district). Whoever "
           "played most gets +1 (ties: higher on press) and starts the next bidding round. In the VP round "
           "the top two may take a fame tile, remove a vehicle of its colour, put the tile on a district at "
           "that route's lantern end and build there. House rules: you may swap in every decision of yours "
           "(drafting, character turns, bidding, elevator, fame tile), and swap a card back in one turn. Two "
           "cards of the round's own kind may count as one card; two wilds are no pair. If nobody bids, the "
           "same player starts the next bidding round.")),
    "NYC-11": ("round", N_("Phase 3"),
        N_("Phase-3 character abilities may be used; then the next round begins. Cards left in hand are "
           "discarded at the end of the round. House rule: each player in the draft order has one turn to "
           "use phase-3 characters; a player with none to use is skipped.")),
    "NYC-12": ("round", N_("Character abilities"),
        N_("Each costs 1 dollar placed on the character and works only in its phase; end-of-game ones are "
           "free. Phase 1: 1 redraw, 2 split two pairs, 3 a third reserve card, 4 take two pairs, 5 draw 3 "
           "discard 2, 7 trade up a level, 8 reserve matches, 11 replace a black building. Phase 2: 12 new "
           "reserve, 13 one card counts now, 14 press for wilds, 15 play a matching reserve card, 18 act "
           "last, 19 double VP cards, 20 one card counts twice, 21 one more building, 22 take 2 played cards "
           "back. Phase 3: 24, 26, 27 press and buildings. End: 28–32 lantern districts, 33 half your press, "
           "34 reserve kind, 35 districts with 3 buildings, 37–42 vehicle sets. House rule: 3's third "
           "reserve card stays for good (no use while the reserve holds 3); 7 may give itself away; 11 needs "
           "a building on your board; 13, 15 and 20 take no wild; 14's marker goes under those on its new "
           "space; 19 doubles the VP cards, not the fame tile; 21 not for the fame-tile build; 34 counts one "
           "kind of your reserve (wilds count for none).")),
    "NYC-13": ("end", N_("Final scoring"),
        N_("After round 5: your characters' levels; the Statue bonus; 3 VP for press 5 or higher; (dollars + "
           "buildings left on your board) ÷ 2, rounded up; end-of-game characters; and each district's value "
           "(score tile + fame tiles) to the player with most buildings there, half to the second, half "
           "again to the third… Ties in buildings are ranked by press; no buildings, no points. Example: a "
           "district worth 10 pays 10, 5, 2. House rule: halves round down; black neutral buildings compete "
           "like a player and their share is lost. The dollars and buildings that 40–42 count still count in "
           "the ÷ 2.")),
    "NYC-14": ("end", N_("The winner"),
        N_("Most VP wins; a tie goes to the player higher on the press track.")),
}

RULEBOOK = build(SECTIONS, ENTRIES)
