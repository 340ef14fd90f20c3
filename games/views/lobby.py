"""The lobby (open tables and the create form) and the "your games" dashboard."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count, F, OuterRef, Subquery
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from engine import rounds_for
from games import services
from games.challenge.results import week_places
from games.forms import CreateGameForm
from games.models import Game, GameStatus, Seat
from games.page.chat import unread_count
from games.page.live import mine_token
from games.streams.publish import enabled as streams_enabled
from tipperary_site.auth import user_of


@dataclass(frozen=True)
class OpenTable:
    """A table in the lobby and when it would end at the latest if it started now."""

    game: Game
    finishes_by: datetime


def _open_tables(request: HttpRequest) -> list[OpenTable]:
    games = (
        Game.objects.filter(status=GameStatus.FORMING, is_open=True)
        .annotate(taken=Count("seats"))
        .filter(taken__lt=F("seats_wanted"))
        .select_related("host__profile")
        .order_by("-created_at")[:50]
    )
    now = timezone.now()
    return [OpenTable(game, services.expected_finish(game, now=now)) for game in games]


@dataclass(frozen=True)
class TableInPlay:
    """An open table in play, for spectators: its round out of how many."""

    game: Game
    players: int
    rounds: int


WATCH_SHOWN = 20


def _tables_in_play() -> list[TableInPlay]:
    """Open tables in play, the most recently started first: anyone may watch them. One query."""
    games = (
        Game.objects.filter(status=GameStatus.PLAYING, is_open=True)
        .annotate(players=Count("seats"))
        .defer("state")
        .order_by("-started_at", "-pk")[:WATCH_SHOWN]
    )
    return [TableInPlay(game, game.players, rounds_for(game.players)) for game in games]


def _lobby(request: HttpRequest, form: CreateGameForm, status: int = 200) -> TemplateResponse:
    context = {"tables": _open_tables(request), "playing": _tables_in_play(), "form": form}
    return TemplateResponse(request, "games/lobby.html", context, status=status)


@login_required
def lobby(request: HttpRequest) -> TemplateResponse:
    """Open tables to join, open tables in play to watch, and the form to open a new one."""
    return _lobby(request, CreateGameForm())


@login_required
@require_POST
def create(request: HttpRequest) -> HttpResponse:
    """Open a new table with the person as host."""
    form = CreateGameForm(request.POST)
    if not form.is_valid():
        return _lobby(request, form, status=400)
    try:
        game = services.create_game(user_of(request), **form.table_options())
    except services.GameError as refused:  # a limit: said above the form, nothing opened
        form.add_error(None, str(refused))
        return _lobby(request, form, status=400)
    # A table the bots filled has started: its page says so itself. A flash there would stay
    # on screen all game, since that page changes by parts and is never loaded again.
    if game.status != GameStatus.PLAYING:
        messages.success(
            request, _("Your table is open. Invite friends or wait for players to join.")
        )
    return redirect(game)


@login_required
def mine(request: HttpRequest) -> TemplateResponse:
    """Invitations to answer, tables waiting on you (least time left first), then on others,
    then recently finished; each table with the count of chat messages new to the person."""
    user = user_of(request)
    invitations = (
        services.pending_invitations(user)
        .select_related("game__host__profile")
        .annotate(taken=Count("game__seats"))
        .order_by("-created_at")
    )
    active = (
        Seat.objects.filter(user=user, game__status__in=[GameStatus.PLAYING, GameStatus.FORMING])
        .annotate(unread=unread_count())
        .select_related("game")
        .order_by(F("game__round_deadline").asc(nulls_last=True), "-game__created_at")
    )
    players = Seat.objects.filter(game=OuterRef("game")).values("game").annotate(n=Count("pk"))
    finished = list(
        Seat.objects.filter(user=user, game__status=GameStatus.FINISHED)
        .annotate(unread=unread_count(), players=Subquery(players.values("n")))
        .select_related("game__challenge")
        .order_by("-game__finished_at")[:10]
    )
    # A challenge entry has one seat: its rank that counts is the week's.
    places = week_places(finished)
    playing = [s for s in active if s.game.status == GameStatus.PLAYING]
    context: dict[str, object] = {
        "invitations": list(invitations),
        "waiting_on_you": [s for s in playing if s.to_play],
        "waiting_on_others": [s for s in playing if not s.to_play],
        "forming": [s for s in active if s.game.status == GameStatus.FORMING],
        "finished": [(seat, places.get(seat.pk)) for seat in finished],
    }
    if streams_enabled():  # the stream's starting point, and the header's count with it
        mine = mine_token(user.pk)
        context.update(mine_token=mine.token, tables_waiting=mine.waiting)
    return TemplateResponse(request, "games/mine.html", context)
