"""The players' rules (nbgames/<game>/rulebook.py, `nbgames.rule`): every rule id the engine can
cite — in its source or in a refusal met while fuzzing — and every rule id of the game's rule file
has an entry in English and Japanese; house resolutions are marked; `rule` falls back and
refuses unknown ids with a sentence."""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path

import pytest
from contract_support import all_cases, illegal_notations, playout, sample_positions, walk

import nbgames
from nbgames.rulebook import cited, rulebook_module, rules_of

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"  # the project's specification (rule files) and the seeds
GAMES = {"newyork": "NY", "galopp_royal": "GR", "newyork1901": "NY1901", "newyork_city": "NYC"}
RULE_FILES = {"newyork": "newyork.md", "galopp_royal": "galopp_royal.md", "newyork1901": "newyork1901.md",
              "newyork_city": "newyork_city.md"}
GENERIC_RULES = {"UNDO"}  # the facade's own refusals (undo, redo, goto), not a game's rule
JUNK = ["", "not a move", "Z9", "bid -1", "pass pass", "🗽"]


def id_pattern(prefix: str) -> re.Pattern:
    """Rule ids of one game: NY-11, NY-12a, NY-V1 (and not NY1901-5 for NY)."""
    return re.compile(rf"\b{prefix}-V?\d+[a-z]?\b")


def cited_in_source(game: str) -> set[str]:
    """Every rule id the game's modules mention (its rulebook aside)."""
    found: set[str] = set()
    for path in (ROOT / "nbgames" / game).glob("*.py"):
        if path.name != "rulebook.py":
            found |= set(id_pattern(GAMES[game]).findall(path.read_text(encoding="utf-8")))
    return found


# The rule files' ids and which are house resolutions ([R]), kept in the repository so the tests
# need nothing beside it; checked against the rule files themselves wherever they are at hand.
SNAPSHOT = json.loads((Path(__file__).parent / "data" / "rule_files.json").read_text(encoding="utf-8"))


def rule_file_index(game: str) -> dict[str, bool]:
    """{rule id: is it a house resolution} of the game's rule file."""
    path = SHARED / "rules" / RULE_FILES[game]
    assert path.is_file() or not os.environ.get("CI"), f"{path} is missing beside the clone under CI"
    if path.is_file():
        index = {rule_id: "[R" in text for rule_id, text in rule_file_blocks(path, game).items()}
        assert index == SNAPSHOT[game], f"{path.name} changed: refresh tests/data/rule_files.json"
    return SNAPSHOT[game]


def rule_file_blocks(path: Path, game: str) -> dict[str, str]:
    """{rule id: its text} of the game's rule file (variants V1… as NY-V1…)."""
    blocks: dict[str, str] = {}
    current = None
    for line in path.read_text(encoding="utf-8").splitlines():
        top = re.match(rf"- ({GAMES[game]}-\d+[a-z]?|V\d+) ", line)
        if top:
            rule_id = top.group(1)
            current = f"{GAMES[game]}-{rule_id}" if rule_id.startswith("V") else rule_id
            blocks[current] = line
        elif current and line.startswith("  "):
            blocks[current] += "\n" + line
        else:
            current = None
    return blocks


def book(game: str):
    module = rulebook_module(game)
    assert module is not None, f"{game} has no rulebook"
    return module


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_id_of_the_rule_file_has_an_entry_in_both_languages(game):
    ids = set(rule_file_index(game))
    assert len(ids) >= 13
    for lang in ("en", "ja"):
        assert set(book(game).RULEBOOK[lang]) == ids, lang


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_id_the_source_cites_has_an_entry_in_both_languages(game):
    cited = cited_in_source(game)
    assert len(cited) >= 10  # the scan finds the engine's citations
    for lang in ("en", "ja"):
        assert cited <= set(book(game).RULEBOOK[lang]), (lang, cited - set(book(game).RULEBOOK[lang]))


def fuzzed_rules(game: str) -> set[str]:
    """Rule ids of refusals met at sampled positions of a random playout of every variant and
    player count: illegal notations (near misses, every kind, at random) and junk text."""
    seen: set[str] = set()
    for case in [c for c in all_cases() if c.game == game]:
        p = playout(case, 0)
        rng = random.Random(f"rulebook/{case.id}")
        plies = sample_positions(p)
        for ply, position in walk(p, plies):
            for text in illegal_notations(p, ply, rng, 12) + JUNK:
                refusal = position.refusal(text)
                if refusal is not None:
                    seen.add(refusal.rule)
    return seen


@pytest.mark.timeout(600)
@pytest.mark.parametrize("game", GAMES)
def test_every_rule_a_refusal_cites_while_fuzzing_has_an_entry(game):
    seen = fuzzed_rules(game) - GENERIC_RULES
    assert len(seen) >= 4, seen  # the fuzzing does meet refusals of several rules
    for lang in ("en", "ja"):
        assert seen <= set(book(game).RULEBOOK[lang]), (lang, seen - set(book(game).RULEBOOK[lang]))
        for rule_id in seen:
            assert nbgames.rule(rule_id, lang)["game"] == game


@pytest.mark.parametrize("game", GAMES)
def test_entries_are_short_filled_and_in_their_sections(game):
    module = book(game)
    assert list(module.SECTIONS["en"]) == list(module.SECTIONS["ja"])
    for lang in ("en", "ja"):
        assert list(module.RULEBOOK[lang]) == list(module.RULEBOOK["en"])  # same order in both
        for rule_id, entry in module.RULEBOOK[lang].items():
            assert set(entry) == {"title", "text", "section"}
            assert entry["title"].strip() and 20 <= len(entry["text"]) <= 1000, rule_id
            assert entry["section"] in module.SECTIONS[lang].values()
        assert sum(len(rules) for rules in rules_of(game, lang).values()) == len(module.RULEBOOK[lang])
    japanese = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
    assert all(japanese.search(e["text"]) for e in module.RULEBOOK["ja"].values())
    assert not any(japanese.search(e["text"]) for e in module.RULEBOOK["en"].values())


@pytest.mark.parametrize("game", GAMES)
def test_house_resolutions_are_marked_as_such(game):
    module = book(game)
    for rule_id in module.RULEBOOK["en"]:
        house = rule_id in module.HOUSE
        assert ("House rule" in module.RULEBOOK["en"][rule_id]["text"]) == house, rule_id
        assert ("ハウスルール" in module.RULEBOOK["ja"][rule_id]["text"]) == house, rule_id
        assert nbgames.rule(rule_id)["house"] is house
    resolved = {rule_id for rule_id, house in rule_file_index(game).items() if house}
    assert resolved <= module.HOUSE, resolved - module.HOUSE


def test_japanese_uses_the_seeds_words():
    seed = SHARED / "seeds" / "000_1485ecf3c660107e.txt"
    seed_text = seed.read_text(encoding="utf-8") if seed.is_file() else None  # beside the repository
    assert seed_text is not None or not os.environ.get("CI"), f"{seed} is missing beside the clone under CI"
    for word, rule_id in (("立ち退き料", "NY-11"), ("最大建物群", "NY-17"), ("準備ラウンド", "NY-4"),
                          ("ストップカード", "NY-16")):
        assert seed_text is None or word in seed_text
        assert word in nbgames.rule(rule_id, "ja")["text"] + nbgames.rule(rule_id, "ja")["title"]


def test_rule_gives_title_text_section_game_and_house():
    fee = nbgames.rule("NY-11")
    assert fee["title"] == "The eviction fee" and fee["game"] == "newyork" and fee["house"] is False
    assert "Park Ave" in fee["text"] and "49th St" in fee["text"] and fee["section"] == "The main round: a turn"
    ja = nbgames.rule("NY-11", lang="ja")
    assert ja["title"] == "立ち退き料" and ja["section"] == "本ラウンド：手番" and ja["game"] == "newyork"
    assert nbgames.rule("NY1901-5")["game"] == "newyork1901" and nbgames.rule("NYC-10")["game"] == "newyork_city"
    assert nbgames.rule("GR-8", "ja")["house"] is True and "rule" in nbgames.__all__


def test_a_missing_language_falls_back_to_english(monkeypatch):
    assert nbgames.rule("GR-7", "fr") == nbgames.rule("GR-7", "en")
    monkeypatch.delitem(book("galopp_royal").RULEBOOK["ja"], "GR-7")
    assert nbgames.rule("GR-7", "ja") == nbgames.rule("GR-7", "en")
    auctions = rules_of("galopp_royal", "ja")["最初のかつぎ手の競り"]  # still listed in its section
    assert [rule_id for rule_id, _ in auctions] == ["GR-6", "GR-7", "GR-8", "GR-9"]


@pytest.mark.parametrize("rule_id, words", [
    ("NY-99", ["New York has no rule 'NY-99'", "NY-11", "NY-V4"]),
    ("NY1901-0", ["New York 1901 has no rule", "NY1901-13"]),
    ("XY-1", ["no game has a rule 'XY-1'", "GR", "NY1901", "NYC"]),
    ("ny-11", ["no game has a rule 'ny-11'"]),
    (11, ["no game has a rule 11"]),
])
def test_an_unknown_rule_id_raises_a_key_error_that_says_which_exist(rule_id, words):
    with pytest.raises(KeyError) as caught:
        nbgames.rule(rule_id)
    message = caught.value.args[0]
    assert all(word in message for word in words), message


def test_cited_finds_the_rule_ids_a_sentence_cites():
    sentence = "Not allowed (NY-12): the fee (NY-11, NY-12a) … GR-7, NY1901-5, NYC-13; not NY-99, UNDO, NY-11 again."
    assert cited(sentence) == ["NY-12", "NY-11", "NY-12a", "GR-7", "NY1901-5", "NYC-13"]
    refusal = nbgames.new_game("newyork", players=3, seed=1).refusal("pick red")
    assert refusal is not None and cited(f"Not allowed ({refusal.rule}): {refusal.reason}")[0] == refusal.rule



def test_a_game_from_a_lone_module_has_no_rulebook_and_breaks_no_other(monkeypatch):
    """A game whose rules live in a top-level module (a test's, a notebook's) has no package to
    hold a rulebook; the other games' rules are still found."""
    import dataclasses
    import sys
    import types

    from nbgames.engine import registry
    pebbles = registry.manifest("pebbles")
    lone = types.ModuleType("lone_game")
    lone.LoneRules = type("LoneRules", (pebbles.rules_class(),), {"__module__": "lone_game"})
    monkeypatch.setitem(sys.modules, "lone_game", lone)
    lone_manifest = dataclasses.replace(pebbles, name="lone", rules="lone_game:LoneRules")
    monkeypatch.setitem(registry._MANIFESTS, "lone", lone_manifest)
    assert rulebook_module("lone") is None
    assert nbgames.rule("NY-11")["game"] == "newyork" and "NY-11" in cited("see NY-11")


@pytest.mark.parametrize("game", GAMES)
def test_the_japanese_rules_come_from_the_games_catalogue(game):
    """rulebook.py holds English marked for translation; the Japanese is in the game's .po like
    every other string of the page, so a missing translation would show English here."""
    from i18n_support import is_japanese

    from nbgames.i18n import extract

    english, japanese = book(game).RULEBOOK["en"], book(game).RULEBOOK["ja"]
    marked = set(extract(game))
    for rule_id, entry in english.items():
        assert entry["text"] in marked and entry["title"] in marked, rule_id
        assert is_japanese(japanese[rule_id]["text"]) and is_japanese(japanese[rule_id]["title"]), rule_id
