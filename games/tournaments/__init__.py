"""Tournaments: Swiss and groups-then-final events whose rounds seat and start themselves.

- ``points``: points per table, tie-breaks and standings (pure).
- ``pairing``: who sits with whom in each round (pure).
- ``events``: the services: create, enter, withdraw, seat each round, finish, the sweep.
- ``board``: what the event pages show; ``views``, ``forms`` and ``urls`` serve them.
"""
