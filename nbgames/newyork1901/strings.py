"""New York 1901's own strings, by language (English for now). Keys start with "ny1901."."""

from __future__ import annotations

EN = {
    "ny1901.title": "New York 1901",
    "ny1901.option.characters": "Characters: choose or deal",
    "ny1901.card.boom": "Construction Boom",
    "ny1901.card.shift": "Market Shift",
    "ny1901.card.grab": "Land Grab",
    "ny1901.challenge.gold_tycoon": "Gold Tycoon",
    "ny1901.challenge.master_architect": "Master Architect",
    "ny1901.challenge.gold_prestige": "Gold Prestige",
    "ny1901.challenge.bronze_baron": "Bronze Baron",
    "ny1901.challenge.generation_king": "Generation King",
    "ny1901.tier.bronze": "bronze", "ny1901.tier.silver": "silver", "ny1901.tier.gold": "gold",
    "ny1901.tier.legendary": "legendary",
    "ny1901.reason.tiles": "only {n} unbuilt skyscrapers left",
    "ny1901.reason.market": "the market can no longer be refilled",
    "ny1901.ev.setup": "Avenue bonus cards: {avenues}; challenge card: {challenge} (NY1901-4).",
    "ny1901.ev.market": "Open market: {cards}.",
    "ny1901.ev.character": "{player} chose the {district} character and its starting lot {lot} (NY1901-4).",
    "ny1901.ev.character_dealt": "{player} was dealt the {district} character and its starting lot {lot} (NY1901-4).",
    "ny1901.ev.acquire": "{player} took the {card} card and put a worker on lot {lot} (NY1901-5).",
    "ny1901.ev.grab": "{player} grabbed lot {lot} with the {card} card (Land Grab, NY1901-8).",
    "ny1901.ev.build": "{player} built {tile} ({tier}) on {cells} for {vp} VP (NY1901-5).",
    "ny1901.ev.build_back": "{player} built {tile} ({tier}) on {cells} for {vp} VP; {n} worker(s) went home "
                            "(NY1901-5).",
    "ny1901.ev.prestige": "{player} scored {vp} VP for Gold Prestige (NY1901-12).",
    "ny1901.ev.unlock": "{player} reached {vp} VP: {tier} buildings unlocked (NY1901-5).",
    "ny1901.ev.demolish": "{player} demolished {tile} on {cells} (NY1901-6).",
    "ny1901.ev.worker_placed": "{player} put a worker on lot {lot}, left with no building (NY1901-6).",
    "ny1901.ev.recall": "{player} took the worker back from lot {lot}; the {card} card went under the "
                        "draw pile (NY1901-7).",
    "ny1901.ev.action_card": "{player} played {card} (NY1901-8).",
    "ny1901.ev.pass": "{player} could take no action and passed (NY1901-7).",
    "ny1901.ev.turn_end": "{player}'s turn ends.",
    "ny1901.ev.end_trigger": "{player} triggered the end: {reason}. Everyone gets one last turn, {player} "
                             "last (NY1901-9).",
    "ny1901.ev.game_end": "The game is over. Scores: {scores}. {winners}",
    "ny1901.winner": "Winner: {names}.",
    "ny1901.winners": "Shared win: {names}.",
    "ny1901.score.buildings": "buildings (NY1901-5)",
    "ny1901.score.gold_prestige": "Gold Prestige during play (NY1901-12)",
    "ny1901.score.avenue": "{avenue} bonus (NY1901-10)",
    "ny1901.score.unused_action_cards": "unused action cards (NY1901-11)",
    "ny1901.score.challenge": "{challenge} (NY1901-12)",
}

STRINGS = {"en": EN}
