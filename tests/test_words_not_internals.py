"""Words, not internals (issue 27 item 4): what a page says reads as words in both languages.

Whole seeded games of all four games are played through the real play page's Python objects
(`PlayController` and the game's view, every seat human, hot seat revealed), and every word the
page would show is gathered: the status line, the player strip, the hand, the information panel
of every board target, the "which way?" question, refusals of targets that play nothing, every
button and the list of legal moves (`describe` of every legal action), the score table, and every
line of the event log. None of it may show `None`, raw notation (`kind:arg` target names,
placements with `@`, fame routes like `r5>A`), `+0`, a word said twice in a row, a doubled
prefix ("Right: Right:"), "1 points"-style plurals or "a orange". The moves-played line is
notation on purpose (marked `nbg-notation`, the same in every language) and is left out.

Fast (Python only, no browser): ~2 s per game and language.
"""

from __future__ import annotations

import html
import random
import re
import time

import ipywidgets as widgets
import pytest

import nbgames
from nbgames.ui.controller import PlayController

LANGS = ("en", "ja")
# Each game with 4 seats in both languages, and with fewer seats (other boards, other rules) in English.
NAMES = ("newyork", "galopp_royal", "newyork1901", "newyork_city")
GAMES = [(name, 4, 3, lang) for name in NAMES for lang in LANGS] + [
    ("newyork", 2, 5, "en"), ("galopp_royal", 3, 5, "en"), ("newyork1901", 2, 5, "en"), ("newyork_city", 2, 5, "en")]
SAMPLES = 16  # positions per game at which every word is read (plus the end)

TAG = re.compile(r"<[^>]+>")
NOTATION_HTML = re.compile(r"<(div|span)[^>]*nbg-notation[^>]*>.*?</\1>", re.S)

# What must never reach a reader. Rule ids ("NY-11") are words here: they open the rule.
PATTERNS = {
    "None": re.compile(r"\bNone\b"),
    "a +0 change": re.compile(r"(?<![\d.])\+0(?![\d.,])"),
    "a target's internal name (kind:arg)": re.compile(
        r"\b(?:lot|tile|market|window|pair|hand|reserve|char|pool|district|route|fame|button|seat|chair)"
        r":[A-Za-z0-9]"),
    "an engine key (snake_case)": re.compile(r"\b[a-z]+_[a-z_]+\b"),
    "a quoted move's notation": re.compile(
        r"['‘「](?:take|play|swap|use|hire|move|fame|start|drop|back|done|pass|lot|recall|grab|demolish|bid|"
        r"scheme|exchange|arrange|roll|noplay)\b[^'’」]*['’」]"),
    "a placement's notation (@)": re.compile(r"[A-Za-z0-9*]@[A-Z*]"),
    "a route's notation (r5>A)": re.compile(r"\br\d+>[A-Z]\b"),
    "a word said twice": re.compile(r"\b([^\W\d_]{2,})\s+\1\b", re.I),
    "a doubled prefix": re.compile(r"^(\w[\w ]{0,20})\b[^\n]{0,30}: \1:"),
    "a wrong plural": re.compile(
        r"(?<![\w.,])1 (?:points|coins|chips|moves|cards|buildings|tiles|steps|spaces|workers|lots|dollars|"
        r"districts|players|pieces)\b"),
    "a rule inside a rule's brackets": re.compile(r"\([A-Z0-9]+-\d+ \(\d+\)\)"),
    "a formula": re.compile(r"\b(?:min|max)\("),
    "a/an": re.compile(r"\ba (?:[aeiAEI]|o(?!ne)|O(?!ne)|u(?![ns]e|ni))"),
}


def plain(value: str) -> str:
    """An HTML panel's text, one line per block, the notation line left out."""
    return html.unescape(TAG.sub("\n", NOTATION_HTML.sub("", value)))


def widget_words(widget, out: list[str]) -> None:
    """Every text the widget tree shows (hidden boxes skipped): labels, HTML, buttons, options."""
    layout = getattr(widget, "layout", None)
    if layout is not None and getattr(layout, "display", None) == "none":
        return
    if isinstance(widget, (widgets.HTML, widgets.Label, widgets.HTMLMath)):
        out.append(plain(widget.value))
    elif isinstance(widget, widgets.Button):
        out.append(widget.description)
    elif isinstance(widget, (widgets.Dropdown, widgets.Select, widgets.ToggleButtons, widgets.RadioButtons)):
        out.extend(str(label) for label in widget._options_labels)
    if not isinstance(widget, widgets.Button) and isinstance(getattr(widget, "description", None), str):
        out.append(widget.description)
    for child in getattr(widget, "children", ()) or ():
        widget_words(child, out)


class Clock:
    """The controller's scheduler, run by the test (bots never move: every seat is human)."""

    def __init__(self):
        self.timers = []

    def __call__(self, delay, callback):
        self.timers.append(callback)

    def run(self) -> None:
        for _ in range(1000):
            if not self.timers:
                return
            self.timers.pop(0)()


def all_targets(view) -> list[str]:
    """Every board target: the grid's cells and the named regions."""
    found = set(view.legal_targets())
    if getattr(view, "regions", None) is not None:
        found.update(view.regions.names)
    geom = view.geom
    for row in range(getattr(geom, "rows", 0)):
        for col in range(getattr(geom, "cols", 0)):
            found.add(view.cell_name(row, col))
    return sorted(found)


def words_now(ctl: PlayController, clock: Clock, rng: random.Random, every_target: bool) -> list[str]:
    """Everything the page says now, for the seat to move (revealed), and about its targets."""
    ctl.reveal()
    clock.run()
    view, out = ctl.view, []
    widget_words(ctl.widget, out)
    STRIPS.extend(view.seat_facts(seat) for seat in range(view.game.players))
    if not view.interactive:
        return out
    out.extend(view.describe(action) for action in view._legal)
    targets = all_targets(view)
    legal = set(view.legal_targets())
    for target in targets if every_target else rng.sample(targets, min(8, len(targets))):
        out.append(plain(view.target_info(target)))
    for target in sorted(legal):
        found = view.candidates(target)
        if len(found) > 1:
            out.append(view.ask_text(target, found))
    for target in targets:  # a click that plays nothing says why (the engine's refusal, in words)
        if target not in legal:
            out.append(view.refusal_text(target))
    return out


STRIPS: list[str] = []  # the player strip's facts read by the scan (no rule ids belong there)
RULE_ID = re.compile(r"\b(?:NY|GR|NYC|NY1901)-\d+")


def policy(game, rng: random.Random):
    """A seeded random player that rarely passes (so games end and reach every part)."""
    actions = game.legal_actions()
    real = [a for a in actions if a.kind not in ("noplay", "pass")]
    return rng.choice(real if real and rng.random() < 0.9 else actions)


def game_words(name: str, players: int, seed: int, lang: str) -> tuple[list[str], int]:
    """Every word of a whole seeded game's pages, and the game's length in moves."""
    probe, probe_rng, length = nbgames.new_game(name, players=players, seed=seed), random.Random(seed), 0
    while not probe.is_over:
        probe.play(policy(probe, probe_rng))
        length += 1
    clock = Clock()
    game = nbgames.new_game(name, players=players, seed=seed)
    ctl = PlayController(game, ["human"] * players, scheduler=clock, bot_delay=0.0, lang=lang)
    rng, every, out, ply = random.Random(seed), max(1, length // SAMPLES), [], 0
    looks = random.Random(seed + 1)  # which targets are read: apart from the moves, so the game is the probe's
    while not game.is_over:
        if ply % every == 0:
            out.extend(words_now(ctl, clock, looks, every_target=(ply // every) % 4 == 0))
        game.play(policy(game, rng))
        ply += 1
    ctl._changed()
    clock.run()
    widget_words(ctl.widget, out)  # the end: the final status, scores and strips
    out.extend(ctl.view.event_lines())  # the whole log, every event of the game
    return out, length


def lines_of(texts: list[str]) -> set[str]:
    return {line.strip() for text in texts for line in text.split("\n") if line.strip()}


def offences(lines: set[str]) -> dict[str, list[str]]:
    found = {}
    for what, pattern in PATTERNS.items():
        hits = sorted(line for line in lines if pattern.search(line))
        if hits:
            found[what] = hits[:6]
    return found


@pytest.mark.parametrize("name,players,seed,lang", GAMES)
def test_every_word_of_a_whole_game_reads_as_words(name, players, seed, lang):
    started = time.perf_counter()
    STRIPS.clear()
    texts, length = game_words(name, players, seed, lang)
    lines = lines_of(texts)
    print(f"{name} {players}p seed {seed} {lang}: {length} moves, {len(lines)} distinct lines, "
          f"{time.perf_counter() - started:.1f} s")
    assert len(lines) > 100, "the scan read almost nothing: is the page still there?"
    found = offences(lines)
    assert not found, "\n".join(f"{what}:\n    " + "\n    ".join(hits) for what, hits in found.items())
    assert STRIPS and not [facts for facts in STRIPS if RULE_ID.search(facts)]  # rule ids: where they open a rule


def test_the_patterns_catch_what_the_issue_saw():
    """The scan is honest: each text the issue quotes is caught."""
    seen = ["lot:A1 can be played in several ways: choose one below.", "Try gI3@G12r1.",
            "gold_prestige +2", "fame 10 r5>A", "None → 2 VP", "buildings +0", "Right (NY-3): Right: yes",
            "chips (1): 1 points [NY-17]", "Bid 1 coins", "with a orange lantern", "the the board",
            "Player 3 gained 1 VP (NYC-12 (12)).", "'hire 14' cannot be played now",
            "eviction fee 1 (NY-11: min(1 on the avenue, 2 on the street))"]
    assert all(any(p.search(line) for p in PATTERNS.values()) for line in seen), [
        line for line in seen if not any(p.search(line) for p in PATTERNS.values())]
    fine = ["Player 1 bids 14.", "1 VP per building", "a one-way street", "an orange lantern", "A5 (NY-11)",
            "Pay 1 chip to Player 2", "Bid 1 coin", "Ways to play here: C3: red C + blue 3"]
    assert not [line for line in fine if any(p.search(line) for p in PATTERNS.values())]


# -- the items one by one ---------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_a_lesson_verdict_says_right_once(lang):
    """"Right (NY1901-8): Right: never two demolitions…" said "Right" twice; the verdict's own
    "Right:" (「正解です。」) is dropped after the feedback's word."""
    from nbgames.i18n import using
    from nbgames.newyork1901.lessons import learn

    with using(lang):
        runner = learn()
        for index in range(len(runner.lessons)):
            runner.go(index)
            while runner.session.step is not None and "No" not in [c.value for c in runner.session.choices]:
                runner.do_it()
            if runner.session.step is not None:
                break
        runner.answer("No")
    shown = plain(runner.feedback.value)
    right = {"en": "Right", "ja": "正解"}[lang]
    assert runner.feedback_verdict.ok and shown.count(right) == 1, shown
    assert str(runner.feedback_verdict).count("Right") == 1, str(runner.feedback_verdict)


@pytest.mark.parametrize("lang", LANGS)
def test_the_status_asks_for_an_answer_only_while_a_question_is_up(lang):
    from nbgames.i18n import using
    from nbgames.newyork1901.lessons import learn
    from nbgames.ui.i18n import t

    question = t("status.look", lang, player="\0").split("\0")[1]
    with using(lang):
        runner = learn()
        for index in range(len(runner.lessons)):  # a question asked on the learner's own turn
            runner.go(index)
            while runner.session.step is not None and not runner.session.choices:
                runner.do_it()
            if runner.session.step is not None and question in runner.view.status.value:
                break  # a question is up: "answer it above"
        assert question in runner.view.status.value
        while runner.session.step is not None:
            runner.do_it()
    assert runner.session.done and not runner.view.interactive
    assert question not in runner.view.status.value, runner.view.status.value  # none is: no such ask


def test_a_build_is_said_in_words_naming_the_cells_the_engine_covers():
    """New York 1901's move list said "Build bI2@H11r1": now the tile, its tier and VP and the
    cells, which are the cells the engine's preview covers."""
    from nbgames.ui.controller import make_view

    game, rng, checked = nbgames.new_game("newyork1901", players=3, seed=2), random.Random(2), 0
    view = make_view(game, "en")
    while not game.is_over and checked < 60:
        builds = [a for a in game.legal_actions() if a.kind in ("build", "demolish")]
        view.refresh()
        for action in rng.sample(builds, min(6, len(builds))):
            words = view.describe(action)
            cells = game.preview(action)["cells"]
            assert "@" not in words and words.endswith(" on " + " ".join(sorted(cells, key=view.cell_of))), words
            checked += 1
        game.play(policy(game, rng))
    assert checked >= 30


def test_the_information_panel_follows_a_reserve_swap():
    """New York City: the pointer on a reserve card, the card swapped: the panel tells what lies
    under the pointer now, never the card that went into the hand."""
    clock = Clock()
    game = nbgames.new_game("newyork_city", players=3, seed=4)
    ctl = PlayController(game, ["human"] * 3, scheduler=clock, bot_delay=0.0, lang="en")
    view, rng = ctl.view, random.Random(4)
    for _ in range(600):
        ctl.reveal()
        clock.run()
        reserve = {name.partition(":")[2] for name in view.regions.names if name.startswith("reserve:")}
        swaps = [a for a in game.legal_actions() if a.kind == "swap" and str(a).split()[1][0] not in reserve]
        if swaps:
            break
        game.play(rng.choice([a for a in game.legal_actions() if a.kind != "swap"]))
    swap = swaps[0]
    taken = str(swap).split(">")[1]
    view._hover = view.target_of(swap)
    view.info.value = view.info_html()
    assert f"({taken})" in view.info.value
    assert ctl.choose(swap)
    clock.run()
    assert f"reserve:{taken}" not in view.regions.names  # the card went into the hand
    assert view._hover in view.regions.names and view.info.value == view.info_html()
    assert "Reserve card" in view.info.value and f"({taken})" not in view.info.value, view.info.value


@pytest.mark.parametrize("name", ["newyork", "galopp_royal", "newyork1901", "newyork_city"])
def test_every_score_line_is_said_once_on_a_finished_play_page(name):
    """New York 1901 and New York City showed the final scoring twice (their own panel under the
    board and the Scores fold): each line of the score table appears once per seat that has it."""
    clock, rng = Clock(), random.Random(3)
    game = nbgames.new_game(name, players=3, seed=3)
    ctl = PlayController(game, ["human"] * 3, scheduler=clock, bot_delay=0.0, lang="en")
    while not game.is_over:
        game.play(policy(game, rng))
    ctl._changed()
    clock.run()
    page: list[str] = []
    widget_words(ctl.widget, page)
    shown = [line.strip() for text in page for line in text.split("\n") if line.strip()]
    table = [line.strip() for line in plain(ctl.scores.value).split("\n") if line.strip().endswith("[")]
    labels = {line.split(":")[0].split(" (")[0] for line in table}
    assert len(labels) >= 3, table
    for label in labels:
        said = [line for line in shown if (line.startswith(label + ":") or line.startswith(label + " ("))
                and re.search(r":\s*-?\d", line)]  # its points (not a note such as "largest group: B7 C7")
        expected = sum(line.split(":")[0].split(" (")[0] == label for line in table)
        assert len(said) == expected, (label, said)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", ["newyork", "galopp_royal", "newyork1901", "newyork_city"])
def test_every_word_of_every_lesson_reads_as_words(name, lang):
    """The learn pages too: every lesson, step by step (each answer shown, then done), every word
    the page shows (prompt, feedback, board's status, panels) is free of the same internals."""
    import importlib

    from nbgames.i18n import using

    texts: list[str] = []
    with using(lang):
        runner = importlib.import_module(f"nbgames.{name}.lessons").learn()
        for index in range(len(runner.lessons)):
            runner.go(index)
            for _ in range(60):
                widget_words(runner.widget, texts)
                if runner.session.step is None:
                    break
                runner.show_me()
                widget_words(runner.widget, texts)
                runner.do_it()
    lines = lines_of(texts)
    assert len(lines) > 100
    found = offences(lines)
    assert not found, "\n".join(f"{what}:\n    " + "\n    ".join(hits) for what, hits in found.items())
