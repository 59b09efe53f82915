"""New York City's hints in plain words: the move (cards by their kind's name, characters by
number and level, districts by letter and name), one reason from the public view and the engine's
own facts (the score lines it changes, the bids on the table) and the rule that reason rests on.
Found by `nbgames.engine.hints.advise`."""

from __future__ import annotations

from typing import Any

from ..engine.action import Action
from ..engine.game import Game
from ..engine.hints import Advice, Facts
from ..i18n import _, localize, ngettext
from ..ui.i18n import t
from .tables import Tables, tables_for
from .text import comma

WILD = 6


def kind_words(kind: int) -> str:
    return t(f"nyc.kind.{kind}", None)


def vp(n: int) -> str:
    return _("{n} VP").format(n=f"{n:+d}".replace("-", "−"))


def letters_words(T: Tables, letters: list[str] | str) -> str:
    return comma().join(kind_words(T.letters_of_kinds.index(x)) for x in letters if x in T.letters_of_kinds)


def district_words(view: dict[str, Any], letter: str) -> str:
    name = next((d["name"] for d in view["districts"] if d["letter"] == letter), "")
    return _("district {letter} ({name})").format(letter=letter, name=_(name)) if name else letter


def ability(T: Tables, number: int) -> str:
    character = T.characters.get(number)
    return "" if character is None else t(f"nyc.ability.{character.ability}", None)


def held(view: dict[str, Any], seat: int) -> dict[str, int]:
    return dict(view["seats"][seat]["hand"] or {})


def advice(game: Game, seat: int, action: Action, facts: Facts) -> Advice | None:
    view = game.view(seat)
    T = tables_for(game.options.get("data"))
    kind, args = action.kind, action.args
    gain = sum(c.delta for c in facts.mine(seat))
    scored = _(", and the score if the game ended now: {vp}").format(vp=vp(gain)) if gain > 0 else ""
    bidding = view["bidding"]
    if kind == "start":
        move = _("Start with character {number}").format(number=args[0])
        character = T.characters.get(args[0])
        if character is not None and character.lantern >= 0:
            colour = T.lantern_colours[character.lantern]
            built = sum(d["buildings"][seat] for d in view["districts"] if colour in d["lanterns"])
            return Advice(move, _("1 VP at the end for each of your buildings in a district with {colour} "
                                  "lanterns: {n} now").format(colour=localize(colour), n=built), "NYC-7")
        return Advice(move, _("{ability}, counted at the end of the game").format(ability=ability(T, args[0])),
                      "NYC-7")
    if kind == "take":
        pair = (view["display"][args[0] - 1] or []) if args[0] - 1 < len(view["display"]) else []
        hand = held(view, seat)
        main = max(set(pair), key=lambda x: (pair.count(x), hand.get(x, 0)), default=None)
        move = _("Take display pair {slot} ({cards})").format(slot=args[0], cards=letters_words(T, pair))
        if main is None:
            return Advice(move, _("these cards are what you bid with"), "NYC-9")
        index = T.letters_of_kinds.index(main)
        if index == WILD:
            return Advice(move, _("a wild counts as a card of any bidding round's kind"), "NYC-9")
        n = hand.get(main, 0) + pair.count(main)
        return Advice(move, ngettext("you will hold {n} {kind} card for the {kind} bidding round",
                                     "you will hold {n} {kind} cards for the {kind} bidding round", n).format(
                                         n=n, kind=kind_words(index)), "NYC-9")
    if kind in ("take2", "split"):
        return Advice(_("Use your character to take from two display pairs"),
                      _("you get more of the cards you need than one pair gives"), "NYC-12")
    if kind == "play" and bidding is not None:
        card, count = args
        round_kind = kind_words(_round_kind(T, bidding["kind"]))
        mine = bidding["values"][seat] + 1
        rivals = max((v for s, v in enumerate(bidding["values"]) if s != seat), default=0)
        if card == WILD:
            move = _("Add a wild to your {kind} bid").format(kind=round_kind)
        elif count == 2:
            move = _("Add two {card} cards to your {kind} bid, counted as one").format(
                card=kind_words(card), kind=round_kind)
        else:
            move = _("Add a {card} card to your {kind} bid").format(card=kind_words(card), kind=round_kind)
        return Advice(move, _("your bid becomes {mine}, against a highest rival bid of {rivals}{scored}").format(
            mine=mine, rivals=rivals, scored=scored), "NYC-10")
    if kind == "pass" and bidding is not None:
        round_kind = _round_kind(T, bidding["kind"])
        move = _("Pass this {kind} round").format(kind=kind_words(round_kind))
        hand = held(view, seat)
        if not hand.get(T.letter(round_kind)) and not hand.get(T.letter(WILD)):
            return Advice(move, _("you hold no {kind} card to bid").format(kind=kind_words(round_kind)), "NYC-10")
        return Advice(move, _("your cards are worth more in a later bidding round"), "NYC-10")
    if kind == "done":
        if bidding is not None and view["stage"] == "bid":
            value = bidding["values"][seat]
            rivals = max((v for s, v in enumerate(bidding["values"]) if s != seat), default=0)
            return Advice(_("Stop bidding at {value}").format(value=value),
                          _("the highest rival bid is {rivals}; more cards would be spent for little").format(
                              rivals=rivals), "NYC-10")
        return Advice(_("Use no more characters now"), _("no ability of yours pays now"), "NYC-12")
    if kind == "swap":
        given, taken = args
        move = _("Swap: put your {given} card into the reserve and take the {taken} card").format(
            given=kind_words(given), taken=kind_words(taken))
        if bidding is not None and view["stage"] == "bid" and taken in (_round_kind(T, bidding["kind"]), WILD):
            return Advice(move, _("you can bid it in this {kind} round").format(
                kind=kind_words(_round_kind(T, bidding["kind"]))), "NYC-10")
        return Advice(move, _("the {taken} card is of more use to you now").format(taken=kind_words(taken)), "NYC-10")
    if kind == "use":
        return Advice(_("Use character {number} (1 dollar)").format(number=args[0]),
                      ability(T, args[0]) + scored, "NYC-12")
    if kind == "hire":
        if not args[0]:
            return Advice(_("Take no character"), _("none of the characters you may hire pays now"), "NYC-10")
        character = T.characters[args[0]]
        return Advice(_("Hire character {number} (level {level})").format(number=args[0], level=character.level),
                      _("{level} at the end, and it does this: {ability}").format(
                          level=vp(character.level), ability=ability(T, args[0])), "NYC-13")
    if kind == "fame":
        if not args:
            return Advice(_("Place no fame tile"), _("no fame tile helps your districts now"), "NYC-10")
        tile, _route, letter = args
        colour, value = T.fame[tile]
        district = next((d for d in view["districts"] if d["letter"] == letter), None)
        builds = view["seats"][seat]["board"] > 0  # nothing is built from an empty board (NYC-3)
        mine = (district["buildings"][seat] if district else 0) + builds
        return Advice(_("Put the fame tile worth {value} on {district} and take the {colour} vehicle").format(
            value=value, district=district_words(view, letter), colour=localize(T.vehicle_colours[colour])),
            (ngettext("the district's value rises by {value}, and you build there: {n} building of yours",
                      "the district's value rises by {value}, and you build there: {n} buildings of yours",
                      mine) if builds else
             ngettext("the district's value rises by {value} for your {n} building there",
                      "the district's value rises by {value} for your {n} buildings there",
                      mine)).format(value=value, n=mine) + scored, "NYC-10")
    if kind == "drop":
        return Advice(_("Discard {cards} (character 5)").format(cards=comma().join(kind_words(c) for c in args)),
                      _("you keep the better of the cards you drew"), "NYC-12")
    if kind == "back":
        cards = comma().join(kind_words(c) for c in args) or _("nothing")
        return Advice(_("Take back {cards} (character 22)").format(cards=cards),
                      _("cards taken back can be bid again in a later round"), "NYC-12")
    if kind == "move":
        return Advice(_("Move one of your buildings from {district} to the mayor's district").format(
            district=district_words(view, args[0])), _("you have no building left to build with"), "NYC-10")
    return None


def _round_kind(T: Tables, kind: Any) -> int:
    """A bidding round's kind as a card kind number ("press" or 0 → 0)."""
    if isinstance(kind, int):
        return kind
    return T.data["kinds"].index(kind) if kind in T.data["kinds"] else 0
