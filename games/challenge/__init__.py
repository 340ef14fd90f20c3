"""Duplicate Tipperary, the weekly challenge: everyone plays the same deal alone.

- ``models``: the week's :class:`Challenge` (its seed and its Monday-to-Monday window, UTC).
- ``weeks``: the ISO week of an instant and its window.
- ``entries``: the services: open a week's deal (scoring the weeks that ended), a person's
  entry, the bots' entries, scoring unfinished entries as they stand, withdrawing a departed
  person's entry, and ``keep_weeks``, the minute sweep that does all that a lost message left.
- ``results``: a week's leaderboard, rank and percentile, hidden until your entry is over.
- ``compare``: the side-by-side replay of two entries at the end of a round.
- ``standing``: the duplicate rating, the mean percentile over the last scored weeks.
- ``views`` and ``urls``: ``/challenge/``, past weeks, Play, side by side.
"""
