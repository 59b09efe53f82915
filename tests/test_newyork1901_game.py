"""New York 1901 as whole games: one full game scored by hand, invariants of random games, the
fast move generator against the one check of each kind, determinization of the draw pile, and
hostile records. (The generic contract is tests/test_contract.py.)"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest

import nbgames
from nbgames import RecordError
from nbgames.newyork1901.tables import DEFAULT_DATA

# -- one full game, worked out by hand -------------------------------------------------------------
# Seed 2, 2 players, the default board with one house number changed so the game is short: the
# end comes when a player has 15 unbuilt tiles left (3 built). The seed turns up the avenue cards
# Wall St, Nassau St, Cedar St and the challenge Bronze Baron.
SHORT = copy.deepcopy(DEFAULT_DATA)
SHORT["end"] = {"tiles_left": 15, "market_cards": 3}
HAND_GAME = [
    "character yellow",  # seat 1 chooses first (reverse order): yellow, start I4 J4
    "character green",  # seat 0: green, start G9 H9
    # turn 1, Player 1: acquire lot I6 (green2 in the market), build bI2 on I6 I7 (I6 on Nassau St): 2 VP
    "lot I6", "bI2@I6r0", "end",
    # turn 2, Player 2: acquire I5 (I5 J5), Land Grab H4 (H4 H5), build bL3 on H4 H5 I5: 3 VP.
    # Both workers go home; J5 stays empty in Player 2's estate.
    "lot I5", "grab H4", "bL3@H4r2", "end",
    # turn 3, Player 1: Market Shift (a green3 comes up), acquire G10 (G10 H10 I10), bI3 there: 2 + 3 = 5 VP
    "shift", "lot G10", "bI3@G10r1", "end",
    # turn 4, Player 2: acquire K5 (K5 L5), build bI3 on J5 K5 L5 across two lots: 3 + 3 = 6 VP, silver unlocked;
    # Construction Boom, demolish the starter on I4 J4 and rebuild sI2 there: 6 + 3 = 9 VP. Player 2 has built
    # 3 tiles (bL3, bI3, sI2): 15 left, the end is triggered. Last turns: Player 1, then Player 2.
    "lot K5", "bI3@J5r1", "boom", "demolish I4 sI2@I4r1", "end",
    # turn 5, Player 1's last: acquire I8, bI2 on I8 I9 (7 VP: silver); Land Grab H11; Construction Boom;
    # sI2 on H11 I11: 10 VP. No action card left: the turn ends by itself.
    "lot I8", "bI2@I8r0", "grab H11", "boom", "sI2@H11r1",
    # turn 6, Player 2's last: acquire K1, bI2 on K1 K2 (Cedar St): 11 VP; Market Shift stays unused.
    "lot K1", "bI2@K1r0", "end",
]


def test_a_full_game_scored_by_hand():
    game = nbgames.new_game("newyork1901", 2, seed=2, options={"data": SHORT})
    setup = game.events()[0]
    assert (setup.avenues, setup.challenge) == (("Wall St", "Nassau St", "Cedar St"), "bronze_baron")
    for action in HAND_GAME:
        game.play(action)
    assert game.is_over
    # Player 1 (seat 0): buildings 2 + 3 + 2 + 3 = 10 VP (bI2, bI3, bI2, sI2; the starter is worth 0).
    #   Wall St: no building; Nassau St: 1 (I6 I7) against Player 2's 2: no bonus; Cedar St: none.
    #   Action cards: all three played, 0. Bronze Baron: 3 bronze buildings (the starter does not
    #   count), fewer than 4: 0. Total 10.
    # Player 2 (seat 1): buildings 3 + 3 + 3 + 2 = 11 VP (bL3, bI3, sI2, bI2; the starter demolished).
    #   Nassau St: bL3 (H5) and bI3 (J5 K5 L5) = 2 against 1: +5. Cedar St: bI3 (J5 K5), sI2 (J4),
    #   bI2 (K1 K2) = 3 against 0: +5. Wall St: 0. Market Shift unused: +1. Bronze Baron: 3 bronze: 0.
    #   Total 11 + 5 + 5 + 1 = 22.
    assert game.scores() == [10, 22] and game.winners() == [1]
    lines = [{p["what"]: (p["count"], p["points"]) for p in entry["parts"]} for entry in game.explain_scores()]
    assert lines[0] == {"buildings": (5, 10), "avenue:Wall St": (0, 0), "avenue:Nassau St": (1, 0),
                        "avenue:Cedar St": (0, 0), "unused_action_cards": (0, 0), "bronze_baron": (3, 0)}
    assert lines[1] == {"buildings": (4, 11), "avenue:Wall St": (0, 0), "avenue:Nassau St": (2, 5),
                        "avenue:Cedar St": (3, 5), "unused_action_cards": (1, 1), "bronze_baron": (3, 0)}
    trigger = next(e for e in game.events() if e.kind == "end_trigger")
    assert (trigger.seat, trigger.reason, trigger.tiles_left) == (1, "tiles", 15)
    texts = [game.manifest.event_text(e) for e in game.events()]
    assert "Player 2 reached 6 VP: silver buildings unlocked (NY1901-5)." in texts
    assert texts[-1] == "The game is over. Scores: Player 1 10, Player 2 22. Winner: Player 2."
    again = nbgames.from_record(json.dumps(game.to_record()))
    assert again.scores() == [10, 22] and again.history == game.history


# -- random games -----------------------------------------------------------------------------------
def components_of(game: nbgames.Game) -> Counter:
    return Counter(game.rules.components())


def check_invariants(game: nbgames.Game, start: Counter, vp_before: list[int]) -> None:
    state, view = game.rules, game.view(None)
    T = state.T
    cells = [c for b in view["buildings"] for c in b["cells"]]
    assert len(cells) == len(set(cells)), "a cell holds two buildings"
    for lot in range(T.nlots):
        owner, worker = state.lot_owner[lot], state.worker[lot]
        built = bool(T.lot_mask[lot] & state.occupied)
        if owner < 0:
            assert worker < 0 and not built, "an unowned lot holds something"
        else:
            assert built != (worker >= 0), "an owned lot has a worker and a building, or neither"
            assert worker in (-1, owner)
    assert components_of(game) == start, "workers, lot cards, tiles or cards were not conserved"
    for seat, s in enumerate(view["seats"]):
        on_board = sum(1 for w in state.worker if w == seat)
        assert s["workers"] + on_board == 4
        assert s["vp"] >= vp_before[seat], "VP went down"
        vp_before[seat] = s["vp"]
    assert len(view["market"]) <= 4


@pytest.mark.parametrize("players,seed", [(2, 11), (3, 12), (4, 13), (4, 14)])
def test_random_games_keep_the_invariants_and_end(players, seed):
    game = nbgames.new_game("newyork1901", players, seed=seed)
    rng = random.Random(seed)
    start = components_of(game)
    vp = [0] * players
    while not game.is_over:
        assert len(game.history) < 3000
        game.play(rng.choice(game.legal_actions()))
        check_invariants(game, start, vp)
    assert game.events()[-1].kind == "game_end"
    assert any(e.kind == "end_trigger" for e in game.events())


# -- the fast generator agrees with the one check of each kind ----------------------------------------
def candidates(game: nbgames.Game) -> list[nbgames.Action]:
    """Every action of the kinds playable in a turn that could be legal here (and many that are not)."""
    state = game.rules
    T = state.T
    seat = game.to_move
    out = [T.fixed[name] for name in ("boom", "shift", "end", "pass")]
    out += T.acquire + T.grab + T.recall
    own = state.owned[seat]
    near = own | T.neighbours_of(own)
    for tile in range(len(T.tiles)):
        for orientation in range(len(T.tiles[tile].orientations)):
            out += [T.build_action(tile, orientation, anchor) for anchor in T.cells(near)]
            for b in state.buildings:
                if b is not None and b[0] == seat:
                    first = T.cells(b[2])[0]
                    out += [T.demolish_action(first, tile, orientation, anchor) for anchor in T.cells(near)]
    return out


@pytest.mark.parametrize("players,seed", [(2, 21), (3, 22)])
def test_legal_actions_are_exactly_the_actions_the_checks_allow(players, seed):
    game = nbgames.new_game("newyork1901", players, seed=seed, options={"characters": "deal"})
    rng = random.Random(seed)
    checked = 0
    while not game.is_over:
        if rng.random() < 0.12:
            legal = set(game.legal_actions())
            allowed = {a for a in candidates(game) if game.refusal(a) is None}
            assert allowed == legal, (len(game.history), sorted(allowed ^ legal)[:5])
            checked += 1
        game.play(rng.choice(game.legal_actions()))
    assert checked >= 5


# -- hidden information: only the draw pile's order ----------------------------------------------------
def test_determinize_shuffles_only_the_pile_keeping_cards_known_to_lie_under_it():
    game = nbgames.new_game("newyork1901", 3, seed=5, options={"characters": "deal"})
    game.play("shift")  # the old market goes under the pile: known cards, unknown order
    state = game.rules
    bottom = sorted(state.pile_groups[0])
    orders = set()
    for k in range(6):
        copy_ = game.determinize(0, random.Random(k))
        assert sorted(copy_.rules.pile_groups[0]) == bottom
        assert Counter(copy_.rules.pile_top) == Counter(state.pile_top)
        orders.add(tuple(copy_.rules.pile_top))
        assert copy_.view(1) == game.view(1)
    assert len(orders) > 1


def test_views_hide_nothing_but_the_pile_order():
    game = nbgames.new_game("newyork1901", 3, seed=5, options={"characters": "deal"})
    assert game.view(0) == {**game.view(1), "seat": 0}
    assert [key for key in game.view(0) if "pile" in key] == ["pile_size", "pile_bottom"]  # no order


# -- hostile records --------------------------------------------------------------------------------
def finished_record() -> dict:
    game = nbgames.new_game("newyork1901", 2, seed=2, options={"data": SHORT})
    for action in HAND_GAME:
        game.play(action)
    return game.to_record()


@pytest.mark.parametrize("tamper", [
    lambda r: r["actions"].__setitem__(3, "bI2@A1r0"),  # not on the player's estate
    lambda r: r["actions"].__setitem__(2, "lot G9"),  # a starting lot
    lambda r: r["actions"].__setitem__(0, "character purple"),  # no purple with 2 players
    lambda r: r["actions"].insert(5, "end"),  # ending a turn before its action
    lambda r: r["actions"].append("lot A1"),  # a move after the end
    lambda r: r["actions"].__setitem__(9, "demolish I4 gR6@I4r0"),  # gold is locked
    lambda r: r["actions"].__setitem__(4, "bI2@I6r0; import os"),
    lambda r: r["actions"].__setitem__(4, ["bI2@I6r0"]),
    lambda r: r["options"].__setitem__("characters", "auction"),
    lambda r: r["options"].__setitem__("data", {"rows": 3}),
    lambda r: r["options"].__setitem__("position", {"characters": ["orange", "orange"]}),
    lambda r: r["options"].__setitem__("position", {"characters": ["orange", "sky"], "seats": [{"lots": ["Q9"]}, {}]}),
    lambda r: r.__setitem__("players", 5),
    lambda r: r.__setitem__("rules_version", "0"),
    lambda r: r.__setitem__("chance", [2**40]),
])
def test_hostile_records_are_refused(tamper):
    record = finished_record()
    assert nbgames.from_record(record).scores() == [10, 22]
    broken = json.loads(json.dumps(record))
    tamper(broken)
    with pytest.raises(RecordError):
        nbgames.from_record(broken)


def test_a_record_in_progress_replays_its_market_and_deals_the_rest_anew():
    game = nbgames.new_game("newyork1901", 2, seed=2, options={"data": SHORT})
    for action in HAND_GAME[:10]:
        game.play(action)
    record = game.to_record()
    assert "seed" not in record and record["chance"]
    again = nbgames.from_record(record)
    assert again.view(0) == game.view(0)
    cheat = json.loads(json.dumps(record))
    cheat["chance"][-1] = 999  # a card that does not exist
    with pytest.raises(RecordError):
        nbgames.from_record(cheat)


# -- the notation is the board kit's ---------------------------------------------------------------
def test_placements_are_written_as_the_board_kit_writes_them():
    """Every placement's notation, read by the kit (nbgames/ui/tiles.py) with the tiles the view
    shows, covers the cells the engine builds on: a board can draw and send engine moves."""
    from nbgames.ui.tiles import Polyomino, parse_placement

    game = nbgames.new_game("newyork1901", 3, seed=5, options={"characters": "deal"})
    tiles = {t["name"]: Polyomino.from_picture(t["shape"], t["name"]) for t in game.view(None)["board"]["tiles"]}
    state = game.rules
    T = state.T
    rng = random.Random(5)
    for _ in range(300):
        tile = rng.randrange(len(T.tiles))
        orientation = rng.randrange(len(T.tiles[tile].orientations))
        anchor = rng.randrange(T.ncells)
        mask = T.masks[tile][orientation][anchor]
        if not mask:
            continue
        text = str(T.build_action(tile, orientation, anchor))
        placement = parse_placement(text, tiles)
        assert placement.notation() == text and placement.canonical() == placement
        assert [T.cell_names[r * T.cols + c] for r, c in placement.cells()] == list(T.names(mask))


def test_preview_tells_the_cells_vp_and_workers_of_a_placement():
    game = nbgames.new_game("newyork1901", 2, seed=2, options={"data": SHORT})
    for action in HAND_GAME[:7]:  # up to Player 2's Land Grab of H4
        game.play(action)
    before = game.view(1)
    preview = game.preview("bL3@H4r2")
    assert preview["cells"] == ["H4", "H5", "I5"] and preview["vp_change"] == 3
    assert preview["workers_back"] == 2 and preview["turn_ends"] is False and preview["unlocks"] == []
    assert game.view(1) == before


def test_every_event_kind_is_worded_from_the_catalogue():
    """Each event kind has its sentence (no bare key, no unfilled {field}), citing a rule id where
    the rules decide."""
    from nbgames.newyork1901 import events as ev

    kinds = {cls.kind for cls in vars(ev).values() if isinstance(cls, type) and issubclass(cls, ev.Event)
             and cls is not ev.Event}
    happened = [ev.Pass(0), ev.Prestige(1, 2), ev.WorkerPlaced(0, "E4"), ev.Recall(1, "C4", "orange2"),
                ev.Character(0, "sky", "D10", True), ev.Acquire(0, "orange2", "D4", True)]
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        game = nbgames.new_game("newyork1901", players, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            game.play(rng.choice(game.legal_actions()))
        happened += game.events()
    assert {e.kind for e in happened} == kinds
    texts = {}
    for event in happened:
        texts.setdefault(event.kind, game.manifest.event_text(event))
        text = game.manifest.event_text(event)
        assert not text.startswith("ny1901.") and "{" not in text, text
    assert "(NY1901-5)" in texts["build"] and "(NY1901-9)" in texts["end_trigger"]


def test_legal_actions_agree_with_the_checks_at_a_position_rich_in_rebuilds():
    position = {"characters": ["orange", "sky", "green", "yellow"],
                "seats": [{"lots": ["D4", "E4", "E3", "E2"], "vp": 30,
                           "buildings": ["bI2@A1r1", "bI3@A5r1", "bL3@A2r0", "sI2@C1r1", "bI2@A4r1"]}, {}, {}, {}],
                "market": ["orange2", "sky2", "green2", "yellow3"]}
    game = nbgames.new_game("newyork1901", 4, seed=1, options={"position": position})
    legal = set(game.legal_actions())
    # demolitions: rebuilds extend only over the worker lots next to the demolished building (NY1901-6)
    assert Counter(a.kind for a in legal) == {"build": 70, "demolish": 26, "boom": 1, "shift": 1}
    assert {a for a in candidates(game) if game.refusal(a) is None} == legal
