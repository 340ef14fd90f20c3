"""Fixtures shared by the whole suite: a real Celery worker, a real SMTP sink, Chromium."""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import override_settings
from django.utils import translation

from tests.factories import UserFactory
from tipperary_site.celery import app as celery_app

# Live-server browser tests touch the ORM from the thread Playwright's sync API runs in.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

pytest_plugins = [
    "tests.fixtures.worker",
    "tests.fixtures.smtp",
    "tests.fixtures.push_service",
    "tests.fixtures.browser",
    "tests.fixtures.axe",
    "tests.fixtures.streams",
]

CHROMIUM = "/usr/lib/chromium/chromium"
# The fixtures of tests.fixtures.worker that start a real worker process.
WORKER_FIXTURES = frozenset({"celery_worker", "own_workers"})

# Programs run with ``python -m`` (make bench, make load), not tests: --doctest-modules would
# import them only to find no examples.
collect_ignore = ["bench", "load"]


@pytest.hookimpl(wrapper=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> Iterator[None]:
    """A test that starts a real worker (through one of its fixtures) is marked ``worker``,
    before anything else, so that ``-m worker`` and ``-m "not worker"`` see the mark.

    Then, once every other plugin has ordered the tests (pytest-django puts those in a
    transaction first), the browser tests go last, keeping their order: Playwright leaves its
    event loop running in the main thread, where a later test's call of an async view (the
    streams) through Django's test client would fail."""
    for item in items:
        if WORKER_FIXTURES.intersection(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.worker)
    yield
    in_browser = [item for item in items if "playwright" in getattr(item, "fixturenames", ())]
    if in_browser:
        others = [item for item in items if "playwright" not in getattr(item, "fixturenames", ())]
        items[:] = others + in_browser


# Defined here, not in a plugin module, so it overrides pytest-playwright's own fixture.
@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--disable-quic",
        ],
    }


@pytest.fixture(scope="session", autouse=True)
def _quick_password_hashes() -> Iterator[None]:
    """Passwords are hashed with one round of MD5 in tests, as Django advises for test runs: the
    site's PBKDF2 (a million rounds, about 0.3 s) would cost that for every person a test makes
    or logs in by password, and no test is about the strength of the hash."""
    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield


@pytest.fixture(autouse=True)
def _empty_cache() -> Iterator[None]:
    """Every test starts with an empty cache (drawn pages and counties, rate limits)."""
    cache.clear()
    yield


@pytest.fixture(autouse=True)
def _dealt_decks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every table a test makes is dealt from a known deck (the n-th one made in a test gets
    seed 1000 + n), so what it plays, and any tie it ends in, is the same on every run."""
    from games.challenge import entries
    from games.models import Game
    from games.services import tables

    seeds = itertools.count(1001)

    def dealt() -> int:
        return next(seeds)

    monkeypatch.setattr(tables, "new_seed", dealt)
    monkeypatch.setattr(entries, "new_seed", dealt)
    monkeypatch.setattr(Game._meta.get_field("seed"), "_get_default", dealt)


@pytest.fixture(autouse=True)
def _site_language() -> Iterator[None]:
    """Every test starts in the site's language: a request through LocaleMiddleware leaves the
    language it activated on the thread, which the next test would otherwise inherit."""
    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _tasks_run_in_process(request: pytest.FixtureRequest) -> Iterator[None]:
    """Tasks enqueued by a test run in-process, unless the test has a real worker to run them."""
    if WORKER_FIXTURES.intersection(request.fixturenames):
        yield
        return
    celery_app.conf.task_always_eager = True
    try:
        yield
    finally:
        celery_app.conf.task_always_eager = False


def make_person(name: str, **profile: object) -> User:
    """A verified player called ``name`` (``profile`` sets profile fields, e.g. email_mode)."""
    return UserFactory.create(
        username=name, **{f"profile__{field}": value for field, value in profile.items()}
    )


# Fixed roles, shared by the suites of tables: a host, another player, an outsider.
@pytest.fixture
def host(db: None) -> User:
    return make_person("Aoife")


@pytest.fixture
def player(db: None) -> User:
    return make_person("Brendan")


@pytest.fixture
def outsider(db: None) -> User:
    return make_person("Ciara")
