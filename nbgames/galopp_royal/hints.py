"""Galopp Royal's hints in plain words: the move (a bid in coins, the bearers a schemer moves or
an exchange discards), one reason from what the seat may know (the lot's cards it has seen, how
far a team carries its chair per turn, where the chairs stand) and the rule that reason rests on.
Found by `nbgames.engine.hints.advise`."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..engine.action import Action
from ..engine.game import Game
from ..engine.hints import Advice, Facts
from ..i18n import _, ngettext
from ..ui.i18n import player_name
from .tables import MOVES, SCHEME_OWN, SCHEME_PAIR, SCHEME_SINGLE
from .text import card_text, sep, signed, space_name


def coins(n: int) -> str:
    return ngettext("{n} coin", "{n} coins", n).format(n=n)


def average(cards: list[str]) -> str:
    """How far these bearers carry a chair per turn on average ("2.3"); a schemer counts +2."""
    if not cards:
        return "0"
    mean = Fraction(sum(MOVES.get(c, SCHEME_OWN) for c in cards), len(cards))
    text = f"{float(mean):.1f}".rstrip("0").rstrip(".")
    return text.replace("-", "−")


def cards_words(cards: list[str]) -> str:
    return sep().join(card_text(c) for c in cards)


def who(seat: int, me: int) -> str:
    return _("your") if seat == me else _("{player}'s").format(player=player_name(seat, None))


def advice(game: Game, seat: int, action: Action, facts: Facts) -> Advice | None:
    view = game.view(seat)
    kind, args = action.kind, action.args
    auction: dict[str, Any] | None = view["auction"]
    if kind == "bid" and auction is not None:
        known = list(auction["lot_public"]) + list(auction["my_private"])
        move = _("Bid {coins}").format(coins=coins(args[0]))
        left = view["coins"][seat] - args[0]
        if not known:
            return Advice(move, _("you need a team of 4 bearers to race, and you keep {coins} if you win").format(
                coins=coins(left)), "GR-8")
        return Advice(move, _("the cards you know of this lot ({cards}) move a chair {avg} spaces a turn on "
                              "average, and you keep {coins} if you win").format(
                                  cards=cards_words(known), avg=average(known), coins=coins(left)), "GR-8")
    if kind == "pass" and auction is not None:
        least = auction["current_bid"] + 1
        if least > view["coins"][seat]:
            return Advice(_("Pass"), _("the next bid would be {coins}, more than you have").format(coins=coins(least)),
                          "GR-7")
        return Advice(_("Pass"), _("at {coins} or more this lot costs more than it is worth to you; a pass puts "
                                   "you out of this auction").format(coins=coins(least)), "GR-7")
    if kind == "arrange":
        board = view["boards"][seat] or []
        order = [board[i] for i in args] if len(board) == len(args) else []
        move = (_("Keep your team as it lies") if str(action) == "keep" else
                _("Lay your bearers in this order: {cards}").format(cards=cards_words(order)))
        return Advice(move, _("the die is fair, so every order is as good"), "GR-9")
    if kind == "roll":
        board = view["boards"][seat] or []
        return Advice(_("Roll the die"), _("a race turn is a roll; your team moves your chair {avg} spaces a turn "
                                           "on average").format(avg=average(board)), "GR-11")
    if kind == "scheme":
        sign, targets = args
        step = SCHEME_SINGLE if len(targets) == 1 else SCHEME_PAIR
        pushes = sep().join(_("{player} chair {delta}").format(player=who(s, seat), delta=signed(-sign * step))
                            for s in targets)
        move = _("Use the schemer: your chair {own}").format(own=signed(sign * SCHEME_OWN))
        if pushes:
            move = _("{move}, {pushes}").format(move=move, pushes=pushes)
        positions = view["positions"]
        if sign < 0:  # the other way round: yourself back, others forward (GR-11)
            goal = view["goal"]
            near = [t for t in targets if positions[t] is not None and positions[t] + step >= goal]
            reason = (_("it pushes {players} over the goal line").format(
                players=sep().join(player_name(t, None) for t in near)) if near else
                _("the schemer's other way: your chair back, the others forward"))
            return Advice(move, reason, "GR-11")
        ahead = max(targets, key=lambda s: positions[s] if positions[s] is not None else -99, default=None)
        where = None if ahead is None else positions[ahead]
        reason = (_("it holds back {player}, the furthest ahead of them, on {space}").format(
            player=player_name(ahead, None), space=space_name(where))
                  if where is not None else _("it moves your chair forward"))
        return Advice(move, reason, "GR-11")
    if kind == "exchange":
        boards = view["boards"]
        picks = [(s, slot) for s, slot in enumerate(args) if boards[s] is not None]
        words = sep().join(_("{player} {card}").format(player=who(s, seat), card=card_text(boards[s][slot]))
                           for s, slot in picks)
        own = next((boards[s][slot] for s, slot in picks if s == seat), None)
        theirs = [boards[s][slot] for s, slot in picks if s != seat]
        if own is not None and MOVES.get(own, SCHEME_OWN) <= min(MOVES.get(c, SCHEME_OWN) for c in boards[seat]):
            reason = _("you give up your weakest bearer ({card})").format(card=card_text(own))
        else:
            reason = _("the others lose bearers that move {avg} spaces on average").format(avg=average(theirs))
        return Advice(_("Discard these bearers: {cards}").format(cards=words), reason, "GR-16")
    return None
