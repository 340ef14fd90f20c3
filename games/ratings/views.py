"""The leaderboard page (the player page's record is drawn by the accounts app's view)."""

from __future__ import annotations

from django.http import Http404, HttpRequest
from django.template.response import TemplateResponse
from django.utils import timezone
from django.views.decorators.http import require_http_methods

from games.ratings.leaderboard import MONTH, TABS, finished_board, rated_board, tab_of


@require_http_methods(["GET", "HEAD"])
def leaderboard(request: HttpRequest) -> TemplateResponse:
    """Public: the best rated people of a pool, or who finished most tables this month."""
    tab = tab_of(request.GET.get("tab"))
    if tab is None:
        raise Http404("There is no such leaderboard.")
    if tab == MONTH:
        board = finished_board(timezone.now(), request.user)
    else:
        board = rated_board(tab, request.user)
    return TemplateResponse(request, "games/leaderboard.html", {"board": board, "tabs": TABS})
