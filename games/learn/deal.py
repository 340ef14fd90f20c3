"""The tutorial's fixed deal, and the one test of whether a table is a tutorial.

A tutorial table is an invite-only, unrated table of two seats dealt from :data:`SEED`; the
test reads only the table itself, so pages ask it without a query (a random seed of 48 bits
equal to this one by chance is not a worry).
"""

from __future__ import annotations

from games.models import Game

#: every tutorial deals the same tiles, so every lesson meets what it explains
SEED = 2026_1202
#: the tutorial's opponent
BOT = "easy"


def is_tutorial(game: Game) -> bool:
    return game.seed == SEED and not game.rated and not game.is_open and game.seats_wanted == 2
