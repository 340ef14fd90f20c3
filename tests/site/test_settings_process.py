"""Settings as a fresh process sees them: production checks and the embedded defaults."""

import os
import subprocess
import sys
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parents[2]

PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "p" * 20 + "-a-long-random-production-secret-key-0123456789",
    "ALLOWED_HOSTS": "tipperary.example",
    "SITE_URL": "https://tipperary.example",
    "DATABASE_URL": "postgres://postgres:postgres@127.0.0.1:5432/tipperary",
    "CELERY_BROKER_URL": "redis://127.0.0.1:6379/0",
    "EMAIL_HOST": "smtp.example",
}

# Set by the test suite for its own browser tests; a deployment never has it.
TEST_ONLY = {"DJANGO_ALLOW_ASYNC_UNSAFE"}


def _manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in {*PRODUCTION, *TEST_ONLY}}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=BASE_DIR, env={**clean, **env}, capture_output=True, text=True, timeout=120,
    )  # fmt: skip


def test_it_passes_check_deploy_with_production_settings() -> None:
    result = _manage("check", "--deploy", "--fail-level", "WARNING", env=PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_it_refuses_to_start_in_production_without_a_secret_key() -> None:
    env = {**PRODUCTION, "SECRET_KEY": ""}
    result = _manage("check", env=env)
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_it_refuses_a_bad_boolean_by_name() -> None:
    result = _manage("check", env={"DEBUG": "perhaps"})
    assert result.returncode != 0
    assert "DEBUG must be one of" in result.stderr


def test_it_defaults_to_sqlite_with_wal_and_the_filesystem_broker(tmp_path: Path) -> None:
    code = (
        "from django.conf import settings as s; from django.db import connection as c;"
        "c.ensure_connection(); cur = c.cursor(); cur.execute('PRAGMA journal_mode');"
        "print(s.DATABASES['default']['ENGINE'], cur.fetchone()[0],"
        " s.DATABASES['default']['OPTIONS']['transaction_mode'], s.CELERY_BROKER_URL,"
        " type(__import__('tipperary_site.celery').celery.app.connection_for_write().transport))"
    )
    env = {"VAR_DIR": str(tmp_path), "DATABASE_URL": "", "CELERY_BROKER_URL": ""}
    result = _manage("shell", "-c", code, env=env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1].split() == [
        "django.db.backends.sqlite3", "wal", "IMMEDIATE", "filesystem://",
        "<class", "'tipperary_site.broker_files.Transport'>",
    ]  # fmt: skip
