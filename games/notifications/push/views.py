"""A person's devices: the list on the settings pages, subscribe and unsubscribe (JSON, from
``static/js/push_setup.js``), and "Send a test notification" and "Remove" (plain forms)."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from games.models import PushSubscription
from games.notifications.push import devices
from games.notifications.push.keys import push_enabled


def _me(request: HttpRequest) -> User:
    user = request.user
    assert isinstance(user, User)  # login_required let only a logged-in user through
    return user


def _refused(error: ValueError, status: int = 400) -> JsonResponse:
    return JsonResponse({"error": str(error)}, status=status)


@login_required
@require_http_methods(["GET"])
def device_list(request: HttpRequest) -> HttpResponse:
    """The person's devices, and the button that adds the one they are on."""
    mine = list(PushSubscription.objects.filter(user=_me(request)).select_related("user__profile"))
    return TemplateResponse(
        request,
        "push/devices.html",
        {
            "devices": mine,
            "push_enabled": push_enabled(),
            "public_key": settings.VAPID_PUBLIC_KEY if push_enabled() else "",
        },
    )


@login_required
@require_POST
def subscribe(request: HttpRequest) -> JsonResponse:
    """Keep the browser's subscription (JSON: ``endpoint`` and ``keys``) as one of the person's
    devices; 400 with the reason when it is not one the site will push to."""
    if not push_enabled():
        return _refused(ValueError(_("This site sends no push notifications.")), 404)
    try:
        new = devices.parse_subscription(request.body)
        label = devices.device_label(request.headers.get("User-Agent", ""))
        device = devices.add_device(_me(request), new, label)
    except devices.BadSubscription as error:
        return _refused(error)
    return JsonResponse({"device": device.pk, "label": device.label}, status=201)


@login_required
@require_POST
def unsubscribe(request: HttpRequest) -> JsonResponse:
    """Forget the person's device with the given ``endpoint`` (JSON); 404 if it is not theirs."""
    try:
        endpoint = devices.parse_endpoint(request.body)
    except devices.BadSubscription as error:
        return _refused(error)
    if not devices.remove_device(_me(request), endpoint=endpoint):
        return _refused(ValueError(_("You have no device with that endpoint.")), 404)
    return JsonResponse({"removed": True})


@login_required
@require_POST
def remove(request: HttpRequest, pk: int) -> HttpResponse:
    """The "Remove" button of one device in the list."""
    if not devices.remove_device(_me(request), pk=pk):
        raise Http404(_("You have no such device."))
    messages.success(request, _("The device is removed: it gets no more notifications from us."))
    return redirect(reverse("push:devices"))


@login_required
@require_POST
def test(request: HttpRequest, pk: int) -> HttpResponse:
    """The "Send a test notification" button of one device in the list."""
    if not devices.ask_test_push(_me(request), pk):
        raise Http404(_("You have no such device."))
    messages.success(request, _("A test notification is on its way to that device."))
    return redirect(reverse("push:devices"))
