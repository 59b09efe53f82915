"""The gallery: one entry per game with its pages, view and settings. Adding a game = one entry."""

from __future__ import annotations

import html
import importlib
from dataclasses import dataclass

from .i18n import t


@dataclass(frozen=True)
class GalleryEntry:
    """A game as the gallery and the play dashboard know it."""

    name: str                 # engine name (nbgames.new_game)
    title_key: str            # i18n keys
    blurb_key: str
    learn: str                # notebook paths relative to notebooks/
    play: str
    view: str                 # "module:Class" of the board view
    options: tuple[str, ...]  # boolean options offered as checkboxes (i18n key "<prefix>.option.<name>")
    option_prefix: str
    min_players: int
    max_players: int


GAMES: tuple[GalleryEntry, ...] = (
    GalleryEntry(
        name="newyork", title_key="ny.title", blurb_key="ny.blurb",
        learn="newyork/learn.ipynb", play="newyork/play.ipynb",
        view="nbgames.newyork.view:NewYorkView",
        options=("action_cards", "colour_choice", "teams"), option_prefix="ny",
        min_players=2, max_players=5,
    ),
    GalleryEntry(
        name="galopp_royal", title_key="gr.title", blurb_key="gr.blurb",
        learn="galopp_royal/learn.ipynb", play="galopp_royal/play.ipynb",
        view="nbgames.galopp_royal.view:GaloppView",
        options=(), option_prefix="gr",
        min_players=3, max_players=6,
    ),
)


def entry(name: str) -> GalleryEntry:
    for game in GAMES:
        if game.name == name:
            return game
    raise ValueError(f"no board view for {name!r}; games with boards: {', '.join(g.name for g in GAMES)}")


def view_class(name: str) -> type:
    module, _, attr = entry(name).view.partition(":")
    return getattr(importlib.import_module(module), attr)


ACCENTS = {"newyork": "#0072B2", "galopp_royal": "#D55E00"}  # Okabe–Ito blue, vermillion
CARD = ("display:inline-block;vertical-align:top;width:330px;margin:8px;padding:14px 16px;"
        "border:1px solid #d8d2c4;border-top:5px solid {accent};border-radius:8px;background:#fffdf8")
BUTTON = ("display:inline-block;margin:4px 8px 0 0;padding:6px 16px;border-radius:6px;"
          "text-decoration:none;font-weight:600;border:2px solid {accent};{fill}")


def gallery_html(lang: str = "en", games: tuple[GalleryEntry, ...] = GAMES) -> str:
    """The gallery as HTML cards, each with Learn and Play buttons. Links are relative, so they
    work in JupyterLab and Voilà. The notebook around it gives the page its heading."""
    cards = []
    for game in games:
        accent = ACCENTS.get(game.name, "#555555")
        title = html.escape(t(game.title_key, lang))
        players = html.escape(t("gallery.players", lang, lo=game.min_players, hi=game.max_players))
        learn, play = html.escape(t("gallery.learn", lang)), html.escape(t("gallery.play", lang))
        learn_style = BUTTON.format(accent=accent, fill=f"background:{accent};color:#ffffff")
        play_style = BUTTON.format(accent=accent, fill=f"background:#ffffff;color:{accent}")
        cards.append(
            f"<div class='nbg-card' style='{CARD.format(accent=accent)}'>"
            f"<h3 style='margin:0 0 6px 0'>{title}</h3>"
            f"<p style='margin:0 0 6px 0;line-height:1.45'>{html.escape(t(game.blurb_key, lang))}</p>"
            f"<p style='margin:0 0 8px 0;color:#555'>{players}</p>"
            f"<a class='nbg-learn' style='{learn_style}' href='{html.escape(game.learn)}'>{learn}</a>"
            f"<a class='nbg-play-link' style='{play_style}' href='{html.escape(game.play)}'>{play}</a>"
            "</div>")
    return f"<div class='nbg-gallery'>{''.join(cards)}</div>"


def gallery(lang: str = "en"):
    """The gallery for `index.ipynb`, as an HTML widget: its relative links are plain anchors,
    so Voilà opens /voila/render/<path> and JupyterLab opens /lab/tree/<path>. (A rich HTML
    output would not do: Voilà's output renderer swallows clicks on relative links.)"""
    import ipywidgets as widgets

    box = widgets.HTML(gallery_html(lang))
    box.add_class("nbg-gallery-widget")
    return box
