"""Do two versions of the engines offer the same legal actions? A fingerprint of play.

Plays seeded random games of every game and variant through the public API (`new_game`,
`legal_actions`, `play`) and hashes every legal-action list met on the way. With ``--against
REV`` the same games are played by the engines of git revision REV (checked out into a temporary
worktree) and the digests are compared side by side.

    python benchmarks/legal_hash.py --games 40 --against 07c2aa0
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
]


def fingerprints(games: int) -> dict[str, dict]:
    import nbgames

    out = {}
    for name, label, players, options in VARIANTS:
        digest = hashlib.sha256()
        lists = 0
        for seed in range(games):
            game = nbgames.new_game(name, players=players, seed=seed, options=options)
            rng = random.Random(seed * 7919 + players)
            while not game.is_over:
                legal = game.legal_actions()
                digest.update("|".join(map(str, legal)).encode() + b"\n")
                lists += 1
                game.play(rng.choice(legal))
        out[f"{name}/{label}/{players}p"] = {"sha256": digest.hexdigest()[:16], "positions": lists}
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="games per variant")
    parser.add_argument("--against", default=None, help="a git revision to compare with")
    parser.add_argument("--json", action="store_true", help="print this tree's fingerprints as JSON")
    args = parser.parse_args()
    here = fingerprints(args.games)
    if args.json:
        print(json.dumps(here))
        return 0
    other = {}
    if args.against:
        repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        with tempfile.TemporaryDirectory() as tmp:
            tree = os.path.join(tmp, "tree")
            subprocess.run(["git", "-C", repo, "worktree", "add", "--detach", tree, args.against],
                           check=True, capture_output=True)
            try:
                env = {**os.environ, "PYTHONPATH": tree}
                script = os.path.abspath(__file__)
                done = subprocess.run([sys.executable, script, "--games", str(args.games), "--json"], cwd=tree,
                                      env=env, check=True, capture_output=True, text=True)
                other = json.loads(done.stdout)
            finally:
                subprocess.run(["git", "-C", repo, "worktree", "remove", "--force", tree], capture_output=True)
    total = sum(v["positions"] for v in here.values())
    same = 0
    print(f"{'variant':<32} {'positions':>9}  {'this tree':<16}  {args.against or '':<16}")
    for key, value in here.items():
        theirs = other.get(key, {})
        mark = "" if not other else ("same" if theirs.get("sha256") == value["sha256"] else "DIFFERENT")
        same += mark == "same"
        print(f"{key:<32} {value['positions']:>9}  {value['sha256']:<16}  {theirs.get('sha256', ''):<16} {mark}")
    print(f"{args.games * len(VARIANTS)} games, {total} legal-action lists"
          + (f"; {same}/{len(here)} variants identical to {args.against}" if other else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
