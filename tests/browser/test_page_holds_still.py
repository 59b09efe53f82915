"""The page holds still and every click counts (issue 27 items 1 and 2), in real Chromium against
`nbgames serve`: each game's play page is played by clicking — board targets, move buttons, the
"which way?" choices, the moves list's Play button, some clicks right after Hint — against fast
random bots, while Chromium's Layout Instability API (`PerformanceObserver` on `layout-shift`)
records every shift of the page.

Each page fails if the board's box moves after its first draw, if the cumulative layout shift
during play exceeds 0.01, or if one click on a legal target is not answered (the move played, the
question asked). 240 clicks over the four games, at 1280 and 390 px, in English and Japanese.

Where to click is worked out by a mirror: the same seeded game, replayed in the test process with
the same seeded random bots, and the game's own view (the kit's hit-testing) for the points.
"""

from __future__ import annotations

import re
import time

import pytest

import nbgames
from nbgames.engine.bots import make_bot
from nbgames.engine.registry import manifest
from nbgames.testing import goto_drawn, page_error_recorder, unfold
from nbgames.ui.app import picker_kinds
from nbgames.ui.i18n import t
from nbgames.ui.shell import ShellView

pytestmark = pytest.mark.browser

# Every layout shift of the page, from its first paint (buffered), with what moved.
OBSERVER = r"""
window.__nbgShifts = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    const at = document.querySelector(".nbg-position");
    window.__nbgShifts.push({value: e.value, at: at ? at.textContent : "", sources: (e.sources || []).map((s) => ({
      node: s.node && s.node.className !== undefined ? String(s.node.className).slice(0, 80) : String(s.node),
      from: [s.previousRect.x, s.previousRect.y, s.previousRect.width, s.previousRect.height],
      to: [s.currentRect.x, s.currentRect.y, s.currentRect.width, s.currentRect.height]}))});
  }
}).observe({type: "layout-shift", buffered: true});
"""
BOARD_BOX = """() => {
  const c = document.querySelector('canvas.nbg-canvas, .nbg-canvas canvas');
  const r = c.getBoundingClientRect();
  const s = document.getElementById('rendered_cells');
  const dy = (s ? s.scrollTop : 0) + window.scrollY, dx = (s ? s.scrollLeft : 0) + window.scrollX;
  return [r.x + dx, r.y + dy, r.width, r.height];
}"""
SCROLL_BY = """dy => { const s = document.getElementById('rendered_cells');
  if (s && s.scrollHeight > s.clientHeight) s.scrollBy(0, dy); else window.scrollBy(0, dy); }"""
CHOSEN = "n => [...Array(n + 1).keys()].map(s => document.querySelector(`.nbg-seat-${s} select`)?.selectedIndex)"
# The page's move number and status line, read in the page (a wait polls there, not over the wire).
PAGE_NOW = r"""() => {
  const at = document.querySelector('.nbg-position'), status = document.querySelector('.nbg-status');
  const text = at ? at.textContent : '';
  const m = text.match(/(\d+) of \d+/) || text.match(/\d+手中 (\d+)手目/);
  return {ply: m ? +m[1] : -1, status: status ? status.textContent : ''};
}"""
WAIT_MOVE = (f"([before, status]) => {{ const now = ({PAGE_NOW})();"
             " return now.ply > before || (status !== null && now.status !== status); }")
WAIT_TURN = (f"([ply, middle, over]) => {{ const now = ({PAGE_NOW})();"
             " return now.ply === ply && (over || now.status.includes(middle)); }")
SEED = 5
MAX_CLS = 0.01
# (game, players, page width, language, clicks): 240 clicks in all
CASES = [
    ("newyork", 2, 1280, "en", 40),
    ("galopp_royal", 3, 1280, "ja", 40),
    ("newyork1901", 2, 1280, "en", 40),
    ("newyork_city", 2, 1280, "en", 40),
    ("newyork_city", 2, 390, "ja", 40),
    ("newyork1901", 2, 390, "ja", 40),  # its narrow map window moves (Hint, the cursor): the page must not
]
HEIGHT = {1280: 900, 390: 844}


class Mirror:
    """The page's game replayed here: the same seed, the same seeded random bots (`PlayController`
    seeds a bot of seat s with game.seed * 31 + s), the human at seat 0."""

    def __init__(self, name: str, players: int, seed: int, width: int, lang: str):
        self.name, self.players, self.width, self.lang = name, players, width, lang
        self.game = nbgames.new_game(name, players, seed=seed)
        self.bots = {s: make_bot("random", seed=(seed * 31 + s) % 2**32) for s in range(1, players)}
        self.play_bots()

    def play_bots(self) -> None:
        game = self.game
        while game.to_move not in (0, None):
            game.play(self.bots[game.to_move].choose(game.clone()))

    def view(self) -> ShellView:
        """The game's view of seat 0 (made once, shown the game as it is now)."""
        if getattr(self, "_view", None) is None:
            self._view = manifest(self.name).view_class()(self.game, seat=0, lang=self.lang)
            self._view.seat_kinds = ["human"] + ["random"] * (self.players - 1)
            self._view.set_width(self.width)
        self._view.refresh()
        return self._view

    def play(self, action) -> None:
        self.game.play(str(action))
        self.play_bots()


def emits(view: ShellView, target: str) -> str | None:
    """The move a click on `target` plays at once (the kit's own click: one way to play there)."""
    found = view.candidates(target)
    return str(found[0]) if found and not view.asks_which(target) else None


def point_of(view: ShellView, target: str) -> tuple[float, float] | None:
    """A canvas point (canvas pixels) the view's own hit-testing maps to `target`."""
    tries = [view.geom.cell_centre(*cell) for cell in view.target_cells(target)]
    if view.regions is not None and view.regions.get(target) is not None:
        region = view.regions.get(target)
        x0, y0, x1, y1 = region.bounds
        tries += [region.centre, ((x0 + x1) / 2, (y0 + y1) / 2)]
    for x, y in tries:
        if view.target_at(x, y) == target:
            return x, y
    width, height = view.canvas.width, view.canvas.height
    for y in range(4, height, 8):
        for x in range(4, width, 8):
            if view.target_at(x, y) == target and view.target_at(x + 3, y + 3) == target:
                return x, y
    return None


class PlayedPage:
    def __init__(self, page, server, mirror: Mirror, case: str):
        self.page, self.server, self.mirror, self.case = page, server, mirror, case
        self.fired = self.answered = 0
        self.board_box: list[float] | None = None
        self.lost: list[str] = []
        self.clicks: list[str] = []

    # -- reading the page ---------------------------------------------------------------------
    def status(self) -> str:
        return self.page.locator(".nbg-status").first.inner_text()

    def ply(self) -> int:
        text = self.page.locator(".nbg-position").first.inner_text()
        match = re.search(r"(\d+) of \d+", text) or re.search(r"\d+手中 (\d+)手目", text)
        return int(match.group(1)) if match else -1

    def wait(self, predicate, what: str, timeout: float = 20.0) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if predicate():
                return True
            self.page.wait_for_timeout(25)
        return False

    def wait_js(self, predicate: str, arg, timeout: float) -> bool:
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        try:
            self.page.wait_for_function(predicate, arg=arg, timeout=timeout * 1000, polling=20)
        except PlaywrightTimeout:
            return False
        return True

    def wait_turn(self, timeout: float = 20) -> bool:
        """The page shows the mirror's move and asks the human (or the game is over)."""
        lang = self.mirror.lang
        middle = t("status.your_turn", lang, player="\x01", what="\x00").split("\x01")[1].split("\x00")[0]
        return self.wait_js(WAIT_TURN, [len(self.mirror.game.history), middle.strip(), self.mirror.game.is_over],
                            timeout)

    def check_board_still(self) -> None:
        box = self.page.evaluate(BOARD_BOX)
        assert self.board_box is not None
        # where it starts and how wide it is (a game may draw a taller or shorter board: that moves
        # nothing on it)
        moved = max(abs(a - b) for a, b in zip(box[:3], self.board_box[:3], strict=True))
        assert moved < 1, f"{self.case}: the board moved from {self.board_box} to {box}"

    # -- clicking -----------------------------------------------------------------------------
    def click_canvas(self, x: float, y: float, width: int) -> None:
        """Click canvas point (x, y) (canvas pixels) as a visitor would: scrolled into view first."""
        canvas = self.page.locator("canvas.nbg-canvas, .nbg-canvas canvas").first
        box = canvas.bounding_box()
        scale = box["width"] / width
        px, py = box["x"] + x * scale, box["y"] + y * scale
        height = self.page.viewport_size["height"]
        if not 80 < py < height - 40:
            self.page.evaluate(SCROLL_BY, py - height / 2)
            box = canvas.bounding_box()
            px, py = box["x"] + x * scale, box["y"] + y * scale
        self.page.mouse.click(px, py)

    def fire(self, how: str, expect_move: bool, act) -> None:
        """One click on a legal target: answered when the move is played (or the question is asked)."""
        before_ply, before_status = self.ply(), self.status()
        self.fired += 1
        self.clicks.append(how)
        act()
        ok = self.wait_js(WAIT_MOVE, [before_ply, None if expect_move else before_status], 20)
        if ok:
            self.answered += 1
        else:
            self.lost.append(f"{how} at ply {before_ply}: status {self.status()!r}")

    def turn(self, hint: bool) -> None:
        """Play the human's move by clicking, as the page offers it."""
        mirror = self.mirror
        view = mirror.view()
        if hint:  # the move's click comes right after Hint, while its search runs
            self.page.evaluate("() => document.querySelector('button.nbg-hint-button').click()")
        legal = list(view._legal)
        order = sorted(range(len(legal)), key=lambda i: (i * 7919 + len(mirror.game.history)) % len(legal))
        for i in order:  # a board target whose click plays a move at once
            action = legal[i]
            target = view.target_of(action)
            if target is None or type(view).click is not ShellView.click:
                continue  # a move of several clicks (choose, then confirm): from the list below
            played = emits(view, target)
            if played is not None:
                point = point_of(view, target)
                if point is None:
                    continue
                self.fire(f"{target} ({played})", True, lambda p=point: self.click_canvas(*p, view.canvas.width))
                mirror.play(played)
                return
            if not view.asks_which(target):
                continue
            point = point_of(view, target)  # it asks which way: then the chosen way's button
            if point is None:
                continue
            self.fire(f"{target} (asks)", False, lambda p=point: self.click_canvas(*p, view.canvas.width))
            button = self.page.locator(f".nbg-choices button[title='{action}']")
            self.fire(f"choice {action}", True, lambda b=button: b.click())
            mirror.play(action)
            return
        for action in legal:  # a move button (pass, done, a character …)
            if view.target_of(action) is None and view.button_name(action) in view._action_buttons:
                button = self.page.locator(f".nbg-actions button[title='{action}']")
                self.fire(f"button {action}", True, lambda b=button: b.click())
                mirror.play(action)
                return
        # moves made of several clicks: the list of all legal moves and its Play button
        notations = [value for _, value in view.moves.options]
        action = legal[order[0]]
        self.page.locator(".nbg-moves select").select_option(index=notations.index(str(action)))
        self.fire(f"Play {action}", True, lambda: self.page.locator("button.nbg-play-selected").click())
        mirror.play(action)


@pytest.mark.parametrize(("name", "players", "width", "lang", "clicks"), CASES,
                         ids=[f"{c[0]}-{c[2]}-{c[3]}" for c in CASES])
def test_the_page_holds_still_and_every_click_counts(browser, server, name, players, width, lang, clicks):
    case = f"{name} at {width} px ({lang})"
    context = browser.new_context(viewport={"width": width, "height": HEIGHT[width]})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", page_error_recorder(errors))
    page.add_init_script(OBSERVER)
    opened = time.monotonic()
    try:
        goto_drawn(page, f"{server.url}/voila/render/{name}/play.ipynb?lang={lang}", timeout=90_000, unfolded=False)
        unfold(page, "moves", "settings")  # the list of all moves, and the settings (the last panel)
        mirror = Mirror(name, players, SEED, width, lang)
        kinds = picker_kinds()
        page.locator(".nbg-bot-speed select").select_option(index=2)  # fast
        page.locator(".nbg-players select").select_option(index=players - manifest(name).min_players)
        played = PlayedPage(page, server, mirror, case)
        wanted = [kinds.index("human" if seat == 0 else "random") for seat in range(players)]

        def seats_chosen() -> bool:  # the seat boxes are made anew for another number of players
            now = page.evaluate(CHOSEN, players)
            for seat, index in enumerate(wanted):
                if now[seat] is not None and now[seat] != index:
                    page.locator(f".nbg-seat-{seat} select").select_option(index=index)
            return now == [*wanted, None]

        assert played.wait(seats_chosen, "the seats"), page.evaluate(CHOSEN, players)
        page.locator(".nbg-seed input").fill(str(SEED))
        page.wait_for_timeout(300)
        page.evaluate("() => document.querySelector('button.nbg-new-game').click()")  # no scrolling to it
        bots = t("seat.random", lang)
        assert played.wait(lambda: page.locator(".nbg-players-panel").first.inner_text().count(bots) == players - 1,
                           "the new game's seats"), page.locator(".nbg-players-panel").first.inner_text()
        print(f"\n{case}: page ready in {time.monotonic() - opened:.1f} s")
        assert played.wait_turn(), (
            f"{case}: page at move {played.ply()} ({played.status()!r}), the mirror at {len(mirror.game.history)}")
        page.evaluate("() => { const s = document.getElementById('rendered_cells'); if (s) s.scrollTo(0, 0);"
                      " window.scrollTo(0, 0); }")
        # the new game's board (another player count: another board) has its first draw: wait
        # until the page has settled (no shift for 0.6 s), then measure
        count, settled = -1, time.monotonic()
        while time.monotonic() - settled < 0.6:
            page.wait_for_timeout(100)
            now = page.evaluate("() => window.__nbgShifts.length")
            if now != count:
                count, settled = now, time.monotonic()
        played.board_box = page.evaluate(BOARD_BOX)
        page.evaluate("() => { window.__nbgShifts = []; }")  # the page was loaded and drawn: play starts
        turns, started = 0, time.monotonic()
        while played.fired < clicks:
            assert not mirror.game.is_over, f"{case}: the game ended after {turns} turns"
            played.turn(hint=turns % 6 == 3)
            turns += 1
            ok = played.wait_turn()
            assert ok, (f"{case}: the page is at move {played.ply()}, the mirror at {len(mirror.game.history)}: "
                        f"{played.status()!r}; the page played "
                        f"{page.evaluate('() => document.querySelector(`.nbg-moves-played`).textContent')!r}, "
                        f"the mirror {[str(a) for a in mirror.game.history][-14:]}; clicks {played.clicks[-4:]}")
            played.check_board_still()
        shifts = page.evaluate("() => window.__nbgShifts")
        cls = sum(s["value"] for s in shifts)
        print(f"\n{case}: {len(mirror.game.history)} moves, {played.answered}/{played.fired} clicks answered, "
              f"cumulative layout shift {cls:.4f} ({len(shifts)} shifts), played in {time.monotonic() - started:.1f} s")
        for shift in shifts:
            print(f"  shift {shift['value']:.4f} at {shift['at']}: {shift['sources']}")
        assert not played.lost, f"{case}: clicks not answered: {played.lost}"
        assert played.answered == played.fired >= clicks
        assert cls <= MAX_CLS, f"{case}: layout shift {cls:.4f} > {MAX_CLS}: {shifts[:6]}"
        assert not errors, errors
    finally:
        context.close()
