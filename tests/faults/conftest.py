"""Faults made real: a broker that refuses connections, a mail server that never answers."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from pytest_django.fixtures import Settings as SettingsWrapper

from tipperary_site.celery import app as celery_app

# A port nothing listens on: connecting is refused at once, as with Redis down.
DEAD_BROKER = "redis://127.0.0.1:1/0"
# Celery derives the read and write URLs from the broker's at start-up: all three must move.
URLS = ("broker_url", "broker_read_url", "broker_write_url")


def _forget_connections() -> None:
    """Make the app look its connection pool up again by the (new) broker URL on the next send.

    Pools are never closed here: kombu keeps one per URL and hands the same one out again."""
    celery_app._pool = None
    celery_app.amqp._producer_pool = None


def until(condition: Callable[[], bool], what: str, timeout: float = 30.0) -> None:
    """Wait for ``condition`` (checked every 50 ms) or fail saying ``what`` never happened.

    Only for another process reaching a point (a worker or a request waiting on a lock): the
    test then acts at that point; nothing is asserted about time."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} never happened")
        time.sleep(0.05)


@contextmanager
def broker_unreachable() -> Iterator[None]:
    """While inside, the broker refuses connections (tasks are really sent, not run)."""
    conf = celery_app.conf
    saved = {name: conf[name] for name in (*URLS, "task_always_eager")}
    conf.update({name: DEAD_BROKER for name in URLS}, task_always_eager=False)
    _forget_connections()
    try:
        yield
    finally:
        conf.update(saved)
        _forget_connections()


@pytest.fixture
def broker_down() -> Iterator[None]:
    """While the test runs, the broker refuses connections."""
    with broker_unreachable():
        yield


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
