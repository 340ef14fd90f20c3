"""The expert's review of a finished game, and the hints of unrated solo tables.

- ``eligible``: when a game may be reviewed (finished, and a challenge entry only once its week
  is over, so no hidden turn is ever told).
- ``run``: the writer: a person asks for their seat's review, and the worker computes it once,
  decision by decision, keeping its progress.
- ``page``: what the review page and the replay show of it (the table per round, the accuracy,
  the expert's spot as a ghost), in words.
- ``views``: the review page and its request.
"""
