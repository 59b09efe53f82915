"""The view shell's input paths, each acting like a click (issue #16): Enter with no cursor on
the only legal move asks first when a click would; the panel stops describing a square once the
pointer leaves the board; a lesson runner tells any view which step is asked."""

from __future__ import annotations

from test_newyork_newcomer import joker_view

from nbgames.galopp_royal import lessons as galopp_lessons
from nbgames.newyork.lessons import learn


def test_enter_on_the_only_move_asks_when_a_click_would():
    view, chosen = joker_view(["R*", "C", "3", "B*"])
    only = next(a for a in view._legal if str(a) == "**@G2")
    view._legal = [only]  # the only legal move spends both jokers
    view._on_key("Enter")
    assert chosen == [] and [b.tooltip for b in view.choices.children] == ["**@G2"]
    view.choices.children[0].click()
    assert chosen == [only]


def test_the_panel_forgets_the_square_when_the_pointer_leaves_the_board():
    view, _ = joker_view(["R*", "C", "3", "B*"])
    x, y = view.geom.cell_centre(6, 1)
    view._on_mouse_move(x, y)
    assert "G2" in view.info.value
    view._on_mouse_out(-5, -5)
    assert "G2" not in view.info.value and view.info.value == view.info_html()


def test_a_lesson_runner_tells_any_shell_view_which_step_is_asked():
    for runner in (learn(), galopp_lessons.learn()):
        assert runner.view.lesson_step() is runner.session.step
        runner.go(1)
        assert runner.view.lesson_step() is runner.session.step


def test_a_phone_folds_the_lesson_list_above_the_lesson():
    runner = learn()
    assert runner.menu_fold.selected_index == 0  # open beside the lesson on a wide page
    runner.view.pagekit.width = 1280
    assert runner.menu_fold.selected_index == 0
    runner.view.pagekit.width = 390  # the browser reports a phone
    assert runner.view.narrow and runner.menu_fold.selected_index is None


def test_the_player_strip_shows_each_seats_chair_colour():
    from nbgames.engine.game import new_game
    from nbgames.galopp_royal.drawing import CHAIR_FILL
    from nbgames.galopp_royal.view import GaloppView

    view = GaloppView(new_game("galopp_royal", 4, seed=3), seat=0)
    strip = view.players_panel.value
    assert all(f"background:{CHAIR_FILL[s]}" in strip for s in range(4))
    assert strip.count("nbg-turn") == 1 and "you" in strip


def test_a_phone_folds_the_score_table_until_the_game_ends():
    from nbgames.ui.app import play

    app = play("newyork", players=3, seed=5, seats=["human", "random", "random"])
    assert app.controller.scores_fold.selected_index == 0
    app.view.pagekit.width = 390
    assert app.controller.scores_fold.selected_index is None


def test_a_refusals_rule_is_one_click_away_and_the_game_is_untouched():
    view, _ = joker_view(["R*", "C", "3", "B*"])
    before = (list(view.game.history), view.game.view(0))
    view.status.value = "Not allowed (NY-5): a setup piece may not touch another of your pieces."
    buttons = view.rule_buttons.children
    assert [b.description for b in buttons] == ["Rule NY-5"]
    buttons[0].click()
    panel = view.rules_panel()
    assert view.rules_fold.selected_index == 0 and panel.shown_rule == "NY-5"
    view.pagekit._on_browser_message(view.pagekit, {"rule": "NY-11"}, [])  # a marked id clicked
    assert panel.shown_rule == "NY-11" and "fee" in panel.opened.value.lower()
    assert (list(view.game.history), view.game.view(0)) == before
    view.status.value = "Player 1 (red): your turn."
    assert view.rule_buttons.children == ()


def test_score_lines_and_lesson_feedback_mark_their_rule_ids():
    from nbgames.ui.app import play

    app = play("newyork", players=3, seed=5)
    assert "abbr class='nbg-rule-ref' data-rule='NY-17'" in app.controller.scores.value
    runner = learn()
    runner.view.click("E5")  # wrong: NY-1
    assert "data-rule='NY-1'" in runner.feedback.value


def test_a_buttons_words_follow_the_state_when_its_move_stays_the_same():
    from nbgames.engine.game import new_game
    from nbgames.galopp_royal.view import GaloppView

    view = GaloppView(new_game("galopp_royal", 4, seed=3), seat=0)
    button = view.control("button:pass")
    assert button is not None
    view.describe = lambda action: f"{action}, said anew"  # the same move, other words
    view.refresh()
    assert view.control("button:pass") is button and button.description == "pass, said anew"
