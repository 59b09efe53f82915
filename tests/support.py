"""Test helpers (they live in the package so the benchmarks share them)."""

import importlib.util
import sys
from types import ModuleType

from nbgames.testing import CHROMIUM, CHROMIUM_ARGS, ROOT, Server, free_port

__all__ = ["CHROMIUM", "CHROMIUM_ARGS", "ROOT", "Server", "benchmark", "free_port"]


def benchmark(name: str) -> ModuleType:
    """The script benchmarks/<name>.py as a module (its sibling scripts importable while it loads)."""
    folder = str(ROOT / "benchmarks")
    sys.path.insert(0, folder)
    try:
        spec = importlib.util.spec_from_file_location(f"bench_{name}", ROOT / "benchmarks" / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(folder)
