"""Under ``make run`` static files travel as in production: hashed names, compressed bodies,
while ``DEBUG`` keeps its error pages.

The site runs here as ``make run`` starts it: the embedded defaults (no database, broker or
cache named), ``DEBUG`` on, the Makefile's ``RUN_ENV`` (``STATIC_MANIFEST=1``), collectstatic
first, then gunicorn.
"""

from __future__ import annotations

import gzip
import http.client
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.fixtures.processes import BASE_DIR, Process, free_port, start_gunicorn

# What the site reads that make run leaves unset, so the embedded defaults apply.
NAMED_SERVICES = {"DATABASE_URL", "CELERY_BROKER_URL", "CACHE_URL", "DJANGO_SETTINGS_MODULE"}


def _run_env() -> dict[str, str]:
    """The Makefile's RUN_ENV (``run`` target), read from the Makefile itself."""
    found = re.search(r"^RUN_ENV := (.*)$", (BASE_DIR / "Makefile").read_text(), re.M)
    assert found is not None, "the Makefile sets no RUN_ENV for make run"
    return dict(pair.split("=", 1) for pair in found.group(1).split())


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, Path]]:
    var = tmp_path_factory.mktemp("var")
    env = {k: v for k, v in os.environ.items() if k not in NAMED_SERVICES}
    env |= {"DEBUG": "1", "VAR_DIR": str(var), **_run_env()}
    collected = subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "--verbosity", "0"],
        cwd=BASE_DIR, env=env, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert collected.returncode == 0, collected.stdout + collected.stderr
    port = free_port()
    web: Process = start_gunicorn(port, env)
    try:
        yield port, var
    finally:
        web.stop()


def _get(port: int, path: str, **headers: str) -> http.client.HTTPResponse:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("GET", path, headers=headers)
    response = conn.getresponse()
    response.body = response.read()  # type: ignore[attr-defined]
    conn.close()
    return response


def test_pages_link_hashed_static_files_sent_compressed(site: tuple[int, Path]) -> None:
    port, var = site
    page = _get(port, "/accounts/login/")
    assert page.status == 200
    html = page.body.decode()  # type: ignore[attr-defined]
    found = re.search(r'href="(/static/css/site\.([0-9a-f]{12})\.css)"', html)
    assert found is not None, "the page links css/site.css under no hashed name"
    url, digest = found.groups()
    sent = _get(port, url, **{"Accept-Encoding": "gzip"})
    assert sent.status == 200 and sent.getheader("Content-Encoding") == "gzip"
    body = gzip.decompress(sent.body)  # type: ignore[attr-defined]
    assert body == (var / "static" / "css" / f"site.{digest}.css").read_bytes()
    assert b"{" in body  # a style sheet, unpacked
    assert "immutable" in (sent.getheader("Cache-Control") or "")  # kept for good


def test_debug_keeps_its_error_pages(site: tuple[int, Path]) -> None:
    port, _ = site
    missing = _get(port, "/no-such-page/")
    assert missing.status == 404
    # Django's own page for DEBUG, naming the routes tried, not the public one.
    assert b"Using the URLconf defined in" in missing.body  # type: ignore[attr-defined]
