"""Galopp Royal declares itself to nbgames."""

from ..engine.manifest import Manifest, Option, Variant
from ..engine.registry import register
from ..i18n import N_

MANIFEST = register(Manifest(
    name="galopp_royal",
    title=N_("Galopp Royal"),
    designer="Klaus Teuber",
    year=1995,
    min_players=3,
    max_players=6,
    rules="nbgames.galopp_royal.rules:GaloppRoyal",
    view="nbgames.galopp_royal.view:GaloppView",
    learn="galopp_royal/learn.ipynb",
    play="galopp_royal/play.ipynb",
    accent="#D55E00",  # Okabe–Ito vermillion
    order=2,
    prefix="gr",
    strings="nbgames.galopp_royal.strings:STRINGS",
    text="nbgames.galopp_royal.text:event_text",
    bot="nbgames.galopp_royal.bot:HOOKS",
    blurb=N_("Bid for a team of four bearers, then race your sedan chair in six races: roll the die, "
             "move by the bearer in that slot, scheme against rivals, and keep out of the shell pond."),
    options=(
        Option("deck", "json", None, N_("Card names to put on top of the deck, top first (lessons, tests)."),
               offered=False),
        Option("scenario", "json", None, N_("Start directly at a race with set boards, coins and positions."),
               offered=False),
    ),
    variants=(Variant("standard"),),
))
