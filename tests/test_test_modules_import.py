"""Every test module imports: the browser tests are collected here too, in the fast part of the run.

A browser module that imports a helper another module no longer has fails at collection, and
that failure used to show only after the non-browser part had run for minutes (stop 36)."""

import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).parent


def test_every_browser_test_module_is_collected():
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", str(TESTS / "browser")],
        capture_output=True, text=True, cwd=TESTS.parent, timeout=300,
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    modules = {line.split("::")[0] for line in run.stdout.splitlines() if "::" in line}
    on_disk = {str(path.relative_to(TESTS.parent)) for path in (TESTS / "browser").glob("test_*.py")}
    assert modules == on_disk, f"modules with no test collected: {sorted(on_disk - modules)}"
