"""Galopp Royal's typed events: public facts only, and one renderer that words every kind."""

from __future__ import annotations

import dataclasses
import inspect
import json
import random

import nbgames
from nbgames.engine.events import Event
from nbgames.galopp_royal import events as ev
from nbgames.galopp_royal.text import event_text

EVENT_CLASSES = [cls for _, cls in inspect.getmembers(ev, inspect.isclass)
                 if issubclass(cls, Event) and cls is not Event]
# Fields that name cards, and why each is public when the event happens.
CARD_FIELDS = {
    ("auction", "face_up"),     # turned face up (GR-6, n = 3)
    ("discard_up", "card"),     # discarded face up (GR-6, n = 5/6)
    ("won", "cards"),           # the lot becomes the winner's (public) board (GR-8)
    ("forced", "cards"),        # the forced team lies on a public board (GR-6)
    ("replace", "old"), ("replace", "new"),  # old team discarded face up, new one on the board
    ("arrange", "cards"),       # a board
    ("roll", "card"),           # a board's slot
    ("exchange", "cards"),      # discarded face up (GR-16)
    ("draw", "card"),           # drawn into a slot of a public board (GR-16)
}


def random_game(players: int, seed: int, pass_bias: float = 0.0) -> nbgames.Game:
    g = nbgames.new_game("galopp_royal", players=players, seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        legal = g.legal_actions()
        passes = [a for a in legal if a == "pass"]
        g.play(passes[0] if passes and rng.random() < pass_bias else rng.choice(legal))
    return g


def test_every_event_kind_is_a_frozen_dataclass_with_its_own_kind():
    kinds = [cls.kind for cls in EVENT_CLASSES]
    assert len(kinds) == len(set(kinds)) == 21
    for cls in EVENT_CLASSES:
        assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen


def test_only_the_listed_fields_name_cards():
    card_fields = {(cls.kind, f.name) for cls in EVENT_CLASSES for f in dataclasses.fields(cls)
                   if f.type in ("str", "tuple[str, ...]") and f.name not in ("auction",)}
    assert card_fields == CARD_FIELDS


def test_every_event_of_random_games_renders_and_is_json():
    seen = {}
    for players, seed, bias in [(3, 0, 0.0), (4, 1, 0.9), (5, 2, 0.0), (6, 3, 0.5), (6, 7, 0.0)]:
        g = random_game(players, seed, bias)
        for event in g.events():
            seen.setdefault(event.kind, event)
            assert json.loads(json.dumps(event.to_json()))["kind"] == event.kind
    assert set(seen) == {cls.kind for cls in EVENT_CLASSES}
    for event in seen.values():
        text = event_text(event)
        assert text and "{" not in text and not text.startswith("gr.")
        assert g.manifest.event_text(event) == text


def test_renderer_words():
    assert event_text(ev.Schemed(0, 2, (1, 3), -1)) == \
        "Player 1 schemes: own chair +2, Player 2 −1, Player 4 −1 (GR-11)."
    assert event_text(ev.ChairMoved(2, 0, -2)) == "Player 3's chair: START → space -2."
    assert event_text(ev.RaceEnded(1, (2, 0, 1))) == "Race 1 is over: 1st Player 3, 2nd Player 1, 3rd Player 2."
    assert event_text(ev.BearersExchanged(1, (2, 1, 4), ("+5", "goof", "+1"))) == \
        "Player 2 (last) discards Player 1 2 (+5), Player 2 1 (−2), Player 3 4 (+1) (GR-16)."
    assert event_text(ev.GameOver((0, 2))) == "The game is over. Shared win: Player 1, Player 3."


def test_private_auction_cards_of_an_unbid_lot_never_reach_an_event():
    # Two games alike except for who holds which private card of the first auction's lot:
    # nobody bids, so the events must not differ (the next auction's cards are the same).
    top = ["+5", "goof", "+1", "+3", "+2", "+2", "+1", "+3"]
    swapped = ["goof", "+5", "+3", "+1", *top[4:]]
    games = [nbgames.new_game("galopp_royal", players=4, seed=3, options={"deck": d}) for d in (top, swapped)]
    assert games[0].view(0)["auction"]["my_private"] != games[1].view(0)["auction"]["my_private"]
    for move in ["pass"] * 4 + ["bid 2", "pass", "pass", "pass"]:
        for g in games:
            g.play(move)
        assert games[0].events() == games[1].events()
    assert [e.kind for e in games[0].events()].count("no_bid") == 1


def test_a_won_lot_is_revealed_when_won():
    g = nbgames.new_game("galopp_royal", players=4, seed=3, options={"deck": ["+5", "goof", "+1", "+3"]})
    for move in ("bid 2", "pass", "pass"):
        g.play(move)
        assert all(e.kind != "won" for e in g.events())
    g.play("pass")
    won = [e for e in g.events() if e.kind == "won"]
    assert won == [ev.LotWon(0, 2, tuple(g.view(None)["boards"][0]))]
    assert sorted(won[0].cards) == sorted(["+5", "goof", "+1", "+3"])


def test_cards_in_events_are_on_the_public_table_right_after():
    for players, seed in [(3, 4), (4, 5), (5, 6), (6, 8)]:
        g = nbgames.new_game("galopp_royal", players=players, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            mark = g.event_count
            g.play(rng.choice(g.legal_actions()))
            new = g.events(mark)
            if any(e.kind == "reshuffle" for e in new):
                continue  # the discard pile just became the deck
            table = g.view(None)
            boards = table["boards"]
            for e in new:
                if e.kind in ("won", "forced") and not any(x.kind == "arrange" for x in new):
                    assert sorted(boards[e.seat]) == sorted(e.cards)
                elif e.kind == "roll":
                    assert boards[e.seat][e.die - 1] == e.card
                elif e.kind == "arrange":
                    assert boards[e.seat] == list(e.cards)
                elif e.kind == "draw":
                    assert boards[e.seat][e.slot - 1] == e.card
                elif e.kind in ("exchange", "replace", "discard_up"):
                    gone = e.cards if e.kind == "exchange" else e.old if e.kind == "replace" else (e.card,)
                    assert set(gone) <= set(table["discard"])
                elif e.kind == "auction" and table["auction"] and table["auction"]["number"] == e.number:
                    assert table["auction"]["lot_public"] == list(e.face_up)
