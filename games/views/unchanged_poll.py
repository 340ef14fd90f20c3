"""The poll of a page whose table has not changed, answered before most of the site's middleware.

Every open game page polls every few seconds, and nearly every poll finds nothing new: 204
from one Redis round trip (``games.streams.tokens``), or from one query (``games.page.live``)
when Redis keeps nothing for the viewer. Sessions, log-in, CSRF, messages, the viewer's clock,
htmx and the Content-Security-Policy have nothing to do for such an answer (it reads no session,
shows no page and has no body), so this middleware gives it before they run. It sits below the
request id, the security middleware (HTTPS redirect, HSTS) and WhiteNoise, and checks the host
as ``CommonMiddleware`` would. Any other request, and any poll whose token is not the viewer's
current one, goes on to the view (``games.views.play.status``), which does the full check.

``make bench`` measures it: "poll_first: share of the poll saved" (bench_overrides) against the
same middleware placed last, where a view would answer; and "unchanged poll / trivial" against
the trivial view, which runs the whole middleware stack. It stays while the share is 10 % or
more.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.urls import Resolver404, resolve

from games.page.live import Token, current_token
from games.streams import presence, tokens

#: The poll's route (games.urls): only a path ending so is looked up.
_ROUTE = ("games", "status")


def unchanged(request: HttpRequest, game_id: int) -> bool:
    """Whether ``request`` is a poll carrying its viewer's current token (``t`` and ``v``):
    nothing that viewer may see changed, and the viewer counts as here (only a page drawn for
    them carries that token; the session and the person are not read).

    The token kept in Redis answers; when none is, one query does, and its token is kept."""
    text = request.GET.get("t", "")
    seen = Token.parse(text)
    viewer = request.GET.get("v", "")
    if seen is None or not viewer.isdigit() or len(viewer) >= 12:
        return False
    user_id, now = int(viewer), time.time()
    asked = tokens.ask(game_id, user_id, text, now)
    if asked.found is not tokens.Found.NOTHING:
        return asked.found is tokens.Found.SAME
    current = current_token(game_id, user_id)
    if current is None or not current.trusted or current.token != seen:
        return False
    if asked.generation is not None:
        tokens.keep(game_id, user_id, text, asked.generation)
    presence.polled(game_id, user_id, now)
    return True


def _poll_of(request: HttpRequest) -> int | None:
    """The table a GET of the poll's route asks about, or None for any other request."""
    if request.method != "GET" or not request.path_info.endswith("/status/"):
        return None
    try:
        match = resolve(request.path_info)
    except Resolver404:
        return None
    if (match.namespace, match.url_name) != _ROUTE:
        return None
    return int(match.kwargs["game_id"])


class UnchangedPollMiddleware:
    """Answer 204 to a poll that finds nothing new, before the middleware below this one."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        game_id = _poll_of(request)
        if game_id is not None:
            request.get_host()  # an unknown host is refused (400), as CommonMiddleware does
            if unchanged(request, game_id):
                return HttpResponse(status=204)
        return self.get_response(request)
