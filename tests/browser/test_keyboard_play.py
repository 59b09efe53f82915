"""The play pages by keyboard alone, in real Chromium (issue 27 item 7): no mouse at all.

A keyboard player sets the game up (Tab to the player count, the seat pickers and the bots'
speed, keys on each select, Enter on "New game"), then plays: Tab to the board, N to the next
target that plays something (the page's one live region says its name and what a press plays),
Enter to play it; a "which way?" question is answered by Tab to a choice and Enter; moves made
from buttons (Pass, End turn, Done, Roll, Confirm …) by Tab to the button and Enter. Tab leaves
the board (ipycanvas took every key, Tab too).

New York 1901 is played to the end here (two players: 40-odd moves of yours). A whole game of
the other three takes minutes in a browser (New York City and Galopp Royal: about 100 moves of
yours, against random bots), so they play `MOVES` moves of yours each, which reach every kind of
target they have; ``NBGAMES_WHOLE_GAMES=1`` plays them to the end too. tests/test_access.py
plays a whole game of each through the same key handlers without a browser. Figures printed
with ``-s``: moves, keys and seconds per game. Then axe-core checks the page as the game left
it (hands, scores, the log: what the first load of test_accessibility.py cannot see)."""

from __future__ import annotations

import contextlib
import os
import re
import time

import pytest
from axe_support import counts, describe, run_axe, serious

from nbgames.testing import goto_drawn, unfold

pytestmark = pytest.mark.browser
NOTHING = "Nothing is played on the board now"
WHOLE = os.environ.get("NBGAMES_WHOLE_GAMES") == "1"
# game: (players, moves of yours to play; None: the whole game)
GAMES = {"newyork1901": (2, None), "newyork": (5, 12), "galopp_royal": (3, 14), "newyork_city": (2, 14)}
BOARD = "canvas.nbg-canvas"
BUTTONS = ".nbg-choices button:enabled, .nbg-actions button:enabled, .nbg-extras button:enabled"
MARK = """([css, k]) => {
  document.querySelectorAll("[data-nbg-pick]").forEach(e => e.removeAttribute("data-nbg-pick"));
  document.querySelectorAll(css)[k].dataset.nbgPick = "1";
}"""


class KeyboardPlayer:
    """Plays a page with `page.keyboard` only; reads what a screen reader would hear."""

    def __init__(self, page):
        self.page = page
        self.keys = 0

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.keys += 1

    def focused(self, css: str) -> bool:
        return self.page.evaluate("css => !!document.activeElement && document.activeElement.matches(css)", css)

    def tab_to(self, css: str, limit: int = 120, gone_is_fine: bool = False) -> bool:
        """Tab until the focus is on an element matching `css` (Shift+Tab when the first such
        element comes before the focus: back to the board from the buttons below it). With
        `gone_is_fine`, False once no such element is left (a question the page took back)."""
        back = self.page.evaluate("""css => {
          const there = document.querySelector(css), here = document.activeElement;
          return !!there && !!here && here !== document.body
            && !!(there.compareDocumentPosition(here) & Node.DOCUMENT_POSITION_FOLLOWING);
        }""", css)
        for _ in range(limit):
            if self.focused(css):
                return True
            if gone_is_fine and not self.page.locator(css).count():
                return False
            self.press("Shift+Tab" if back else "Tab")
        raise AssertionError(f"Tab never reached {css} ({self.page.locator(css).count()} on the page); "
                             f"status: {self.status()!r}; live region: {self.said()}")

    # -- what the page says -------------------------------------------------------------
    def status(self) -> str:
        return self.page.locator(".nbg-status").first.inner_text()

    def said(self) -> tuple[int, str]:
        live = self.page.locator(".nbg-live").first
        return int(live.get_attribute("data-said") or 0), live.text_content() or ""

    def wait(self, predicate, what: str, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while not predicate():
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {what}; status: {self.status()!r}")
            self.page.wait_for_timeout(40)

    def ply(self) -> int:
        match = re.search(r"Move (\d+) of", self.page.locator(".nbg-position").first.inner_text())
        return int(match.group(1)) if match else 0

    def my_turn(self) -> bool:
        status = self.status()  # (a refusal is said on our turn: it stays ours; it names its rule last)
        return (any(words in status for words in ("your turn", "Game over", "Not allowed"))
                or re.search(r"\([A-Z0-9]+-\d+\)\.?$", status.strip()) is not None or self.choices() > 0)

    # -- playing ------------------------------------------------------------------------
    def new_game(self, players: int) -> None:
        """`players` seats (the fewest: Home, the most: End), random bots in every other seat,
        fast bots."""
        self.tab_to(".nbg-players select")
        self.press("Home" if players == self.page.evaluate(
            "() => Math.min(...[...document.querySelectorAll('.nbg-players option')].map(o => +o.textContent))")
            else "End")
        self.wait(lambda: self.page.locator(f".nbg-seat-{players - 1} select").count() == 1
                  and self.page.locator(f".nbg-seat-{players} select").count() == 0, "the seat pickers")
        for seat in range(1, players):
            self.tab_to(f".nbg-seat-{seat} select")
            self.press("r")  # "random bot"
        self.tab_to(".nbg-bot-speed select")
        self.press("End")  # "fast"
        self.tab_to(".nbg-new-game")
        self.press("Enter")
        self.wait(lambda: self.page.locator(".nbg-strip .nbg-seat").count() == players, "the new game")

    def speak_next(self) -> str:
        """N, and what the live region then says of the target (not the status line, which it
        also says when that changes meanwhile)."""
        for _ in range(3):
            before = self.said()[0]
            self.press("n")
            self.wait(lambda count=before: self.said()[0] != count, "the live region to speak")
            words = self.said()[1]
            if words != self.status():
                return words
        return words

    def press_a_button(self, k: int = 0) -> None:
        """Tab to the `k`-th enabled button below the board (counting round) and press Enter."""
        count = self.page.locator(BUTTONS).count()
        if not count:  # not our move after all (a status just stale)
            self.page.wait_for_timeout(200)
            return
        self.page.evaluate(MARK, [BUTTONS, k % count])  # which one (the test's note, not a click)
        self.tab_to("[data-nbg-pick]")
        self.press("Enter")

    def choices(self) -> int:
        return self.page.locator(".nbg-choices button").count()

    def settle(self, start: int, said: int, timeout: float = 2.0) -> None:
        """Until the move is made, a "which way?" question shows its choices, or the page spoke
        (the press picked something — a tile, a bearer — and the move needs more), or `timeout`."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and self.ply() == start and not self.choices():
            if self.said()[0] != said:  # it spoke: the move, if it is one, shows at once
                deadline = min(deadline, time.monotonic() + 0.3)
            self.page.wait_for_timeout(40)

    def one_move(self) -> None:
        """Make one move of ours, by keys alone: N and Enter on the board (a tile picked, a
        bearer chosen: N and Enter again), a choice, or a button when nothing on the board plays."""
        start, status = self.ply(), self.status()
        for attempt in range(16):
            if "Game over" in self.status():  # our last move (seen late) ended the game
                return
            if self.choices() and self.tab_to(".nbg-choices button", gone_is_fine=True):  # a question: its first answer
                self.press("Enter")
                self.settle(start, self.said()[0])
                if self.ply() != start:
                    return
            if not self.focused(BOARD):
                self.tab_to(BOARD)
            # N and Enter; from the 5th try on, a button every other try (the schemer's +2, Confirm …)
            words = NOTHING if attempt >= 4 and attempt % 2 else self.speak_next()
            said = self.said()[0]
            if NOTHING in words:
                self.press_a_button(max(0, attempt - 5) // 2)
            else:
                self.press("Enter")
                self.settle(start, said)
                if self.ply() == start and self.choices():
                    said = self.said()[0]
                    self.tab_to(".nbg-choices button")  # "which way?": the first way
                    self.press("Enter")
            self.settle(start, said)
            if self.ply() != start:  # played: and the page has told so (not the last status, stale)
                with contextlib.suppress(AssertionError):
                    self.wait(lambda: self.status() != status, "the status after our move", 2)
                return
        raise AssertionError(f"no move after 16 tries; status: {self.status()!r}")


@pytest.mark.timeout(900)
@pytest.mark.parametrize("name", list(GAMES))
def test_a_game_is_played_by_keyboard_alone(page, server, name):
    players, moves = GAMES[name]
    moves = None if WHOLE else moves
    started = time.monotonic()
    goto_drawn(page, f"{server.url}/voila/render/{name}/play.ipynb?lang=en")
    player = KeyboardPlayer(page)
    # the page's one live region, and a named board that Tab reaches and leaves
    assert page.locator("[aria-live], [role=status], [role=alert]").count() == 1
    player.new_game(players)
    player.tab_to(BOARD)
    assert "Arrow keys" in (page.locator(BOARD).first.get_attribute("aria-label") or "")
    player.press("Tab")
    assert not player.focused(BOARD), "Tab must leave the board"
    loaded = time.monotonic()
    mine = 0
    while "Game over" not in player.status() and (moves is None or mine < moves):
        player.wait(player.my_turn, "our turn", 120)
        if "Game over" in player.status():
            break
        player.one_move()
        mine += 1
    over = "Game over" in player.status()
    print(f"keyboard {name}: {mine} moves of yours, {player.keys} keys, {time.monotonic() - loaded:.0f} s "
          f"(+{loaded - started:.0f} s page and setup){', game over' if over else ''}")
    assert over or mine == moves
    unfold(page)  # axe on the page as the game left it (hands, scores, log), every fold open
    violations = run_axe(page)
    print(f"axe {name}/play after {mine} moves: " + ", ".join(f"{k} {n}" for k, n in counts(violations).items()))
    assert not serious(violations), describe(serious(violations))
    assert not page.page_errors, page.page_errors
