"""New York declares itself to nbgames."""

from ..engine.manifest import Manifest, Option, Variant
from ..engine.registry import register
from ..i18n import N_

MANIFEST = register(Manifest(
    name="newyork",
    title=N_("New York"),
    designer="Sid Sackson & Sven M. Kübler",
    year=1995,
    min_players=2,
    max_players=5,
    rules="nbgames.newyork.rules:NewYork",
    view="nbgames.newyork.view:NewYorkView",
    learn="newyork/learn.ipynb",
    play="newyork/play.ipynb",
    accent="#0072B2",  # Okabe–Ito blue
    order=1,
    prefix="ny",
    strings="nbgames.newyork.strings:STRINGS",
    text="nbgames.newyork.text:event_text",
    bot="nbgames.newyork.bot:HOOKS",
    blurb=N_("Play a red and a blue road card to build on a block of Manhattan; evict rivals for a "
             "fee; grow the largest district."),
    options=(
        Option("action_cards", "bool", False, N_("Action cards: Sanierung, Ruine, Spekulation, Baulöwe "
                                                   "and Statik join the deck (V1).")),
        Option("colour_choice", "bool", False, N_("Each player chooses a colour before the setup round (V2).")),
        Option("teams", "bool", False, N_("Two teams, seats 0+2 against 1+3 (V4)."), players=(4,)),
        Option("two_player", "bool", False, N_("Two colours each; set automatically for 2 players (V3)."),
               offered=False, players=(2,)),
        Option("position", "json", None, N_("Start from a set position (lessons and puzzles)."), offered=False),
    ),
    variants=(
        Variant("standard"),
        Variant("action_cards", {"action_cards": True}),
        Variant("colour_choice", {"colour_choice": True}),
        Variant("teams", {"teams": True}, players=(4,)),
        Variant("teams_action_cards", {"teams": True, "action_cards": True, "colour_choice": True},
                players=(4,)),
    ),
))
