"""The New York view without a browser: highlights, draw lists, choosing, refusals, log text."""

from __future__ import annotations

from collections import Counter

import nbgames
from nbgames.newyork import tables as ny
from nbgames.newyork.view import PIECE_FILL, NewYorkView, parse_square, square_of
from nbgames.ui.board import HIGHLIGHTS


def setup_done(seed: int = 1, players: int = 3):
    """A game right after the setup round (each seat took the first legal square)."""
    game = nbgames.new_game("newyork", players=players, seed=seed)
    while game.rules.phase == "setup":
        game.play(game.legal_actions()[0])
    return game


def test_setup_highlights_every_legal_square_and_a_click_offers_that_move():
    game = nbgames.new_game("newyork", players=3, seed=1)
    view = NewYorkView(game)
    assert view.legal_squares() == list(range(49))
    chosen = []
    view.on_choose(chosen.append)
    view.click_square(parse_square("C3"))
    assert chosen == ["C3"] and chosen[0].kind == "place"
    assert game.history == []  # the view never plays


def test_setup_refusal_cites_ny5_from_the_engine():
    game = nbgames.new_game("newyork", players=3, seed=1)
    game.play("C3")
    game.play("A1")
    game.play("G7")
    view = NewYorkView(game)  # seat 0 (red setup colour) again
    assert parse_square("C4") not in view.legal_squares()
    chosen = []
    view.on_choose(chosen.append)
    view.click_square(parse_square("C4"))
    assert chosen == []
    assert "NY-5" in view.status.value and "touches" in view.status.value
    view.click_square(parse_square("A1"))
    assert "NY-5" in view.status.value and "taken" in view.status.value


def test_main_round_highlights_are_the_squares_of_legal_pairs():
    game = setup_done()
    view = NewYorkView(game)
    legal = game.legal_actions()
    expected = sorted({square_of(a) for a in legal if square_of(a) is not None})
    assert view.legal_squares() == expected and expected
    marks = dict((kind, cells) for kind, cells in view.highlight_marks() if kind == "legal")
    assert sorted(r * 7 + c for r, c in marks["legal"]) == expected
    # squares nobody can reach are explained (NY-9 or NY-12), never silently ignored
    unreachable = next(sq for sq in range(49) if sq not in expected)
    view.click_square(unreachable)
    assert "NY-9" in view.status.value or "NY-12" in view.status.value


def test_draw_list_for_a_known_position():
    game = setup_done()
    view = NewYorkView(game)
    ops = view.piece_ops()
    fills = Counter()
    for i, (_, name, args) in enumerate(ops):
        if name == "fill_circles":
            fills[ops[i - 1][2][0]] += len(args[0])
    on_board = Counter(ny.COLOURS[c] for c in game.rules.board if c >= 0)
    assert fills == Counter({PIECE_FILL[name]: n for name, n in on_board.items()})
    letters = Counter(args[0] for _, name, args in ops if name == "fill_text")
    assert letters == Counter({name[0].upper() if name != "black" else "K": n for name, n in on_board.items()})
    static_text = [args[0] for _, name, args in view.static_ops() if name == "fill_text"]
    assert "A Broadway" in static_text and "7 57th" in static_text


def test_several_ways_to_one_square_become_choice_buttons():
    for seed in range(40):
        game = setup_done(seed)
        per_square = Counter(square_of(a) for a in game.legal_actions())
        busy = [sq for sq, n in per_square.items() if sq is not None and n > 1]
        if busy:
            break
    else:
        raise AssertionError("no position with a joker choice in 40 seeds")
    view = NewYorkView(game)
    chosen = []
    view.on_choose(chosen.append)
    view.click_square(busy[0])
    assert chosen == [] and len(view.choices.children) == per_square[busy[0]]
    assert "Several moves" in view.status.value
    button = view.choices.children[-1]
    button.click()
    assert chosen == [button.tooltip]
    button.click()  # the choice panel was cleared; a second click of an old button is a no-op
    assert len(chosen) == 1 or chosen[1] == chosen[0]


def test_not_interactive_ignores_clicks_and_stale_buttons():
    game = setup_done()
    view = NewYorkView(game)
    chosen = []
    view.on_choose(chosen.append)
    view.interactive = False
    view.click_square(view.legal_squares()[0])
    view._on_mouse_down(*view.geom.cell_centre(*divmod(view.legal_squares()[0], 7)))
    assert chosen == [] and view.actions.children == ()
    marks = [kind for kind, _ in view.highlight_marks()]
    assert "legal" not in marks


def test_canvas_clicks_go_through_hit_testing():
    game = nbgames.new_game("newyork", players=3, seed=1)
    view = NewYorkView(game)
    chosen = []
    view.on_choose(chosen.append)
    view._on_mouse_down(*view.geom.cell_centre(2, 2))
    view._on_mouse_down(-1, 5)            # outside: nothing
    view._on_mouse_down("nan", "nan")     # hostile coordinates: nothing
    assert chosen == ["C3"]


def test_hover_info_shows_fee_and_ways():
    game = setup_done()
    view = NewYorkView(game)
    occupied = next(sq for sq in range(49) if game.rules.board[sq] >= 0)
    info = view.square_info(occupied)
    assert "NY-11" in info and f"fee {game.rules.fee(occupied)}" in info
    target = view.legal_squares()[0]
    assert "Your ways to play here" in view.square_info(target)


def test_lesson_highlight_and_keyboard_cursor():
    game = nbgames.new_game("newyork", players=3, seed=1)
    view = NewYorkView(game)
    view.highlight(["C3", "Z9", "E5"], kind="hint")
    assert ("hint", [(2, 2), (4, 4)]) in view.highlight_marks()
    assert any(layer == HIGHLIGHTS for layer, _, _ in view.highlight_ops())
    view.highlight([], kind="hint")
    assert all(kind != "hint" for kind, _ in view.highlight_marks())
    chosen, commands = [], []
    view.on_choose(chosen.append)
    view.on_command(commands.append)
    for key in ["ArrowUp", "ArrowLeft", "Enter", "u", "Unidentified"]:
        view._on_key(key)
    assert chosen == ["C3"] and commands == ["undo"]


def test_no_play_button_and_event_text():
    game = setup_done()
    rules = game.rules
    view = NewYorkView(game)
    lines = view.event_lines()
    assert len(lines) == len(rules.events) and any("NY-6" in line for line in lines)
    # a hand with no red card: the only move is "noplay", offered as a button (NY-13)
    seat = rules.to_move
    for card in ny.RED_CARDS:
        while rules.hands[seat][card]:
            rules._spend(seat, card)
    game._legal = None  # test-only: we edited the state behind the facade's back
    view.refresh()
    assert [str(b.tooltip) for b in view.actions.children] == ["noplay"]
    assert "NY-13" in view.status.value
    chosen = []
    view.on_choose(chosen.append)
    view.actions.children[0].click()
    assert chosen == ["noplay"]


def test_end_of_game_outlines_each_largest_group():
    game = nbgames.new_game("newyork", players=3, seed=3)
    bot = nbgames.RandomBot(seed=1)
    while not game.is_over:
        game.play(bot.choose(game))
    view = NewYorkView(game)
    assert "Game over" in view.status.value
    outlined = {kind for kind, _ in view.highlight_marks() if kind.startswith("#")}
    colours = {entry["colour"] for entry in game.explain_scores() if entry["largest_group"]}
    assert outlined == {PIECE_FILL[c] for c in colours}
    assert view.legal_squares() == []
