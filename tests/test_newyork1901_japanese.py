"""New York 1901 in Japanese: every lesson runs to its end with Japanese titles, prompts, buttons
and verdicts (and still reads English in English); a seeded game's events, score lines and the
refusals met on the way read in Japanese while a refusal's str() stays English; the board view
built with lang="ja" shows Japanese panels, status and canvas labels."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from i18n_support import english_lessons, english_words, finished_score_panel, is_japanese, lesson_texts, note_refusals

import nbgames
from nbgames import i18n
from nbgames.i18n import localize, using
from nbgames.newyork1901.lessons import lessons
from nbgames.newyork1901.rulebook import RULEBOOK
from nbgames.newyork1901.teaching import position_game
from nbgames.newyork1901.text import event_text, score_line
from nbgames.newyork1901.view import NewYork1901View
from nbgames.ui.board import PIECES, STATIC
from nbgames.ui.lesson import LessonSession

# Names the game keeps in Latin letters in Japanese too (as the seed and the rulebook do): the
# districts, the avenues, the legendaries and the challenge cards.
NAMES = {"Greenwich", "Gramercy", "Midtown", "Five", "Points", "Bowery", "Broadway", "Wall", "Pine", "Nassau",
         "Cedar", "St", "Flatiron", "Woolworth", "Chrysler", "Empire", "Gold", "Tycoon", "Master", "Architect",
         "Prestige", "Bronze", "Baron", "Generation", "King"}
# Typed notation a refusal may quote ('lot C4', 'character sky', 'end' …).
NOTATION = {"lot", "demolish", "recall", "boom", "shift", "grab", "end", "character", "sky"}
TILE_OR_PLACEMENT = re.compile(r"(?<![A-Za-z0-9])(?:[bsg][A-Z]\d|\w+@[A-Z]\d+r\d+m?)(?![A-Za-z0-9])")


def english_left(text: str, allowed: set[str] = NAMES) -> list[str]:
    """English words of a Japanese text beyond names, tile names and placements ("bO4@E1r0")."""
    return english_words(TILE_OR_PLACEMENT.sub(" ", text).replace("'", " "), allowed)


def assert_japanese(texts: list[str], allowed: set[str] = NAMES, where: str = "") -> None:
    bad = [(t[:80], english_left(t, allowed)) for t in texts
           if t and not re.fullmatch(r"[\d\s.,:+→✓✗★×·—–-]*", t)
           and (not is_japanese(t) and english_left(t, allowed) or is_japanese(t) and english_left(t, allowed))]
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
            # a button may be a district's name ("Bowery"); every other text has Japanese in it
            assert all(is_japanese(t) or t in NAMES for t in texts if t), (lesson.id, texts)
            assert_japanese(texts, where=lesson.id)


def test_the_same_lessons_still_read_english_in_english():
    for lesson in english_lessons(lessons):
        assert lesson.title[0].isupper() and " " in lesson.title


def test_a_wrong_move_in_a_lesson_is_refused_in_japanese():
    with using("ja"):
        lesson = next(x for x in lessons() if x.id == "ny1901-build")
        session = LessonSession(lesson)
        refused = session.submit("gR6@E1r0")  # gold is locked at 0 VP: the engine's refusal
        assert not refused.ok and refused.rule == "NY1901-5" and is_japanese(refused.text)
        other = session.submit("end")
        assert not other.ok and is_japanese(other.text)
        assert_japanese([refused.text, other.text], NAMES | NOTATION, "wrong moves")


# -- (b) a seeded random game ---------------------------------------------------------------------
PROBES = ["lot A1", "lot M13", "character sky", "boom", "shift", "end", "pass", "grab A4", "recall C4",
          "demolish D4 sO4@D4r0", "gR6@A1r0", "Empire@E5r0", "bI2@H7r1", "sI2@C3r0", "bO4@A1r0", "nonsense"]


@pytest.mark.parametrize("players,seed", [(2, 11), (3, 5)])
def test_a_seeded_game_speaks_japanese_to_the_end(players, seed):
    game = nbgames.new_game("newyork1901", players=players, seed=seed)
    rng = random.Random(seed)
    reasons = {}
    while not game.is_over:
        note_refusals(game, rng.sample(PROBES, 4), reasons)
        actions = game.legal_actions()
        builds = [a for a in actions if a.kind in ("build", "demolish")]
        game.play(rng.choice(builds if builds and rng.random() < 0.7 else actions))
    events = [event_text(e, "ja") for e in game.events()]
    assert len(events) > 20 and all(is_japanese(e) for e in events)
    assert_japanese(events, where="events")
    lines = [score_line(part, "ja") for entry in game.explain_scores() for part in entry["parts"]]
    assert lines and all(is_japanese(line) for line in lines)
    assert_japanese(lines, where="score lines")
    assert len(reasons) >= 8
    for english, reason in reasons.items():
        assert not is_japanese(english) and english == str(reason), english
        japanese = localize(reason, "ja")
        assert is_japanese(japanese), english
        assert not english_left(japanese, NAMES | NOTATION | {"nonsense"}), (english, japanese)
    with using("ja"):
        refusal = nbgames.new_game("newyork1901", players=2, seed=1).refusal("boom")
        assert refusal is not None and not is_japanese(str(refusal)) and is_japanese(localize(refusal.reason))


def test_the_english_event_sentences_are_unchanged():
    game = nbgames.new_game("newyork1901", players=2, seed=3, options={"characters": "deal"})
    first = [event_text(e, "en") for e in game.events()]
    assert first[0].startswith("Avenue bonus cards: ") and first[1].startswith("Open market: ")
    assert re.search(r"Open market: (orange|sky|green|yellow)[23]", first[1])
    assert "was dealt the" in first[2] and not any(is_japanese(e) for e in first)


# -- (c) the board view in Japanese ---------------------------------------------------------------
def canvas_texts(view) -> list[str]:
    return [args[0] for _layer, name, args in view.ops((STATIC, PIECES)) if name == "fill_text"]


def test_the_view_in_japanese_shows_japanese_panels_status_and_labels():
    game = position_game([{"lots": ["E1", "E2"]}, {}], market=["orange2", "orange3", "sky2", "yellow2"])
    view = NewYork1901View(game, seat=0, lang="ja")
    view.refresh()
    assert view.lang == "ja"
    assert is_japanese(view.status.value) and is_japanese(view.players_panel.value)
    panels = [view.status.value, view.players_panel.value, view.idle_info(), *view.seat_facts(0).split("\n")]
    panels += [view.describe(a) for a in game.legal_actions()]
    targets = [f"{chr(65 + r)}{c + 1}" for r in range(13) for c in range(13)] + list(view.regions.names)
    panels += [line for target in targets for line in view.target_facts(target)]
    assert_japanese(panels, where="panels")
    labels = canvas_texts(view)
    assert any(is_japanese(t) for t in labels)
    assert_japanese(labels, where="canvas")
    view.click("tile:gR6")  # a locked tile: the status line says why, in Japanese
    assert "NY1901-5" in view.status.value and is_japanese(view.status.value)
    assert_japanese([view.status.value], where="status")
    english = NewYork1901View(game, seat=0, lang="en")
    english.refresh()
    assert not is_japanese(english.status.value) and not any(is_japanese(t) for t in canvas_texts(english))


def test_a_finished_game_explains_its_scores_in_japanese():
    game = nbgames.new_game("newyork1901", players=2, seed=5, options={"characters": "deal"})
    rng = random.Random(5)
    while not game.is_over:
        actions = game.legal_actions()
        builds = [a for a in actions if a.kind == "build"]
        game.play(rng.choice(builds or actions))
    view = NewYork1901View(game, seat=None, lang="ja")
    view.refresh()
    assert "NY1901-10" in view.scores.value and is_japanese(view.scores.value)
    assert_japanese([view.scores.value], where="scores")


def test_the_view_follows_the_page_language_by_default():
    game = position_game(market=["orange2", "orange3", "sky2", "yellow2"])
    with using("ja"):
        view = NewYork1901View(game, seat=0)
    assert view.lang == "ja"


# -- (b) a native reviewer's findings (issue 26, item 7) ---------------------------------------------
ROOT = Path(__file__).resolve().parent.parent


def catalogue_japanese() -> list[str]:
    po = i18n._read_po(i18n.po_path(i18n.domains()["newyork1901"], "ja"))
    return [s for m in po if m.id for s in ([m.string] if isinstance(m.string, str) else list(m.string))]


def notebook_prose(lang: str) -> list[str]:
    """The prose of New York 1901's notebooks in `lang` (each markdown cell holds both languages)."""
    out = []
    for path in sorted((ROOT / "notebooks" / "newyork1901").glob("*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "markdown":
                text = "".join(cell["source"])
                parts = re.split(r'<div lang="(en|ja)">', text)
                out += [body for tag, body in zip(parts[1::2], parts[2::2], strict=True) if tag == lang]
                if len(parts) == 1 and (lang == "ja") == is_japanese(text):
                    out.append(text)
    return out


def japanese_texts() -> list[str]:
    book = [f"{e['title']} {e['text']}" for e in RULEBOOK["ja"].values()]
    return catalogue_japanese() + book + notebook_prose("ja")


def test_ny1901_8_names_each_action_card_once():
    text = nbgames.rule("NY1901-8", "ja")["text"].partition("ハウスルール")[0]  # the house rule names one again
    for card in ("建築ブーム", "市場変更", "土地収奪"):
        assert text.count(card) == 1, (card, text)
    assert not re.search(r"(\w+)[(（]\1[)）]", "\n".join(japanese_texts()))  # no 「X(X)」 anywhere


def glossary_words() -> list[dict]:
    """New York 1901's glossary terms: English, Japanese and whether the seed uses that word."""
    glossary = json.loads((ROOT / "nbgames" / "newyork1901" / "glossary.json").read_text(encoding="utf-8"))
    return [{k: t[k] for k in ("en", "ja", "seed")} for t in glossary["terms"]]


def test_player_is_written_as_the_seed_writes_it():
    texts = japanese_texts()
    assert not [t[:60] for t in texts if "プレーヤー" in t]
    assert sum("プレイヤー" in t for t in texts) >= 10
    assert {"en": "player", "ja": "プレイヤー", "seed": True} in glossary_words()


def test_a_cell_is_a_space_as_the_seed_says():
    texts = japanese_texts()
    assert not [t[:60] for t in texts if "マス" in t.replace("マスター", "")]  # not マスターアーキテクト
    assert sum("スペース" in t for t in texts) >= 15
    assert {"en": "cell", "ja": "スペース", "seed": True} in glossary_words()
    assert "隣接する" in nbgames.rule("NY1901-6", "ja")["text"]  # the seed's 隣接スペース


def test_the_seeds_numbers_are_not_called_house_rules():
    """Only what the rule file marks [R] is a house rule or default: the end trigger's 4 tiles and
    3 market cards, the counts of the pieces and the challenges' points are the seed's."""
    english = [str(m) for m in extract_texts("en")] + notebook_prose("en")
    assert not [t[:80] for t in english if "house default" in t.lower()]
    assert not [t[:80] for t in japanese_texts() if "ハウスの既定値" in t or "既定値" in t]
    end = next(lesson for lesson in lessons() if lesson.id == "ny1901-end")
    with using("ja"):
        assert "元のルールの数" in localize(end.intro, "ja")
    assert "original rules'" in str(end.intro)
    for rule_id in ("NY1901-9", "NY1901-10", "NY1901-11", "NY1901-12"):  # their numbers are the seed's
        for lang, word in (("en", "House rule"), ("ja", "ハウスルール")):
            text = nbgames.rule(rule_id, lang)["text"]
            house = text.partition(word)[2]
            assert not re.search(r"\d", house), (rule_id, lang, house)
    data = json.loads((ROOT / "nbgames" / "newyork1901" / "data.json").read_text(encoding="utf-8"))
    for key in ("end", "challenges"):
        assert "original rules'" in data["house_resolutions"][key], key


def extract_texts(lang: str) -> list[str]:
    """The game's rulebook in `lang` and (English) its marked messages."""
    book = [f"{e['title']} {e['text']}" for e in RULEBOOK[lang].values()]
    if lang != "en":
        return book
    return book + [m if isinstance(m, str) else m[0] for m in i18n.extract("newyork1901")]


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_score_lines_count_in_plain_words_with_one_rule_id(lang):
    app, table, lines = finished_score_panel("newyork1901", 3, seed=3, lang=lang, moves_seed=1)
    lines = [line for line in lines if "NY1901-" in line]
    assert len(lines) >= 3 * 5 and all(len(re.findall(r"NY1901-\d+", line)) == 1 for line in lines), lines
    if lang == "ja":
        buildings = [line for line in lines if line.startswith("ビル（")]
        assert len(buildings) == 3 and all(re.fullmatch(r"ビル（\d+棟）：\d+点 \[NY1901-5\]", b) for b in buildings)
        assert any(re.fullmatch(r"未使用のアクションカード（\d+枚）：\d+点 \[NY1901-11\]", line) for line in lines)
        assert any(re.fullmatch(r"\S+( St)?の大通りボーナス（触れているビル\d+棟）：\d+点 \[NY1901-10\]", line)
                   for line in lines)
    else:
        assert any(re.fullmatch(r"buildings \(\d+ standing\): \d+ VP \[NY1901-5\]", line) for line in lines)
    assert "None" not in table and "→" not in table
    panel = NewYork1901View(app.game, seat=None, lang=lang)
    panel.refresh()
    rows = re.findall(r"<li>([^<]*)</li>", panel.scores.value)
    assert rows and all(len(re.findall(r"NY1901-\d+", row)) == 1 and "None" not in row for row in rows), rows


@pytest.mark.parametrize("challenge,words", [
    ("gold_tycoon", "地区）"), ("master_architect", "長方形・正方形以外のビル"), ("bronze_baron", "ブロンズのビル"),
    ("generation_king", "技術力"),
])
def test_every_challenges_score_line_has_its_own_counter(challenge, words):
    part = {"rule": "NY1901-12", "what": challenge, "count": 2, "points": 6}
    line = score_line(part, "ja")
    assert words in line and "2" in line and "NY1901" not in line, line
    assert "NY1901" not in score_line(part, "en") and "(2 " in score_line(part, "en")


@pytest.mark.parametrize("lang,words", [("en", "Lot A1 can be played"), ("ja", "区画 A1 には")])
def test_a_lot_clicked_two_ways_is_named_in_words_not_as_a_target(lang, words):
    game = position_game([{"lots": ["E1", "E2"]}, {}], market=["orange2", "orange3", "sky2", "yellow2"])
    view = NewYork1901View(game, seat=0, lang=lang)
    view.on_choose(lambda action: None)
    view.click("A1")  # acquire or Land Grab
    assert words in view.status.value and "lot:" not in view.status.value, view.status.value
    shown = view.how_to_play(game.parse("grab A1"))[1]
    assert "。 " not in shown and "lot:" not in shown, shown
    assert view.target_words("C3") == ("Cell C3" if lang == "en" else "スペース C3")
