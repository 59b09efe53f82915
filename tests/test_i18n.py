"""Languages (nbgames/i18n.py): every marked message of the kit and of each game has a Japanese
translation with the same placeholders, no catalogue keeps messages the code no longer says,
plurals go through the catalogue, and a refusal reads in English for Python and in Japanese on
a Japanese page."""

from __future__ import annotations

import pytest

import nbgames
from nbgames import i18n
from nbgames.i18n import Msg, extract, localize, msg, ngettext, placeholders, po_path, using

DOMAINS = ["nbgames", "newyork", "galopp_royal", "newyork1901", "newyork_city"]


def catalogue_of(domain: str) -> dict:
    path = po_path(i18n.domains()[domain], "ja")
    assert path.is_file(), f"{domain} has no Japanese catalogue at {path}"
    return {m.id[0] if isinstance(m.id, tuple) else m.id: m for m in i18n._read_po(path) if m.id}


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_message_has_a_japanese_translation_with_the_same_placeholders(domain):
    messages = extract(domain)
    assert messages, f"{domain} marks no message for translation"
    catalogue = catalogue_of(domain)
    missing, wrong = [], []
    for message_id in messages:
        english = message_id if isinstance(message_id, str) else message_id[0]
        entry = catalogue.get(english)
        strings = () if entry is None else entry.string if isinstance(entry.string, tuple) else (entry.string,)
        if not strings or not all(strings) or entry.fuzzy:
            missing.append(english[:60])
            continue
        wanted = placeholders(english) | (placeholders(message_id[1]) if isinstance(message_id, tuple) else set())
        wrong += [(english[:60], s[:60]) for s in strings if placeholders(s) != wanted]
    assert not missing, f"{len(missing)} untranslated in {domain}: {missing[:8]}"
    assert not wrong, f"placeholders differ in {domain}: {wrong[:8]}"


@pytest.mark.parametrize("domain", DOMAINS)
def test_no_catalogue_keeps_a_message_the_code_no_longer_says(domain):
    said = {m if isinstance(m, str) else m[0] for m in extract(domain)}
    stale = [m for m in catalogue_of(domain) if m not in said]
    assert not stale, f"{domain}: run `python -m nbgames.i18n update ja {domain}`; stale: {stale[:5]}"


def test_placeholders_are_the_named_values_a_template_fills():
    assert placeholders("{player} pays {fee:+d} to {owner!s} ({{not}})") == {"player", "fee", "owner"}


def test_a_message_with_values_is_english_for_python_and_japanese_on_a_japanese_page():
    english = "Player {n}"
    text = msg(english, n=3)
    assert isinstance(text, Msg) and text == "Player 3" and str(text) == "Player 3"
    japanese = localize(text, "ja")
    assert japanese != "Player 3" and "3" in japanese and not japanese.startswith("Player")
    with using("ja"):
        assert localize(text) == japanese
    assert localize(text, "en") == "Player 3"


def test_a_refusal_keeps_its_english_sentence_and_reads_in_japanese_on_the_page():
    game = nbgames.new_game("newyork", players=3, seed=1)
    refusal = game.refusal("pick red")
    assert refusal is not None and str(refusal).isascii()
    shown = localize(refusal.reason, "ja")
    assert shown != refusal.reason and not shown.isascii(), shown


def test_plurals_follow_each_languages_rule():
    from nbgames.ui.i18n import t
    assert [t("status.loaded", "en", moves=n) for n in (1, 2)] == [
        "Loaded a saved game (1 move).", "Loaded a saved game (2 moves)."]
    japanese = [t("status.loaded", "ja", moves=n) for n in (1, 2)]
    assert not japanese[0].isascii() and japanese[0].replace("1", "2") == japanese[1]
    assert ngettext("Loaded a saved game ({moves} move).", "Loaded a saved game ({moves} moves).", 5, "ja") \
        == japanese[0].replace("1", "{moves}")


def test_language_codes_are_normalized_and_the_page_language_is_the_default():
    assert i18n.normalize("ja-JP") == "ja" and i18n.normalize("EN_gb") == "en" and i18n.normalize("fr") == "en"
    before = i18n.current()
    try:
        i18n.set_language("ja")
        assert i18n.current() == "ja" and nbgames.ui.i18n.t("button.undo") != "Undo"
        with using("en"):
            assert nbgames.ui.i18n.t("button.undo") == "Undo"
    finally:
        i18n.set_language(before)


@pytest.mark.parametrize("domain", DOMAINS)
def test_no_sentence_a_visitor_reads_is_left_outside_the_catalogue(domain):
    from nbgames.i18n import SHOWN_FILES, _owned_files, untranslated_literals

    folders = i18n.domains()
    left = [(path.name, line, text) for path in _owned_files(domain, folders[domain], folders)
            if (path.name in SHOWN_FILES or path.name.startswith("lessons")) and "serve" not in path.parts
            for line, text in untranslated_literals(path)]
    assert not left, f"{len(left)} English sentences outside the catalogue in {domain}: {left[:6]}"


def test_the_literal_check_catches_a_sentence_and_spares_markup(tmp_path):
    from nbgames.i18n import untranslated_literals

    module = tmp_path / "view.py"
    module.write_text('''"""Docstrings are for programmers."""
from nbgames.i18n import _
CSS = "body { color: red; }"
def f(x):
    """So are these."""
    if x == "not shown":
        raise ValueError("bad option for programmers")
    label = _("Draw pile")
    style = "<div class='nbg-card' style='width:10px'>"
    return "Your turn to play a card"
''')
    assert untranslated_literals(module) == [(10, "Your turn to play a card")]


def test_each_game_reads_its_own_catalogue_first():
    """All catalogues hold English message ids; where two translate the same English differently
    (each after its own seed's words), a game's text uses its own."""
    from nbgames.i18n import _domain_of, gettext

    assert _domain_of("nbgames.newyork1901.text") == "newyork1901" and _domain_of("nbgames.ui.shell") == "nbgames"
    assert _domain_of("pebbles.rules") == "pebbles" and _domain_of("somebody.else") is None
    own = {}
    for domain in DOMAINS:
        for english, entry in catalogue_of(domain).items():
            japanese = entry.string if isinstance(entry.string, str) else entry.string[0]
            own.setdefault(english, {})[domain] = japanese
    differing = {english: by for english, by in own.items() if len(set(by.values()) - {""}) > 1}
    for english, by in differing.items():
        for domain, japanese in by.items():
            if japanese:
                assert gettext(english, "ja", domain) == japanese, (english, domain)


@pytest.mark.parametrize("domain", DOMAINS)
def test_no_translation_spells_player_two_ways(domain):
    """プレーヤー (the seeds of New York and Galopp Royal) or プレイヤー (the newer games' seeds
    and the kit): never both in one sentence."""
    both = [m.id[:60] for m in catalogue_of(domain).values()
            if any("プレーヤー" in s for s in ([m.string] if isinstance(m.string, str) else m.string))
            and any("プレイヤー" in s for s in ([m.string] if isinstance(m.string, str) else m.string))]
    assert not both, both


def test_a_game_page_gives_the_kits_sentences_the_games_word():
    with using("ja"):
        assert i18n.in_game_words("プレイヤー2の手番", game="newyork") == "プレーヤー2の手番"
        assert i18n.in_game_words("プレイヤー2の手番", game="newyork1901") == "プレイヤー2の手番"
        with i18n.playing("galopp_royal"):
            assert i18n.current_game() == "galopp_royal"
            assert i18n.gettext("Player {n}", domain="nbgames") == "プレーヤー{n}"
        assert i18n.gettext("Player {n}", domain="nbgames") == "プレイヤー{n}"
    assert i18n.gettext("Player {n}", "en", "nbgames") == "Player {n}"
