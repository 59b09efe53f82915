"""`PageKit`: the few things a game page needs from the browser itself, as one small widget.

ipycanvas handles every pointer event of a canvas, which costs a newcomer three things this
widget gives back (it is invisible; the view shell puts one on every game page):

- a click acts on the square under the pointer when pressed: ipycanvas focuses the canvas
  before it reads the pointer, and focusing a board that is partly out of view scrolls the
  page first — so the square that *ends up* under the pointer was used. Focus here never scrolls;
- the mouse wheel over a board scrolls the page, and on a touch screen a swipe over the board
  scrolls while a tap is a click (ipycanvas would swallow both);
- the page's width, so a board can be laid out for a phone (`ShellView.set_width`).

It is written with anywidget (its front end ships in the Python wheel: nothing is loaded from
the network, so it works offline and in Voilà).
"""

from __future__ import annotations

import anywidget
import traitlets

ESM = r"""
function onBoard(event) {
  const target = event.target;
  return target instanceof HTMLCanvasElement && target.closest(".nbg-canvas") ? target : null;
}

function install() {
  if (window.__nbgPageKit) return;  // one set of listeners per page, however many boards
  window.__nbgPageKit = true;
  const capture = { capture: true, passive: true };
  // Stopped on the way down, before ipycanvas sees them: the browser's own behaviour applies.
  for (const type of ["wheel", "touchstart", "touchmove", "touchend", "touchcancel"]) {
    document.addEventListener(type, (event) => { if (onBoard(event)) event.stopPropagation(); }, capture);
  }
  document.addEventListener("mousedown", (event) => {
    const canvas = onBoard(event);
    if (canvas && !canvas.__nbgFocus) {
      const focus = HTMLElement.prototype.focus;
      canvas.focus = (options) => focus.call(canvas, { ...options, preventScroll: true });
      canvas.__nbgFocus = true;
    }
  }, capture);
}

function render({ model, el }) {
  install();
  el.classList.add("nbg-pagekit");
  const report = () => {
    const width = Math.round(window.innerWidth || document.documentElement.clientWidth);
    if (width > 0 && width !== model.get("width")) {
      model.set("width", width);
      model.save_changes();
    }
  };
  report();
  window.addEventListener("resize", report);
  return () => window.removeEventListener("resize", report);
}
export default { render };
"""


# The page's look, shared by every game: the status line is the one place the page talks (it
# wraps, never cut off with "…"), the player strip is compact, cards look like cards.
CSS = """
.nbg-game { max-width: 1180px; }
.widget-label.nbg-status {
  white-space: normal; overflow: visible; text-overflow: clip; height: auto; min-height: 1.5em;
  line-height: 1.45; font-size: 15px; font-weight: 600; color: #222; margin: 4px 0;
  padding: 6px 10px; background: #FFF8E6; border-left: 5px solid #E69F00; border-radius: 4px;
}
.nbg-strip { display: flex; flex-wrap: wrap; gap: 6px; margin: 2px 0 4px 0; }
.nbg-seat {
  display: flex; align-items: center; gap: 6px; padding: 3px 10px; font-size: 13px;
  border: 1px solid #d8d2c4; border-radius: 14px; background: #fffdf8; line-height: 1.4;
}
.nbg-seat.nbg-turn { border: 2px solid #222; background: #FFF8E6; font-weight: 600; }
.nbg-swatch { width: 14px; height: 14px; flex: none; border-radius: 50%; border: 1px solid #222; }
.nbg-seat-kind { color: #555; font-size: 12px; font-style: italic; }
.nbg-hand .nbg-card { padding: 6px 10px; margin: 3px; font-size: 15px; border-radius: 6px;
  box-shadow: 0 1px 2px rgba(0, 0, 0, 0.35); }
.nbg-info { line-height: 1.45; }
.nbg-canvas canvas { touch-action: manipulation; }
.nbg-fold .jupyter-widget-Collapse-header { padding: 4px 8px; }
@media (max-width: 599px) {
  .nbg-side { min-width: 100% !important; }
  .widget-label.nbg-status { font-size: 14px; }
}
"""


class PageKit(anywidget.AnyWidget):
    """Invisible helper of a game page (see the module docstring); `width` is the page's width
    in CSS pixels as the browser reports it (0 until a browser is connected)."""

    _esm = ESM
    _css = CSS
    width = traitlets.Int(0).tag(sync=True)
