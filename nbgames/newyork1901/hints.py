"""New York 1901's hints in plain words: the move (the lot, the building's tier and cells, the
card), one reason from the engine's own facts (the preview's VP, unlocked tiers, workers sent home,
the avenues a building touches) and the rule that reason rests on. Found by
`nbgames.engine.hints.advise`."""

from __future__ import annotations

from typing import Any

from ..engine.action import Action
from ..engine.game import Game
from ..engine.hints import Advice, Facts
from ..i18n import _, ngettext
from ..ui.i18n import t
from .text import colour_words, comma, score_line

LEGENDARY = "legendary"


def vp(n: int) -> str:
    """"+3 VP"."""
    return _("{n} VP").format(n=f"{n:+d}".replace("-", "−"))


def tier_words(tier: str) -> str:
    return t(f"ny1901.tier.{tier}", None)


def tile_of(view: dict[str, Any], name: str) -> dict[str, Any]:
    return next((x for x in view["board"]["tiles"] if x["name"] == name), {"tier": LEGENDARY, "vp": 0})


def lot_of(view: dict[str, Any], name: str) -> dict[str, Any] | None:
    return next((x for x in view["board"]["lots"] if x["name"] == name), None)


def district_title(view: dict[str, Any], colour: str) -> str:
    title = next((d["title"] for d in view["board"]["districts"] if d["name"] == colour), colour)
    return _("{title} ({colour})").format(title=_(title), colour=colour_words(colour))  # names in the page's language


def cells_words(cells: list[str]) -> str:
    return comma().join(cells)


def building_words(view: dict[str, Any], tile: str, cells: list[str]) -> str:
    facts = tile_of(view, tile)
    if facts["tier"] == LEGENDARY or tile in view["legendaries"]:
        return _("the skyscraper {name} on {cells}").format(name=_(tile), cells=cells_words(cells))
    return ngettext("a {tier} building of {n} cell on {cells}", "a {tier} building of {n} cells on {cells}",
                    len(cells)).format(tier=tier_words(facts["tier"]), n=len(cells), cells=cells_words(cells))


def avenues_touched(view: dict[str, Any], cells: list[str]) -> list[str]:
    playing = set(view["avenues_in_play"])
    return [a["name"] for a in view["board"]["avenues"] if a["name"] in playing and set(a["cells"]) & set(cells)]


def move_words(view: dict[str, Any], action: Action, preview: dict[str, Any]) -> str:
    kind, rest = action.kind, str(action).partition(" ")[2]
    if kind == "character":
        return _("Choose the character of {district}").format(district=district_title(view, rest))
    if kind in ("acquire", "grab", "recall"):
        lot = lot_of(view, rest)
        card = (_("{district} {n}-cell").format(district=district_title(view, lot["district"]), n=lot["size"])
                if lot else rest)
        key = {"acquire": _("Take the {card} card and put a worker on lot {lot}"),
               "grab": _("Play Land Grab: take the {card} card and put a worker on lot {lot}"),
               "recall": _("Take your worker back from lot {lot} (its card goes under the pile)")}[kind]
        return key.format(card=card, lot=rest)
    if kind == "build":
        return _("Build {building}").format(
            building=building_words(view, str(action).partition("@")[0], list(preview.get("cells", []))))
    if kind == "demolish":
        tile = rest.partition(" ")[2].partition("@")[0]
        return _("Demolish your building on {cell} and rebuild as {building}").format(
            cell=rest.partition(" ")[0], building=building_words(view, tile, list(preview.get("cells", []))))
    if kind == "boom":
        return _("Play Construction Boom")
    if kind == "shift":
        return _("Play Market Shift")
    if kind == "end":
        return _("End your turn")
    return ""


def advice(game: Game, seat: int, action: Action, facts: Facts) -> Advice | None:
    view = game.view(seat)
    preview = facts.preview
    move = move_words(view, action, preview)
    if not move:
        return None
    kind = action.kind
    if kind in ("build", "demolish"):
        gain = preview.get("vp_change", 0)
        extra = [_("{line} {points}").format(line=score_line({"what": c.what, "count": c.count_after}),
                                             points=vp(c.delta))
                 for c in facts.mine(seat) if c.rule == "NY1901-12" and c.delta > 0]  # a challenge it scores
        for tier in preview.get("unlocks", []):
            extra.append(_("it unlocks {tier} buildings").format(tier=tier_words(tier)))
        touched = avenues_touched(view, list(preview.get("cells", [])))
        if touched:
            extra.append(ngettext("it touches the avenue {names}, which pays 5 VP to whoever touches it most",
                                  "it touches the avenues {names}, which pay 5 VP each to whoever touches them most",
                                  len(touched)).format(names=comma().join(_(a) for a in touched)))
        if preview.get("workers_back"):
            extra.append(ngettext("{n} worker comes home", "{n} workers come home",
                                  preview["workers_back"]).format(n=preview["workers_back"]))
        if kind == "demolish" and not extra:
            extra.append(_("the old building's VP stay yours"))
        reason = vp(gain) + (_(", and {more}").format(more=extra[0]) if extra else "")
        return Advice(move, reason, "NY1901-6" if kind == "demolish" else "NY1901-5")
    if kind in ("acquire", "grab"):
        lot = lot_of(view, str(action).partition(" ")[2])
        size = lot["size"] if lot else 2
        touched = avenues_touched(view, lot["cells"]) if lot else []
        reason = ngettext("it saves a lot of {n} cell for your next building",
                          "it saves a lot of {n} cells for your next building", size).format(n=size)
        if touched:
            reason += _(", beside {names}").format(names=comma().join(_(a) for a in touched))
        return Advice(move, reason, "NY1901-8" if kind == "grab" else "NY1901-5")
    if kind == "character":
        return Advice(move, _("its starting lot and starter building are where you begin"), "NY1901-3")
    if kind == "recall":
        return Advice(move, _("with no worker in supply and no action left, a worker must come back"), "NY1901-7")
    if kind == "boom":
        return Advice(move, _("it gives you one more action this turn"), "NY1901-8")
    if kind == "shift":
        return Advice(move, _("the market gets 4 new cards to choose from"), "NY1901-8")
    turn = view["turn"]
    if turn["actions_left"] <= 0:
        return Advice(move, _("your actions for this turn are used"), "NY1901-5")
    return Advice(move, _("no other move left pays now; keep your action cards for later"), "NY1901-5")
