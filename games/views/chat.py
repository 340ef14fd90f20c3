"""Table talk: post a message, mute or unmute a player. Each a POST that calls one service and
answers htmx with the chat panel, or a plain form post with the table's page again."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseForbidden
from django.middleware.csrf import get_token
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import services
from games.access import TableAccess, table_for
from games.page.chat import chat_panel
from games.page.chat_html import render_chat
from games.services import chat as chat_services
from tipperary_site.auth import user_of
from tipperary_site.htmx import HtmxHttpRequest


def mark_seen_once_drawn(request: HttpRequest, response: TemplateResponse) -> TemplateResponse:
    """Once ``response`` is drawn, mark seen the messages its chat panel showed new."""

    def mark(drawn: HttpResponse) -> None:
        news = getattr(request, "chat_news", None)
        if news is not None:
            chat_services.mark_seen(*news)

    response.add_post_render_callback(mark)
    return response


def _answer(
    request: HtmxHttpRequest,
    access: TableAccess,
    *,
    done: str = "",
    error: str = "",
    text: str = "",
) -> HttpResponse:
    """The panel for htmx (the text kept beside an error), else back to the table."""
    if request.htmx:
        panel = chat_panel(access, user_of(request))
        if panel.news is not None:
            chat_services.mark_seen(*panel.news)
        drawn = render_chat(panel, csrf_token=get_token(request), answer=True, error=error,
                            text=text if error else "")  # fmt: skip
        return HttpResponse(drawn, status=400 if error else 200)
    if error:
        messages.error(request, error)
    elif done:
        messages.success(request, done)
    return redirect(access.game.get_absolute_url() + "#chat")


@login_required
@require_POST
def post(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """A seated player writes at the table; anyone else is refused (403), nothing is stored."""
    user = user_of(request)
    access = table_for(user, game_id)  # outsiders of an invite-only table get a 404
    text = request.POST.get("text", "")
    try:
        message = chat_services.post_message(game_id, user, text)
    except services.NotAllowed as refused:
        return HttpResponseForbidden(str(refused))
    except services.GameError as refused:
        return _answer(request, access, error=str(refused), text=text)
    # The table as the post left it (its talk moved on: games.page.chat reads it).
    return _answer(request, replace(access, game=message.game))


def _player(request: HtmxHttpRequest) -> int | None:
    try:
        return int(request.POST.get("player", ""))
    except ValueError:
        return None


def _for_player(
    request: HtmxHttpRequest, game_id: int, change: Callable[[int], object], done: str
) -> HttpResponse:
    access = table_for(user_of(request), game_id)
    player = _player(request)
    try:
        if player is None:
            raise services.GameError(_("Say which player."))
        change(player)
    except services.GameError as refused:
        return _answer(request, access, error=str(refused))
    return _answer(request, access, done=done)


@login_required
@require_POST
def mute(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """Stop seeing a player's messages, at every table."""
    user = user_of(request)
    return _for_player(
        request, game_id, lambda player: chat_services.mute(user, player),
        _("Muted: you no longer see that player's messages, at any table."),
    )  # fmt: skip


@login_required
@require_POST
def unmute(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """See a muted player's messages again."""
    user = user_of(request)
    return _for_player(
        request, game_id, lambda player: chat_services.unmute(user, player),
        _("You see that player's messages again."),
    )  # fmt: skip
