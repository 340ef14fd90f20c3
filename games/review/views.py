"""The review page of a finished game (``?seat=n``), its progress fragment, and the request
for one's own review."""

from __future__ import annotations

from urllib.parse import urlencode

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from engine.bots.review import ROLLOUTS
from games.access import TableAccess, table_for
from games.review.eligible import reviewable
from games.review.hints import give_hint
from games.review.page import build_review_page, chosen_seat
from games.review.run import ReviewRefused, ask_for_review
from games.services.errors import GameError, StaleTurn
from tipperary_site.auth import user_of
from tipperary_site.htmx import HtmxHttpRequest


class HintForm(forms.Form):
    """The seat's step the page was drawn at, so a hint asked from an old page is refused."""

    step = forms.IntegerField(min_value=0)


def _reviewable_table(request: HtmxHttpRequest, game_id: int) -> TableAccess:
    """The table if its story may be told to the person (as its replay: an open table to anyone
    logged in, an invite-only one to its players) and nothing in it is hidden; 404 otherwise."""
    access = table_for(user_of(request), game_id)
    if not access.game.is_open and access.mine is None:
        raise Http404(_("No such table."))
    if not reviewable(access.game, timezone.now()):
        raise Http404(_("A game is reviewed once it is over, and a challenge once its week is."))
    return access


@login_required
@require_POST
def hint(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """The expert's spot for the pending tile, drawn as the tile being tried on the table."""
    user = user_of(request)
    table_for(user, game_id)  # outsiders of an invite-only table get a 404
    form = HintForm(request.POST)
    try:
        if not form.is_valid():
            raise GameError(_("That request for a hint was not understood."))
        given = give_hint(game_id, user, form.cleaned_data["step"])
    except GameError as refused:
        status = 409 if isinstance(refused, StaleTurn) else 403
        status = status if form.is_valid() else 400
        context = {"reason": str(refused), "game_id": game_id}
        return TemplateResponse(request, "games/refused.html", context, status=status)
    a = given.action
    messages.info(
        request,
        _(
            "The expert would place tile %(number)s as shown (hints at this table: %(used)s). "
            "You may place it there, or anywhere else."
        )
        % {"number": a.slot + 1, "used": given.used},
    )
    draft = urlencode({"slot": a.slot, "o": a.orientation, "x": a.x, "y": a.y})
    return redirect(f"{reverse('games:game', args=[game_id])}?{draft}")


@login_required
@require_http_methods(["GET", "POST"])
def review(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """GET: the review of one person's seat (their own by default); POST: ask for one's own."""
    access = _reviewable_table(request, game_id)
    here = reverse("games:review", args=[game_id])
    if request.method == "POST":
        try:
            asked = ask_for_review(access.game, access.mine, timezone.now())
        except ReviewRefused as refused:
            return TemplateResponse(
                request, "games/refused.html", {"reason": str(refused)}, status=403
            )
        if asked.created:
            messages.success(request, _("The expert is looking at your game."))
        return redirect(f"{here}?seat={asked.review.position}")
    asked_seat = request.GET.get("seat")
    if asked_seat is not None and not asked_seat.isdigit():
        raise Http404(_("No such seat."))
    seat = chosen_seat(access, None if asked_seat is None else int(asked_seat))
    if seat is None:
        raise Http404(_("No such seat."))
    page = build_review_page(access, seat)
    context = {
        "access": access,
        "game": access.game,
        "page": page,
        "here": here,
        "rollouts": ROLLOUTS,
    }
    template = "games/review.html"
    if request.htmx and request.htmx.target == "review":
        template += "#review"
    return TemplateResponse(request, template, context)
