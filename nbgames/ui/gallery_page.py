"""The gallery: one card per registered game (from its manifest) with Learn, Play and Rules links."""

from __future__ import annotations

import html

from ..engine.manifest import Manifest
from ..engine.registry import manifest, manifests
from ..i18n import N_, gettext, resolve
from ..rulebook import rulebook_module
from .access import readable
from .i18n import t

CARD = ("display:inline-block;vertical-align:top;width:330px;max-width:calc(100% - 20px);margin:8px;"
        "padding:14px 16px;border:1px solid #d8d2c4;border-top:5px solid {accent};border-radius:8px;"
        "background:#fffdf8;box-sizing:border-box")
BUTTON = ("display:inline-block;margin:4px 8px 0 0;padding:6px 16px;border-radius:6px;"
          "text-decoration:none;font-weight:600;border:2px solid {accent};{fill}")


def game_text(m: Manifest, key: str, fallback: str, lang: str | None = None) -> str:
    """A game's own string `<prefix>.<key>` in `lang`, or the manifest's `fallback` (translated
    when a catalogue has it)."""
    full = f"{m.prefix}.{key}"
    text = t(full, lang) if m.prefix else full
    return gettext(fallback, lang) if text == full else text


def rules_notebook(m: Manifest, lang: str = "en") -> str | None:
    """The game's one-page rules reference, beside its play (or learn) notebook:
    ``<game>/rules.ipynb`` in English, ``<game>/rules_ja.ipynb`` in Japanese (None for a game
    without a rulebook)."""
    page = m.play or m.learn
    if page is None or rulebook_module(m.name) is None:
        return None
    folder = page.rpartition("/")[0]
    name = "rules.ipynb" if lang == "en" else f"rules_{lang}.ipynb"
    return f"{folder}/{name}" if folder else name


def view_class(name: str) -> type:
    """The board view class of a game, from its manifest."""
    return manifest(name).view_class()


def gallery_html(lang: str | None = None, games: list[Manifest] | None = None) -> str:
    """The gallery as HTML cards, each with Learn and Play buttons. Links are relative, so they
    work in JupyterLab and Voilà, and carry the language (``?lang=ja``). The notebook around it
    gives the page its heading."""
    lang = resolve(lang)
    cards = []
    for game in manifests() if games is None else games:
        if game.view is None or not (game.learn or game.play):
            continue  # a game without pages has nothing to show here
        accent = readable(game.accent)  # text in it (and white text on it) reads at 4.5:1 (WCAG AA)
        title = html.escape(game_text(game, "title", game.title, lang))
        byline = html.escape(f"{game.designer}, {game.year}")
        blurb = html.escape(game_text(game, "blurb", game.blurb, lang))
        players = html.escape(t("gallery.players", lang, lo=game.min_players, hi=game.max_players))
        links = []
        for css, path, fill, label in (
                ("nbg-learn", game.learn, f"background:{accent};color:#ffffff", t("gallery.learn", lang)),
                ("nbg-play-link", game.play, f"background:#ffffff;color:{accent}", t("gallery.play", lang)),
                ("nbg-rules-link", rules_notebook(game, lang), f"background:#ffffff;color:{accent}",
                 t("label.rules", lang))):
            if path:
                links.append(f"<a class='{css}' style='{BUTTON.format(accent=accent, fill=fill)}' "
                             f"href='{html.escape(path)}?lang={lang}'>{html.escape(label)}</a>")
        cards.append(
            f"<div class='nbg-card' data-game='{html.escape(game.name)}' style='{CARD.format(accent=accent)}'>"
            f"<h3 style='margin:0 0 6px 0'>{title}</h3>"
            f"<p style='margin:0 0 4px 0;color:#555'>{byline}</p>"
            f"<p style='margin:0 0 6px 0;line-height:1.45'>{blurb}</p>"
            f"<p style='margin:0 0 8px 0;color:#555'>{players}</p>"
            f"{''.join(links)}</div>")
    if games is None:
        cards.append(teach_entry(lang))
    return f"<div class='nbg-gallery'>{''.join(cards)}</div>"


TEACH_ACCENT = "#5b4a8b"


def teach_entry(lang: str) -> str:
    """The gallery's entry for teachers: "Write your own lesson" (notebooks/teach.ipynb, a
    three-step lesson made with the public API, saved as a lesson file)."""
    accent = readable(TEACH_ACCENT)
    title = html.escape(gettext(N_("For teachers"), lang))
    blurb = html.escape(gettext(N_("Make your own lesson on a real board: a position, a move to find, a question, "
                                   "a few moves to watch. Save it as a lesson file for your class."), lang))
    label = html.escape(gettext(N_("Write your own lesson"), lang))
    fill = f"background:{accent};color:#ffffff"
    return (f"<div class='nbg-teach-entry' style='{CARD.format(accent=accent)}'>"
            f"<h3 style='margin:0 0 6px 0'>{title}</h3>"
            f"<p style='margin:0 0 8px 0;line-height:1.45'>{blurb}</p>"
            f"<a class='nbg-teach-link' style='{BUTTON.format(accent=accent, fill=fill)}' "
            f"href='teach.ipynb?lang={lang}'>{label}</a></div>")


def gallery(lang: str | None = None):
    """The gallery for `index.ipynb`: the language switch and the cards, as widgets. Its
    relative links are plain anchors, so Voilà opens /voila/render/<path> and JupyterLab opens
    /lab/tree/<path>. (A rich HTML output would not do: Voilà's output renderer swallows clicks
    on relative links.)"""
    import ipywidgets as widgets

    from .language import page_language
    from .pagekit import PageKit

    lang = page_language(lang)
    box = widgets.HTML(gallery_html(lang))
    box.add_class("nbg-gallery-widget")
    page = widgets.VBox([PageKit(lang=lang), box])
    page.add_class("nbg-gallery-page")
    return page
