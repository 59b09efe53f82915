"""A throwaway PostgreSQL server from Debian's package (``postgresql``, installed by .ci/run):
initdb + pg_ctl into a temporary folder, as the ``postgres`` system user when run as root
(PostgreSQL refuses to run as root), listening on 127.0.0.1 at a free port, trust auth, no fsync.

Missing binaries: the tests skip loudly outside CI and fail under CI=true."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from nbgames.testing import free_port


def postgres_bin() -> Path | None:
    """The folder of Debian's initdb/pg_ctl (they are not on the PATH there), newest version first."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0, reverse=True)
    if found:
        return Path(found[0]).parent
    which = shutil.which("initdb")
    return Path(which).resolve().parent if which else None


def require_postgres() -> Path:
    where = postgres_bin()
    try:
        import psycopg  # noqa: F401
    except ImportError:
        where, why = None, "psycopg is not installed (pip install -e '.[test]')"
    else:
        why = "PostgreSQL's initdb not found: apt-get install postgresql (.ci/run does)"
    if where is None:
        if os.environ.get("CI"):
            pytest.fail(why)
        pytest.skip("SKIPPED LOUDLY: " + why)
    return where


class Postgres:
    """One running server; `database(name)` makes an empty database and returns its URL."""

    def __init__(self, bindir: Path):
        self.bindir = bindir
        self.dir = Path(tempfile.mkdtemp(prefix="nbgames-pg-"))
        self.data = self.dir / "data"
        self.port = free_port()
        self.as_root = os.geteuid() == 0
        if self.as_root:
            shutil.chown(self.dir, "postgres", "postgres")

    def run(self, *argv: str) -> None:
        command = [*(["runuser", "-u", "postgres", "--"] if self.as_root else []), *argv]
        result = subprocess.run(command, capture_output=True, text=True, timeout=120, cwd=self.dir)
        if result.returncode:
            raise RuntimeError(f"{' '.join(argv)} failed:\n{result.stdout}\n{result.stderr}")

    def start(self) -> Postgres:
        self.run(str(self.bindir / "initdb"), "-D", str(self.data), "-A", "trust", "-U", "postgres",
                 "-E", "UTF8", "--no-sync")
        options = f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60"
        self.run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-o", options, "-l",
                 str(self.dir / "server.log"), "-w", "-t", "60", "start")
        return self

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"

    def database(self, name: str) -> str:
        from sqlalchemy import create_engine, text

        engine = create_engine(self.url, isolation_level="AUTOCOMMIT")
        with engine.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
            connection.execute(text(f'CREATE DATABASE "{name}"'))
        engine.dispose()
        return self.url.rsplit("/", 1)[0] + f"/{name}"

    def stop(self) -> None:
        try:
            self.run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)
