"""The game page, its fragments, the action endpoint and the live-update poll."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRefresh, replace_url

import engine
from games import services
from games.access import TableAccess, table_for
from games.forms import ActionForm, DraftForm
from games.history import game_history
from games.models import Game, GameStatus
from games.page import build_page
from games.services.tables import invite_token
from tipperary_site.auth import user_of
from tipperary_site.htmx import HtmxHttpRequest

FRAGMENTS = {"game", "turn", "table"}


def _asked(request: HtmxHttpRequest) -> dict[str, int | None]:
    form = DraftForm(request.POST if request.method == "POST" else request.GET)
    if not form.is_valid():
        return {}
    return {k: form.cleaned_data.get(k) for k in ("slot", "o", "x", "y")}


def _render(
    request: HtmxHttpRequest, access: TableAccess, *, status: int = 200, error: str = ""
) -> TemplateResponse:
    game = access.game
    context: dict[str, object] = {"access": access, "game": game, "error": error}
    if game.status == GameStatus.FORMING:
        if access.mine is not None and game.host_id == access.mine.user_id:
            context["invite_token"] = invite_token(game)
        return TemplateResponse(request, "games/forming.html", context, status=status)
    context["page"] = build_page(access, _asked(request))
    template = "games/game.html"
    target = request.htmx.target if request.htmx else None
    if target in FRAGMENTS:
        template = f"games/game.html#{target}"
    return TemplateResponse(request, template, context, status=status)


@login_required
@require_GET
def game_page(request: HtmxHttpRequest, game_id: int) -> TemplateResponse:
    """The table: forming (seats, invitations) or in play (your county, the wheel, the others)."""
    return _render(request, table_for(user_of(request), game_id))


@login_required
@require_GET
def history(request: HtmxHttpRequest, game_id: int) -> TemplateResponse:
    """The game round by round, from its log; the current round shows only your own turn."""
    access = table_for(user_of(request), game_id)
    rounds = game_history(access.game, len(access.seats), access.position)
    names = {seat.position: seat.name for seat in access.seats}
    context = {"access": access, "game": access.game, "rounds": rounds, "names": names}
    return TemplateResponse(request, "games/history.html", context)


@login_required
@require_POST
def draft(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """Move the tile being tried (a county cell was clicked): the turn with the new draft."""
    access = table_for(user_of(request), game_id)
    if request.htmx:
        return _render(request, access)
    asked = {k: v for k, v in _asked(request).items() if v is not None}
    return redirect(access.game.get_absolute_url() + "?" + urlencode(asked))


@login_required
@require_POST
def act(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """Apply one action; a refused or stale one changes nothing and shows the board as it is."""
    user = user_of(request)
    access = table_for(user, game_id)
    form = ActionForm(request.POST)
    if not form.is_valid():
        return _render(request, access, status=400, error="That move was not understood.")
    try:
        services.submit_action(
            game_id, user, form.cleaned_data["notation"], form.cleaned_data["version"]
        )
    except services.StaleVersion as stale:
        return _render(request, table_for(user, game_id), status=409, error=str(stale))
    except (engine.IllegalAction, services.GameError) as refused:
        return _render(request, access, status=400, error=str(refused))  # nothing changed
    if request.htmx:
        # The address bar shows the table itself again, not the tile that was being tried.
        fresh = table_for(user, game_id)
        return replace_url(_render(request, fresh), fresh.game.get_absolute_url())
    messages.success(request, "Done.")
    return redirect("games:game", game_id)


@login_required
@require_GET
def status(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """The poll: 204 while the version is unchanged, else what changed.

    A new round, a finished game or a change to the viewer's own turn reloads the page; a
    neighbour finishing their turn only re-renders the table panel.
    """
    try:
        seen_version = int(request.GET.get("v", ""))
        seen_round = int(request.GET.get("r", ""))
    except ValueError:
        return HttpResponse("Give the version (v) and round (r) you have.", status=400)
    current = Game.objects.filter(pk=game_id).values_list("version", "is_open").first()
    if current is not None and current == (seen_version, True):
        return HttpResponse(status=204)  # open tables: one query while nothing changed
    access = table_for(user_of(request), game_id)
    game = access.game
    if game.version == seen_version:
        return HttpResponse(status=204)
    if game.round != seen_round or game.status != GameStatus.PLAYING:
        return HttpResponseClientRefresh()
    context = {"access": access, "game": game, "page": build_page(access, {})}
    return TemplateResponse(request, "games/game.html#table", context)
