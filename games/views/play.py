"""The game page, its fragments, the action endpoint and the live-update poll."""

from __future__ import annotations

import time
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, QueryDict
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRefresh, replace_url, reswap, retarget

import engine
from games import services
from games.access import TableAccess, table_for
from games.forms import ActionForm, DraftForm, UndoForm
from games.models import GameStatus
from games.page.board import board_kept
from games.page.cache import page_key, serve
from games.page.chat import chat_mark
from games.page.live import Token, current_token, token_for
from games.page.model import GamePage, build_page
from games.services.tables import invite_token
from games.streams import presence
from games.views.chat import mark_seen_once_drawn
from games.words import refusal_words
from tipperary_site.auth import user_of
from tipperary_site.htmx import HtmxHttpRequest

FRAGMENTS = {"game", "turn", "table", "preview"}


def _asked(request: HtmxHttpRequest) -> dict[str, int | None]:
    form = DraftForm(request.POST if request.method == "POST" else request.GET)
    if not form.is_valid():
        return {}
    return {k: form.cleaned_data.get(k) for k in ("slot", "o", "x", "y")}


def _kept(marks: QueryDict, access: TableAccess, page: GamePage) -> dict[str, object]:
    """What the asking page shows as it stands, by the marks it sent (``c``: the talk; ``k``
    and ``w``: the other counties and the wheel, games.page.board), for an answer that replaces
    its whole game or table panel to leave in place (``hx-preserve``), not draw again."""
    return {"chat_kept": marks.get("c") == chat_mark(access), **board_kept(marks, page)}


def _render(
    request: HtmxHttpRequest,
    access: TableAccess,
    *,
    status: int = 200,
    error: str = "",
    asked: dict[str, int | None] | None = None,
    extra: dict[str, object] | None = None,
    marks: QueryDict | None = None,
) -> TemplateResponse:
    """The page (or the fragment htmx targets) for ``access``. ``marks``: what the page that
    asked shows (``_kept``), sent with a move or an undo; never for an answer the page cache
    keeps, which other pages get."""
    game = access.game
    context: dict[str, object] = {"access": access, "game": game, "error": error, **(extra or {})}
    if access.waiting is not None:  # counted with the table, as a move's answer or a poll's
        context["tables_waiting"] = access.waiting
    if game.status == GameStatus.FORMING:
        if access.mine is not None and game.host_id == access.mine.user_id:
            context["invite_token"] = invite_token(game)
        context["live_token"] = token_for(game, access.mine)
        template = "games/forming.html"
        if request.htmx and request.htmx.target == "forming":
            template += "#forming"
        response = TemplateResponse(request, template, context, status=status)
        return mark_seen_once_drawn(request, response)
    page = context["page"] = build_page(access, _asked(request) if asked is None else asked)
    if marks is not None:
        context.update(_kept(marks, access, page))
    template = "games/game.html"
    target = request.htmx.target if request.htmx else None
    if target in FRAGMENTS:
        template = f"games/game.html#{target}"
    return mark_seen_once_drawn(
        request, TemplateResponse(request, template, context, status=status)
    )


@login_required
@require_GET
def game_page(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """The table: forming (seats, invitations) or in play (your county, the wheel, the others).

    A game in play is drawn once for each thing its viewer may see and then comes from the
    cache (games.page.cache), so reloads and the fragments the page asks for cost little.
    """
    user = user_of(request)
    target = request.htmx.target if request.htmx else None
    target = target if target in FRAGMENTS else None
    # The whole page and #game show the count of tables waiting (header, title); no other
    # fragment does. Found with the viewer's token, in the one query that finds the page.
    counted = target in (None, "game")
    current = current_token(game_id, user.pk, waiting=counted)
    waiting = current.waiting if current is not None else None
    extra: dict[str, object] = {} if waiting is None else {"tables_waiting": waiting}
    access = None
    if current is None or not current.trusted or current.status == GameStatus.FORMING:
        access = table_for(user, game_id)  # outsiders get their 404 here
        if access.game.status == GameStatus.FORMING:
            return _render(request, access, extra=extra)
        token = token_for(access.game, access.mine)
    else:
        token = current.token
    asked = _asked(request)
    key = page_key(
        request, game_id, token, sorted(asked.items()), bool(request.htmx), target, waiting
    )

    def draw(more: dict[str, object]) -> TemplateResponse:
        access_now = access or table_for(user, game_id)
        return _render(request, access_now, asked=asked, extra={**extra, **more})

    return serve(request, key, draw)


@login_required
@require_POST
def draft(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """Move the tile being tried (a county cell was clicked): the turn with the new draft."""
    access = table_for(user_of(request), game_id)
    if request.htmx:
        return _render(request, access)
    asked = {k: v for k, v in _asked(request).items() if v is not None}
    return redirect(access.game.get_absolute_url() + "?" + urlencode(asked))


def _refused(
    request: HtmxHttpRequest, game_id: int, status: int, error: str, marks: QueryDict | None
) -> TemplateResponse:
    """A refused move or undo: the table as it is (nothing changed), with why."""
    access = table_for(user_of(request), game_id, count_waiting=bool(request.htmx))
    return _render(request, access, status=status, error=error, marks=marks)


@login_required
@require_POST
def act(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """Apply one action; a refused or stale one changes nothing and keeps the tile being tried.

    The service refuses people without a seat, so the table is read (and outsiders get a 404)
    only to show a refusal, or once, after the move, to draw the fresh page: read anew, since
    the move may have ended the round and a worker may already have dealt the next one.
    """
    user = user_of(request)
    form = ActionForm(request.POST)
    marks = request.POST if request.htmx else None  # what the page shows, kept if it stands
    try:
        if not form.is_valid():
            raise services.GameError(_("That move was not understood."))
        data = form.cleaned_data
        services.submit_action(
            game_id, user, data["notation"], data["step"], seen_round=data["round"]
        )
    except services.StaleTurn as stale:
        return _refused(request, game_id, 409, str(stale), marks)
    except engine.ActionError as refused:  # nothing changed
        return _refused(request, game_id, 400, refusal_words(refused), marks)
    except services.GameError as refused:  # nothing changed
        return _refused(request, game_id, 400, str(refused), marks)
    if request.htmx:
        # The address bar shows the table itself again, not the tile that was being tried.
        fresh = table_for(user, game_id, count_waiting=True)
        answer = _render(request, fresh, asked={}, marks=marks)
        return replace_url(answer, fresh.game.get_absolute_url())
    messages.success(request, _("Done."))
    return redirect("games:game", game_id)


@login_required
@require_POST
def undo(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """Take back one's whole finished turn while others still play; a refused or repeated undo
    changes nothing and is answered 409 (the round or the turn moved on) with the page as it is.
    """
    user = user_of(request)
    form = UndoForm(request.POST)
    marks = request.POST if request.htmx else None  # what the page shows, kept if it stands
    if not form.is_valid():
        error = _("That request to take back your turn was not understood.")
        return _refused(request, game_id, 400, error, marks)
    try:
        services.undo_turn(
            game_id, user, form.cleaned_data["step"], seen_round=form.cleaned_data["round"]
        )
    except services.NotAllowed as refused:
        return _refused(request, game_id, 403, str(refused), marks)
    except engine.ActionError as refused:  # nothing changed
        return _refused(request, game_id, 409, refusal_words(refused), marks)
    except services.GameError as refused:  # nothing changed
        return _refused(request, game_id, 409, str(refused), marks)
    if request.htmx:
        return _render(request, table_for(user, game_id, count_waiting=True), asked={}, marks=marks)
    messages.success(request, _("Your turn is taken back: play it again."))
    return redirect("games:game", game_id)


@require_GET
def status(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """The poll: 204 while nothing the viewer may see changed, else what changed.

    The page sends back its token (``t``) and its viewer (``v``). A poll with the viewer's
    current token never reaches this view: ``UnchangedPollMiddleware`` answers it 204 from Redis
    or one query, before the session and the person are read (only a page drawn for them carries
    that token). Anything else comes here, through log-in and the access check (``_changed``).
    """
    seen = Token.parse(request.GET.get("t", ""))
    if seen is None:
        return HttpResponse(_("Give the token (t) your page was drawn with."), status=400)
    return _changed(request, game_id, seen)


@login_required
def _changed(request: HtmxHttpRequest, game_id: int, seen: Token) -> HttpResponse:
    """What changed since the page with token ``seen`` was drawn (or 204 if nothing did).

    A change of the viewer's own seat, of the game's phase or status re-renders the whole game;
    a neighbour finishing their turn re-renders the table panel and the "waiting for" line; a
    forming table re-renders its seats, and a page refresh shows the game once it starts. The
    table talk is drawn only when it changed since the page's (``c``, ``chat_mark``), and the
    other counties and the wheel only when they did (``k`` and ``w``, games.page.board): else
    the page keeps those it has.
    """
    user = user_of(request)
    # Both answers that draw show the count of tables waiting: read with the table.
    access = table_for(user, game_id, count_waiting=True)
    presence.polled(game_id, user.pk, time.time())
    game = access.game
    token = token_for(game, access.mine)
    if token == seen:
        return HttpResponse(status=204)
    forming_page = request.htmx.target == "forming"
    if forming_page or game.status == GameStatus.FORMING:
        if not forming_page or game.status != GameStatus.FORMING:
            return HttpResponseClientRefresh()
        return _render(request, access)
    page = build_page(access, {})
    context = {
        "access": access, "game": game, "page": page, "tables_waiting": access.waiting,
        **_kept(request.GET, access, page),
    }  # fmt: skip
    # A new round, the towers step or the end moves every seat on, so "own" covers them;
    # a spectator has no seat, so any change re-renders everything they see.
    if token.own != seen.own or access.mine is None:
        response = TemplateResponse(request, "games/game.html#game", context)
        return reswap(retarget(response, "#game"), "outerHTML")
    return TemplateResponse(request, "games/_live_table.html", context)
