"""Ranks in words: ``{% load ordinals %}{{ rank|ordinal }}`` reads "1st", "2nd", "23rd"."""

from __future__ import annotations

from django import template

register = template.Library()

_SUFFIXES = {1: "st", 2: "nd", 3: "rd"}


@register.filter
def ordinal(rank: int | str | None) -> str:
    """A rank as people say it; "" for no rank, and anything not a number as it is.

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
    suffix = "th" if number % 100 in (11, 12, 13) else _SUFFIXES.get(number % 10, "th")
    return f"{number}{suffix}"
