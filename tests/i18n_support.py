"""Checking that a text is Japanese: the English words left in it, beyond what stays Latin in
any language (rule ids, move notation, numbers, units and the names a game keeps in Latin)."""

from __future__ import annotations

import re

RULE_OR_NOTATION = re.compile(r"\b(?:[A-Z][A-Z0-9]*-V?\d+[a-z]?|[A-Z]\d{1,2}|[A-Z]{1,3}\d*)\b")
WORD = re.compile(r"[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ'’]+")
ALWAYS = {"VP", "OK", "Voil", "Jupyter", "JupyterLab", "Binder", "nbgames", "ipynb", "html", "json", "px"}


def english_words(text: str, allowed: set[str] | frozenset[str] = frozenset()) -> list[str]:
    """The English words of `text` outside rule ids, notation and the `allowed` names."""
    text = RULE_OR_NOTATION.sub(" ", re.sub(r"<[^>]+>", " ", text))
    return [w for w in WORD.findall(text) if w not in ALWAYS and w not in allowed and w.lower() not in allowed]


def is_japanese(text: str) -> bool:
    """True when `text` has kana or kanji in it."""
    return bool(re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", text))
