"""``/tournaments/``: the events, each event's page, sign-up and withdrawal, the create form."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from games.models import Tournament
from games.services.errors import GameError
from games.tournaments import events
from games.tournaments.board import event_page, listed, lists
from games.tournaments.forms import TournamentForm
from tipperary_site.auth import user_of


@require_http_methods(["GET", "HEAD"])
def tournaments(request: HttpRequest) -> HttpResponse:
    """Public: events open for sign-up, running and finished."""
    return TemplateResponse(request, "tournaments/list.html", {"sections": lists()})


@require_http_methods(["GET", "HEAD"])
def event(request: HttpRequest, pk: int) -> HttpResponse:
    """Public: an event's format and rules, entrants, tables round by round, standings."""
    tournament = get_object_or_404(listed().select_related("host__profile"), pk=pk)
    page = event_page(tournament, request.user)
    return TemplateResponse(request, "tournaments/event.html", {"page": page, "t": tournament})


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def create(request: HttpRequest) -> HttpResponse:
    """The create form; an event is made whole or not at all."""
    now = timezone.now()
    form = TournamentForm(request.POST or None, now=now)
    if request.method == "POST":
        if form.is_valid():
            try:
                tournament = events.create_tournament(user_of(request), form.rules(), now)
            except GameError as error:
                form.add_error(None, str(error))
            else:
                messages.success(
                    request, _("%(event)s is open for sign-up.") % {"event": tournament.name}
                )
                return redirect(tournament)
        return TemplateResponse(request, "tournaments/create.html", {"form": form}, status=400)
    return TemplateResponse(request, "tournaments/create.html", {"form": form})


@login_required
@require_POST
def enter(request: HttpRequest, pk: int) -> HttpResponse:
    """Sign up; a refusal (closed, full, out of the rating range, entered) says why."""
    tournament = get_object_or_404(Tournament, pk=pk)
    try:
        events.enter(tournament.pk, user_of(request), timezone.now())
    except GameError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("You are entered in %(event)s.") % {"event": tournament.name})
    return redirect(tournament)


@login_required
@require_POST
def withdraw(request: HttpRequest, pk: int) -> HttpResponse:
    """Leave the event: the entry goes before the start; after it, the autopilot finishes the
    table in play and the person is seated no more."""
    tournament = get_object_or_404(Tournament, pk=pk)
    try:
        running = events.withdraw(tournament.pk, user_of(request), timezone.now())
    except GameError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request,
            (
                _("You withdrew from %(event)s: the autopilot finishes your table.")
                if running
                else _("You are no longer entered in %(event)s.")
            )
            % {"event": tournament.name},
        )
    return redirect(tournament)
