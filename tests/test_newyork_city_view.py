"""The New York City view without a browser: draw lists, hit-testing of every region, clicks
that make moves (a draft pick, a bid with a pair and a wild, a swap, Done showing the count, a
hire, a fame tile, a character), refusals with rule ids, the round line, the narrow layout, hot
seat and no other seat's hand in any widget."""

from __future__ import annotations

import json
import random

import pytest

from nbgames.engine.game import Game
from nbgames.newyork_city.layout import layout_for
from nbgames.newyork_city.tables import DEFAULT
from nbgames.newyork_city.teaching import LEARNER, Wish, learner_bids, my_bid, stage, steer
from nbgames.newyork_city.view import NewYorkCityView
from nbgames.ui.board import HIGHLIGHTS


def chosen(view):
    out = []
    view.on_choose(out.append)
    return out


def all_text(widget) -> str:
    """Every string a widget tree sends to the browser (values, labels, options, tooltips)."""
    parts = []
    for name in ("value", "description", "tooltip", "placeholder"):
        value = getattr(widget, name, None)
        if isinstance(value, str):
            parts.append(value)
    for option in getattr(widget, "options", ()) or ():
        parts.append(str(option))
    for child in getattr(widget, "children", ()) or ():
        parts.append(all_text(child))
    return "\n".join(parts)


def canvas_text(view) -> list[str]:
    return [str(args[0]) for _, name, args in view.ops() if name == "fill_text"]


def plain_ops(view) -> str:
    """The draw list as text (arrays as lists), to compare two of them."""
    return json.dumps(view.ops(), default=lambda a: a.tolist())


def click(view, target):
    """Click the middle of a region, as the browser would."""
    view._on_mouse_down(*view.regions.centre(target))


def draft_game(players: int = 3) -> Game:
    return steer(2, Wish(), lambda g: stage(g) == "draft" and g.to_move == LEARNER, players=players)


def dollar_bid() -> Game:
    """Seat 0 opens the dollar round holding P×3, E×2, V, W (no D): pairs and the wild."""
    return steer(2, Wish(draft="WA"), lambda g: learner_bids(g, "dollar") and not my_bid(g)[1])


# -- drawing -----------------------------------------------------------------------------------
def test_the_canvas_shows_every_part_of_the_city_with_letters_beside_colours():
    game = steer(1, Wish(draft="V", bid_in=("vp",)), lambda g: stage(g) == "fame" and g.to_move == 0, players=4)
    view = NewYorkCityView(game, seat=0)
    table = game.view(0)
    text = canvas_text(view)
    for d in table["districts"]:
        assert d["letter"] in text and d["name"] in text and f"worth {d['value']}" in text
        assert f"N·{d['neutral']}" in text  # the black neutral buildings, named N
    assert "★ Mayor" in text
    for seat, n in enumerate(table["districts"][[d["buildings"][0] for d in table["districts"]].index(1)]["buildings"]):
        assert f"{seat + 1}·{n}" in text  # every player's building in the start district, by number
    assert {"Ye", "Re", "Bl", "Gr", "Wh"} <= set(text)  # vehicles and lanterns carry their colour's letters
    assert {"Or", "Pu", "Pi", "Te", "Br"} <= set(text)
    assert [str(s) for s in range(16)] == [x for x in text if x.isdigit() and int(x) < 16][:16]  # the press track
    assert "N" in text  # the black press marker
    assert "Statue of Liberty: 4 VP next" in text
    assert any(x.startswith("Bl +") or x.startswith("Gr +") for x in text)  # face-up fame tiles
    assert "P\n×0" in text or any(x.startswith("P") for x in text)
    for seat in range(4):
        assert str(seat + 1) in text and any(x.startswith("board 4 · $") for x in text)
    assert "28\nPE" not in text  # tiles are drawn line by line
    assert "28" in text and "PE" in text  # a starting character: number and phase (end of game)
    assert "24" in text and "L2" in text  # a character to hire with its level


def test_colours_are_okabe_ito_and_never_alone():
    from nbgames.newyork_city import drawing
    from nbgames.ui.board import OKABE_ITO

    assert set(drawing.SEAT_FILL) <= set(OKABE_ITO.values())
    assert set(drawing.KIND_FILLS) - {"#FFFFFF"} <= set(OKABE_ITO.values())
    view = NewYorkCityView(draft_game(), seat=0)
    fills = [args[0] for _, name, args in view.ops() if name == "set:fill_style"]
    assert drawing.SEAT_FILL[0] in fills and drawing.SEAT_FILL[1] in fills


def test_relettered_kinds_keep_their_colours_on_the_board_and_in_the_hand():
    """A user's data may give the card kinds other letters (NYC-5): each kind keeps its colour
    by its place in the data (the cards once fell back to grey), on the canvas and the chips."""
    import copy

    from nbgames.newyork_city import drawing, panels
    from nbgames.newyork_city.tables import DEFAULT_DATA

    relettered = copy.deepcopy(DEFAULT_DATA) | {"kind_letters": "NKLBFU", "wild_letter": "J"}
    pages = []
    for data in (None, relettered):
        game = Game("newyork_city", 3, seed=5, options={"data": data})
        while not any(game.rules.view(0)["seats"][0]["hand"].values()):  # the first choice each time
            game.play(game.legal_actions()[0])
        view = NewYorkCityView(game, seat=0)
        fills = [args[0] for _, name, args in view.piece_ops() if name == "set:fill_style"]
        chips = panels.hand_chips(view.table, 0, view.T, "en")
        pages.append((fills, [chip.split("background:")[1].split(";")[0] for chip in chips]))
    assert pages[0] == pages[1] and pages[1][1]
    assert drawing.UNKNOWN_CARD_FILL not in pages[1][0]
    assert set(drawing.KIND_FILLS[:6]) & set(pages[1][0])  # cards of the display or the hand


# -- hit-testing -------------------------------------------------------------------------------
@pytest.mark.parametrize("make", [draft_game, dollar_bid], ids=["draft", "bid"])
def test_every_region_is_hit_at_its_centre_and_nothing_outside(make):
    view = NewYorkCityView(make(), seat=0)
    names = view.regions.names
    assert {n.split(":")[0] for n in names} >= {"district", "route", "hand", "char", "pool", "fame"}
    for name in names:
        assert view.target_at(*view.regions.centre(name)) == name
    for bad in [(-5, 3), (1e9, 1e9), ("x", 2), (float("nan"), 3), (None, None), (2, 2)]:
        assert view.target_at(*bad) is None


def test_every_legal_move_has_a_target_on_the_board_or_a_button_through_a_random_game():
    game = Game("newyork_city", 3, seed=11)
    view = NewYorkCityView(game, seat=None)
    rng = random.Random(4)
    while not game.is_over:
        view.refresh()
        buttons = {str(b.tooltip) for b in view.actions.children}
        for action in game.legal_actions():
            target = view.target_of(action)
            assert (target in view.regions) if target is not None else str(action) in buttons, action
        game.play(rng.choice(game.legal_actions()))
    view.refresh()
    assert "Final scoring, district by district (NYC-13)" in view.scores.value
    for letter in game.view(None)["letters"]:
        assert f"district {letter}:" in view.scores.value


# -- clicks make moves ----------------------------------------------------------------------------
def test_a_draft_pick_by_clicking_a_pair():
    game = draft_game()
    view = NewYorkCityView(game, seat=0)
    out = chosen(view)
    pair = next(i + 1 for i, p in enumerate(game.view(0)["display"]) if p)
    assert "pair" in view.status.value and "lap 1 of 2" in view.status.value
    click(view, f"pair:{pair}")
    assert [str(a) for a in out] == [f"take {pair}"]


def test_a_bid_with_a_pair_and_a_wild_by_clicking_shows_its_count_before_done():
    game = dollar_bid()
    view = NewYorkCityView(game, seat=0)
    out = chosen(view)
    view.on_choose(lambda a: (game.play(a), view.refresh()))
    assert "dollar bidding round (2 of 6)" in view.round_line.value and "no bid yet" in view.round_line.value
    click(view, "hand:W")  # a wild alone: refused, with its rule, nothing played
    assert out == [] and view.status.value.startswith("Not allowed (NYC-10)") and "alone" in view.status.value
    click(view, "hand:D")  # no dollar in the hand
    assert out == [] and "NYC-10" in view.status.value
    click(view, "hand:P")  # three P: a pair of them counts as one dollar card
    click(view, "hand:W")
    assert [str(a) for a in out] == ["play PP", "play W"]
    done = next(b for b in view.actions.children if b.tooltip == "done")
    assert done.description == "Done: bid 2 (P P W)"
    assert "your bid so far: 2" in view.status.value
    assert "Your bid: P P W = 2" in canvas_text(view)
    assert "leads: Player 1 with 2" in view.round_line.value
    done.click()
    assert str(out[-1]) == "done"


def test_a_reserve_card_asks_which_hand_card_goes_back():
    game = steer(1, Wish(), lambda g: stage(g) == "bid" and g.to_move == 0, players=2)
    view = NewYorkCityView(game, seat=0)
    out = chosen(view)
    reserve = [n.split(":")[1] for n in view.regions.names if n.startswith("reserve:")]
    assert reserve
    click(view, f"reserve:{reserve[0]}")
    assert out == [] and len(view.choices.children) > 1  # several ways: never one silently
    assert view.status.value == f"The {reserve[0]} in your reserve can be played in several ways: choose one below."
    assert all(b.description.startswith("Swap: ") for b in view.choices.children)
    view.choices.children[0].click()
    assert out and out[0].kind == "swap"


def test_hiring_placing_a_fame_tile_and_using_a_character_by_clicking():
    game = steer(1, Wish(draft="E", bid_in=("elevator",)), lambda g: stage(g) == "hire" and g.to_move == 0)
    view = NewYorkCityView(game, seat=0)
    out = chosen(view)
    click(view, "pool:42")  # level 5: too high
    assert out == [] and view.status.value.startswith("Not allowed (NYC-10)") and "level 5" in view.status.value
    click(view, "pool:24")
    assert [str(a) for a in out] == ["hire 24"]
    assert any(b.tooltip == "hire none" for b in view.actions.children)

    game = steer(1, Wish(draft="V", bid_in=("vp",)), lambda g: stage(g) == "fame" and g.to_move == 0)
    view = NewYorkCityView(game, seat=0)
    out = chosen(view)
    fames = [a for a in game.legal_actions() if a.kind == "fame" and a.args]
    letter = fames[0].args[2]
    click(view, f"district:{letter}")
    ways = [a for a in fames if a.args[2] == letter]
    if len(ways) == 1:
        assert out == ways
    else:
        assert [b.tooltip for b in view.choices.children] == [str(a) for a in ways]

    game = steer(1, Wish(draft="E", bid_in=("elevator",), hire=(24,)),
                 lambda g: stage(g) == "window3" and g.to_move == 0)
    view = NewYorkCityView(game, seat=0)
    out = chosen(view)
    click(view, "char:1:" + str(game.view(0)["seats"][1]["characters"][0]["number"]))
    assert out == [] and view.status.value.startswith("Not allowed (NYC-12)") and "Player 2" in view.status.value
    click(view, "char:0:28")  # an end-of-game character: the engine says so, with its number
    assert out == [] and "NYC-12" in view.status.value and "Character 28" in view.status.value
    click(view, "char:0:24")
    assert [str(a) for a in out] == ["use 24"]


def test_a_click_out_of_turn_or_out_of_stage_is_refused_with_a_rule():
    game = dollar_bid()
    view = NewYorkCityView(game, seat=0)
    out = chosen(view)
    click(view, "pool:1")
    assert out == [] and view.status.value.startswith("Not allowed (NYC-10)")
    click(view, "district:" + game.view(0)["letters"][0])
    assert out == [] and view.status.value.startswith("Not allowed (NYC-10)")
    other = NewYorkCityView(game, seat=1)  # not seat 1's turn: clicks do nothing
    out1 = chosen(other)
    click(other, "hand:P") if "hand:P" in other.regions else None
    assert out1 == [] and other.status.value == "Player 1 to move."


def test_the_highlights_outline_the_legal_targets_and_lesson_marks():
    game = draft_game()
    view = NewYorkCityView(game, seat=0)
    marks = dict(view.highlight_marks())
    letter = DEFAULT.letter
    assert set(marks["legal"]) == {f"pair:{a.args[0]}" for a in game.legal_actions() if a.kind == "take"} | \
        {f"reserve:{letter(a.args[1])}" for a in game.legal_actions() if a.kind == "swap"}  # NYC-10: swaps too
    view.highlight(["district:A"], kind="hint")
    assert any(name == "stroke_polygons" for layer, name, _ in view.ops([HIGHLIGHTS]))
    assert ("hint", ["district:A"]) in view.highlight_marks()


def test_keyboard_cursor_walks_the_targets_and_enter_clicks():
    game = draft_game()
    view = NewYorkCityView(game, seat=0)
    out = chosen(view)
    names = view.regions.names
    view._on_key("ArrowRight")
    assert view._cursor == names[0]
    while not view._cursor.startswith("pair:"):
        view._on_key("ArrowRight")
    view._on_key("Enter")
    assert [str(a) for a in out] == [f"take {view._cursor.split(':')[1]}"]


# -- the narrow layout (a phone) --------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_narrow_layout_keeps_every_target_at_least_32_css_pixels_on_a_358_pixel_canvas(players):
    game = steer(2, Wish(), lambda g: stage(g) == "draft" and g.to_move == 0, players=players)
    view = NewYorkCityView(game, seat=0)
    assert view.canvas.width > 600
    view.set_width(380)
    assert view.narrow and view.layout.narrow and view.canvas.width == 360
    scale = 358 / view.canvas.width
    assert len(view.regions) > 20
    for region in view.regions:
        left, top, right, bottom = region.bounds
        assert (right - left) * scale >= 32 and (bottom - top) * scale >= 32, region.name
        assert 0 <= left and right <= view.canvas.width and bottom <= view.canvas.height, region.name
    pool = layout_for(players, True)
    assert pool.pool_box(33)[1] + 40 <= pool.height  # room for every character that can wait
    view.set_width(1000)
    assert not view.narrow and view.canvas.width > 600


# -- hidden information and hot seat ----------------------------------------------------------------
def test_no_other_seats_hand_reaches_any_widget_or_the_canvas():
    """Two games alike for seat 0 but with another hand for seat 1 look exactly alike to seat 0."""
    game = dollar_bid()
    secret = game.view(1)["seats"][1]["hand"]
    assert secret and game.view(0)["seats"][1]["hand"] is None
    view = NewYorkCityView(game, seat=0)
    others = [game.determinize(0, random.Random(seed)) for seed in range(5)]
    assert any(other.view(1)["seats"][1]["hand"] != secret for other in others)  # really another hand
    for other in others:
        twin = NewYorkCityView(other, seat=0)
        assert all_text(twin.widget) == all_text(view.widget)
        assert plain_ops(twin) == plain_ops(view)
    text = all_text(view.widget)
    assert "Your hand, Player 1" in text and "Player 2" not in view.hand.value


def test_hot_seat_hides_the_hand_between_players():
    game = dollar_bid()
    view = NewYorkCityView(game, seat=None)
    assert "Your hand, Player 1" in view.hand.value
    view.reveal = False
    view.refresh()
    assert "hidden" in view.hand.value.lower()
    assert not any(n.startswith("hand:") for n in view.regions.names)
    assert "(hands are hidden between players)" in canvas_text(view)
    assert not any(n.startswith("reserve:") for n in view.regions.names)


def test_the_player_strip_and_round_line_tell_the_round_and_the_seats():
    game = draft_game()
    view = NewYorkCityView(game, seat=0)
    assert "Round 1 of 5 · phase 1: drafting pairs, lap 1 of 2 · mayor in district A" in view.round_line.value
    assert "Player 1 ◀: $1 · board 4 · 0 VP · press 0 · hand 3" in view.players_panel.value
    setup = Game("newyork_city", 2, seed=1)
    view = NewYorkCityView(setup, seat=None)
    assert "Setup: everyone chooses a starting character (NYC-7)" in view.round_line.value
    assert [b.tooltip for b in view.actions.children] == [f"start {n}" for n in range(28, 33)]
    assert "orange lantern" in view.actions.children[0].description


def test_hover_describes_districts_pairs_cards_and_characters():
    game = dollar_bid()
    view = NewYorkCityView(game, seat=0)
    letter = game.view(0)["letters"][0]
    view._on_mouse_move(*view.regions.centre(f"district:{letter}"))
    assert f"District {letter} (Harlem)" in view.info.value and "Lanterns:" in view.info.value
    view._on_mouse_move(*view.regions.centre("hand:P"))
    assert "press card (P): 3 in your hand" in view.info.value
    view._on_mouse_move(*view.regions.centre("pool:24"))
    assert "Character 24: level 2, phase 3" in view.info.value
    route = game.view(0)["routes"][0]
    view._on_mouse_move(*view.regions.centre(f"route:{route['id']}"))
    assert f"Route {route['id']} between {route['ends'][0]} and {route['ends'][1]}" in view.info.value
    assert f"{route['vehicle']} vehicle (still there)" in view.info.value
    view._on_mouse_move(-5, -5)
    assert "Click a pair" in view.info.value
    known = game.view(0)["seats"][1]["known_hand"]
    assert known and "(seen: " + " ".join(k * n for k, n in known.items()) + ")" in view.players_panel.value


def test_done_tells_the_count_after_every_card_even_when_the_moves_stay_the_same():
    game = steer(2, Wish(draft="P"), lambda g: learner_bids(g, "press") and not my_bid(g)[1])
    view = NewYorkCityView(game, seat=0)
    view.on_choose(lambda a: (game.play(a), view.refresh()))
    words = []
    for _ in range(3):
        click(view, "hand:P")
        words.append(next(b.description for b in view.actions.children if b.tooltip == "done"))
    assert words == ["Done: bid 1 (P)", "Done: bid 2 (P P)", "Done: bid 3 (P P P)"]


def test_the_statue_holders_and_the_vehicles_taken_are_drawn():
    from nbgames.newyork_city.teaching import KINDS

    # seed 29: bidding every round, Player 1 builds in all six districts in round 4 (NYC-4)
    game = steer(29, Wish(draft="CA", bid_in=KINDS), lambda g: bool(g.view(None)["statue"]["holders"]))
    table = game.view(None)
    assert table["statue"]["holders"] == [0] and table["statue"]["next"] == 3
    text = canvas_text(NewYorkCityView(game, seat=0))
    assert "Statue taken by player 1 (4 VP)" in text and "Statue of Liberty: 3 VP next" in text
    game = Game("newyork_city", 2, seed=1)
    rng = random.Random(1)
    while not any(s["vehicles"] for s in game.view(None)["seats"]):
        game.play(rng.choice(game.legal_actions()))
    owner = next(s for s, facts in enumerate(game.view(None)["seats"]) if facts["vehicles"])
    colour, count = next(iter(game.view(None)["seats"][owner]["vehicles"].items()))
    text = canvas_text(NewYorkCityView(game, seat=0))
    tag = f"{colour[:2].capitalize()}×{count}"
    assert any(x.split(" ")[0] == tag or f" {tag}" in x for x in text if not x.startswith("board "))  # wide: own line
    view = NewYorkCityView(game, seat=0)
    view.set_width(380)
    assert any(x.startswith("board ") and tag in x for x in canvas_text(view))


def test_the_play_pages_scoreboard_names_colours_and_every_district():
    from nbgames.ui.app import PlayApp

    timers = []
    app = PlayApp("newyork_city", 2, seed=3, seats=["random", "random"], scheduler=lambda d, cb: timers.append(cb))
    while timers and not app.controller.game.is_over:
        timers.pop(0)()
    game = app.controller.game
    assert game.is_over
    board = app.controller.scores.value
    assert "vermillion (1)" in board and "blue (2)" in board
    for letter in game.view(None)["letters"]:
        assert f"district {letter}" in board
    assert "Final scoring, district by district (NYC-13)" in app.controller.view.scores.value


def test_draw_lists_set_no_attribute_twice_in_a_row_to_the_same_value():
    from nbgames.newyork_city.drawing import without_repeats

    ops = [(1, "set:font", ("a",)), (1, "fill_text", ("x", 0, 0)), (1, "set:font", ("a",)), (2, "set:font", ("a",)),
           (1, "set:font", ("b",)), (1, "fill_text", ("y", 0, 0))]
    assert without_repeats(ops) == [ops[0], ops[1], ops[3], ops[4], ops[5]]
    view = NewYorkCityView(dollar_bid(), seat=0)
    seen: dict = {}
    for layer, name, args in view.ops():
        if name.startswith("set:") and layer != HIGHLIGHTS:
            assert seen.get((layer, name)) != args[0], (layer, name, args)
            seen[(layer, name)] = args[0]
