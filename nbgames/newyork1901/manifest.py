"""New York 1901 declares itself to nbgames."""

from ..engine.manifest import Manifest, Option, Variant
from ..engine.registry import register
from ..i18n import N_

MANIFEST = register(Manifest(
    name="newyork1901",
    title=N_("New York 1901"),
    designer="Chénier La Salle",
    year=2015,
    min_players=2,
    max_players=4,
    rules="nbgames.newyork1901.rules:NewYork1901",
    view="nbgames.newyork1901.view:NewYork1901View",
    learn="newyork1901/learn.ipynb",
    play="newyork1901/play.ipynb",
    accent="#009E73",  # Okabe–Ito bluish green
    order=3,
    prefix="ny1901",
    strings="nbgames.newyork1901.strings:STRINGS",
    text="nbgames.newyork1901.text:event_text",
    bot="nbgames.newyork1901.bot:HOOKS",
    blurb=N_("Acquire lots of Manhattan with your workers, raise skyscrapers across them, then demolish "
             "and rebuild higher: bronze, silver, gold and one legendary tower."),
    options=(
        Option("characters", "choice", "choose", N_("Characters: chosen in reverse seat order (NY1901-4), "
                                                     "or dealt at random."), choices=("choose", "deal")),
        Option("data", "json", None, N_("Your own board and tile set: the contents of a data file with the "
                                        "keys of nbgames/newyork1901/data.json (checked before play)."),
               offered=False),
        Option("position", "json", None, N_("Start from a set position (lessons, puzzles, tests; see "
                                            "position.py)."), offered=False),
    ),
    variants=(
        Variant("standard"),
        Variant("dealt", {"characters": "deal"}, players=(3,)),
    ),
))
