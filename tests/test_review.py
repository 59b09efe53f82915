"""Post-game review (issue 12, item 4): the winning-chance curve of every seat and the learner's
costliest moves; a blunder planted in a constructed game is found, with the better move."""

from __future__ import annotations

import copy
from collections import Counter

from nbgames.engine.action import Action
from nbgames.engine.bots import make_bot
from nbgames.engine.chance import Chance
from nbgames.engine.game import Game
from nbgames.engine.manifest import Manifest
from nbgames.engine.registry import register
from nbgames.engine.review import review
from nbgames.engine.rules import Rules
from nbgames.engine.simulate import play_out

TURNS = 4
MOVES = {text: Action("take", (n,), text) for n, text in ((1, "take1"), (3, "take3"))}


class Sprint(Rules):
    """SP-1: two players alternate for four turns each, taking 1 or 3 points; most points wins."""

    name = "sprint"
    rules_version = "1"

    def __init__(self, players, options, rng):
        super().__init__(players, options, rng)
        self.points, self.turn = [0] * players, 0

    @property
    def to_move(self):
        return None if self.is_over else self.turn % self.players

    @property
    def is_over(self):
        return self.turn >= TURNS * self.players

    def legal_actions(self):
        return [] if self.is_over else list(MOVES.values())

    def apply(self, action):
        self.points[self.to_move] += action.args[0]
        self.turn += 1

    def parse(self, text):
        return MOVES.get(text)

    def why_not(self, action):
        return "SP-1", "The sprint is over."

    def why_unknown(self, text):
        return "SP-1", "Write take1 or take3."

    def scores(self):
        return list(self.points)

    def explain_scores(self):
        return [{"seat": s, "parts": [{"rule": "SP-1", "what": "points taken", "points": p}], "total": p}
                for s, p in enumerate(self.points)]

    def view(self, seat):
        return {"points": list(self.points), "turn": self.turn}

    def components(self):
        return Counter()

    def determinize(self, seat, rng):
        other = copy.deepcopy(self)
        other.rng = Chance(rng.getrandbits(64))
        return other


register(Manifest(name="sprint", title="Sprint", designer="tests", year=2026, min_players=2, max_players=2,
                  rules=f"{__name__}:Sprint"))


def test_review_finds_a_planted_blunder_with_the_better_move():
    game = Game("sprint", 2, seed=0)
    for ply in range(2 * TURNS):
        game.play("take1" if ply == 2 else "take3")  # seat 0's second move is the blunder
    result = review(game, seat=0, curve_iterations=30, check_iterations=60, samples=20)
    worst = result.costly[0]
    assert (worst.ply, worst.played, worst.better) == (2, "take1", "take3")
    assert worst.loss > 0.15 and [m.ply for m in result.costly] == [2]  # its other moves were right
    assert worst.reason == "Move 3: you played “take1”. Better: “take3”: +3 points (points taken) (SP-1)."
    assert [c.delta for c in worst.better_facts.mine(0)] == [3] and [c.delta for c in worst.played_facts.mine(0)] == [1]
    assert len(result.chances) == 2 * TURNS + 1 and result.chances[-1] == [0.0, 1.0]
    assert result.chances[3][0] < result.chances[2][0] - 0.1  # the curve shows the drop


def test_review_of_a_real_game_has_a_curve_for_every_seat_and_move():
    game = Game("newyork", 3, seed=5)
    play_out(game, [make_bot("greedy", s) for s in range(3)])
    progress = []
    result = review(game.to_record(), seat=1, curve_iterations=4, check_iterations=8, samples=3,
                    progress=lambda done, total: progress.append((done, total)))
    assert len(result.chances) == len(game.history) + 1 and result.actions == game.history
    assert all(len(c) == 3 and all(0.0 <= v <= 1.0 for v in c) for c in result.chances)
    assert result.chances[-1] == [1 / len(game.winners()) if s in game.winners() else 0.0 for s in range(3)]
    assert progress[-1] == (len(game.history), len(game.history))
    assert len(result.costly) <= 3 and all(m.seat == 1 and m.loss > 0 for m in result.costly)


def test_review_keeps_to_its_time_budget_and_stops_when_asked():
    import threading
    import time

    game = Game("newyork", 4, seed=6)
    play_out(game, [make_bot("greedy", s) for s in range(4)])  # about 60 moves
    start = time.monotonic()
    result = review(game, seat=2, seconds=2.0)  # by iterations alone it takes about half a minute
    # the floor (one iteration a position, a few samples a learner's move) adds a little on a busy machine
    assert time.monotonic() - start < 6.0 and len(result.chances) == len(game.history) + 1
    stop = threading.Event()
    stop.set()
    assert review(game, seat=2, stop=stop).stopped


def test_the_reviews_legend_names_every_seat_whole_and_no_label_leaves_the_canvas():
    """Issue 27 item 5: at 1280 px the curve's seat names were cut off at the canvas's right edge
    (Japanese names most) and a white seat's line was invisible. Now each line ends in its seat's
    number (outlined colour), an HTML legend below names every seat and wraps, and the labels of
    lines ending together stay apart and inside the canvas."""
    from types import SimpleNamespace

    from nbgames.ui.review_panel import HEIGHT, LABEL_GAP, ReviewPanel, is_light, label_rows, line_label

    panel = ReviewPanel("ja", lambda: None)
    names = ["プレイヤー1", "プレイヤー2", "プレイヤー3", "プレイヤー4"]
    colours = ["#D55E00", "#0072B2", "#000000", "#FFFFFF"]  # New York 1901's seats: the last is white
    chances = [[0.25] * 4, [0.9, 0.05, 0.05, 0.0], [1.0, 0.0, 0.0, 0.0]]
    panel.show(SimpleNamespace(chances=chances, costly=[]), names, colours)
    legend = panel.legend.value
    assert all(f"{k + 1}: {name}" in legend for k, name in enumerate(names)) and "flex-wrap:wrap" in legend
    assert "background:#FFFFFF" in legend and "border:1px solid" in legend and is_light("#FFFFFF")
    assert all(len(line_label(s)) <= 2 for s in range(6))  # a number fits the canvas's right margin
    assert panel.button.layout.width == "auto"  # the button's words whole (they were cut: "このゲームをふ…")
    for ends in ([0.0] * 4, [HEIGHT] * 4, [14.0, 14.0, 190.0, 190.0], [100.0, 101.0, 99.0]):
        rows = sorted(label_rows(ends))
        assert all(0 < y < HEIGHT for y in rows), (ends, rows)
        assert all(b - a >= LABEL_GAP for a, b in zip(rows, rows[1:], strict=False)), (ends, rows)


def test_costly_moves_read_in_plain_words_with_their_rule_on_the_page():
    """A real game's costly moves: what was played and the better move in the game's words, one
    reason and its rule id (clickable on the page), no notation and no winning chance."""
    import re

    from nbgames.rulebook import cited, rule
    from nbgames.ui.review_panel import ReviewPanel

    game = Game("newyork1901", 2, seed=4)
    bots = [make_bot("greedy", s) for s in range(2)]
    for _ in range(24):  # the opening is enough (a review takes a game in progress too)
        game.play(bots[game.to_move].choose(game))
    result = review(game.to_record(), seat=0, curve_iterations=2, check_iterations=10, samples=3, seconds=None)
    assert result.costly, "a greedy player makes costly moves"
    for move in result.costly:
        text = move.reason
        assert not re.search(r"@|>|%|\b[bsg][IOLTSPR]\d\b|_|\blot [A-M]\d+\b(?! )", text.replace("on lot ", "")), text
        assert len(cited(text)) == 1 and rule(cited(text)[0])["game"] == "newyork1901", text
        assert text.startswith(f"Move {move.ply + 1}: you played “") and "Better: “" in text
    panel = ReviewPanel("en", lambda: None)
    panel.show(result, ["Player 1", "Player 2"], [None, None])
    assert panel.moves.value.count("class='nbg-rule-ref'") == len(result.costly)
