"""Accessible game pages: the page's one spoken line, the board by keyboard, and the kit's
contrast and names.

- `Announcer`: a small anywidget, one per game page, holding the page's **one** live region
  (``role="status"``, ``aria-live="polite"``), visually hidden: a screen reader hears the status
  line when it changes and the target under the keyboard cursor when it moves. (The status line
  itself is no live region, so nothing is said twice.)
- The board by keyboard (`ShellView` calls these): the board canvas takes the focus with Tab
  and is named (what it is, which keys play it); the arrow keys walk every target of the board
  (`board_targets`, each game's `cursor_step`), ``N`` / ``P`` jump to the next / previous target
  that plays something now (`next_stop`, each game's `keyboard_stops`), Enter or Space plays it,
  and Tab leaves the board to the "which way?" choices and the buttons. ipycanvas takes every
  key pressed on its canvas (`preventDefault`), Tab too: a keyboard would be trapped on the
  board, so Tab and Shift+Tab are kept from it here and do what they do everywhere.
- Names and contrast the widgets lack (WCAG AA, checked by axe-core in the browser tests): the
  slider handles of ipywidgets get their slider's label as their name, the buttons' styles
  (primary, info, success, warning, danger) darker fills so white text reads at 4.5:1, links in
  prose are underlined, and `readable` darkens a game's accent colour for text.

Its front end ships in the wheel (anywidget): nothing is loaded from the network.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import traitlets

from ..i18n import N_, gettext
from .kitwidget import KitWidget

if TYPE_CHECKING:
    from .shell import ShellView

BOARD_NAME = N_("Game board. Arrow keys move the cursor over every square and card; N and P jump to the "
                "next or previous place that plays something now; Enter or Space plays it; Tab goes on "
                "to the buttons.")
NOTHING_ON_BOARD = N_("Nothing is played on the board now: use the buttons below it.")
NEXT_KEYS = {"n": 1, "N": -1, "p": -1, "P": -1}  # Shift+N goes back too

ESM = r"""
function unnamed(el) {
  return !el.getAttribute("aria-label") && !el.getAttribute("aria-labelledby");
}

function nameControls(root) {
  // A slider's handle is the control a keyboard moves: it takes its slider's label.
  for (const handle of root.querySelectorAll(".noUi-handle[role=slider]")) {
    if (!unnamed(handle)) continue;
    const widget = handle.closest(".widget-slider, .jupyter-widgets");
    const label = widget && widget.querySelector(".widget-label");
    const name = (label && label.textContent.trim()) || (widget && widget.title) || "";
    if (name) handle.setAttribute("aria-label", name);
  }
  // A form control with no label of its own takes its placeholder or tooltip as its name.
  const inputs = ".jupyter-widgets select, .jupyter-widgets input, .jupyter-widgets textarea";
  for (const input of root.querySelectorAll(inputs)) {
    if (!unnamed(input) || input.type === "hidden") continue;
    const id = input.id;
    const label = id ? document.querySelector(`label[for="${CSS.escape(id)}"]`) : null;
    if (label && label.textContent.trim() && label.offsetParent !== null) continue;
    const name = input.getAttribute("placeholder") || input.getAttribute("title") || "";
    if (name) input.setAttribute("aria-label", name);
  }
  // A panel that scrolls (the log, a lesson's text beside the board) takes the focus, so the
  // keyboard can scroll it too.
  for (const box of root.querySelectorAll(".jupyter-widgets[style*=overflow]")) {
    const scrolls = box.scrollHeight > box.clientHeight + 1 || box.scrollWidth > box.clientWidth + 1;
    if (scrolls && !box.hasAttribute("tabindex")) box.setAttribute("tabindex", "0");
  }
  // The boards: reached with Tab, named with what they are and the keys that play them.
  const boardName = window.__nbgBoardName || "";
  for (const canvas of root.querySelectorAll("canvas.nbg-canvas, .nbg-canvas canvas")) {
    if (boardName && canvas.getAttribute("aria-label") !== boardName) {
      canvas.setAttribute("role", "application");
      canvas.setAttribute("aria-label", boardName);
    }
  }
}

function install() {
  if (window.__nbgAccess) return;
  window.__nbgAccess = true;
  // Tab leaves a board as it leaves anything else (ipycanvas would keep it: a keyboard trap).
  document.addEventListener("keydown", (event) => {
    const target = event.target;
    if (event.key === "Tab" && target instanceof HTMLCanvasElement && target.closest(".nbg-canvas")) {
      event.stopPropagation();
    }
  }, { capture: true });
  let pending = false;
  const later = () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => { pending = false; nameControls(document); });
  };
  new MutationObserver(later).observe(document.body, { childList: true, subtree: true });
  later();
}

function render({ model, el }) {
  install();
  el.classList.add("nbg-announcer");
  const live = document.createElement("div");
  live.className = "nbg-live";
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "polite");
  live.setAttribute("aria-atomic", "true");
  el.append(live);
  // The same words said again (a second press on the same square) are read again: the region
  // is emptied first, then filled.
  const say = () => {
    const text = model.get("text");
    live.dataset.said = String(model.get("said"));  // how many times it spoke (tests wait on it)
    if (live.textContent !== text) { live.textContent = text; return; }
    live.textContent = "";
    setTimeout(() => { live.textContent = model.get("text"); }, 30);
  };
  const name = () => {
    window.__nbgBoardName = model.get("board_name");
    nameControls(document);
  };
  say();
  name();
  model.on("change:said", say);
  model.on("change:board_name", name);
}
export default { initialize: ({ model }) => hearKernel(model), render };
"""

# WCAG AA fills for ipywidgets' button styles (white text at 4.5:1 or more), underlined links in
# prose, and a spoken line that takes no room on the page.
CSS = """
.nbg-announcer, .nbg-live {
  position: absolute !important; width: 1px !important; height: 1px !important; margin: 0 !important;
  padding: 0 !important; overflow: hidden !important; clip-path: inset(50%); white-space: nowrap;
}
.jupyter-widgets.jupyter-button.mod-primary { background-color: #0B5CAD; color: #fff; }
.jupyter-widgets.jupyter-button.mod-info { background-color: #006C78; color: #fff; }
.jupyter-widgets.jupyter-button.mod-success { background-color: #2E7033; color: #fff; }
.jupyter-widgets.jupyter-button.mod-warning { background-color: #A34E00; color: #fff; }
.jupyter-widgets.jupyter-button.mod-danger { background-color: #B3261E; color: #fff; }
.jp-RenderedHTMLCommon a, .widget-html-content a { text-decoration: underline !important; }
canvas.nbg-canvas:focus-visible, .nbg-canvas canvas:focus-visible { outline: 3px solid #0072B2; outline-offset: 2px; }
"""


class Announcer(KitWidget):
    """The page's one live region (visually hidden); `say(text)` has a screen reader read it.
    `board_name`: the accessible name of the page's board canvases (the keys that play them)."""

    _esm = ESM
    _css = CSS
    text = traitlets.Unicode("").tag(sync=True)
    said = traitlets.Int(0).tag(sync=True)  # one more each time something is said
    board_name = traitlets.Unicode("").tag(sync=True)

    def __init__(self, lang: str | None = None, **kwargs):
        kwargs.setdefault("board_name", gettext(BOARD_NAME, lang))
        super().__init__(**kwargs)

    def say(self, text: str) -> None:
        """Have the live region say `text` (the same text again is said again)."""
        with self.hold_sync():
            self.text = " ".join(str(text).split())
            self.said += 1


# -- the board by keyboard ------------------------------------------------------------------
def board_targets(view: ShellView) -> list[str]:
    """Every target of a view's board in reading order: the grid's cells row by row, then the
    named regions (cards, tiles, districts …), each once."""
    names: list[str] = []
    seen: set[str] = set()
    for row in range(view.geom.rows):
        for col in range(view.geom.cols):
            name = view.cell_name(row, col)
            if name and name not in seen:
                seen.add(name)
                names.append(name)
    for name in view.regions.names if view.regions is not None else ():
        if name not in seen:
            seen.add(name)
            names.append(name)
    return names


def reachable(view: ShellView, start: str | None = None, limit: int = 5000) -> set[str]:
    """The cursor positions the arrow keys reach from `start` (None: where the cursor starts)."""
    steps = ((-1, 0), (1, 0), (0, -1), (0, 1))
    first = {view.cursor_step(start, dr, dc) for dr, dc in steps}
    seen, todo = set(first), list(first)
    while todo and len(seen) < limit:
        here = todo.pop()
        for dr, dc in steps:
            there = view.cursor_step(here, dr, dc)
            if there and there not in seen:
                seen.add(there)
                todo.append(there)
    return seen


def next_stop(stops: Sequence[str], cursor: str | None, step: int) -> str | None:
    """The stop after (`step` 1) or before (-1) `cursor` in `stops`, wrapping; None if none."""
    if not stops:
        return None
    if cursor not in stops:
        return stops[0] if step > 0 else stops[-1]
    return stops[(list(stops).index(cursor) + step) % len(stops)]


def spoken(lines: Sequence[str]) -> str:
    """Lines of the information panel as one sentence for the live region (each line once)."""
    out: list[str] = []
    for line in lines:
        line = " ".join(str(line).split())
        if line and line not in out:
            out.append(line)
    return " · ".join(out)


def nothing_on_board(lang: str | None) -> str:
    return gettext(NOTHING_ON_BOARD, lang)


# -- colours ----------------------------------------------------------------------------------
def _luminance(colour: str) -> float:
    value = colour.lstrip("#")
    if len(value) == 3:
        value = "".join(c * 2 for c in value)
    channels = [int(value[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two "#RRGGBB" colours (1 to 21)."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def ink_on(fill: str) -> str:
    """Black or white, whichever reads better on `fill` (text on a coloured chip)."""
    return "#000000" if contrast("#000000", fill) >= contrast("#FFFFFF", fill) else "#FFFFFF"


def readable(colour: str, background: str = "#ffffff", ratio: float = 4.5) -> str:
    """`colour`, darkened just enough that text in it on `background` (or white text on it)
    reads at `ratio` (WCAG AA: 4.5 for ordinary text)."""
    value = colour.lstrip("#")
    if len(value) == 3:
        value = "".join(c * 2 for c in value)
    rgb = [int(value[i:i + 2], 16) for i in (0, 2, 4)]
    for k in range(101):
        shade = "#" + "".join(f"{round(c * (1 - k / 100)):02X}" for c in rgb)
        if contrast(shade, background) >= ratio:
            return shade
    return "#000000"
