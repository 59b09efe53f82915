"""Rules at hand: a game's rules (from `nbgames.rule`) as a searchable panel beside the board,
and as a printable one-page reference.

`RulesPanel(game, lang)` is three widgets: a search box, the opened rule (`show(rule_id)`, for a
rule id clicked in a refusal, a lesson, a score line or a hint) and the list of the game's rules
by section, each folded in a ``<details>`` that opens in the browser without a round trip.
`reference(game, lang)` is the same text as one printable HTML page (A4, a page per section).
"""

from __future__ import annotations

import html
import math
import random
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from ..engine.game import new_game
from ..engine.registry import manifest
from ..i18n import N_, gettext, playing
from ..rulebook import DEFAULT_LANGUAGE, RULE_ID, cited, rule, rulebook_module, rules_of
from .board import HIGHLIGHTS, PIECES, STATIC
from .gallery_page import game_text

PICTURE_SEED = 1901  # the reference's pictures are the same game every time
PICTURE_PLAYERS = 3
LABELS = {
    "search": N_("Search the rules (a word or a rule id, e.g. fee or NY-11)"), "house": N_("house rule"),
    "none": N_("No rule mentions “{query}”."), "count": N_("{shown} of {total} rules"),
    "unknown": N_("{rule} is not one of {game}'s rules."),
    "print": N_("Print this page (A4) from the browser's menu: each section starts a new page."),
    "start": N_("The board as a new game of {players} players starts."),
    "end": N_("The board at the end of a game of {players} players (random moves): what the final scoring counts."),
}

CSS = """<style>
.nbg-rules-list details.nbg-rule { margin: 2px 0; padding: 2px 6px; border-left: 3px solid #d8d2c4; }
.nbg-rules-list details.nbg-rule[open] { border-left-color: #0072B2; background: #fffdf8; }
.nbg-rules-list summary { cursor: pointer; line-height: 1.5; }
.nbg-rules h4.nbg-rules-section-title { margin: 10px 0 4px 0; font-size: 14px; color: #444; }
.nbg-rule-id { font-family: monospace; font-weight: 700; color: #0072B2; margin-right: 6px; }
.nbg-rule-house { font-size: 11px; padding: 0 6px; margin-left: 6px; border-radius: 8px; background: #FFF1D6;
  border: 1px solid #E69F00; color: #6b4a00; white-space: nowrap; }
.nbg-rule-text { margin: 4px 0 6px 0; line-height: 1.55; }
.nbg-rule-open { padding: 6px 10px; margin: 4px 0; border: 2px solid #0072B2; border-radius: 6px;
  background: #EEF6FC; }
.nbg-rule-open h4 { margin: 0 0 4px 0; }
.nbg-rule-section { color: #555; font-size: 12px; }
abbr.nbg-rule-ref { text-decoration: underline dotted; cursor: help; }
.nbg-rules:lang(ja), .nbg-rules :lang(ja) { font-family: "Hiragino Sans", "Noto Sans CJK JP", "Noto Sans JP",
  "Yu Gothic", Meiryo, sans-serif; }
.nbg-rules-ref, .nbg-rules-body { line-height: 1.45; }  /* the HTML widget's own is 28px */
.nbg-rules-count { color: #555; font-size: 12px; margin: 2px 0; }
.nbg-rules-ref { max-width: 760px; font-size: 15px; }
.nbg-rules-ref .nbg-rule { margin: 6px 0 10px 0; break-inside: avoid; page-break-inside: avoid; }
.nbg-rules-ref h2 { margin: 18px 0 6px 0; border-bottom: 2px solid #d8d2c4; }
.nbg-rules-ref-toc a { margin-right: 12px; }
.nbg-rules-figure { margin: 6px 0 12px 0; break-inside: avoid; page-break-inside: avoid; }
.nbg-rules-figure svg { max-width: 100%; height: auto; }
.nbg-rules-figure figcaption { color: #555; font-size: 13px; }
@media print {
  @page { size: A4; margin: 14mm; }
  html, body, #rendered_cells, .jp-Notebook, .jp-Cell, .jp-OutputArea, .jp-OutputArea-output {
    height: auto !important; overflow: visible !important; background: #fff !important; }
  .nbg-rules-noprint, .jp-InputArea, .jp-InputPrompt, .jp-OutputPrompt, .voila-spinner { display: none !important; }
  .nbg-rules-ref { max-width: none; font-size: 11pt; }
  .nbg-rules-ref-section { break-before: page; page-break-before: always; }
  .nbg-rules-ref-section:first-of-type { break-before: auto; page-break-before: auto; }
  .nbg-rules-ref .nbg-rule-house { border: 1px solid #000; background: none; color: #000; }
  .nbg-rules-figure svg { max-height: 110mm; }
}
</style>"""


def label(key: str, lang: str, **kw: Any) -> str:
    """One of the panel's own words in `lang` (English if missing)."""
    return gettext(LABELS[key], lang).format(**kw)


def game_title(game: str, lang: str = DEFAULT_LANGUAGE) -> str:
    m = manifest(game)
    return game_text(m, "title", m.title, lang)


def rule_heading(rule_id: str, entry: Mapping[str, Any], lang: str) -> str:
    """"<id> <title> [house rule]" as escaped HTML."""
    house = f"<span class='nbg-rule-house'>{html.escape(label('house', lang))}</span>" if entry["house"] else ""
    return (f"<span class='nbg-rule-id'>{html.escape(rule_id)}</span>"
            f"<span class='nbg-rule-title'>{html.escape(entry['title'])}</span>{house}")


def rule_html(rule_id: str, entry: Mapping[str, Any], lang: str, *, folded: bool) -> str:
    """One rule as HTML: folded (a ``<details>`` of the panel's list) or open (the reference)."""
    attrs = f"class='nbg-rule' data-rule='{html.escape(rule_id)}'"
    text = f"<p class='nbg-rule-text'>{html.escape(entry['text'])}</p>"
    if folded:
        return f"<details {attrs}><summary>{rule_heading(rule_id, entry, lang)}</summary>{text}</details>"
    return f"<div {attrs}><div>{rule_heading(rule_id, entry, lang)}</div>{text}</div>"


def search_text(game: str, rule_id: str) -> str:
    """Everything a search may match for a rule: its id, title and text in every language, and
    the game's extra search words for it (e.g. 手数料 for the eviction fee)."""
    book = rulebook_module(game)
    parts = [rule_id] + [f"{entries[rule_id]['title']} {entries[rule_id]['text']}"
                         for entries in book.RULEBOOK.values() if rule_id in entries]
    parts += getattr(book, "KEYWORDS", {}).get(rule_id, ())
    return " ".join(parts).casefold()


def matching(game: str, query: str) -> list[str]:
    """Rule ids of `game` whose id, title or text (any language) holds every word of `query`."""
    words = query.casefold().split()
    return [rule_id for rules in rules_of(game).values() for rule_id, _ in rules
            if all(word in search_text(game, rule_id) for word in words)]


def linked_html(text: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """`text` as escaped HTML in which every rule id it cites is marked
    ``<abbr class='nbg-rule-ref' data-rule='NY-11' title='The eviction fee: …'>NY-11</abbr>``:
    hovering shows the rule, and a page script may turn a click into `RulesPanel.show`."""
    known = set(cited(text))
    out, last = [], 0
    for match in RULE_ID.finditer(text):
        if match.group(0) in known:
            entry = rule(match.group(0), lang)
            tip = html.escape(f"{entry['title']}: {entry['text']}")
            out += [html.escape(text[last:match.start()]),
                    f"<abbr class='nbg-rule-ref' data-rule='{match.group(0)}' title='{tip}'>{match.group(0)}</abbr>"]
            last = match.end()
    return "".join(out) + html.escape(text[last:])


class RulesPanel(widgets.VBox):
    """A game's rules by section, with a search box; `show(rule_id)` opens one rule on top."""

    def __init__(self, game_name: str, lang: str = DEFAULT_LANGUAGE, **kwargs: Any):
        self.game = game_name
        self.lang = lang
        self.sections = rules_of(game_name, lang)
        self.search = widgets.Text(placeholder=label("search", lang), continuous_update=True,
                                   layout=widgets.Layout(width="100%"))
        self.search.add_class("nbg-rules-search")
        self.opened = widgets.HTML("")
        self.opened.add_class("nbg-rules-opened")
        self.listing = widgets.HTML("")
        self.listing.add_class("nbg-rules-list")
        self.shown_rule: str | None = None
        super().__init__([self.search, self.opened, self.listing], **kwargs)
        self.add_class("nbg-rules")
        self.search.observe(lambda _change: self.refresh(), "value")
        self.refresh()

    @property
    def rule_ids(self) -> list[str]:
        return [rule_id for rules in self.sections.values() for rule_id, _ in rules]

    def refresh(self) -> None:
        """Show the rules that match the search box (all when it is empty)."""
        query = self.search.value.strip()
        shown = set(matching(self.game, query)) if query else set(self.rule_ids)
        parts = [CSS, f"<div class='nbg-rules-body' lang='{html.escape(self.lang)}'><div class='nbg-rules-count'>"
                      f"{html.escape(label('count', self.lang, shown=len(shown), total=len(self.rule_ids)))}</div>"]
        for title, rules in self.sections.items():
            items = [rule_html(rule_id, entry, self.lang, folded=True) for rule_id, entry in rules
                     if rule_id in shown]
            if items:
                parts.append(f"<div class='nbg-rules-section'><h4 class='nbg-rules-section-title'>"
                             f"{html.escape(title)}</h4>{''.join(items)}</div>")
        if not shown:
            parts.append(f"<p class='nbg-rules-none'>{html.escape(label('none', self.lang, query=query))}</p>")
        self.listing.value = "".join(parts) + "</div>"

    def show(self, rule_id: str) -> bool:
        """Open rule `rule_id` above the list (the game is untouched). False, with a plain
        sentence in its place, if it is not one of this game's rules (e.g. a facade's "UNDO")."""
        if rule_id not in self.rule_ids:
            self.shown_rule = None
            words = label("unknown", self.lang, rule=str(rule_id), game=game_title(self.game, self.lang))
            self.opened.value = f"<div class='nbg-rule-open'>{html.escape(words)}</div>"
            return False
        entry = rule(rule_id, self.lang)
        self.shown_rule = rule_id
        self.opened.value = (f"<div class='nbg-rule-open nbg-rules-body' data-rule='{html.escape(rule_id)}' "
                             f"lang='{html.escape(self.lang)}'>"
                             f"<h4>{rule_heading(rule_id, entry, self.lang)}</h4>"
                             f"<div class='nbg-rule-section'>{html.escape(entry['section'])}</div>"
                             f"<p class='nbg-rule-text'>{html.escape(entry['text'])}</p></div>")
        return True


def reference_html(game: str, lang: str = DEFAULT_LANGUAGE, *, pictures: bool = True) -> str:
    """A game's whole rules as one printable HTML page: a table of contents, then each section
    (a page of its own when printed) with every rule open; with `pictures`, the board at the
    start in the first section and a finished board in the section on the end and scoring."""
    sections = rules_of(game, lang)
    start, end = board_pictures(game, lang) if pictures else ("", "")
    titles = rulebook_module(game).SECTIONS
    end_title = titles.get(lang, titles[DEFAULT_LANGUAGE]).get("end", list(sections)[-1])
    toc = "".join(f"<a href='#nbg-rules-{game}-{i}'>{html.escape(title)}</a>" for i, title in enumerate(sections))
    body = "".join(
        f"<section class='nbg-rules-ref-section' id='nbg-rules-{game}-{i}'><h2>{html.escape(title)}</h2>"
        + (start if i == 0 else "") + (end if title == end_title else "")
        + "".join(rule_html(rule_id, entry, lang, folded=False) for rule_id, entry in rules) + "</section>"
        for i, (title, rules) in enumerate(sections.items()))
    return (f"{CSS}<div class='nbg-rules nbg-rules-ref' data-game='{html.escape(game)}' lang='{html.escape(lang)}'>"
            f"<p class='nbg-rules-ref-toc nbg-rules-noprint'>{toc}</p>"
            f"<p class='nbg-rules-noprint' style='color:#555'>{html.escape(label('print', lang))}</p>"
            f"{body}</div>")


def reference(game: str, lang: str | None = None) -> widgets.HTML:
    """The one-page rules reference of `game` in `lang` (default: the page's language), as an
    HTML widget (notebooks/<game>/rules*.ipynb)."""
    from .language import page_language

    page = widgets.HTML(reference_html(game, page_language(lang)))
    page.add_class("nbg-rules-reference")
    return page


def board_pictures(game: str, lang: str = DEFAULT_LANGUAGE, seed: int = PICTURE_SEED) -> tuple[str, str]:
    """Two figures drawn by the game's own view: the board as a new game starts, and the same
    seeded game played to its end by random moves (what the final scoring counts)."""
    with playing(game):  # the seat names drawn spell "player" as the game's glossary does
        return _pictures(game, lang, seed)


def _pictures(game: str, lang: str, seed: int) -> tuple[str, str]:
    m = manifest(game)
    if m.view is None:
        return "", ""
    players = min(max(PICTURE_PLAYERS, m.min_players), m.max_players)
    played = new_game(game, players=players, seed=seed)
    # the start without its highlights (the legal first moves); the end with them (e.g. largest groups)
    figures = [figure(m.view_class()(played, lang=lang), label("start", lang, players=players), (STATIC, PIECES))]
    chooser = random.Random(seed)
    while not played.is_over:
        played.play(chooser.choice(played.legal_actions()))
    figures.append(figure(m.view_class()(played, lang=lang), label("end", lang, players=players),
                          (STATIC, PIECES, HIGHLIGHTS)))
    return figures[0], figures[1]


def figure(view: Any, caption: str, layers: tuple[int, ...]) -> str:
    """A board view's picture (its draw list for `layers`, as SVG) with a caption."""
    svg = board_svg(view.ops(layers), view.canvas.width, view.canvas.height, caption)
    return f"<figure class='nbg-rules-figure'>{svg}<figcaption>{html.escape(caption)}</figcaption></figure>"


# -- board pictures: a view's draw list (the canvas ops it sends) as a static SVG ------------------
ANCHOR = {"left": "start", "start": "start", "center": "middle", "right": "end", "end": "end"}
BASELINE = {"top": "hanging", "hanging": "hanging", "middle": "central", "alphabetic": "alphabetic",
            "ideographic": "ideographic", "bottom": "text-after-edge"}


def _num(value: Any) -> str:
    return f"{float(value):.1f}".removesuffix(".0")


def _each(*values: Any) -> list[tuple]:
    """Rows of batched canvas arguments: arrays go element by element, scalars repeat."""
    arrays = [v for v in values if hasattr(v, "__len__") and not isinstance(v, str)]
    count = len(arrays[0]) if arrays else 1
    return [tuple(v[i] if hasattr(v, "__len__") and not isinstance(v, str) else v for v in values)
            for i in range(count)]


class _Layer:
    """One canvas layer replayed as SVG elements, with the canvas's drawing state."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.state = {"fill_style": "#000", "stroke_style": "#000", "line_width": 1.0, "font": "10px sans-serif",
                      "text_align": "start", "text_baseline": "alphabetic", "global_alpha": 1.0, "dash": ""}
        self.saved: list[tuple[dict, list[str]]] = []
        self.closers: list[str] = []  # elements opened since the last save (transforms, clips)
        self.path: list[tuple] = []

    def fill(self) -> str:
        alpha = self.state["global_alpha"]
        return f"fill='{html.escape(str(self.state['fill_style']))}'" + (f" opacity='{alpha}'" if alpha < 1 else "")

    def stroke(self) -> str:
        s = self.state
        dash = f" stroke-dasharray='{s['dash']}'" if s["dash"] else ""
        return (f"fill='none' stroke='{html.escape(str(s['stroke_style']))}' "
                f"stroke-width='{_num(s['line_width'])}'{dash}")

    def polyline(self, points: Any, closed: bool, paint: str) -> None:
        coords = " ".join(f"{_num(x)},{_num(y)}" for x, y in points)
        self.parts.append(f"<{'polygon' if closed else 'polyline'} points='{coords}' {paint}/>")

    def op(self, name: str, args: tuple) -> None:
        if name.startswith("set:"):
            self.state[name[4:]] = args[0]
        elif name == "set_line_dash":
            self.state["dash"] = ",".join(_num(d) for d in args[0])
        elif name == "clear":
            self.parts.clear()
        elif name in ("fill_rect", "fill_rects", "stroke_rect", "stroke_rects"):
            x, y, w, h = (*args, None)[:4]
            paint = self.fill() if name.startswith("fill") else self.stroke()
            for x1, y1, w1, h1 in _each(x, y, w, w if h is None else h):
                self.parts.append(f"<rect x='{_num(x1)}' y='{_num(y1)}' width='{_num(w1)}' height='{_num(h1)}' "
                                  f"{paint}/>")
        elif name in ("fill_circle", "fill_circles", "stroke_circle", "stroke_circles"):
            paint = self.fill() if name.startswith("fill") else self.stroke()
            for cx, cy, r in _each(*args[:3]):
                self.parts.append(f"<circle cx='{_num(cx)}' cy='{_num(cy)}' r='{_num(r)}' {paint}/>")
        elif name == "stroke_line":
            self.polyline([args[:2], args[2:4]], False, self.stroke())
        elif name in ("stroke_line_segments", "stroke_polygons", "fill_polygons"):
            paint = self.fill() if name.startswith("fill") else self.stroke()
            for points in args[0]:
                self.polyline(points, name != "stroke_line_segments", paint)
        elif name == "fill_text":
            s = self.state
            anchor, baseline = ANCHOR.get(s["text_align"], "start"), BASELINE.get(s["text_baseline"], "alphabetic")
            self.parts.append(
                f"<text x='{_num(args[1])}' y='{_num(args[2])}' {self.fill()} style='font:{html.escape(s['font'])}' "
                f"text-anchor='{anchor}' dominant-baseline='{baseline}'>{html.escape(str(args[0]))}</text>")
        elif name == "save":
            self.saved.append((dict(self.state), self.closers))
            self.closers = []
        elif name == "restore" and self.saved:
            self.parts.append("".join(reversed(self.closers)))
            self.state, self.closers = self.saved.pop()
        elif name in ("translate", "rotate"):
            value = (f"translate({_num(args[0])} {_num(args[1])})" if name == "translate"
                     else f"rotate({_num(math.degrees(float(args[0])))})")
            self.open(f"<g transform='{value}'>", "</g>")
        elif name == "begin_path":
            self.path = []
        elif name == "rect":
            self.path.append(args)
        elif name == "clip" and self.path:  # an inner svg with the same coordinates clips to its box
            box = " ".join(_num(v) for v in self.path[-1])
            x, y, w, h = box.split()
            self.open(f"<svg x='{x}' y='{y}' width='{w}' height='{h}' viewBox='{box}' overflow='hidden'>", "</svg>")

    def open(self, element: str, closer: str) -> None:
        self.parts.append(element)
        self.closers.append(closer)

    def close_all(self) -> str:
        """Every element still open, closed (a draw list need not restore what it saved)."""
        levels = [self.closers] + [closers for _, closers in reversed(self.saved)]  # newest first
        return "".join("".join(reversed(closers)) for closers in levels)


def board_svg(ops: Any, width: int, height: int, title: str = "") -> str:
    """A view's draw list (``(layer, method, args)`` canvas ops) as one SVG picture."""
    layers: dict[int, _Layer] = {}
    for layer, name, args in ops:
        layers.setdefault(layer, _Layer()).op(name, args)
    body = "".join("".join(layers[k].parts) + layers[k].close_all() for k in sorted(layers))
    return (f"<svg xmlns='http://www.w3.org/2000/svg' class='nbg-rules-picture' viewBox='0 0 {width} {height}' "
            f"width='{width}' height='{height}' role='img' aria-label='{html.escape(title)}'>{body}</svg>")
