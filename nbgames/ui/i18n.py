"""User-visible strings. Every widget text goes through `t(key, **kw)`.

Adding a language is adding one dict to `CATALOGUES` (e.g. ``"ja": {...}``); missing keys fall
back to English, so a partial translation still works.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

EN: Mapping[str, str] = MappingProxyType({
    # generic kit
    "app.loading": "Loading the board…",
    "board.drawn": "Board drawn ({n})",
    "seat.name": "Player {n}",
    "seat.human": "human",
    "seat.random": "random bot",
    "seat.label": "Player {n}",
    "status.to_move": "{player} to move.",
    "status.your_turn": "{player}: your turn — {what}",
    "status.bot_thinking": "{player} (bot) is thinking…",
    "status.game_over": "Game over. {winners}",
    "status.winners": "Winner: {names}.",
    "status.winners_many": "Shared win: {names}.",
    "status.illegal": "Not allowed ({rule}): {reason}",
    "status.not_your_turn": "Wait: it is {player}'s turn (a bot).",
    "status.paused": "Bots are paused while you look back in time. Press “Play on” to continue.",
    "status.moved": "{player} played {move}.",
    "status.loaded": "Loaded a saved game ({moves} moves).",
    "status.load_refused": "That file could not be loaded: {reason}",
    "status.load_too_big": "That file is too large to be a saved game.",
    "status.load_other_game": "That file is a saved game of “{game}”, which has no board here.",
    "status.new_game": "New game: {players} players, seed {seed}.",
    "status.bad_settings": "These settings do not make a game: {reason}",
    "button.undo": "Undo",
    "button.redo": "Redo",
    "button.resume": "Play on",
    "button.save": "Save game",
    "button.load": "Load game",
    "button.new_game": "New game",
    "button.reveal": "I am {player} — show my cards",
    "button.play_selected": "Play",
    "label.timeline": "Move",
    "label.players": "Players",
    "label.seed": "Seed",
    "label.seed_placeholder": "random",
    "label.moves": "All legal moves",
    "label.log": "What happened",
    "label.scores": "Scores",
    "label.settings": "New game",
    "label.bot_speed": "Bots",
    "label.bot_speed.slow": "slow",
    "label.bot_speed.normal": "normal",
    "label.bot_speed.fast": "fast",
    "label.save_link": "Download {name}",
    "hotseat.pass": "Pass the device to {player}. The previous player's cards are hidden.",
    "timeline.position": "Move {ply} of {total}",
    "score.seat": "Player",
    "score.colour": "Colour",
    "score.total": "Total",
    "score.winner": "winner",
    "gallery.title": "nbgames — learn board games by playing them",
    "gallery.intro": "Pick a game. “Learn” walks you through the rules step by step; “Play” is a "
                     "full game against friends (hot-seat) or bots.",
    "gallery.learn": "Learn",
    "gallery.play": "Play",
    "gallery.players": "{lo}–{hi} players",
    # New York
    "ny.title": "New York",
    "ny.blurb": "Sackson & Kübler, 1995. Play a red and a blue road card to build on a block of "
                "Manhattan; evict rivals for a fee; grow the largest district.",
    "ny.option.action_cards": "Action cards (V1)",
    "ny.option.colour_choice": "Choose colours (V2)",
    "ny.option.teams": "Teams 0+2 vs 1+3 (V4, 4 players)",
    "ny.what.setup": "place a setup piece on a highlighted square (NY-5).",
    "ny.what.pick": "choose your colour (V2).",
    "ny.what.main": "click a highlighted square to play a pair of cards (NY-9).",
    "ny.what.noplay": "no pair is playable: press “No play” (NY-13).",
    "ny.what.fill": "fill one of the emptied squares (action card).",
    "ny.what.remove": "remove one of your pieces (action card).",
    "ny.square": "{name}: {avenue} × {street}",
    "ny.empty": "empty",
    "ny.owned": "{colour} piece of {player}",
    "ny.fee": "eviction fee {fee} (NY-11: min({row} on the avenue, {col} on the street))",
    "ny.reach": "Your ways to play here: {ways}",
    "ny.reach_none": "None of your legal moves names this square.",
    "ny.choose_how": "Several moves reach {name}. Choose one:",
    "ny.no_pair": "No pair in your hand names {name} (NY-9).",
    "ny.pair": "red {red} + blue {blue}",
    "ny.joker_red": "red joker as {line}",
    "ny.joker_blue": "blue joker as {line}",
    "ny.with_fee": "{how}, pay {fee} chips to {owner} (NY-11)",
    "ny.returns": "{how}, your piece goes back to your supply (NY-10)",
    "ny.colour_suffix": "{how} — place {colour}",
    "ny.place": "place here",
    "ny.remove": "remove your piece here",
    "ny.hand": "Your hand ({player})",
    "ny.hand_hidden": "Cards hidden",
    "ny.hand_counts": "{player}: {red} red / {blue} blue cards, {chips} chips, {supply} pieces left",
    "ny.deck": "Draw pile {deck}, discard pile {discard}",
    "ny.stop_armed": "STOP cards are in the discard pile (NY-15): the game ends when one is drawn.",
    "ny.stop_drawn": "{player} drew STOP: the game ends at once (NY-16).",
    "ny.noplay": "No play (NY-13)",
    "ny.pick": "Pick {colour}",
    "ny.action.sanierung": "Sanierung: clear the 5 central squares",
    "ny.action.ruine": "Ruine: clear the 4 corners",
    "ny.action.spekulation": "Spekulation on {player}",
    "ny.action.statik": "Statik on {line}",
    "ny.action.baulowe": "Baulöwe: take the piece on {name}",
    "ny.action.target": " ({player} removes)",
    "ny.back.r": "red-backed",
    "ny.back.b": "blue-backed",
    "ny.ev.setup": "{player} placed a {colour} setup piece on {name} (NY-4).",
    "ny.ev.colours": "Colour cards dealt (NY-6): {pairs}.",
    "ny.ev.draw": "{player} drew {n} card(s) (NY-9).",
    "ny.ev.place": "{player} placed {colour} on {name}.",
    "ny.ev.evict": "{player} evicted {colour} from {name} and paid {fee} chips (NY-10, NY-11).",
    "ny.ev.return": "{player} took their {colour} piece back from {name} (NY-10).",
    "ny.ev.noplay": "{player} could not play and discarded {cards} (NY-13).",
    "ny.ev.reshuffle": "The discard pile was shuffled into a new draw pile (NY-14).",
    "ny.ev.stop_armed": "4 or fewer squares are empty: both STOP cards go to the discard pile (NY-15).",
    "ny.ev.stop": "{player} drew a STOP card: the game ends (NY-16).",
    "ny.ev.pick": "{player} chose {colour} (V2).",
    "ny.ev.action_card": "{player} played the action card {kind} (V1).",
    "ny.ev.removed": "{player} removed their {colour} piece from {name} (V1).",
    "ny.ev.other": "{text}",
    "ny.score.largest": "largest group ×2",
    "ny.score.others": "other pieces ×1",
    "ny.score.chips": "chips ×1",
    "ny.score.group_squares": "largest group: {squares}",
    "ny.colour.red": "red", "ny.colour.blue": "blue", "ny.colour.yellow": "yellow",
    "ny.colour.green": "green", "ny.colour.black": "black",
})

CATALOGUES: Mapping[str, Mapping[str, str]] = MappingProxyType({"en": EN})
DEFAULT_LANGUAGE = "en"


def t(key: str, lang: str = DEFAULT_LANGUAGE, **kw: object) -> str:
    """The text for `key` in `lang` (English if missing), formatted with `kw`.

    An unknown key returns the key itself, so a missing string is visible, never a crash.
    """
    template = CATALOGUES.get(lang, EN).get(key) or EN.get(key)
    if template is None:
        return key
    try:
        return template.format(**kw)
    except (KeyError, IndexError, ValueError):
        return template
