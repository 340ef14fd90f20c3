"""Blocking and unblocking a player, from their public page: each a POST to one service."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.models import Profile
from games.services import blocks
from games.services.errors import GameError
from tipperary_site.auth import user_of


def _change(request: HttpRequest, name: str, *, block: bool) -> HttpResponse:
    """Run the block or unblock; say what happened or why not. Back to the player's page."""
    profile = get_object_or_404(
        Profile.objects.select_related("user"), display_name__iexact=name, user__is_active=True
    )
    other = profile.display_name
    try:
        if block:
            blocks.block(user_of(request), profile.user)
        else:
            blocks.unblock(user_of(request), profile.user)
    except GameError as refused:
        messages.error(request, str(refused))
    else:
        said = (
            _(
                "You blocked %(name)s: no invitations, table talk or rematches between you. "
                "They are not told."
            )
            if block
            else _("You unblocked %(name)s.")
        ) % {"name": other}
        messages.success(request, said)
    return redirect("ratings:player", other)


@login_required
@require_POST
def block(request: HttpRequest, name: str) -> HttpResponse:
    return _change(request, name, block=True)


@login_required
@require_POST
def unblock(request: HttpRequest, name: str) -> HttpResponse:
    return _change(request, name, block=False)
