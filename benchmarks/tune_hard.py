"""How the hard level was chosen (docs/bots.md, "The hard level"): the search with a given
iteration cap and prior, no time budget (so a busy machine changes nothing but the wait), against
greedy bots, seats rotating as in `make bench-bots` (game i of a run is game i of every run: the
same deal, the same opponents' seeds). One JSON line per game in --log, which a later run with
the same settings goes on from.

Compare candidates with one another, not with the levels: in Galopp Royal searches capped here
won 25-30 % (at 400 and 3,000 iterations) of the deals on which the normal level, by time, won
58 % and a search capped at 1,300 won 57 % (800: 30 %): the iteration count is what differs, not
how the games are run, and whether it matters this much is not established (docs/bots.md).

    python benchmarks/tune_hard.py newyork --iterations 2000 --prior 30 -n 30
    python benchmarks/tune_hard.py galopp_royal --iterations 3000 --prior 5 -n 30 --players 4
    python benchmarks/tune_hard.py newyork_city --iterations 300 --depth 10 -n 30
    python benchmarks/tune_hard.py newyork_city --iterations 300 --widening 0.5 -n 40
    python benchmarks/tune_hard.py newyork_city --level normal --scale 20 -n 100 --part 0/2
    python benchmarks/tune_hard.py newyork_city --iterations 300 --rollout best-hire -n 40
    python benchmarks/tune_hard.py newyork --iterations 1500 --clairvoyant -n 100 --part 0/2
    python benchmarks/tune_hard.py newyork_city --iterations 300 --halving 8 -n 40
    python benchmarks/tune_hard.py newyork --level normal --exploration 0.25 -n 50
    python benchmarks/tune_hard.py newyork --one-ply 16 -n 100
    python benchmarks/tune_hard.py newyork --one-ply 8 --arms 6 [--replies | --plan] -n 400
    python benchmarks/tune_hard.py newyork --one-ply 1 --arms 40 --plan --clairvoyant -n 400
    python benchmarks/tune_hard.py newyork --one-ply 4 --arms 8 --plan --clairvoyant hands -n 200

`--clairvoyant` is a ceiling check, not a bot: New York's search (or flat look) then plays on the
true hands, draw pile and chance instead of samples of them; `--clairvoyant hands` gives the flat
look the true hands alone, `--clairvoyant half` one red and one blue card of each rival's hand
(docs/bots.md, "What the ceiling is made of").
"""

from __future__ import annotations

import argparse
import copy
import dataclasses
import importlib
import json
import math
import random
import threading
import time
from pathlib import Path

from nbgames.engine.action import Action
from nbgames.engine.bots import GreedyBot, MctsBot
from nbgames.engine.chance import shuffle
from nbgames.engine.game import Game
from nbgames.engine.search import (
    WIDENING,
    ActionValue,
    BotHooks,
    Node,
    Search,
    SearchResult,
    evaluate,
    for_search,
    hooks_for,
    options,
    score_values,
    squash,
)
from nbgames.engine.tournament import play_game, wilson
from nbgames.newyork.tables import BLUE0, BLUE_JOKER, PAIR, RED_JOKER, N, back_of
from nbgames.newyork_city.tables import tables_for


class Candidate:
    """A factory (seed -> bot) for `play_game`: the search by iterations alone, with its prior
    and the power of its widening (`nbgames.engine.search.widening`); or, given a `level`, that
    level's search by time as a page plays it, with these hooks."""

    def __init__(self, iterations: int | None, prior: int, hooks: BotHooks | None = None, label: str = "",
                 widen: float = WIDENING, level: str | None = None, arms: int = 0,
                 exploration: float | None = None):
        self.iterations, self.prior, self.hooks, self.widen, self.level = iterations, prior, hooks, widen, level
        self.arms, self.exploration = arms, exploration
        self.name = f"mcts-{level}-timed{label}" if level else f"mcts-{iterations}it-prior{prior}{label}"

    def __call__(self, seed: int) -> MctsBot:
        if self.level:
            bot = MctsBot(seed, self.level, hooks=self.hooks)
        else:
            bot = MctsBot(seed, iterations=self.iterations, seconds=None, hooks=self.hooks)
            bot.search.prior = self.prior
        bot.search.widen = self.widen
        if self.exploration is not None:
            bot.search.exploration = self.exploration
        if self.arms:
            fields = {f.name: getattr(bot.search, f.name) for f in dataclasses.fields(Search)}
            bot.search = Halving(**fields)
            bot.search.arms = self.arms
        return bot


class Halving(Search):
    """The search with sequential halving at the root (Karnin et al. 2013; Gumbel MuZero's root):
    the `arms` actions the one-ply look ranks best share the budget (iterations, or the time to
    the deadline) in rounds, round-robin, and each round keeps the better half by mean value;
    below the root, UCT as before. UCT visits the move it believes best most often, which is not
    the same as finding the best move among a few whose values differ by a standard error."""

    arms: int = 8

    def run(self, game: Game, deadline: float | None = None, stop: threading.Event | None = None,
            observer: int | None = None, hooks: BotHooks | None = None) -> SearchResult:
        seat, hooks, start = game.to_move, hooks or self.hooks or hooks_for(game), time.monotonic()
        if self.seconds is not None:
            deadline = min(deadline or math.inf, start + self.seconds)
        legal = {str(a): a for a in options(game, hooks)}
        root = Node(None, None)
        ranking = self._seed_root(root, game, hooks, deadline, stop)
        alive, out = ranking[:self.arms], []
        rounds = max(1, math.ceil(math.log2(len(alive))))
        sums, done, began = [0.0] * game.players, 0, time.monotonic()

        def mean(name: str) -> float:
            return root.children[name].total / root.children[name].visits
        for k in range(rounds):
            cap = (k + 1) * self.iterations // rounds
            ends = began + (k + 1) / rounds * (deadline - began) if deadline is not None else None
            turn = 0
            while done < cap and not (done and ends is not None and time.monotonic() >= ends) \
                    and not (stop is not None and stop.is_set()):
                values = self._iterate(root, game.determinize(seat, self.rng), hooks, {alive[turn % len(alive)]})
                sums = [s + v for s, v in zip(sums, values, strict=True)]
                done, turn = done + 1, turn + 1
            alive.sort(key=lambda name: -mean(name))
            keep = (len(alive) + 1) // 2
            alive, out = alive[:keep], alive[keep:] + out
        order = alive + out + [name for name in ranking if name not in alive and name not in out]
        actions = [ActionValue(legal[name], root.children[name].visits, mean(name)) for name in order
                   if name in root.children]
        seen = {a.action for a in actions}
        actions += [ActionValue(a, 0, 0.0) for a in legal.values() if a not in seen]
        return SearchResult(seat, actions, [s / max(done, 1) for s in sums], done, time.monotonic() - start,
                            done < self.iterations)


class OnePly:
    """No search: the greedy bot's one-ply look judged by the searching bots' evaluation
    (`BotHooks.search_evaluate`), averaged over `samples` samples of each move's outcome: what
    the search adds to its evaluation."""

    def __init__(self, samples: int, hooks: BotHooks):
        self.samples, self.hooks = samples, for_search(hooks)
        self.name = f"one-ply-{samples}-samples"

    def __call__(self, seed: int) -> GreedyBot:
        return GreedyBot(seed, self.samples, self.hooks)


class Flat:
    """No search either: the `arms` moves a one-ply look on one sample ranks best, each judged
    by the searching bots' evaluation over `samples` samples, every arm on the same samples
    (common random numbers: the arms differ by the move alone). With `replies`, every rival
    then answers on the sample as the greedy bot would (its best move by the game's own
    evaluation) before the judgement, at the seat's next turn: the rivals as the greedy bots
    of `make bench-bots` play them. With `plan` (and replies) the judgement is of the seat's
    best move at that next turn: two of its own turns planned. With `clairvoyant` every look is
    on the true position (`clairvoyant_sample`, New York) instead of samples: a ceiling; with
    `clairvoyant="hands"` on the true hands alone, the draw pile still a sample ("half": half
    of each rival's hand). With `infer` (New York) the samples of the position it chooses in are
    weighted by how well each rival's hand in them explains the rival's last move as a greedy
    bot's choice (`kept_likelihoods`): a fair reading of the rivals' play."""

    def __init__(self, arms: int, samples: int, hooks: BotHooks, replies: bool = False, plan: bool = False,
                 clairvoyant: bool | str = False, infer: bool = False):
        self.arms, self.samples, self.replies, self.plan = arms, samples, replies or plan, plan
        self.hooks, self.search_hooks = hooks, for_search(hooks)
        self.clairvoyant = "all" if clairvoyant is True else clairvoyant or None
        self.infer, self.tables, self.root = infer, {}, -1
        ahead = "-plan" if plan else "-greedy-replies" if replies else ""
        seeing_label = clairvoyant_label(clairvoyant) + ("-inferred" if infer else "")
        self.name = f"flat-{arms}arms-{samples}samples{ahead}{seeing_label}"

    def __call__(self, seed: int) -> Flat:
        bot = copy.copy(self)
        bot.rng, bot.seconds = random.Random(seed), None
        return bot

    def choose(self, game: Game, deadline: float | None = None, stop: threading.Event | None = None) -> Action:
        legal = options(game, self.hooks)
        if len(legal) == 1:
            return legal[0]
        seat, first = game.to_move, self.rng.getrandbits(64)
        if self.infer:
            self.tables, self.root = rival_tables(game, seat), game.ply
        ranked = sorted(legal, key=lambda action: -self._judge(game, seat, action, first, False))
        arms = ranked[:self.arms]
        totals = dict.fromkeys(arms, 0.0)
        for _ in range(self.samples):
            sample = self.rng.getrandbits(64)
            for action in arms:
                totals[action] += self._judge(game, seat, action, sample, self.replies)
        return max(arms, key=totals.__getitem__)

    def _judge(self, game: Game, seat: int, action: Action, sample: int, replies: bool) -> float:
        rng = random.Random(sample)
        game = self._seen(game).determinize(seat, rng)
        game.play(action)
        while replies and not game.is_over and game.to_move != seat:
            game.play(self._greedy_reply(self._seen(game), rng))
        if replies and self.plan and not game.is_over:
            ahead = rng.getrandbits(64)  # one sample for every next move, as for the arms
            return max(self._judge(game, seat, move, ahead, False) for move in options(game, self.hooks))
        return evaluate(game, self.search_hooks)[seat]

    def _seen(self, game: Game) -> Game:
        if self.clairvoyant:
            return seeing(game, self.clairvoyant)
        if self.tables and game.ply == self.root:  # the position it chooses in, not a sample's later one
            return inferring(game, self.tables)
        return game

    def _greedy_reply(self, game: Game, rng: random.Random) -> Action:
        """The greedy bot's look on one sample, drawn from `rng`; a tie goes to the first move."""
        greedy = GreedyBot(samples=1, hooks=self.hooks)
        greedy.rng = rng
        values = greedy.values(game)
        return max(values, key=values.__getitem__)


def clairvoyant_label(clairvoyant: bool | str | None) -> str:
    return f"-clairvoyant-{clairvoyant}" if clairvoyant in ("hands", "half") else "-clairvoyant" if clairvoyant else ""


def seeing(game: Game, what: str = "all") -> Game:
    """A copy of a New York game whose samples are its true position (`clairvoyant_sample`)."""
    seen = copy.copy(game)
    seen.determinize = lambda seat, rng: clairvoyant_sample(game, seat, rng, what)
    return seen


def clairvoyant_sample(game: Game, seat: int, rng: random.Random, what: str = "all") -> Game:
    """A sample of a New York game that holds its true hands, draw pile and source of chance
    (`what` "all"); "hands": the true hands, the draw pile's cards shuffled, so the draws to come
    are as unknown as in a fair sample; "half": of each rival's true hand one red- and one
    blue-backed card (the most a rival's last choice can tell of the cards it kept), the rest
    dealt again with the draw pile from the cards left."""
    sample = game.determinize(seat, rng)
    truth, state = game.rules, sample.rules
    if what == "all":
        state.hands, state.held = [list(hand) for hand in truth.hands], list(truth.held)
        state.deck, state.rng = list(truth.deck), copy.deepcopy(truth.rng)
        return sample
    known: list[list[int]] = [[] for _ in truth.hands]
    counts = [[0, 0] for _ in truth.hands]  # per rival: its red- and blue-backed cards
    pool = list(truth.deck)
    for s, hand in enumerate(truth.hands):
        if s == seat:
            continue
        cards = [c for c in range(len(hand)) for _ in range(hand[c])]
        counts[s] = [sum(back_of(c) == back for c in cards) for back in (0, 1)]
        for back in (0, 1):
            backed = [c for c in cards if back_of(c) == back]
            known[s] += backed if what == "hands" else rng.sample(backed, min(1, len(backed)))
        for card in known[s]:
            cards.remove(card)
        pool += cards
    pool.sort()
    shuffle(rng, pool)
    for s, hand in enumerate(truth.hands):
        if s == seat:
            continue
        state.hands[s], state.held[s] = [0] * len(hand), 0
        for card in known[s]:
            state._take(s, card)
            counts[s][back_of(card)] -= 1
        for back in (0, 1):
            for card in [c for c in pool if back_of(c) == back][:counts[s][back]]:
                pool.remove(card)
                state._take(s, card)
    state.deck = pool
    return sample


KEPT_TEMPERATURE = 0.02  # how sharply a better pair the rival passed over counts against a hand


def rival_tables(game: Game, seat: int) -> dict[int, dict[tuple[int, int], float]]:
    """Per rival whose last move was a pair played from two red and two blue cards (New York):
    the likelihood of each red and blue card it may have kept (`kept_likelihoods`). The past
    positions are the game replayed, of which only what everyone saw is read."""
    actors, replay = [], Game(game.name, game.players, game.seed, game.options, allow_undo=False)
    for action in game.history:
        actors.append(replay.to_move)
        replay.play(action)
    last = {actor: ply for ply, actor in enumerate(actors) if actor is not None and actor != seat}
    wanted = {ply: rival for rival, ply in last.items() if game.history[ply].kind == "pair"}
    tables, rng = {}, random.Random(0)
    replay = Game(game.name, game.players, game.seed, game.options, allow_undo=False)
    for ply, action in enumerate(game.history[:max(wanted, default=-1) + 1]):
        rival = wanted.get(ply)
        if rival is not None and replay.view(None)["hand_counts"][rival] == {"red": 2, "blue": 2}:
            tables[rival] = kept_likelihoods(replay, rival, action, rng)
        replay.play(action)
    return tables


def kept_likelihoods(position: Game, rival: int, played: Action, rng: random.Random) -> dict[tuple[int, int], float]:
    """For each red and blue card the rival may have kept when it played `played` from two of
    each: how likely a greedy bot holding them with the played pair would have played it. Each
    square it could take is valued as the greedy bot values it (`bot.evaluate` after the move);
    a kept pair that named a better square than the one played counts against that hand."""
    hooks, values = hooks_for(position), {}
    for sq in range(N * N):
        row, col = divmod(sq, N)
        sample = position.determinize(rival, rng)
        sample.rules._take(rival, row)
        sample.rules._take(rival, BLUE0 + col)
        pair = PAIR.get((row, BLUE0 + col, sq, -1))
        if pair is not None and pair in sample.legal_actions():
            sample.play(pair)
            values[sq] = evaluate(sample, hooks)[rival]
    red, blue, square, _ = played.args
    chosen = values.get(square, 0.0)

    def best(r: int, b: int) -> float:
        rows = range(N) if r == RED_JOKER else (r,)
        cols = range(N) if b == BLUE_JOKER else (b - BLUE0,)
        return max((values[x * N + y] for x in rows for y in cols if x * N + y in values), default=-math.inf)

    return {(r, b): math.exp(-max(0.0, max(best(red, b), best(r, blue), best(r, b)) - chosen) / KEPT_TEMPERATURE)
            for r in range(RED_JOKER + 1) for b in range(BLUE0, BLUE_JOKER + 1)}


def inferring(game: Game, tables: dict[int, dict[tuple[int, int], float]], candidates: int = 8) -> Game:
    """A copy of a New York game whose samples are drawn `candidates` at a time and one kept,
    by the likelihood of the rivals' hands in them (`rival_tables`)."""
    seen, reds, blues = copy.copy(game), range(RED_JOKER + 1), range(BLUE0, BLUE_JOKER + 1)

    def sample(seat: int, rng: random.Random) -> Game:
        drawn = [game.determinize(seat, rng) for _ in range(candidates)]
        weights = []
        for one in drawn:
            weight = 1.0
            for rival, table in tables.items():
                hand = one.rules.hands[rival]
                pairs = sum(hand[r] * hand[b] for r in reds for b in blues)
                weight *= sum(hand[r] * hand[b] * table[r, b] for r in reds for b in blues) / max(1, pairs)
            weights.append(weight)
        return rng.choices(drawn, weights)[0] if sum(weights) > 0 else drawn[0]

    seen.determinize = sample
    return seen


class Clairvoyant(Candidate):
    """The search of `Candidate` on New York's true position: every sample it draws is a
    `clairvoyant_sample`."""

    def __call__(self, seed: int) -> MctsBot:
        bot = super().__call__(seed)
        choose = bot.choose
        bot.choose = lambda game, deadline=None, stop=None: choose(seeing(game), deadline, stop)
        return bot


def best_hire(hooks: BotHooks):
    """A New York City playout policy tried on 2026-12-05 (docs/bots.md): hire the highest level
    on offer (never none), end a character window half the time, else the game's own policy."""
    def rollout(game: Game, legal: list[Action], rng: random.Random) -> Action:
        hires = [a for a in legal if a.kind == "hire" and a.args[0]]
        if hires:
            characters = tables_for(game.options.get("data")).characters
            level = {a: characters[a.args[0]].level for a in hires}
            best = max(level.values())
            return rng.choice([a for a in hires if level[a] == best])
        if any(a.kind == "use" for a in legal) and any(a.kind == "done" for a in legal) and rng.random() < 0.5:
            return next(a for a in legal if a.kind == "done")
        return hooks.rollout(game, legal, rng)
    return rollout


ROUND_SCALES = {1: (15, -1.0), 2: (30, -1.0), 3: (20, -0.75), 4: (15, -0.75), 5: (8, -0.5)}


def scaled(game_name: str, scale: str):
    """An evaluation of the game's own worth with another squash: a flat scale, or per round of
    New York City the scale and offset fitted to greedy games' wins (`ROUND_SCALES`)."""
    worth = importlib.import_module(f"nbgames.{game_name}.bot").worth

    def by_round(game: Game) -> list[float]:
        flat, offset = ROUND_SCALES[max(1, game.rules.round)]
        values = worth(game)
        return [squash(own - max(v for other, v in enumerate(values) if other != seat) + offset * flat, flat)
                for seat, own in enumerate(values)]

    if scale == "rounds":
        return by_round
    flat = float(scale)
    return lambda game: score_values(worth(game), flat)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=4)
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--iterations", type=int)
    group.add_argument("--level", help="a level by time instead (normal, hard): its own prior and cap")
    group.add_argument("--one-ply", type=int, metavar="SAMPLES",
                       help="no search: the one-ply look by the search's evaluation over SAMPLES samples")
    parser.add_argument("--arms", type=int, help="with --one-ply: only the ARMS best on one sample, on common samples")
    parser.add_argument("--replies", action="store_true", help="with --arms: the rivals answer as greedy bots")
    parser.add_argument("--plan", action="store_true",
                        help="with --arms: the rivals answer as greedy bots, then the seat's best next move is judged")
    parser.add_argument("--prior", type=int, default=5, help="playouts the one-ply look is worth")
    parser.add_argument("--depth", type=int, help="playout plies instead of the game's own (0: judge at once)")
    parser.add_argument("--widening", type=float, default=WIDENING,
                        help="root actions after n iterations: 1 + n ** this")
    parser.add_argument("--rollout", choices=["best-hire"], help="another playout policy (New York City)")
    parser.add_argument("--play-in-playout", type=float, metavar="P",
                        help="New York City: how often a playout adds a card to the bid (the game's own: 0.85)")
    parser.add_argument("--scale", help="the evaluation's squash: a number, or 'rounds' (New York City)")
    parser.add_argument("--clairvoyant", nargs="?", const="all", choices=("all", "hands", "half"),
                        help="New York: search or look at the true position (a ceiling); "
                             "'hands': the flat look sees the true hands, the draw pile still sampled; "
                             "'half': one red and one blue card of each rival's hand")
    parser.add_argument("--infer", action="store_true",
                        help="New York, with --arms: samples weighed by the rivals' last moves as greedy choices")
    parser.add_argument("--halving", type=int, default=0, metavar="ARMS",
                        help="sequential halving over the ARMS best root actions instead of UCT's widening")
    parser.add_argument("--exploration", type=float, help="UCT's constant instead of the search's own")
    parser.add_argument("--part", default="0/1", help="K/M: play only the games i with i %% M == K")
    parser.add_argument("--against", default="greedy")
    parser.add_argument("-n", type=int, default=30, help="games")
    parser.add_argument("--log", default="benchmarks/results/tuning", metavar="DIR")
    args = parser.parse_args(argv)
    if (args.arms or args.replies or args.plan) and not (args.one_ply and args.arms):
        parser.error("--arms goes with --one-ply, and --replies and --plan with both")
    if args.clairvoyant and args.one_ply and not args.arms:
        parser.error("--clairvoyant goes with a search or with --one-ply and --arms")
    if args.infer and (not args.arms or args.clairvoyant):
        parser.error("--infer goes with --one-ply and --arms, without --clairvoyant")
    if args.clairvoyant in ("hands", "half") and not args.arms:
        parser.error(f"--clairvoyant {args.clairvoyant} goes with --one-ply and --arms")
    hooks, label = hooks_for(Game(args.game, args.players, 0)), ""  # the game's own, changed below
    if args.depth is not None:
        hooks, label = dataclasses.replace(hooks, rollout_depth=args.depth), f"-depth{args.depth}"
    if args.rollout:
        hooks, label = dataclasses.replace(hooks, rollout=best_hire(hooks)), f"{label}-{args.rollout}"
    if args.play_in_playout is not None:
        importlib.import_module("nbgames.newyork_city.bot").PLAY_IN_PLAYOUT = args.play_in_playout
        label = f"{label}-play{args.play_in_playout:g}"
    if args.scale:
        hooks, label = dataclasses.replace(hooks, evaluate=scaled(args.game, args.scale)), f"{label}-scale{args.scale}"
    if args.widening != WIDENING:
        label = f"{label}-widen{args.widening:g}"
    if args.exploration is not None:
        label = f"{label}-c{args.exploration:g}"
    if args.halving:
        label = f"{label}-halving{args.halving}"
    label += clairvoyant_label(args.clairvoyant)
    if args.one_ply and args.arms:
        hero = Flat(args.arms, args.one_ply, hooks, args.replies, args.plan, args.clairvoyant, args.infer)
    elif args.one_ply:
        hero = OnePly(args.one_ply, hooks)
    else:
        maker = Clairvoyant if args.clairvoyant else Candidate
        hero = maker(args.iterations, args.prior, hooks, label, args.widening, args.level, args.halving,
                     args.exploration)
    part, parts = map(int, args.part.split("/"))
    path = Path(args.log) / f"{args.game}-{args.players}p-{hero.name}-vs-{args.against}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    rows = [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []
    done = {row["game"] for row in rows}
    for game in range(args.n):
        if game in done or game % parts != part:
            continue
        row = play_game(args.game, [hero] + [args.against] * (args.players - 1), game, 0)[0]
        rows.append(row)
        with path.open("a") as out:
            out.write(json.dumps(row) + "\n")
        wins = sum(r["win"] for r in rows)
        low, high = wilson(wins, len(rows))
        print(f"{hero.name} game {game}: win {row['win']:g} (score {row['score']}); "
              f"{wins / len(rows):.1%} (95% CI {low:.1%}-{high:.1%}) of {len(rows)}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
