"""Do two versions of the engines offer the same legal actions? A fingerprint of play.

Plays seeded random games of every game and variant through the public API (`new_game`,
`legal_actions`, `play`) and hashes every legal-action list met on the way. With ``--against
REV`` the same games are played by the engines of git revision REV (its ``nbgames`` taken out
with ``git archive`` into a temporary folder, run in a subprocess) and compared game by game:
a game that differs is named by its variant, seed and the first move (ply) whose legal list
differs, with the actions only one side offers there.

    python benchmarks/legal_hash.py --games 100 --against d414cc1
    python benchmarks/legal_hash.py --games 100 --against d414cc1 --only newyork1901 newyork_city
    python benchmarks/legal_hash.py --games 100 --against d414cc1 --only newyork_city --ignore swap

Rule fixes made after a revision change some lists on purpose (see ``KNOWN_FIXES``): the
summary counts the differing games by the kinds of action each first difference adds or
removes. ``--ignore KIND`` leaves a kind out of the lists (and out of the random choices), so
the rest can be compared past a fix that adds that kind everywhere (New York City's swaps).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import subprocess
import sys
import tempfile

# (game, label, players, options); the same list for every revision compared.
VARIANTS = [
    *[("newyork", "standard", p, {}) for p in (2, 3, 4, 5)],
    *[("newyork", "action_cards", p, {"action_cards": True}) for p in (2, 3, 4, 5)],
    ("newyork", "colour_choice", 4, {"colour_choice": True}),
    ("newyork", "teams", 4, {"teams": True}),
    *[("galopp_royal", "standard", p, {}) for p in (3, 4, 5, 6)],
    *[("newyork1901", "standard", p, {}) for p in (2, 3, 4)],
    *[("newyork_city", "standard", p, {}) for p in (2, 3, 4)],
]

# Rule changes since d414cc1 that change legal lists on purpose (commit: what changed).
KNOWN_FIXES = {
    "newyork1901": "4361b57 (NY1901-6: a rebuild extends only over worker lots adjacent to the demolished "
                   "building; NY1901-7: a recalled starting lot is an ordinary lot its card can match again)",
    "newyork_city": "702a826 (NYC-10: reserve swaps in every decision of the seat, 'play PP' of the round's "
                    "own kind, two wilds are no pair; a lone undealable card is discarded face up)",
}


def _digest(legal: list) -> str:
    return hashlib.sha256("|".join(map(str, legal)).encode()).hexdigest()[:10]


def play(name: str, players: int, options: dict, seed: int, ignore: tuple[str, ...] = ()):
    """Yield (legal list, game) along one seeded random game. Actions of the kinds in `ignore`
    are left out of the lists and never chosen (while anything else is legal)."""
    import nbgames

    game = nbgames.new_game(name, players=players, seed=seed, options=options)
    rng = random.Random(seed * 7919 + players)
    while not game.is_over:
        legal = game.legal_actions()
        shown = [a for a in legal if a.kind not in ignore] if ignore else legal
        yield shown, game
        game.play(rng.choice(shown or legal))


def fingerprints(games: int, only: list[str] | None, ignore: tuple[str, ...] = ()) -> dict[str, dict]:
    out = {}
    for name, label, players, options in VARIANTS:
        if only and name not in only:
            continue
        whole = hashlib.sha256()
        per_game = []
        lists = 0
        for seed in range(games):
            steps = [_digest(legal) for legal, _ in play(name, players, options, seed, ignore)]
            lists += len(steps)
            whole.update(" ".join(steps).encode())
            per_game.append(steps)
        out[f"{name}/{label}/{players}p"] = {"sha256": whole.hexdigest()[:16], "positions": lists, "games": per_game}
    return out


def legal_at(key: str, seed: int, ply: int, ignore: tuple[str, ...] = ()) -> list[str]:
    name, label, players = key.split("/")
    variant = next(v for v in VARIANTS if v[0] == name and v[1] == label and f"{v[2]}p" == players)
    for index, (legal, _) in enumerate(play(name, variant[2], variant[3], seed, ignore)):
        if index == ply:
            return list(map(str, legal))
    return []


def kind_of(notation: str) -> str:
    """A short name of an action's kind from its notation (for the summary of differences)."""
    word = notation.split(" ")[0]
    return "build" if "@" in word else word


def _child(path: str, *args: str) -> str:
    env = {**os.environ, "PYTHONPATH": path}
    done = subprocess.run([sys.executable, os.path.abspath(__file__), *args], cwd=path, env=env, check=True,
                          capture_output=True, text=True)
    return done.stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="games per variant")
    parser.add_argument("--against", default=None, help="a git revision to compare with")
    parser.add_argument("--only", nargs="*", default=None, help="only these games (e.g. newyork1901)")
    parser.add_argument("--show", type=int, default=3, help="differing games described per variant")
    parser.add_argument("--json", action="store_true", help="print this tree's fingerprints as JSON")
    parser.add_argument("--ignore", nargs="*", default=[], help="action kinds left out of the lists (e.g. swap)")
    parser.add_argument("--legal-at", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    ignore = tuple(args.ignore)
    if args.legal_at:  # a JSON list of [variant, seed, ply]
        print(json.dumps([legal_at(key, seed, ply, ignore) for key, seed, ply in json.loads(args.legal_at)]))
        return 0
    here = fingerprints(args.games, args.only, ignore)
    if args.json:
        print(json.dumps(here))
        return 0
    other, tmp = {}, None
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if args.against:
        tmp = tempfile.TemporaryDirectory()
        archive = subprocess.run(["git", "-C", repo, "archive", args.against, "nbgames"], check=True,
                                 capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", tmp.name], input=archive, check=True)
        other = json.loads(_child(tmp.name, "--games", str(args.games), "--json", "--ignore", *ignore,
                                  *(["--only", *args.only] if args.only else [])))
    total = sum(v["positions"] for v in here.values())
    same = 0
    notes = []
    print(f"{'variant':<32} {'positions':>9}  {'this tree':<16}  {args.against or '':<16}")
    for key, value in here.items():
        theirs = other.get(key, {})
        mark = ""
        if other:
            differing = [(seed, next((i for i, (a, b) in enumerate(zip(mine, old, strict=False)) if a != b),
                                     min(len(mine), len(old))))
                         for seed, (mine, old) in enumerate(zip(value["games"], theirs["games"], strict=True))
                         if mine != old]
            mark = "same" if not differing else f"DIFFERENT in {len(differing)}/{len(value['games'])} games"
            same += not differing
            asked = [[key, seed, ply] for seed, ply in differing]
            then_lists = json.loads(_child(tmp.name, "--legal-at", json.dumps(asked), "--ignore", *ignore)) \
                if asked else []
            classes: dict[str, int] = {}
            for (seed, ply), then_list in zip(differing, then_lists, strict=True):
                now, then = set(legal_at(key, seed, ply, ignore)), set(then_list)
                added, removed = sorted(now - then), sorted(then - now)
                what = (f"only now: {'/'.join(sorted({kind_of(a) for a in added})) or '-'}; "
                        f"only then: {'/'.join(sorted({kind_of(a) for a in removed})) or '-'}")
                classes[what] = classes.get(what, 0) + 1
                if len([n for n in notes if n.startswith(f"  {key} seed")]) < args.show:
                    notes.append(f"  {key} seed {seed} ply {ply}: only now {added[:4]}{' …' if len(added) > 4 else ''}"
                                 f" ({len(added)}), only then {removed[:4]}{' …' if len(removed) > 4 else ''}"
                                 f" ({len(removed)})")
            for what, count in sorted(classes.items(), key=lambda item: -item[1]):
                notes.append(f"  {key}: {count} games first differ by actions {what}")
            if differing and key.split("/")[0] in KNOWN_FIXES:
                notes.append(f"  {key}: rule fix {KNOWN_FIXES[key.split('/')[0]]}")
        print(f"{key:<32} {value['positions']:>9}  {value['sha256']:<16}  {theirs.get('sha256', ''):<16} {mark}")
    print(f"{args.games * len(here)} games, {total} legal-action lists"
          + (f"; {same}/{len(here)} variants identical to {args.against}" if other else ""))
    if notes:
        print("First difference of some differing games (legal actions offered only now / only then):")
        print("\n".join(notes))
    if tmp is not None:
        tmp.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
