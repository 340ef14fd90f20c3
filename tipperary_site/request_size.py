"""A request body larger than the site takes is answered 413 with a plain sentence, in the
language of the browser or the language switch's cookie (this answer comes before the session,
so a logged-in person's saved language is not known yet).

Django would refuse it too, but only once a view reads the form, with a 400, and without
reading the body: a proxy or browser still sending it then sees the connection reset instead of
an answer. This middleware answers first and reads (and drops) a body of moderate size, so the
client gets its 413.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.formats import number_format
from django.utils.translation import gettext as _

# Bodies up to this many times the limit are read off the connection before answering.
DRAIN_FACTOR = 8
CHUNK = 64 * 1024


def _limit() -> int | None:
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    return None if limit is None else int(limit)


def _declared_length(request: HttpRequest) -> int:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0


def _drain(request: HttpRequest, length: int) -> None:
    stream = request.META.get("wsgi.input")
    left = length
    while stream is not None and left > 0:
        chunk = stream.read(min(CHUNK, left))
        if not chunk:
            return
        left -= len(chunk)


class RequestSizeMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        limit, length = _limit(), _declared_length(request)
        if limit is None or length <= limit:
            return self.get_response(request)
        if length <= limit * DRAIN_FACTOR:
            _drain(request, length)
        tenths = round(limit / 100_000)
        with translation.override(translation.get_language_from_request(request)):
            megabytes = number_format(tenths / 10 if tenths % 10 else tenths // 10)
            sentence = _(
                "This request is too large: the site takes at most %(megabytes)s MB at once."
            ) % {"megabytes": megabytes}
        return HttpResponse(f"{sentence}\n", status=413, content_type="text/plain; charset=utf-8")
