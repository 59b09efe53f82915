"""Hidden information stays hidden on the page: what the browser receives, frame by frame.

A page knows only what reaches it over its kernel websocket. These tests record every frame the
page receives (Playwright's ``framereceived``), decode it (the v1 kernel protocol, see
tests/serve/kernel_client.py) and search it for what the human at seat 0 may not know:

- whole games against random bots (New York, Galopp Royal, 3 players each): the game's seed
  (the 63-bit number that tells every hidden card) never reaches the page before the game is
  over, nor does any 12-digit number; the finished game's record (it holds the seed) rebuilds
  the game offline, and for every position the exact HTML of each bot's hand, the words of
  each bot's card-spending moves and Galopp's private auction cards of each bot are searched
  for in every frame;
- what the page keeps and saves (issue #26): a record of a game in progress lists every outcome
  chance revealed to any seat, the bots' hands included, so while a game runs no frame, no
  local storage, no saved file and no link may hold one readable — only boxes the server sealed
  (nbgames/engine/seal.py; the tests hold the server's key, NBGAMES_KEY_FILE, so they open them
  and check that a save replays the past exactly and deals the unseen cards anew on each load).
  Every game with a play page is read so; and an edited kept state (the seats made human, as the
  leak was found) is refused without showing Player 2's hand;
- hot-seat (New York, 3 humans): while the "pass the device" screen is up the page shows no
  information, choices, moves or cards, and the frames of that time hold no hand of any seat.

The checkers are pure functions over decoded frames; `test_the_checkers_catch_leaks` (no browser)
feeds them synthetic frames that leak, so a checker that finds nothing is known to be able to find
something. The page tests are marked `browser`.
"""

from __future__ import annotations

import base64
import bisect
import json
import random
import re
import sys
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import nbgames
from nbgames.engine.errors import RecordError
from nbgames.engine.seal import is_sealed, seal, unseal
from nbgames.testing import goto_drawn
from nbgames.ui.i18n import t
from nbgames.ui.keep import game_state, read_share, share_fragment

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "serve"))
from kernel_client import pack_v1, unpack_v1  # noqa: E402

browser = pytest.mark.browser

HUMAN = 0
# Moves whose words name the cards their player holds (New York: pairs and the action cards).
SECRET_KINDS = {"newyork": {"pair", "sanierung", "ruine", "spekulation", "baulowe", "statik"},
                "galopp_royal": set()}
MODEL_ID = re.compile(r"(?:IPY_MODEL_)?[0-9a-f]{32}|[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}")
DATA_URL = re.compile(r"data:application/json;base64,([A-Za-z0-9+/=]+)")
SHARE_LINK = re.compile(r"#share=[A-Za-z0-9_-]+")
PLAY_GAMES = ["newyork", "galopp_royal", "newyork1901", "newyork_city"]
LONG_NUMBER = re.compile(r"\d{12,}")
CHIPS = re.compile(r"<div class='nbg-cards'>.*?</div>")
PRIVATE = re.compile(r"<span class='nbg-private'>.*?</span>")
# Galopp's auction panel: another seat's cards are shown face down ("?" chips) only.
OTHERS = re.compile(r"Player (\d+): (\d+) cards? face down ?(.*?)(?=<br>|$)")


# -- frames ------------------------------------------------------------------------------------
@dataclass
class Frame:
    """One received websocket frame: its decoded text content, and the whole frame's bytes (the
    binary canvas buffers included: a seed is searched for there too)."""

    index: int
    texts: list[str]
    raw: bytes = b""

    @property
    def joined(self) -> str:
        return "\x00".join(self.texts)


def content_strings(value: Any) -> Iterable[str]:
    """Every string and whole number in a message's JSON content (dict keys included)."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from content_strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from content_strings(item)
    elif isinstance(value, str):
        yield value
    elif isinstance(value, int) and not isinstance(value, bool):
        yield str(value)


def decode(index: int, payload: bytes | str) -> Frame:
    """A frame's text content: the JSON content's strings without the widget and comm ids (random
    hex that would look like long numbers), plus the JSON of any saved-game data URL and the
    state any ``#share=`` link in it carries."""
    raw = payload if isinstance(payload, bytes) else payload.encode()
    msg = unpack_v1(payload) if isinstance(payload, bytes) else json.loads(payload)
    texts = [MODEL_ID.sub("#", text) for text in content_strings(msg["content"])]
    texts += [base64.b64decode(data).decode("utf-8", "replace")
              for text in list(texts) for data in DATA_URL.findall(text)]
    texts += [shared for text in list(texts) for link in SHARE_LINK.findall(text) if (shared := opened_link(link))]
    return Frame(index, texts, raw)


def opened_link(fragment: str) -> str | None:
    try:
        return read_share(fragment)
    except RecordError:
        return None


def synthetic(index: int, *texts: str, buffer: bytes = b"") -> Frame:
    """A frame as the kernel would send it: a widget update with `texts` (for the checkers' test)."""
    msg = {"header": {"msg_id": "a1" * 16, "msg_type": "comm_msg"}, "parent_header": {}, "metadata": {},
           "content": {"comm_id": "0123456789ab" * 2 + "cdefcdef",
                       "data": {"method": "update", "state": {"value": list(texts)}}}}
    return decode(index, pack_v1("iopub", msg, [buffer] if buffer else []))


# -- the checkers ------------------------------------------------------------------------------
def seed_hits(frames: Iterable[Frame], seed: int) -> list[int]:
    """Frames holding the seed in decimal, anywhere (text, decoded saves, binary buffers)."""
    text = str(seed)
    return [f.index for f in frames if text.encode() in f.raw or text in f.joined]


def long_numbers(frames: Iterable[Frame]) -> list[tuple[int, str]]:
    """Runs of 12 or more digits in the frames' text content (a seed would be one)."""
    return [(f.index, m) for f in frames for m in LONG_NUMBER.findall(f.joined)]


def secret_hits(frames: list[Frame], secrets: dict[str, str]) -> list[tuple[int, str, str]]:
    """(frame index, why secret, text) for every secret text found in a frame."""
    corpus, starts = [], []
    offset = 0
    for frame in frames:
        starts.append(offset)
        corpus.append(frame.joined)
        offset += len(corpus[-1]) + 1
    text = "\x01".join(corpus)
    hits = []
    for secret, why in secrets.items():
        at = text.find(secret)
        if at >= 0:
            hits.append((frames[bisect.bisect_right(starts, at) - 1].index, why, secret))
    return hits


def readable_record(text: str) -> str | None:
    """Why `text` lets whoever holds it rebuild a game in progress — with every outcome chance
    revealed to any seat, the bots' hands included — or None: a record without its seed, alone
    (a saved file) or in a kept state (storage, a link). A sealed box is opaque."""
    if not isinstance(text, str) or not text.lstrip().startswith("{"):
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    record = data.get("record", data) if isinstance(data, dict) else None
    if not isinstance(record, dict) or record.get("format") != "nbgames-record" or "seed" in record:
        return None
    seats = " and its seats" if "seats" in data else ""
    return f"a record of {record.get('game')} in progress at move {len(record.get('actions', []))}{seats}"


def finished_record(text: str) -> bool:
    """Whether `text` is a kept state or a record of a finished game (with its seed: nothing hidden)."""
    if not text.startswith("{") or '"seed"' not in text:
        return False
    data = json.loads(text)
    record = data.get("record", data) if isinstance(data, dict) else None
    return isinstance(record, dict) and "seed" in record and nbgames.from_record(record).is_over


def readable_games(frames: Iterable[Frame]) -> list[tuple[int, str]]:
    """(frame index, what) for every game in progress a frame lets the page read."""
    return [(f.index, why) for f in frames for text in f.texts if (why := readable_record(text))]


def auction_leaks(frames: Iterable[Frame], allowed_private: set[str]) -> tuple[list, int, int]:
    """Galopp's auction panel: (leaks, "only you see" lines seen, other seats' lines seen). The
    "only you see" line may list only cards the human held; another seat's line only backs."""
    from nbgames.galopp_royal.panels import backs

    leaks, mine, others = [], 0, 0
    for frame in frames:
        for text in frame.texts:
            for span in PRIVATE.findall(text):
                mine += 1
                if span not in allowed_private:
                    leaks.append((frame.index, "'only you see' lists cards the human does not hold", span))
            for seat, count, tail in OTHERS.findall(text):
                others += 1
                if tail != backs(int(count)):
                    leaks.append((frame.index, f"Player {seat}'s private cards shown face up", tail))
    return leaks, mine, others


# -- what each seat knows, from the finished game's record --------------------------------------
@dataclass
class Oracle:
    """Texts the page may never show the human (`secrets`, each with why), and the human's own
    private auction lines (Galopp), from a replay of the whole game with every seat's view."""

    secrets: dict[str, str] = field(default_factory=dict)
    own_private: set[str] = field(default_factory=set)
    own_hands: set[str] = field(default_factory=set)  # the human's hand HTML, as the page shows it


def seat_texts(view, game) -> tuple[list[str], list[str], list[str]]:
    """What the page would show `view`'s seat now: hand HTML (whole, and its cards), the words of
    its card-spending legal moves, its private auction line."""
    hand = view.hand.value if hasattr(view, "hand") else ""
    texts = [hand, *CHIPS.findall(hand)] if "nbg-card" in hand else []
    kinds = SECRET_KINDS.get(game.name, set())
    moves = [label for label, notation in view.moves.options if game.parse(notation).kind in kinds]
    private = PRIVATE.findall(view.auction.value) if hasattr(view, "auction") else []
    return texts, moves, private


def oracle(record: dict, human: int | None = HUMAN) -> Oracle:
    """Replay a record (a finished game's seed and actions, or a saved game's past) with one view
    per seat; a bot seat's texts that the human's own views never produced are secrets.
    `human=None` (hot-seat): every seat's hand is a secret."""
    if "seed" in record:
        game = nbgames.new_game(record["game"], record["players"], seed=record["seed"], options=record["options"])
    else:  # a saved game in progress: its past, replayed from the recorded outcomes of chance
        game = nbgames.from_record(record)
        game.goto(0)
    views = [game.manifest.view_class()(game, seat=seat) for seat in range(game.players)]
    actions = record["actions"]
    found: dict[str, str] = {}
    allowed: set[str] = set()
    result = Oracle()
    for ply in range(len(actions) + 1):
        for seat, view in enumerate(views):
            view.refresh()
            hand, moves, private = seat_texts(view, game)
            if seat == human:
                allowed.update(hand + moves)
                result.own_hands.update(hand[:1])
                result.own_private.update(private)
                continue
            for text in hand:
                found.setdefault(text, f"Player {seat + 1}'s hand at move {ply}")
            for text in moves:
                found.setdefault(text, f"Player {seat + 1}'s legal move at move {ply}")
            for text in private:
                found.setdefault(text, f"Player {seat + 1}'s private auction cards at move {ply}")
        if ply < len(actions):
            game.play(actions[ply])
    shown = "\x00".join(allowed | result.own_private)
    result.secrets = {text: why for text, why in found.items() if text not in shown}
    return result


def opened_state(text: str, game: str) -> dict:
    """A kept or saved text that must be sealed: nothing readable in it; opened with the server's
    key (the tests hold it), the page's state."""
    assert readable_record(text) is None, readable_record(text)
    data = json.loads(text)
    assert is_sealed(data) and set(data) == {"format", "version", "game", "sealed"} and data["game"] == game
    for clear in ("record", "chance", "seats", "actions", "human"):
        assert clear not in text
    return unseal(data, game)


def check_saved_mid_game(sealed: dict, final: dict) -> None:
    """A save in progress is sealed; opened (only the server can), it holds no seed, its `chance`
    and actions replay the past exactly (every seat's view as in the real game: the same game),
    and each load deals what nobody has seen anew."""
    state = opened_state(json.dumps(sealed), final["game"])
    assert state["seats"] == ["human", "random", "random"]
    saved = state["record"]
    assert "seed" not in saved and isinstance(saved.get("chance"), list) and saved["chance"]
    ply = len(saved["actions"])
    assert 0 < ply < len(final["actions"]) and saved["actions"] == final["actions"][:ply]
    truth = nbgames.new_game(final["game"], final["players"], seed=final["seed"], options=final["options"])
    for action in final["actions"][:ply]:
        truth.play(action)
    first, second = nbgames.from_record(saved), nbgames.from_record(saved)
    for seat in [None, *range(truth.players)]:
        assert first.view(seat) == second.view(seat) == truth.view(seat), seat
    # the same moves from here on (one bot for both loads): the first card drawn or die rolled
    # differs, so the views part ways
    bot_a, bot_b = nbgames.RandomBot(seed=1), nbgames.RandomBot(seed=1)
    for _ in range(400):
        if first.is_over or any(first.view(s) != second.view(s) for s in range(truth.players)):
            break
        first.play(bot_a.choose(first))
        second.play(bot_b.choose(second))
    assert any(first.view(s) != second.view(s) for s in range(truth.players)), \
        "two loads of a saved game dealt the unseen cards the same way"


# -- the page ----------------------------------------------------------------------------------
# The human's enabled move buttons (a Galopp bid, pass or roll when more moves are legal than
# the moves list shows).
BUTTONS = "[...document.querySelectorAll('.nbg-actions button, button.nbg-bid')].filter(b => !b.disabled)"
TURN_OR_OVER = """player => {
  const status = document.querySelector('.nbg-status')?.innerText || '';
  if (status.startsWith('Game over')) return true;
  const select = document.querySelector('.nbg-moves select');
  const play = document.querySelector('button.nbg-play-selected');
  const listed = select && select.options.length > 0 && play && !play.disabled;
  return status.startsWith(player) && status.includes('your turn') && (listed || BUTTONS.length > 0);
}""".replace("BUTTONS", BUTTONS)


class FramePage:
    """A play page whose every received websocket frame is kept (decoded later, off the clock)."""

    def __init__(self, page, server):
        self.page = page
        self.server = server
        self.payloads: list[bytes | str] = []
        page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: self.payloads.append(payload)))

    def open(self, game: str) -> None:
        goto_drawn(self.page, f"{self.server.url}/voila/render/{game}/play.ipynb")
        self.page.locator(".nbg-status").wait_for(timeout=60_000)
        assert not self.page.page_errors, self.page.page_errors

    def frames(self, start: int = 0, end: int | None = None) -> list[Frame]:
        return [decode(i, p) for i, p in enumerate(self.payloads[start:end], start)]

    def text(self, css: str) -> str:
        return self.page.locator(css).first.inner_text()

    def ply(self) -> int:
        return int(re.search(r"Move (\d+) of", self.text(".nbg-position")).group(1))

    def new_game(self, seats: list[str]) -> None:
        """Fast bots, an empty seed box (a random seed nobody sees), these seats; New game."""
        page = self.page
        page.locator(".nbg-bot-speed select").select_option(label="fast")
        page.locator(".nbg-players select").select_option(label=str(len(seats)))
        labels = [{"human": "human", "random": "random bot"}[kind] for kind in seats]
        for _ in range(20):  # again if the seat boxes were remade for the new player count meanwhile
            for seat, label in enumerate(labels):
                box = page.locator(f".nbg-seat-{seat} select")
                box.wait_for()
                box.select_option(label=label)
            page.wait_for_timeout(300)
            shown = "s => (s.options[s.selectedIndex]?.text || '').replace(/\\u00a0/g, ' ')"  # no-break spaces
            chosen = [page.locator(f".nbg-seat-{seat} select").evaluate(shown) for seat in range(len(seats))]
            if chosen == labels and page.locator(f".nbg-seat-{len(seats)} select").count() == 0:
                break
        else:
            raise AssertionError(f"the seat boxes show {chosen}, not {labels}")
        page.locator(".nbg-seed input").fill("")
        page.locator("button.nbg-new-game").click()
        page.locator(".nbg-settings-message").filter(has_text=f"New game: {len(seats)} players.").wait_for()
        if self.page.url.split("/render/")[1].startswith("newyork/"):  # (New York City deals at once)
            page.locator(".nbg-position").filter(has_text="Move 0 of 0").wait_for()

    def moves(self) -> list[tuple[str, str]]:
        """The moves list: (option value, words) of every legal move of the player to move (the
        list shows spaces as no-break spaces)."""
        options = self.page.locator(".nbg-moves select option").evaluate_all(
            "els => els.map(e => [e.value, e.textContent])")
        return [(value, words.replace("\xa0", " ")) for value, words in options]

    def play(self, notation: str | None) -> bool:
        """Select a move in the list and press Play (None: press the first move button); True
        once the position moved on. (The page may lag behind the kernel: a stale option is
        refused by the view, and we look again.)"""
        before = self.text(".nbg-position")
        if notation is None:
            self.page.evaluate(f"() => {BUTTONS}[0]?.click()")
        else:
            try:  # the list may have moved on since we read it: then the option is gone
                self.page.locator(".nbg-moves select").select_option(notation, timeout=3_000)
            except Exception:  # noqa: BLE001 - a stale option: nothing was played
                return False
            self.page.locator("button.nbg-play-selected").click()
        try:
            self.page.wait_for_function("p => document.querySelector('.nbg-position').innerText !== p",
                                        arg=before, timeout=5_000)
        except Exception:  # noqa: BLE001 - a stale option: nothing was played
            return False
        return True

    def stored(self, game: str) -> str | None:
        """What the page keeps in this browser's local storage."""
        return self.page.evaluate(f"() => localStorage.getItem('nbgames/{game}/play')")

    def share(self) -> str:
        """Press Copy link and read the link from its box (the ``#share=…`` part)."""
        box = self.page.locator(".nbg-share-link input")
        old = box.input_value()
        self.page.locator("button.nbg-share").click()
        self.page.wait_for_function(
            "old => { const v = document.querySelector('.nbg-share-link input').value;"
            " return v.includes('#share=') && v !== old; }", arg=old)
        return "#share=" + box.input_value().split("#share=", 1)[1]

    def save(self) -> dict:
        """Press Save and read the saved file from the download link (a base64 data URL)."""
        links = self.page.locator(".nbg-save-link a")
        old = links.first.get_attribute("href") if links.count() else None
        self.page.locator("button.nbg-save").click()
        self.page.wait_for_function(  # a new link (the name's ply may lag the label; read the record)
            "old => { const a = document.querySelector('.nbg-save-link a'); return a && a.href !== old; }",
            arg=old)
        href = links.first.get_attribute("href")
        return json.loads(base64.b64decode(href.split(",", 1)[1]))


@dataclass
class PlayedGame:
    final: dict  # the finished game's record (with its seed)
    saved: dict  # the file saved mid-game (sealed)
    kept: str  # what the browser kept at that move (sealed)
    frames: list[Frame]
    over_at: int  # index of the first frame that says "Game over"


def play_against_bots(fp: FramePage, game: str, choose, save_at: int) -> PlayedGame:
    """Play a whole 3-player game as seat 0 against two random bots; save once mid-game."""
    fp.open(game)
    fp.new_game(["human", "random", "random"])
    start, deadline = len(fp.payloads), time.monotonic() + 240
    saved = kept = None
    while True:
        assert time.monotonic() < deadline, f"the game did not end; at move {fp.ply()}"
        fp.page.wait_for_function(TURN_OR_OVER, arg="Player 1", timeout=30_000, polling=50)
        if fp.text(".nbg-status").startswith("Game over"):
            break
        if saved is None and fp.ply() >= save_at:
            saved, kept = fp.save(), fp.stored(game)
        moves = fp.moves()
        fp.play(choose(moves) if moves else None)
    final = fp.save()
    assert saved is not None, f"the game ended before move {save_at}"
    # from the new game on: the frames before belong to the game the page opened with
    frames = fp.frames()
    begin = next(f.index for f in frames if any(t.startswith("New game: 3 players.") for t in f.texts))
    frames = [f for f in frames if f.index >= begin]
    # the game is over from the first frame that says so, or that keeps the finished game (the
    # browser keeps a position before any message shows it)
    over_at = next(f.index for f in frames[start:] if any(t.startswith("Game over") or finished_record(t)
                                                           for t in f.texts))
    assert not fp.page.page_errors, fp.page.page_errors
    return PlayedGame(final, saved, kept, frames, over_at)


def check_whole_game(played: PlayedGame) -> Oracle:
    final, frames = played.final, played.frames
    assert final["seed"] is not None and len(final["actions"]) > 30
    before = [f for f in frames if f.index < played.over_at]
    early = seed_hits(before, final["seed"])
    assert not early, f"the seed reached the page before the game was over, in frames {early[:5]}"
    assert not long_numbers(before), long_numbers(before)[:5]
    readable = readable_games(before)
    assert not readable, f"a game in progress readable in the page's frames: {readable[:3]}"
    truth = oracle(final)
    assert truth.secrets, "no secret texts: the oracle saw nothing hidden"
    hits = secret_hits(frames, truth.secrets)
    assert not hits, f"hidden information on the page: {hits[:5]}"
    # the oracle renders as the page does: the hands the human held are found in the frames
    own = secret_hits(frames, dict.fromkeys(truth.own_hands, "own hand"))
    # (not every one: a hand replaced within one batch of updates never reaches the page)
    assert truth.own_hands and len(own) >= len(truth.own_hands) // 2, (len(own), len(truth.own_hands))
    check_saved_mid_game(played.saved, final)
    kept = opened_state(played.kept, final["game"])
    assert final["actions"][:kept["shown"]] == kept["record"]["actions"]
    assert secret_hits([synthetic(0, played.kept, json.dumps(played.saved))], truth.secrets) == []
    print(f"{final['game']}: {len(final['actions'])} moves, {len(frames)} frames, {len(truth.secrets)} secrets")
    return truth


@browser
def test_a_whole_new_york_game_sends_no_hidden_card_and_no_seed(page, server):
    rng = random.Random(7)

    def choose(moves):  # prefer pairs on empty squares (no fee, no piece back): the game ends sooner
        quiet = [m for m in moves if ", pay " not in m[1] and "goes back" not in m[1]]
        return rng.choice(quiet or moves)[0]

    played = play_against_bots(FramePage(page, server), "newyork", choose, save_at=40)
    check_whole_game(played)


@browser
def test_a_whole_galopp_royal_game_sends_no_hidden_card_and_no_seed(page, server):
    rng = random.Random(7)
    played = play_against_bots(FramePage(page, server), "galopp_royal",
                               lambda moves: rng.choice(moves)[0], save_at=120)
    truth = check_whole_game(played)
    leaks, mine, others = auction_leaks(played.frames, truth.own_private)
    assert not leaks, leaks[:5]
    assert mine and others, "no auction panel seen: the check would be empty"


# -- what every game keeps, saves and shares ------------------------------------------------------
SEATS = ["human", "random", "random"]
# enough moves that a bot holds cards the human has not seen (New York: past the setup placements)
MIDGAME = {"newyork": 30, "galopp_royal": 8, "newyork1901": 10, "newyork_city": 10}


def play_until(fp: FramePage, ply: int, seed: int = 5) -> None:
    """As Player 1 against bots, play random moves until move `ply` is shown and it is Player 1's
    turn again (the page quiet: the bots wait for the human)."""
    rng, deadline = random.Random(seed), time.monotonic() + 180
    while True:
        assert time.monotonic() < deadline, f"move {ply} not reached; at move {fp.ply()}"
        fp.page.wait_for_function(TURN_OR_OVER, arg="Player 1", timeout=30_000, polling=50)
        assert not fp.text(".nbg-status").startswith("Game over")
        if fp.ply() >= ply:
            return
        moves = fp.moves()
        fp.play(rng.choice(moves)[0] if moves else None)


@browser
@pytest.mark.parametrize("name", PLAY_GAMES)
def test_what_every_game_keeps_saves_and_shares_is_sealed(page, server, name):
    """Local storage, the saved file and the link of a game in progress hold no readable record
    (nor does any frame): only sealed boxes, which the server opens to this very game."""
    fp = FramePage(page, server)
    fp.open(name)
    fp.new_game(SEATS)
    start = len(fp.payloads)
    play_until(fp, MIDGAME[name])
    ply = fp.ply()
    kept, saved, link = fp.stored(name), fp.save(), fp.share()
    states = {"local storage": opened_state(kept, name), "saved file": opened_state(json.dumps(saved), name),
              "link": opened_state(read_share(link), name)}
    for where, state in states.items():
        assert state["seats"] == SEATS and state["shown"] == ply, where
        assert len(state["record"]["actions"]) == ply and "seed" not in state["record"], where
    record = states["saved file"]["record"]
    frames = fp.frames(start)
    assert not readable_games(frames), readable_games(frames)[:3]
    truth = oracle(record)
    if name != "newyork1901":  # (New York 1901 has no hand: its chance is public, tests/test_hidden_info.py)
        assert truth.secrets, "the bots held nothing the human did not see: the check would be empty"
    assert not secret_hits([*frames, synthetic(-1, kept, json.dumps(saved), link)], truth.secrets)
    assert not page.page_errors, page.page_errors


OWN_HAND = "<b>" + t("label.hand", "en", player="Player 1").rstrip(":")  # the human's hand panel (SEATS)


@browser
def test_edited_kept_seats_are_refused_and_show_no_other_hand(page, server):
    """The leak as it was found: New York City against bots, the kept state's `seats` set to
    human and Resume pressed showed Player 2's hand. Now the seats are inside the seal: an
    edit beside it, inside a box sealed with another key, or of the box itself is refused,
    set aside, and no hand of Player 2 reaches the page."""
    fp = FramePage(page, server)
    fp.open("newyork_city")
    fp.new_game(SEATS)
    play_until(fp, MIDGAME["newyork_city"])
    key = "nbgames/newyork_city/play"
    kept = json.loads(fp.stored("newyork_city"))
    assert "seats" not in kept and "record" not in kept
    inside = unseal(kept, "newyork_city")  # what the server sees: the seats and every hand
    hands = {text: why for text, why in oracle(inside["record"]).secrets.items() if "hand" in why}
    assert hands, "Player 2 and 3 held nothing the human did not see"
    humans = ["human", "human", "human"]
    edits = [{**kept, "seats": humans},
             json.loads(seal({**inside, "seats": humans}, "newyork_city", secret=bytes(32))),
             {**kept, "sealed": kept["sealed"][:-6] + ("BBBBBB" if kept["sealed"].endswith("AAAAAA") else "AAAAAA")}]
    for edit in edits:
        start = len(fp.payloads)
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, json.dumps(edit)])
        fp.open("newyork_city")
        page.locator(".nbg-notice").filter(has_text="could not be restored").wait_for(timeout=60_000)
        assert page.locator("button.nbg-resume-game").is_hidden()
        assert "Your hand, Player 2" not in page.content()
        aside = page.evaluate("k => localStorage.getItem(k + ':set-aside')", key)
        assert aside == json.dumps(edit)  # set aside, not destroyed
        frames = fp.frames(start)
        assert not readable_games(frames), readable_games(frames)[:3]
        # the fresh game's own hand may hold what a bot held in the kept game ("reserve V")
        others = [Frame(f.index, [text for text in f.texts if not text.startswith(OWN_HAND)]) for f in frames]
        assert not secret_hits(others, hands), secret_hits(others, hands)[:3]


# -- hot seat ----------------------------------------------------------------------------------
PASS_SCREEN = """() => ({
  info: document.querySelector('.nbg-info')?.innerText.trim() || '',
  options: document.querySelectorAll('.nbg-moves select option').length,
  choices: document.querySelectorAll('.nbg-choice').length,
  cards: document.querySelectorAll('.nbg-hand .nbg-card').length,
})"""
SCREEN_OR_TURN = f"() => document.querySelector('.nbg-hotseat')?.offsetParent != null || ({TURN_OR_OVER})('Player ')"
# What only the player holding the device may see: a hand, and the ways to play a square (they
# name its cards).
PRIVATE_WORDS = (t("label.hand", "en", player="").split(",")[0], t("label.reach", "en", ways="").strip(),
                 "nbg-card")


def first_after_move(fp: FramePage, start: int, ply: int) -> int:
    """The first frame from `start` that tells of a move after `ply` (the position line, the
    first panel a move changes). Frames before it were sent while the player to move still held
    the device: the page sends its panels again a few seconds after it opened (`ShellView._resend`)."""
    for frame in fp.frames(start):
        if any((found := re.fullmatch(r"Move (\d+) of \d+", text)) and int(found.group(1)) > ply
               for text in frame.texts):
            return frame.index
    raise AssertionError(f"no frame from {start} on tells of a move after {ply}")


def open_choices(board, moves: list[tuple[str, str]]) -> bool:
    """Point at and click a square that the player can play in several ways: the information
    panel then names the player's cards and "which way?" buttons come up. False if none."""
    ways = Counter(label.split(":")[0] for _, label in moves if re.match(r"[A-G][1-7]: ", label))
    square = next((sq for sq, n in ways.items() if n > 1), None)
    if square is None:
        return False
    board.click_square(square)
    board.page.locator(".nbg-choice").nth(1).wait_for()
    board.page.locator(".nbg-info").filter(has_text=PRIVATE_WORDS[1]).wait_for()
    return True


@browser
def test_hot_seat_pass_screens_show_and_send_nothing_of_any_seat(page, server, board):
    fp = FramePage(page, server)
    fp.open("newyork")
    fp.new_game(["human", "human", "human"])
    screen = page.locator(".nbg-hotseat")
    screen.wait_for()  # the new game's first screen ("Move 0 of 0" was the old game's line too)
    windows = []  # (first, end): the frames received from a move until the next player reveals
    moved_at, played_from, choices_opened, rng = len(fp.payloads), None, 0, random.Random(3)
    # the 24 setup placements, then at least ten turns with cards in hand, one of them with
    # choice buttons open when the move is played
    while fp.ply() < 34 or not choices_opened:
        ply = fp.ply()
        assert ply < 80, "no square with two ways to play in 50 turns"
        page.wait_for_function(SCREEN_OR_TURN, timeout=30_000, polling=50)
        if screen.is_visible():  # (no pass screen when the same player moves again)
            page.locator(".nbg-hand").filter(has_text=t("ny.hand_hidden", "en")).wait_for()
            assert page.evaluate(PASS_SCREEN) == {"info": "", "options": 0, "choices": 0, "cards": 0}
            if played_from is not None:  # (the new game's first screen follows no move: every hand is empty)
                windows.append((first_after_move(fp, moved_at, played_from), len(fp.payloads)))
            page.locator("button.nbg-reveal").click()
            screen.wait_for(state="hidden")
            page.wait_for_function(TURN_OR_OVER, arg="Player ", timeout=30_000, polling=50)
        if ply >= 24:
            # the player's own cards (the hand panel may come a frame after the status line)
            page.locator(".nbg-hand .nbg-card").first.wait_for(timeout=10_000)
            choices_opened += open_choices(board, fp.moves())
        moved_at, played_from = len(fp.payloads), fp.ply()
        while (moves := fp.moves()) and not fp.play(rng.choice(moves)[0]):
            pass  # (no list: a slow page played it after all, and the next pass screen hides the list)
    record = opened_state(json.dumps(fp.save()), "newyork")["record"]  # sealed: the tests hold the key
    assert not readable_games(fp.frames()), readable_games(fp.frames())[:3]  # every seat's hand is kept sealed
    empty = "<div class='nbg-cards'></div>"  # (an empty hand, as in the set-up, holds no secret)
    hands = {text: why for text, why in oracle(record, human=None).secrets.items()
             if "hand" in why and empty not in text}
    assert secret_hits(fp.frames(), hands), "no revealed hand found: the search would find nothing"
    during = [frame for first, end in windows for frame in fp.frames(first, end)]
    assert len(during) > len(windows)
    assert not secret_hits(during, hands), secret_hits(during, hands)[:3]
    leaks = [(f.index, word) for f in during for word in PRIVATE_WORDS if word in f.joined]
    if leaks:  # what was sent, and when: the window, the frame's texts and its neighbours'
        first = leaks[0][0]
        window = next(w for w in windows if w[0] <= first < w[1])
        around = [(f.index, [text[:160] for text in f.texts if len(text) > 3][:6])
                  for f in fp.frames(max(window[0] - 3, first - 8), first + 2)]
        raise AssertionError(f"{leaks[:5]} in window {window}: {around}")


# -- the checkers can fail ---------------------------------------------------------------------
def played_record(name: str, plies: int, seed: int = 11) -> dict:
    """A record with its seed of a game random bots played for `plies` moves."""
    game, bot = nbgames.new_game(name, 3, seed=seed), nbgames.RandomBot(seed=2)
    while len(game.history) < plies:
        game.play(bot.choose(game))
    return {**game.to_record(), "seed": seed}


def test_the_checkers_catch_leaks():
    """Synthetic frames with a leak of each kind are caught; the same frames without it pass."""
    truth = oracle(played_record("newyork", 40))
    hand, why = next((text, why) for text, why in truth.secrets.items() if "hand" in why)
    move = next(text for text, why in truth.secrets.items() if "legal move" in why)
    clean = [synthetic(0, "Player 1 (red): your turn"), synthetic(1, "Move 12 of 12", buffer=b"\x00\x01")]
    assert not secret_hits(clean, truth.secrets) and not long_numbers(clean)
    leaky = [*clean, synthetic(2, f"<p>{hand}</p>"), synthetic(3, "x", f"Ways: {move}; …")]
    hits = secret_hits(leaky, truth.secrets)
    assert {index for index, _, _ in hits} == {2, 3}  # the hand, its cards, the move's words
    assert (2, why, hand) in hits and (3, truth.secrets[move], move) in hits

    # a game in progress readable in a frame: kept (a store message), saved (a data URL) or
    # shared (a link) in the clear is caught; the same state sealed is not
    game = nbgames.new_game("newyork", 3, seed=11)
    while len(game.history) < 30:
        game.play(game.legal_actions()[0])
    plain = game_state(game, ["human", "random", "random"])
    sealed = seal(json.loads(plain), "newyork")
    as_file = base64.b64encode(json.dumps(game.to_record()).encode()).decode()
    assert not readable_games([*clean, synthetic(7, sealed, "#share=" + share_fragment(sealed)[7:])])
    leaks = readable_games([synthetic(7, plain), synthetic(8, f"<a href='data:application/json;base64,{as_file}'>"),
                            synthetic(9, "http://x/play.ipynb" + share_fragment(plain))])
    assert [index for index, _ in leaks] == [7, 8, 9] and "its seats" in leaks[0][1]
    assert readable_record(json.dumps(played_record("newyork", 40))) is None  # with its seed: a practice link

    seed = 2**62 + 12345
    saved = base64.b64encode(json.dumps({"seed": seed}).encode()).decode()
    assert not seed_hits(clean, seed)
    assert seed_hits([*clean, synthetic(4, f"<a href='data:application/json;base64,{saved}'>")], seed) == [4]
    assert seed_hits([*clean, synthetic(5, buffer=str(seed).encode())], seed) == [5]
    assert long_numbers([*clean, synthetic(6, f"seed {seed}")]) == [(6, str(seed))]

    # Galopp's auction panel, as the human's view renders it, passes; a bot's card face up or
    # listed as the human's own does not
    galopp = oracle(played_record("galopp_royal", 2))
    from nbgames.galopp_royal.panels import card_chip

    game = nbgames.new_game("galopp_royal", 3, seed=11)
    game.play(nbgames.RandomBot(seed=2).choose(game))
    panel = game.manifest.view_class()(game, seat=HUMAN).auction.value
    assert auction_leaks([synthetic(0, panel)], galopp.own_private) == ([], 1, 2)
    face_up = panel.replace(" face down <span", f" face down {card_chip('+5', 'en')}<span", 1)
    bot_private = next(text for text, why in galopp.secrets.items() if "private auction" in why)
    leaks, _, _ = auction_leaks([synthetic(0, face_up), synthetic(1, bot_private)], galopp.own_private)
    assert [(index, why.split()[0]) for index, why, _ in leaks] == [(0, "Player"), (1, "'only")]
