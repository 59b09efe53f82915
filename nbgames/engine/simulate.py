"""Play many bot games and summarise them (``nbgames simulate``)."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TextIO

from .bots import make_bot
from .game import Game


@dataclass
class Summary:
    game: str
    players: int
    games: int = 0
    wins: list[float] = field(default_factory=list)  # shared wins split evenly
    score_sums: list[float] = field(default_factory=list)
    length_sum: int = 0
    seconds: float = 0.0

    @property
    def win_shares(self) -> list[float]:
        return [w / self.games for w in self.wins] if self.games else []

    @property
    def mean_scores(self) -> list[float]:
        return [s / self.games for s in self.score_sums] if self.games else []

    @property
    def mean_length(self) -> float:
        return self.length_sum / self.games if self.games else 0.0

    def format(self) -> str:
        lines = [
            f"{self.games} games of {self.game}, {self.players} players, "
            f"{self.seconds:.2f} s ({self.games / max(self.seconds, 1e-9):.0f} games/s)",
            f"mean length: {self.mean_length:.1f} actions",
            "seat  win share  mean score",
        ]
        for seat in range(self.players):
            lines.append(f"{seat:>4}  {self.win_shares[seat]:>9.1%}  {self.mean_scores[seat]:>10.2f}")
        return "\n".join(lines)


def play_out(game: Game, bots: list) -> Game:
    """Let the bots play until the game ends."""
    while not game.is_over:
        game.play(bots[game.to_move].choose(game))
    return game


def simulate(
    name: str,
    n: int,
    players: int,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    bot: str = "random",
    progress: Callable[[int, int], None] | None = None,
) -> Summary:
    """Play `n` games with game seeds seed, seed+1, … and bots seeded from them."""
    summary = Summary(name, players, wins=[0.0] * players, score_sums=[0.0] * players)
    start = time.perf_counter()
    for i in range(n):
        game = Game(name, players, seed + i, options, allow_undo=False)
        bots = [make_bot(bot, (seed + i) * 1000 + s) for s in range(players)]
        play_out(game, bots)
        winners = game.winners()
        for seat, score in enumerate(game.scores()):
            summary.score_sums[seat] += score
        for seat in winners:
            summary.wins[seat] += 1 / len(winners)
        summary.length_sum += game.ply
        summary.games += 1
        if progress:
            progress(i + 1, n)
    summary.seconds = time.perf_counter() - start
    return summary


class ProgressBar:
    """A one-line text progress bar, redrawn in place."""

    def __init__(self, stream: TextIO = sys.stderr, width: int = 30):
        self.stream, self.width = stream, width
        self.start = time.perf_counter()
        self.last = -1
        self.before: int | None = None  # games done before this run (a resumed tournament)

    def __call__(self, done: int, total: int) -> None:
        if self.before is None:
            self.before = done - 1
        filled = self.width * done // total
        if filled == self.last and done != total:
            return
        self.last = filled
        rate = (done - self.before) / max(time.perf_counter() - self.start, 1e-9)
        pace = f"{rate:.0f} games/s" if rate >= 1 else f"{1 / rate:.0f} s a game"
        bar = "#" * filled + "-" * (self.width - filled)
        self.stream.write(f"\r[{bar}] {done}/{total} games  {pace}")
        if done == total:
            self.stream.write("\n")
        self.stream.flush()
