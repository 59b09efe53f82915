"""Sealed states: what a play page keeps or saves for a game in progress, unreadable in the browser.

A page keeps its game in the visitor's browser (local storage), offers it as a file (Save) and
as a link (Copy link). While a game runs, that state — the record with every outcome chance has
revealed to any seat, bots' cards included, and who sits where — would tell a human seat what it
may not see. So the server seals it: AES-GCM (authenticated encryption, `cryptography`) with a
key only the server holds. The browser keeps and carries an opaque box; only this server (or any
server sharing its key file) opens it, and any change to it — a byte, the seats, the game's
name — makes it refused. Sealing keeps every seat's secret exact: a resumed game is the same
game (the bots keep their cards), and one mechanism serves all games, storage, files and links.

The box is JSON: ``{"format": "nbgames-sealed", "version": 1, "game": <name>, "sealed": <text>}``
where ``sealed`` is base64url(nonce ‖ AES-GCM(zlib(JSON of the state))), and the format, version
and game name (in the clear, so a page can say "this is a game of …") are authenticated as
associated data.

The key: 32 random bytes in a file that survives restarts, ``$NBGAMES_KEY_FILE`` or
``<jupyter data dir>/nbgames/seal.key``; created once (mode 0600, linked into place so racing
kernels agree on one key). The server and its kernels run as one user and read the same file.
If the file cannot be read or made, this process seals with a key of its own (said once in a
warning): nothing leaks, but what it kept does not open after a restart.
"""

from __future__ import annotations

import base64
import binascii
import json
import os
import secrets
import tempfile
import threading
import warnings
import zlib
from pathlib import Path
from typing import Any

from ..i18n import msg
from .errors import RecordError

SEALED_FORMAT = "nbgames-sealed"
SEALED_VERSION = 1
KEY_ENV = "NBGAMES_KEY_FILE"
KEY_BYTES = 32
NONCE_BYTES = 12
MAX_SEALED_BYTES = 4_000_000  # as large as a record may be (engine/game.py MAX_RECORD_BYTES)
_KEYS: dict[str, bytes] = {}
_LOCK = threading.Lock()


def key_path() -> Path:
    """Where the sealing key is kept: ``$NBGAMES_KEY_FILE``, else the Jupyter data folder."""
    given = os.environ.get(KEY_ENV)
    if given:
        return Path(given).expanduser()
    from jupyter_core.paths import jupyter_data_dir

    return Path(jupyter_data_dir()) / "nbgames" / "seal.key"


def key(path: Path | str | None = None) -> bytes:
    """The sealing key (read once per process, made on first use)."""
    path = Path(path) if path is not None else key_path()
    name = str(path)
    with _LOCK:
        found = _KEYS.get(name)
        if found is None:
            try:
                found = _read_or_make(path)
            except OSError as exc:
                warnings.warn(f"nbgames: the sealing key file {path} cannot be read or made ({exc}); "
                              "games kept in browsers now open only until this process ends", stacklevel=2)
                found = secrets.token_bytes(KEY_BYTES)
            _KEYS[name] = found
        return found


def _read_or_make(path: Path) -> bytes:
    """The key in `path`; made (complete, 0600) and linked into place if there is none: whoever
    links first wins, and everyone then reads that one."""
    try:
        return _read(path)
    except FileNotFoundError:
        pass
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=".seal-", dir=path.parent)  # mode 0600
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(secrets.token_bytes(KEY_BYTES))
            out.flush()
            os.fsync(out.fileno())
        try:
            os.link(temporary, path)  # fails if another process was first: then use theirs
        except FileExistsError:
            pass
    finally:
        os.unlink(temporary)
    return _read(path)


def _read(path: Path) -> bytes:
    data = path.read_bytes()
    if len(data) != KEY_BYTES:
        raise OSError(f"it holds {len(data)} bytes, not a {KEY_BYTES}-byte key")
    return data


def _associated(game: str) -> bytes:
    return json.dumps([SEALED_FORMAT, SEALED_VERSION, game]).encode("utf-8")


def _aead(secret: bytes | None):
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM  # imported when first needed

    return AESGCM(secret if secret is not None else key())


def seal(data: Any, game: str, *, secret: bytes | None = None) -> str:
    """`data` (JSON-safe) sealed for `game`, as the box's JSON text."""
    plain = zlib.compress(json.dumps(data, separators=(",", ":")).encode("utf-8"), 9)
    nonce = secrets.token_bytes(NONCE_BYTES)
    box = nonce + _aead(secret).encrypt(nonce, plain, _associated(game))
    return json.dumps({"format": SEALED_FORMAT, "version": SEALED_VERSION, "game": game,
                       "sealed": base64.urlsafe_b64encode(box).decode("ascii").rstrip("=")},
                      separators=(",", ":"))


def is_sealed(data: Any) -> bool:
    """Whether parsed JSON claims to be a sealed box (it may still fail to open)."""
    return isinstance(data, dict) and data.get("format") == SEALED_FORMAT


def sealed_game(data: Any) -> str | None:
    """The game name a sealed box says it holds (in the clear), or None."""
    game = data.get("game") if is_sealed(data) else None
    return game if isinstance(game, str) else None


def unseal(data: Any, game: str | None = None, *, secret: bytes | None = None) -> Any:
    """What a sealed box (parsed JSON, or its text) holds; RecordError with a plain sentence if
    it is damaged, changed, sealed by another server's key, or of another game than `game`."""
    if isinstance(data, (str, bytes, bytearray)):
        if len(data) > MAX_SEALED_BYTES:
            raise RecordError(msg("This sealed game is too large."))
        try:
            data = json.loads(data)
        except (ValueError, RecursionError):
            raise RecordError(msg("This sealed game is damaged (not valid JSON).")) from None
    if not is_sealed(data) or set(data) != {"format", "version", "game", "sealed"}:
        raise RecordError(msg("This is not a sealed game."))
    if data["version"] != SEALED_VERSION or type(data["version"]) is not int:
        raise RecordError(msg("This sealed game comes from a version of nbgames that this one cannot open."))
    name, text = data["game"], data["sealed"]
    if not isinstance(name, str) or not isinstance(text, str) or len(text) > MAX_SEALED_BYTES:
        raise RecordError(msg("This sealed game is damaged."))
    if game is not None and name != game:
        raise RecordError(msg("This sealed game is of another game than this page's."))
    try:
        box = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise RecordError(msg("This sealed game is damaged.")) from None
    if len(box) < NONCE_BYTES + 16:
        raise RecordError(msg("This sealed game is damaged."))
    from cryptography.exceptions import InvalidTag

    try:
        plain = _aead(secret).decrypt(box[:NONCE_BYTES], box[NONCE_BYTES:], _associated(name))
    except InvalidTag:
        raise RecordError(msg("This sealed game was changed, or sealed by another server: it cannot be "
                              "opened here.")) from None
    try:  # (only a holder of the key could seal anything odd here)
        inflate = zlib.decompressobj()
        text = inflate.decompress(plain, MAX_SEALED_BYTES)
        complete = inflate.eof and not inflate.unconsumed_tail
        data = json.loads(text.decode("utf-8")) if complete else None
    except (zlib.error, UnicodeDecodeError, ValueError, RecursionError):
        raise RecordError(msg("This sealed game is damaged.")) from None
    if not complete:
        raise RecordError(msg("This sealed game is too large."))
    return data
