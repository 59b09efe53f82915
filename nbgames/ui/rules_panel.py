"""Rules at hand: a game's rules (from `nbgames.rule`) as a searchable panel beside the board,
and as a printable one-page reference.

`RulesPanel(game, lang)` is three widgets: a search box, the opened rule (`show(rule_id)`, for a
rule id clicked in a refusal, a lesson, a score line or a hint) and the list of the game's rules
by section, each folded in a ``<details>`` that opens in the browser without a round trip.
`reference(game, lang)` is the same text as one printable HTML page (A4, a page per section).
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from ..engine.registry import manifest
from ..rulebook import DEFAULT_LANGUAGE, rule, rulebook_module, rules_of
from .gallery import game_text

LABELS = {
    "en": {"search": "Search the rules (a word or a rule id, e.g. fee or NY-11)", "house": "house rule",
           "none": "No rule mentions “{query}”.", "count": "{shown} of {total} rules",
           "unknown": "{rule} is not one of {game}'s rules.",
           "print": "Print this page (A4) from the browser's menu: each section starts a new page."},
    "ja": {"search": "ルールを検索（言葉かルール番号。例：立ち退き料、NY-11）", "house": "ハウスルール",
           "none": "「{query}」を含むルールはありません。", "count": "{total} 件中 {shown} 件",
           "unknown": "{rule} は{game}のルールにありません。",
           "print": "ブラウザのメニューから A4 で印刷できます（セクションごとに改ページ）。"},
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
.nbg-rules:lang(ja), .nbg-rules :lang(ja) { font-family: "Hiragino Sans", "Noto Sans CJK JP", "Noto Sans JP",
  "Yu Gothic", Meiryo, sans-serif; }
.nbg-rules-count { color: #555; font-size: 12px; margin: 2px 0; }
.nbg-rules-ref { max-width: 760px; font-size: 15px; }
.nbg-rules-ref .nbg-rule { margin: 6px 0 10px 0; break-inside: avoid; page-break-inside: avoid; }
.nbg-rules-ref h2 { margin: 18px 0 6px 0; border-bottom: 2px solid #d8d2c4; }
.nbg-rules-ref-toc a { margin-right: 12px; }
@media print {
  @page { size: A4; margin: 14mm; }
  html, body, #rendered_cells, .jp-Notebook, .jp-Cell, .jp-OutputArea, .jp-OutputArea-output {
    height: auto !important; overflow: visible !important; background: #fff !important; }
  .nbg-rules-noprint, .jp-InputArea, .jp-InputPrompt, .jp-OutputPrompt, .voila-spinner { display: none !important; }
  .nbg-rules-ref { max-width: none; font-size: 11pt; }
  .nbg-rules-ref-section { break-before: page; page-break-before: always; }
  .nbg-rules-ref-section:first-of-type { break-before: auto; page-break-before: auto; }
  .nbg-rules-ref .nbg-rule-house { border: 1px solid #000; background: none; color: #000; }
}
</style>"""


def label(key: str, lang: str, **kw: Any) -> str:
    """One of the panel's own words in `lang` (English if missing)."""
    return LABELS.get(lang, LABELS[DEFAULT_LANGUAGE]).get(key, LABELS[DEFAULT_LANGUAGE][key]).format(**kw)


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
        parts = [CSS, f"<div lang='{html.escape(self.lang)}'><div class='nbg-rules-count'>"
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
        self.opened.value = (f"<div class='nbg-rule-open' data-rule='{html.escape(rule_id)}' "
                             f"lang='{html.escape(self.lang)}'>"
                             f"<h4>{rule_heading(rule_id, entry, self.lang)}</h4>"
                             f"<div class='nbg-rule-section'>{html.escape(entry['section'])}</div>"
                             f"<p class='nbg-rule-text'>{html.escape(entry['text'])}</p></div>")
        return True


def reference_html(game: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """A game's whole rules as one printable HTML page: a table of contents, then each section
    (a page of its own when printed) with every rule open."""
    sections = rules_of(game, lang)
    toc = "".join(f"<a href='#nbg-rules-{game}-{i}'>{html.escape(title)}</a>" for i, title in enumerate(sections))
    body = "".join(
        f"<section class='nbg-rules-ref-section' id='nbg-rules-{game}-{i}'><h2>{html.escape(title)}</h2>"
        + "".join(rule_html(rule_id, entry, lang, folded=False) for rule_id, entry in rules) + "</section>"
        for i, (title, rules) in enumerate(sections.items()))
    return (f"{CSS}<div class='nbg-rules nbg-rules-ref' data-game='{html.escape(game)}' lang='{html.escape(lang)}'>"
            f"<p class='nbg-rules-ref-toc nbg-rules-noprint'>{toc}</p>"
            f"<p class='nbg-rules-noprint' style='color:#555'>{html.escape(label('print', lang))}</p>"
            f"{body}</div>")


def reference(game: str, lang: str = DEFAULT_LANGUAGE) -> widgets.HTML:
    """The one-page rules reference of `game` in `lang`, as an HTML widget (notebooks/<game>/rules*.ipynb)."""
    page = widgets.HTML(reference_html(game, lang))
    page.add_class("nbg-rules-reference")
    return page
