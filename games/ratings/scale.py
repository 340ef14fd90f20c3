"""The numbers behind a rating, and the rating people see.

OpenSkill (Plackett–Luce) gives every person a skill estimate ``mu`` and its uncertainty
``sigma``; a newcomer starts at ``mu = 25, sigma = 25/3``. Tables are ranked by the
*ordinal* ``mu - 3 * sigma``, a skill we are almost sure the person has, shown on a familiar
scale: ``1000 + 25 * ordinal``. A newcomer shows 1000 and climbs as their games make the
estimate surer; a settled player of average strength (``mu`` 25, ``sigma`` about 2) shows
about 1450, the best well over 1600.

Bots take part in a table's update with fixed numbers and are never changed by it:

==================  ======  =====  ===========
bot level           mu      sigma  shown
==================  ======  =====  ===========
random              12      1      about 1225
easy                20      1      about 1425
medium              25      1      about 1550
hard                30      1      about 1675
expert              34      1      about 1775
==================  ======  =====  ===========

A level this table does not list plays as ``medium``.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.models.ratings import RatingPool

START_MU = 25.0
START_SIGMA = 25.0 / 3
#: Rated games in a pool before a rating stops being provisional (and enters the leaderboard).
SETTLED_GAMES = 5
#: A person on vacation for more than this share of their rounds is left out of the update.
AUTOPILOT_LIMIT = 0.25

_BASE = 1000
_POINTS = 25

BOT_SKILL: dict[str, tuple[float, float]] = {
    "random": (12.0, 1.0),
    "easy": (20.0, 1.0),
    "medium": (25.0, 1.0),
    "hard": (30.0, 1.0),
    "expert": (34.0, 1.0),
}


def bot_skill(level: str) -> tuple[float, float]:
    """The fixed ``(mu, sigma)`` a bot of ``level`` plays with.

    >>> bot_skill("hard"), bot_skill("someday")
    ((30.0, 1.0), (25.0, 1.0))
    """
    return BOT_SKILL.get(level, BOT_SKILL["medium"])


def ordinal(mu: float, sigma: float) -> float:
    """The skill we are almost sure of: ``mu - 3 * sigma``.

    >>> ordinal(START_MU, START_SIGMA)
    0.0
    """
    return mu - 3 * sigma


def shown(ordinal_: float) -> int:
    """The rating people see for an ordinal.

    >>> shown(0.0), shown(20.0)
    (1000, 1500)
    """
    return round(_BASE + _POINTS * ordinal_)


def spread(sigma: float) -> int:
    """The uncertainty people see beside a rating (one ``sigma`` on the shown scale).

    >>> spread(START_SIGMA)
    208
    """
    return round(_POINTS * sigma)


def points(ordinal_change: float) -> int:
    """A change of ordinal as a change of the shown rating.

    >>> points(0.5), points(-0.2)
    (12, -5)
    """
    return round(_POINTS * ordinal_change)


def pool_for(seats: int) -> RatingPool:
    """The pool a table of ``seats`` is rated in.

    >>> pool_for(2), pool_for(5)
    (RatingPool.TWO, RatingPool.MULTI)
    """
    return RatingPool.TWO if seats == 2 else RatingPool.MULTI


@dataclass(frozen=True)
class Shown:
    """A rating as the pages show it."""

    value: int
    spread: int
    games: int

    @property
    def provisional(self) -> bool:
        return self.games < SETTLED_GAMES


def shown_rating(mu: float, sigma: float, games: int) -> Shown:
    return Shown(shown(ordinal(mu, sigma)), spread(sigma), games)
