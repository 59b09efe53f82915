"""New York's hints in plain words: the move (the square by its avenue and street, the cards it
spends), one reason from the engine's own facts (the score lines it changes, an eviction and its
fee) and the rule that reason rests on. Found by `nbgames.engine.hints.advise`."""

from __future__ import annotations

from ..engine.action import Action
from ..engine.game import Game
from ..engine.hints import Advice, Facts, plain_advice
from ..i18n import _, ngettext
from .tables import BLUE_JOKER, DATA, RED_CARDS, RED_JOKER, N, card_name, square_name
from .text import chips_word, player


def place(sq: int) -> str:
    """"F7 (Park Ave × 57th St)"."""
    r, c = divmod(sq, N)
    return _("{name} ({avenue} × {street})").format(name=square_name(sq), avenue=_(DATA["avenues"][r]),
                                                    street=_(DATA["streets"][c]))  # names in the page's language


def card(code: int) -> str:
    if code == RED_JOKER:
        return _("red joker")
    if code == BLUE_JOKER:
        return _("blue joker")
    return (_("red {card}") if code in RED_CARDS else _("blue {card}")).format(card=card_name(code))


def points(n: int, signed: bool = True) -> str:
    """"+2 points" (signed) or "2 points"."""
    return ngettext("{n} point", "{n} points", abs(n)).format(n=f"{n:+d}".replace("-", "−") if signed else n)


def move_words(game: Game, action: Action) -> str:
    kind, args = action.kind, action.args
    if kind == "place":
        return _("Place a setup piece on {square}").format(square=place(args[0]))
    if kind == "pair":
        return _("Play {red} and {blue} on {square}").format(red=card(args[0]), blue=card(args[1]),
                                                            square=place(args[2]))
    if kind == "noplay":
        return _("Show your hand and draw new cards")
    return ""


def advice(game: Game, seat: int, action: Action, facts: Facts) -> Advice | None:
    move = move_words(game, action)
    if not move:
        return None
    if action.kind == "noplay":
        return Advice(move, _("none of your pairs can be played now"), "NY-13")
    dealt_later = not (game.options.get("colour_choice") or game.options.get("two_player"))  # NY-6, else V2/V3
    if game.view(seat)["phase"] == "setup" and dealt_later:
        return Advice(move, _("any free setup square does about as well: the colours are dealt at random after "
                              "the setup"), "NY-6")
    mine = facts.mine(seat)
    gain = sum(c.delta for c in mine)
    preview = facts.preview
    group = next((c for c in mine if c.what == "largest group" and c.delta > 0), None)
    losers = {}
    for c in facts.others(seat):
        losers[c.seat] = losers.get(c.seat, 0) + c.delta
    loser = min(losers, key=lambda s: losers[s]) if losers and min(losers.values()) < 0 else None
    harm = (_(", and {player} loses {points}").format(player=player(loser), points=points(-losers[loser], False))
            if loser is not None else "")
    if preview.get("evicted") is not None and preview.get("fee"):
        fee = preview["fee"]
        owner = preview["evicted"]
        who = player(owner) if isinstance(owner, int) else _("its owner")
        mine_now = _(", {points} for you").format(points=points(gain)) if gain else ""
        return Advice(move, _("you take the square from {who} for {fee} {chips}{mine}{harm}").format(
            who=who, fee=fee, chips=chips_word(fee), mine=mine_now, harm=harm), "NY-10")
    if group is not None:
        return Advice(move, _("{points}: your largest group grows from {a} to {b} pieces{harm}").format(
            points=points(gain), a=group.count_before, b=group.count_after, harm=harm), "NY-17")
    if gain > 0:
        return Advice(move, _("{points}: one more piece of yours on the board{harm}").format(
            points=points(gain), harm=harm), "NY-17")
    if loser is not None:
        return Advice(move, _("{player} loses {points} (their group is split or their piece goes)").format(
            player=player(loser), points=points(-losers[loser], False)), "NY-17")
    found = plain_advice(seat, facts)
    return Advice(move, found.reason, found.rule or "NY-9")
