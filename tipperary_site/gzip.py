"""Pages and fragments compressed as Django's gzip middleware does, at the site's own level, less
the live pages' event streams.

Django compresses at level 6. The site's pages are long runs of the same markup (a county is
hundreds of cells alike), which zlib packs nearly as well with less searching: ``GZIP_LEVEL``
(4) takes half the time of level 6 on a game page for a tenth more bytes. ``make bench`` row
"gzip_level: share of the page saved" measures it against level 6 on the page drawn afresh.

A stream sends a few bytes at a time and each must reach the browser at once; Django would
compress every event as a gzip document of its own, which a browser does not read as one
stream. Events are tiny, so nothing is lost by sending them as they are.

Each gzip member carries a name of random length in its header, as Django's does: the same
response never has the same compressed length twice, which keeps BREACH from reading a secret
off the sizes.
"""

from __future__ import annotations

import gzip
import secrets

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.middleware.gzip import GZipMiddleware as DjangoGZipMiddleware
from django.middleware.gzip import re_accepts_gzip
from django.utils.cache import patch_vary_headers

HEADER = b"\x1f\x8b\x08\x08\x00\x00\x00\x00\x00\xff"  # gzip, deflate, with a name, mtime 0
MAX_NAME = 100  # random bytes in the header at most, as Django's GZipMiddleware
_SHORTEST = 200  # bytes: shorter bodies are sent as they are, as Django does


def level() -> int:
    """How hard zlib works on a page (1–9): ``settings.GZIP_LEVEL``."""
    return int(settings.GZIP_LEVEL)


def random_name() -> bytes:
    """A header name of 1 to ``MAX_NAME`` random characters, with its closing zero."""
    length = 1 + secrets.randbelow(MAX_NAME)
    return secrets.token_hex(MAX_NAME // 2 + 1)[:length].encode() + b"\x00"


def gzipped(data: bytes) -> bytes:
    """``data`` as one gzip member at the site's level, with a random name in its header."""
    packed = gzip.compress(data, compresslevel=level(), mtime=0)
    return HEADER + random_name() + packed[len(HEADER) :]


def accepts_gzip(request: HttpRequest) -> bool:
    """Whether the browser said it reads gzip."""
    return bool(re_accepts_gzip.search(request.META.get("HTTP_ACCEPT_ENCODING", "")))


class GZipMiddleware(DjangoGZipMiddleware):
    """Compress what Django compresses, at the site's level, except event streams."""

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        if response.get("Content-Type", "").startswith("text/event-stream"):
            return response
        if response.streaming or not isinstance(response, HttpResponse):
            return super().process_response(request, response)
        if len(response.content) < _SHORTEST or response.has_header("Content-Encoding"):
            return response
        patch_vary_headers(response, ("Accept-Encoding",))
        if not accepts_gzip(request):
            return response
        packed = gzipped(response.content)
        if len(packed) >= len(response.content):
            return response
        response.content = packed
        response.headers["Content-Length"] = str(len(packed))
        etag = response.get("ETag")
        if etag and etag.startswith('"'):  # a strong ETag names the bytes, which changed
            response.headers["ETag"] = "W/" + etag
        response.headers["Content-Encoding"] = "gzip"
        return response
