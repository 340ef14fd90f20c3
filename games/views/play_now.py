""" "Play now": join the queue, see it while waiting, leave it; sent to the table once seated."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect

from games.forms import PlayNowForm
from games.page.queue import table_just_matched, waiting_of
from games.services import GameError, matchmaking
from tipperary_site.auth import user_of
from tipperary_site.htmx import HtmxHttpRequest


def _page(request: HtmxHttpRequest, form: PlayNowForm, status: int = 200) -> HttpResponse:
    user, now = user_of(request), timezone.now()
    waiting = waiting_of(user, now)
    if waiting is None:
        game = table_just_matched(user, now)
        if game is not None:  # seated by the matcher: off to the table
            if request.htmx:
                return HttpResponseClientRedirect(game.get_absolute_url())
            return redirect(game)
    template = "games/play_now.html"
    if request.htmx and request.htmx.target == "queue":
        template += "#queue"
    context = {"form": form, "waiting": waiting}
    return TemplateResponse(request, template, context, status=status)


@login_required
def play_now(request: HtmxHttpRequest) -> HttpResponse:
    """The form to join the queue, or, while waiting, who waits and how long (polled)."""
    return _page(request, PlayNowForm())


@login_required
@require_POST
def join(request: HtmxHttpRequest) -> HttpResponse:
    """Join the queue; the matcher seats the person as soon as it can."""
    form = PlayNowForm(request.POST)
    if not form.is_valid():
        return _page(request, form, status=400)
    try:
        matchmaking.join_queue(user_of(request), **form.cleaned_data)
    except GameError as refused:  # said above the form, nothing written
        form.add_error(None, str(refused))
        return _page(request, form, status=400)
    return redirect("games:play_now")


@login_required
@require_POST
def leave(request: HttpRequest) -> HttpResponse:
    """Leave the queue in one click."""
    try:
        matchmaking.leave_queue(user_of(request))
    except GameError as refused:
        messages.error(request, str(refused))
    else:
        messages.success(request, _("You left the queue."))
    return redirect("games:play_now")


@login_required
@require_POST
def with_bots(request: HttpRequest) -> HttpResponse:
    """Stop waiting and start at once with bots of the person's level."""
    try:
        game = matchmaking.start_with_bots(user_of(request))
    except GameError as refused:
        messages.error(request, str(refused))
        return redirect("games:play_now")
    return redirect(game)
