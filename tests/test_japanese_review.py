"""A native reviewer's findings on the kit's, New York's and Galopp Royal's Japanese (issue 26,
item 7), each checked where a visitor reads it:

- one spelling of "player" per game: the seeds of New York (000) and Galopp Royal (002) write
  プレーヤー, those of New York 1901 and New York City (003, 004) プレイヤー; the kit's text shown
  in a game's page takes the game's word (from its glossary), so no sentence mixes both;
- the kit's undo refusal names no dice or lots (games without them show it too);
- a wrong lesson answer is not called 「惜しい」 (close) whatever it was;
- Galopp Royal says ダイス (its seed's word), has one Japanese name (its seed's, "Galopp Royal")
  and reads 輿 as 輿（こし） at its first use on each page;
- New York calls "4 or fewer empty squares" (NY-15) the original rules' number, not a house rule;
- score lines count in plain words (「最大建物群（8棟）」), one rule id a line.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from i18n_support import finished_score_panel

import nbgames
from nbgames import i18n
from nbgames.engine.errors import IllegalAction
from nbgames.rulebook import rulebook_module
from nbgames.ui.i18n import EN as KIT_KEYS
from nbgames.ui.i18n import t

ROOT = Path(__file__).resolve().parent.parent
# The seeds' spelling of "player" (000 and 002 write プレーヤー; 003 and 004 プレイヤー).
SPELLING = {"newyork": "プレーヤー", "galopp_royal": "プレーヤー", "newyork1901": "プレイヤー",
            "newyork_city": "プレイヤー"}
OTHER = {"プレーヤー": "プレイヤー", "プレイヤー": "プレーヤー"}
MINE = ("newyork", "galopp_royal")  # the games this review covers (the other two have their own)


def kit_texts() -> list[str]:
    """Every kit text in the current language: each keyed string (filled with sample values) and
    each message of the kit's catalogue."""
    sample = {"n": 2, "player": t("seat.name", n=2), "count": 3, "moves": 4, "ply": 1, "total": 9,
              "players": 3, "seed": 7}
    out = []
    for key in KIT_KEYS:
        out.append(t(key, **sample))
    po = i18n._read_po(i18n.po_path(i18n.domains()["nbgames"], "ja"))
    out += [i18n.gettext(m.id if isinstance(m.id, str) else m.id[0], domain="nbgames") for m in po if m.id]
    return out


def game_catalogue(game: str) -> list[str]:
    po = i18n._read_po(i18n.po_path(i18n.domains()[game], "ja"))
    return [s for m in po if m.id for s in ([m.string] if isinstance(m.string, str) else list(m.string))]


def notebook_japanese(folder: str) -> list[str]:
    """The Japanese prose and titles of a game's notebooks."""
    out = []
    for path in sorted((ROOT / "notebooks" / folder).glob("*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        out += ["".join(cell["source"]) for cell in nb["cells"] if cell["cell_type"] == "markdown"]
        out.append(nb["metadata"].get("title_ja", "") + nb["metadata"].get("title", ""))
    return [text for text in out if re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", text)]


def widget_texts(widget) -> list[str]:
    """Every text a widget tree shows (values, descriptions, placeholders, option labels)."""
    out, todo = [], [widget]
    while todo:
        w = todo.pop()
        for name in ("value", "description", "placeholder", "tooltip"):
            value = getattr(w, name, None)
            if isinstance(value, str):
                out.append(value)
        for option in getattr(w, "options", ()) or ():
            out.append(option[0] if isinstance(option, tuple) else str(option))
        todo += list(getattr(w, "children", ()) or ())
    return out


# -- one spelling of "player" per game ----------------------------------------------------------------
@pytest.mark.parametrize("game", sorted(SPELLING))
def test_the_kits_text_in_a_game_takes_that_games_spelling_of_player(game):
    word = SPELLING[game]
    with i18n.using("ja"), i18n.playing(game):
        texts = kit_texts()
        assert t("seat.name", n=3) == f"{word}3"
    assert not [text for text in texts if OTHER[word] in text], game
    assert sum(word in text for text in texts) >= 6  # seat names, the hot-seat screen, the score head…


def test_without_a_game_the_kit_keeps_its_own_word():
    with i18n.using("ja"), i18n.playing(None):
        assert t("seat.name", n=3) == "プレイヤー3"
        assert "プレーヤー" not in " ".join(kit_texts())


@pytest.mark.parametrize("game", MINE)
def test_new_york_and_galopp_royal_write_player_as_their_seeds_do(game):
    word = SPELLING[game]
    with i18n.using("ja"):
        book = [f"{e['title']} {e['text']}" for e in rulebook_module(game).RULEBOOK["ja"].values()]
    glossary = json.loads((ROOT / "nbgames" / game / "glossary.json").read_text(encoding="utf-8"))
    assert {"en": "player", "ja": word} in [{k: term[k] for k in ("en", "ja")} for term in glossary["terms"]]
    texts = game_catalogue(game) + book + notebook_japanese(game)
    assert sum(word in text for text in texts) >= 5
    assert not [text[:80] for text in texts if OTHER[word] in text]


@pytest.mark.parametrize("game", MINE)
def test_the_rules_page_and_its_pictures_follow_the_games_spelling(game):
    from nbgames.ui.rules_panel import reference_html

    page = reference_html(game, "ja")
    assert OTHER[SPELLING[game]] not in page and SPELLING[game] in page


@pytest.mark.parametrize("game", MINE)
def test_a_japanese_play_page_never_mixes_the_two_spellings(game):
    from nbgames.ui.app import PlayApp

    app = PlayApp(game, players=3, seed=5, lang="ja", seats=["human"] * 3)  # hot seat: every screen shows
    rng = random.Random(5)
    seen = widget_texts(app.widget)
    for _ in range(60):
        if app.game.is_over:
            break
        seen += widget_texts(app.widget)  # the hot-seat screen ("pass the device to …")
        app.controller.reveal()
        seen += widget_texts(app.widget)
        assert app.controller.choose(rng.choice(app.game.legal_actions()))
    word = SPELLING[game]
    assert any(word in text for text in seen)
    assert not [text[:120] for text in seen if OTHER[word] in text]
    if game == "galopp_royal":
        assert not [text[:120] for text in seen if "サイコロ" in text]


# -- the kit's undo refusal ----------------------------------------------------------------------------
def test_the_undo_refusal_names_no_dice_or_lots_in_any_game():
    game = nbgames.new_game("galopp_royal", players=3, seed=4)
    while game.to_move != 0 or "roll" not in [str(a) for a in game.legal_actions()]:
        game.play(game.legal_actions()[0])
    game.play("roll")  # seat 0's own roll revealed its die
    with pytest.raises(IllegalAction) as refused:
        while True:
            game.undo(seat=0)
    reason = refused.value.reason
    assert "revealed something hidden" in str(reason) and "die" not in str(reason) and "lot" not in str(reason)
    for name in SPELLING:
        with i18n.playing(name):
            japanese = i18n.localize(reason, "ja")
        assert "明らかになりました" in japanese
        assert not re.search("サイコロ|ダイス|区画|めくった", japanese), japanese


# -- a wrong lesson answer ----------------------------------------------------------------------------
def test_a_wrong_lesson_answer_is_not_called_close():
    from nbgames.newyork.lessons import lessons
    from nbgames.newyork.view import NewYorkView
    from nbgames.ui.lesson import LessonRunner

    runner = LessonRunner(lessons, lambda game, seat: NewYorkView(game, seat=seat), lang="ja")
    runner.view.click("E5")  # the first lesson asks for F5 (Park Ave × 49th St): a wrong square
    assert not runner.feedback_verdict.ok
    assert "惜しい" not in runner.feedback.value and "正解ではありません" in runner.feedback.value
    tip = re.search(r"<abbr[^>]*title='([^']*)'", runner.feedback.value).group(1)
    assert tip.startswith(nbgames.rule("NY-1", "ja")["title"])  # the rule's hover text is Japanese too
    for domain in ("nbgames", *MINE):
        assert not [text for text in game_catalogue(domain) if "惜し" in text], domain


# -- Galopp Royal's words -----------------------------------------------------------------------------
def test_galopp_royal_has_one_japanese_name_and_says_daisu():
    texts = game_catalogue("galopp_royal") + notebook_japanese("galopp_royal")
    with i18n.using("ja"):
        texts += [f"{e['title']} {e['text']}" for e in rulebook_module("galopp_royal").RULEBOOK["ja"].values()]
    assert not [text[:80] for text in texts if re.search("ギャロップ|ガロップ|ロワイヤル|ロイヤル", text)]
    assert sum("Galopp Royal" in text for text in texts) >= 5
    assert not [text[:80] for text in texts if "サイコロ" in text]
    assert sum("ダイス" in text for text in texts) >= 10


def test_galopp_royal_reads_koshi_at_the_first_use_on_each_page():
    from nbgames.galopp_royal import lessons as gl
    from nbgames.galopp_royal.manifest import MANIFEST

    def first_use(text: str) -> str:
        at = text.index("輿")
        return text[at:at + 5]

    with i18n.using("ja"):
        book = rulebook_module("galopp_royal").RULEBOOK["ja"]
        rules_page = " ".join(f"{e['title']} {e['text']}" for e in book.values())
        first_lesson = gl.lessons()[0]
        pages = {"gallery card": i18n.gettext(MANIFEST.blurb, domain="galopp_royal"),
                 "rules": rules_page, "first lesson": first_lesson.title + first_lesson.intro}
    for path in ("learn.ipynb", "play.ipynb"):
        nb = json.loads((ROOT / "notebooks" / "galopp_royal" / path).read_text(encoding="utf-8"))
        pages[path] = " ".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown"
                               and "輿" in "".join(c["source"]))
    for page, text in pages.items():
        assert first_use(text) == "輿（こし）", (page, first_use(text))


# -- house rules are the rule file's [R] only ---------------------------------------------------------
def test_new_york_calls_the_four_empty_squares_the_seeds_number():
    from nbgames.newyork.lessons_end import lesson_stop
    texts = {}
    for lang in ("en", "ja"):
        with i18n.using(lang):
            lesson = lesson_stop().lesson()  # the runner's model of the public nbgames.Lesson
            game = lesson.start_game()
            step = lesson.steps[0]
            game.play(step.expected(game))
            texts[lang] = " ".join([lesson.intro, step.follow(game), nbgames.rule("NY-15", lang)["text"]])
    assert "house default" not in texts["en"] and "original rules' number" in texts["en"]
    assert "4 is this project's" not in texts["en"]
    assert "元のルール" in texts["ja"]
    assert not re.search(r"4つ(以下)?(という条件)?はハウスルール|4は本プロジェクト", texts["ja"])
    data = json.loads((ROOT / "nbgames" / "newyork" / "data.json").read_text(encoding="utf-8"))
    assert "stop_trigger_empty_squares" not in data["house_resolutions"]


# -- score lines ------------------------------------------------------------------------------------------
def test_new_york_score_lines_count_in_plain_words_with_one_rule_id():
    app, _, lines = finished_score_panel("newyork", 3, seed=3, lang="ja", moves_seed=1)
    tips = re.findall(r"<abbr[^>]*title='([^']*)'", app.controller.scores.value)
    assert tips and all(tip.startswith(nbgames.rule("NY-17", "ja")["title"]) for tip in tips)  # not English
    group = [line for line in lines if line.startswith("最大建物群（")]
    assert len(group) == 3 and all(re.fullmatch(r"最大建物群（\d+棟）：\d+ポイント \[NY-17\]", g) for g in group), group
    assert any(re.fullmatch(r"その他の建物（\d+棟）：\d+ポイント \[NY-17\]", line) for line in lines)
    assert any(re.fullmatch(r"チップ（\d+枚）：\d+ポイント \[NY-17\]", line) for line in lines)
    assert all(line.count("NY-17") <= 1 for line in lines)
    with i18n.using("en"):
        english = t("ny.score.largest_group", count=8)
    assert english == "largest group (8 pieces)"


def test_the_kits_score_line_has_a_counter():
    with i18n.using("ja"):
        line = t("score.part", what="ビル", count=9, points=18, rule="X-1")
    assert line.startswith("ビル（9") and "（9）" not in line
