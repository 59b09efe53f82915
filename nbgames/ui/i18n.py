"""User-visible strings. Every widget text goes through `t(key, **kw)`.

The kit's own English strings live here by key; each game brings its own table through its
manifest (keys starting with the game's prefix, e.g. "ny."). Translations are in the gettext
catalogues (``nbgames/locale/ja.po``, ``nbgames/<game>/locale/ja.po``) with the English text as
message id; a missing translation falls back to English, so a partial one still works.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from ..i18n import Msg, gettext, localize, ngettext

EN: Mapping[str, str | tuple[str, str]] = MappingProxyType({
    # generic kit
    "app.loading": "Loading the board…",
    "board.drawn": "Board drawn ({n})",
    "seat.name": "Player {n}",
    "seat.human": "human",
    "seat.random": "random bot",
    "seat.greedy": "greedy bot",
    "seat.mcts-easy": "bot (easy)",
    "seat.mcts-normal": "bot (normal)",
    "seat.mcts-hard": "bot (hard)",
    "button.stop_bots": "Stop bots",
    "button.step": "Step",
    "label.rules": "Rules",
    "label.rule_button": "Rule {rule}",
    "button.review": "Review this game",
    "label.review": "Review",
    "label.review_working": "Looking at every move… (up to 20 seconds)",
    "button.review_cancel": "Stop the review",
    "label.review_stopped": "Review stopped. Press “Review this game” to start it again.",
    "label.review_hurried": "The server was busy, so this review looked at some moves less closely than usual.",
    "label.review_costly": "Your costliest moves:",
    "label.review_clean": "No move of yours lost much: well played.",
    "label.review_axis": "winning chance, move by move (0–{moves})",
    "status.bots_stopped": "Bots stopped. Press “Play on” to go on, or “Step” for one move at a time.",
    "button.hint": "Hint",
    "label.hint": "Try {move}.",
    "label.hint_none": "A hint is for your own turn.",
    "label.hint_thinking": "Looking for a good move…",
    "seat.label": "Player {n}",
    "status.to_move": "{player} to move.",
    "status.look": "{player}: look at the board — answer the question above first.",
    "status.look_only": "{player}: look at the board.",  # a lesson with no question up (finished)
    "status.your_turn": "{player}: your turn — {what}",
    "status.bot_thinking": "{player} (bot) is thinking…",
    "status.bots_slowed": "{player} (bot) is waiting its turn to think: the server is busy, so bots think less "
                          "and play a little weaker right now.",
    "status.game_over": "Game over. {winners}",
    "status.winners": "Winner: {names}.",
    "status.winners_many": "Shared win: {names}.",
    "status.illegal": "Not allowed ({rule}): {reason}",
    "status.not_your_turn": "Wait: it is {player}'s turn (a bot).",
    "status.paused": "Bots are paused while you look back in time. Press “Play on” to continue.",
    "status.moved": "{player} played {move}.",
    "status.loaded": ("Loaded a saved game ({moves} move).", "Loaded a saved game ({moves} moves)."),
    "status.load_refused": "That file could not be loaded: {reason}",
    "status.load_too_big": "That file is too large to be a saved game.",
    "status.load_other_game": "That file is a saved game of “{game}”, which has no board here.",
    "status.new_game": "New game: {players} players.",
    "status.new_practice_game": "New practice game: {players} players, seed {seed}. Undo goes back anywhere "
                                "and the seed is shown — handy for learning, but not a fair game.",
    "status.undo_refused": "{reason}",
    "label.practice": "Practice mode (undo anything, show the seed)",
    "label.save_note": "A saved game in progress holds what has happened, not the seed: loading it deals "
                       "the cards nobody has seen yet anew.",
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
    "lesson.show_target": "Click the marked {target}.",
    "label.square": "square {target}",
    "lesson.show_then_choose": "Then choose \u201c{way}\u201d.",
    "lesson.show_control": "Press the marked button \u201c{label}\u201d.",
    "label.seat_you": "you",
    "label.seat_bot": "bot",
    "label.final_score": ("final score: {n} point", "final score: {n} points"),
    "status.click_stale": "(That click came after the position changed: nothing was played. Choose again.)",
    "label.files": "Save, load or share a game",
    "label.resume_offer": "Resume your game (move {ply}, {players} players)?",
    "label.share_note": "The link holds the moves so far, not the seed: whoever opens it sees what has "
                        "been seen, and cards still unseen are dealt anew (no spoilers).",
    "label.share_note_finished": "The game is over, so the link holds its seed: it replays every card.",
    "button.share": "Copy link",
    "button.share_full": "Copy link with the seed (shows every hidden card)",
    "label.share_note_seed": "This link holds the seed: whoever opens it can replay every hidden card, "
                             "the ones still unseen too. Share it only where that spoils nothing.",
    "button.resume_game": "Resume",
    "button.discard_kept": "Start a new game",
    "button.notice_ok": "OK, close this note",
    "status.resumed": ("Welcome back: your game is restored ({moves} move). Bots wait for “Play on”.",
                       "Welcome back: your game is restored ({moves} moves). Bots wait for “Play on”."),
    "status.kept_refused": "Your kept game could not be restored ({reason}). It was set aside; here is a new game.",
    "status.shared_opened": "A shared game, opened at move {moves}. Bots wait for “Play on”.",
    "status.share_refused": "That link could not be opened: {reason}",
    "status.link_copied": "Link copied: paste it anywhere to show this game at this move.",
    "status.link_shown": "Copy the link below to show this game at this move.",
    "page.lost": "The connection to this page's game was lost (the server stopped, or the game's "
                 "engine ended). Reload the page: your game is kept in this browser.",
    "page.reload": "Reload and resume",
    "label.log": "What happened",
    "label.scores": "Scores",
    "label.settings": "New game",
    "label.bot_speed": "Bot speed",
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
    "score.part": ("{what} ({count}): {points} point [{rule}]", "{what} ({count}): {points} points [{rule}]"),
    "score.part_plain": ("{what}: {points} point [{rule}]", "{what}: {points} points [{rule}]"),  # n: the points
    "label.hand": "Your hand, {player}:",
    "label.hand_hidden": "Hand hidden: pass the screen to the next player.",
    "label.reach": "Ways to play here: {ways}",
    "label.reach_none": "Nothing can be played here now.",
    "label.choose_how": "{target} can be played in several ways: choose one below.",
    "gallery.learn": "Learn",
    "gallery.play": "Play",
    "gallery.players": "{lo}–{hi} players",
})

KIT: Mapping[str, Mapping[str, str]] = MappingProxyType({"en": EN})
DEFAULT_LANGUAGE = "en"
_merged: dict[str, str | tuple[str, str]] = {}
_merged_games: tuple[str, ...] = ()


def catalogue() -> Mapping[str, str | tuple[str, str]]:
    """Every keyed English string: the kit's and those of every registered game."""
    global _merged_games
    from ..engine.registry import manifests

    known = manifests()
    names = tuple(m.name for m in known)
    if names != _merged_games or not _merged:  # a game registered since the last call
        _merged.clear()
        _merged.update(KIT["en"])
        for m in known:
            _merged.update(m.catalogue().get("en", {}))
        _merged_games = names
    return _merged


def t(key: str, lang: str | None = None, **kw: object) -> str:
    """The text for `key` in `lang` (default: the page's language), formatted with `kw`.

    The English text is the message id of the gettext catalogues (see nbgames/i18n.py); a
    missing translation shows English, an unknown key the key itself — visible, never a crash.
    A (singular, plural) entry picks its form by the count in `kw` ("n", "count" or the first
    whole number), through the language's plural rule.
    """
    template = catalogue().get(key)
    if template is None:
        return key
    domain = _domains_by_prefix().get(key.partition(".")[0], "nbgames")
    if isinstance(template, tuple):
        template = ngettext(*template, _count(kw), lang, domain)
    else:
        template = gettext(template, lang, domain)
    try:
        return template.format(**{k: localize(v, lang) if isinstance(v, Msg) else v for k, v in kw.items()})
    except (KeyError, IndexError, ValueError):
        return template


def _domains_by_prefix() -> dict[str, str]:
    """A key's prefix ("ny") to its game's catalogue ("newyork")."""
    from ..engine.registry import manifests

    return {m.prefix: m.name for m in manifests() if m.prefix}


def _count(kw: Mapping[str, object]) -> int:
    for value in (kw.get("n"), kw.get("count"), *kw.values()):
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return 1


def player_name(seat: int | None, lang: str | None = None) -> str:
    """"Player 3" for seat 2 ("?" for nobody)."""
    return "?" if seat is None else t("seat.name", lang, n=seat + 1)
