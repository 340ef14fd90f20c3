"""The one-click unsubscribe page: no log-in, the signed link is the proof."""

from __future__ import annotations

from django.http import HttpRequest
from django.template.response import TemplateResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from games.notifications.unsubscribe import BadUnsubscribeLink, read_unsubscribe, turn_off


# Mail programs post the one-click request (RFC 8058) without a CSRF token: the signed,
# expiring token in the address is what authorises the change.
@csrf_exempt
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest, token: str) -> TemplateResponse:
    """GET asks to confirm (link checkers must not unsubscribe anyone); POST turns it off."""
    try:
        asked = read_unsubscribe(token)
    except BadUnsubscribeLink as refused:
        context = {"error": str(refused)}
        return TemplateResponse(request, "games/unsubscribe_invalid.html", context, status=400)
    if request.method == "POST":
        turn_off(asked)
        return TemplateResponse(request, "games/unsubscribe_done.html", {"what": asked.what})
    return TemplateResponse(request, "games/unsubscribe.html", {"what": asked.what})
