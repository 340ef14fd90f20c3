"""Play a finished table again: one POST that calls one service."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import services
from games.access import table_for
from games.models import GameStatus
from games.services.rematch import play_again as open_rematch
from tipperary_site.auth import user_of


@login_required
@require_POST
def play_again(request: HttpRequest, game_id: int) -> HttpResponse:
    """Open (or, if one is open already, go to) the rematch of a finished table."""
    user = user_of(request)
    table_for(user, game_id)  # outsiders of an invite-only table get a 404
    try:
        rematch = open_rematch(game_id, user)
    except services.GameError as refused:
        messages.error(request, str(refused))
        return redirect("games:game", game_id)
    if rematch.host_id != user.pk:
        messages.info(
            request, _("%(table)s is already open for this table's rematch.") % {"table": rematch}
        )
    elif rematch.status == GameStatus.PLAYING:
        messages.success(request, _("The bots are seated again and the rematch has started."))
    else:
        messages.success(
            request,
            _(
                "Everyone from the table is invited. The rematch starts when they have all "
                "accepted, or when you start it."
            ),
        )
    return redirect(rematch)
