"""Pebbles declares itself to nbgames."""

from nbgames.engine.manifest import Manifest, Option, Variant
from nbgames.engine.registry import register

MANIFEST = register(Manifest(
    name="pebbles",
    title="Pebbles",
    designer="the nbgames tests",
    year=2026,
    min_players=2,
    max_players=3,
    rules="pebbles.rules:Pebbles",
    view="pebbles.view:PebblesView",
    play="pebbles.ipynb",
    accent="#009E73",
    prefix="pb",
    strings="pebbles.rules:STRINGS",
    text="pebbles.rules:event_text",
    blurb="Place numbered pebbles on a 3×3 board; equal pebbles may not touch.",
    options=(Option("size", "int", 3, "Board size (squares per side).", low=2, high=4),),
    variants=(Variant("standard"), Variant("small", {"size": 2}, players=(2,))),
))
