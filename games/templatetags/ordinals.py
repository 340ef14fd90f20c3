"""Ranks in words: ``{% load ordinals %}{{ rank|ordinal }}`` reads "1st", "2nd", "23rd" in
English, "1." in German, "1er", "2e" in French and "1.º" in Spanish, by the active language.

Each language writes its ordinals its own way, which no message catalogue can say for every
number: the rule of each language is written here, once.
"""

from __future__ import annotations

from collections.abc import Callable

from django import template
from django.utils.translation import get_language

register = template.Library()

_SUFFIXES = {1: "st", 2: "nd", 3: "rd"}


def _english(number: int) -> str:
    suffix = "th" if number % 100 in (11, 12, 13) else _SUFFIXES.get(number % 10, "th")
    return f"{number}{suffix}"


def _german(number: int) -> str:
    return f"{number}."


def _french(number: int) -> str:
    return f"{number}er" if number == 1 else f"{number}e"


def _spanish(number: int) -> str:
    return f"{number}.º"


_BY_LANGUAGE: dict[str, Callable[[int], str]] = {
    "en": _english,
    "de": _german,
    "fr": _french,
    "es": _spanish,
}


@register.filter
def ordinal(rank: int | str | None) -> str:
    """A rank as people say it in the active language; "" for no rank, and anything not a
    number as it is. English when no language is active or the language has no rule here.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111, 112)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st', '111th', '112th']
    >>> ordinal(None), ordinal("5")
    ('', '5th')
    """
    if rank is None or rank == "":
        return ""
    try:
        number = int(rank)
    except (TypeError, ValueError):
        return str(rank)
    language = (get_language() or "en").split("-")[0].lower()
    return _BY_LANGUAGE.get(language, _english)(number)
