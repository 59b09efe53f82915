"""New York City declares itself to nbgames: rules, board view, lessons and play page."""

from ..engine.manifest import Manifest, Option, Variant
from ..engine.registry import register
from ..i18n import N_

MANIFEST = register(Manifest(
    name="newyork_city",
    title=N_("New York City"),
    designer="Stefan Feld",
    year=2022,
    min_players=2,
    max_players=4,
    rules="nbgames.newyork_city.rules:NewYorkCity",
    view="nbgames.newyork_city.view:NewYorkCityView",
    learn="newyork_city/learn.ipynb",
    play="newyork_city/play.ipynb",
    accent="#CC79A7",  # Okabe–Ito reddish purple (New York 1901 has the green)
    order=4,
    prefix="nyc",
    strings="nbgames.newyork_city.strings:STRINGS",
    text="nbgames.newyork_city.text:event_text",
    bot="nbgames.newyork_city.bot:HOOKS",
    blurb=N_("Draft pairs of cards, bid them in six rounds a round for press, dollars, characters, "
             "buildings, VP and construction; win the districts of Manhattan by majority."),
    options=(
        Option("data", "json", None, N_("Your own component data (districts, routes, deck, characters; "
                                        "see nbgames/newyork_city/data.json)."), offered=False),
    ),
    variants=(Variant("standard"),),
))
