"""Faults made real: a broker that refuses connections, a mail server that never answers."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator

import pytest
from pytest_django.fixtures import Settings as SettingsWrapper

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


class SilentServer:
    """A TCP server that accepts every connection and never says a word (a hung mail server)."""

    def __init__(self) -> None:
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = int(self.listener.getsockname()[1])
        self.accepted: list[socket.socket] = []
        self._thread = threading.Thread(target=self._accept, daemon=True)
        self._thread.start()

    def _accept(self) -> None:
        while True:
            try:
                connection, _ = self.listener.accept()
            except OSError:
                return  # closed
            self.accepted.append(connection)

    @property
    def connections(self) -> int:
        return len(self.accepted)

    def close(self) -> None:
        self.listener.close()
        for connection in self.accepted:
            connection.close()


@pytest.fixture
def silent_smtp(settings: SettingsWrapper) -> Iterator[SilentServer]:
    """Django's SMTP backend pointed at a server that hangs, with a one-second time-out."""
    server = SilentServer()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_TIMEOUT = "127.0.0.1", server.port, 1
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    try:
        yield server
    finally:
        server.close()
