"""Galopp Royal's words, from a seat's view of the game (``game.view(seat)``): what the player to
move is asked to do, the die line, the auction panel, the hand's and the players panel's facts,
the results, hover texts and the words for an action. Pure functions returning text or HTML; the
shell's panels (``ui/shell.py``) and the view's own controls (``view.py``) show them."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from ..engine.action import Action
from ..ui.access import ink_on
from ..ui.i18n import t
from ..ui.shell import chip
from .drawing import CARD_FILL, START_COL, chair_cols, parse_target, racing
from .tables import MAX_COINS, POND_DEPTH, SCHEME_OWN, SCHEME_PAIR, SCHEME_SINGLE
from .text import (
    CARD_SHORT,
    card_text,
    order_text,
    place_text,
    player_name,
    players_text,
    sep,
    signed,
    space_name,
)


def card_chip(card: str, lang: str) -> str:
    """A bearer card as a labelled chip in its colours."""
    fill = CARD_FILL[card]  # its ink: black or white, whichever reads at 4.5:1 (WCAG AA)
    return chip(card_text(card, lang), f"background:{fill};color:{ink_on(fill)};border:1px solid #555")


def backs(n: int) -> str:
    """`n` face-down cards."""
    return chip("?", "background:#666;color:#fff;border:1px solid #555") * n


def hand_chips(table: dict[str, Any], lang: str) -> list[str]:
    """The seat's own cards: its private cards of the auction running (only it sees them)."""
    auction = table["auction"]
    return [card_chip(c, lang) for c in auction["my_private"]] if auction is not None else []


def status_what(table: dict[str, Any], lang: str) -> str:
    """What the player to move is asked to do."""
    auction = table["auction"]
    if auction is not None and auction["must_bid"]:
        return t("gr.what.must_bid", lang, n=table["empty_auctions"])
    if auction is not None:
        coins = table["coins"][table["to_move"]]
        return t("gr.what.auction", lang, bid=auction["current_bid"], coins=coins, n=coins)
    return t(f"gr.what.{table['phase']}", lang)


def bid_range(table: dict[str, Any]) -> tuple[int, int]:
    """The bids the table's seat could make in the auction running (more than the current bid, at
    most its coins, GR-7), for the slider while it cannot bid: never an empty range."""
    auction, seat = table["auction"], table["seat"]
    if auction is None:
        return 1, 1
    lowest = auction["current_bid"] + 1
    coins = table["coins"][seat if seat is not None else table["to_move"]]
    return lowest, max(lowest, min(coins, MAX_COINS))


def seat_facts(table: dict[str, Any], seat: int, lang: str) -> str:
    """A seat's public facts: coins, team, and in a race where its chair is."""
    board = table["boards"][seat]
    facts = [t("gr.coins", lang, coins=table["coins"][seat]),
             t("gr.no_team", lang) if board is None else " ".join(CARD_SHORT[c] for c in board)]
    if racing(table):
        status = table["status"][seat]
        if status == "finished":
            facts.append(place_text(table["finished"].index(seat) + 1, lang))
        else:
            facts.append(space_name(-POND_DEPTH - 1 if status == "pond" else table["positions"][seat], lang))
    return " · ".join(facts)


def die_text(table: dict[str, Any], lang: str, own: Any = None) -> str:
    """The last roll; `own`: the viewer's own latest roll (an event), added while others rolled
    since (with fast bots the player would never read it otherwise)."""
    roll = table["last_roll"]
    if roll is None:
        return t("gr.die_none", lang)
    text = t("gr.die", lang, player=player_name(roll["seat"], lang), die=roll["die"],
             card=card_text(roll["card"], lang))
    if own is not None and own.seat != roll["seat"]:
        text += " " + t("gr.die_own", lang, die=own.die, card=card_text(own.card, lang))
    return text


def auction_html(table: dict[str, Any], lang: str, hidden: bool = False) -> str:
    """The auction panel: only what the table's seat may see; `hidden`: a hot-seat screen
    between players (no seat's private cards are shown)."""
    a, viewer = table["auction"], table["seat"]
    if a is None:
        return html.escape(t("gr.auction.none", lang))
    title = t(f"gr.auction.{a['kind']}", lang, n=a["number"], player=player_name(a["opener"], lang))
    lines = [f"<b>{html.escape(title)}</b>"]
    if a["lot_public"]:
        cards = "".join(card_chip(c, lang) for c in a["lot_public"])
        lines.append(html.escape(t("gr.auction.public", lang, cards="")) + cards)
    if viewer is not None and a["my_private"]:
        cards = "".join(card_chip(c, lang) for c in a["my_private"])
        mine = html.escape(t("gr.auction.mine", lang, cards="", n=len(a["my_private"])))
        lines.append(f"<span class='nbg-private'>{mine}{cards}</span>")
    elif hidden:
        lines.append(html.escape(t("gr.auction.hidden_mine", lang)))
    for seat in a["participants"]:
        n = a["private_counts"][seat]
        if seat != viewer and n:
            others = html.escape(t("gr.auction.others", lang, player=player_name(seat, lang), n=n))
            lines.append(f"{others} {backs(n)}")
    for seat, card in a["discarded_up"]:
        lines.append(html.escape(t("gr.auction.discarded", lang, player=player_name(seat, lang),
                                   card=card_text(card, lang))))
    if a["high_bidder"] is None:
        lines.append(html.escape(t("gr.auction.no_bid", lang)))
    else:
        lines.append("<b>" + html.escape(t("gr.auction.bid", lang, bid=a["current_bid"],
                                           player=player_name(a["high_bidder"], lang))) + "</b>")
    lines.append(html.escape(t("gr.auction.in", lang, players=players_text(a["active"], lang))))
    if a["passers"]:
        lines.append(html.escape(t("gr.auction.passed", lang, players=players_text(a["passers"], lang))))
    return "<br>".join(lines)


def results_html(table: dict[str, Any], lang: str) -> str:
    """Race line and every race's order (the text twin of the podium)."""
    p1, p2, p3 = table["prizes"]
    line = t("gr.race_line", lang, race=table["race"], goal=table["goal"], p1=p1, p2=p2, p3=p3)
    lines = [f"<b>{html.escape(line)}</b>"]
    for race, order in enumerate(table["results"], start=1):
        lines.append(html.escape(t("gr.result", lang, race=race, order=order_text(order, lang))))
    return "<br>".join(lines)


def score_notes(table: dict[str, Any], seat: int, lang: str) -> list[str]:
    """Scoreboard lines: the seat's place in every race run."""
    if not table["results"]:
        return []
    places = sep(lang).join(place_text(order.index(seat) + 1, lang) for order in table["results"])
    return [t("gr.score.results", lang, places=places)]


def describe(action: Action, table: dict[str, Any], lang: str) -> str:
    """A sentence for one action, for buttons and the move list."""
    kind, args = action.kind, action.args
    if kind == "bid":
        return t("gr.do.bid", lang, n=args[0])
    if kind in ("pass", "roll"):
        return t(f"gr.do.{kind}", lang)
    if kind == "arrange":
        if action == "keep":
            return t("gr.do.keep", lang)
        if table["phase"] != "arrange":
            return str(action)
        board = table["boards"][table["arrange_queue"][0]]
        return t("gr.do.arrange", lang, cards=" ".join(f"{i + 1}:{CARD_SHORT[board[j]]}" for i, j in enumerate(args)))
    if kind == "scheme":
        sign, targets = args
        step = SCHEME_SINGLE if len(targets) == 1 else SCHEME_PAIR
        text = t("gr.do.scheme", lang, own=signed(sign * SCHEME_OWN))
        pushes = [t("gr.do.scheme_target", lang, player=player_name(s, lang), delta=signed(-sign * step))
                  for s in targets]
        return sep(lang).join([text, *pushes])
    if kind == "exchange":
        boards = table["boards"]
        slots = sep(lang).join(f"{player_name(s, lang)} {slot + 1} ({CARD_SHORT[boards[s][slot]]})"
                          for s, slot in enumerate(args))
        return t("gr.do.exchange", lang, slots=slots)
    return str(action)


def target_text(name: str, table: dict[str, Any], shown: Sequence[list[str] | None], lang: str) -> str:
    """Hover and keyboard text for a named target; `shown`: the bearers as the board shows them."""
    target = parse_target(name)
    if target is None:
        return ""
    if target[0] == "slot" and 0 <= target[1] < len(shown):
        seat, slot = target[1], target[2]
        board = shown[seat]
        if board is None or not 1 <= slot <= len(board):
            return t("gr.slot_empty", lang, player=player_name(seat, lang), slot=slot)
        return t("gr.slot", lang, player=player_name(seat, lang), slot=slot, card=card_text(board[slot - 1], lang))
    if target[0] == "chair" and 0 <= target[1] < len(shown):
        seat = target[1]
        status = table["status"][seat] if table["phase"] != "auction" else "racing"
        if status == "finished":
            return t("gr.chair_finished", lang, player=player_name(seat, lang),
                     place=place_text(table["finished"].index(seat) + 1, lang))
        if status == "pond":
            return t("gr.chair_pond", lang, player=player_name(seat, lang))
        space = chair_cols(table)[seat] - START_COL
        return t("gr.chair", lang, player=player_name(seat, lang), space=space_name(space, lang))
    if target[0] in ("space", "lane"):
        return space_name(target[-1], lang)
    return ""
