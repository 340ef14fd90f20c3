"""Faults made real: a broker that does not answer, and the roles of a two-player table."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tipperary_site.celery import app as celery_app

# A port nothing listens on: connecting is refused at once, as with Redis down.
DEAD_BROKER = "redis://127.0.0.1:1/0"
# Celery derives the read and write URLs from the broker's at start-up: all three must move.
URLS = ("broker_url", "broker_read_url", "broker_write_url")


def _forget_connections() -> None:
    """Drop the app's pooled broker connections, so the next send connects afresh."""
    if celery_app._pool is not None:
        celery_app._pool.force_close_all()
    celery_app._pool = None
    celery_app.amqp._producer_pool = None


@pytest.fixture
def broker_down() -> Iterator[None]:
    """While the test runs, the broker refuses connections (tasks are really sent, not run)."""
    conf = celery_app.conf
    saved = {name: conf[name] for name in (*URLS, "task_always_eager")}
    conf.update({name: DEAD_BROKER for name in URLS}, task_always_eager=False)
    _forget_connections()
    try:
        yield
    finally:
        conf.update(saved)
        _forget_connections()
