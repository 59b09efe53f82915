"""New York in Japanese: every lesson runs to its end with Japanese titles, prompts, buttons and
verdicts (and still reads English in English); a seeded game's events, score lines and the
refusals met on the way read in Japanese while a refusal's str() stays English; the board view
built with lang="ja" shows Japanese panels, status and hover facts."""

from __future__ import annotations

import random
import re

import pytest
from i18n_support import english_lessons, english_words, is_japanese, lesson_texts, note_refusals

import nbgames
from nbgames.i18n import localize, using
from nbgames.newyork import tables as ny
from nbgames.newyork.lessons import lessons
from nbgames.newyork.text import event_text
from nbgames.newyork.view import NewYorkView
from nbgames.ui.board import PIECES, STATIC
from nbgames.ui.i18n import t
from nbgames.ui.lesson import LessonSession

# Names the game keeps in Latin letters in Japanese too (as the rulebook does): the avenues and
# streets of the board ("Park Ave × 49th St"; "34th" leaves "th" behind).
NAMES = {"Broadway", "Eighth", "Sixth", "Fifth", "Madison", "Park", "Lexington", "Ave", "St", "th", "nd", "rd"}
# Typed notation a refusal may quote ('pick red', 'noplay', 'remove C3', "'nonsense'" …).
NOTATION = {"pick", "red", "noplay", "remove", "r"}


def english_left(text: str, allowed: set[str] = NAMES) -> list[str]:
    """English words of a Japanese text beyond the names, notation ('C3/r', '*3@C3', 'R*') and link
    targets ("](play.ipynb)")."""
    text = re.sub(r"\*?\d?@[A-G]\d|[A-G]\d/[a-z]|[RB]\*|\]\([^)]*\)", " ", text)
    return english_words(text.replace("'", " "), allowed)


def assert_japanese(texts: list[str], allowed: set[str] = NAMES, where: str = "") -> None:
    bad = [(text[:80], english_left(text, allowed)) for text in texts
           if text and not re.fullmatch(r"[\d\s.,:+→✓✗★×·—–-]*", text) and english_left(text, allowed)]
    assert not bad, f"{where}: English left in Japanese text: {bad[:5]}"


# -- (a) the lessons ------------------------------------------------------------------------------
def test_every_lesson_runs_to_its_end_in_japanese():
    with using("ja"):
        built = lessons()
        assert len(built) == 9
        for lesson in built:
            texts = lesson_texts(lesson)
            for text in (lesson.title, lesson.intro, lesson.summary):
                assert is_japanese(text), (lesson.id, text)
            # a button may be a number ("15") or a square's names; every other text has Japanese in it
            assert all(is_japanese(t) or not english_left(t) for t in texts if t), (lesson.id, texts)
            assert_japanese(texts, where=lesson.id)


def test_the_same_lessons_still_read_english_in_english():
    for lesson in english_lessons(lessons):
        assert lesson.title[0].isupper() and not english_words(lesson.title) == []


def test_wrong_moves_in_lessons_are_refused_in_japanese():
    with using("ja"):
        by_id = {lesson.id: lesson for lesson in lessons()}
        setup = LessonSession(by_id["ny-setup"])
        setup.show_me()  # past the question: now a red setup piece is asked for
        touching = setup.submit("C4")  # beside red's C3: the engine's NY-5 refusal
        assert not touching.ok and touching.rule == "NY-5" and is_japanese(touching.text)
        fee = LessonSession(by_id["ny-cant-pay"])
        too_dear = fee.submit("F2")  # costs 4 with 3 chips: NY-12
        assert not too_dear.ok and too_dear.rule == "NY-12" and is_japanese(too_dear.text)
        assert_japanese([touching.text, too_dear.text], NAMES | NOTATION, "wrong moves")


# -- (b) a seeded random game ---------------------------------------------------------------------
PAIRS = list(ny.PAIR.values())
PROBES = ["pick red", "pick black", "C3", "C3/r", "noplay", "remove C3", "*3@C3", "A1", "G7", "D4",
          "sanierung.r", "nonsense", "F5", "B2"]


def sampled_refusals(game, rng, reasons):
    note_refusals(game, rng.sample(PROBES, 4) + [str(a) for a in rng.sample(PAIRS, 3)], reasons)


@pytest.mark.parametrize("players,seed,options", [(3, 11, {}), (4, 5, {"action_cards": True, "teams": True}),
                                                  (2, 7, {"colour_choice": True})])
def test_a_seeded_game_speaks_japanese_to_the_end(players, seed, options):
    game = nbgames.new_game("newyork", players=players, seed=seed, options=options)
    rng = random.Random(seed)
    reasons = {}
    while not game.is_over:
        sampled_refusals(game, rng, reasons)
        game.play(rng.choice(game.legal_actions()))
    events = [event_text(e, "ja") for e in game.events()]
    assert len(events) > 20 and all(is_japanese(e) for e in events)
    assert_japanese(events, where="events")
    lines = [t("score.part", "ja", **{k: p.get(k) for k in ("what", "count", "points", "rule")})
             for entry in game.explain_scores() for p in entry["parts"]]
    assert lines and all(is_japanese(line) for line in lines)
    assert_japanese(lines, where="score lines")
    assert [p["what"] for p in game.explain_scores()[0]["parts"]] == ["largest group", "other pieces", "chips"]
    assert len(reasons) >= 5
    for english, reason in reasons.items():
        assert not is_japanese(english) and english == str(reason), english
        japanese = localize(reason, "ja")
        assert is_japanese(japanese), english
        assert not english_left(japanese, NAMES | NOTATION | {"nonsense", "black", "sanierung"}), (english, japanese)


def test_refusals_of_the_variants_read_japanese_with_english_str():
    game = nbgames.new_game("newyork", players=3, seed=2, options={"colour_choice": True})
    first = game.legal_actions()[0]
    game.play(first)
    refusal = game.refusal(str(first))  # that colour is taken now
    assert refusal is not None and "took it" in str(refusal.reason)
    shown = localize(refusal.reason, "ja")
    assert is_japanese(shown) and not english_left(shown, NOTATION), shown
    with using("ja"):
        refusal = nbgames.new_game("newyork", players=3, seed=1).refusal("noplay")
        assert refusal is not None and not is_japanese(str(refusal)) and is_japanese(localize(refusal.reason))


def test_the_english_event_sentences_are_unchanged():
    game = nbgames.new_game("newyork", players=3, seed=3)
    while game.view()["phase"] == "setup":
        game.play(game.legal_actions()[0])
    game.play(game.legal_actions()[0])
    first = [event_text(e, "en") for e in game.events()]
    assert first[0].startswith("Player 1 placed a red setup piece on ") and first[0].endswith("(NY-4).")
    assert any(e.startswith("Colour cards dealt (NY-6): Player 1: ") for e in first)
    assert any(re.fullmatch(r"Player \d drew \d cards? \(NY-9\)\.", e) for e in first)
    assert not any(is_japanese(e) for e in first)


# -- (c) the board view in Japanese ---------------------------------------------------------------
def setup_done(seed: int = 1, players: int = 3, **options):
    game = nbgames.new_game("newyork", players=players, seed=seed, options=options)
    while game.view()["phase"] == "setup":
        game.play(game.legal_actions()[0])
    return game


def canvas_texts(view) -> list[str]:
    return [args[0] for _layer, name, args in view.ops((STATIC, PIECES)) if name == "fill_text"]


@pytest.mark.parametrize("options", [{}, {"action_cards": True}])
def test_the_view_in_japanese_shows_japanese_panels_and_status(options):
    game = setup_done(**options)
    for _ in range(12):
        game.play(random.Random(len(game.history)).choice(game.legal_actions()))
    view = NewYorkView(game, seat=game.to_move, lang="ja")
    view.refresh()
    assert view.lang == "ja"
    assert is_japanese(view.status.value) and is_japanese(view.players_panel.value)
    panels = [view.status.value, view.players_panel.value, view.idle_info(), view.hand_html(),
              *(view.seat_facts(s) for s in range(game.players))]
    panels += [view.describe(a) for a in game.legal_actions()]
    panels += [view.way_text(a) for a in game.legal_actions()[:5]]
    targets = [ny.square_name(sq) for sq in range(ny.SQUARES)]
    panels += [line for target in targets for line in view.target_facts(target)]
    # every panel line has Japanese in it, but for a square's names ("A1：Broadway × 34th St")
    assert all(is_japanese(p) or not english_left(p) for p in panels if p), [p for p in panels if p][:3]
    assert_japanese(panels, NAMES | {"R", "B", "Y", "G", "K"}, where="panels")
    illegal = next(target for target in targets if target not in view.legal_targets())
    view.click(illegal)  # why not: the engine's refusal, in Japanese
    assert re.search(r"NY-\d+", view.status.value) and is_japanese(view.status.value)
    assert_japanese([view.status.value], NAMES | NOTATION, where="status")
    assert_japanese(canvas_texts(view), NAMES | {"R", "B", "Y", "G", "K"}, where="canvas")
    english = NewYorkView(game, seat=game.to_move, lang="en")
    english.refresh()
    assert not is_japanese(english.status.value) and not is_japanese(english.hand_html())


def test_the_narrow_view_names_its_lines_in_japanese():
    view = NewYorkView(setup_done(), lang="ja")
    view.set_width(390)
    assert view.narrow
    info = view.idle_info()
    assert "アベニュー" in info and "ストリート" in info and "、" in info
    assert_japanese([info], where="narrow info")


def test_a_finished_game_explains_its_scores_in_japanese():
    game = nbgames.new_game("newyork", players=3, seed=5)
    rng = random.Random(5)
    while not game.is_over:
        game.play(rng.choice(game.legal_actions()))
    view = NewYorkView(game, seat=None, lang="ja")
    view.refresh()
    assert is_japanese(view.status.value)
    notes = [line for seat in range(3) for line in view.score_notes(seat)]
    assert notes and all(n.startswith("最大建物群") for n in notes)
    assert_japanese([view.status.value, *notes], where="scores")


def test_the_view_follows_the_page_language_by_default():
    game = setup_done()
    with using("ja"):
        view = NewYorkView(game, seat=0)
    assert view.lang == "ja" and is_japanese(view.status.value)
