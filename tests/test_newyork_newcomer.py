"""What a newcomer tripped over in New York (issue 16), at the view level without a browser:
jokers are never spent by a click without asking, a phone-sized page gets a board with large
enough squares, the information and draw-pile panels tell the board as it is."""

from __future__ import annotations

import pytest

import nbgames
from nbgames.newyork import tables as ny
from nbgames.newyork.lessons import learn, position_game
from nbgames.newyork.lessons_turns import L5_BOARD
from nbgames.newyork.teaching import OTHER_HANDS
from nbgames.newyork.view import NARROW, PIECE_FILL, NewYorkView, jokers_spent
from nbgames.ui.board import STATIC

PHONE_DISPLAY = 358  # CSS px a 390 px wide page gives the canvas
MIN_TARGET = 32      # CSS px: the smallest square a thumb may have to hit


def joker_view(hand: list[str]) -> tuple[NewYorkView, list]:
    """The learner's view (red, to move) holding `hand`, and the list of actions it hands on."""
    view = NewYorkView(position_game(L5_BOARD, hands=[hand, *OTHER_HANDS]), seat=0)
    chosen: list = []
    view.on_choose(chosen.append)
    return view, chosen


def choice_labels(view: NewYorkView) -> list[str]:
    return [button.description for button in view.choices.children]


# -- item 8: jokers are spent only when the player chose to -----------------------------------
def test_a_square_only_both_jokers_name_asks_before_spending_them():
    view, chosen = joker_view(["R*", "C", "3", "B*"])
    assert [str(a) for a in view.candidates("G2")] == ["**@G2"]  # the only way: both jokers
    view.click("G2")
    assert chosen == []  # nothing spent yet
    assert "two jokers" in view.status.value and "G2" in view.status.value
    assert choice_labels(view) == ["G2: red joker as Lexington Ave + blue joker as 38th St"]
    view.choices.children[0].click()
    assert [str(a) for a in chosen] == ["**@G2"] and view.choices.children == ()


def test_a_square_only_one_joker_names_says_which_joker():
    view, chosen = joker_view(["R*", "D", "4", "1"])
    view.click("F4")
    assert chosen == [] and "Only your red joker names F4" in view.status.value
    assert choice_labels(view) == ["F4: red joker as Park Ave + blue 4"]
    view.click("D4")  # Fifth Ave card or the joker: the player chooses, the exact card first
    assert chosen == [] and choice_labels(view) == ["D4: red D + blue 4", "D4: red joker as Fifth Ave + blue 4"]


def test_the_question_is_asked_before_its_buttons_appear():
    """The status line (and the rule button beside it) changes before the choice buttons
    appear: a line that wrapped after them would push them down under the pointer."""
    view, _chosen = joker_view(["R*", "D", "4", "1"])
    seen = []
    view.choices.observe(lambda change: seen.append(view.status.value), names="children")
    view.click("F4")
    assert len(seen) == 1 and "Only your red joker names F4" in seen[0]


def test_without_jokers_a_square_one_pair_names_is_played_at_once():
    view, chosen = joker_view(["C", "F", "2", "5"])
    view.click("F5")
    assert [str(a) for a in chosen] == ["F5"] and view.choices.children == ()


def test_ways_that_spend_different_jokers_are_all_offered_cheapest_first():
    view, chosen = joker_view(["R*", "C", "3", "B*"])
    view.click("C3")
    assert chosen == [] and "several ways" in view.status.value
    assert choice_labels(view) == ["C3: red C + blue 3", "C3: red C + blue joker as 42nd St",
                                   "C3: red joker as Sixth Ave + blue 3",
                                   "C3: red joker as Sixth Ave + blue joker as 42nd St"]
    view.click("A3")  # the red joker is needed; the blue card or the blue joker: the player says
    assert choice_labels(view) == ["A3: red joker as Broadway + blue 3",
                                   "A3: red joker as Broadway + blue joker as 42nd St"]
    view.choices.children[0].click()
    assert [str(a) for a in chosen] == ["*3@A3"]


def test_the_keyboard_asks_too():
    view, chosen = joker_view(["R*", "C", "3", "B*"])
    view._cursor = "G2"
    view._on_key("Enter")
    assert chosen == [] and len(view.choices.children) == 1


@pytest.mark.parametrize("seed", range(3))
def test_no_click_spends_a_joker_without_asking(seed):
    """Random games with jokers in hand: every highlighted square, clicked, plays an action that
    spends no joker at once, or shows every way there as buttons, fewest jokers first."""
    game = nbgames.new_game("newyork", players=3, seed=seed)
    bot, checked, positions = nbgames.RandomBot(seed=seed), 0, 0
    view = NewYorkView(game)
    chosen: list = []
    view.on_choose(chosen.append)
    while not game.is_over and positions < 6:
        if {"R*", "B*"} & set(game.view(game.to_move)["hand"]):
            positions += 1
            view.refresh()
            for target in view.legal_targets():
                ways = view.candidates(target)
                view.click(target)
                if chosen:
                    assert len(ways) == 1 and not jokers_spent(chosen[0]), (target, chosen)
                    chosen.clear()
                else:
                    assert [b.tooltip for b in view.choices.children] == [str(a) for a in ways]
                    assert [len(jokers_spent(a)) for a in ways] == sorted(len(jokers_spent(a)) for a in ways)
                    checked += 1
        game.play(bot.choose(game))
    assert checked  # some square needed a choice


def test_a_lesson_question_click_answers_without_asking():
    """Lesson 1 gives the learner jokers only to click any square: a question spends nothing."""
    runner = learn()
    runner.view.click("F5")
    assert runner.feedback_verdict.ok and runner.view.choices.children == ()
    runner.go(4)  # the joker lesson plays its move: the view asks before spending the joker
    runner.view.click("F4")
    assert runner.session.step_index == 0 and "red joker" in runner.view.status.value
    runner.view.choices.children[0].click()
    assert runner.feedback_verdict.ok and runner.session.step_index == 1


# -- item 4: a phone-sized page ---------------------------------------------------------------
def displayed(view: NewYorkView, size: float, display: float = PHONE_DISPLAY) -> float:
    """CSS px of `size` canvas px once the canvas is shown at most `display` px wide."""
    return size * min(1.0, display / view.canvas.width)


def test_a_phone_page_gets_squares_a_thumb_can_hit():
    game = nbgames.new_game("newyork", players=3, seed=1)  # setup: every square is one move
    view = NewYorkView(game)
    assert displayed(view, view.geom.cell) >= MIN_TARGET  # the wide board scaled down would pass…
    assert displayed(view, 13) < 9  # …but its 13 px labels would shrink to ~8 px: unreadable
    view.set_width(390)
    assert view.narrow and view.geom == NARROW
    assert (view.canvas.width, view.canvas.height) == (NARROW.width, NARROW.height)
    assert view.canvas.layout.max_width == f"{NARROW.width}px"
    assert view.canvas.width <= PHONE_DISPLAY  # shown at its own size: labels keep their 13 px
    assert displayed(view, view.geom.cell) >= MIN_TARGET
    labels = [args[0] for layer, name, args in view.static_ops() if layer == STATIC and name == "fill_text"]
    assert labels == list(ny.AVENUE_LETTERS) + list(ny.STREET_DIGITS)
    assert all(0 < args[1] and 0 < args[2] for layer, name, args in view.static_ops() if name == "fill_text")
    assert "A Broadway" in view.info.value and "7 57th St" in view.info.value  # the full names
    assert "Tap a highlighted square" in view.info.value and "Point at" not in view.info.value  # no hover


def test_clicks_on_the_narrow_board_reach_the_square_under_the_pointer():
    game = nbgames.new_game("newyork", players=3, seed=1)
    view = NewYorkView(game)
    view.set_width(390)
    chosen: list = []
    view.on_choose(chosen.append)
    for row in range(ny.N):
        for col in range(ny.N):
            x, y = view.geom.cell_centre(row, col)
            view._on_mouse_down(x, y)
            assert [str(a) for a in chosen] == [ny.square_name(row * ny.N + col)]
            chosen.clear()
            view._on_mouse_move(x, y)
            assert view.info.value.startswith(ny.square_name(row * ny.N + col) + ": ")
    # a corner of a square, not only its centre: the thumb lands anywhere inside
    view._on_mouse_down(NARROW.left + 1, NARROW.top + NARROW.cell - 1)
    assert [str(a) for a in chosen] == ["A1"]


def test_back_to_a_wide_page_the_full_board_returns():
    view = NewYorkView(nbgames.new_game("newyork", players=3, seed=1))
    wide = (view.canvas.width, view.canvas.height)
    view.set_width(390)
    view.set_width(1280)
    assert not view.narrow and (view.canvas.width, view.canvas.height) == wide
    labels = [args[0] for _, name, args in view.static_ops() if name == "fill_text"]
    assert labels[0] == "A Broadway" and "A Broadway" not in view.info.value


# -- item 2 and item 5: the panels tell the board as it is -------------------------------------
def test_after_a_placement_the_info_panel_tells_the_new_piece():
    runner = learn(start=1)
    runner.answer("C4")  # the question step; then the learner places on D5
    view = runner.view
    view._on_mouse_move(*view.geom.cell_centre(*view.cell_of("D5")))
    assert "empty" in view.info.value and "place here" in view.info.value
    view._on_mouse_down(*view.geom.cell_centre(*view.cell_of("D5")))
    assert runner.session.done
    assert "red piece of Player 1" in view.info.value
    assert "empty" not in view.info.value and "place here" not in view.info.value


def test_a_new_lesson_does_not_keep_the_last_lessons_square():
    runner = learn(start=6)  # F5 holds a blue piece, fee 1
    view = runner.view
    view._on_mouse_move(*view.geom.cell_centre(*view.cell_of("F5")))
    assert "blue piece of Player 2" in view.info.value and "fee 1" in view.info.value
    runner.go(7)  # the STOP lesson: F5 is empty
    assert "blue piece" not in view.info.value
    view._on_mouse_move(*view.geom.cell_centre(*view.cell_of("F5")))
    assert "empty" in view.info.value and "blue piece" not in view.info.value


def test_the_stop_line_says_which_pile_the_stop_cards_are_in():
    runner = learn(start=7)
    hand = runner.view.hand
    assert "STOP" not in hand.value
    runner.answer("F5")  # 4 empty squares: both STOP cards go face up onto the discard pile
    discard = runner.session.game.view()["discard_size"]
    assert discard >= 2 and f"discard pile {discard}" in hand.value
    assert "STOP cards are in the discard pile" in hand.value
    runner.answer("draw")
    # later: the discard pile, STOP cards and all, became the draw pile
    assert "discard pile 0" in hand.value and "STOP cards are in the draw pile" in hand.value
    assert "in the discard pile" not in hand.value


def test_the_stop_line_in_a_game_follows_the_reshuffle():
    game = position_game(["rbygrb.", "ygrbygr", "b.grbyg", "ryb.grb", "grybryg", "bbry.gy", ".rbgybr"],
                         hands=[["A", "G", "7", "1"], *OTHER_HANDS], deck=["C"], discard=["STOP", "STOP", "3"],
                         stop_armed=True, seed=3)
    view = NewYorkView(game, seat=0)
    assert game.view()["stops_in_discard"] == 2 and "STOP cards are in the discard pile" in view.hand.value
    game.play("A7")  # draws C; the blue card comes from the discard pile shuffled in (NY-14)
    view.refresh()
    assert [e.kind for e in game.events()][:2] == ["place", "reshuffle"] and not game.is_over
    assert game.view()["stops_in_discard"] == 0 and game.rules.deck.count(ny.STOP) == 2
    assert "STOP cards are in the draw pile" in view.hand.value and "in the discard pile" not in view.hand.value


def test_the_scoring_lesson_does_not_tell_the_winner_above_its_questions():
    runner = learn(start=8)
    status = runner.view.status
    assert runner.session.game.is_over and "Who won?" in status.value
    for answer in ("31", "30"):
        assert "Winner" not in status.value and "Player 1 (red)" not in status.value
        runner.answer(answer)
    assert "Who wins?" in runner.prompt.value and "Winner" not in status.value
    runner.answer("red")
    assert runner.session.done and "Winner: Player 1 (red)" in status.value


def test_the_player_strip_shows_each_seats_colour():
    view = NewYorkView(nbgames.new_game("newyork", players=3, seed=1))
    assert [view.seat_colour(s) for s in range(3)] == [PIECE_FILL[c] for c in ("red", "blue", "yellow")]
    assert view.players_panel.value.count("nbg-swatch") == 3
    picking = NewYorkView(nbgames.new_game("newyork", players=3, seed=1, options={"colour_choice": True}))
    assert picking.seat_colour(0) is None  # V2: no colour before it is chosen


def test_action_card_buttons_name_the_cards_they_spend():
    """V1: a Statik or Baulöwe played with a joker reads differently from the same card played
    with the exact road card (no two move buttons alike), and names the joker's line."""
    seen_joker = 0
    for seed in range(4):
        game = nbgames.new_game("newyork", players=4, seed=seed, options={"action_cards": True})
        view, bot = NewYorkView(game), nbgames.RandomBot(seed=seed)
        while not game.is_over:
            if any(a.kind in ("statik", "baulowe") for a in game.legal_actions()):
                view.refresh()
                labels = [view.describe(a) for a in view.button_actions()]
                assert len(set(labels)) == len(labels), labels
                for action in view.button_actions():
                    if jokers_spent(action):
                        seen_joker += 1
                        assert "joker as " in view.describe(action), view.describe(action)
            game.play(bot.choose(game))
    assert seen_joker


def test_the_last_lesson_links_to_the_play_page():
    runner = learn(start=8)
    for answer in ("31", "30", "red"):
        runner.answer(answer)
    assert "<a href='play.ipynb' target='_top'>Try a full game</a>" in runner.prompt.value
