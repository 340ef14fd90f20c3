"""Show a moment in a player's own time zone: ``{% load local_time %}``.

``{{ game.deadline|in_zone:user|when:"moment" }}`` shows the deadline on the viewer's clock, in
the reader's language (``when`` takes a format of ``tipperary_site.dates``).
The argument may be a user, a profile or a zone name; anything else (an anonymous visitor, a
user without a profile) means UTC.
"""

from __future__ import annotations

import zoneinfo
from datetime import date, datetime

from django import template
from django.core.exceptions import ObjectDoesNotExist
from django.templatetags.tz import do_timezone
from django.utils import timezone

from accounts.models import Profile
from accounts.zones import DEFAULT_ZONE, zone_label, zone_or_utc
from tipperary_site.dates import iso, written

register = template.Library()


def zone_of(who: object) -> zoneinfo.ZoneInfo:
    """The time zone of a user, a profile or a zone name; UTC when there is none."""
    if isinstance(who, Profile):
        return who.zone
    if isinstance(who, str):
        return zone_or_utc(who)
    if getattr(who, "is_authenticated", False):
        try:
            profile = who.profile  # type: ignore[attr-defined]
        except ObjectDoesNotExist:
            return zone_or_utc(DEFAULT_ZONE)
        if isinstance(profile, Profile):
            return profile.zone
    return zone_or_utc(DEFAULT_ZONE)


@register.filter
def in_zone(value: datetime | None, who: object) -> datetime | str:
    """``value`` converted to ``who``'s zone, kept there by the ``date``/``time`` filters."""
    if not isinstance(value, datetime):
        return ""
    converted: datetime = do_timezone(value, zone_of(who))
    return converted


@register.filter(expects_localtime=True)
def when(value: date | None, name: str) -> str:
    """``value`` as the format ``name`` of ``tipperary_site.dates`` writes it, in the reader's
    language ("2 Dec 2026", "2. Dez. 2026"); on the page's clock, like the ``date`` filter."""
    if not isinstance(value, date):
        return ""
    return written(value, name)


@register.filter
def readable_zone(who: object, at: datetime | None = None) -> str:
    """``who``'s zone (a user, a profile, a zone or its name) as "New York (UTC−5)", with the
    offset in force at ``at`` (now when not given)."""
    zone = who if isinstance(who, zoneinfo.ZoneInfo) else zone_of(who)
    return zone_label(zone, at if isinstance(at, datetime) else timezone.now())


# A moment for a ``datetime`` attribute: ``{{ moment|iso }}``.
register.filter("iso", iso)
