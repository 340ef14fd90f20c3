"""GET /healthz says whether the database and the broker answer."""

import pytest
from django.test import Client
from pytest_django.fixtures import Settings as SettingsWrapper


@pytest.mark.django_db
def test_it_reports_database_and_broker_ok(client: Client, settings: SettingsWrapper) -> None:
    assert settings.DATABASES["default"]["ENGINE"].endswith("postgresql")
    assert settings.CELERY_BROKER_URL.startswith("redis://")
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"database": "ok", "broker": "ok", "status": "ok"}
    assert "no-cache" in response["Cache-Control"]


@pytest.mark.django_db
def test_it_answers_503_naming_the_broker_when_it_is_unreachable(
    client: Client, settings: SettingsWrapper
) -> None:
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["database"] == "ok"
    assert body["broker"] != "ok"
    assert body["status"] == "failing"


@pytest.mark.django_db
def test_it_refuses_other_methods(client: Client) -> None:
    assert client.post("/healthz").status_code == 405
