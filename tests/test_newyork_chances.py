"""New York's fitted winning chances (`nbgames.newyork.chances`): the features read the seats'
bot views as bit masks; here they are read again the slow way, from each seat's whole view, and
the weights' file is checked; the searching bots judge by them, the greedy bot and the review do not."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from newyork_positions import game_at
from support import benchmark

from nbgames.engine.bots import GreedyBot, MctsBot
from nbgames.engine.game import Game
from nbgames.engine.review import review
from nbgames.engine.search import BotHooks, hooks_for, score_values
from nbgames.newyork import bot, chances
from nbgames.newyork.exposure import exposure

RED, BLUE = "ABCDEFG", "1234567"


def slow_features(game: Game) -> list[tuple]:
    """`chances.FEATURES` per seat from the whole views: groups found anew on the public board,
    the squares a hand can name from its cards' letters and digits."""
    public = game.view(None)
    fees, board, chips = public["fees"], public["board"], public["chips"]
    rows = []
    for seat in range(game.players):
        mine = {(r, c) for r in range(7) for c in range(7) if board[r][c] == seat}
        groups, left = [], set(mine)
        while left:
            group, todo = set(), [left.pop()]
            while todo:
                r, c = todo.pop()
                group.add((r, c))
                near = {(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)} & left
                left -= near
                todo += near
            groups.append(group)
        groups.sort(key=lambda g: (-len(g), min(r * 7 + c for r, c in g)))  # the first of the largest
        hand = game.view(seat)["hand"]
        avenues = range(7) if "R*" in hand else {RED.index(card) for card in hand if card in RED}
        streets = range(7) if "B*" in hand else {BLUE.index(card) for card in hand if card in BLUE}
        named = {(r, c) for r in avenues for c in streets}
        largest = groups[0] if groups else set()
        edge = {(r + dr, c + dc) for r, c in largest for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                if 0 <= r + dr < 7 and 0 <= c + dc < 7} - mine
        after = (seat - game.to_move) % game.players
        cards = public["hand_counts"][seat]
        rows.append((len(largest), len(groups[1]) if len(groups) > 1 else 0, len(mine), chips[seat],
                     exposure(public, seat), sum(1 for r, c in mine if fees[r][c] == 1),
                     sum(1 for r, c in edge & named if board[r][c] is None or fees[r][c] <= chips[seat]),
                     sum(1 for r, c in named if board[r][c] is None),
                     after == 0, after == 1, after == 2, cards["red"] + cards["blue"]))
    return rows


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_features_are_what_the_views_show(players):
    """Every third main-round position of 2 random games, on a sample: the features from the seats' bot
    views equal those found anew from their whole views; the board's share filled counts its pieces."""
    checked = 0
    for seed in range(2):
        game, rng = Game("newyork", players, 70 + seed), random.Random(seed)
        while not game.is_over:
            game.play(rng.choice(game.legal_actions()))
            if not game.is_over and game.view()["phase"] == "main" and game.ply % 3 == 0:
                sample = game.determinize(game.to_move, rng)
                rows, filled = chances.features(sample.bot_views(), sample.to_move)
                assert [tuple(map(float, row)) for row in rows] == [
                    pytest.approx(tuple(map(float, row))) for row in slow_features(sample)], (seed, game.ply)
                assert filled == pytest.approx(1 - game.view()["empty_squares"] / 49)
                checked += 1
    assert checked > 25


def test_every_seat_s_views_are_shown_only_of_a_sample():
    """`Game.bot_views` of the game being played would show every hand: refused. Of a sample, each
    is that seat's `bot_view` (a hand the search dealt)."""
    game = Game("newyork", 4, 3)
    with pytest.raises(ValueError, match="sampled"):
        game.bot_views()
    sample = game.determinize(1, random.Random(2))
    assert sample.bot_views() == [sample.bot_view(seat) for seat in range(4)]


def test_the_chances_add_up_and_favour_the_better_position():
    """Red's group of four against everyone's single pieces, the same chips, red not to move:
    red is the likeliest winner; the chances add up to one."""
    board = ["rr.....", "rr.....", ".......", "...b...", ".......", ".....y.", "......g"]
    game = game_at(board, players=4, hands=[["A", "1", "B", "2"]] * 4, to_move=1)
    odds = chances.chances(game.determinize(1, random.Random(0)))
    assert sum(odds) == pytest.approx(1.0)
    assert all(0 < p < 1 for p in odds)
    assert odds[0] == max(odds) and odds[0] > 0.4


def test_the_weights_file_fits_the_features():
    """chances.json: the features named as the code reads them, and for each table size 3-5 a
    weight triple per feature, finite, with how it was fitted."""
    data = chances.DATA
    assert tuple(data["features"]) == chances.FEATURES
    assert set(chances.WEIGHTS) == {3, 4, 5}
    for seats, fit in data["tables"].items():
        assert len(fit["weights"]) == len(chances.FEATURES), seats
        assert all(len(w) == 3 and all(math.isfinite(x) for x in w) for w in fit["weights"]), seats
        assert fit["games"] >= 1000 and fit["held_out_log_loss"] < math.log(int(seats)), seats


@pytest.mark.parametrize("options, players", [({}, 2), ({"action_cards": True}, 4), ({"teams": True}, 4),
                                              ({"colour_choice": True}, 3)])
def test_games_the_weights_were_not_fitted_for_are_judged_by_hand(options, players):
    game = Game("newyork", players, 5, options)
    assert not chances.fitted_for(game)
    assert bot.search_evaluate(game) == bot.evaluate(game)


def test_the_searching_bots_judge_by_the_chances_the_greedy_bot_and_the_review_by_hand(monkeypatch):
    """The review's temperatures were fitted to `bot.evaluate`'s values: it and the greedy bot
    never read the chances; a search (a bot's move, a hint) reads nothing else."""
    calls = {"chances": 0, "hand": 0}
    real_chances, real_hand = chances.chances, bot.worth

    def counted(name, function):
        def call(game):
            calls[name] += 1
            return function(game)
        return call

    monkeypatch.setattr(chances, "chances", counted("chances", real_chances))
    monkeypatch.setattr(bot, "worth", counted("hand", real_hand))
    game = Game("newyork", 4, 11)
    rng = random.Random(1)
    while game.rules.phase != "main":
        game.play(rng.choice(game.legal_actions()))
    GreedyBot(1).choose(game)
    assert calls == {"chances": 0, "hand": calls["hand"]} and calls["hand"] > 0
    calls.update(chances=0, hand=0)
    MctsBot(1, iterations=60, seconds=None).choose(game)
    assert calls["chances"] > 0 and calls["hand"] == 0
    calls.update(chances=0, hand=0)
    short = Game("newyork", 4, 12)
    for _ in range(30):
        short.play(rng.choice(short.legal_actions()))
    review(short, 0, curve_iterations=4, check_iterations=8, samples=2, seconds=None)
    assert calls["chances"] == 0 and calls["hand"] > 0


def test_hooks_without_a_search_evaluation_search_with_their_evaluation():
    """A game that names no `search_evaluate` is searched with its `evaluate`, as before."""
    seen = []

    def judge(game):
        seen.append(game.ply)
        return score_values(game.scores(), 4.0)

    game = Game("newyork", 3, 2)
    MctsBot(0, iterations=20, seconds=None, hooks=BotHooks(evaluate=judge)).choose(game)
    assert seen
    assert hooks_for(game).search_evaluate is bot.search_evaluate


def test_the_fit_finds_the_weights_of_games_drawn_from_them():
    """`benchmarks/fit_chances.py`'s Newton fit on 4,000 positions whose winners are drawn from a
    known conditional logit: it finds those weights again (a wrong gradient or Hessian does not)."""
    fit_chances = benchmark("fit_chances")
    rng = np.random.default_rng(0)
    truth = np.array([0.8, -0.5, 0.3])
    x = rng.normal(size=(4000, 4, 3))
    p = fit_chances.softmax(x @ truth)
    y = np.array([np.eye(4)[rng.choice(4, p=row)] for row in p])
    found = fit_chances.fit(x, y)
    assert found == pytest.approx(truth, abs=0.12)
    assert fit_chances.loss(found, x, y) < fit_chances.loss(np.zeros(3), x, y) - 0.05


def test_the_weights_read_who_wins_games_they_were_not_fitted_to():
    """10 greedy games after those of the fit (`fit_chances.positions`): at every position the
    chances of 4 seats score a log loss well under a fair share's ln 4, and far under the same
    chances with each seat given its neighbour's features (weights out of step with the features
    would not tell the two apart)."""
    fit_chances = benchmark("fit_chances")
    def log_loss(seats, share, wins):
        return -sum(w * math.log(p) for w, p in zip(wins, chances.read(seats, share, chances.WEIGHTS[4]), strict=True))

    own = neighbours = positions = 0.0
    for index in range(5000, 5010):
        rows, filled, _, wins = fit_chances.positions(4, index)
        for seats, share in zip(rows, filled, strict=True):
            own += log_loss(seats, share, wins)
            neighbours += log_loss(seats[1:] + seats[:1], share, wins)
            positions += 1
    assert positions > 250
    assert own / positions < math.log(4) - 0.08
    assert neighbours / positions > own / positions + 0.3
