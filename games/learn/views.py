"""``/learn/``: the tutorial offered, continued or started again."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from games.learn.start import start_tutorial
from games.models import GameStatus, Tutorial
from tipperary_site.auth import user_of
from tipperary_site.htmx import HtmxHttpRequest


@login_required
@require_http_methods(["GET", "POST"])
def learn(request: HtmxHttpRequest) -> HttpResponse:
    """GET: what the tutorial is, and the person's own if they have one (one query beyond the
    session's); POST: a new tutorial table, then its page."""
    user = user_of(request)
    if request.method == "POST":
        plays = request.POST.get("plays", "")
        if not plays.isdigit():
            refused = {"reason": _("That request to start the tutorial was not understood.")}
            return TemplateResponse(request, "games/refused.html", refused, status=400)
        return redirect(start_tutorial(user, int(plays), timezone.now()))
    tutorial = Tutorial.objects.select_related("game").filter(user=user).first()
    context = {
        "tutorial": tutorial,
        "playing": tutorial is not None and tutorial.game.status == GameStatus.PLAYING,
    }
    return TemplateResponse(request, "games/learn.html", context)
