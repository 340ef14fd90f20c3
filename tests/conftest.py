"""Fixtures shared by the whole suite: a real Celery worker, a real SMTP sink, Chromium."""

from __future__ import annotations

import os

# Live-server browser tests touch the ORM from the thread Playwright's sync API runs in.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

pytest_plugins = ["tests.fixtures.worker", "tests.fixtures.smtp", "tests.fixtures.browser"]
