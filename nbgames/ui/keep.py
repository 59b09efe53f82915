"""Nothing lost: what a page keeps in the visitor's browser and what a shared link carries.

Pure functions (no widgets), so every check runs without a browser. Everything read back comes
from the browser — a visitor can edit it, a link can be forged — so it is validated like any
record: JSON only (never unpickled or evaluated), sizes bounded, every move replayed by the rules.

- a play page keeps ``{"record": …, "seats": […], "shown": ply}`` (`game_state` / `read_game_state`),
  and ``"practice": true`` for a practice game (kept with its seed: it comes back a practice game
  with the same cards to come);
  what it emits — to local storage, as a saved file, in a link — is `kept_state`: while a fair
  game runs, that state sealed by the server (`engine/seal.py`: the record holds every outcome
  chance revealed to any seat, bots' cards included, so no human seat may read it); a finished
  game (nothing left hidden: its record has its seed) and a practice game (its seed is shown
  anyway) are kept plain;
- a lesson page keeps ``{"done": [lesson ids], "lesson": index, "step": index}``;
- a shared link is ``#share=`` + base64url(zlib(the play page's kept state)).

Read back, a sealed state must open with this server's key, unchanged, for this page's game; a
plain state still loads (whoever holds it holds nothing the page has not shown them).
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from dataclasses import dataclass
from typing import Any

from ..engine.bots import current_kind
from ..engine.errors import RecordError
from ..engine.game import MAX_RECORD_BYTES, Game, from_record
from ..engine.seal import is_sealed, seal, sealed_game, unseal

SHARE_PREFIX = "#share="
MAX_STATE_BYTES = MAX_RECORD_BYTES


@dataclass
class PlayState:
    """A play page's state read back: the game at the move shown, who sits where."""

    game: Game
    seats: list[str]
    shown: int


def game_state(game: Game, seats: list[str], *, with_seed: bool = False) -> str:
    """The play page's state as JSON text: the record, the seats and the move shown. The record
    never holds the seed of a game in progress (unseen cards stay unseen), unless `with_seed`:
    then it replays every card exactly (a practice game, whose seed is shown anyway)."""
    record = game.to_record()
    if with_seed and not game.is_over:
        record.pop("chance", None)
        record["seed"] = game.seed
    state = {"record": record, "seats": list(seats), "shown": game.ply}
    if game.practice:
        state["practice"] = True
    return json.dumps(state, separators=(",", ":"))


def needs_seal(game: Game) -> bool:
    """Whether what a page emits for `game` must be sealed: a fair game in progress. (A
    finished game hides nothing; a practice game shows its seed, which tells every card.)"""
    return not game.is_over and not game.practice


def kept_state(game: Game, seats: list[str], *, with_seed: bool = False) -> str:
    """What a play page keeps in the browser, saves to a file or puts in a link: `game_state`,
    sealed by the server while a fair game runs (`needs_seal`)."""
    text = game_state(game, seats, with_seed=with_seed)
    return seal(json.loads(text), game.name) if needs_seal(game) else text


def read_game_state(text: Any, seat_kinds: tuple[str, ...], game_name: str | None = None) -> PlayState:
    """A play page's state from `game_state` text, replayed and checked; RecordError (with a
    sentence for the visitor) when anything is off. A sealed state (`kept_state`) is opened
    with this server's key first; changed in any way, it is refused."""
    data = _json_object(text)
    if is_sealed(data):
        other = sealed_game(data)
        if game_name is not None and other is not None and other != game_name:
            raise RecordError(_other_game(other))
        data = unseal(data, game_name)
        if not isinstance(data, dict):
            raise RecordError("This is not a game kept by this page.")
    if set(data) - {"practice"} != {"record", "seats", "shown"} or data.get("practice", True) is not True:
        raise RecordError("This is not a game kept by this page.")
    game = from_record(data["record"])
    game.practice = "practice" in data  # (whoever edits a plain state holds nothing the page has not shown)
    if game_name is not None and game.name != game_name:
        raise RecordError(_other_game(game.name))
    seats, shown = data["seats"], data["shown"]
    if isinstance(seats, list):
        seats = [current_kind(s) for s in seats]  # a game kept before a bot kind was renamed
    if not isinstance(seats, list) or len(seats) != game.players or not all(s in seat_kinds for s in seats):
        raise RecordError("The kept seats do not fit this game.")
    if type(shown) is not int or not 0 <= shown <= game.ply:
        raise RecordError("The kept move number does not fit this game.")
    return PlayState(game, seats, shown)


def _other_game(name: str) -> str:
    from ..engine.registry import manifest

    try:
        title = manifest(name).title
    except ValueError:
        title = name[:40]
    return f"This is a game of “{title}”, not of this page's game."


def lesson_state(done: list[str], lesson: int, step: int) -> str:
    return json.dumps({"done": list(done), "lesson": lesson, "step": step}, separators=(",", ":"))


def read_lesson_state(text: Any, lesson_ids: list[str], steps: list[int]) -> tuple[list[str], int, int]:
    """(lessons done, current lesson, current step) from `lesson_state` text, checked against
    the page's lessons (`steps[i]`: how many steps lesson i has); RecordError otherwise."""
    data = _json_object(text)
    done, lesson, step = data.get("done"), data.get("lesson"), data.get("step")
    if set(data) != {"done", "lesson", "step"} or not isinstance(done, list) \
            or not all(isinstance(d, str) and d in lesson_ids for d in done):
        raise RecordError("This is not lesson progress kept by this page.")
    if type(lesson) is not int or not 0 <= lesson < len(lesson_ids) \
            or type(step) is not int or not 0 <= step <= steps[lesson]:
        raise RecordError("The kept lesson and step do not fit these lessons.")
    return list(dict.fromkeys(done)), lesson, step


def share_fragment(state_text: str) -> str:
    """The ``#share=…`` part of a link carrying a play page's state, compact enough to paste."""
    packed = zlib.compress(state_text.encode("utf-8"), 9)
    return SHARE_PREFIX + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def read_share(fragment: Any) -> str | None:
    """The state text a ``#share=…`` fragment carries; None if the fragment shares nothing;
    RecordError if it is damaged or too large (a decompression bomb stops at the limit)."""
    if not isinstance(fragment, str) or not fragment.startswith(SHARE_PREFIX):
        return None
    code = fragment[len(SHARE_PREFIX):]
    if len(code) > MAX_STATE_BYTES:
        raise RecordError("This link is too long to be a shared game.")
    try:
        packed = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
        inflate = zlib.decompressobj()
        text = inflate.decompress(packed, MAX_STATE_BYTES)
        if inflate.unconsumed_tail or not inflate.eof:
            raise RecordError("This link is damaged or too large to be a shared game.")
        return text.decode("utf-8")
    except (binascii.Error, ValueError, zlib.error, UnicodeDecodeError):
        raise RecordError("This link is damaged: it does not hold a shared game.") from None


def _json_object(text: Any) -> dict:
    if not isinstance(text, str) or len(text) > MAX_STATE_BYTES:
        raise RecordError("What was kept is not a saved state.")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise RecordError("What was kept is damaged (not valid JSON).") from None
    if not isinstance(data, dict):
        raise RecordError("What was kept is not a saved state.")
    return data
