"""The leaderboard and each player's public page (their ratings, results and tables)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from accounts.models import Profile
from games.challenge.standing import WEEKS as CHALLENGE_WEEKS
from games.page.cache import page_key, serve
from games.ratings.cache import generation
from games.ratings.leaderboard import (
    CHALLENGE,
    MONTH,
    TABS,
    challenge_board,
    finished_board,
    rated_board,
    tab_of,
)
from games.ratings.record import record_of
from games.services.blocks import has_blocked
from games.tournaments.board import placings_of
from games.waiting import tables_waiting_count


@require_http_methods(["GET", "HEAD"])
def leaderboard(request: HttpRequest) -> HttpResponse:
    """Public: the best rated people of a pool, or who finished most tables this month.

    Drawn once a minute for each viewer, and again as soon as any rating changes.
    """
    tab = tab_of(request.GET.get("tab"))
    if tab is None:
        raise Http404(_("There is no such leaderboard."))
    waiting = tables_waiting_count(request.user)
    key = page_key(request, "leaderboard", tab, generation(), waiting)

    def draw(more: dict[str, object]) -> TemplateResponse:
        if tab == MONTH:
            board = finished_board(timezone.now(), request.user)
        elif tab == CHALLENGE:
            board = challenge_board(request.user)
        else:
            board = rated_board(tab, request.user)
        context = {
            "board": board, "tabs": TABS, "weeks": CHALLENGE_WEEKS, "tables_waiting": waiting,
            **more,
        }  # fmt: skip
        return TemplateResponse(request, "games/leaderboard.html", context)

    return serve(request, key, draw)


@require_http_methods(["GET", "HEAD"])
def player(request: HttpRequest, name: str) -> HttpResponse:
    """A player's public page: display name, member since, and their ratings,
    results, reliability, tournaments and tables."""
    # Drawn once a minute for each viewer and page of tables, and again when a rating changes:
    # a new name or holiday shows within the minute. Whether the viewer blocked the player is
    # not part of the key but read when drawing: a block or an unblock moves the viewer's chat
    # view mark, and a page stored before the mark moved is drawn again (games.page.cache).
    page = request.GET.get("page")
    waiting = tables_waiting_count(request.user)
    key = page_key(request, "player", name.lower(), page, generation(), waiting)

    def draw(more: dict[str, object]) -> TemplateResponse:
        profile = get_object_or_404(
            Profile.objects.select_related("user"), display_name__iexact=name, user__is_active=True
        )
        viewer = request.user
        is_me = viewer.is_authenticated and viewer.pk == profile.user_id
        context = {
            "player": profile,
            "away": profile.on_vacation(timezone.now()),
            "is_me": is_me,
            "record": record_of(profile.user, page, viewer),
            "events": placings_of(profile.user),
            "tables_waiting": waiting,
            # Nobody blocks themselves: their own page offers their settings instead.
            "blocked": viewer.is_authenticated and not is_me and has_blocked(viewer, name),
            **more,
        }
        return TemplateResponse(request, "ratings/player.html", context)

    return serve(request, key, draw)
