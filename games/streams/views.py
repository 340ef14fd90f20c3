"""The live pages' event streams, served by the stream process (uvicorn) only.

- ``/games/<id>/events/``: what the viewer may see of the table changed (``changed``, with the
  viewer's opaque token, the one the page's poll sends), who has the table open (``here``,
  the positions of the seats whose people are there), and ``gone`` when the viewer may no
  longer see the table or logged out; then the stream ends.
- ``/games/events/``: the person's "Your games" changed (``changed``), or ``gone``.

A stream starts from the token the page was drawn with (``t``), or from the last one it sent
(``Last-Event-ID``, when the browser comes back after a drop), so a change made while no
stream was open is sent at once. Nothing else is ever sent: never what changed, never a count
of actions (R4.2). A comment line every ``HEARTBEAT`` seconds keeps proxies from closing it.

gunicorn's sync workers never hold a stream: under WSGI these views answer 404 at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from importlib import import_module
from typing import ParamSpec, TypeVar

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.contrib.auth.models import User
from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseBase,
    StreamingHttpResponse,
)
from django.utils.translation import gettext as _

from games.access import table_for
from games.page.live import Token, mine_token
from games.streams import presence, publish, sse
from games.streams.hub import Here, Hub, Listener, PersonChanged, TableChanged, hub

P = ParamSpec("P")
T = TypeVar("T")
R = TypeVar("R", bound=HttpResponseBase)

#: Seconds between two heartbeats (and renewals of the viewer's presence).
HEARTBEAT = 20.0
#: Seconds between two checks that the viewer's log-in still holds, besides log-outs heard.
RECHECK = 300.0


def _closing(work: Callable[P, T]) -> Callable[P, Awaitable[T]]:
    """``work`` in Django's sync thread, handing its database connection back at once: a
    process holding many streams must hold no connection between reads."""

    def run(*args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return work(*args, **kwargs)
        finally:
            connection.close()

    return sync_to_async(run)


def _may_see(user_id: int, game_id: int) -> bool:
    try:
        table_for(User(pk=user_id), game_id)
    except Http404:
        return False
    return True


def _logged_in(session_key: str | None, user_id: int) -> bool:
    store = import_module(settings.SESSION_ENGINE).SessionStore(session_key)
    return bool(session_key) and store.load().get(SESSION_KEY) == str(user_id)


may_see = _closing(_may_see)
close_connection = _closing(lambda: None)
logged_in = _closing(_logged_in)
read_mine = _closing(mine_token)


async def _ended(wake: PersonChanged, session: str | None, user_id: int) -> bool:
    """Whether the stream's log-in is over: its session logged out, or gone for good."""
    if session and wake.ended == publish.session_mark(session):
        return True
    return not await logged_in(session, user_id)


def _allowed_origin(request: HttpRequest) -> str | None:
    """The page's origin when the stream is served from another (``STREAMS_ORIGIN``) and the
    page is the site's own; such a page may read the stream with its cookies."""
    origin = request.headers.get("Origin")
    trusted = {settings.SITE_URL, *settings.CSRF_TRUSTED_ORIGINS}
    return origin if origin in trusted else None


def _answer(request: HttpRequest, response: R) -> R:
    origin = _allowed_origin(request)
    if origin:
        response["Access-Control-Allow-Origin"] = origin
        response["Access-Control-Allow-Credentials"] = "true"
        response["Access-Control-Allow-Headers"] = "Last-Event-ID"
        response["Vary"] = "Origin"
    return response


def _refusal(request: HttpRequest, status: int, text: str) -> HttpResponse:
    return _answer(request, HttpResponse(text, status=status, content_type="text/plain"))


async def _person(request: HttpRequest) -> int | None:
    user = await request.auser()
    return user.pk if user.is_authenticated else None


def _seen(request: HttpRequest) -> Token | None:
    return Token.parse(request.headers.get("Last-Event-ID") or request.GET.get("t", ""))


def _stream(request: HttpRequest, events: AsyncIterator[bytes]) -> StreamingHttpResponse:
    response = StreamingHttpResponse(events, content_type="text/event-stream")
    response["Cache-Control"] = "no-store"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return _answer(request, response)


async def _opened(request: HttpRequest) -> HttpResponseBase | tuple[Hub, int]:
    """The hub and the viewer, or the answer that refuses the stream."""
    if not isinstance(request, ASGIRequest) or not publish.enabled():
        return _refusal(request, 404, _("Streams are served by the stream process."))
    if request.method == "OPTIONS":
        return _answer(request, HttpResponse(status=204))
    if request.method != "GET":
        return _refusal(request, 405, _("Open a stream with GET."))
    user_id = await _person(request)
    await close_connection()  # the log-in's read: hand the connection back before streaming
    if user_id is None:
        return _refusal(request, 403, _("Log in to follow a table."))
    return hub(settings.STREAMS_REDIS_URL), user_id


async def table_events(request: HttpRequest, game_id: int) -> HttpResponseBase:
    """The stream of one table for its viewer; 404 (and no stream) for an outsider."""
    opened = await _opened(request)
    if isinstance(opened, HttpResponseBase):
        return opened
    center, user_id = opened
    if not await may_see(user_id, game_id):
        return _refusal(request, 404, _("No such table."))
    session = request.session.session_key
    return _stream(request, _table_events(center, user_id, session, game_id, _seen(request)))


async def _table_events(
    center: Hub, user_id: int, session: str | None, game_id: int, seen: Token | None
) -> AsyncIterator[bytes]:
    listener = Listener(user_id)
    member = f"{user_id}:{uuid.uuid4().hex[:12]}"
    center.watch(listener, [game_id])
    try:
        await center.start()
        await presence.arrive(center.redis, game_id, member, time.time())
        center.heard(publish.TABLE, game_id)  # what changed since the page was drawn
        await center.redis.publish(publish.channel(publish.HERE, game_id), b"")
        yield sse.opening()
        last, shown, checked = seen, None, time.monotonic()
        while True:
            try:
                wakes = await listener.wakes(HEARTBEAT)
            except TimeoutError:
                await presence.arrive(center.redis, game_id, member, time.time())
                if time.monotonic() - checked > RECHECK:
                    checked = time.monotonic()
                    if not await logged_in(session, user_id):
                        yield sse.event("gone", "logged-out")
                        return
                yield sse.heartbeat()
                continue
            for wake in wakes:
                if isinstance(wake, PersonChanged):
                    if await _ended(wake, session, user_id):
                        yield sse.event("gone", "logged-out")
                        return
                elif isinstance(wake, Here):
                    positions = " ".join(map(str, wake.positions))
                    if positions != shown:
                        shown = positions
                        yield sse.event("here", positions)
                elif isinstance(wake, TableChanged):
                    if wake.tokens is None:
                        yield sse.event("gone", "no-table")
                        return
                    token = wake.tokens.token(user_id)
                    if token == last:
                        continue  # nothing this viewer may see changed (a neighbour's hidden move)
                    if not wake.tokens.trusted(user_id) and not await may_see(user_id, game_id):
                        yield sse.event("gone", "no-access")
                        return
                    last = token
                    yield sse.event("changed", str(token), ident=str(token))
    finally:
        center.forget(listener)
        with contextlib.suppress(Exception):  # else the member runs out by itself
            await asyncio.shield(presence.leave(center.redis, game_id, member))


async def mine_events(request: HttpRequest) -> HttpResponseBase:
    """The stream of the person's "Your games" (and the header's count of tables waiting)."""
    opened = await _opened(request)
    if isinstance(opened, HttpResponseBase):
        return opened
    center, user_id = opened
    session = request.session.session_key
    return _stream(request, _mine_events(center, user_id, session, _seen(request)))


async def _mine_events(
    center: Hub, user_id: int, session: str | None, seen: Token | None
) -> AsyncIterator[bytes]:
    listener = Listener(user_id)
    center.watch(listener, [])
    try:
        await center.start()
        yield sse.opening()
        last, checked = seen, time.monotonic()
        while True:
            token, tables, _ = await read_mine(user_id)
            if set(tables) - listener.tables:
                # A table newly listed is watched from now on; what changed at it between the
                # read and the watch would wake nobody, so read once more after watching.
                center.watch(listener, tables)
                token, tables, _ = await read_mine(user_id)
            center.watch(listener, tables)
            if token != last:
                last = token
                yield sse.event("changed", str(token), ident=str(token))
            while True:
                try:
                    wakes = await listener.wakes(HEARTBEAT)
                except TimeoutError:
                    if time.monotonic() - checked <= RECHECK:
                        yield sse.heartbeat()
                        continue
                    checked = time.monotonic()
                    wakes = [PersonChanged()]
                for wake in wakes:
                    if isinstance(wake, PersonChanged) and await _ended(wake, session, user_id):
                        yield sse.event("gone", "logged-out")
                        return
                if not all(isinstance(wake, Here) for wake in wakes):
                    break
    finally:
        center.forget(listener)
