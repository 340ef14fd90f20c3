"""Game pages drawn once per thing the viewer may see, then served from the cache.

A page (or fragment) is stored under everything that can change it for its viewer: the table,
the viewer's poll token (which changes exactly when what they may see changes, R4.2), the
viewer, the tile being tried, the fragment asked for, the count of tables waiting in the header,
and the minute (the "time left" it shows). The CSRF token is never stored: the page is drawn
with a placeholder and each response gets its own freshly masked token.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from django.contrib.messages import get_messages
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.template.response import TemplateResponse
from django.utils import timezone

#: Drawn in place of the CSRF token; never a valid token, so it cannot be posted by mistake.
CSRF_PLACEHOLDER = "csrf-token-drawn-per-response"
TIMEOUT = 90  # seconds: a page shows the minute's "time left"


def page_key(request: HttpRequest, *parts: object) -> str:
    """The cache key of a page for ``request``'s viewer and ``parts`` (table, token, draft…)."""
    now = timezone.now()
    user = request.user
    raw = ":".join(map(str, (user.pk, user.get_username(), now.strftime("%Y%m%d%H%M"), *parts)))
    return "page:" + hashlib.blake2b(raw.encode(), digest_size=16).hexdigest()


def serve(
    request: HttpRequest, key: str, draw: Callable[[dict[str, object]], TemplateResponse]
) -> HttpResponse:
    """The page under ``key``, drawn by ``draw(extra_context)`` when it is not stored yet.

    Pages with flash messages to show are drawn every time and never stored.
    """
    if len(get_messages(request)):
        return draw({})
    html = cache.get(key)
    if html is None:
        response = draw({"csrf_token": CSRF_PLACEHOLDER})
        response.render()
        if response.status_code != 200:
            return _with_token(request, response)
        html = response.content.decode()
        cache.set(key, html, TIMEOUT)
        response.content = _fill(request, html)
        return response
    return HttpResponse(_fill(request, html))


def _fill(request: HttpRequest, html: str) -> bytes:
    return html.replace(CSRF_PLACEHOLDER, get_token(request)).encode()


def _with_token(request: HttpRequest, response: TemplateResponse) -> HttpResponse:
    response.content = _fill(request, response.content.decode())
    return response
