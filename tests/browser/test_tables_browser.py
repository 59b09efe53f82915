"""Two browsers at one New York City table (issue 31), in real Chromium against a real
`nbgames serve --class-progress`: Aki opens a table from the play page's "Play at a table" fold
(two humans and a random bot), Ben joins it by its code and a free seat, and each plays several
moves by clicking the board (draft picks on the canvas, passes and starting characters on the
buttons); every move reaches the other browser's board. Ben's page is reloaded and sits again at
his seat; a refused click names its rule and changes nothing; the server restarts and both
reloaded pages sit again and play on; a third browser coming by the table's link is told the
table is full. No page error, and no frame either
browser received at the table holds the other seat's hand (the table's sealed record, read back
with the server's key, tells what each seat held at every move). Frames of the page's own game
(before sitting down, and a reloaded page's first drawing before it sits again) are not searched:
that game is another deal, whose hands may match the table's by chance.
"""

from __future__ import annotations

import json
import re
import statistics
import time

import pytest
from conftest import Board
from sqlalchemy import select
from test_hidden_frames import decode
from test_teacher_page import new_page

from nbgames.engine.game import Game
from nbgames.newyork_city.layout import layout_for
from nbgames.newyork_city.view import NewYorkCityView
from nbgames.testing import Server, goto_drawn, join_class

pytestmark = pytest.mark.browser

PLAY = "/voila/render/newyork_city/play.ipynb"
LAYOUT = layout_for(3)
CLASS = "maple-3"
MOVES_EACH = 4


class TableServer:
    """A real `nbgames serve --class-progress`, restarted on the same port (the browsers keep their
    storage: it is kept per address) with the same class database and sealing key."""

    def __init__(self, where):
        self.where, self.starts = where, 0
        self.db_url, self.key_file = f"sqlite:///{where / 'class.sqlite'}", where / "seal.key"
        self.server = self._start(None)

    def _start(self, port: int | None) -> Server:
        self.starts += 1
        env = {"NBGAMES_CLASS_DB": str(self.where / "class.sqlite"), "NBGAMES_TEACHER_TOKEN": "teacher-token-t",
               "NBGAMES_KEY_FILE": str(self.key_file)}
        config = {"VoilaConfiguration": {"default_pool_size": 0},
                  "VoilaKernelManager": {"kernel_pools_config": {"newyork_city/play.ipynb": {"pool_size": 2}}}}
        return Server(self.where / f"serve{self.starts}.log", extra_args=["--class-progress"], env=env,
                      config=config, port=port).__enter__()

    @property
    def url(self) -> str:
        return self.server.url

    def restart(self) -> None:
        port = self.server.port
        self.server.stop()
        self.server = self._start(port)

    def stop(self) -> None:
        self.server.stop()


@pytest.fixture(scope="module")
def table_server(tmp_path_factory):
    servers = TableServer(tmp_path_factory.mktemp("tables"))
    yield servers
    servers.stop()


class Player(Board):
    """One browser (its own context: its own storage) on the play page; every frame it receives is kept."""

    def __init__(self, browser, server, name: str):
        self.context, page = new_page(browser)
        super().__init__(page, server)
        self.name = name
        self.payloads: list[bytes | str] = []
        self.page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: self.payloads.append(payload)))
        self.me = ""
        self.at_table: list[list[int]] = []  # [first, last) frames received while at the table

    def sits_down(self) -> None:
        """From now on every frame is the table's: the page's own game, if its bots still play, is
        stopped first (a reloaded page's own game stops when it sits: call this once seated)."""
        stop = self.page.locator("button.nbg-stop-bots")
        if not self.me and stop.is_enabled():
            stop.click()
            self.page.wait_for_timeout(1000)  # its last drawing arrives
        self.at_table.append([self.seated_frame() if self.me else len(self.payloads), -1])

    def seated_frame(self) -> int:
        """Once seated: the index of the frame that said "you play as …" (sent once the page
        sat: every later frame is the table's). Playwright hands received frames to Python
        late, so counting frames when the page shows the words may still miss some of the new
        page's own game's frames sent before them: the words' own frame is the border."""
        words, since = f"you play as {self.me}", self.at_table[-1][1] if self.at_table else 0
        deadline = time.monotonic() + 30
        while True:
            for i in range(len(self.payloads) - 1, since - 1, -1):
                if any(words in text for text in decode(i, self.payloads[i]).texts):
                    return i
            assert time.monotonic() < deadline, "the seated words never reached the frames"
            self.page.wait_for_timeout(100)

    def gets_up(self) -> None:
        self.at_table[-1][1] = len(self.payloads)

    def text(self, css: str) -> str:
        found = self.page.locator(css)
        return found.first.inner_text() if found.count() else ""

    def open(self) -> None:
        goto_drawn(self.page, self.server.url + PLAY, timeout=90_000)
        self.page.locator(".nbg-table-panel").wait_for(timeout=30_000)

    def events(self) -> int:
        """The public events the page's log shows (its list's start number)."""
        found = self.page.evaluate("() => { const ol = document.querySelector('.nbg-log ol.nbg-events');"
                                   " return ol ? Number(ol.getAttribute('start')) : -1; }")
        return int(found)

    def seated(self, player: str) -> None:
        self.wait_for(lambda: f"you play as {player}" in self.text(".nbg-table-here"), f"seated as {player}")
        self.me = player

    def my_turn(self) -> bool:
        return self.status().startswith(f"{self.me}: your turn")

    def settled_status(self) -> str:
        last = self.status()
        while True:
            self.page.wait_for_timeout(200)
            now = self.status()
            if now == last:
                return now
            last = now

    def click_box(self, box: tuple[float, float, float, float]) -> None:
        canvas = self.page.locator("canvas.nbg-canvas, .nbg-canvas canvas, .nbg-canvas").first
        canvas.scroll_into_view_if_needed()
        shown = canvas.bounding_box()
        scale = shown["width"] / LAYOUT.width
        x, y, w, h = box
        self.page.mouse.click(shown["x"] + (x + w / 2) * scale, shown["y"] + (y + h / 2) * scale)

    def play(self) -> str:
        """One move on this seat's turn, as a visitor makes it; returns how ("board" or "button")."""
        status = self.settled_status()
        assert status.startswith((f"{self.me}: your turn", "Not allowed (")), status  # (after a refusal)
        if "pair of the display" in status:
            options = self.page.locator(".nbg-moves select option").evaluate_all("els => els.map(e => e.textContent)")
            takes = [int(m[1]) for words in options if (m := re.match(r"Take pair (\d+)", words.replace("\xa0", " ")))]
            assert takes, options
            self.click_box(LAYOUT.pair_box(takes[0] - 1))  # the draft pick: a click on the canvas
            return "board"
        buttons = self.page.locator(".nbg-actions button.nbg-start, .nbg-actions button.nbg-pass")
        if buttons.count() == 0:
            buttons = self.page.locator(".nbg-actions button")
        buttons.first.click(timeout=5000)
        return "button"

    def table_texts(self) -> str:
        """The text of every frame received while at the table (before, the page's own game drew
        its own deal, which may hold the same cards by chance)."""
        spans = [(first, len(self.payloads) if last < 0 else last) for first, last in self.at_table]
        frames = (decode(i, self.payloads[i]) for first, last in spans for i in range(first, last))
        return "\x00".join(text for frame in frames for text in frame.texts)


def turn(players: list[Player]) -> Player:
    """The player whose turn it is (waiting for the bot, if it is the bot's)."""
    found: list[Player] = []

    def someone() -> bool:
        found[:] = [p for p in players if p.my_turn()]
        return bool(found)

    players[0].wait_for(someone, "a human's turn", timeout=30)
    return found[0]


def one_move(mover: Player, other: Player, heard: list[float]) -> str:
    """The mover plays; the move shows on both browsers (`heard`: seconds from the click to the
    other browser). Returns how it was played."""
    before = mover.events()
    how = mover.play()
    clicked = time.monotonic()
    mover.wait_for(lambda: mover.events() > before, "the move on the mover's page")
    after = mover.events()
    other.wait_for(lambda: other.events() >= after, "the move on the other browser")
    heard.append(time.monotonic() - clicked)
    return how


def hand_panels(server, code: str) -> dict[int, set[str]]:
    """Every hand panel each seat had at each move of the table (its sealed record, replayed)."""
    import os

    from nbgames.classroom import Store
    from nbgames.classroom.schema import game_tables
    from nbgames.engine.seal import unseal

    store = Store.open(server.db_url, migrate=False)
    try:
        with store.engine.connect() as c:
            row = c.execute(select(game_tables).where(game_tables.c.code == code)).mappings().one()
    finally:
        store.close()
    old = os.environ.get("NBGAMES_KEY_FILE")
    os.environ["NBGAMES_KEY_FILE"] = str(server.key_file)
    try:
        kept = unseal(row["record"], row["game"])
    finally:
        if old is None:
            os.environ.pop("NBGAMES_KEY_FILE")
        else:
            os.environ["NBGAMES_KEY_FILE"] = old
    game = Game(row["game"], row["players"], kept["seed"], json.loads(row["options"]), allow_undo=False)
    seen: dict[int, set[str]] = {0: set(), 1: set()}
    for ply in range(len(kept["actions"]) + 1):
        for seat in seen:
            panel = NewYorkCityView(game, seat=seat).hand.value
            seen[seat].update(re.findall(r"<div class='nbg-cards'>.*?</div>", panel))
        if ply < len(kept["actions"]):
            game.play(kept["actions"][ply])
    return seen


@pytest.mark.timeout(300)
def test_two_browsers_play_one_table_reload_restart_and_no_other_hand(browser, table_server):
    started = time.monotonic()
    aki, ben = Player(browser, table_server, "Aki"), Player(browser, table_server, "Ben")
    players = [aki, ben]
    try:
        for player in (aki, ben):
            player.open()
            join_class(player.page, CLASS, player.name)  # the class: a reload then sits the student again

        # Aki opens a table: two humans and a random bot
        aki.page.locator(".nbg-table-seat-2 select").select_option(label="random bot")
        aki.sits_down()  # (the page's own game waits for its human by now: it sends nothing more)
        aki.page.locator("button.nbg-table-open").click()
        aki.seated("Player 1")
        code = re.search(r"Table ([A-Z2-9]{6})", aki.text(".nbg-table-here"))[1]
        link = aki.page.locator(".nbg-table-link")
        aki.wait_for(lambda: link.get_attribute("href") and f"table={code}" in link.get_attribute("href"), "link")
        assert "No undo at a table" in aki.text(".nbg-table-no-undo")
        assert not aki.page.locator(".nbg-timeline-bar").is_visible()

        # Ben joins by the code and picks the free seat
        ben.page.locator(".nbg-table-code-box input").fill(code.lower())
        ben.page.locator("button.nbg-table-join").click()
        ben.page.locator("button.nbg-table-sit-1").click()
        ben.seated("Player 2")
        # Ben's page's own game calls him Player 1 ("Your hand, Player 1"), and Playwright hands
        # frames to Python late: the frame that seated him is the border, as after a reload
        ben.sits_down()

        made = {"Aki": [], "Ben": []}
        heard: list[float] = []
        refused = reloaded = False
        while min(len(m) for m in made.values()) < MOVES_EACH:
            mover = turn([aki, ben])
            other = ben if mover is aki else aki
            if not refused and "pair of the display" in mover.settled_status():
                # a click on a district in the draft: refused by the holder, naming its rule; nothing changes
                before = mover.events()
                mover.click_box(LAYOUT.district_box(0))
                mover.wait_for(lambda m=mover: m.status().startswith("Not allowed ("), "the refusal")
                assert re.match(r"Not allowed \(NYC-\d+", mover.status()), mover.status()
                assert mover.events() == before
                refused = True
            made[mover.name].append(one_move(mover, other, heard))
            if not reloaded and len(made["Ben"]) >= 2:
                ben.gets_up()  # a reload: a new kernel, which draws its own new game first; the
                goto_drawn(ben.page, ben.page.url, timeout=90_000)  # browser kept the class and the table's code
                ben.seated("Player 2")
                ben.sits_down()
                ben.wait_for(lambda: ben.events() >= aki.events() - 2, "the table's log after the reload")
                reloaded = True
        # the server restarts (and its kernels with it): both pages, reloaded, sit again; the game goes on
        before_restart = aki.events()
        for player in (aki, ben):
            player.gets_up()
        table_server.restart()
        for player in (aki, ben):
            goto_drawn(player.page, player.page.url, timeout=90_000)
            player.seated(player.me)
            player.sits_down()
        assert aki.events() == ben.events() >= before_restart  # the same table, nothing lost
        mover = turn([aki, ben])
        made[mover.name].append(one_move(mover, ben if mover is aki else aki, heard))
        assert reloaded and refused
        for player in (aki, ben):
            assert "board" in made[player.name], made  # at least one move by clicking the canvas
            player.check_no_error()

        # no frame to either browser held the other seat's hand
        panels = hand_panels(table_server, code)
        for player, seat in ((aki, 0), (ben, 1)):
            received = player.table_texts()
            theirs = panels[1 - seat] - panels[seat]
            assert theirs, "the other seat held cards this seat never saw"
            leaked = [panel for panel in theirs if panel in received]
            assert not leaked, f"{player.name} received the other seat's hand: {leaked[:2]}"
            assert f"Your hand, Player {2 - seat}" not in received
            assert f"Your hand, Player {seat + 1}" in received  # (the check reads the frames at all)
        # a third browser comes by the table's link: the code is read from it, and the table is full
        cho = Player(browser, table_server, "Cho")
        players.append(cho)
        goto_drawn(cho.page, link.get_attribute("href"), timeout=90_000)
        cho.wait_for(lambda: "is taken" in cho.text(".nbg-table-message"), "the full table said")
        assert cho.page.locator(".nbg-table-code-box input").input_value() == code
        cho.check_no_error()
        print(f"\ntables in Chromium: {sum(map(len, made.values()))} moves, a move on the other browser after "
              f"median {statistics.median(heard) * 1000:.0f} ms, max {max(heard) * 1000:.0f} ms (polled every"
              f" 100 ms, click included); {time.monotonic() - started:.0f} s in all")
    finally:
        for player in players:
            player.context.close()
