"""How the site writes a day or a moment for people, in the reader's language: one named format
per use, in the letters of Django's ``date`` filter, each translated, so a German reads
"Mi., 2. Dez. 2026"-style dates and nobody reads a date in another language's order.

Templates write ``{{ moment|when:"deadline" }}`` (``{% load local_time %}``); Python calls
:func:`written`. Times of day alone ("H:i") and weekday-and-time ("l H:i") read the same in every
language and keep the ``date`` filter.
"""

from __future__ import annotations

from datetime import UTC, date, datetime

from django.utils.formats import date_format
from django.utils.functional import Promise
from django.utils.translation import pgettext_lazy

FORMATS: dict[str, Promise] = {
    # Translators: a date format in the letters of Django's "date" filter (j day, M or N or b
    # month, Y year, D weekday, l its full name, F the month's, H:i time, T zone): "2 Dec 2026".
    "day": pgettext_lazy("date format", "j M Y"),
    # Translators: a date format in Django's letters: "Wed 2 Dec 2026".
    "weekday_day": pgettext_lazy("date format", "D j M Y"),
    # Translators: a date format in Django's letters: "2 Dec, 13:00".
    "day_time": pgettext_lazy("date format", "j M, H:i"),
    # Translators: a date format in Django's letters: "Wed 2 Dec, 13:00".
    "moment": pgettext_lazy("date format", "D j M, H:i"),
    # Translators: a date format in Django's letters, a deadline with its zone:
    # "Wed 2 Dec, 13:00 GMT".
    "deadline": pgettext_lazy("date format", "D j M, H:i T"),
    # Translators: a date format in Django's letters, e.g. "Monday 7 December".
    "long_day": pgettext_lazy("date format", "l j F"),
    # Translators: a date format in Django's letters: "Monday 7 December 2026".
    "long_day_year": pgettext_lazy("date format", "l j F Y"),
    # Translators: a date format in Django's letters: "Monday 7 December, 18:00 GMT".
    "long_deadline": pgettext_lazy("date format", "l j F, H:i T"),
    # Translators: a date format in Django's letters: "7 December 2026, 18:00 GMT".
    "long_moment": pgettext_lazy("date format", "j F Y, H:i T"),
}


def written(value: date, name: str) -> str:
    """``value`` in the format called ``name``, in the active language.

    >>> from datetime import datetime, UTC
    >>> from django.utils import translation
    >>> moment = datetime(2026, 12, 2, 13, 0, tzinfo=UTC)
    >>> with translation.override("en"):
    ...     written(moment, "day"), written(moment, "deadline")
    ('2 Dec 2026', 'Wed 2 Dec, 13:00 UTC')
    """
    return date_format(value, str(FORMATS[name]))


def iso(value: datetime | None) -> str:
    """A moment for an HTML ``datetime`` attribute: ISO 8601 in UTC to the second (HTML refuses
    the microseconds that ``date:"c"`` keeps); "" for anything else.

    >>> from datetime import datetime, timedelta, timezone
    >>> iso(datetime(2026, 12, 3, 9, 15, 30, 250, tzinfo=timezone(timedelta(hours=1))))
    '2026-12-03T08:15:30Z'
    """
    if not isinstance(value, datetime):
        return ""
    return value.astimezone(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")
