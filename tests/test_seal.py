"""Sealed states (nbgames/engine/seal.py): what a play page keeps or saves of a game in progress is
an authenticated box only the server's key opens; any change, another key or another game is
refused with a sentence; the key is one file, made once (0600) and the same for racing processes.

(The session's key is a file of its own: tests/conftest.py points NBGAMES_KEY_FILE at it.)
"""

from __future__ import annotations

import base64
import json
import os
import stat
import subprocess
import sys

import pytest

from nbgames import RecordError
from nbgames.engine import seal as sealing
from nbgames.engine.seal import KEY_BYTES, is_sealed, seal, sealed_game, unseal

STATE = {"record": {"actions": ["C3"], "chance": ["A", "2", "B", "1"]}, "seats": ["human", "random"], "shown": 1}


def box(text: str) -> dict:
    return json.loads(text)


def test_a_sealed_state_opens_exactly_and_shows_nothing_in_the_clear():
    text = seal(STATE, "newyork")
    data = box(text)
    assert set(data) == {"format", "version", "game", "sealed"} and is_sealed(data)
    assert sealed_game(data) == "newyork"
    assert unseal(text, "newyork") == unseal(data) == STATE
    for clear in ("record", "chance", "seats", "human", "random"):  # (5+ letters: never by chance in base64)
        assert clear not in text
    raw = base64.urlsafe_b64decode(data["sealed"] + "=" * (-len(data["sealed"]) % 4))
    assert b'"C3"' not in raw and b"record" not in raw  # the box's bytes hold no plain JSON either
    assert seal(STATE, "newyork") != text  # a fresh nonce each time: equal states look different


def flip(data: dict, at: int) -> dict:
    raw = bytearray(base64.urlsafe_b64decode(data["sealed"] + "=" * (-len(data["sealed"]) % 4)))
    raw[at] ^= 1
    return {**data, "sealed": base64.urlsafe_b64encode(bytes(raw)).decode().rstrip("=")}


@pytest.mark.parametrize("change, words", [
    (lambda d: flip(d, 0), "changed, or sealed by another server"),  # the nonce
    (lambda d: flip(d, 20), "changed, or sealed by another server"),  # the ciphertext
    (lambda d: flip(d, -1), "changed, or sealed by another server"),  # the tag
    (lambda d: {**d, "sealed": d["sealed"][:-10]}, "changed, or sealed by another server"),  # truncated
    (lambda d: {**d, "sealed": d["sealed"][:8]}, "damaged"),
    (lambda d: {**d, "sealed": "!!!not base64!!!"}, "damaged"),
    (lambda d: {**d, "sealed": 5}, "damaged"),
    (lambda d: {**d, "game": "galopp_royal"}, "changed, or sealed by another server"),  # the name is signed
    (lambda d: {**d, "seats": ["human", "human"]}, "not a sealed game"),  # the edit-the-seats try
    (lambda d: {**d, "version": 2}, "version"),
    (lambda d: {**d, "version": True}, "version"),
    (lambda d: {k: v for k, v in d.items() if k != "game"}, "not a sealed game"),
])
def test_a_changed_box_is_refused_with_a_sentence(change, words):
    data = change(box(seal(STATE, "newyork")))
    with pytest.raises(RecordError, match=words):
        unseal(json.dumps(data))


def test_another_servers_key_and_another_game_are_refused():
    text = seal(STATE, "newyork", secret=bytes(KEY_BYTES))
    with pytest.raises(RecordError, match="sealed by another server"):
        unseal(text)
    assert unseal(text, secret=bytes(KEY_BYTES)) == STATE
    with pytest.raises(RecordError, match="another game"):
        unseal(seal(STATE, "newyork"), "galopp_royal")


@pytest.mark.parametrize("junk", ["", "{", "[]", "null", json.dumps({"format": "nbgames-record"}), "x" * 5_000_000])
def test_junk_is_not_a_sealed_game(junk):
    with pytest.raises(RecordError):
        unseal(junk)


def test_a_bomb_inside_a_valid_seal_stops_at_the_limit():
    import zlib

    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    plain = zlib.compress(b" " * 6_000_000 + b"1", 9)  # only the key's holder could seal this
    nonce = b"\x00" * 12
    sealed = nonce + AESGCM(sealing.key()).encrypt(nonce, plain, sealing._associated("newyork"))
    data = {"format": "nbgames-sealed", "version": 1, "game": "newyork",
            "sealed": base64.urlsafe_b64encode(sealed).decode()}
    with pytest.raises(RecordError, match="too large"):
        unseal(data)


def test_the_key_is_a_private_file_that_survives_and_is_reused(tmp_path):
    path = tmp_path / "deep" / "seal.key"
    first = sealing._read_or_make(path)
    assert len(first) == KEY_BYTES and path.read_bytes() == first
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert sealing._read_or_make(path) == first  # a restarted server reads the same key
    assert [p.name for p in path.parent.iterdir()] == ["seal.key"]  # no temporary file left


def test_racing_processes_agree_on_one_key(tmp_path):
    """Kernels starting at once (a class arriving) make the key together: all use the one linked
    into place first."""
    path = tmp_path / "seal.key"
    code = ("import sys; from nbgames.engine.seal import key; "
            "sys.stdout.write(key().hex())")
    env = {**os.environ, "NBGAMES_KEY_FILE": str(path)}
    procs = [subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, env=env) for _ in range(8)]
    keys = {proc.communicate(timeout=60)[0].decode() for proc in procs}
    assert keys == {path.read_bytes().hex()}


def test_a_bad_key_file_is_not_overwritten_and_nothing_leaks(tmp_path, monkeypatch):
    path = tmp_path / "seal.key"
    path.write_bytes(b"short")
    monkeypatch.setenv("NBGAMES_KEY_FILE", str(path))
    monkeypatch.setattr(sealing, "_KEYS", {})
    with pytest.warns(UserWarning, match="cannot be read or made"):
        secret = sealing.key()
    assert len(secret) == KEY_BYTES and path.read_bytes() == b"short"
    text = seal(STATE, "newyork")  # sealed all the same, with this process's own key
    assert "chance" not in text and unseal(text) == STATE


def test_the_key_file_comes_from_the_environment_or_the_jupyter_data_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("NBGAMES_KEY_FILE", str(tmp_path / "k"))
    assert sealing.key_path() == tmp_path / "k"
    monkeypatch.delenv("NBGAMES_KEY_FILE")
    from jupyter_core.paths import jupyter_data_dir

    assert sealing.key_path() == sealing.Path(jupyter_data_dir()) / "nbgames" / "seal.key"
