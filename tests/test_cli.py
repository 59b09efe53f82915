"""The `nbgames` command line."""

import json
import subprocess
import sys

import nbgames


def run(*args):
    return subprocess.run([sys.executable, "-m", "nbgames", *args], capture_output=True, text=True, timeout=120)


def test_simulate_prints_progress_and_summary():
    out = run("simulate", "newyork", "-n", "20", "--players", "4", "--seed", "3")
    assert out.returncode == 0, out.stderr
    assert "20/20 games" in out.stderr  # the progress bar
    assert "20 games of newyork, 4 players" in out.stdout
    shares = [float(line.split()[1].rstrip("%")) for line in out.stdout.splitlines()[3:]]
    assert len(shares) == 4 and abs(sum(shares) - 100) < 0.5


def test_replay_accepts_a_record_and_refuses_a_hostile_one(tmp_path):
    g = nbgames.new_game("newyork", players=3, seed=5)
    for _ in range(30):
        g.play(g.legal_actions()[0])
    good = tmp_path / "good.json"
    good.write_text(json.dumps(g.to_record()))
    out = run("replay", str(good))
    assert out.returncode == 0 and "ply=30" in out.stdout
    bad = tmp_path / "bad.json"
    bad.write_text('{"__class__": "os.system", "args": ["touch pwned"]}')
    out = run("replay", str(bad))
    assert out.returncode == 2 and "refused" in out.stderr
    assert not (tmp_path / "pwned").exists()
