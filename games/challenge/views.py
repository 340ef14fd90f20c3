"""``/challenge/``: this week's deal, a person's entry, the week's results; past weeks too."""

from __future__ import annotations

from datetime import UTC, timedelta

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST

from games import services
from games.challenge import entries
from games.challenge.models import Challenge
from games.challenge.results import week_board
from tipperary_site.auth import user_of

PAST_WEEKS = 8


@require_http_methods(["GET", "HEAD"])
def this_week(request: HttpRequest) -> HttpResponse:
    """This week's challenge (or word that it is not out yet)."""
    challenge = entries.current_week(timezone.now())
    return _page(request, challenge)


@require_http_methods(["GET", "HEAD"])
def week(request: HttpRequest, week: str) -> HttpResponse:
    """Any week's challenge by its ISO name, e.g. ``2026-W49``."""
    return _page(request, get_object_or_404(Challenge, week=week))


def _page(request: HttpRequest, challenge: Challenge | None) -> TemplateResponse:
    now = timezone.now()
    zone = request.user.profile.zone if request.user.is_authenticated else UTC
    context: dict[str, object] = {
        "challenge": challenge,
        "board": None if challenge is None else week_board(challenge, request.user),
        "past": list(
            Challenge.objects.filter(starts_at__lte=now).only("week", "starts_at")[:PAST_WEEKS]
        ),
        "zone": zone,
    }
    if challenge is not None:
        context["open"] = challenge.starts_at <= now < challenge.ends_at
        # The week ends at Monday 00:00 UTC: its last minute, in the viewer's own zone.
        context["last_minute"] = (challenge.ends_at - timedelta(minutes=1)).astimezone(zone)
    return TemplateResponse(request, "games/challenge.html", context)


@login_required
@require_POST
def play(request: HttpRequest, week: str) -> HttpResponse:
    """Enter the week (or continue one's entry): to the entry's game page."""
    challenge = Challenge.objects.filter(week=week).first()
    if challenge is None:
        raise Http404("There is no such challenge.")
    try:
        game = entries.enter(challenge.pk, user_of(request), timezone.now())
    except services.GameError as refused:
        messages.error(request, str(refused))
        return redirect("challenge:week", week)
    return redirect("games:game", game.pk)
