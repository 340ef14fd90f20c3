"""Connections to PostgreSQL as a fresh process makes them: a pool per process, and a database
that does not answer fails the request within seconds instead of holding it for ever."""

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

BASE_DIR = Path(__file__).resolve().parents[2]
CONNECT = "from django.db import connection; connection.ensure_connection()"


def _shell(code: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("DATABASE_")}
    return subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code],
        cwd=BASE_DIR,
        env={**clean, "DEBUG": "1", **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("pool_size", ["4", "0"], ids=["pooled", "one per thread"])
def test_it_gives_up_on_a_database_that_does_not_answer(pool_size: str) -> None:
    with socket.socket() as silent:
        # The kernel accepts the connection; nothing ever answers on it.
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        port = silent.getsockname()[1]
        env = {
            "DATABASE_URL": f"postgres://someone:secret@127.0.0.1:{port}/tipperary",
            "DATABASE_CONNECT_TIMEOUT": "1",
            "DATABASE_POOL_SIZE": pool_size,
        }
        started = time.monotonic()
        result = _shell(CONNECT, env)
        elapsed = time.monotonic() - started
    assert result.returncode != 0
    assert "OperationalError" in result.stderr
    assert elapsed < 20, f"took {elapsed:.0f} s"


def test_it_pools_postgresql_connections_but_not_sqlite_ones(tmp_path: Path) -> None:
    code = "from django.conf import settings as s; print(s.DATABASES['default']['OPTIONS'])"
    postgres = _shell(code, {"DATABASE_URL": "postgres://u:p@127.0.0.1:5432/tipperary"})
    sqlite = _shell(code, {"DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"})
    assert postgres.returncode == 0, postgres.stderr
    assert "'pool': {'min_size': 1, 'max_size': 10, 'timeout': 5}" in postgres.stdout
    assert "'connect_timeout': 5" in postgres.stdout
    assert sqlite.returncode == 0, sqlite.stderr
    assert "pool" not in sqlite.stdout


# Six runs of one statement, then what PostgreSQL holds prepared for this connection.
RUN_AGAIN_AND_AGAIN = """
from django.db import connection
with connection.cursor() as cursor:
    for _ in range(6):
        cursor.execute("SELECT %s::int + 1", [1])
    cursor.execute("SELECT count(*) FROM pg_prepared_statements")
    print("prepared:", cursor.fetchone()[0])
"""


@pytest.mark.parametrize(("prepared", "held"), [("1", "1"), ("0", "0")], ids=["on", "off"])
def test_a_statement_run_again_and_again_is_prepared_unless_turned_off(
    prepared: str, held: str
) -> None:
    """PostgreSQL plans it once; off (``DATABASE_PREPARED=0``) behind PgBouncer in transaction
    mode, which cannot keep a connection's prepared statements."""
    env = {
        "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/postgres",
        "DATABASE_PREPARED": prepared,
    }
    result = _shell(RUN_AGAIN_AND_AGAIN, env)
    assert result.returncode == 0, result.stderr
    assert f"prepared: {held}" in result.stdout
