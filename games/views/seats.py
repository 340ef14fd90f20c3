"""A person's own seat in a game in play: taking it back from the autopilot."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import services
from games.access import table_for
from tipperary_site.auth import user_of


@login_required
@require_POST
def take_back(request: HttpRequest, game_id: int) -> HttpResponse:
    """An absent person plays their own turns again from the next round on."""
    user = user_of(request)
    table_for(user, game_id)
    try:
        services.take_seat_back(game_id, user)
    except services.GameError as refused:
        messages.error(request, str(refused))
    else:
        messages.success(
            request, _("Welcome back! From the next round on you play your own turns.")
        )
    return redirect("games:game", game_id)
