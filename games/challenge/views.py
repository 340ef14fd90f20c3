"""``/challenge/``: this week's deal, a person's entry, the week's results; past weeks too."""

from __future__ import annotations

from datetime import timedelta

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from accounts.zones import active_zone
from games import services
from games.challenge import entries
from games.challenge.compare import NoSuchRound, compare
from games.challenge.results import WeekBoard, week_board
from games.models.challenge import Challenge
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
    zone = active_zone()  # the viewer's
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
        raise Http404(_("There is no such challenge."))
    try:
        game = entries.enter(challenge.pk, user_of(request), timezone.now())
    except services.GameError as refused:
        messages.error(request, str(refused))
        return redirect("challenge:week", week)
    return redirect("games:game", game.pk)


def _number(request: HttpRequest, name: str) -> int | None:
    raw = request.GET.get(name, "")
    if not raw:
        return None
    if not raw.isdigit():
        raise NoSuchRound(_("“%(raw)s” is not a number (%(name)s).") % {"raw": raw, "name": name})
    return int(raw)


def _pair(board: WeekBoard, a: int | None, b: int | None) -> tuple[int, int]:
    """The two entries to show: ``a`` (else the viewer's, else the best) and ``b`` (else the
    best other one)."""
    mine = board.mine
    first = a if a is not None else (mine or board.rows[0]).seat.pk
    if b is None:
        b = next((r.seat.pk for r in board.rows if r.seat.pk != first), first)
    for seat_id in (first, b):
        if board.row_of(seat_id) is None:
            raise NoSuchRound(
                _("There is no scored entry %(entry)d in week %(week)d.")
                % {"entry": seat_id, "week": board.challenge.number}
            )
    return first, b


@require_http_methods(["GET", "HEAD"])
def side_by_side(request: HttpRequest, week: str) -> HttpResponse:
    """Two entries of a week round by round (``?round=n&a=<seat>&b=<seat>``), once the week's
    results show to the viewer."""
    challenge = get_object_or_404(Challenge, week=week)
    board = week_board(challenge, request.user)
    if not board.revealed or not board.rows:
        raise Http404(_("The entries of this week show once your own entry is over."))
    context: dict[str, object] = {"challenge": challenge, "board": board}
    try:
        round_ = _number(request, "round") or 1
        first, second = _pair(board, _number(request, "a"), _number(request, "b"))
        a, b = board.row_of(first), board.row_of(second)
        assert a is not None and b is not None
        context["page"] = compare(challenge, a.seat, b.seat, round_)
    except NoSuchRound as error:
        context["error"] = str(error)
        return TemplateResponse(request, "games/challenge_compare.html", context, status=400)
    return TemplateResponse(request, "games/challenge_compare.html", context)
