"""New York City in Japanese: every lesson runs to its end with Japanese titles, prompts, buttons
and verdicts (and still reads English in English); a seeded game's events, score explanations and
the refusals met on the way read in Japanese while a refusal's str() stays English; the board view
built with lang="ja" shows Japanese panels, status, buttons and canvas labels."""

from __future__ import annotations

import random
import re

import pytest
from i18n_support import english_lessons, english_words, is_japanese, lesson_texts, note_refusals

import nbgames
from nbgames.i18n import localize, using
from nbgames.newyork_city import panels
from nbgames.newyork_city.lessons import lessons
from nbgames.newyork_city.teaching import LEARNER, Wish, learner_bids, my_bid, stage, steer
from nbgames.newyork_city.text import event_text
from nbgames.newyork_city.view import NewYorkCityView
from nbgames.ui.board import PIECES, STATIC
from nbgames.ui.i18n import t
from nbgames.ui.lesson import LessonSession

# Names the game keeps in Latin letters in Japanese too (as the rulebook does): the districts.
NAMES = {"Harlem", "Upper", "West", "East", "Side", "Midtown", "Greenwich", "Village", "Lower", "Manhattan"}
# Typed notation a refusal or a button may quote ('use 7 28>14', 'play DD', 'fame none' …).
NOTATION = {"start", "take", "use", "play", "swap", "pass", "done", "hire", "none", "move", "fame", "drop", "back",
            "DD", "DV", "PW", "nonsense"}
ONLY_SIGNS = re.compile(r"[\d\s.,:;+=→✓✗★×·—–\-$#()/|A-Z]*")


def english_left(text: str, allowed: set[str] = NAMES) -> list[str]:
    return english_words(text.replace("'", " "), allowed)


def assert_japanese(texts: list[str], allowed: set[str] = NAMES, where: str = "") -> None:
    """No text keeps an English word beyond `allowed` (district names, notation)."""
    bad = [(text[:90], english_left(text, allowed)) for text in texts
           if text and not ONLY_SIGNS.fullmatch(text) and english_left(text, allowed)]
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
            # a button may be a bare number ("5"); every other text has Japanese in it
            assert all(is_japanese(t) or t.isdigit() for t in texts if t), (lesson.id, texts)
            assert_japanese(texts, NAMES | {"play", "ipynb"}, where=lesson.id)


def test_the_same_lessons_still_read_english_in_english():
    for lesson in english_lessons(lessons):
        assert lesson.title[0].isupper() and " " in lesson.title


def test_a_wrong_move_in_a_lesson_is_refused_in_japanese():
    with using("ja"):
        lesson = next(x for x in lessons() if x.id == "nyc-wilds")
        session = LessonSession(lesson)
        refused = session.submit("play W")  # a wild alone: the engine's refusal
        assert not refused.ok and refused.rule == "NYC-10" and is_japanese(refused.text)
        other = session.submit("hire 14")
        assert not other.ok and is_japanese(other.text)
        assert_japanese([refused.text, other.text], NAMES | NOTATION, "wrong moves")


# -- (b) a seeded random game ---------------------------------------------------------------------
PROBES = ["start 29", "start 1", "take 9", "take 1+2", "take 1:P 2:D", "use 1", "use 3", "use 7 28>14", "use 11 B",
          "use 14 2", "use 33", "use 99", "play P", "play W", "play DD", "play CC", "swap P>P", "swap D>V",
          "pass", "done", "hire 14", "hire 40", "move A", "fame 7 r4>B", "fame 1 r1>F", "drop DV", "back PW",
          "nonsense"]


@pytest.mark.parametrize("players,seed", [(2, 11), (3, 5), (4, 2)])
def test_a_seeded_game_speaks_japanese_to_the_end(players, seed):
    game = nbgames.new_game("newyork_city", players=players, seed=seed)
    rng = random.Random(seed)
    reasons = {}
    while not game.is_over:
        note_refusals(game, rng.sample(PROBES, 5), reasons)
        actions = game.legal_actions()
        plays = [a for a in actions if a.kind in ("play", "use", "take", "fame")]
        game.play(rng.choice(plays if plays and rng.random() < 0.7 else actions))
    events = [event_text(e, "ja") for e in game.events()]
    assert len(events) > 50 and all(is_japanese(e) for e in events)
    assert_japanese(events, where="events")
    english = [event_text(e, "en") for e in game.events()]
    assert not any(is_japanese(e) for e in english) and not any("(s)" in e for e in english)
    lines = [t("score.part" if "count" in part else "score.part_plain", "ja",
               **{k: part.get(k) for k in ("what", "count", "points", "rule")})
             for entry in game.explain_scores() for part in entry["parts"]]
    lines += [localize(part["what"], "ja") for entry in game.explain_scores() for part in entry["parts"]]
    assert lines and all(is_japanese(line) for line in lines)
    assert_japanese(lines, where="score lines")
    assert_japanese([panels.scores_html(game.explain_scores(), "ja", final=True)], where="score panel")
    assert len(reasons) >= 10
    for english_reason, reason in reasons.items():
        assert not is_japanese(english_reason) and english_reason == str(reason), english_reason
        japanese = localize(reason, "ja")
        assert is_japanese(japanese), english_reason
        assert not english_left(japanese, NAMES | NOTATION), (english_reason, japanese)


def test_a_refusal_stays_english_for_python_on_a_japanese_page():
    game = nbgames.new_game("newyork_city", players=2, seed=1)
    with using("ja"):
        refusal = game.refusal("take 1")
        assert refusal is not None and not is_japanese(str(refusal)) and is_japanese(localize(refusal.reason))
        assert str(refusal.reason).startswith("'take 1' cannot be played now")


def test_the_english_event_sentences_and_plurals_read_well():
    game = nbgames.new_game("newyork_city", players=2, seed=3)
    first = [event_text(e, "en") for e in game.events()]
    assert first[0].startswith("Setup (NYC-7): districts ") and not any(is_japanese(e) for e in first)
    assert t("nyc.ev.draw", "en", player="Player 1", count=1) == "Player 1 drew 1 card into the hand."
    assert t("nyc.ev.draw", "en", player="Player 1", count=3) == "Player 1 drew 3 cards into the hand."
    assert t("nyc.ui.fame_left", "en", n=1) == "1 fame tile still hidden"


# -- (c) the board view in Japanese ---------------------------------------------------------------
def canvas_texts(view) -> list[str]:
    return [str(args[0]) for _layer, name, args in view.ops((STATIC, PIECES)) if name == "fill_text"]


def dollar_bid():
    """Seat 0 opens the dollar round holding pairs and a wild (as in the view tests)."""
    return steer(2, Wish(draft="WA"), lambda g: learner_bids(g, "dollar") and not my_bid(g)[1])


def view_texts(view, game) -> list[str]:
    texts = [view.status.value, view.round_line.value, view.players_panel.value, view.idle_info(),
             view.status_what(), *view.hand_chips()]
    texts += [view.seat_facts(s) for s in range(game.players)]
    texts += [view.describe(a) for a in game.legal_actions()]
    texts += [button.description for button in view.actions.children]
    texts += [line for target in view.regions.names for line in view.target_facts(target)]
    texts += [view.target_words(target) for target in view.regions.names]
    return texts


@pytest.mark.parametrize("make", [
    lambda: steer(1, Wish(), lambda g: stage(g) == "start" and g.to_move == LEARNER),
    lambda: steer(2, Wish(), lambda g: stage(g) == "draft" and g.to_move == LEARNER),
    dollar_bid,
    lambda: steer(1, Wish(draft="E", bid_in=("elevator",)), lambda g: stage(g) == "hire" and g.to_move == LEARNER),
    lambda: steer(1, Wish(draft="V", bid_in=("vp",)), lambda g: stage(g) == "fame" and g.to_move == LEARNER),
], ids=["start", "draft", "bid", "hire", "fame"])
def test_the_view_in_japanese_shows_japanese_panels_status_buttons_and_labels(make):
    game = make()
    view = NewYorkCityView(game, seat=0, lang="ja")
    view.refresh()
    assert view.lang == "ja"
    assert is_japanese(view.status.value) and is_japanese(view.round_line.value)
    assert_japanese(view_texts(view, game), NAMES | NOTATION, where="panels")
    labels = canvas_texts(view)
    assert any(is_japanese(label) for label in labels)
    assert_japanese(labels, where="canvas")
    english = NewYorkCityView(game, seat=0, lang="en")
    english.refresh()
    assert not any(is_japanese(x) for x in view_texts(english, game) + canvas_texts(english))


def test_a_refused_click_reads_japanese_in_the_status_line():
    game = dollar_bid()
    view = NewYorkCityView(game, seat=0, lang="ja")
    view.refresh()
    view._on_mouse_down(*view.regions.centre("pool:1"))
    assert "NYC-10" in view.status.value and is_japanese(view.status.value)
    assert_japanese([view.status.value], NAMES | NOTATION, where="status")


def test_a_finished_game_explains_its_scores_in_japanese():
    game = steer(1, Wish(draft="CAV", bid_in=("press", "dollar", "elevator", "acquisition", "vp", "construction")),
                 lambda g: g.is_over)
    assert game.is_over
    view = NewYorkCityView(game, seat=None, lang="ja")
    view.refresh()
    assert "NYC-13" in view.scores.value and is_japanese(view.scores.value)
    assert_japanese([view.scores.value, view.status.value, view.round_line.value], where="scores")


def test_the_view_follows_the_page_language_by_default():
    game = nbgames.new_game("newyork_city", players=2, seed=1)
    with using("ja"):
        view = NewYorkCityView(game, seat=0)
    assert view.lang == "ja"


# -- (d) the notebooks' prose ---------------------------------------------------------------------
@pytest.mark.parametrize("name", ["learn", "play"])
def test_the_notebooks_prose_is_in_both_languages(name):
    import nbformat
    from support import ROOT

    notebook = nbformat.read(ROOT / "notebooks" / "newyork_city" / f"{name}.ipynb", 4)
    for cell in (c for c in notebook.cells if c.cell_type == "markdown"):
        english, _, japanese = cell.source.partition('<div lang="ja">')
        assert english.startswith('<div lang="en">') and japanese, cell.source[:80]
        assert not is_japanese(english) and is_japanese(japanese)
        prose = re.sub(r"\]\([^)]+\)", "]", japanese.replace("Stefan Feld", ""))  # link targets stay
        assert_japanese([prose], NAMES | {"Enter"}, where=name)
        links = re.findall(r"\]\(([^)]+)\)", english)
        assert links and links == re.findall(r"\]\(([^)]+)\)", japanese)


# -- (d) one word for each thing, as seed 004 writes it (issue 26, item 7) --------------------------
def japanese_texts() -> list[str]:
    """Every Japanese text of the game: its catalogue's translations and its notebooks."""
    import json
    from pathlib import Path

    from babel.messages.pofile import read_po

    root = Path(nbgames.__file__).resolve().parent
    with (root / "newyork_city" / "locale" / "ja.po").open("rb") as handle:
        texts = [m.string if isinstance(m.string, str) else " ".join(m.string) for m in read_po(handle) if m.id]
    for notebook in (root.parent / "notebooks" / "newyork_city").glob("*.ipynb"):
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        texts += ["".join(cell["source"]) for cell in cells]
    return texts


def test_japanese_spells_player_one_way_and_calls_a_route_kukan():
    texts = japanese_texts()
    assert len(texts) > 300
    assert not [t for t in texts if "プレーヤー" in t]  # seed 004: プレイヤー
    assert not [t for t in texts if re.search(r"道(?!具)", t)]  # seed 004: 乗り物の区間
    assert any("区間" in t for t in texts) and any("プレイヤー" in t for t in texts)


def test_the_refusal_of_a_single_card_does_not_read_as_if_a_wild_were_required():
    from test_newyork_city_positions import new_rules, set_hand, to_bidding

    rules = to_bidding(new_rules(2, seed=1), 0)
    set_hand(rules, rules.actor, "DDP")
    rule, reason = rules.why_not(rules.parse("play D"))
    assert rule == "NYC-10" and "never needed" in reason and "'play DD'" in reason
    japanese = localize(reason, "ja")
    assert "なくてもかまいません" in japanese and "添えて" not in japanese and "'play DD'" in japanese
