"""Game pages drawn once per thing the viewer may see, then served from the cache.

A page (or fragment) is stored under everything that can change it for its viewer: the table,
the viewer's poll token (which changes exactly when what they may see changes, R4.2), the
viewer, the tile being tried, the fragment asked for, the count of tables waiting in the header,
the minute (the "time left" it shows), the zone its times are shown in and the language its
words are in (visitors share a viewer but not a clock or a language). The CSRF token is never
stored: the page is drawn with a placeholder and each response gets its own freshly masked
token. Pages are stored compressed (games.page.stencil), so serving one compresses only its
token.

What the viewer may see of table talk (the players they muted, the blocks between them and
others) is their own matter, not the table's: a page is stored beside the viewer's chat view
mark as it was when drawn (games.services.chat), fetched with it in one trip to the cache, and
drawn again when the mark has moved since.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from django.contrib.messages import get_messages
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import CSRF_TOKEN_LENGTH, get_token
from django.template.response import TemplateResponse
from django.utils import timezone, translation
from django.utils.cache import patch_vary_headers

from games.page.stencil import Stencil
from games.services.chat import chat_view_key
from tipperary_site.gzip import accepts_gzip

#: Drawn in place of the CSRF token; never a valid token, so it cannot be posted by mistake.
CSRF_PLACEHOLDER = "csrf-token-drawn-per-response"
TIMEOUT = 90  # seconds: a page shows the minute's "time left"


def page_key(request: HttpRequest, *parts: object) -> str:
    """The cache key of a page for ``request``'s viewer and ``parts`` (table, token, draft…)."""
    user = request.user
    minute = timezone.now().strftime("%Y%m%d%H%M")
    zone = timezone.get_current_timezone_name()
    language = translation.get_language()
    raw = ":".join(map(str, (user.pk, user.get_username(), minute, zone, language, *parts)))
    return "page:" + hashlib.blake2b(raw.encode(), digest_size=16).hexdigest()


def serve(
    request: HttpRequest, key: str, draw: Callable[[dict[str, object]], TemplateResponse]
) -> HttpResponse:
    """The page under ``key``, drawn by ``draw(extra_context)`` when it is not stored yet.

    Pages with flash messages to show are drawn every time and never stored.
    """
    if len(get_messages(request)):
        return draw({})
    mark_key = chat_view_key(request.user.pk or 0)  # nobody has id 0: a visitor has no mark
    found = cache.get_many([key, mark_key])
    mark, stored = found.get(mark_key, 0), found.get(key)
    if isinstance(stored, tuple) and stored[0] == mark:  # else not stored, or a bare stencil
        return _send(request, stored[1], HttpResponse())
    response = draw({"csrf_token": CSRF_PLACEHOLDER})
    response.render()
    stencil = Stencil.cut(response.content.decode(), CSRF_PLACEHOLDER, CSRF_TOKEN_LENGTH)
    if response.status_code != 200:
        response.content = stencil.filled(get_token(request))
        return response
    # Stored with the mark read before drawing: a mute made meanwhile moved it, so this page
    # is drawn again next time whichever mutes it shows.
    cache.set(key, (mark, stencil), TIMEOUT)
    return _send(request, stencil, response)


def _send(request: HttpRequest, stencil: Stencil, response: HttpResponse) -> HttpResponse:
    """``response`` with the page of ``stencil`` and a fresh CSRF token, compressed if the
    browser takes gzip (the ``GZipMiddleware`` leaves a response that already is)."""
    patch_vary_headers(response, ("Accept-Encoding",))
    token = get_token(request)
    if accepts_gzip(request):
        response.content = stencil.gzipped(token)
        response.headers["Content-Encoding"] = "gzip"
    else:
        response.content = stencil.filled(token)
    return response
