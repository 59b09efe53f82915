"""A game's glossary: the words of its rules in English and Japanese, side by side.

Each game keeps its terms in ``nbgames/<game>/glossary.json`` — the Japanese ones taken from the
original Japanese rules where those have them (``"seed": true``) — and both languages' texts,
lessons and rules follow it. The lesson page links to the glossary page.
"""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

from ..i18n import LANGUAGES, _, domains, resolve


def glossary_path(game: str) -> Path | None:
    """Where a game's glossary lives (None for a game without one)."""
    folder = domains().get(game)
    path = folder / "glossary.json" if folder else None
    return path if path is not None and path.is_file() else None


def terms(game: str) -> list[dict[str, Any]]:
    """The game's terms: [{"en", "ja", "seed", "note"?}, …] in the glossary's order."""
    path = glossary_path(game)
    return json.loads(path.read_text(encoding="utf-8"))["terms"] if path else []


def glossary_html(game: str, lang: str | None = None) -> str:
    """The glossary as a table, the page's language first."""
    lang = resolve(lang)
    first, second = ("ja", "en") if lang == "ja" else ("en", "ja")
    rows = []
    for term in terms(game):
        mark = " <span class='nbg-seed-term' title='{}'>*</span>".format(
            html.escape(_("as in the original Japanese rules", lang))) if term.get("seed") else ""
        note = html.escape(term.get("note", ""))
        rows.append(f"<tr><td lang='{first}'>{html.escape(term[first])}{mark if first == 'ja' else ''}</td>"
                    f"<td lang='{second}'>{html.escape(term[second])}{mark if second == 'ja' else ''}</td>"
                    f"<td class='nbg-term-note' lang='en'>{note}</td></tr>")  # notes are written in English
    head = (f"<tr><th>{LANGUAGES[first]}</th><th>{LANGUAGES[second]}</th>"
            f"<th>{html.escape(_('Note', lang))}</th></tr>")
    legend = html.escape(_("* the word of the original Japanese rules", lang))
    return (f"<table class='nbg-glossary' data-game='{html.escape(game)}'>{head}{''.join(rows)}</table>"
            f"<p class='nbg-glossary-legend'><small>{legend}</small></p>")


def glossary(game: str, lang: str | None = None):
    """The glossary page of `game` for a notebook: the language switch and the table."""
    import ipywidgets as widgets

    from .language import page_language
    from .pagekit import PageKit

    lang = page_language(lang)
    table = widgets.HTML(glossary_html(game, lang))
    table.add_class("nbg-glossary-widget")
    return widgets.VBox([PageKit(lang=lang), table])
