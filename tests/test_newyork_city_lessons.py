"""New York City lessons, without widgets: every lesson completes by its right answers, wrong
answers are refused with a rule id and change nothing, every lesson resets to its start, the
teaching points of the rule file are all covered, and the scoring lesson agrees with the engine."""

from __future__ import annotations

import pytest
from lesson_checks import LessonChecks

from nbgames.newyork_city import lessons as nl
from nbgames.newyork_city.lessons_end import SCORED, finished_game, shares
from nbgames.ui.lesson import LessonSession

LESSONS = {lesson.id: lesson for lesson in nl.lessons()}
ORDER = ["nyc-city", "nyc-draft", "nyc-bidding", "nyc-wilds", "nyc-reserve", "nyc-construction", "nyc-fame",
         "nyc-character", "nyc-scoring"]
CHECKS = LessonChecks(list(LESSONS.values()))
at_step, refused, accepted = CHECKS.at_step, CHECKS.refused, CHECKS.accepted


def test_nine_lessons_in_teaching_order_cover_every_teaching_point():
    assert [lesson.id for lesson in nl.lessons()] == ORDER
    taught = {rule for lesson in nl.lessons() for rule in lesson.rules}
    # the round structure (NYC-8…11), drafting (NYC-9), six bidding rounds and +1 (NYC-10), wilds and
    # pairs, the reserve swap, the mayor and construction (NYC-8, NYC-10), fame tiles (NYC-3), a
    # character (NYC-12), majority scoring with halves (NYC-13, NYC-14)
    assert {"NYC-1", "NYC-2", "NYC-3", "NYC-7", "NYC-8", "NYC-9", "NYC-10", "NYC-11", "NYC-12", "NYC-13",
            "NYC-14"} <= taught
    intros = " ".join(lesson.intro for lesson in nl.lessons())
    for point in ("round", "pairs", "six bidding rounds", "most cards gets +1", "wild", "two identical cards",
                  "reserve", "mayor", "construction", "fame tiles", "level", "half"):
        assert point in intros, point
    for lesson in nl.lessons():
        assert lesson.title and lesson.intro and lesson.summary and lesson.steps and lesson.seat == 0
        assert "NYC-" in lesson.intro, lesson.id


def test_house_defaults_are_named_as_such():
    assert "house defaults" in LESSONS["nyc-city"].intro
    assert "house default" in LESSONS["nyc-fame"].intro


@pytest.mark.parametrize("lesson_id", ORDER)
def test_every_lesson_completes_by_show_me(lesson_id):
    CHECKS.show_me_completes_every_step(lesson_id, "NYC-")


@pytest.mark.parametrize("lesson_id", ORDER)
def test_every_lesson_resets_to_its_start(lesson_id):
    CHECKS.reset_restores_the_start(lesson_id)


def legal_other(session, exclude):
    return next(a for a in session.game.legal_actions() if str(a) not in exclude)


def test_wrong_starting_character_is_explained():
    session = at_step("nyc-city", 0)
    right = str(session.expected())
    wrong = next(str(a) for a in session.game.legal_actions() if str(a) != right
                 and not session.lesson.check(session.game, a).ok)
    verdict = refused("nyc-city", 0, wrong, "NYC-7")
    assert "lantern" in verdict.text
    assert refused("nyc-city", 1, "6", "NYC-8").text.startswith("Six is")


def test_wrong_moves_in_the_draft_and_bidding_lessons_are_refused_with_rules():
    session = at_step("nyc-draft", 0)
    other = legal_other(session, {str(session.expected())})
    assert "wild" in refused("nyc-draft", 0, str(other), "NYC-9").text
    assert "no pair 9" in refused("nyc-draft", 0, "take 9", "NYC-9").text  # no such pair: the engine says so
    assert refused("nyc-bidding", 0, "play W", "NYC-10").text
    assert refused("nyc-bidding", 0, "pass", "NYC-10").text
    assert "finish it with 'done'" in refused("nyc-bidding", 2, "pass", "NYC-10").text
    assert refused("nyc-bidding", 3, "p2", "NYC-10").text.startswith("Passing")
    assert refused("nyc-bidding", 3, "leader", "NYC-10")


def test_a_wild_alone_is_refused_by_the_rules_and_a_pair_counts_as_one():
    verdict = refused("nyc-wilds", 0, "play W", "NYC-10")
    assert "cannot be played alone" in verdict.text
    assert "single" in refused("nyc-wilds", 0, "play P", "NYC-10").text
    session = accepted("nyc-wilds", 0, "play VV")
    assert session.game.view(0)["bidding"]["values"][0] == 1
    session = at_step("nyc-wilds", 2)
    assert session.game.view(0)["bidding"]["cards"][0] == ["V", "V", "W"]
    assert session.game.view(0)["bidding"]["values"][0] == 2


def test_the_reserve_swap_lesson_takes_the_missing_kind_from_the_reserve():
    session = at_step("nyc-reserve", 0)
    assert session.game.view(0)["bidding"]["kind"] == "elevator"
    assert "E" not in session.game.view(0)["seats"][0]["hand"] and session.game.view(0)["seats"][0]["reserve"]["E"]
    assert refused("nyc-reserve", 0, "play E", "NYC-10").text  # not in the hand yet: the engine explains
    wrong_swap = next(str(a) for a in session.game.legal_actions() if a.kind == "swap" and not str(a).endswith("E"))
    assert "Take the E" in refused("nyc-reserve", 0, wrong_swap, "NYC-10").text
    session = at_step("nyc-reserve", 1)
    assert session.game.view(0)["seats"][0]["hand"]["E"] == 1


def test_construction_builds_in_the_mayors_district_with_the_bonus():
    session = at_step("nyc-construction", 0)
    table = session.game.view(0)
    assert table["round"] == 2 and table["mayor"] == "B" and table["bidding"]["done"] == [False, True]
    start = next(d["letter"] for d in table["districts"] if all(d["buildings"]))
    assert start == "A"  # the start district of every lesson: not where round 2's mayor stands
    assert "start district A" in refused("nyc-construction", 0, "start", "NYC-10").text
    assert refused("nyc-construction", 0, "start", "NYC-10")
    assert refused("nyc-construction", 0, "any", "NYC-10")
    assert refused("nyc-construction", 1, "pass", "NYC-10")
    session = at_step("nyc-construction", 3)
    verdict = session.submit("done")
    assert verdict.ok and session.done
    table = session.game.view(0)
    assert table["round"] == 3 and table["mayor"] == "C"
    assert table["districts"][table["letters"].index("B")]["buildings"][0] == 3
    assert "now have 3 there" in verdict.text


def test_fame_none_is_allowed_but_not_what_the_lesson_asks():
    verdict = refused("nyc-fame", 0, "fame none", "NYC-10")
    assert "gives up" in verdict.text
    session = at_step("nyc-fame", 0)
    table = session.game.view(0)
    tile = table["fame_up"][0]
    route = next(r for r in table["routes"] if r["vehicle"] and r["vehicle"] != tile["vehicle"])
    verdict = refused("nyc-fame", 0, f"fame {tile['id']} {route['id']}>{route['ends'][0]}", "NYC-10")
    assert f"the vehicle on route {route['id']} is {route['vehicle']}" in verdict.text


@pytest.mark.parametrize(("lesson_id", "asks"), [("nyc-fame", "asks for a fame tile"),
                                                 ("nyc-character", "Hire character 24 first")])
def test_a_reserve_swap_is_allowed_but_not_what_the_step_asks(lesson_id, asks):
    """A swap is legal in every decision (NYC-10): clicking a reserve card mid-lesson is answered
    with what the step asks for (the fame lesson raised on it, the character lesson spoke of hiring)."""
    session = at_step(lesson_id, 0)
    swap = next(a for a in session.game.legal_actions() if a.kind == "swap")
    assert asks in refused(lesson_id, 0, swap, "NYC-10").text


def test_the_character_lesson_hires_24_and_uses_it_in_phase_3():
    assert "level 5" in refused("nyc-character", 0, "hire 42", "NYC-10").text
    assert "character 24" in refused("nyc-character", 0, "hire 1", "NYC-10").text
    assert "Character 28" in refused("nyc-character", 1, "use 28", "NYC-12").text
    session = at_step("nyc-character", 1)
    before, count = session.game.view(0)["seats"][0], session.game.event_count
    assert session.submit("use 24").ok
    after = session.game.view(0)["seats"][0]
    assert after["vp"] == before["vp"] + 1 and after["dollars"] == before["dollars"] - 1
    used = [e for e in session.game.events(count) if e.kind == "ability"]
    assert [(e.seat, e.number) for e in used] == [(0, 24)]
    assert session.game.view(0)["round"] == 2  # the last phase-3 turn: the next round begins


def test_the_scoring_lesson_agrees_with_the_engines_final_scoring():
    game = finished_game()
    assert game.is_over
    got = shares(game, SCORED)
    explained = game.explain_scores()
    for seat in (0, 1):
        part = next(p for p in explained[seat]["parts"] if p["what"] == f"district {SCORED}")
        assert part["points"] == got.get(str(seat), 0)
    assert list(got) == ["0", "black", "1"]  # most, black, third: the question's story
    session = LessonSession(LESSONS["nyc-scoring"])
    answer = str(got["1"])
    assert answer in [c.value for c in session.choices]
    assert refused("nyc-scoring", 0, str(got["black"]), "NYC-13").text.startswith("That is the second")
    assert session.submit(answer).ok and session.done
