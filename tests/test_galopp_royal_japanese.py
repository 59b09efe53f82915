"""Galopp Royal in Japanese: every lesson runs to its end with Japanese titles, prompts, choices and
verdicts (and still reads English in English); a seeded game's events, score lines and the
refusals met on the way read in Japanese while a refusal's str() stays English; the board view
built with lang="ja" shows Japanese panels, status and canvas labels."""

from __future__ import annotations

import random
import re

import pytest
from i18n_support import english_lessons, english_words, is_japanese, lesson_texts, note_refusals

import nbgames
from nbgames.galopp_royal.lessons import lessons
from nbgames.galopp_royal.text import event_text
from nbgames.galopp_royal.view import GaloppView
from nbgames.i18n import localize, using
from nbgames.ui.board import HIGHLIGHTS, PIECES, STATIC
from nbgames.ui.i18n import t
from nbgames.ui.lesson import LessonSession

# The game's name stays in Latin letters, as the seed writes it.
NAMES = {"Galopp", "Royal"}
# Typed notation a refusal may quote ('bid 5', 'keep', 'arrange 2,1,4,3' …).
NOTATION = {"bid", "pass", "roll", "keep", "arrange", "scheme", "exchange", "nonsense"}
SYMBOLS = re.compile(r"[\d\s.,:;+−±→✓✗★×·—–\-/()⚑]*")


def english_left(text: str, allowed: set[str] = NAMES) -> list[str]:
    """English words of a Japanese text beyond names, quoted notation and a link's address."""
    return english_words(re.sub(r"\]\([^)]*\)", "]", text).replace("'", " "), allowed)


def assert_japanese(texts: list[str], allowed: set[str] = NAMES, where: str = "") -> None:
    bad = [(t[:80], english_left(t, allowed)) for t in texts
           if t and not SYMBOLS.fullmatch(t) and (not is_japanese(t) or english_left(t, allowed))]
    assert not bad, f"{where}: English left in Japanese text: {bad[:5]}"


def plain_number(text: str) -> bool:
    return bool(SYMBOLS.fullmatch(text))


# -- (a) the lessons ------------------------------------------------------------------------------
def test_every_lesson_runs_to_its_end_in_japanese():
    with using("ja"):
        built = lessons()
        assert len(built) == 9
        for lesson in built:
            texts = lesson_texts(lesson)
            for text in (lesson.title, lesson.intro, lesson.summary):
                assert is_japanese(text), (lesson.id, text)
            # a choice may be a plain number ("1.75", "2"); every other text has Japanese in it
            assert all(is_japanese(t) or plain_number(t) for t in texts if t), (lesson.id, texts)
            assert_japanese(texts, where=lesson.id)


def test_the_same_lessons_still_read_english_in_english():
    for lesson in english_lessons(lessons):
        assert lesson.title[0].isupper() and " " in lesson.title


def test_a_wrong_move_in_a_lesson_is_refused_in_japanese():
    with using("ja"):
        lesson = next(x for x in lessons() if x.id == "gr-schemer-a")
        session = LessonSession(lesson)
        session.show_me()  # the roll: a schemer
        refused = session.submit("scheme +2 3:-2")  # Player 4 on −2 would fall into the pond
        assert not refused.ok and refused.rule == "GR-11" and is_japanese(refused.text)
        other = session.submit("roll")
        assert not other.ok and is_japanese(other.text)
        assert_japanese([refused.text, other.text], NAMES | NOTATION, "wrong moves")


# -- (b) a seeded random game ---------------------------------------------------------------------
PROBES = ["bid 1", "bid 5", "bid 49", "bid 50", "pass", "roll", "keep", "arrange 1,2,3,4", "arrange 2,1,4,3",
          "scheme +2 1:-2", "scheme +2 0:-2", "scheme -2 1:+1 2:+1", "scheme +2 2:-1 1:-1", "scheme +2 5:-2",
          "scheme +2", "exchange 0:2 1:4 2:1", "exchange 0:1 1:1 2:1 3:1", "nonsense"]


@pytest.mark.parametrize("players,seed", [(3, 11), (4, 5), (5, 2)])
def test_a_seeded_game_speaks_japanese_to_the_end(players, seed):
    game = nbgames.new_game("galopp_royal", players=players, seed=seed)
    rng = random.Random(seed)
    reasons = {}
    while not game.is_over:
        note_refusals(game, rng.sample(PROBES, 5), reasons)
        actions = game.legal_actions()
        bids = [a for a in actions if a.kind == "bid" and a.args[0] <= 12]
        passes = [a for a in actions if a.kind == "pass"]
        if bids or passes:
            actions = (bids[:6] + passes) if rng.random() < 0.8 else actions
        game.play(rng.choice(actions))
    events = [event_text(e, "ja") for e in game.events()]
    assert len(events) > 50 and all(is_japanese(e) for e in events)
    assert_japanese(events, where="events")
    # the score table's lines, written the way the page writes them
    lines = [t("score.part_plain", "ja", **{k: part.get(k) for k in ("what", "points", "rule")})
             for entry in game.explain_scores() for part in entry["parts"]]
    assert lines and all(is_japanese(line) for line in lines)
    assert_japanese(lines, where="score lines")
    assert len(reasons) >= 6
    for english, reason in reasons.items():
        assert not is_japanese(english) and english == str(reason), english
        japanese = localize(reason, "ja")
        assert is_japanese(japanese), english
        assert not english_left(japanese, NAMES | NOTATION), (english, japanese)
    with using("ja"):
        refusal = nbgames.new_game("galopp_royal", players=3, seed=1).refusal("roll")
        assert refusal is not None and not is_japanese(str(refusal)) and is_japanese(localize(refusal.reason))


def test_the_english_event_sentences_are_unchanged():
    game = nbgames.new_game("galopp_royal", players=3, seed=3)
    first = [event_text(e, "en") for e in game.events()]
    assert first[0].startswith("Start-team auction 1 opens (Player 1 first)")
    assert not any(is_japanese(e) for e in first)
    game.play("pass")
    assert event_text(game.events()[-1], "en") == "Player 1 passes."


# -- (c) the board view in Japanese ---------------------------------------------------------------
def canvas_texts(view) -> list[str]:
    return [str(args[0]) for _layer, name, args in view.ops((STATIC, PIECES, HIGHLIGHTS)) if name == "fill_text"]


def scenario_game(boards, positions, seed=1):
    options = {"scenario": {"boards": boards, "race": 1, "starter": 0, "positions": positions}}
    return nbgames.new_game("galopp_royal", players=len(boards), seed=seed, options=options)


SCHEMERS = [["schemer"] * 4, ["+2", "+2", "goof", "+1"], ["+3", "+1", "+2", "+3"]]


def test_the_view_in_japanese_shows_japanese_panels_status_and_labels():
    game = nbgames.new_game("galopp_royal", players=4, seed=3, options={"deck": ["+1", "+3", "+3", "+3"]})
    view = GaloppView(game, seat=0, lang="ja")
    view.refresh()
    assert view.lang == "ja"
    assert is_japanese(view.status.value) and is_japanese(view.players_panel.value)
    assert is_japanese(view.auction.value) and "あなただけ" in view.auction.value
    panels = [view.status.value, view.players_panel.value, view.auction.value, view.info.value]
    panels += [view.describe(a) for a in game.legal_actions()[:5]]
    panels += [b.description for b in view.actions.children]
    assert_japanese([re.sub(r"<[^>]+>", " ", p) for p in panels], where="auction panels")

    race = scenario_game(SCHEMERS, [0, 4, -2])
    view = GaloppView(race, seat=0, lang="ja")
    view.refresh()
    g = view.geom
    view._on_mouse_move(*g.cell_centre(2, 1))
    panels = [view.status.value, view.players_panel.value, view.info.value, view.die.value]
    labels = canvas_texts(view)  # short marks stay Latin ("S" for START, "1R" for race 1)
    assert any(is_japanese(t) for t in labels) and "1R ⚑" in labels
    assert not [(t, english_left(t)) for t in labels if english_left(t)], labels
    race.play("roll")
    view.refresh()
    view.scheme_plus.click()
    view.click("chair:2")  # alone: pushing seat 2 (on −2) back 2 would drop it into the pond
    panels += [view.status.value, view.info.value, view.scheme_plus.description, view.confirm_button.description]
    assert "GR-11" in view.status.value and is_japanese(view.status.value)
    view.click("chair:0")  # own chair: said plainly
    panels.append(view.info.value)
    assert_japanese([re.sub(r"<[^>]+>|&#x27;", " ", p) for p in panels], where="race panels")
    english = GaloppView(scenario_game(SCHEMERS, [0, 4, -2]), seat=0, lang="en")
    english.refresh()
    assert not is_japanese(english.status.value) and not any(is_japanese(t) for t in canvas_texts(english))


def test_the_view_follows_the_page_language_by_default():
    game = scenario_game(SCHEMERS, [0, 4, -2])
    with using("ja"):
        view = GaloppView(game, seat=0)
    assert view.lang == "ja" and view.selection.lang == "ja"
    assert is_japanese(view.status.value)


def test_the_score_table_counts_coins_in_both_languages():
    """A Galopp score is coins: the kit's score table takes the game's own unit."""
    from nbgames.ui.controller import PlayController

    game = nbgames.new_game("galopp_royal", players=3, seed=1)
    for lang, unit, other in (("en", "coins", "points"), ("ja", "コイン", "点")):
        table = PlayController(game, ["human", "random", "random"], lang=lang, scheduler=lambda *a: None).scores.value
        assert unit in table and other not in table, table[:300]
