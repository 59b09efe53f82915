"""Languages: English in the source, every other language in gettext catalogues.

English text is written where it is used and is its own message id; a translation lives in a
``.po`` file beside the code that says it — the kit's in ``nbgames/locale/<lang>.po``, each
game's in ``nbgames/<game>/locale/<lang>.po`` — read with Babel on first use.

Marking text for translation::

    _("Draw pile")                                  # translated now, in the current language
    ngettext("{n} card face down", "{n} cards face down", n).format(n=n)
    msg("No pair in your hand names {name}.", name=square)   # English now, translatable later
    N_("a house default")                           # only marked: translated where it is shown

The current language is the page's (`set_language`, or ``with using("ja"):`` around a piece of
work); code that already knows its language passes ``lang=``. `msg` gives an English `str` that
remembers its template and values, so a refusal raised by the engine reads in English for Python
users (``str(error)``) and in the page's language on the page (`localize`).

A page also has a game (`set_game`, or ``with playing("newyork"):``): on it the kit's text takes
the game's word for the terms in `KIT_WORDS` from the game's glossary, so a kit sentence inside
New York's page says プレーヤー as New York's seed does, and プレイヤー on New York City's.

``python -m nbgames.i18n update ja [domain]`` extracts every marked string (and each module-level
``EN`` table of keyed strings) and merges it into the ``.po`` files (a domain is ``nbgames`` for
the kit or a game's name); ``check ja [domain]`` lists what is untranslated.
"""

from __future__ import annotations

import ast
import contextlib
import contextvars
import functools
import gettext as _gettext
import re
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

LANGUAGES: Mapping[str, str] = {"en": "English", "ja": "日本語"}
DEFAULT_LANGUAGE = "en"
PACKAGE = Path(__file__).resolve().parent

_page_language = DEFAULT_LANGUAGE
_override: contextvars.ContextVar[str | None] = contextvars.ContextVar("nbgames_language", default=None)
_page_game: str | None = None
_NO_OVERRIDE = object()
_game_override: contextvars.ContextVar[Any] = contextvars.ContextVar("nbgames_game", default=_NO_OVERRIDE)

# The kit's own words for terms a game may spell its own way: on a game's page the kit's text
# takes the game's word from its glossary (New York's seed writes プレーヤー where the kit,
# like the seeds of the newer games, writes プレイヤー), so no sentence mixes two spellings.
KIT_WORDS: Mapping[str, Mapping[str, str]] = {"ja": {"player": "プレイヤー"}}


# -- the current language -----------------------------------------------------------------------
def normalize(lang: str | None) -> str:
    """A known language code for `lang` ("ja-JP" -> "ja", "EN" -> "en"; unknown -> English)."""
    code = (lang or "").strip().lower().replace("_", "-").split("-")[0]
    return code if code in LANGUAGES else DEFAULT_LANGUAGE


def current() -> str:
    """The language text is shown in now."""
    return _override.get() or _page_language


def resolve(lang: str | None) -> str:
    """`lang` as a known code, or the current language when none is given."""
    return normalize(lang) if lang else current()


def set_language(lang: str) -> str:
    """Make `lang` the page's language (one page per kernel); returns the code used."""
    global _page_language
    _page_language = normalize(lang)
    return _page_language


@contextlib.contextmanager
def using(lang: str | None) -> Iterator[str]:
    """Text made inside the block is in `lang` (None: leave the current language)."""
    token = _override.set(resolve(lang))
    try:
        yield current()
    finally:
        _override.reset(token)


# -- the current game -----------------------------------------------------------------------------
def current_game() -> str | None:
    """The game whose page text is shown for now (None: no game's in particular)."""
    game = _game_override.get()
    return _page_game if game is _NO_OVERRIDE else game


def set_game(game: str | None) -> None:
    """Make `game` the page's game (one page per kernel): its glossary's words are used in the
    kit's text too."""
    global _page_game
    _page_game = game


@contextlib.contextmanager
def playing(game: str | None) -> Iterator[str | None]:
    """Text made inside the block follows `game`'s words (None: the kit's own)."""
    token = _game_override.set(game)
    try:
        yield game
    finally:
        _game_override.reset(token)


@functools.cache
def _game_words(game: str, lang: str) -> tuple[tuple[str, str], ...]:
    """(kit's word, game's word) for each kit word the game's glossary spells otherwise."""
    import json

    folder = domains().get(game)
    path = folder / "glossary.json" if folder is not None else None
    if path is None or not path.is_file():
        return ()
    spelled = {term["en"]: term.get(lang, "") for term in json.loads(path.read_text(encoding="utf-8"))["terms"]}
    return tuple((kit, spelled[en]) for en, kit in KIT_WORDS.get(lang, {}).items()
                 if spelled.get(en) and spelled[en] != kit)


def in_game_words(text: str, lang: str | None = None, game: str | None = None) -> str:
    """`text` with the kit's words in `game`'s spelling (default: the current game's)."""
    game = game or current_game()
    if not game:
        return text
    for kit, own in _game_words(game, resolve(lang)):
        text = text.replace(kit, own)
    return text


# -- translating ----------------------------------------------------------------------------------
def gettext(message: str, lang: str | None = None, domain: str | None = None) -> str:
    """`message` in `lang` (default: the current language); itself where no translation exists.
    `domain` (a game's name, "nbgames" for the kit): its own catalogue is asked first, so two
    games may translate the same English differently (each after its own seed)."""
    lang = resolve(lang)
    if lang == DEFAULT_LANGUAGE:
        return str(message)
    found = _lookup(lang, str(message), domain)
    if isinstance(found, tuple):
        found = found[0]
    return in_game_words(found, lang) if found else str(message)


def _(message: str, lang: str | None = None) -> str:
    """`gettext` in the catalogue of the code that calls it (its game's, else the kit's)."""
    return gettext(message, lang, _domain_of(sys._getframe(1).f_globals.get("__name__", "")))


def ngettext(singular: str, plural: str, n: int, lang: str | None = None, domain: str | None = None) -> str:
    """The plural form of a message for `n` in `lang`, by that language's plural rule."""
    lang = resolve(lang)
    english = singular if n == 1 else plural
    if lang == DEFAULT_LANGUAGE:
        return english
    if domain is None:
        domain = _domain_of(sys._getframe(1).f_globals.get("__name__", ""))
    found = _lookup(lang, singular, domain)
    if not isinstance(found, tuple):
        return english
    index = _plural_rule(lang)(n)
    return in_game_words(found[min(index, len(found) - 1)], lang) or english


def _lookup(lang: str, message: str, domain: str | None) -> str | tuple[str, ...] | None:
    if domain is not None:
        folder = domains().get(domain)
        found = _merged(lang, (folder,)).get(message) if folder is not None else None
        if found:
            return found
    return _catalogue(lang).get(message)


def _domain_of(module: str) -> str | None:
    """The catalogue a module's text belongs to: its game's (by the game's package), the kit's
    for the rest of nbgames, else None (every catalogue)."""
    packages = _packages()
    found = packages.get(module.rpartition(".")[0]) or packages.get(module)
    return found or ("nbgames" if module.split(".")[0] == "nbgames" else None)


def _packages() -> dict[str, str]:
    """{package of a game's rules: the game's name} for every registered game (asked by every
    `msg`: the games' names in registration order, not sorted manifests, key the cache)."""
    from .engine.registry import names

    return _packages_of(names())


@functools.cache  # keyed by the games: one registered later counts
def _packages_of(names: tuple[str, ...]) -> dict[str, str]:
    from .engine.registry import manifest

    out = {}
    for name in names:
        game = manifest(name)
        out[game.package or game.rules_module] = name
    return out


def N_(message: str) -> str:
    """Mark `message` for translation where it is shown (a constant defined before a language is)."""
    return message


class Msg(str):
    """English text that remembers its template and values, to be shown in another language
    later (`localize`). It *is* the English sentence, so it prints, compares and logs as one."""

    template: str
    params: dict[str, Any]
    domain: str | None

    def __new__(cls, template: str, params: Mapping[str, Any], domain: str | None = None):
        self = super().__new__(cls, template.format(**params) if params else template)
        self.template = template
        self.params = dict(params)
        self.domain = domain
        return self

    def __reduce__(self):
        return (Msg, (self.template, self.params, self.domain))


def msg(template: str, /, **params: Any) -> Msg:
    """A translatable sentence with values: English now, any language through `localize` (in
    the catalogue of the code that made it)."""
    return Msg(template, params, _domain_of(sys._getframe(1).f_globals.get("__name__", "")))


def localize(text: Any, lang: str | None = None) -> str:
    """`text` in `lang`: a `Msg` is rebuilt from its translated template (its values localized
    too); any other string is translated if it is a message id, else shown as it is."""
    if isinstance(text, Msg):
        template = gettext(text.template, lang, text.domain)
        values = {k: localize(v, lang) if isinstance(v, str) else v for k, v in text.params.items()}
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError):
            return str(text)
    if isinstance(text, str):
        return gettext(text, lang)
    return str(text)


# -- catalogues -----------------------------------------------------------------------------------
def domains() -> dict[str, Path]:
    """Every folder whose strings form one catalogue: the kit's and each registered game's."""
    from .engine.registry import manifests

    return _domains_of(tuple(m.name for m in manifests()))


@functools.cache  # asked on every lookup: made once per set of registered games
def _domains_of(names: tuple[str, ...]) -> dict[str, Path]:
    found = {"nbgames": PACKAGE}
    for package, name in _packages_of(names).items():
        module = sys.modules.get(package)
        if hasattr(module, "__path__") and getattr(module, "__file__", None):  # a lone module holds none
            found[name] = Path(module.__file__).resolve().parent
    return found


def po_path(folder: Path, lang: str) -> Path:
    return folder / "locale" / f"{lang}.po"


@functools.cache
def _read_po(path: Path) -> Any:
    from babel.messages.pofile import read_po

    with path.open("rb") as handle:
        return read_po(handle, locale=path.stem)


def _catalogue(lang: str) -> dict[str, str | tuple[str, ...]]:
    return _merged(lang, tuple(domains().values()))


@functools.cache
def _merged(lang: str, folders: tuple[Path, ...]) -> dict[str, str | tuple[str, ...]]:
    table: dict[str, str | tuple[str, ...]] = {}
    for folder in folders:
        path = po_path(folder, lang)
        if not path.is_file():
            continue
        for message in _read_po(path):
            if not message.id or message.fuzzy:
                continue
            key = message.id[0] if isinstance(message.id, tuple) else message.id
            value = tuple(message.string) if isinstance(message.string, (tuple, list)) else message.string
            if value and (not isinstance(value, tuple) or all(value)):
                table[key] = value
    return table


@functools.cache
def _plural_rule(lang: str):
    for folder in domains().values():
        path = po_path(folder, lang)
        if path.is_file():
            return _gettext.c2py(_read_po(path).plural_expr)
    return lambda n: 0 if n == 1 else 1


def reload() -> None:
    """Forget the catalogues read so far (after editing a .po file)."""
    _read_po.cache_clear()
    _merged.cache_clear()
    _game_words.cache_clear()
    _plural_rule.cache_clear()


# -- extraction -------------------------------------------------------------------------------------
KEYWORDS = {"_": None, "gettext": None, "N_": None, "msg": None, "ngettext": (1, 2)}
PLACEHOLDER = re.compile(r"(?<!\{)\{([a-zA-Z_][a-zA-Z0-9_]*)(?:[:!][^{}]*)?\}(?!\})")


def placeholders(text: str) -> set[str]:
    """The named values a template fills in: {"name", "fee"} for "{name} costs {fee:+d}"."""
    return set(PLACEHOLDER.findall(text))


def _owned_files(domain: str, folder: Path, all_domains: Mapping[str, Path]) -> list[Path]:
    others = [p for name, p in all_domains.items() if name != domain and p != folder and p.is_relative_to(folder)]
    return sorted(p for p in folder.rglob("*.py") if not any(p.is_relative_to(o) for o in others))


def extract(domain: str, folder: Path | None = None) -> dict[str | tuple[str, str], list[str]]:
    """Every message of a domain: {msgid or (singular, plural): [where, …]}, in source order."""
    all_domains = domains()
    folder = folder or all_domains[domain]
    found: dict[str | tuple[str, str], list[str]] = {}
    for path in _owned_files(domain, folder, all_domains):
        where = path.relative_to(PACKAGE.parent).as_posix()
        for message, line in _messages_in(path.read_text(encoding="utf-8")):
            found.setdefault(message, []).append(f"{where}:{line}")
    return found


def _messages_in(source: str) -> Iterator[tuple[str | tuple[str, str], int]]:
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = node.func.id if isinstance(node.func, ast.Name) else (
                node.func.attr if isinstance(node.func, ast.Attribute) else None)
            if name not in KEYWORDS or not node.args:
                continue
            args = [_constant(a) for a in node.args[:2]]
            if KEYWORDS[name] == (1, 2):
                if args[0] is not None and len(args) > 1 and args[1] is not None:
                    yield (args[0], args[1]), node.lineno
            elif args[0] is not None:
                yield args[0], node.lineno
        elif isinstance(node, (ast.Assign, ast.AnnAssign)) and node in tree.body:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == "EN" for t in targets):
                table = node.value.args[0] if isinstance(node.value, ast.Call) and node.value.args else node.value
                if isinstance(table, ast.Dict):
                    for value in table.values:
                        if isinstance(value, ast.Tuple) and len(value.elts) == 2:  # (singular, plural)
                            forms = [_constant(e) for e in value.elts]
                            if None not in forms:
                                yield (forms[0], forms[1]), value.lineno
                            continue
                        text = _constant(value)
                        if text is not None:
                            yield text, value.lineno


def _constant(node: ast.AST) -> str | None:
    """A string literal (implicitly joined pieces included); None for anything computed."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def update(lang: str = "ja", only: str | None = None) -> dict[str, tuple[int, int]]:
    """Merge the extracted messages into each domain's `lang` catalogue (new ones empty, gone
    ones dropped, translations kept; `only`: one domain); returns {domain: (messages, untranslated)}."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    report = {}
    for domain, folder in domains().items():
        if not folder.is_relative_to(PACKAGE) or only not in (None, domain):
            continue
        messages = extract(domain, folder)
        path = po_path(folder, lang)
        old = _read_po(path) if path.is_file() else None
        catalog = Catalog(locale=lang, domain=domain, project="nbgames", fuzzy=False)
        missing = 0
        for message_id, where in messages.items():
            key = message_id[0] if isinstance(message_id, tuple) else message_id
            before = old.get(key) if old is not None else None
            string = before.string if before is not None else ("", "") if isinstance(message_id, tuple) else ""
            if isinstance(message_id, tuple) and not isinstance(string, (tuple, list)):
                string = (string,)
            missing += not (all(string) if isinstance(string, (tuple, list)) else string)
            locations = [(w.rpartition(":")[0], int(w.rpartition(":")[2])) for w in where]
            catalog.add(message_id, string, locations=locations)
        if not messages and not path.is_file():
            continue
        path.parent.mkdir(exist_ok=True)
        with path.open("wb") as handle:
            write_po(handle, catalog, width=100, sort_output=False, include_previous=False, omit_header=False)
        report[domain] = (len(messages), missing)
    reload()
    return report


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    command = args[0] if args else "check"
    lang = args[1] if len(args) > 1 else "ja"
    only = args[2] if len(args) > 2 else None
    if command == "update":
        for domain, (count, missing) in update(lang, only).items():
            print(f"{domain}: {count} messages, {missing} untranslated")
        return 0
    if command == "check":
        bad = 0
        for domain, folder in domains().items():
            if only not in (None, domain):
                continue
            table = _merged(lang, (folder,))
            for message_id in extract(domain, folder):
                key = message_id[0] if isinstance(message_id, tuple) else message_id
                if key not in table:
                    bad += 1
                    print(f"{domain}: untranslated: {key[:70]!r}")
        print(f"{bad} untranslated")
        return 1 if bad else 0
    print("usage: python -m nbgames.i18n [update|check] [lang] [domain]")
    return 2


if __name__ == "__main__":
    raise SystemExit(main())


# -- text left outside the catalogues -------------------------------------------------------------
PROSE = re.compile(r"[A-Za-z]{2,}[,.:;!?]?\s+[A-Za-z]{2,}")
NOT_SHOWN = {"ValueError", "TypeError", "KeyError", "RuntimeError", "AssertionError", "NotImplementedError",
             "RecordError", "warn", "warning", "debug", "info", "error", "exception", "add_class", "Layout",
             "remove_class", "getattr", "hasattr", "setattr", "isinstance", "startswith", "endswith", "split",
             "join", "replace", "compile", "sub", "match", "search", "findall", "fullmatch", "observe",
             "print", "ArgumentParser", "add_argument", "add_parser", "exit"}
SHOWN_FILES = ("view.py", "shell.py", "panels.py", "drawing.py", "text.py", "teaching.py", "controller.py",
               "lesson.py", "app.py", "gallery.py", "folds.py", "review_panel.py", "rules_panel.py", "layout.py",
               "selection.py", "facts.py", "scoring.py", "strings.py", "i18n.py", "hints.py")


def untranslated_literals(path: Path) -> list[tuple[int, str]]:
    """English sentences in a module that a visitor may read but no catalogue holds: string
    literals with words in them, outside docstrings, translation calls, programmers' errors and
    CSS/HTML markup. (A heuristic: it errs on the side of asking.)"""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        first = body[0] if isinstance(body, list) and body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
            skip.add(id(first.value))  # a docstring
        if isinstance(node, ast.Call):
            name = node.func.id if isinstance(node.func, ast.Name) else (
                node.func.attr if isinstance(node.func, ast.Attribute) else "")
            if name in KEYWORDS or name in NOT_SHOWN or name == "t":
                skip.update(id(n) for arg in [*node.args, *(k.value for k in node.keywords)] for n in ast.walk(arg))
        if isinstance(node, ast.FunctionDef) and node.name in ("__str__", "__repr__", "main"):
            skip.update(id(n) for n in ast.walk(node))  # for Python users and the command line
        if isinstance(node, ast.Subscript) or isinstance(node, ast.Compare):
            skip.update(id(n) for n in ast.walk(node.slice if isinstance(node, ast.Subscript) else node))
        if isinstance(node, ast.Dict):
            skip.update(id(k) for k in node.keys if k is not None)
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node in tree.body:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and (t.id == "EN" or t.id.isupper() and t.id.endswith(("CSS", "ESM", "JS")))
                   for t in targets):
                skip.update(id(n) for n in ast.walk(node.value))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            text = re.sub(r"<[^>]*(>|$)|^[^<>]*>|\{[^{}]*\}|&\w+;|\d+px \S+|[\w-]+='[^']*'?", " ", node.value)
            if PROSE.search(text) and not re.search(r"[\w-]+\s*:\s*[^;]+;", text):  # CSS declarations
                found.append((node.lineno, node.value.strip()[:70]))
    return found
