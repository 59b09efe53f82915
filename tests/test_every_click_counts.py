"""Every click counts (issue 27 item 2), without a browser: a click that plays nothing says why on
the status line — a button of a position that has passed, a board click while a bot is to move —
and changes nothing. (tests/browser/test_page_holds_still.py counts 200 clicks on legal targets in
Chromium, all answered.)"""

from __future__ import annotations

import nbgames
from nbgames.ui.app import play
from nbgames.ui.i18n import t


def test_a_button_of_a_passed_position_says_so_and_plays_nothing():
    game = nbgames.new_game("newyork_city", 2, seed=1)
    view = nbgames.manifest("newyork_city").view_class()(game, seat=None, lang="en")
    played: list = []
    view.on_choose(played.append)
    stale = next(iter(view._action_buttons.values()))  # a starting character's button
    action = next(a for a in view.button_actions() if view.button_name(a) in view._action_buttons)
    game.play(action)  # the position moves on (another page, a keyboard, a lesson…)
    view.refresh()
    before = list(game.history)
    stale.click()
    assert played == [] and game.history == before
    assert view.status.value == f"{view.status_text()} {t('status.click_stale', 'en')}"  # what it asks still stands
    assert "your turn" in view.status.value and "nothing was played" in view.status.value
    ja = nbgames.manifest("newyork_city").view_class()(nbgames.new_game("newyork_city", 2, seed=1), lang="ja")
    button = next(iter(ja._action_buttons.values()))
    ja.game.play(ja.button_actions()[0])
    ja.refresh()
    button.click()
    assert ja.status.value.endswith("（そのクリックは局面が変わった後に届いたため、何も指していません。"
                                    "もう一度選んでください。）")


def test_a_board_click_while_a_bot_is_to_move_says_whose_turn_it_is():
    app = play("newyork", players=2, seed=3, seats=["human", "random"], bot_delay=0,
               scheduler=lambda *_: None, lang="en")  # the bot's timer never fires: it stays its turn
    view = app.view
    target = view.legal_targets()[0]
    assert app.controller.choose(app.game.legal_actions()[0])
    assert app.game.to_move == 1
    before = list(app.game.history)
    view.click(target)
    assert app.game.history == before
    assert view.status.value == t("status.not_your_turn", "en", player=view.seat_label(1))
