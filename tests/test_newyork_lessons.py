"""New York lessons, without widgets: every step accepts its right answer (and its "show me"),
refuses wrong ones with the right rule id, leaves the game unchanged when refusing, and every
lesson position is a consistent New York position."""

from __future__ import annotations

import pytest
from lesson_checks import LessonChecks

import nbgames
from nbgames.newyork.lessons import lessons, place, position_game, sq, square_of
from nbgames.newyork.tables import DATA, NEIGHBOURS, STOP
from nbgames.ui.lesson import Verdict, judge_move

LESSONS = {lesson.id: lesson for lesson in lessons()}
ORDER = ["ny-goal", "ny-setup", "ny-hands", "ny-first-turn", "ny-joker", "ny-fee", "ny-cant-pay",
         "ny-stop", "ny-scoring"]


CHECKS = LessonChecks(list(LESSONS.values()))
at_step, refused, accepted = CHECKS.at_step, CHECKS.refused, CHECKS.accepted


# -- the list as a whole -----------------------------------------------------------------------
def test_lessons_in_teaching_order_cover_every_teaching_point():
    assert [lesson.id for lesson in lessons()] == ORDER
    taught = {rule for lesson in lessons() for rule in lesson.rules}
    # NY-rules.md teaching points: setup (NY-5), hand counts (NY-7), pair and joker (NY-9, NY-12a),
    # fee (NY-11), can't pay (NY-12, NY-13), STOP (NY-15, NY-16), scoring (NY-17, NY-18)
    assert {"NY-1", "NY-5", "NY-7", "NY-9", "NY-10", "NY-11", "NY-12", "NY-12a", "NY-13", "NY-15",
            "NY-16", "NY-17", "NY-18"} <= taught
    for lesson in lessons():
        assert lesson.title and lesson.intro and lesson.summary and lesson.steps
        assert "NY-" in lesson.intro, lesson.id  # every intro cites a rule id


@pytest.mark.parametrize("lesson_id", ORDER)
def test_show_me_completes_every_step(lesson_id):
    CHECKS.show_me_completes_every_step(lesson_id, "NY-")


@pytest.mark.parametrize("lesson_id", ORDER)
def test_reset_restores_the_start(lesson_id):
    CHECKS.reset_restores_the_start(lesson_id)


@pytest.mark.parametrize("lesson_id", ORDER)
def test_every_position_is_consistent(lesson_id):
    lesson = LESSONS[lesson_id]
    for index in range(len(lesson.steps)):
        game = lesson.start(index)
        position = game.options["position"]
        players = game.players
        counts = DATA["per_player_count"][str(players)]
        view = game.view()
        # chips only move between players (NY-3)
        assert sum(view["chips"]) == players * counts["chips"]
        board = [colour for row in view["board_colours"] for colour in row]
        for colour in view["colours"]:
            assert board.count(colour) + view["supply"][colour] == counts["pieces"]
        if position["phase"] == "setup":
            for s, colour in enumerate(board):  # NY-5: no same-colour neighbours in setup
                assert colour is None or all(board[n] != colour for n in NEIGHBOURS[s])
            for colour in view["colours"]:
                assert board.count(colour) + view["setup_left"][colour] == counts["setup_pieces"]
        else:
            hands = position["hands"]
            assert len(hands) == players
            for seat in range(players):  # NY-7: everyone holds at least 2 red and 2 blue
                fresh = position_game(position["board"], players, hands=hands)
                c = fresh.view()["hand_counts"][seat]
                assert c["red"] >= 2 and c["blue"] >= 2, (lesson_id, seat, c)
        # a record of the lesson game replays exactly
        again = nbgames.from_record(game.to_record())
        assert again.view() == view and again.to_move == game.to_move


def test_answers_from_the_board_are_actions():
    """The view hands lessons Action objects; square names and notations work too."""
    session = at_step("ny-goal", 0)
    action = next(a for a in session.game.legal_actions() if square_of(a) == sq("F5"))
    assert str(action) == "**@F5"
    assert session.submit(action).ok
    assert place("F5") == "Park Ave × 49th St (F5)"


def test_judge_move_uses_the_engine_refusal():
    game = LESSONS["ny-setup"].start()
    verdict = judge_move(game, "C4")
    assert isinstance(verdict, Verdict) and verdict.rule == "NY-5"
    assert judge_move(game, "nonsense").rule == "NY-4"
    assert str(judge_move(game, "D5")) == "D5"


def test_finished_lesson_refuses_more_answers():
    session = at_step("ny-first-turn", 1)
    assert session.done
    assert not session.submit("F2").ok


# -- 1. the goal and the board -----------------------------------------------------------------
def test_goal_lesson():
    accepted("ny-goal", 0, "F5")
    accepted("ny-goal", 0, "**@F5")
    v = refused("ny-goal", 0, "**@E5", "NY-1")
    assert "Madison Ave" in v.text
    refused("ny-goal", 0, "**@F4", "NY-1")
    refused("ny-goal", 0, "noplay", "NY-1")
    refused("ny-goal", 1, "18", "NY-17")
    refused("ny-goal", 1, "9", "NY-17")
    accepted("ny-goal", 1, "15")


# -- 2. setup --------------------------------------------------------------------------------
def test_setup_lesson_refuses_adjacent_same_colour():
    refused("ny-setup", 0, "D2", "NY-5")
    accepted("ny-setup", 0, "C4")
    # the engine refuses the two neighbours of D4 that also touch red's C3 (NY-5)
    v = refused("ny-setup", 1, "C4", "NY-5")
    assert "touches another red piece" in v.text
    refused("ny-setup", 1, "D3", "NY-5")
    refused("ny-setup", 1, "D4", "NY-5")  # taken
    refused("ny-setup", 1, "A1", "NY-5")  # allowed, but not next to the blue piece
    session = accepted("ny-setup", 1, "E4")
    assert session.game.view()["board_colours"][4][3] == "red"  # red placed on E4
    accepted("ny-setup", 1, "D5")


# -- 3. hand counts ----------------------------------------------------------------------------
def test_hand_counts_lesson():
    session = at_step("ny-hands", 0)
    assert "The blue player: 2 red, 4 blue" in session.prompt
    refused("ny-hands", 0, "yellow", "NY-7")
    refused("ny-hands", 0, "green", "NY-7")
    accepted("ny-hands", 0, "blue")
    refused("ny-hands", 1, "1", "NY-9")
    refused("ny-hands", 1, "3", "NY-9")
    accepted("ny-hands", 1, "2")


# -- 4. a first turn ---------------------------------------------------------------------------
def test_first_turn_lesson():
    refused("ny-first-turn", 0, "C2", "NY-17")  # legal but away from the group
    refused("ny-first-turn", 0, "C5", "NY-10")  # evicts blue: a later lesson
    refused("ny-first-turn", 0, "B3", "NY-9")   # cards not held (engine)
    refused("ny-first-turn", 0, "noplay", "NY-13")  # a playable pair exists (engine)
    session = accepted("ny-first-turn", 0, "F2")
    assert session.game.view()["board_colours"][5][1] == "red"  # on F2
    session = accepted("ny-first-turn", 0, "F5")
    assert "drew 3 cards" in session.last.text  # 3, B*, D: drawing goes on until 2 + 2


# -- 5. jokers ---------------------------------------------------------------------------------
def test_joker_lesson():
    refused("ny-joker", 0, "D4", "NY-9")
    refused("ny-joker", 0, "*4@E4", "NY-9")
    refused("ny-joker", 0, "*1@F1", "NY-9")
    refused("ny-joker", 0, "F4", "NY-9")  # no Park Ave card (engine)
    session = accepted("ny-joker", 0, "*4@F4")
    assert session.game.view()["groups"]["red"][0] == ["F3", "F4", "F5"]
    v = refused("ny-joker", 1, "*4@D4", "NY-12a")
    assert "joker" in v.text
    refused("ny-joker", 1, "D2", "NY-9")
    session = accepted("ny-joker", 1, "D4")
    assert "R*" in session.game.view(0)["hand"]  # the joker was kept


# -- 6. eviction fee ---------------------------------------------------------------------------
def test_fee_lesson_on_the_seed_example():
    game = LESSONS["ny-fee"].start()
    fees = game.view()["fees"]
    assert fees[5][4] == 1 and fees[5][1] == 4  # NY-11 seed example: F5 costs 1, F2 costs 4
    v = refused("ny-fee", 0, "F5", "NY-11")
    assert "costs 1" in v.text
    refused("ny-fee", 0, "A5", "NY-11")
    accepted("ny-fee", 0, "F2")
    refused("ny-fee", 1, "F2", "NY-11")
    refused("ny-fee", 1, "A2", "NY-10")
    session = accepted("ny-fee", 1, "F5")
    assert session.game.view()["chips"][:2] == [5, 7]
    refused("ny-fee", 2, "4", "NY-11")
    refused("ny-fee", 2, "1", "NY-11")
    session = at_step("ny-fee", 2)
    assert "3 pieces on Park Ave" in session.prompt
    assert session.submit("3").ok


# -- 7. the can't-pay turn ---------------------------------------------------------------------
def test_cant_pay_lesson():
    v = refused("ny-cant-pay", 0, "F2", "NY-12")  # fee 4 with 3 chips: the engine refuses
    assert "costs 4" in v.text
    refused("ny-cant-pay", 0, "A2", "NY-12")
    refused("ny-cant-pay", 0, "noplay", "NY-13")
    accepted("ny-cant-pay", 0, "F5")
    session = at_step("ny-cant-pay", 1)
    assert [str(a) for a in session.game.legal_actions()] == ["noplay"]
    refused("ny-cant-pay", 1, "pass", "NY-13")
    refused("ny-cant-pay", 1, "F2", "NY-12")
    session = accepted("ny-cant-pay", 1, "noplay")
    assert "Player 1 could not play and discarded F G 2 7 (NY-13)" in session.last.text  # the log's words


def test_cant_place_lesson_takes_a_piece_back():
    """NY-10's third case, taught where it matters: with an empty supply only pairs onto your own
    pieces are playable, and each takes one back (late in a game every legal move may be one)."""
    session = at_step("ny-cant-pay", 2)
    game = session.game
    assert game.view()["supply"]["red"] == 0
    assert sorted(str(a) for a in game.legal_actions()) == ["E2", "G2"]
    assert all(game.preview(a)["returned"] for a in game.legal_actions())
    assert "supply is empty" in session.prompt and "NY-10" in session.prompt
    assert "supply" in LESSONS["ny-cant-pay"].intro and "NY-10" in LESSONS["ny-cant-pay"].rules
    assert "no red pieces left" in refused("ny-cant-pay", 2, "E4", "NY-12").text  # empty square
    refused("ny-cant-pay", 2, "G4", "NY-12")  # another player's piece: no piece to put there
    refused("ny-cant-pay", 2, "noplay", "NY-13")  # a pair is playable
    assert "largest group" in refused("ny-cant-pay", 2, "E2", "NY-17").text
    session = accepted("ny-cant-pay", 2, "G2")
    assert session.done and session.game.view()["supply"]["red"] == 1
    assert session.game.view()["board"][6][1] is None
    assert "Player 1 took their red piece back from G2 (NY-10)" in session.last.text


# -- 8. STOP -----------------------------------------------------------------------------------
def test_stop_lesson():
    refused("ny-stop", 0, "F2", "NY-15")  # an eviction leaves 5 empty squares
    refused("ny-stop", 0, "C5", "NY-15")
    session = accepted("ny-stop", 0, "C2")
    assert session.game.view()["stop_armed"]
    assert "both STOP cards" in session.last.text
    refused("ny-stop", 1, "now", "NY-16")
    refused("ny-stop", 1, "full", "NY-16")
    accepted("ny-stop", 1, "draw")
    session = accepted("ny-stop", 2, "G1")
    assert session.game.is_over and session.game.view()["stop_drawn_by"] == 0
    assert "STOP card" in session.last.text


def test_stop_armed_exactly_at_four_empty_squares():
    session = at_step("ny-stop", 0)
    view = session.game.view()
    assert view["empty_squares"] == 5 and not view["stop_armed"]
    session.submit("F5")
    assert session.game.view()["empty_squares"] == DATA["stop_trigger_empty_squares"] == 4
    assert session.game.view()["stop_armed"]
    state = session.game.rules  # the engine's own piles: NY-15 puts the STOP cards in the discard pile
    assert state.discard.count(STOP) == DATA["stop_cards"] == 2
    assert STOP not in state.deck


# -- 9. scoring --------------------------------------------------------------------------------
def test_scoring_lesson_is_the_seed_example():
    game = LESSONS["ny-scoring"].start()
    assert game.is_over
    assert game.scores() == [31, 28, 30] and game.winners() == [0]  # NY-17 seed example
    refused("ny-scoring", 0, "36", "NY-17")
    refused("ny-scoring", 0, "23", "NY-17")
    accepted("ny-scoring", 0, "31")
    refused("ny-scoring", 1, "38", "NY-17")  # only one group doubles
    accepted("ny-scoring", 1, "30")
    refused("ny-scoring", 2, "yellow", "NY-18")
    refused("ny-scoring", 2, "blue", "NY-18")
    accepted("ny-scoring", 2, "red")
    session = at_step("ny-scoring", 0)
    assert len(session.highlights()) == 8  # red's largest group is highlighted
    assert "**31**" in LESSONS["ny-scoring"].summary
