"""Time zones a player can choose: IANA names, grouped by region for the settings form; and how
a person is spoken to wherever they are not the one asking (their zone, their language)."""

from __future__ import annotations

import functools
import zoneinfo
from datetime import datetime, timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

DEFAULT_ZONE = "UTC"

# Names the tz database ships that describe the server, not a place a person lives.
_NOT_FOR_PEOPLE = frozenset({"localtime", "Factory", "posixrules"})

# Regions offered in the picker; older aliases (US/Eastern, Eire, Etc/GMT+5…) stay valid when
# submitted but would only clutter the list.
_REGIONS = (
    "Africa",
    "America",
    "Antarctica",
    "Arctic",
    "Asia",
    "Atlantic",
    "Australia",
    "Europe",
    "Indian",
    "Pacific",
)

# The regions as the picker's group headings name them.
_REGION_NAMES = {
    "Africa": pgettext_lazy("time zone region", "Africa"),
    "America": pgettext_lazy("time zone region", "America"),
    "Antarctica": pgettext_lazy("time zone region", "Antarctica"),
    "Arctic": pgettext_lazy("time zone region", "Arctic"),
    "Asia": pgettext_lazy("time zone region", "Asia"),
    "Atlantic": pgettext_lazy("time zone region", "Atlantic"),
    "Australia": pgettext_lazy("time zone region", "Australia"),
    "Europe": pgettext_lazy("time zone region", "Europe"),
    # Translators: the Indian Ocean (Maldives, Mauritius, Réunion …), a time zone region.
    "Indian": pgettext_lazy("time zone region", "Indian"),
    "Pacific": pgettext_lazy("time zone region", "Pacific"),
}

ZoneChoices = list[tuple[str, str] | tuple[str, list[tuple[str, str]]]]


@functools.cache
def known_zones() -> frozenset[str]:
    """Every IANA zone name the site accepts (reading the tz database once per process)."""
    return frozenset(zoneinfo.available_timezones()) - _NOT_FOR_PEOPLE


def validate_time_zone(value: str) -> None:
    """Refuse a name that is not an IANA time zone, saying so in words a player understands."""
    if value not in known_zones():
        raise ValidationError(
            _("“%(value)s” is not a time zone we know. Pick one from the list."),
            code="unknown_time_zone",
            params={"value": value},
        )


def language_of(user: object) -> str:
    """The language ``user`` reads: their own choice, else the site's (mail and push are
    composed in it, whoever's move caused them)."""
    profile = getattr(user, "profile", None)
    return (profile.language if profile is not None else "") or settings.LANGUAGE_CODE


def zone_or_utc(name: str) -> zoneinfo.ZoneInfo:
    """The zone called ``name``, or UTC when the name is not (or no longer) known."""
    if name in known_zones():
        try:
            return zoneinfo.ZoneInfo(name)
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            pass
    return zoneinfo.ZoneInfo(DEFAULT_ZONE)


def active_zone() -> zoneinfo.ZoneInfo:
    """The zone moments are shown in right now: the viewer's during a request
    (accounts.middleware), else UTC."""
    return zone_or_utc(timezone.get_current_timezone_name())


def _place(name: str) -> str:
    """``America/Argentina/Buenos_Aires`` → ``Argentina / Buenos Aires``."""
    return " / ".join(part.replace("_", " ") for part in name.split("/")[1:])


@functools.cache
def _grouped_zones() -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    groups: dict[str, list[tuple[str, str]]] = {region: [] for region in _REGIONS}
    for name in known_zones():
        region = name.split("/", 1)[0]
        if region in groups and "/" in name:
            groups[region].append((name, _place(name)))
    return tuple(
        (region, tuple(sorted(zones, key=lambda zone: zone[1])))
        for region, zones in groups.items()
        if zones
    )


def zone_choices(current: str | None = None) -> ZoneChoices:
    """Choices for a ``<select>``: UTC first, then one group per region, sorted by place.

    A valid ``current`` zone that the picker would not list (an old alias such as
    ``US/Eastern``) is added at the top so the form still shows what is saved.
    """
    choices: ZoneChoices = [(DEFAULT_ZONE, _("UTC (Coordinated Universal Time)"))]
    listed = {name for _region, zones in _grouped_zones() for name, _label in zones}
    if current and current != DEFAULT_ZONE and current not in listed and current in known_zones():
        choices.append((current, current.replace("_", " ")))
    choices.extend((str(_REGION_NAMES[region]), list(zones)) for region, zones in _grouped_zones())
    return choices


def zone_label(zone: zoneinfo.ZoneInfo, at: datetime) -> str:
    """A zone as a person reads it, with its offset from UTC at the moment ``at``.

    >>> from datetime import UTC
    >>> zone_label(zoneinfo.ZoneInfo("America/New_York"), datetime(2026, 1, 5, tzinfo=UTC))
    'New York (UTC−5)'
    >>> zone_label(zoneinfo.ZoneInfo("Asia/Kolkata"), datetime(2026, 7, 5, tzinfo=UTC))
    'Kolkata (UTC+5:30)'
    >>> zone_label(zoneinfo.ZoneInfo("UTC"), datetime(2026, 7, 5, tzinfo=UTC))
    'UTC'
    """
    name = str(zone.key)
    if name == DEFAULT_ZONE:
        return DEFAULT_ZONE
    place = name.rsplit("/", 1)[-1].replace("_", " ")
    offset = at.astimezone(zone).utcoffset() or timedelta(0)
    minutes = int(offset.total_seconds()) // 60
    sign = "+" if minutes >= 0 else "\u2212"  # a true minus sign, as in print
    hours, rest = divmod(abs(minutes), 60)
    return f"{place} (UTC{sign}{hours}{f':{rest:02d}' if rest else ''})"
