"""The players' rules: every rule id a refusal, a lesson or a score line cites, in plain words.

Each game keeps its own text in ``nbgames/<game>/rulebook.py`` (found by convention: the package
of the manifest's rules class + ``.rulebook``) in English marked for translation, its Japanese in
the game's gettext catalogue like every other string, read as ``RULEBOOK`` {lang: {rule_id:
{"title", "text", "section"}}}, ``SECTIONS`` {lang: {key: section title}} in reading order and
``HOUSE`` (the ids whose text holds one of this project's house resolutions). `rule` reads them for Python users and
for the widgets alike.

>>> import nbgames
>>> nbgames.rule("NY-11")["title"]
'The eviction fee'
"""

from __future__ import annotations

import functools
import importlib
import re
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

from .engine.registry import manifest, manifests
from .i18n import LANGUAGES, gettext

DEFAULT_LANGUAGE = "en"
Entry = tuple[str, str, str]  # section key, English title, English text (both marked N_)


class ByLanguage(Mapping):
    """{lang: …} for every language of the project, each made on first use from English text
    marked for translation (the Japanese is in the game's gettext catalogue)."""

    def __init__(self, make: Callable[[str], dict]):
        self._make = make
        self._made: dict[str, dict] = {}

    def __getitem__(self, lang: str) -> dict:
        if lang not in LANGUAGES:
            raise KeyError(lang)
        if lang not in self._made:
            self._made[lang] = self._make(lang)
        return self._made[lang]

    def __iter__(self):
        return iter(LANGUAGES)

    def __len__(self) -> int:
        return len(LANGUAGES)


def sections(titles: Mapping[str, str]) -> ByLanguage:
    """A game's SECTIONS {lang: {key: title}} in reading order, from {key: English title}."""
    return ByLanguage(lambda lang: {key: gettext(title, lang) for key, title in titles.items()})


def build(sections: Mapping[str, Mapping[str, str]], entries: Mapping[str, Entry]) -> ByLanguage:
    """A game's RULEBOOK {lang: {rule_id: {title, text, section}}} from its compact entries
    {rule_id: (section key, English title, English text)}."""
    return ByLanguage(lambda lang: {
        rule_id: {"title": gettext(title, lang), "text": gettext(text, lang), "section": sections[lang][section]}
        for rule_id, (section, title, text) in entries.items()})


def rulebook_module(game: str) -> ModuleType | None:
    """A game's rulebook module (None if the game has none)."""
    package = manifest(game).package
    if not package:  # a game defined in a lone module (a test's, a notebook's) has no rulebook
        return None
    module = package + ".rulebook"
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name != module:
            raise
        return None


def rules_of(game: str, lang: str = DEFAULT_LANGUAGE) -> dict[str, list[tuple[str, dict[str, Any]]]]:
    """The game's rules in reading order: {section title: [(rule id, rule(rule_id, lang)), …]}."""
    book = rulebook_module(game)
    if book is None:
        return {}
    sections = book.SECTIONS.get(lang, book.SECTIONS[DEFAULT_LANGUAGE])
    key_of = {title: key for titles in book.SECTIONS.values() for key, title in titles.items()}
    out: dict[str, list[tuple[str, dict[str, Any]]]] = {title: [] for title in sections.values()}
    for rule_id in book.RULEBOOK[DEFAULT_LANGUAGE]:
        entry = rule(rule_id, lang)  # an entry that fell back to English still goes in its section
        out[sections[key_of[entry["section"]]]].append((rule_id, entry))
    return {title: rules for title, rules in out.items() if rules}


def _games_by_rule() -> dict[str, str]:
    """Every rule id of every game with a rulebook, to its game."""
    return _index(tuple(m.name for m in manifests()))


@functools.cache
def _index(games: tuple[str, ...]) -> dict[str, str]:  # keyed by the games: one registered later counts
    out: dict[str, str] = {}
    for name in games:
        book = rulebook_module(name)
        if book is not None:
            out.update(dict.fromkeys(book.RULEBOOK[DEFAULT_LANGUAGE], name))
    return out


RULE_ID = re.compile(r"\b[A-Z][A-Z0-9]*-V?\d+[a-z]?\b")


def cited(text: str) -> list[str]:
    """The rule ids a sentence cites that some game's rules define, in order, each once:
    "Not allowed (NY-12): … see NY-11" -> ["NY-12", "NY-11"] (for making them clickable)."""
    known = _games_by_rule()
    return list(dict.fromkeys(m for m in RULE_ID.findall(text) if m in known))


def prefix(rule_id: str) -> str:
    """"NY" for "NY-11" and "NY-V1", "NY1901" for "NY1901-5"."""
    return rule_id.rpartition("-")[0]


def rule(rule_id: str, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """Rule `rule_id` ("NY-11", "GR-7" …) for players: {title, text, section, game, house}.

    A language without this rule falls back to English; an unknown id raises KeyError saying
    which ids exist.
    """
    known = _games_by_rule()
    if not isinstance(rule_id, str) or rule_id not in known:
        raise KeyError(_unknown(rule_id, known))
    game = known[rule_id]
    book = rulebook_module(game)
    entry = book.RULEBOOK.get(lang, {}).get(rule_id) or book.RULEBOOK[DEFAULT_LANGUAGE][rule_id]
    return {**entry, "game": game, "house": rule_id in book.HOUSE}


def _unknown(rule_id: object, known: Mapping[str, str]) -> str:
    games = {prefix(r): g for r, g in known.items()}
    asked = prefix(rule_id) if isinstance(rule_id, str) else ""
    if asked in games:
        ids = [r for r in known if prefix(r) == asked]
        return f"{manifest(games[asked]).title} has no rule {rule_id!r}; its rules are {', '.join(ids)}"
    return (f"no game has a rule {rule_id!r}: rule ids look like NY-11, starting with one of "
            f"{', '.join(sorted(games))}")
