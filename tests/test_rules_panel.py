"""The Rules panel (search in both languages, show(rule_id) opens a rule), the printable rules
reference and its notebooks, and the gallery's Rules links. Everything shown is HTML-escaped."""

from __future__ import annotations

import html
import math
import re
from pathlib import Path
from xml.etree import ElementTree

import nbformat
import pebbles  # registers the example game (tests/ is on the path): a game without a rulebook
import pytest
from test_ui_notebooks import test_notebook_executes as run_notebook

import nbgames
from nbgames.rulebook import rulebook_module
from nbgames.ui.gallery_page import gallery_html, rules_notebook
from nbgames.ui.rules_panel import (
    RulesPanel,
    board_pictures,
    board_svg,
    linked_html,
    matching,
    reference,
    reference_html,
)

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
GAMES = ["newyork", "galopp_royal", "newyork1901", "newyork_city"]


def details_ids(listing: str) -> list[str]:
    """Rule ids of the folded entries in the panel's list, in order."""
    return re.findall(r"<details class='nbg-rule' data-rule='([^']+)'", listing)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("query", ["fee", "Fee", "手数料", "立ち退き料", "NY-11", "eviction fee"])
def test_the_search_finds_new_yorks_fee_rule_in_either_language(query, lang):
    panel = RulesPanel("newyork", lang)
    panel.search.value = query
    shown = details_ids(panel.listing.value)
    assert "NY-11" in shown and "NY-1" not in shown and len(shown) < len(panel.rule_ids)
    assert html.escape(nbgames.rule("NY-11", lang)["text"]) in panel.listing.value  # in the panel's language


def test_the_panel_lists_every_rule_by_section_and_filters_by_every_word():
    panel = RulesPanel("galopp_royal")
    assert details_ids(panel.listing.value) == panel.rule_ids == list(rulebook_module("galopp_royal").RULEBOOK["en"])
    titles = re.findall(r"<h4 class='nbg-rules-section-title'>([^<]+)</h4>", panel.listing.value)
    assert titles == ["Cards, chairs and coins", "Start-team auctions", "A race", "Between races", "End of the game"]
    assert matching("galopp_royal", "pond") == ["GR-4", "GR-11", "GR-13", "GR-14"]
    assert matching("galopp_royal", "pond last") == ["GR-13", "GR-14"]  # every word must occur
    panel.search.value = "池"
    assert details_ids(panel.listing.value) == ["GR-4", "GR-11", "GR-13", "GR-14"]
    panel.search.value = "no such word"
    assert details_ids(panel.listing.value) == [] and "No rule mentions “no such word”." in panel.listing.value
    panel.search.value = ""
    assert details_ids(panel.listing.value) == panel.rule_ids and "20 of 20 rules" in panel.listing.value


def test_show_opens_a_rule_and_says_so_for_an_id_of_no_rule_here():
    panel = RulesPanel("newyork", "ja")
    assert panel.opened.value == ""
    assert panel.show("NY-11") is True and panel.shown_rule == "NY-11"
    assert "data-rule='NY-11'" in panel.opened.value
    assert html.escape(nbgames.rule("NY-11", "ja")["text"]) in panel.opened.value
    assert panel.show("NY-4") and "ハウスルール" in panel.opened.value and "NY-11" not in panel.opened.value
    assert panel.show("UNDO") is False and panel.shown_rule is None
    assert "UNDO" in panel.opened.value and "NY-4" not in panel.opened.value
    assert panel.show("GR-7") is False  # another game's rule


def test_every_game_has_a_panel_and_a_reference_with_every_rule():
    for game in GAMES:
        ids = list(rulebook_module(game).RULEBOOK["en"])
        for lang in ("en", "ja"):
            assert details_ids(RulesPanel(game, lang).listing.value) == ids
            page = reference_html(game, lang)
            assert re.findall(r"<div class='nbg-rule' data-rule='([^']+)'", page) == ids
            assert f"lang='{lang}'" in page and html.escape(nbgames.rule(ids[-1], lang)["text"]) in page


def test_the_reference_prints_on_a4_with_a_page_per_section_and_no_chrome():
    page = reference_html("newyork1901")
    assert page.count("<section class='nbg-rules-ref-section'") == 4
    style = page[page.index("@media print"):]
    assert "size: A4" in style and "break-before: page" in style and ".nbg-rules-noprint" in style
    assert "nbg-rules-ref-toc nbg-rules-noprint" in page  # the links are not printed
    widget = reference("newyork1901", "ja")
    assert widget.value == reference_html("newyork1901", "ja") and "nbg-rules-reference" in widget._dom_classes


def test_everything_shown_is_escaped(monkeypatch):
    hostile = {"title": "<b>bold</b> & co", "text": "<script>alert('x')</script> 5 < 6",
               "section": "The main round: a turn"}
    monkeypatch.setitem(rulebook_module("newyork").RULEBOOK["en"], "NY-11", hostile)
    panel = RulesPanel("newyork")
    panel.show("NY-11")
    for shown in (panel.listing.value, panel.opened.value, reference_html("newyork")):
        assert "<script>" not in shown and "<b>bold" not in shown
        assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt; 5 &lt; 6" in shown
        assert "&lt;b&gt;bold&lt;/b&gt; &amp; co" in shown
    panel.search.value = "<img src=x onerror=alert(1)>"
    assert "<img" not in panel.listing.value and "&lt;img src=x onerror=alert(1)&gt;" in panel.listing.value
    assert panel.show("<i>NY-11</i>") is False and "<i>" not in panel.opened.value


def test_the_gallery_links_each_game_to_its_rules_page_in_its_language():
    for lang, name in (("en", "rules.ipynb"), ("ja", "rules_ja.ipynb")):
        page = gallery_html(lang)
        for game in GAMES:
            card = re.search(rf"<div class='nbg-card' data-game='{game}'.*?</div>", page).group(0)
            href = re.search(r"class='nbg-rules-link'[^>]*href='([^']+)'", card).group(1)
            assert href == f"{game}/{name}?lang={lang}"
            assert href.partition("?")[0] == rules_notebook(nbgames.manifest(game), lang)
            assert (NOTEBOOKS / href.partition("?")[0]).is_file()
        pebbles_card = re.search(r"<div class='nbg-card' data-game='pebbles'.*?</div>", page).group(0)
        assert "nbg-rules-link" not in pebbles_card  # no rulebook, no link
    assert pebbles.manifest.MANIFEST.name == "pebbles"


@pytest.mark.timeout(300)
@pytest.mark.parametrize("path", [f"{game}/{name}" for game in GAMES for name in ("rules.ipynb", "rules_ja.ipynb")])
def test_the_rules_notebooks_run_and_are_prose_and_one_call(path):
    run_notebook(path)  # headless, no error, shows its widget, prose and a call or two
    nb = nbformat.read(NOTEBOOKS / path, as_version=4)
    assert [cell.cell_type for cell in nb.cells] == ["markdown", "code"]
    other = "rules_ja.ipynb" if path.endswith("/rules.ipynb") else "rules.ipynb"
    assert f"]({other})" in nb.cells[0].source and "](../index.ipynb)" in nb.cells[0].source
    assert nb.metadata["title"].endswith("— ルール" if path.endswith("_ja.ipynb") else "— rules")  # the page's title


def test_a_draw_list_becomes_a_well_formed_svg_picture():
    ops = [(0, "clear", ()), (0, "set:fill_style", ("#E69F00",)), (0, "fill_rects", ([0, 10], [0, 5], 4, 3)),
           (0, "save", ()), (0, "begin_path", ()), (0, "rect", (0, 0, 50, 40)), (0, "clip", ()),
           (0, "translate", (5, 6)), (0, "rotate", (math.pi / 2,)), (0, "set:font", ("bold 12px sans-serif",)),
           (0, "set:text_align", ("center",)), (0, "fill_text", ("<b>A & B</b>", 1, 2)), (0, "restore", ()),
           (1, "set:stroke_style", ("#000",)), (1, "set_line_dash", ([6, 4],)),
           (1, "stroke_circles", ([3, 4], [5, 6], 2)), (1, "stroke_line_segments", ([[(0, 0), (1, 1)]],)),
           (1, "save", ()), (1, "translate", (1, 1))]  # left open: closed by the picture
    svg = board_svg(ops, 60, 40, "a <test>")
    root = ElementTree.fromstring(svg)
    names = [element.tag.split("}")[1] for element in root.iter()]
    assert names.count("rect") == 2 and names.count("circle") == 2 and names.count("polyline") == 1
    text = next(e for e in root.iter() if e.tag.endswith("text"))
    assert text.text == "<b>A & B</b>" and text.get("text-anchor") == "middle" and "bold 12px" in text.get("style")
    assert "translate(5 6)" in svg and "rotate(90)" in svg and "viewBox='0 0 50 40'" in svg
    assert "stroke-dasharray='6,4'" in svg and root.get("aria-label") == "a <test>"


@pytest.mark.parametrize("game", GAMES)
def test_the_reference_shows_the_board_at_the_start_and_at_the_end(game):
    start, end = board_pictures(game, "ja")
    for picture in (start, end):
        ElementTree.fromstring(picture)  # well formed
        assert picture.count("<text") >= 10 and "<figcaption>" in picture
    assert "人のゲームを始めるとき" in start and "終了時のボード" in end and start != end
    assert board_pictures(game, "ja") == (start, end)  # the same pictures every time
    page = reference_html(game, "ja")
    assert start in page and end in page
    assert page.index(end) > page.index(f"<h2>{rulebook_module(game).SECTIONS['ja']['end']}</h2>")
    assert "<figure" not in reference_html(game, "ja", pictures=False)


def test_rule_ids_in_a_sentence_are_marked_with_their_rule_and_the_rest_is_escaped():
    marked = linked_html("Not allowed (NY-12): <you> can't pay (NY-11); UNDO & NY-99 stay text.", "ja")
    assert marked.startswith("Not allowed (<abbr class='nbg-rule-ref' data-rule='NY-12' title='出せない組み合わせ: ")
    assert "&lt;you&gt; can&#x27;t pay (<abbr class='nbg-rule-ref' data-rule='NY-11' title='立ち退き料: " in marked
    assert marked.endswith(">NY-11</abbr>); UNDO &amp; NY-99 stay text.") and marked.count("<abbr") == 2
    assert linked_html("<b>no rule here</b>") == "&lt;b&gt;no rule here&lt;/b&gt;"
