"""Django's gzip middleware, less the live pages' event streams.

A stream sends a few bytes at a time and each must reach the browser at once; Django would
compress every event as a gzip document of its own, which a browser does not read as one
stream. Events are tiny, so nothing is lost by sending them as they are.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponseBase
from django.middleware.gzip import GZipMiddleware as DjangoGZipMiddleware


class GZipMiddleware(DjangoGZipMiddleware):
    """Compress what Django compresses, except ``text/event-stream`` responses."""

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        if response.get("Content-Type", "").startswith("text/event-stream"):
            return response
        return super().process_response(request, response)
