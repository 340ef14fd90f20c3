"""ASGI entry point: the stream process (``uvicorn tipperary_site.asgi:application``, the
Procfile's ``stream``) serves the live pages' event streams (``games.streams.views``); every
other page is gunicorn's (``tipperary_site.wsgi``), and a proxy sends each path to its process
(README, "Live pages").

A stream is served without Django's per-request sync thread: Django gives each request a
thread of its own for its sync work (``ThreadSensitiveContext``) and keeps it for as long as
the request lasts, which for a stream is as long as the page is open. A stream's sync work (its
log-in, its access check, the hub's reads) is a few short reads, so all streams share Django's
one sync thread instead. ``make bench`` (bench_streams) shows the saving: the threads and the
memory of 1,000 idle streams (``STREAMS_SHARED_THREAD=0`` serves them as any request, to
compare; README, "Live pages", has both).
"""

import os
import re
from typing import Any

from django.conf import settings
from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tipperary_site.settings")

django_application = get_asgi_application()
STREAM_PATH = re.compile(r"^/games/(\d+/)?events/$")


async def application(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """Django's ASGI application; streams without a sync thread of their own."""
    shared = settings.STREAMS_SHARED_THREAD
    if scope["type"] == "http" and shared and STREAM_PATH.match(scope["path"]):
        await django_application.handle(scope, receive, send)
    else:
        await django_application(scope, receive, send)
