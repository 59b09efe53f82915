"""New York 1901's rules for players, one entry per rule id of the rule file (NY1901-1 …
NY1901-13), in English and Japanese. Japanese uses the seed's words: 区画カード, 労働者コマ,
超高層ビル, オープンマーケット, 大通りボーナスカード, ボーナスチャレンジカード, 伝説の超高層ビル,
技術力, 解体と再建, 建築ブーム, 市場変更, 土地収奪."""

from __future__ import annotations

from ..i18n import N_
from ..rulebook import build, sections

SECTIONS = sections({
    "board": N_("Board and pieces"),
    "setup": N_("Setup"),
    "turn": N_("A turn"),
    "end": N_("End and scoring"),
})

# Rules whose text holds one of this project's house resolutions (rule file [R], data house_rules).
HOUSE = frozenset({"NY1901-1", "NY1901-2", "NY1901-3", "NY1901-4", "NY1901-5", "NY1901-6", "NY1901-7",
                   "NY1901-8", "NY1901-9", "NY1901-10", "NY1901-12", "NY1901-13"})

ENTRIES = {
    "NY1901-1": ("board", N_("The city"),
        N_("2–4 players. The board is a grid of cells grouped into lots of 2 or 3 cells, 13 lots in each of 5 "
           "districts: Greenwich, Gramercy, Midtown, Five Points and Bowery. Some cells are parks. Five named "
           "avenues run along cell edges: Broadway, Wall St, Pine St, Nassau St, Cedar St. A cell touches an "
           "avenue if one of its edges lies on it, and a park if it is next to a park cell. House rule: the "
           "printed map is not published, so this board is our own; with 2 players Bowery is not used.")),
    "NY1901-2": ("board", N_("Lot cards"),
        N_("One lot card per lot (65). A card shows a district and a size, 2 or 3 cells; there are fewer size-3 "
           "lots. House rule: the card shows district and size, not the exact lot — you pick an empty lot that "
           "matches.")),
    "NY1901-3": ("board", N_("Your pieces"),
        N_("A character card with a 2-cell starting lot and a starter building on it; 4 workers; 3 action cards "
           "(Construction Boom, Market Shift, Land Grab); a King token; 18 skyscraper tiles — 6 bronze, 6 silver, "
           "6 gold, 2 to 6 cells, 2 to 8 VP. Beside the board: 4 legendary skyscrapers (Flatiron, Woolworth, "
           "Chrysler, Empire), gold tier, each worth more VP than any gold tile. House rule: the starter building "
           "is bronze, 2 cells, 0 VP; the tile set (shapes and VP) and the legendaries (shapes, 9–12 VP) are our "
           "own; tiles may be turned and flipped.")),
    "NY1901-4": ("setup", N_("Setting up"),
        N_("Shuffle the lot cards (minus the starting lots) into a draw pile and turn 4 face up: the open market. "
           "Turn up 3 of the 5 avenue bonus cards and 1 of the 5 challenge cards; put the legendaries beside the "
           "board. Each player chooses a character (a district colour), the last player first. Player 1 starts; "
           "then clockwise. House rule: in a 2-player game Bowery's character is not offered; starting lots of "
           "unplayed characters stay empty.")),
    "NY1901-5": ("turn", N_("Acquire and/or build"),
        N_("Acquire (needs a worker in supply): take a market card and put a worker on an empty lot of that "
           "district and size; the market refills to 4. Build (after acquiring, or instead): place a skyscraper "
           "on cells of your estate; it may span lots and districts and need not fill a lot, but one of its cells "
           "must touch an avenue or a park. Workers under it go home; score its VP at once. Silver needs 6 VP, "
           "gold and legendary 18 VP; one legendary per player (King token). House rule: your estate is every "
           "uncovered cell of your lots — lots with your worker and cells earlier builds left empty.")),
    "NY1901-6": ("turn", N_("Demolish and rebuild"),
        N_("Remove one of your buildings (its VP stay) and place a tile of a strictly higher tier in the freed "
           "cells: bronze → silver → gold or legendary; gold cannot be replaced. The new tile may extend over your "
           "lots that hold your workers and are adjacent to the demolished building (a cell of the lot shares an "
           "edge with it); those workers go home. A worker lot that does not touch the demolished building may "
           "not be used. If a freed lot would be left with no building, put a worker on it — if you cannot, you "
           "may not demolish. House rule: the rebuild uses at least one freed cell.")),
    "NY1901-7": ("turn", N_("No worker, no action"),
        N_("If you have no worker in supply and can do neither action, take one worker back from the board and "
           "put its lot card at the bottom of the draw pile: the lot is empty again, a starting lot too, and anyone "
           "may acquire it like any lot of its district and size. House rule: this is your action for the turn; "
           "if nothing at all is possible, you pass.")),
    "NY1901-8": ("turn", N_("Action cards"),
        N_("Each once per game, at any time in your turn. Construction Boom: one more action this turn (never two "
           "demolitions). Market Shift: the 4 market cards go shuffled to the bottom of the pile and 4 new ones "
           "turn up. Land Grab: acquire one extra lot, not a size-3 lot. House rule: Market Shift may be played "
           "whenever the market holds cards.")),
    "NY1901-9": ("end", N_("The end"),
        N_("When a player has only 4 unbuilt skyscrapers left, or the market can no longer be refilled (3 cards "
           "or fewer), everyone gets one last turn — the next player first, the triggering player last. House "
           "rule: checked when a turn ends.")),
    "NY1901-10": ("end", N_("Avenue bonus"),
        N_("For each of the 3 avenue bonus cards, the player with the most buildings touching that avenue scores "
           "5 VP; a tie scores nothing. House rule: an avenue nobody touches gives nothing.")),
    "NY1901-11": ("end", N_("Unused action cards"),
        N_("Each action card you never played scores 1 VP.")),
    "NY1901-12": ("end", N_("The challenge card"),
        N_("Gold Tycoon: 3 VP per district with 2 or more of your gold buildings. Master Architect: 3/6/10 VP for "
           "3/4/5+ irregular (not rectangular) buildings. Gold Prestige (during play): placing a gold building "
           "scores 1 VP per neighbouring opponent building of a lower tier. Bronze Baron: 5/10/15 VP for 4/5/6+ "
           "bronze buildings. Generation King: 5 VP for each tier where you alone have the most buildings. House "
           "rule: starter buildings and legendaries count for avenues but not for challenges.")),
    "NY1901-13": ("end", N_("The winner"),
        N_("Most VP wins. Tie: the player with the taller legendary, then more gold buildings, then a shared win. "
           "House rule: the gold buildings of the tie-break are gold tiles.")),
}

RULEBOOK = build(SECTIONS, ENTRIES)
