"""Every page tells the time on the viewer's clock, and speaks the viewer's language.

Django writes an aware moment (``{{ game.finished_at|date }}``, forms, the admin) in the zone
active for the request. This middleware activates the zone of whoever asks: a logged-in person's
profile zone, which comes with the person at no cost (accounts.backends reads it in the same
query), else the zone a visitor's browser reports in the ``zone`` cookie (static/js/timezone.js),
else UTC. A cookie naming no zone we know is ignored. The zone is deactivated once the response
is made, so a worker thread never carries one person's clock into the next request.

The zone is looked up the first time a moment is shown, not before: a request that shows none
(the poll's "nothing changed") never reads the session or the person for it.

Mails never rely on it: each is written in its recipient's zone, wherever it is rendered.

The language: Django's ``LocaleMiddleware`` (above the session in settings) picks the switch's
cookie, else the browser's Accept-Language; ``PersonLanguageMiddleware`` then lets a logged-in
person's saved language win over both. It comes with the person in the same query as the zone,
so it costs nothing more than reading who asks, which nearly every page does anyway; a request
from nobody logged in (no session cookie) reads nothing for it, nor does a view marked
``browser_language``. A URL that matches no view (a 404 before any view) speaks the cookie's or
the browser's language.
"""

from __future__ import annotations

import zoneinfo
from collections.abc import Callable
from datetime import datetime, timedelta, tzinfo
from typing import TypeVar

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import timezone, translation

from accounts.zones import DEFAULT_ZONE, known_zones, zone_or_utc

#: Set by static/js/timezone.js to the browser's IANA zone name.
ZONE_COOKIE = "zone"

_NOT_READ = object()
V = TypeVar("V", bound=Callable[..., object])


def _saved(request: HttpRequest, field: str) -> str | None:
    """The logged-in person's profile ``field``, as the log-in read brought it along
    (``profile_<field>``); None for a visitor or a person without a profile."""
    user = request.user
    if not user.is_authenticated:
        return None
    value = getattr(user, f"profile_{field}", _NOT_READ)
    if value is _NOT_READ:  # the person was read some other way (a test's own backend…)
        profile = getattr(user, "profile", None)
        value = getattr(profile, field) if profile is not None else None
    return value if isinstance(value, str) else None


def _profile_zone(request: HttpRequest) -> str | None:
    """The logged-in person's saved zone; None for a visitor or a person without a profile."""
    return _saved(request, "time_zone")


def viewer_zone_name(request: HttpRequest) -> str:
    """The IANA name of the zone ``request``'s pages are shown in."""
    name = _profile_zone(request) or request.COOKIES.get(ZONE_COOKIE, "")
    return name if name in known_zones() else DEFAULT_ZONE


class ViewerZone(tzinfo):
    """The zone of ``request``'s viewer, found the first time it is asked for."""

    def __init__(self, request: HttpRequest) -> None:
        self._request = request
        self._zone: zoneinfo.ZoneInfo | None = None

    @property
    def zone(self) -> zoneinfo.ZoneInfo:
        if self._zone is None:
            self._zone = zone_or_utc(viewer_zone_name(self._request))
        return self._zone

    def utcoffset(self, dt: datetime | None) -> timedelta | None:
        return self.zone.utcoffset(dt)

    def dst(self, dt: datetime | None) -> timedelta | None:
        return self.zone.dst(dt)

    def tzname(self, dt: datetime | None) -> str | None:
        return self.zone.tzname(dt)

    def fromutc(self, dt: datetime) -> datetime:
        # What astimezone() calls: the moment comes back in the real zone.
        return self.zone.fromutc(dt.replace(tzinfo=self.zone))

    def __str__(self) -> str:  # Django's get_current_timezone_name()
        return str(self.zone.key)

    def __reduce__(self) -> tuple[object, tuple[str]]:
        # A copied or stored moment keeps the zone, not the request.
        return zoneinfo.ZoneInfo, (str(self.zone.key),)


class LocalTimeMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        timezone.activate(ViewerZone(request))
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()


_LANGUAGE_CODES = frozenset(code for code, _name in settings.LANGUAGES)


def profile_language(request: HttpRequest) -> str | None:
    """The logged-in person's saved language; None for a visitor, a person without a profile
    or one who left it to their browser."""
    code = _saved(request, "language")
    return code if code in _LANGUAGE_CODES else None


def browser_language(view: V) -> V:
    """Mark ``view`` as one that reads nobody (the offline page the service worker keeps for
    everyone): it speaks the cookie's or the browser's language, never the person's."""
    view.browser_language = True  # type: ignore[attr-defined]
    return view


class PersonLanguageMiddleware:
    """A logged-in person's saved language wins over the cookie and the browser's.

    Applied once the view is known, so a view marked ``browser_language`` reads no session and
    no person for it.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(
        self,
        request: HttpRequest,
        view: Callable[..., HttpResponse],
        args: tuple[object, ...],
        kwargs: dict[str, object],
    ) -> None:
        if getattr(view, "browser_language", False):
            return
        code = profile_language(request)
        if code is not None:
            translation.activate(code)
            request.LANGUAGE_CODE = code
