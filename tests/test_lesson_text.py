"""Lesson prose: the little markdown lessons use is rendered, never shown as literal marks
(issue #16: literal `*other*`; a page name that was not a link), and nothing else gets through."""

from __future__ import annotations

from nbgames.ui.lesson import markdown_lite


def test_emphasis_bold_and_links_to_other_pages():
    out = markdown_lite("only *other* chairs, **never** yours. [Try a full game](play.ipynb)!")
    assert "<i>other</i>" in out and "<b>never</b>" in out and "*" not in out
    assert "<a href='play.ipynb' target='_top'>Try a full game</a>" in out


def test_arithmetic_stars_stay_and_markup_is_escaped():
    out = markdown_lite("2 * 3 * 4 = 24, a*b <script>alert(1)</script>")
    assert "2 * 3 * 4" in out and "<i>" not in out
    assert "<script>" not in out and "&lt;script&gt;" in out


def test_only_relative_notebook_links():
    for hostile in ("[x](http://evil.example/a.ipynb)", "[x](javascript:alert(1))", "[x](a.ipynb' onclick='y)"):
        assert "<a " not in markdown_lite(hostile), hostile
