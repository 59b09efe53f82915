"""The New York view on the kit's shell, without a browser: highlights, draw lists, the panels,
choosing, refusals, log text."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import nbgames
from nbgames.newyork import tables as ny
from nbgames.newyork.view import PIECE_FILL, NewYorkView, card_chip, square_of
from nbgames.ui.board import HIGHLIGHTS, PIECES, STATIC


def setup_done(seed: int = 1, players: int = 3):
    """A game right after the setup round (each seat took the first legal square)."""
    game = nbgames.new_game("newyork", players=players, seed=seed)
    while game.view()["phase"] == "setup":
        game.play(game.legal_actions()[0])
    return game


def squares(actions) -> list[str]:
    return sorted({ny.square_name(sq) for sq in map(square_of, actions) if sq is not None})


def test_setup_highlights_every_legal_square_and_a_click_offers_that_move():
    game = nbgames.new_game("newyork", players=3, seed=1)
    view = NewYorkView(game)
    assert view.legal_targets() == sorted(ny.square_name(sq) for sq in range(49))
    chosen = []
    view.on_choose(chosen.append)
    view.click("C3")
    assert chosen == ["C3"] and chosen[0].kind == "place"
    assert game.history == []  # the view never plays


def test_setup_refusal_cites_ny5_from_the_engine():
    game = nbgames.new_game("newyork", players=3, seed=1)
    game.play("C3")
    game.play("A1")
    game.play("G7")
    view = NewYorkView(game)  # seat 0 (red setup colour) again
    assert "C4" not in view.legal_targets()
    chosen = []
    view.on_choose(chosen.append)
    view.click("C4")
    assert chosen == []
    assert "NY-5" in view.status.value and "touches" in view.status.value
    view.click("A1")
    assert "NY-5" in view.status.value and "taken" in view.status.value



@pytest.mark.parametrize("players", [2, 3])
def test_a_square_clicked_before_the_colours_are_picked_says_to_pick_one(players):
    """V2: while the seats pick colours no seat has one yet; a click on the board is answered
    with the engine's reason (it crashed the refusal text, and the page said it did not
    understand the click)."""
    game = nbgames.new_game("newyork", players=players, seed=6, options={"colour_choice": True})
    view = NewYorkView(game)
    assert game.view()["phase"] == "pick" and view.legal_targets() == []
    chosen = []
    view.on_choose(chosen.append)
    view.click("D4")
    assert chosen == [] and game.history == []
    assert "NY-V2" in view.status.value and "picks a colour" in view.status.value

def test_main_round_highlights_are_the_squares_of_legal_pairs():
    game = setup_done()
    view = NewYorkView(game)
    expected = squares(game.legal_actions())
    assert view.legal_targets() == expected and expected
    marks = dict((kind, targets) for kind, targets in view.highlight_marks() if kind == "legal")
    assert sorted(marks["legal"]) == expected
    # squares nobody can reach are explained (NY-9 or NY-12), never silently ignored
    unreachable = next(ny.square_name(sq) for sq in range(49) if ny.square_name(sq) not in expected)
    view.click(unreachable)
    assert "NY-9" in view.status.value or "NY-12" in view.status.value


def test_draw_list_for_a_known_position():
    game = setup_done()
    view = NewYorkView(game)
    ops = view.piece_ops()
    fills = Counter()
    for i, (_, name, args) in enumerate(ops):
        if name == "fill_circles":
            fills[ops[i - 1][2][0]] += len(args[0])
    on_board = Counter(c for row in game.view()["board_colours"] for c in row if c is not None)
    assert fills == Counter({PIECE_FILL[name]: n for name, n in on_board.items()})
    letters = Counter(args[0] for _, name, args in ops if name == "fill_text")
    assert letters == Counter({name[0].upper() if name != "black" else "K": n for name, n in on_board.items()})
    static_text = [args[0] for _, name, args in view.static_ops() if name == "fill_text"]
    assert "A Broadway" in static_text and "7 57th" in static_text


def test_static_layer_is_redrawn_when_a_new_game_shades_the_action_squares():
    view = NewYorkView(nbgames.new_game("newyork", players=3, seed=1))
    sent = []
    view.redraw = lambda layers=(STATIC, PIECES, HIGHLIGHTS): sent.append(tuple(layers)) or 0
    view.refresh()
    assert sent[-1] == (PIECES, HIGHLIGHTS)
    plain = sum(1 for _, name, _ in view.static_ops() if name == "fill_rects")
    view.set_game(nbgames.new_game("newyork", players=3, seed=1, options={"action_cards": True}))
    assert sent[-1] == (STATIC, PIECES, HIGHLIGHTS)  # V1 shades the Sanierung / Ruine squares
    assert sum(1 for _, name, _ in view.static_ops() if name == "fill_rects") > plain


def busy_position(options=None, players=3, seeds=60):
    """A game where several legal actions are played on one square, and those squares."""
    for seed in range(seeds):
        game = nbgames.new_game("newyork", players=players, seed=seed, options=options or {})
        bot = nbgames.RandomBot(seed=seed)
        for _ in range(200):
            if game.is_over:
                break
            per_square = Counter(square_of(a) for a in game.legal_actions())
            busy = [sq for sq, n in per_square.items() if sq is not None and n > 1]
            if busy:
                return game, [ny.square_name(sq) for sq in busy]
            game.play(bot.choose(game))
    raise AssertionError(f"no position with a choice on one square in {seeds} seeds")


def test_several_ways_to_one_square_become_choice_buttons():
    game, busy = busy_position()
    view = NewYorkView(game)
    ways = [a for a in game.legal_actions() if view.target_of(a) == busy[0]]
    chosen = []
    view.on_choose(chosen.append)
    view.click(busy[0])
    assert chosen == [] and len(view.choices.children) == len(ways)
    assert "several ways" in view.status.value and busy[0] in view.status.value
    assert all("nbg-choice" in b._dom_classes for b in view.choices.children)
    button = view.choices.children[-1]
    button.click()
    assert chosen == [button.tooltip]
    assert view.choices.children == ()  # the choice panel was cleared: an old button is gone


@pytest.mark.parametrize("options,players", [({}, 3), ({"action_cards": True}, 4), ({"teams": True}, 4),
                                             ({"colour_choice": True}, 2)])
def test_choices_on_one_square_differ_in_what_they_spend(options, players):
    """Every "which way?" button names its cards (which joker, which colour): no two read alike."""
    game, busy = busy_position(options, players)
    view = NewYorkView(game)
    for target in busy:
        words = [view.describe(a) for a in view.candidates(target)]
        assert len(set(words)) == len(words) > 1, words
        assert all(word.startswith(target) or target in word for word in words)


def test_not_interactive_ignores_clicks_and_stale_buttons():
    game = setup_done()
    view = NewYorkView(game)
    chosen = []
    view.on_choose(chosen.append)
    target = view.legal_targets()[0]
    view.interactive = False
    view.click(target)
    view._on_mouse_down(*view.geom.cell_centre(*view.cell_of(target)))
    assert chosen == [] and view.actions.children == ()
    assert all(not targets for kind, targets in view.highlight_marks() if kind == "legal")


def test_canvas_clicks_go_through_hit_testing():
    game = nbgames.new_game("newyork", players=3, seed=1)
    view = NewYorkView(game)
    chosen = []
    view.on_choose(chosen.append)
    view._on_mouse_down(*view.geom.cell_centre(2, 2))
    view._on_mouse_down(-1, 5)            # outside: nothing
    view._on_mouse_down("nan", "nan")     # hostile coordinates: nothing
    assert chosen == ["C3"]


def test_hover_info_shows_fee_and_ways_and_follows_the_game():
    game = setup_done()
    view = NewYorkView(game)
    facts = game.view()
    occupied = next(ny.square_name(sq) for sq in range(49) if facts["board"][sq // 7][sq % 7] is not None)
    row, col = view.cell_of(occupied)
    info = view.target_info(occupied)
    assert "NY-11" in info and f"fee {facts['fees'][row][col]}" in info
    way = next(a for a in game.legal_actions() if facts["board"][square_of(a) // 7][square_of(a) % 7] is None)
    target, mover = view.target_of(way), view.seat_label(game.to_move)
    change = game.preview(way)["score_change"][game.to_move]
    assert "Ways to play here" in view.target_info(target) and f"your score {change:+d}" in view.target_info(target)
    # the pointer rests on the square while it is played: the panel tells the new state
    view._on_mouse_move(*view.geom.cell_centre(*view.cell_of(target)))
    assert view.info.value.startswith(f"{target}: ") and "empty" in view.info.value
    game.play(way)
    view.refresh()
    assert "empty" not in view.info.value and f"piece of {mover}" in view.info.value
    view._on_mouse_move(-5, -5)  # off the board: the panel says what pointing shows
    assert "Point at a square" in view.info.value


def test_panels_show_the_hand_the_counts_and_the_draw_pile():
    game = setup_done()
    view = NewYorkView(game, seat=0)
    facts = game.view(0)
    assert "Your hand, Player 1 (" in view.hand.value
    assert "".join(card_chip(c) for c in facts["hand"]) in view.hand.value
    assert f"Draw pile {facts['deck_size']}, discard pile {facts['discard_size']}" in view.hand.value
    for seat, counts in enumerate(facts["hand_counts"]):
        supply = sum(facts["supply"][c] for c in facts["seat_colours"][seat])
        assert (f"{counts['red']} red / {counts['blue']} blue cards, {facts['chips'][seat]} chips, "
                f"{supply} pieces left") in view.players_panel.value
    view.seat = None
    view.reveal = False  # between hot-seat players: no hand, the counts stay public
    view.refresh()
    assert "Cards hidden" in view.hand.value and "nbg-card" not in view.hand.value
    assert "red / " in view.players_panel.value


def test_card_chips_name_the_card_and_its_back():
    assert "▲ C" in card_chip("C") and "● 3" in card_chip("3") and "▲ R*" in card_chip("R*")
    assert "● Statik" in card_chip("statik.b") and "▲ Sanierung" in card_chip("sanierung.r")


def test_lesson_highlight_and_keyboard_cursor():
    game = nbgames.new_game("newyork", players=3, seed=1)
    view = NewYorkView(game)
    view.highlight(["C3", "Z9", "E5"], kind="hint")
    hint = next(targets for kind, targets in view.highlight_marks() if kind == "hint")
    assert [cell for target in hint for cell in view.target_cells(target)] == [(2, 2), (4, 4)]
    assert any(layer == HIGHLIGHTS for layer, _, _ in view.highlight_ops())
    view.highlight([], kind="hint")
    assert all(kind != "hint" for kind, _ in view.highlight_marks())
    chosen, commands = [], []
    view.on_choose(chosen.append)
    view.on_command(commands.append)
    for key in ["ArrowUp", "ArrowLeft"]:
        view._on_key(key)
    assert view.info.value.startswith("C3: Sixth Ave")  # the panel follows the cursor
    for key in ["Enter", "u", "Unidentified"]:
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
    assert "nbg-action" in view.actions.children[0]._dom_classes
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
    assert view.legal_targets() == []
    drawn = game.view()["stop_drawn_by"]
    if drawn is not None:
        assert "drew STOP" in view.status.value


def test_a_random_game_through_the_view_keeps_its_panels_sound():
    """Every position of a game with action cards: the panels render, every legal move is listed
    once, and each square's ways are the legal moves played there."""
    game = nbgames.new_game("newyork", players=4, seed=11, options={"action_cards": True})
    view = NewYorkView(game)
    rng = random.Random(5)
    for _ in range(60):
        if game.is_over:
            break
        view.refresh()
        legal = game.legal_actions()
        assert [value for _, value in view.moves.options] == [str(a) for a in legal]
        assert sorted(map(str, view.button_actions())) == sorted(str(a) for a in legal if square_of(a) is None)
        assert view.status.value and view.players_panel.value
        game.play(rng.choice(legal))
