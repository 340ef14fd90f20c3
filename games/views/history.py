"""A table told again: its history in words, its replay, its export; and the finished tables."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse, JsonResponse
from django.template.response import TemplateResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from games.access import TableAccess, table_for
from games.forms import ReplayForm
from games.history.archive import PER_PAGE, ArchiveForm, finished_tables
from games.history.export import export_game
from games.history.moves import tell_game
from games.history.replay import NoSuchStep, build_replay
from games.models import GameStatus
from games.review.eligible import reviewable
from games.review.page import replay_ghost
from tipperary_site.auth import user_of
from tipperary_site.htmx import HtmxHttpRequest


def _told_to(request: HtmxHttpRequest, game_id: int) -> TableAccess:
    """The table, if its story may be told to the person: an open table to anyone logged in,
    an invite-only one to its players only (not to people merely invited); 404 otherwise."""
    access = table_for(user_of(request), game_id)
    if not access.game.is_open and access.mine is None:
        raise Http404(_("No such table."))
    return access


@login_required
@require_GET
def history(request: HtmxHttpRequest, game_id: int) -> TemplateResponse:
    """The game round by round, from its log; the current round shows only your own turn."""
    access = _told_to(request, game_id)
    names = {seat.position: seat.name for seat in access.seats}
    told = tell_game(access.game, names, access.position)
    context = {
        "access": access,
        "game": access.game,
        "rounds": told.by_round(),
    }
    return TemplateResponse(request, "games/history.html", context)


@login_required
@require_GET
def export(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """The finished game as JSON (see the README's "Game exports"); a game in play has none,
    since its log holds turns still hidden (R4.2)."""
    access = _told_to(request, game_id)
    if access.game.status != GameStatus.FINISHED:
        raise Http404(_("A table can be exported once its game is over."))
    response = JsonResponse(export_game(access), json_dumps_params={"indent": 1})
    filename = f"tipperary-table-{access.game.pk}.json"
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


@login_required
@require_GET
def replay(request: HtmxHttpRequest, game_id: int) -> TemplateResponse:
    """Every county, the scores and the wheel at one step of a round (``?round=n&step=k``)."""
    access = _told_to(request, game_id)
    if access.game.status not in (GameStatus.PLAYING, GameStatus.FINISHED):
        raise Http404(_("A table has a replay once its game has started."))
    form = ReplayForm(request.GET)
    context: dict[str, object] = {"access": access, "game": access.game}
    try:
        if not form.is_valid():
            raise NoSuchStep(
                _("That place in the replay was not understood (%(problem)s).")
                % {"problem": form.problem()}
            )
        page = build_replay(access, form.cleaned_data["round"], form.cleaned_data["step"])
    except NoSuchStep as error:
        context["error"] = str(error)
        return TemplateResponse(request, "games/replay_missing.html", context, status=400)
    context["page"] = page
    context["reviewable"] = reviewable(access.game, timezone.now())
    if context["reviewable"] and page.move is not None:  # the expert's spot, once reviewed
        context["ghost"] = replay_ghost(
            access.game.pk, page.move.seat, page.move.position - 1, page.shown
        )
    return TemplateResponse(request, "games/replay.html", context)


@login_required
@require_GET
def finished(request: HtmxHttpRequest) -> TemplateResponse:
    """The archive: finished tables, newest first, 25 a page, with filters."""
    form = ArchiveForm(request.GET)
    context: dict[str, object] = {"form": form, "page": None}
    if not form.is_valid():
        return TemplateResponse(request, "games/finished.html", context, status=400)
    games = finished_tables(user_of(request), **form.cleaned_data)
    page = Paginator(games, PER_PAGE).get_page(request.GET.get("page"))
    filters = {k: v for k, v in request.GET.items() if k != "page" and v}
    context.update(page=page, filters=urlencode(filters))
    return TemplateResponse(request, "games/finished.html", context)
