"""Joining, leaving, inviting (and withdrawing or declining), starting a table: each a POST
that calls one service."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.models import public_name
from games import services
from games.access import table_for
from games.forms import InviteForm
from tipperary_site.auth import user_of


def _after(
    request: HttpRequest, game_id: int, action: Callable[[], object], done: str
) -> HttpResponse:
    """Run a service; on success say ``done``, on refusal say why. Back to the table either way."""
    try:
        action()
    except services.GameError as refused:
        messages.error(request, str(refused))
    else:
        messages.success(request, done)
    return redirect("games:game", game_id)


@login_required
@require_POST
def join(request: HttpRequest, game_id: int) -> HttpResponse:
    token = request.POST.get("token", "")
    # The link is checked before anything about the table shows: a forged or borrowed token
    # gets an outsider the same 404 as no token at all.
    table_for(user_of(request), game_id, invited_by_link=services.invite_link_opens(token, game_id))
    return _after(
        request, game_id,
        lambda: services.join_game(game_id, user_of(request), token=token),
        _("You have a seat at this table."),
    )  # fmt: skip


@login_required
@require_POST
def leave(request: HttpRequest, game_id: int) -> HttpResponse:
    table_for(user_of(request), game_id)
    try:
        services.leave_game(game_id, user_of(request))
    except services.GameError as refused:
        messages.error(request, str(refused))
        return redirect("games:game", game_id)
    messages.success(request, _("You left the table."))
    return redirect("games:lobby")


@login_required
@require_POST
def start(request: HttpRequest, game_id: int) -> HttpResponse:
    table_for(user_of(request), game_id)
    return _after(
        request, game_id,
        lambda: services.start_game(game_id, user_of(request)),
        _("The game has started. Pick your first tile!"),
    )  # fmt: skip


@login_required
@require_POST
def invite(request: HttpRequest, game_id: int) -> HttpResponse:
    table_for(user_of(request), game_id)
    form = InviteForm(request.POST)
    if not form.is_valid():
        messages.error(
            request, _("Give the display name of the player to invite (3–20 characters).")
        )
        return redirect("games:game", game_id)
    try:
        invitation = services.invite_player(
            game_id, user_of(request), form.cleaned_data["display_name"]
        )
    except services.GameError as refused:
        messages.error(request, str(refused))
    else:  # the name as its owner writes it, not as it was typed
        name = invitation.invitee.profile.display_name
        messages.success(
            request,
            _("%(name)s is invited. They will find it under Your games.") % {"name": name},
        )
    return redirect("games:game", game_id)


@login_required
@require_POST
def withdraw_invitation(request: HttpRequest, game_id: int, invitation_id: int) -> HttpResponse:
    """The host takes an invitation back (from the list on the forming page)."""
    table_for(user_of(request), game_id)
    try:
        invitation = services.withdraw_invitation(game_id, user_of(request), invitation_id)
    except services.GameError as refused:
        messages.error(request, str(refused))
    else:
        who = public_name(invitation.invitee)
        messages.success(request, _("%(name)s’s invitation is withdrawn.") % {"name": who})
    return redirect("games:game", game_id)


@login_required
@require_POST
def decline(request: HttpRequest, game_id: int) -> HttpResponse:
    """The invitee says no (from Your games); back to Your games, since an invite-only table
    is out of their sight once the invitation is gone."""
    table_for(user_of(request), game_id)
    try:
        game = services.decline_invitation(game_id, user_of(request))
    except services.GameError as refused:
        messages.error(request, str(refused))
    else:
        messages.success(request, _("You declined the invitation to %(table)s.") % {"table": game})
    return redirect("games:mine")


@login_required
@require_POST
def revoke_link(request: HttpRequest, game_id: int) -> HttpResponse:
    table_for(user_of(request), game_id)
    return _after(
        request, game_id,
        lambda: services.revoke_invite_link(game_id, user_of(request)),
        _("The old invitation link no longer works; share the new one."),
    )  # fmt: skip


@login_required
def invitation(request: HttpRequest, token: str) -> HttpResponse:
    """Where an invite link lands: the table, and a button to take a seat."""
    try:
        game = services.game_for_invite(token)
    except services.GameError as refused:
        return TemplateResponse(
            request, "games/invitation.html", {"error": str(refused)}, status=404
        )
    access = table_for(user_of(request), game.pk, invited_by_link=True)
    if access.mine is not None:
        return redirect(game)
    context = {"access": access, "game": game, "token": token,
               "join_url": reverse("games:join", args=[game.pk])}  # fmt: skip
    return TemplateResponse(request, "games/invitation.html", context)
