"""The leaderboard page (the player page's record is drawn by the accounts app's view)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.utils import timezone
from django.views.decorators.http import require_http_methods

from games.challenge.standing import WEEKS as CHALLENGE_WEEKS
from games.notifications.context import tables_waiting_count
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


@require_http_methods(["GET", "HEAD"])
def leaderboard(request: HttpRequest) -> HttpResponse:
    """Public: the best rated people of a pool, or who finished most tables this month.

    Drawn once a minute for each viewer, and again as soon as any rating changes.
    """
    tab = tab_of(request.GET.get("tab"))
    if tab is None:
        raise Http404("There is no such leaderboard.")
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
