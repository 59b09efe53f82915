"""New York City's own strings, by language (English first). Keys start with "nyc."."""

from __future__ import annotations

EN = {
    "nyc.title": "New York City",
    "nyc.kind.0": "press", "nyc.kind.1": "dollar", "nyc.kind.2": "elevator", "nyc.kind.3": "building acquisition",
    "nyc.kind.4": "VP", "nyc.kind.5": "construction", "nyc.kind.6": "wild",
    "nyc.none": "nothing",
    "nyc.black": "the black marker",
    "nyc.ev.setup": "Setup (NYC-7): districts {letters} with score tiles {tiles}; every player has a building "
                    "in start district {start}; press stack from the top: {order}.",
    "nyc.ev.reserve": "{player} drew {cards} face up into the reserve ({rule}).",
    "nyc.ev.start_choice": "{player} chose starting character {number} (NYC-7).",
    "nyc.ev.round": "Round {round} (NYC-8): the mayor moves to district {mayor}; fame tiles {fame} are face up.",
    "nyc.ev.deal": "{count} cards dealt to every hand; the display shows pairs {pairs} (NYC-9).",
    "nyc.ev.draft": "{player} drafted {cards} from pair {slots} (NYC-9).",
    "nyc.ev.swap": "{player} swapped {given} from the hand for {taken} from the reserve (NYC-10).",
    "nyc.ev.play": "{player} played {cards}, worth {value} (NYC-10).",
    "nyc.ev.play_wilds": "{player} dropped on the press track for {value} wild(s) (character 14).",
    "nyc.ev.pass": "{player} passed (NYC-10).",
    "nyc.ev.bid": "{player} bid {value} in the {kind} round (NYC-10).",
    "nyc.ev.bonus": "{player} played the most cards in the {kind} round: +1 and opens the next round (NYC-10).",
    "nyc.ev.gain": "{player} gained {amount} {what} ({rule}).",
    "nyc.ev.hire": "{player} took character {number} with the elevator (NYC-10).",
    "nyc.ev.hire_none": "{player} took no character (NYC-10).",
    "nyc.ev.build": "{player} built in district {district} (from {source}, {rule}).",
    "nyc.ev.fame": "{player} put fame tile {tile} on district {district} and took the vehicle of route {route} "
                   "(NYC-10).",
    "nyc.ev.fame_gone": "Fame tiles {tiles} were not taken and leave the game (NYC-10).",
    "nyc.ev.statue": "{player} has buildings in all six districts: Statue of Liberty, {points} VP (NYC-4).",
    "nyc.ev.ability": "{player} paid 1 dollar onto character {number} and used it (NYC-12).",
    "nyc.ev.draw": "{player} drew {count} card(s) into the hand.",
    "nyc.ev.discard": "{player} discarded {cards} face up.",
    "nyc.ev.discard_display": "The display's leftover pair {cards} is discarded (NYC-9).",
    "nyc.ev.discard_hidden": "{player} discarded {count} hand card(s).",
    "nyc.ev.take_back": "{player} took {cards} into the hand (NYC-12).",
    "nyc.ev.trade": "{player} gave back character {given} and took character {taken} (character 7).",
    "nyc.ev.replace": "{player} replaced a black building in district {district} (character 11).",
    "nyc.ev.press": "{player} moved on the press track from {start} to {end} ({rule}).",
    "nyc.ev.act_last": "{player} will bid last in this bidding round (character 18).",
    "nyc.ev.reshuffle": "The discard pile was shuffled into a new deck.",
    "nyc.ev.game_end": "The game is over (NYC-13): final scores {scores}.",
    "nyc.what.vp": "VP", "nyc.what.dollars": "dollar(s)", "nyc.what.buildings": "building(s) onto the personal board",
    "nyc.what.press": "press space(s)",
    "nyc.source.board": "the personal board", "nyc.source.stock": "the stock", "nyc.source.moved": "district {letter}",
}

STRINGS = {"en": EN}
