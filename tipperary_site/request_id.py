"""One id per request, on every log line it causes: in the web process, in the tasks it enqueues
and in the mails those write, so one grep follows a move from the click to the round's end.

The id lives in a context variable. The middleware sets it for each request (keeping a sane
``X-Request-ID`` a proxy sent, else making one) and returns it in the response's header; the
enqueue sends it along as a task header, and the worker sets it again before the task runs. A
task that arrives without one (beat's sweeps) gets a fresh id, so its work can be followed too.
"""

from __future__ import annotations

import logging
import re
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar, Token
from logging.config import dictConfig
from typing import Any

from celery import signals
from django.conf import settings
from django.core.signals import request_finished
from django.http import HttpRequest, HttpResponse

HEADER = "X-Request-ID"
#: The name of the task header that carries the id to the worker.
TASK_HEADER = "request_id"
#: What log lines outside any request or task show in place of an id.
NO_ID = "-"

# Ids a proxy or load balancer makes (UUIDs, hex, base64url): long enough to grep for, short
# enough for a log line, and nothing that could forge a second line or a JSON field.
_SANE = re.compile(r"[A-Za-z0-9._:-]{8,64}")

_current: ContextVar[str | None] = ContextVar("request_id", default=None)


def current() -> str | None:
    """The id of the request or task running now (None outside both)."""
    return _current.get()


def new_id() -> str:
    return uuid.uuid4().hex


def sane(value: str | None) -> str | None:
    """``value`` if it may serve as an id as it is, else None.

    >>> sane("3f2a9c1e-0b7d-4e58-9a61-c2d4f0e8b713")
    '3f2a9c1e-0b7d-4e58-9a61-c2d4f0e8b713'
    >>> sane("evil\\nINFO forged line") is None, sane("x" * 65) is None, sane("short") is None
    (True, True, True)
    """
    return value if value is not None and _SANE.fullmatch(value) else None


@contextmanager
def bound(value: str | None) -> Iterator[None]:
    """Log the lines of the ``with`` block under ``value`` (a fresh id when it is None)."""
    token = _current.set(value or new_id())
    try:
        yield
    finally:
        _current.reset(token)


def request_id_middleware(get_response: Callable[[HttpRequest], HttpResponse]) -> Callable:
    """Give each request its id for everything it logs, and return it in ``X-Request-ID``."""
    # Django logs a 4xx answer ("Not Found: …") once every middleware has returned, so the id
    # stays set until the response is closed, and is forgotten then.
    request_finished.connect(_forget, dispatch_uid="tipperary_site.request_id")

    def middleware(request: HttpRequest) -> HttpResponse:
        request_id = sane(request.headers.get(HEADER)) or new_id()
        _current.set(request_id)
        response = get_response(request)
        response[HEADER] = request_id
        return response

    return middleware


def _forget(**_: object) -> None:
    _current.set(None)


class RequestIdFilter(logging.Filter):
    """Put the current id on every record as ``request_id`` (the formatters print it)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = current() or NO_ID
        return True


# Tokens of the ids set before each task, to put back what was there once it ends: an eager
# task runs inside the request that sent it, which keeps its own id afterwards.
_task_tokens: dict[str, Token[str | None]] = {}


def _before_task(task_id: str, task: Any, **_: object) -> None:
    headers = getattr(task.request, "headers", None) or {}
    _task_tokens[task_id] = _current.set(sane(headers.get(TASK_HEADER)) or new_id())


def _after_task(task_id: str, **_: object) -> None:
    token = _task_tokens.pop(task_id, None)
    if token is not None:
        _current.reset(token)


def _worker_logging(**_: object) -> None:
    # Celery would replace the site's handlers with its own plain format; the worker logs
    # through the site's LOGGING instead (LOG_FORMAT, LOG_LEVEL and the request id).
    dictConfig(settings.LOGGING)


def follow_requests_into_tasks() -> None:
    """Connect the worker's signals: each task logs under the id of the request that sent it."""
    signals.task_prerun.connect(_before_task, weak=False)
    signals.task_postrun.connect(_after_task, weak=False)
    signals.setup_logging.connect(_worker_logging, weak=False)
