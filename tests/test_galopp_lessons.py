"""Galopp Royal lessons, without widgets: every step accepts its right answer (and its "show me"),
refuses wrong ones with the right rule id and changes nothing when refusing, resets to its start,
and every lesson position is a consistent Galopp Royal game whose record replays."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from lesson_checks import LessonChecks

import nbgames
from nbgames.galopp_royal import lessons as gl
from nbgames.galopp_royal import lessons_race as lr
from nbgames.galopp_royal import lessons_teams as lt
from nbgames.galopp_royal import teaching as teach
from nbgames.galopp_royal.tables import ALL_CARDS, DATA, GOALS, POND_DEPTH
from nbgames.ui.lesson import LessonSession

LESSONS = {lesson.id: lesson for lesson in gl.lessons()}
ORDER = ["gr-odds", "gr-auction", "gr-forced", "gr-goof", "gr-schemer-a", "gr-schemer-b", "gr-results",
         "gr-exchange", "gr-substitute"]


CHECKS = LessonChecks(list(LESSONS.values()))
at_step, refused, accepted = CHECKS.at_step, CHECKS.refused, CHECKS.accepted


def cards_in_play(game) -> Counter:
    r = game.rules
    cards = Counter(r.deck)
    cards.update(card for board in r.boards if board for card in board)
    cards.update(card for card, _ in r.discard)
    if r.auction is not None:
        cards.update(card for hand in r.auction.private.values() for card in hand)
        cards.update(r.auction.public)
    return cards


# -- the list as a whole -----------------------------------------------------------------------
def test_lessons_in_teaching_order_cover_every_teaching_point():
    assert [lesson.id for lesson in gl.lessons()] == ORDER
    assert len(ORDER) >= 8
    taught = {rule for lesson in gl.lessons() for rule in lesson.rules}
    # teaching points: odds (GR-5), partly known lot (GR-6/7/8), forced team (GR-6), goof and pond
    # (GR-4, GR-11), schemer (GR-11), finishing/pond/prizes (GR-12..15), exchange (GR-16),
    # substitute auctions (GR-17)
    assert {"GR-4", "GR-5", "GR-6", "GR-7", "GR-8", "GR-9", "GR-11", "GR-12", "GR-13", "GR-14", "GR-15",
            "GR-16", "GR-17"} <= taught
    for lesson in gl.lessons():
        assert lesson.title and lesson.intro and lesson.summary and lesson.steps
        assert "GR-" in lesson.intro, lesson.id
        assert lesson.seat == 0


def test_house_defaults_are_named_as_such():
    text = {lesson.id: lesson.intro + lesson.summary + " ".join(
        str(s.prompt) for s in lesson.steps) for lesson in gl.lessons()}
    assert "house default" in text["gr-odds"]  # the card split
    assert "house default" in text["gr-goof"] and f"{POND_DEPTH} spaces" in text["gr-goof"]
    assert "house default" in text["gr-results"]  # prizes of races 2-6 and the goals
    assert "house default" in text["gr-substitute"] and str(GOALS[1]) in text["gr-substitute"]
    for key in ("cards", "goals", "prizes", "pond_depth", "forced_team_price"):
        assert key in DATA["house_resolutions"]
    # the forced-team house rule (all coins when fewer than 10) is explained in its answer
    forced = LESSONS["gr-forced"]
    assert "house rule" in forced.check(forced.start(), "40", 1).text


@pytest.mark.parametrize("lesson_id", ORDER)
def test_show_me_completes_every_step(lesson_id):
    CHECKS.show_me_completes_every_step(lesson_id, "GR-")


@pytest.mark.parametrize("lesson_id", ORDER)
def test_reset_restores_the_start(lesson_id):
    assert CHECKS.reset_restores_the_start(lesson_id)  # every lesson plays at least one move


@pytest.mark.parametrize("lesson_id", ORDER)
def test_every_position_is_consistent_and_replays(lesson_id):
    lesson = LESSONS[lesson_id]
    session = LessonSession(lesson)
    games = [lesson.start(i) for i in range(len(lesson.steps))]
    while not session.done:
        session.show_me()
    games.append(session.game)
    for game in games:
        assert cards_in_play(game) == Counter(ALL_CARDS)  # no card made up or lost (GR-2)
        assert sum(game.view(None)["coins"]) >= 0 and min(game.view(None)["coins"]) >= 0
        again = nbgames.from_record(game.to_record())
        for seat in (None, 0, 1):
            assert again.view(seat) == game.view(seat)


def test_seed_searches_are_deterministic_and_give_the_needed_roll():
    assert lr.l1_seed() == teach.seed_where(
        lambda s: teach.play_all(teach.race_game(lr.L1_BOARDS, [0] * 4, seed=s), ["roll"]),
        lambda g: teach.rolled(g) == "+5")
    for lesson_id, step, card in [("gr-odds", 3, "+5"), ("gr-goof", 1, "goof"), ("gr-goof", 3, "goof"),
                                  ("gr-schemer-a", 0, "schemer"), ("gr-schemer-b", 0, "schemer")]:
        session = accepted(lesson_id, step, "roll")
        assert teach.rolled(session.game) == card, lesson_id


def test_finished_lesson_refuses_more_answers():
    session = at_step("gr-auction", 2)
    assert session.done
    assert not session.submit("pass").ok


# -- 1. odds -----------------------------------------------------------------------------------
def test_odds_lesson():
    refused("gr-odds", 0, "1/5", "GR-5")
    refused("gr-odds", 0, "1/2", "GR-5")
    refused("gr-odds", 0, "nonsense", "GR-5")
    accepted("gr-odds", 0, "1/4")
    refused("gr-odds", 1, "1/4", "GR-5")
    accepted("gr-odds", 1, "1/2")
    v = refused("gr-odds", 2, "2.25", "GR-5")
    assert "−2" in v.text
    assert teach.board_average(lr.L1_BOARDS[0]) == Fraction(7, 4)
    accepted("gr-odds", 2, "1.75")
    refused("gr-odds", 3, "pass", "GR-11")  # the engine: on a race turn, roll
    refused("gr-odds", 3, "bid 3", "GR-11")
    session = accepted("gr-odds", 3, "roll")
    assert session.game.view(None)["positions"][0] == 5 and "Player 1 rolls 1: slot 1 holds +5." in session.last.text


# -- 2. a partly known lot -----------------------------------------------------------------------
def test_auction_lesson_position():
    game = LESSONS["gr-auction"].start()
    view = game.view(0)["auction"]
    assert view["participants"] == [2, 3, 0] and view["current_bid"] == 5 and game.to_move == 0
    assert view["my_private"] == ["+5"] and view["lot_public"] == ["+3"]
    assert game.view(0)["boards"][1] is not None  # seat 1 bought the first team
    assert game.view(1)["auction"]["my_private"] == []  # seat 1 sits out


def test_auction_lesson():
    refused("gr-auction", 0, "1", "GR-6")
    refused("gr-auction", 0, "4", "GR-6")
    accepted("gr-auction", 0, "2")
    v = refused("gr-auction", 1, "bid 5", "GR-7")  # the engine: bid higher than 5
    assert "at least 6" in v.text
    refused("gr-auction", 1, "bid 51", "GR-7")  # more coins than you have
    refused("gr-auction", 1, "pass", "GR-7")  # legal, but the known half is good
    refused("gr-auction", 1, "bid 30", "GR-7")  # legal, but too much
    session = accepted("gr-auction", 1, "bid 12")
    game = session.game
    assert game.view(None)["boards"][0] == ["+1", "goof", "+5", "+3"] and game.view(None)["coins"][0] == 38
    assert "Player 1 wins the lot for 12 coins: +1 −2 +5 +3" in session.last.text


# -- 3. the forced team --------------------------------------------------------------------------
def test_forced_team_lesson():
    game = LESSONS["gr-forced"].start()
    assert game.view(0)["auction"]["my_private"] == ["goof", "goof"] and game.to_move == 0
    refused("gr-forced", 0, "again", "GR-6")
    refused("gr-forced", 0, "free", "GR-6")
    accepted("gr-forced", 0, "forced")
    refused("gr-forced", 1, "50", "GR-6")  # the coins are asked before the team is paid for
    refused("gr-forced", 1, "38", "GR-6")
    accepted("gr-forced", 1, "40")
    assert at_step("gr-forced", 2).game.view(None)["coins"][0] == 50
    refused("gr-forced", 2, "bid 12", "GR-7")  # the engine: not higher than 12
    v = refused("gr-forced", 2, "bid 13", "GR-6")
    assert "goofs" in v.text
    session = accepted("gr-forced", 2, "pass")
    game = session.game
    assert game.view(None)["boards"][0] == lt.FORCED_TEAM and game.view(None)["coins"][0] == 40
    assert game.view(None)["phase"] == "arrange" and game.to_move == 0
    assert "Player 1 is the last without a team: takes +2 +1 +3 +2 and pays 10" in session.last.text
    refused("gr-forced", 3, "arrange 1,2,3,4", "GR-9")  # the engine: say 'keep'
    refused("gr-forced", 3, "roll", "GR-9")
    session = accepted("gr-forced", 3, "arrange 3,1,2,4")
    assert session.game.view(None)["boards"][0] == ["+3", "+2", "+1", "+2"]
    assert session.game.view(None)["phase"] == "race" and "Race 1 begins" in session.last.text


# -- 4. a goof and the pond ----------------------------------------------------------------------
def test_goof_lesson():
    refused("gr-goof", 0, "pond", "GR-4")
    refused("gr-goof", 0, "0", "GR-4")
    accepted("gr-goof", 0, "-3")
    refused("gr-goof", 1, "scheme +2", "GR-11")
    session = accepted("gr-goof", 1, "roll")
    assert session.game.view(None)["positions"][0] == -3 and session.game.view(None)["status"][0] == "racing"
    refused("gr-goof", 2, "1/4", "GR-4")
    refused("gr-goof", 2, "0/4", "GR-4")
    accepted("gr-goof", 2, "1/2")
    session = accepted("gr-goof", 3, "roll")
    assert session.game.view(None)["pond"] == [0] and "shell pond" in session.last.text
    refused("gr-goof", 4, "depends", "GR-13")
    refused("gr-goof", 4, "3rd", "GR-13")
    accepted("gr-goof", 4, "last")
    assert POND_DEPTH == 3  # the lesson's −3 edge follows the house default


# -- 5. schemer option (a) ------------------------------------------------------------------------
def test_schemer_a_lesson():
    session = accepted("gr-schemer-a", 0, "roll")
    assert session.game.view(None)["phase"] == "scheme"
    v = refused("gr-schemer-a", 1, "scheme +2 3:-2", "GR-11")  # the engine: into the pond
    assert "pond" in v.text and "Player 4's chair is on -2" in v.text  # named as the board does
    refused("gr-schemer-a", 1, "scheme -2 1:+2", "GR-11")  # option (b)
    v = refused("gr-schemer-a", 1, "scheme +2 2:-2", "GR-11")  # seat 1 stays level on 12
    assert "level" in v.text
    refused("gr-schemer-a", 1, "scheme +2 2:-1 3:-1", "GR-11")
    refused("gr-schemer-a", 1, "roll", "GR-11")
    for good in ("scheme +2 1:-2", "scheme +2 1:-1 2:-1", "scheme +2 1:-1 3:-1"):
        session = accepted("gr-schemer-a", 1, good)
        pos = session.game.view(None)["positions"]
        assert pos[0] == 12 and all(pos[0] > pos[s] for s in (1, 2, 3))
    refused("gr-schemer-a", 2, "behind", "GR-11")
    refused("gr-schemer-a", 2, "leader", "GR-11")
    accepted("gr-schemer-a", 2, "pond")


# -- 6. schemer option (b) ------------------------------------------------------------------------
def test_schemer_b_lesson():
    accepted("gr-schemer-b", 0, "roll")
    refused("gr-schemer-b", 1, "fwd", "GR-11")
    refused("gr-schemer-b", 1, "stay", "GR-11")
    accepted("gr-schemer-b", 1, "back")
    # who finishes first is taught in the intro and asked before any chair crossed the goal
    assert "clockwise order from the schemer" in LESSONS["gr-schemer-b"].intro
    assert at_step("gr-schemer-b", 2).game.view(None)["finished"] == []
    refused("gr-schemer-b", 2, "seat2", "GR-12")
    refused("gr-schemer-b", 2, "tie", "GR-12")
    accepted("gr-schemer-b", 2, "seat1")
    refused("gr-schemer-b", 3, "scheme +2 1:-2", "GR-11")  # option (a)
    refused("gr-schemer-b", 3, "scheme -2 1:+2", "GR-11")  # (b), but only one chair over
    refused("gr-schemer-b", 3, "scheme -2 1:+1 3:+1", "GR-11")
    session = accepted("gr-schemer-b", 3, "scheme -2 1:+1 2:+1")
    assert session.game.view(None)["finished"] == [1, 2] and session.game.view(None)["positions"][0] == 4
    assert session.done


# -- 7. finishing order, the pond and prizes --------------------------------------------------------
def test_results_lesson():
    game = LESSONS["gr-results"].start()
    # Players 2 and 3 fell into the pond (2 first) before you; every question comes before the race ends
    assert game.view(None)["pond"] == [1, 2] and game.view(None)["positions"] == [13, None, None, 13]
    assert game.to_move == 0
    for step in range(3):
        session = at_step("gr-results", step)
        assert session.game.view(None)["results"] == [] and session.game.view(None)["phase"] == "race"
        assert "coins for" not in (session.last.text if session.last else "")  # no prize narrated yet
    refused("gr-results", 0, "seat2", "GR-13")
    refused("gr-results", 0, "seat3", "GR-13")
    accepted("gr-results", 0, "seat1")
    refused("gr-results", 1, "seat2", "GR-14")
    refused("gr-results", 1, "nobody", "GR-14")
    accepted("gr-results", 1, "seat3")
    refused("gr-results", 2, "seat1", "GR-14")
    refused("gr-results", 2, "nobody", "GR-14")
    accepted("gr-results", 2, "seat2")
    refused("gr-results", 3, "pass", "GR-11")
    session = accepted("gr-results", 3, "roll")
    game = session.game
    assert session.done
    assert game.view(None)["results"] == [[0, 3, 2, 1]]  # finisher, course, pond latest first (GR-14)
    assert game.view(None)["coins"] == [70, 50, 55, 60] and game.view(None)["last_placed"] == 1
    assert "Player 3 wins 5 coins for 3rd place" in session.last.text


# -- 8. the exchange -------------------------------------------------------------------------------
def test_exchange_lesson():
    game = LESSONS["gr-exchange"].start()
    assert game.view(None)["phase"] == "exchange" and game.to_move == 0 and game.view(None)["last_placed"] == 0
    refused("gr-exchange", 0, "winner", "GR-16")  # asked before anyone drew
    refused("gr-exchange", 0, "seat1", "GR-16")
    accepted("gr-exchange", 0, "you")
    v = refused("gr-exchange", 1, "exchange 0:3 1:3 2:3 3:4", "GR-16")  # threw out your own +1
    assert "own board" in v.text
    v = refused("gr-exchange", 1, "exchange 0:1 1:1 2:3 3:4", "GR-16")
    assert "Player 2 keeps its +5" in v.text
    refused("gr-exchange", 1, "exchange 0:1 1:3 2:3", "GR-16")  # the engine: one slot on every board
    refused("gr-exchange", 1, "roll", "GR-16")
    session = accepted("gr-exchange", 1, "exchange 0:2 1:3 2:3 3:4")
    game = session.game
    assert session.done and game.view(None)["boards"][0] == ["goof", "+3", "+1", "+3"]
    assert [e for e in game.events() if e.kind == "draw"][0].seat == 0  # you draw first (GR-16)
    assert "Player 1 draws a new bearer into slot 2: +3." in session.last.text


# -- 9. substitute auctions ------------------------------------------------------------------------
def test_substitute_lesson():
    game = LESSONS["gr-substitute"].start()
    auction = game.view(0)["auction"]
    assert auction["kind"] == "substitute" and auction["opener"] == 0 and auction["my_private"] == ["goof"]
    assert game.view(None)["boards"][0] == ["+3", "goof", "+1", "+3"]
    refused("gr-substitute", 0, "pick", "GR-17")
    refused("gr-substitute", 0, "add", "GR-17")
    accepted("gr-substitute", 0, "all")
    # the second auction's opener is asked before the first auction is played
    assert at_step("gr-substitute", 1).game.view(0)["auction"]["number"] == 1
    refused("gr-substitute", 1, "you-no", "GR-17")
    refused("gr-substitute", 1, "seat1-yes", "GR-17")
    accepted("gr-substitute", 1, "you-yes")
    refused("gr-substitute", 2, "bid 4", "GR-17")
    refused("gr-substitute", 2, "roll", "GR-7")
    session = accepted("gr-substitute", 2, "pass")
    game = session.game
    assert game.view(None)["boards"][1] == lt.SUB1_CARDS and game.view(0)["auction"]["number"] == 2
    assert game.to_move == 0 and game.view(0)["auction"]["opener"] == 0
    assert 1 in game.view(0)["auction"]["participants"]  # the first winner may bid again
    refused("gr-substitute", 3, "pass", "GR-17")
    refused("gr-substitute", 3, "bid 20", "GR-17")
    session = accepted("gr-substitute", 3, "bid 2")
    assert session.game.view(None)["boards"][0] == lt.SUB2_CARDS and session.game.view(None)["phase"] == "arrange"
    session = accepted("gr-substitute", 4, "arrange 2,1,3,4")
    game = session.game
    assert game.view(None)["race"] == 2 and game.view(None)["goal"] == GOALS[1] and game.to_move == 0
    assert game.view(None)["positions"] == [0, 0, 0, 0] and "Race 2 begins" in session.last.text


def test_players_are_named_as_the_board_names_them():
    """The view calls seat 0 "Player 1": lesson text never says "seat N" to the learner."""
    import re

    for lesson in gl.lessons():
        session = LessonSession(lesson)
        texts = [lesson.intro, lesson.summary]
        while not session.done:
            texts.append(session.prompt)
            texts += [c.label for c in session.choices]
            texts.append(session.show_me().text)
        for text in texts:
            assert not re.search(r"\bseats? \d", text, re.I), (lesson.id, text)
