"""The one-page rules reference on a real served page: the gallery's Rules link opens it, it
shows every rule of the game and two board pictures (English and Japanese pages), and it prints
on A4 with the navigation hidden and a page per section. A rules page has no board canvas: we
wait for its own class."""

from __future__ import annotations

import re

import pytest

import nbgames
from nbgames.rulebook import rulebook_module

pytestmark = pytest.mark.browser
GALLERY = "/voila/render/index.ipynb"


def open_reference(page, url: str):
    page.goto(url, timeout=60_000)
    reference = page.locator(".nbg-rules-ref")
    reference.wait_for(timeout=60_000)
    return reference


def test_the_gallery_opens_new_yorks_rules_and_every_rule_is_shown(page, server):
    page.goto(server.url + GALLERY, timeout=60_000)
    link = page.locator(".nbg-card[data-game='newyork'] a.nbg-rules-link")
    link.wait_for(timeout=60_000)
    assert link.get_attribute("href") == "newyork/rules.ipynb?lang=en" and link.inner_text() == "Rules"
    link.click()
    reference = page.locator(".nbg-rules-ref")
    reference.wait_for(timeout=60_000)
    assert page.url.endswith("/voila/render/newyork/rules.ipynb?lang=en")
    ids = [r.get_attribute("data-rule") for r in page.locator(".nbg-rules-ref .nbg-rule").all()]
    assert ids == list(rulebook_module("newyork").RULEBOOK["en"])
    fee = page.locator(".nbg-rules-ref .nbg-rule[data-rule='NY-11']").inner_text()
    assert "The eviction fee" in fee and "Park Ave" in fee and "49th St" in fee
    assert "house rule" in page.locator(".nbg-rule[data-rule='NY-4']").inner_text()
    pictures = page.locator(".nbg-rules-figure > svg")
    assert pictures.count() == 2 and pictures.first.bounding_box()["width"] > 300  # the board drawn as SVG
    assert "Broadway" in pictures.first.text_content() and "57th" in pictures.first.text_content()  # SVG: no innerText
    assert page.page_errors == []


@pytest.mark.parametrize("game", ["galopp_royal", "newyork1901", "newyork_city"])
def test_the_japanese_reference_of_each_game_renders(page, server, game):
    reference = open_reference(page, f"{server.url}/voila/render/{game}/rules_ja.ipynb")
    assert reference.get_attribute("lang") == "ja"
    first = next(iter(rulebook_module(game).RULEBOOK["ja"]))
    assert nbgames.rule(first, "ja")["title"] in reference.inner_text()
    assert page.locator(".nbg-rules-ref .nbg-rule").count() == len(rulebook_module(game).RULEBOOK["ja"])
    assert page.page_errors == []


def test_the_reference_prints_on_a4_a_page_per_section_without_its_navigation(page, server):
    reference = open_reference(page, server.url + "/voila/render/newyork/rules_ja.ipynb")
    assert "立ち退き料" in reference.inner_text() and page.locator(".nbg-rules-ref-toc").is_visible()
    page.emulate_media(media="print")
    assert page.locator(".nbg-rules-ref-toc").is_hidden()
    breaks = page.evaluate("() => [...document.querySelectorAll('.nbg-rules-ref-section')]"
                           ".map(s => getComputedStyle(s).breakBefore)")
    assert breaks[0] != "page" and set(breaks[1:]) == {"page"} and len(breaks) == 5
    pdf = page.pdf(format="A4", print_background=False)
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    assert pdf.startswith(b"%PDF") and pages >= len(breaks)
    assert page.page_errors == []
