"""Duplicate Tipperary, the weekly challenge: everyone plays the same deal alone.

- ``models``: the week's :class:`Challenge` (its seed and its Monday-to-Sunday window).
- ``weeks``: the ISO week of an instant and its window, in UTC.
- ``entries``: the services (a week's deal, a person's entry, scoring the week at its end).
- ``results``: the week's leaderboard, rank and percentile.
- ``views`` and ``urls``: ``/challenge/`` and past weeks.
"""
