"""Plain Django in place of each speed override, for ``bench_overrides`` to measure against.

A web process started with ``BENCH_PLAIN=<names>`` (comma separated) runs with these instead of
the site's own: ``web_settings`` swaps the settings, ``web_urls`` the functions (``install``).
The functions read the site's modules when called: ``web_settings`` imports this module before
Django has loaded its apps.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.messages import get_messages
from django.core.cache import cache
from django.db.models import (
    Count,
    Exists,
    F,
    FilteredRelation,
    IntegerField,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Value,
)
from django.db.models.functions import Coalesce
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.template.response import TemplateResponse

from tests.bench.switches import switched

#: Each override, and the request it speeds up (a path of ``bench_overrides``).
OVERRIDES = (
    "stencil", "get_user", "poll_sql", "poll_first", "poll_redis", "table_for", "prepared",
    "gzip_level", "collector",
)  # fmt: skip


def plain() -> set[str]:
    """The overrides this process runs without."""
    return switched("BENCH_PLAIN", OVERRIDES)


def serve(
    request: HttpRequest, key: str, draw: Callable[[dict[str, object]], TemplateResponse]
) -> HttpResponse:
    """``games.page.cache.serve`` storing the page as text: each response puts its token in
    and Django's ``GZipMiddleware`` compresses the whole page."""
    from games.page.cache import CSRF_PLACEHOLDER, TIMEOUT
    from games.services.chat import chat_view_key

    if len(get_messages(request)):
        return draw({})
    mark_key = chat_view_key(request.user.pk or 0)
    found = cache.get_many([key, mark_key])
    mark, stored = found.get(mark_key, 0), found.get(key)
    if isinstance(stored, tuple) and stored[0] == mark:
        return HttpResponse(stored[1].replace(CSRF_PLACEHOLDER, get_token(request)))
    response = draw({"csrf_token": CSRF_PLACEHOLDER})
    response.render()
    html = response.content.decode()
    if response.status_code == 200:
        cache.set(key, (mark, html), TIMEOUT)
    response.content = html.replace(CSRF_PLACEHOLDER, get_token(request)).encode()
    return response


def _count(queryset: QuerySet[Any, Any]) -> Coalesce:
    """How many rows ``queryset`` (grouped by one value it filters on) has, as a subquery."""
    counted = queryset.order_by().annotate(n=Count("pk")).values("n")
    return Coalesce(Subquery(counted[:1]), Value(0), output_field=IntegerField())


def _waiting(user_id: int) -> Any:
    """``games.waiting.TABLES_WAITING_SQL`` for ``user_id`` as an ORM expression."""
    from games.models import GameStatus, Invitation, Seat

    moves = Seat.objects.filter(
        user_id=user_id, to_play=True, game__status=GameStatus.PLAYING
    ).values("user_id")
    invitations = (
        Invitation.objects.filter(invitee_id=user_id, game__status=GameStatus.FORMING)
        .filter(~Exists(Seat.objects.filter(game_id=OuterRef("game_id"), user_id=user_id)))
        .values("invitee_id")
    )
    return _count(moves) + _count(invitations)


def current_token(game_id: int, user_id: int, *, waiting: bool = False) -> Any:
    """``games.page.live.current_token`` built by the ORM: the same one query."""
    from games.models import Game
    from games.page.live import Current, _Standing

    games = Game.objects.filter(pk=game_id).annotate(
        mine=FilteredRelation("seats", condition=Q(seats__user_id=user_id))
    )
    if waiting:
        games = games.annotate(waiting=_waiting(user_id))
    else:
        games = games.annotate(waiting=Value(None, output_field=IntegerField()))
    row = games.values_list(
        "id", "version", "status", "round", "round_complete", "is_open",
        F("mine__id"), F("mine__step"), F("mine__absent"), F("mine__autopilot_streak"),
        "waiting",
    ).first()  # fmt: skip
    if row is None:
        return None
    game_id, version, status, round_, complete, is_open, seat_id, step, absent, streak = row[:10]
    standing = _Standing(
        game_id, version, status, round_, complete, seat_id, step or 0, bool(absent), streak or 0
    )
    return Current(standing.token(), seat_id is not None or is_open, status, row[10])


def read_table(game_id: int, *, waiting_for: int | None = None) -> Any:
    """``games.access.read_table`` by the ORM: the same two queries, composed each time."""
    from games.models import Game

    games = Game.objects.filter(pk=game_id)
    if waiting_for is not None:
        games = games.annotate(tables_waiting=_waiting(waiting_for))
    game = games.first()
    if game is None:
        return None
    seats = list(game.seats.select_related("user__profile").order_by("position"))
    return game, seats, getattr(game, "tables_waiting", None)


def ask(game_id: int, user_id: int, seen: str, now: float) -> Any:
    """``games.streams.tokens.ask`` with nothing kept: every poll reads the database."""
    from games.streams.tokens import Asked, Found

    return Asked(Found.NOTHING)


def install() -> None:
    """Put the plain functions in place of the overrides this process runs without."""
    from games import access
    from games.views import play, unchanged_poll

    names = plain()
    if "stencil" in names:
        play.serve = serve
    if "poll_sql" in names:
        play.current_token = current_token
        unchanged_poll.current_token = current_token
    if "poll_redis" in names:
        unchanged_poll.tokens.ask = ask
    if "table_for" in names:
        access.read_table = read_table
