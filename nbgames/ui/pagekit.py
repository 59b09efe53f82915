"""`PageKit`: the few things a game page needs from the browser itself, as one small widget.

ipycanvas handles every pointer event of a canvas, which costs a newcomer three things this
widget gives back (the view shell puts one on every game page; all it shows is the language
switch, "English · 日本語"):

- a click acts on the square under the pointer when pressed: ipycanvas focuses the canvas
  before it reads the pointer, and focusing a board that is partly out of view scrolls the
  page first — so the square that *ends up* under the pointer was used. Focus here never scrolls;
- the mouse wheel over a board scrolls the page, and on a touch screen a swipe over the board
  scrolls while a tap is a click (ipycanvas would swallow both);
- the page's width, so a board can be laid out for a phone (`ShellView.set_width`);
- nothing lost: the page's state kept in the visitor's own browser (local storage, one key per
  game and page; nothing is stored on the server), the link it was opened with (a shared
  position after ``#share=``), the clipboard for "Copy link", and a plain-words notice with a
  Reload button when the connection to the page's kernel is lost (a heartbeat goes unanswered);
- a file chosen for Load that is larger than a saved game may be (`max_upload`) is refused in
  the browser and the kernel told (`on_too_large`): sent, it would pass the websocket's size limit
  and the connection would drop without a word;
- the page's language: ``<html lang>`` (which also picks the notebook prose of that language) and
  the switch, which opens the page again with ``?lang=`` and says so (`switched`), so the game or
  lesson kept in the browser comes back at once.

It is written with anywidget (its front end ships in the Python wheel: nothing is loaded from
the network, so it works offline and in Voilà).
"""

from __future__ import annotations

import traitlets

from ..engine.game import MAX_RECORD_BYTES
from .access import CSS as ACCESS_CSS
from .kitwidget import KitWidget

ESM = r"""
function onBoard(event) {
  const target = event.target;
  return target instanceof HTMLCanvasElement && target.closest(".nbg-canvas") ? target : null;
}

function install() {
  if (window.__nbgPageKit) return;  // one set of listeners per page, however many boards
  window.__nbgPageKit = true;
  const capture = { capture: true, passive: true };
  // A finger has no hover. Some browsers send a mouseout just after a tap (when the page changes
  // under the spot last touched): it would wipe what the tap just put in the panel.
  let touched = -Infinity;
  // Stopped on the way down, before ipycanvas sees them: the browser's own behaviour applies.
  for (const type of ["wheel", "touchstart", "touchmove", "touchend", "touchcancel"]) {
    document.addEventListener(type, (event) => {
      if (!onBoard(event)) return;
      event.stopPropagation();
      if (type === "touchend") touched = performance.now();
    }, capture);
  }
  document.addEventListener("mouseout", (event) => {
    if (onBoard(event) && performance.now() - touched < 1000) event.stopPropagation();
  }, capture);
  document.addEventListener("mousedown", (event) => {
    const canvas = onBoard(event);
    if (canvas && !canvas.__nbgFocus) {
      const focus = HTMLElement.prototype.focus;
      canvas.focus = (options) => focus.call(canvas, { ...options, preventScroll: true });
      canvas.__nbgFocus = true;
    }
  }, capture);
}

// The page holds still (issue 27): the status line and the player strip have boxes of fixed size
// (the kit's CSS); the board's row and the rows below it never shrink while a game runs — each
// keeps the largest height it has had (a min-height), so a button row that empties or a hand that
// shrinks does not pull what lies below up under the pointer. A new game or another page width
// starts afresh. A status line cut short gets its whole text as its title, and focus.
const HOLD = [".nbg-board-row", ".nbg-hand", ".nbg-info", ".nbg-choices", ".nbg-actions",
  ".nbg-extras", ".nbg-extras > *", ".nbg-extras .widget-box", ".nbg-extras .widget-html", ".nbg-timeline-bar",
  ".nbg-hint-text", ".nbg-lesson-title", ".nbg-lesson-intro", ".nbg-lesson-step", ".nbg-lesson-prompt",
  ".nbg-lesson-choices", ".nbg-lesson-feedback"].join(", ");
const held = new Set();
let holdObserver = null;

function holdSize(entries) {
  for (const entry of entries) {
    const el = entry.target;
    if (!el.isConnected) { held.delete(el); holdObserver.unobserve(el); continue; }
    const border = getComputedStyle(el).boxSizing === "border-box";
    const size = (border ? entry.borderBoxSize : entry.contentBoxSize)[0].blockSize;
    if (size > (parseFloat(el.style.minHeight) || 0) + 0.5) el.style.minHeight = size + "px";
  }
  fitSide();
}

const SIDE_BELOW_PX = 180;

function fitSide() {
  // The hand and information panel keep one box: beside the board never taller than the board,
  // below it (a wide board on a wide page) a fixed height; they scroll when their words are more.
  // A panel that grows does not make the board's row taller and push what is below.
  const wide = window.innerWidth >= 600;
  for (const row of document.querySelectorAll(".nbg-board-row")) {
    const board = row.querySelector(".nbg-board"), side = row.querySelector(".nbg-side");
    if (!board || !side) continue;
    const beside = side.offsetTop < board.offsetTop + board.offsetHeight / 2;
    const limit = beside ? Math.round(board.getBoundingClientRect().height) + "px" : wide ? SIDE_BELOW_PX + "px" : "";
    const height = !beside && wide ? limit : "";
    if (side.style.maxHeight !== limit || side.style.height !== height) {
      side.style.maxHeight = limit;
      side.style.height = height;
      side.style.overflowY = limit ? "auto" : "";
    }
    // A box that scrolls is reached by Tab, so its words can be scrolled from the keyboard too.
    const style = getComputedStyle(side);
    const scrolls = (/auto|scroll/.test(style.overflowY) && side.scrollHeight > side.clientHeight + 1)
      || (/auto|scroll/.test(style.overflowX) && side.scrollWidth > side.clientWidth + 1);
    if (scrolls && !side.hasAttribute("tabindex")) side.setAttribute("tabindex", "0");
    if (!scrolls && side.getAttribute("tabindex") === "0") side.removeAttribute("tabindex");
  }
}

function fitTitles() {
  for (const el of document.querySelectorAll(".nbg-status, .nbg-line > .widget-html-content")) {
    const text = el.textContent || "";
    if (el.title !== text) el.title = text;
    const cut = el.scrollHeight > el.clientHeight + 1;
    if (cut && !el.hasAttribute("tabindex")) el.setAttribute("tabindex", "0");
    if (!cut && el.getAttribute("tabindex") === "0") el.removeAttribute("tabindex");
  }
}

function holdStill() {
  if (window.__nbgHold) return;
  window.__nbgHold = true;
  holdObserver = new ResizeObserver(holdSize);
  const scan = () => {
    for (const el of document.querySelectorAll(HOLD)) {
      if (!held.has(el)) { held.add(el); holdObserver.observe(el); }
    }
    fitTitles();
    fitSide();
  };
  // Once per frame, before it is painted, however many changes the frame brought (a move can
  // bring hundreds): each scan reads the layout.
  let pending = false;
  const later = () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => { pending = false; scan(); });
  };
  new MutationObserver(later).observe(document.body, { childList: true, subtree: true, characterData: true });
  scan();
  let width = window.innerWidth;
  window.addEventListener("resize", () => {
    if (window.innerWidth !== width) { width = window.innerWidth; releaseHeld(); }
  });
}

function releaseHeld() {
  // Another game or another page width: every box may take its new natural height once more.
  // Observed anew, each box reports its new height at once and holds it from there.
  for (const el of held) {
    el.style.minHeight = "";
    holdObserver.unobserve(el);
    holdObserver.observe(el);
  }
}

const HEARTBEAT_MS = 4000;
const LOST_AFTER_MS = 12000;  // no answer for this long: the kernel or the server is gone

function showLost(model) {
  if (document.querySelector(".nbg-lost")) return;
  const texts = model.get("texts");
  const box = document.createElement("div");
  box.className = "nbg-lost";
  box.setAttribute("role", "alert");
  const words = document.createElement("span");
  words.textContent = texts.lost || "The connection to this page's game was lost.";
  const reload = document.createElement("button");
  reload.textContent = texts.reload || "Reload and resume";
  reload.addEventListener("click", () => window.location.reload());
  box.append(words, reload);
  document.body.append(box);
}

function whenSettled(model) {
  // The page's widget manager makes every model of the page at once and drops a message that
  // reaches one still being made: once all are made, the kernel is told, and sends the board
  // and its readiness label again (a slow page can take longer than any fixed wait).
  // Twice: models made while the first ones were being made are waited for too (not until none
  // is new: a game whose bots play on makes buttons all the time).
  const models = model.widget_manager && model.widget_manager._models;
  if (!models) return;
  const tell = () => {
    try { model.send({ settled: 1 }); } catch (err) { /* the page is closing */ }
  };
  const made = () => Promise.allSettled(Object.values(models));
  made().then(() => new Promise((next) => setTimeout(next, 200))).then(made).then(tell);
}

function initialize({ model }) {
  hearKernel(model);
  whenSettled(model);
  // Listen from the start: messages to a model reach it even before (or without) a view.
  // Pings not answered yet, and when the first of them left. Lost = several beats in a row and
  // LOST_AFTER_MS without an answer: time alone would also count a page that could not run
  // (a background tab's throttled timers, a busy main thread), whose pong is merely queued.
  let missed = 0;
  let firstMissed = 0;
  model.on("msg:custom", (msg) => {
    const key = model.get("storage_key");
    if (msg.pong !== undefined) missed = 0;
    if (msg.store !== undefined && key) {
      try {
        if (msg.store === null) localStorage.removeItem(key); else localStorage.setItem(key, msg.store);
      } catch (err) { /* storage full or blocked: the page goes on without it */ }
    }
    if (msg.set_aside && key) {
      try {
        const old = localStorage.getItem(key);
        if (old !== null) localStorage.setItem(key + ":set-aside", old);
        localStorage.removeItem(key);
      } catch (err) { /* as above */ }
    }
    if (msg.copy !== undefined) {
      const url = window.location.origin + window.location.pathname + window.location.search + msg.copy;
      const done = (ok) => model.send({ copied: url, ok });
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(url).then(() => done(true), () => done(false));
      } else { done(false); }
    }
  });
  const beat = setInterval(() => {
    const now = performance.now();
    if (missed >= LOST_AFTER_MS / HEARTBEAT_MS && now - firstMissed >= LOST_AFTER_MS) {
      showLost(model); clearInterval(beat); return;
    }
    if (missed === 0) firstMissed = now;
    missed += 1;
    try { model.send({ ping: 1 }); } catch (err) { /* the connection is gone: the next beats say so */ }
  }, HEARTBEAT_MS);
}

const LANG_KEY = "nbgames/lang";
const SWITCHED_KEY = "nbgames/switched";

function switchLanguage(lang) {
  // The page opens again in `lang`; what it kept (the game, the lesson) comes back at once.
  try { localStorage.setItem(LANG_KEY, lang); sessionStorage.setItem(SWITCHED_KEY, "1"); } catch (err) { /* */ }
  const url = new URL(window.location.href);
  url.searchParams.set("lang", lang);
  window.location.assign(url.toString());
}

function showLanguage(model, el) {
  const lang = model.get("lang");
  if (lang) document.documentElement.lang = lang;
  const languages = model.get("languages");
  el.replaceChildren();
  if (!lang || Object.keys(languages).length < 2) return;
  const nav = document.createElement("nav");
  nav.className = "nbg-langs";
  nav.setAttribute("aria-label", "Language / 言語");
  for (const [code, name] of Object.entries(languages)) {
    const link = document.createElement(code === lang ? "b" : "a");
    link.textContent = name;
    link.lang = code;
    if (code !== lang) {
      link.href = "#";
      link.className = "nbg-lang-" + code;
      link.addEventListener("click", (event) => { event.preventDefault(); switchLanguage(code); });
    }
    nav.append(link);
  }
  el.append(nav);
}

function readStorage(model) {
  const key = model.get("storage_key");
  if (!key) return;
  let value = "";
  try { value = localStorage.getItem(key) || ""; } catch (err) { value = ""; }
  let switched = false;
  try {
    switched = sessionStorage.getItem(SWITCHED_KEY) === "1";
    sessionStorage.removeItem(SWITCHED_KEY);
  } catch (err) { /* storage blocked: an ordinary visit */ }
  model.set("switched", switched);
  model.set("stored", value);
  model.set("location_hash", window.location.hash || "");
  model.set("ready", true);
  model.save_changes();
}

function refuseLargeFile(event) {
  // A file larger than the kernel takes (`max_upload`) never leaves the browser: its frame would
  // pass the websocket's size limit and the connection would drop with no word. Checked before
  // the upload widget's own listener reads the file; the kernel is told instead.
  const input = event.target;
  const model = window.__nbgPageKitModel;
  const limit = model && model.get("max_upload");
  if (!limit || !(input instanceof HTMLInputElement) || input.type !== "file" || !input.files) return;
  const big = Array.from(input.files).find((file) => file.size > limit);
  if (!big) return;
  event.stopImmediatePropagation();
  input.value = "";
  model.send({ too_large: { name: big.name.slice(0, 200), size: big.size } });
}

function guardUploads() {
  if (window.__nbgUploadGuard) return;
  window.__nbgUploadGuard = true;
  document.addEventListener("change", refuseLargeFile, { capture: true });
  // ipywidgets' FileUpload keeps its <input type=file> out of the document (its button calls the
  // input's click()), so its change event never passes the document: the input gets the check
  // itself, as a capture listener, which runs before the widget's own listener on the same element.
  const click = HTMLInputElement.prototype.click;
  HTMLInputElement.prototype.click = function () {
    if (this.type === "file" && !this.__nbgGuarded) {
      this.__nbgGuarded = true;
      this.addEventListener("change", refuseLargeFile, { capture: true });
    }
    return click.call(this);
  };
}

function render({ model, el }) {
  install();
  holdStill();
  model.on("change:hold_epoch", releaseHeld);
  window.__nbgPageKitModel = model;
  guardUploads();
  el.classList.add("nbg-pagekit");
  const report = () => {
    const width = Math.round(window.innerWidth || document.documentElement.clientWidth);
    if (width > 0 && width !== model.get("width")) {
      model.set("width", width);
      model.save_changes();
    }
  };
  report();
  readStorage(model);
  // A rule id marked in a panel (refusal, lesson, score line, hint) opens that rule beside the board.
  document.addEventListener("click", (event) => {
    const ref = event.target.closest && event.target.closest("abbr.nbg-rule-ref");
    if (ref && el.isConnected) model.send({ rule: ref.dataset.rule });
  });
  model.on("change:storage_key", () => readStorage(model));
  showLanguage(model, el);
  model.on("change:lang", () => showLanguage(model, el));
  window.addEventListener("resize", report);
  return () => window.removeEventListener("resize", report);
}
export default { initialize, render };
"""


# The page's look, shared by every game: the status line is the one place the page talks, the
# player strip is compact, cards look like cards, and nothing above or beside the board changes
# size while a game runs.
CSS = """
.nbg-game { max-width: 1180px; }
/* Nothing above or beside the board changes size while a game runs (issue 27): a board that
   moves under the pointer makes the next click miss. The status line's box holds two lines (three
   on a phone); a longer text is cut with "…" and shown whole, over what lies below, on hover or
   focus (and in its title). */
.nbg-status-box { position: relative; flex: none; height: 56px; margin: 4px 0; overflow: visible; }
.nbg-status-box > .widget-label.nbg-status {
  position: absolute; top: 0; left: 0; right: 0; height: 100%; box-sizing: border-box; margin: 0;
  display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; overflow: hidden;
  white-space: normal; text-overflow: clip; line-height: 1.45; font-size: 15px; font-weight: 600;
  color: #222; padding: 6px 10px; background: #FFF8E6; border-left: 5px solid #E69F00; border-radius: 4px;
}
.nbg-status-box > .widget-label.nbg-status:hover, .nbg-status-box > .widget-label.nbg-status:focus {
  height: auto; min-height: 100%; -webkit-line-clamp: unset; z-index: 30;
  box-shadow: 0 2px 6px rgba(0, 0, 0, 0.3);
}
.widget-label.nbg-status {
  white-space: normal; overflow: visible; text-overflow: clip; height: auto; min-height: 1.5em;
  line-height: 1.45; font-size: 15px; font-weight: 600; color: #222; margin: 4px 0;
  padding: 6px 10px; background: #FFF8E6; border-left: 5px solid #E69F00; border-radius: 4px;
}
/* A game's own line above the board (`nbg-line`, e.g. New York City's round line): one line (three on
   a phone), cut with "…" and shown whole on hover and in its title. */
.widget-html.nbg-line { flex: none; height: 22px; margin: 2px 0; overflow: visible; position: relative; }
.widget-html.nbg-line > .widget-html-content {
  position: absolute; top: 0; left: 0; right: 0; max-height: 100%; line-height: 20px; overflow: hidden;
  display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 1; white-space: normal;
}
.widget-html.nbg-line:hover > .widget-html-content {
  max-height: none; -webkit-line-clamp: unset; z-index: 30; background: #fff; box-shadow: 0 2px 6px rgba(0, 0, 0, 0.3);
}
/* The rules the status line cites: a row of its own, always there (empty or not). */
.nbg-status-rules { flex: none; height: 26px; overflow: hidden; }
/* The player strip: a grid whose columns depend on the number of seats only (`--nbg-seats`),
   each seat a box of two lines; a longer line is cut and shown whole on hover or focus. */
.nbg-strip { display: grid; grid-template-columns: repeat(var(--nbg-seats, 4), minmax(0, 1fr));
  gap: 4px 6px; margin: 2px 0 4px 0; }
.nbg-seat { position: relative; height: 44px; box-sizing: border-box; min-width: 0; }
.nbg-seat-line {
  position: absolute; top: 0; left: 0; right: 0; min-height: 100%; max-height: 100%; box-sizing: border-box;
  display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; overflow: hidden;
  padding: 2px 8px; font-size: 13px; line-height: 18px; overflow-wrap: anywhere;
  border: 2px solid #d8d2c4; border-radius: 10px; background: #fffdf8;
}
.nbg-seat.nbg-turn .nbg-seat-line { border-color: #222; background: #FFF8E6; }
.nbg-seat:hover .nbg-seat-line, .nbg-seat:focus .nbg-seat-line {
  max-height: none; -webkit-line-clamp: unset; z-index: 30; box-shadow: 0 2px 6px rgba(0, 0, 0, 0.3);
}
.nbg-seat-name { font-weight: 600; }
.nbg-mover-mark { display: inline-block; width: 1.1em; text-align: center; visibility: hidden; }
.nbg-turn .nbg-mover-mark { visibility: visible; }
.nbg-swatch { display: inline-block; vertical-align: -2px; margin-right: 5px; width: 13px; height: 13px;
  border-radius: 50%; border: 1px solid #222; }
.nbg-seat-kind { color: #555; font-size: 12px; font-style: italic; margin-right: 4px; }
/* A lesson's feedback, above its board, holds two lines even while empty: the first answer to a
   click does not push the board down under the pointer (the lesson's boxes also never shrink
   until the next lesson, see `HOLD`). */
.nbg-lesson-feedback { min-height: 3em; }
/* The rows of buttons below the board hold one row of buttons even while empty, the list of all
   moves its width whatever the moves' words. */
.nbg-choices, .nbg-actions { min-height: 32px; }
.widget-dropdown.nbg-moves { width: 460px !important; }
.nbg-hand .nbg-cards { min-height: 84px; }  /* two rows of cards: a hand that grows moves nothing */
.nbg-hand .nbg-card { padding: 6px 10px; margin: 3px; font-size: 15px; border-radius: 6px;
  box-shadow: 0 1px 2px rgba(0, 0, 0, 0.35); }
.nbg-info { line-height: 1.45; }
/* "Move 9 of 9" → "Move 10 of 10" moves nothing beside it */
.nbg-position { min-width: 8.5em; font-variant-numeric: tabular-nums; }
.nbg-canvas canvas { touch-action: manipulation; }
.nbg-fold .jupyter-widget-Collapse-header { padding: 4px 8px; }
.nbg-lost {
  position: fixed; top: 0; left: 0; right: 0; z-index: 1000; padding: 12px 16px;
  background: #D55E00; color: #fff; font-size: 16px; font-weight: 600;
  display: flex; flex-wrap: wrap; gap: 12px; align-items: center; justify-content: center;
}
.nbg-lost button { font-size: 15px; padding: 4px 14px; border-radius: 4px; border: 2px solid #fff;
  background: #fff; color: #222; cursor: pointer; }
/* Notebook prose in both languages: the page shows the block of its own language. */
html:not([lang|="ja"]) .jp-MarkdownCell [lang|="ja"], html[lang|="ja"] .jp-MarkdownCell [lang|="en"] { display: none; }
.nbg-langs { display: flex; gap: 10px; justify-content: flex-end; font-size: 13px; margin: 2px 0; }
.nbg-langs a { color: #0072B2; }
abbr.nbg-rule-ref { cursor: pointer; text-decoration: underline dotted; color: #0072B2; }
.nbg-status-rules button { font-size: 12px; height: 24px; }
.nbg-resume-offer { border: 2px solid #0072B2; border-radius: 6px; padding: 6px 10px; margin: 4px 0;
  background: #EEF6FC; }
.nbg-notice { border: 2px solid #D55E00; border-radius: 6px; padding: 6px 10px; margin: 4px 0;
  background: #FDF1E8; }
@media (max-width: 599px) {
  .nbg-side { min-width: 100% !important; }
  .widget-label.nbg-status, .nbg-status-box > .widget-label.nbg-status { font-size: 14px; -webkit-line-clamp: 3; }
  .nbg-status-box { height: 73px; }
  .widget-html.nbg-line { height: 62px; }
  .widget-html.nbg-line > .widget-html-content { -webkit-line-clamp: 3; }
  .nbg-strip { grid-template-columns: repeat(var(--nbg-seats-narrow, 2), minmax(0, 1fr)); }
  .nbg-seat-line { font-size: 12px; line-height: 17px; padding: 2px 6px; }
  .nbg-seat { height: 42px; }
}
"""


class PageKit(KitWidget):
    """Invisible helper of a game page (see the module docstring).

    From the browser: `width` (CSS pixels, 0 until connected), and once `storage_key` is set
    and a browser shows the page, `stored` (what this browser kept under that key, "" if
    nothing) and `location_hash` (the page address's ``#…`` part); `ready` turns True then.
    To the browser: `store(text)`, `set_aside()`, `copy(fragment)`.
    """

    FROM_BROWSER = ("width", "stored", "location_hash", "ready", "switched")
    _esm = ESM
    _css = CSS + ACCESS_CSS  # the kit's look, and its contrast and link fixes (`ui/access.py`)
    width = traitlets.Int(0).tag(sync=True)
    storage_key = traitlets.Unicode("").tag(sync=True)
    stored = traitlets.Unicode("").tag(sync=True)
    location_hash = traitlets.Unicode("").tag(sync=True)
    ready = traitlets.Bool(False).tag(sync=True)
    texts = traitlets.Dict().tag(sync=True)  # the connection-lost notice, in the page's language
    lang = traitlets.Unicode("").tag(sync=True)  # the page's language (sets <html lang>, the switch)
    languages = traitlets.Dict().tag(sync=True)  # {code: name} offered by the switch
    switched = traitlets.Bool(False).tag(sync=True)  # the page was opened again by a language switch
    max_upload = traitlets.Int(MAX_RECORD_BYTES).tag(sync=True)  # larger files stay in the browser
    hold_epoch = traitlets.Int(0).tag(sync=True)  # bumped for a new game: the page's rows may shrink once

    def __init__(self, **kwargs):
        from ..i18n import LANGUAGES, current

        kwargs.setdefault("lang", current())
        kwargs.setdefault("languages", dict(LANGUAGES))
        super().__init__(**kwargs)
        self._copied: list = []
        self._rule_callbacks: list = []
        self._too_large_callbacks: list = []
        self._settled_callbacks: list = []
        self.on_msg(self._on_browser_message)

    def on_settled(self, callback) -> None:
        """Call `callback()` when the page has made all its widgets (each page load): what was
        sent to one still being made was lost, and is sent again then."""
        self._settled_callbacks.append(callback)

    def on_rule(self, callback) -> None:
        """Call `callback(rule_id)` when the visitor clicks a marked rule id on the page."""
        self._rule_callbacks.append(callback)

    def on_too_large(self, callback) -> None:
        """Call `callback(name, size)` when the visitor picks a file over `max_upload` bytes (the
        browser keeps it: the file input stays empty)."""
        self._too_large_callbacks.append(callback)

    def store(self, text: str | None) -> None:
        """Keep `text` in the visitor's browser under `storage_key` (None: forget it)."""
        self.send({"store": text})

    def set_aside(self) -> None:
        """Move what is stored aside (``<key>:set-aside``): refused, but not destroyed."""
        self.send({"set_aside": True})

    def copy(self, fragment: str, then=None) -> None:
        """Put this page's address + `fragment` ("#share=…") on the clipboard; `then(url, ok)`
        is called with the full address (and whether the clipboard took it)."""
        self._copied = [then] if then is not None else []
        self.send({"copy": fragment})

    def _on_browser_message(self, _widget, content, _buffers) -> None:
        if not isinstance(content, dict):
            return
        if "ping" in content:
            self.send({"pong": 1})
        elif "settled" in content:
            for callback in self._settled_callbacks:
                callback()
        elif "rule" in content and isinstance(content["rule"], str) and self._rule_callbacks:
            for callback in self._rule_callbacks:
                callback(content["rule"][:40])
        elif isinstance(content.get("too_large"), dict):
            name, size = content["too_large"].get("name"), content["too_large"].get("size")
            for callback in self._too_large_callbacks:
                callback(name[:200] if isinstance(name, str) else "", size if isinstance(size, int) else 0)
        elif "copied" in content and isinstance(content["copied"], str) and self._copied:
            self._copied[0](content["copied"][:20_000], content.get("ok") is True)
