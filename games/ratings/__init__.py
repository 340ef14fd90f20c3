"""Ratings: OpenSkill numbers per pool, updated once per finished rated table, and the pages
that show them (the leaderboard and the record on each player's page).

- :mod:`games.models.ratings`: ``Rating`` (a person's numbers in a pool) and ``RatingChange``
  (what one finished table did to one seat's numbers).
- :mod:`games.ratings.scale`: the pools, the bots' fixed numbers, and the rating people see.
- :mod:`games.ratings.rate`: the service that rates a finished table, once.
- :mod:`games.ratings.leaderboard` and :mod:`games.ratings.record`: what the pages show
  (``/leaderboard/`` here in :mod:`games.ratings.views`; the record on the accounts app's
  player page).
- :mod:`games.ratings.cache`: the mark that makes cached pages drawn again when a rating moves.

Every player name the site shows is written with ``{% load players %}{% player who %}``
(``games/page/player_html.py``).
"""
