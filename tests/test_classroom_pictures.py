"""The teacher page's board beside a step's wrong answers (issue 29; nbgames/ui/step_picture.py):
the real lessons of the four games, their real views' draw lists, as SVG."""

from __future__ import annotations

import importlib
import re
from xml.etree import ElementTree

import pytest

from nbgames.ui.board import PIECES
from nbgames.ui.rules_panel import board_svg
from nbgames.ui.step_picture import StepPicture, builtin_lesson, position_at, step_picture

REFUSED_INK = "stroke='#D55E00'"  # HIGHLIGHT_KINDS["refused"]
# (game, lesson, step, a wrong answer as recorded, the places it names): each step's position is
# not its lesson's start (moves were played before it), and each answer names where it was played
STEPS = [
    ("newyork", "ny-fee", 2, "E5 — NY-5: E5 touches another red piece", ["E5"]),
    ("galopp_royal", "gr-forced", 3, "arrange 1,2,4,3", ["slot:0:1", "slot:0:2", "slot:0:3", "slot:0:4"]),
    ("newyork1901", "ny1901-market", 1, "bI2@B4r1", ["tile:bI2", "B4"]),
    ("newyork_city", "nyc-bidding", 1, "play EE", ["hand:E"]),
]
SHAPE = re.compile(r"<(?:circle|rect|text|polygon|polyline)[^>]*>(?:[^<]*</text>)?")


def lesson(game: str, lesson_id: str):
    module = importlib.import_module(f"nbgames.{game}.lessons")
    return next(x for x in module.lessons() if x.id == lesson_id)


def piece_shapes(view) -> list[str]:
    """The SVG elements of a view's pieces layer (its draw list's PIECES ops)."""
    return SHAPE.findall(board_svg([op for op in view.ops() if op[0] == PIECES], 10, 10))


@pytest.mark.parametrize(("game", "lesson_id", "step", "wrong", "places"), STEPS)
def test_a_step_s_picture_is_its_position_with_the_wrong_answer_marked(game, lesson_id, step, wrong, places):
    kit = lesson(game, lesson_id)
    picture = StepPicture(kit, step, "en")
    plain, marked = picture.svg([]), picture.svg([wrong], "A step")
    for svg in (plain, marked):
        root = ElementTree.fromstring(svg)  # well-formed XML
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
    # the step's pieces: everything the view's pieces layer draws at this step, and not the start's
    at_step = position_at(kit, step).game
    here = piece_shapes(picture.game.manifest.view_class()(at_step, seat=kit.seat, lang="en"))
    start = piece_shapes(picture.game.manifest.view_class()(kit.start_game(), seat=kit.seat, lang="en"))
    assert here and all(shape in marked for shape in here)
    assert set(here) - set(start), "the step's position is the start's: pick a later step"
    # the wrong answer's places are marked (and only with a wrong answer)
    assert picture.targets(wrong) == places
    assert ElementTree.fromstring(marked).get("data-marked") == " ".join(places)
    assert marked.count(REFUSED_INK) > plain.count(REFUSED_INK)
    assert "data-marked" not in plain
    assert ElementTree.fromstring(marked).get("aria-label") == f"A step; {wrong}"


def test_new_york_s_picture_draws_one_disc_per_piece_on_the_board():
    picture = StepPicture(lesson("newyork", "ny-fee"), 2, "en")
    svg = picture.svg(["**@A1"])
    discs = sum(1 for row in picture.view.facts["board_colours"] for colour in row if colour is not None)
    assert discs and len(re.findall(r"<circle [^>]*fill='#[0-9A-Fa-f]", svg)) == discs
    assert ElementTree.fromstring(svg).get("data-marked") == "A1"  # a move's notation: where it is played


def test_hostile_answers_are_escaped_and_mark_nothing():
    picture = StepPicture(lesson("newyork", "ny-goal"), 0, "en")
    hostile = ["<script>alert(1)</script>", "' onload='alert(1)", "]]><x>&amp;", "A1 — <img src=x onerror=alert(1)>"]
    svg = picture.svg(hostile, "</svg><script>")
    root = ElementTree.fromstring(svg)
    assert "<script" not in svg and "<img" not in svg and "onload='" not in svg
    assert root.get("aria-label") == "; ".join(["</svg><script>", *hostile[:3]])  # the first three, as text
    assert [el.tag.split("}")[1] for el in root.iter()].count("script") == 0
    assert root.get("data-marked") is None  # none of the first three names a square
    assert picture.targets("A1 — <img src=x onerror=alert(1)>") == ["A1"]
    for answer in (None, 5, "", "x" * 300, "ZZ9", "**@Q9", "bid -1"):
        assert picture.targets(answer) == []


def test_pictures_are_cached_per_lesson_step_and_language_and_refuse_what_is_not_there():
    first = step_picture("ny-goal", 0, "en", builtin_lesson)
    assert step_picture("ny-goal", 0, "en", builtin_lesson) is first
    japanese = step_picture("ny-goal", 0, "ja", builtin_lesson)
    assert japanese is not first and japanese.svg() != first.svg()  # the board's names in Japanese
    with pytest.raises(KeyError):
        step_picture("no-such-lesson", 0, "en", builtin_lesson)
    with pytest.raises(ValueError):
        step_picture("ny-goal", 9, "en", builtin_lesson)
