"""Errors reach operators: Sentry when SENTRY_DSN is set, else e-mail to ADMINS."""

from __future__ import annotations

from tests.site.test_settings_process import PRODUCTION, _manage


def _last_line(code: str, **env: str) -> str:
    result = _manage("shell", "-c", code, env={**PRODUCTION, **env})
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()[-1]


def test_it_reports_to_sentry_only_when_a_dsn_is_set() -> None:
    code = "import sentry_sdk; print(sentry_sdk.get_client().is_active())"
    assert _last_line(code) == "False"
    assert _last_line(code, SENTRY_DSN="http://public@127.0.0.1:9/1") == "True"


def test_it_reads_admins_from_the_environment_and_refuses_a_non_address() -> None:
    code = "from django.conf import settings as s; print(s.ADMINS)"
    assert _last_line(code, ADMINS="ops@tipperary.example, orla@tipperary.example") == (
        "[('ops@tipperary.example', 'ops@tipperary.example'), "
        "('orla@tipperary.example', 'orla@tipperary.example')]"
    )
    refused = _manage("check", env={**PRODUCTION, "ADMINS": "ops"})
    assert refused.returncode != 0
    assert "ADMINS must be e-mail addresses" in refused.stderr


def test_check_deploy_stays_clean_with_error_reporting_and_the_policy() -> None:
    env = {**PRODUCTION, "SENTRY_DSN": "http://public@127.0.0.1:9/1", "ADMINS": "ops@t.example"}
    result = _manage("check", "--deploy", "--fail-level", "WARNING", env=env)
    assert result.returncode == 0, result.stdout + result.stderr
