"""Test helpers (they live in the package so the benchmarks share them)."""

from nbgames.testing import CHROMIUM, CHROMIUM_ARGS, ROOT, Server, free_port

__all__ = ["CHROMIUM", "CHROMIUM_ARGS", "ROOT", "Server", "free_port"]
