"""Canvas fonts and label widths, per language.

A canvas is not a page: its text takes the font named in each ``set:font`` op, and the page's
``lang`` does not pick the Japanese glyph forms for it. On a Japanese page the draw lists name a
Japanese font first (``"Noto Sans CJK JP"`` is what Debian's fonts-noto-cjk installs; the others
are the usual Mac and Windows ones), then the generic ``sans-serif``: kanji never fall back to a
Chinese face, and a label's width is that of a known font. English keeps ``sans-serif`` alone.

Python cannot measure text, so `text_width` estimates it from the characters (full-width CJK one
em, Latin letters by DejaVu Sans's widths); labels drawn within a box take a smaller font where
the estimate says so (`fit_size`) and the box's width as the canvas's ``max_width``; the canvas
tests use the estimate to check that labels fit.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from ..i18n import resolve
from .board import Op

JAPANESE_FAMILIES = ('"Noto Sans CJK JP", "Noto Sans JP", "Hiragino Sans", "Hiragino Kaku Gothic ProN", '
                     '"Yu Gothic", Meiryo')
FAMILY = {"en": "sans-serif", "ja": f"{JAPANESE_FAMILIES}, sans-serif"}
_SIZE = re.compile(r"^(?P<head>(?:(?:bold|italic|normal|\d00)\s+)*)(?P<size>\d+(?:\.\d+)?)px\s+(?P<family>.+)$")


def family(lang: str | None = None) -> str:
    """The canvas font stack for a language (the current one by default)."""
    return FAMILY.get(resolve(lang), FAMILY["en"])


def canvas_font(size: float, bold: bool = False, lang: str | None = None) -> str:
    """A canvas ``font`` value: ``"bold 12px <the language's stack>"``."""
    return f"{'bold ' if bold else ''}{size:g}px {family(lang)}"


def localize_fonts(ops: Iterable[Op], lang: str | None = None) -> list[Op]:
    """`ops` with every ``set:font`` that names only ``sans-serif`` given the language's stack
    (a font that names its own family stays as it is)."""
    stack = family(lang)
    out: list[Op] = []
    for op in ops:
        layer, name, args = op
        if name == "set:font" and stack != "sans-serif":
            found = _SIZE.match(str(args[0]))
            if found and found["family"].strip() == "sans-serif":
                op = (layer, name, (f"{found['head']}{found['size']}px {stack}",))
        out.append(op)
    return out


def font_size(font: str) -> tuple[float, bool]:
    """(size in px, bold) of a canvas font value ("bold 12px sans-serif" -> (12.0, True))."""
    found = _SIZE.match(font.strip())
    if not found:
        return 10.0, False
    return float(found["size"]), "bold" in found["head"] or "700" in found["head"]


# Advances in em of DejaVu Sans (what ``sans-serif`` is on Debian, and wider than the Latin of
# the Japanese faces but for J, taken at its Japanese width): Latin labels are estimated close
# to what the browser draws (tests/browser/test_canvas_fonts.py measures them in Chromium).
_LATIN_EM = dict(zip(
    " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~",
    (0.318, 0.401, 0.460, 0.838, 0.636, 0.950, 0.780, 0.275, 0.390, 0.390, 0.500, 0.838, 0.318, 0.361, 0.318,
     0.337, *(0.636,) * 10, 0.337, 0.337, 0.838, 0.838, 0.838, 0.531, 1.000, 0.684, 0.686, 0.698, 0.770, 0.632,
     0.575, 0.775, 0.752, 0.295, 0.600, 0.656, 0.557, 0.863, 0.748, 0.787, 0.603, 0.787, 0.695, 0.635, 0.611,
     0.732, 0.684, 0.989, 0.685, 0.611, 0.685, 0.390, 0.337, 0.390, 0.838, 0.500, 0.500, 0.613, 0.635, 0.550,
     0.635, 0.615, 0.352, 0.635, 0.634, 0.278, 0.278, 0.579, 0.278, 0.974, 0.634, 0.612, 0.635, 0.635, 0.411,
     0.521, 0.392, 0.634, 0.592, 0.818, 0.592, 0.592, 0.525, 0.636, 0.337, 0.636, 0.838), strict=True))


def char_em(ch: str) -> float:
    """A character's advance in em, for the fonts above (full-width: one em)."""
    if ch in _LATIN_EM:
        return _LATIN_EM[ch]
    if unicodedata.east_asian_width(ch) in ("W", "F"):
        return 1.0
    if ch in "·":
        return 0.318
    if ch in "×±−–":
        return 0.838
    return 1.0  # other symbols (★ ♣ ⚑ → …): as wide as a full-width character


def text_width(text: str, size: float, bold: bool = False) -> float:
    """An estimate (rounded up) of the width of `text` at `size` px, in canvas pixels."""
    return sum(char_em(ch) for ch in str(text)) * size * (1.1 if bold else 1.0)


def fit_size(text: str, width: float, size: float, bold: bool = False, smallest: float | None = None) -> float:
    """The font size (at most `size`, at least `smallest`: three quarters of it by default, 8 px
    or more) at which `text` fits in `width`. A label drawn so also passes `width` as the canvas's
    ``max_width``: a font wider than the estimate is squeezed a little, never cut or spilled."""
    smallest = smallest if smallest is not None else max(8.0, round(size * 0.75))
    while size > smallest and text_width(text, size, bold) > width:
        size -= 0.5
    return size


def fit(text: str, width: float, size: float, bold: bool = False) -> str:
    """`text` as it is if it fits in `width`, else cut with "…" so that it does."""
    if text_width(text, size, bold) <= width:
        return text
    while text and text_width(text + "…", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "…"
