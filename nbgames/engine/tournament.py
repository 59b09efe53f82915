"""Bot tournaments (``nbgames tournament``): seats rotate game by game, results with 95 %
confidence intervals, think time per move, and a CSV of every game, written as each game ends so
that a long run can stop and go on later (``--resume``)."""

from __future__ import annotations

import contextlib
import csv
import functools
import math
import multiprocessing
import os
import signal
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from .bots import make_bot
from .game import Game

CSV_FIELDS = ("game", "seed", "entrant", "bot", "seat", "score", "win", "moves", "think_seconds", "think_max",
              "plies")


@dataclass
class Entrant:
    """One bot of the tournament (the same kind may enter twice: each is counted apart)."""

    bot: str
    games: int = 0
    wins: float = 0.0  # a shared win counts 1/k for each of the k winners
    score_sum: float = 0.0
    moves: int = 0
    think: float = 0.0
    think_max: float = 0.0  # the longest think of one move

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """95 % Wilson score interval of the win rate."""
        return wilson(self.wins, self.games, z)

    @property
    def mean_score(self) -> float:
        return self.score_sum / self.games if self.games else 0.0

    @property
    def think_per_move(self) -> float:
        return self.think / self.moves if self.moves else 0.0


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (sound near 0 % and 100 %, unlike p ± z·se)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Tournament:
    """Results of a tournament so far; `rows` holds one dict per game and entrant (CSV_FIELDS)."""

    game: str
    entrants: list[Entrant]
    options: dict[str, Any] = field(default_factory=dict)
    rows: list[dict[str, Any]] = field(default_factory=list)
    seconds: float = 0.0
    planned: int = 0

    @property
    def games(self) -> int:
        return self.entrants[0].games if self.entrants else 0

    @property
    def stopped(self) -> bool:
        """True when the run was stopped (Ctrl-C) before all planned games were played."""
        return self.games < self.planned

    def add(self, rows: list[dict[str, Any]]) -> None:
        for row in rows:
            entrant = self.entrants[row["entrant"]]
            entrant.games += 1
            entrant.wins += row["win"]
            entrant.score_sum += row["score"]
            entrant.moves += row["moves"]
            entrant.think += row["think_seconds"]
            entrant.think_max = max(entrant.think_max, row["think_max"])
        self.rows.extend(rows)

    def format(self) -> str:
        fair = 1 / len(self.entrants)
        played = f"stopped after {self.games} of {self.planned}" if self.stopped else f"{self.games}"
        lines = [f"{played} games of {self.game}, {len(self.entrants)} players, seats rotating, "
                 f"{self.seconds:.0f} s (a fair seat wins {fair:.0%})",
                 "  #  bot            win rate   95% CI          mean score  think/move  longest"]
        for i, e in enumerate(self.entrants):
            low, high = e.interval()
            lines.append(f"{i:>3}  {e.bot:<13}  {e.win_rate:>8.1%}   {low:>5.1%} – {high:<6.1%}  "
                         f"{e.mean_score:>10.2f}  {e.think_per_move * 1000:>7.1f} ms  {e.think_max:>5.2f} s")
        return "\n".join(lines)


class CsvLog:
    """An `on_game` that writes each game's rows to a CSV file as the game ends, after the rows
    it was given to keep (the games a resumed run goes on from). The file is opened at the first
    game that ends, so a run that fails before any game leaves an old file as it was, and it
    replaces the old file whole, so a run stopped at that moment loses nothing either."""

    def __init__(self, path: str, keep: Sequence[dict[str, Any]] = ()) -> None:
        self.path, self.keep = path, list(keep)
        self.stream: TextIO | None = None
        self.writer: csv.DictWriter | None = None

    def __call__(self, rows: list[dict[str, Any]]) -> None:
        if self.writer is None:  # the kept rows and the first game go to a new file that then takes the old one's place
            part = self.path + ".part"
            self.stream = open(part, "w", newline="", encoding="utf-8")
            self.writer = csv.DictWriter(self.stream, CSV_FIELDS)
            self.writer.writeheader()
            self.writer.writerows(self.keep + rows)
            self.stream.flush()
            os.replace(part, self.path)
            return
        self.writer.writerows(rows)
        self.stream.flush()

    def __enter__(self) -> CsvLog:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.stream:
            self.stream.close()


def _number(text: str) -> int | float:
    try:
        return int(text)
    except ValueError:
        return float(text)


NUMBERS = {"game": int, "seed": int, "entrant": int, "seat": int, "score": _number, "win": float, "moves": int,
           "think_seconds": float, "think_max": float, "plies": int}


def read_csv(path: str, name: str, bots: list[str], seed: int) -> list[dict[str, Any]]:
    """The rows of the CSV an earlier run of the same tournament wrote to `path`, to go on from
    (none if there is no file); a CSV of another game, other bots or another seed is refused (its
    games would not be these)."""
    if not os.path.exists(path):
        return []
    with open(path, newline="", encoding="utf-8") as stream:
        reader = csv.DictReader(stream)
        if reader.fieldnames is None:
            return []
        if tuple(reader.fieldnames) != CSV_FIELDS:
            raise ValueError("this CSV was not written by a tournament (its columns differ)")
        rows = []
        for raw in reader:
            try:
                row: dict[str, Any] = {k: NUMBERS[k](v) if k in NUMBERS else v for k, v in raw.items()}
            except (TypeError, ValueError):
                raise ValueError(f"this CSV has a broken row: {raw}") from None
            entrant = row["entrant"]
            if (row["seed"] != seed + row["game"] or not 0 <= entrant < len(bots) or row["bot"] != bots[entrant]
                    or row["seat"] != (entrant + row["game"]) % len(bots)):
                raise ValueError(f"this CSV is of another tournament than {name} with {','.join(bots)} and seed "
                                 f"{seed} (row {raw})")
            rows.append(row)
    games = Counter(row["game"] for row in rows)
    return [row for row in rows if games[row["game"]] == len(bots)]  # a game cut off while written: played again


BotSpec = str | Callable[[int], Any]  # a kind for `make_bot`, or a factory: seed -> bot


def bot_name(spec: BotSpec) -> str:
    return spec if isinstance(spec, str) else getattr(spec, "name", getattr(spec, "__name__", "bot"))


def _make(spec: BotSpec, seed: int) -> Any:
    return make_bot(spec, seed) if isinstance(spec, str) else spec(seed)


def play_game(name: str, bots: list[BotSpec], index: int, seed: int,
              options: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """Play game `index` of a tournament: entrant e sits at seat (e + index) mod players; the
    game and every bot are seeded from `seed` and `index`. One row per entrant."""
    players = len(bots)
    game_seed = seed + index
    seat_of = [(e + index) % players for e in range(players)]
    entrant_at = {seat: e for e, seat in enumerate(seat_of)}
    game = Game(name, players, game_seed, options, allow_undo=False)
    players_bots = [_make(bots[entrant_at[s]], game_seed * 1000 + s) for s in range(players)]
    moves, think, longest = [0] * players, [0.0] * players, [0.0] * players
    while not game.is_over:
        seat = game.to_move
        start = time.perf_counter()
        action = players_bots[seat].choose(game)
        took = time.perf_counter() - start
        think[seat] += took
        longest[seat] = max(longest[seat], took)
        moves[seat] += 1
        game.play(action)
    winners, scores = game.winners(), game.scores()
    return [{"game": index, "seed": game_seed, "entrant": e, "bot": bot_name(bots[e]), "seat": s,
             "score": scores[s], "win": (1 / len(winners)) if s in winners else 0.0,
             "moves": moves[s], "think_seconds": round(think[s], 4), "think_max": round(longest[s], 4),
             "plies": game.ply}
            for e, s in enumerate(seat_of)]


def _leave_ctrl_c_to_the_parent() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class _CtrlC:
    """Ctrl-C that waits for the end of a game's bookkeeping: a game is counted in the tally
    and written to the CSV, or neither (the tally printed must be what a resume finds)."""

    def __init__(self) -> None:
        self.busy = self.pending = False

    def __call__(self, signum: int, frame: object) -> None:
        if self.busy:
            self.pending = True
        else:
            raise KeyboardInterrupt

    @contextlib.contextmanager
    def held(self):
        self.busy = True
        try:
            yield
        finally:
            self.busy = False
        if self.pending:
            raise KeyboardInterrupt

    @contextlib.contextmanager
    def installed(self):
        """While Ctrl-C raises KeyboardInterrupt in the main thread; else (a background job
        ignores it, another thread cannot handle it) nothing changes."""
        ours = threading.current_thread() is threading.main_thread() and \
            signal.getsignal(signal.SIGINT) is signal.default_int_handler
        if ours:
            signal.signal(signal.SIGINT, self)
        try:
            yield
        finally:
            if ours:
                signal.signal(signal.SIGINT, signal.default_int_handler)


def tournament(name: str, bots: list[BotSpec], n: int, seed: int = 0, options: dict[str, Any] | None = None,
               jobs: int = 1, progress: Callable[[int, int], None] | None = None,
               played: Sequence[dict[str, Any]] = (), on_game: Callable[[list[dict[str, Any]]], None] | None = None,
               ) -> Tournament:
    """Play `n` games of `name` between `bots` (one per seat: a kind such as "mcts" or
    "random", or a factory ``seed -> bot`` such as your own bot class), seats rotating, on
    `jobs` processes. Same seed, same results. Games whose rows are in `played` (from
    `read_csv`) count without being played again; `on_game` gets each new game's rows.
    Ctrl-C stops the run and returns the games played so far (`stopped` is then true)."""
    for spec in bots:
        _make(spec, 0)  # an unknown kind fails now, not in a worker
    Game(name, len(bots), seed, options)  # so do a bad player count and bad options
    result = Tournament(name, [Entrant(bot_name(spec)) for spec in bots], dict(options or {}), planned=n)
    result.add([row for row in played if row["game"] < n])
    done = {row["game"] for row in played}
    todo = [i for i in range(n) if i not in done]
    start = time.perf_counter()

    ctrl_c = _CtrlC()

    def finished(rows: list[dict[str, Any]]) -> None:
        with ctrl_c.held():
            result.add(rows)
            if on_game:
                on_game(rows)
        if progress:
            progress(result.games, n)

    try:
        with ctrl_c.installed():
            if jobs <= 1:
                for i in todo:
                    finished(play_game(name, bots, i, seed, options))
            else:
                play = functools.partial(play_game, name, bots, seed=seed, options=options)
                # leaving the block terminates the games in play, so Ctrl-C stops at once
                with multiprocessing.Pool(jobs, initializer=_leave_ctrl_c_to_the_parent) as pool:
                    for rows in pool.imap_unordered(play, todo):
                        finished(rows)
    except KeyboardInterrupt:
        pass  # the tally of the games played so far is the answer; `result.stopped` says so
    result.seconds = time.perf_counter() - start
    return result
