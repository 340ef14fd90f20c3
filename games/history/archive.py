"""The archive of finished tables: newest first, filtered, as one person may list them.

Open tables are listed to everyone logged in; invite-only tables only to their players.
"""

from __future__ import annotations

from django import forms
from django.contrib.auth.models import User
from django.db.models import Count, Exists, OuterRef, Prefetch, Q, QuerySet
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy, ngettext

from games.models import Game, GameStatus, Seat

PER_PAGE = 25


def _players(n: int) -> str:
    return ngettext("%(count)d player", "%(count)d players", n) % {"count": n}


_players_lazy = lazy(_players, str)


class ArchiveForm(forms.Form):
    """The archive's filters, all optional (``?players=3&mine=1&player=Brendan``)."""

    players = forms.TypedChoiceField(
        label=gettext_lazy("Players"),
        choices=[("", gettext_lazy("Any number"))]
        + [(str(n), _players_lazy(n)) for n in range(2, 6)],
        coerce=int,
        empty_value=None,
        required=False,
    )
    mine = forms.BooleanField(label=gettext_lazy("Only tables I played at"), required=False)
    player = forms.CharField(
        label=gettext_lazy("With the player named"), max_length=30, required=False
    )


def finished_tables(user: User, *, players: int | None, mine: bool, player: str) -> QuerySet[Game]:
    """The finished tables ``user`` may list, newest first, with their seats (best rank first)."""
    seated = Exists(Seat.objects.filter(game=OuterRef("pk"), user=user))
    games = (
        Game.objects.filter(status=GameStatus.FINISHED)
        .filter(Q(is_open=True) | seated)
        .annotate(players=Count("seats"))
    )
    if players is not None:
        games = games.filter(players=players)
    if mine:
        games = games.filter(seated)
    if player:
        named = Seat.objects.filter(game=OuterRef("pk"), user__profile__display_name__iexact=player)
        games = games.filter(Exists(named))
    seats = Seat.objects.select_related("user__profile").order_by("rank", "position")
    return games.order_by("-finished_at", "-pk").prefetch_related(Prefetch("seats", seats))
