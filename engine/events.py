"""Events: what an action caused, in order, for a UI to show.

Events of a player's own action describe their hidden turn (R4.2): show them to that player
only until the round ends. Events of :class:`engine.actions.EndRound` are public.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class SheepSource(StrEnum):
    """Where a gained sheep came from."""

    WHISKEY = "whiskey"
    TILE = "tile"


class SheepLossReason(StrEnum):
    """Why a gained sheep was lost at once (R5.3)."""

    NO_MEADOW = "no_meadow"
    SUPPLY_EMPTY = "supply_empty"


@dataclass(frozen=True, slots=True)
class TilePlaced:
    """A seat took ``tile_id`` from its area and placed it."""

    seat: int
    tile_id: int
    orientation: int
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class BonusPlaced:
    """A seat placed a drawn bonus tile."""

    seat: int
    bonus_id: int
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class TowerPlaced:
    """A seat placed a tower (R6.1)."""

    seat: int
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class WhiskeyAdvanced:
    """The barrel moved ``steps`` spaces (R5.1) to ``new_space``; ``sheep_gained`` sheep spaces."""

    seat: int
    steps: int
    new_space: int
    sheep_gained: int


@dataclass(frozen=True, slots=True)
class BogSiteFormed:
    """``count`` new protected sites formed (R5.2); the bonus tiles drawn for them, in order."""

    seat: int
    count: int
    bonus_drawn: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SheepGained:
    """A sheep was taken from the supply; the seat must place it on an empty meadow."""

    seat: int
    source: SheepSource


@dataclass(frozen=True, slots=True)
class SheepLost:
    """A sheep was gained but lost at once (R5.3)."""

    seat: int
    source: SheepSource
    reason: SheepLossReason


@dataclass(frozen=True, slots=True)
class SheepPlaced:
    """A sheep went onto the meadow at ``(x, y)``."""

    seat: int
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class TurnFinished:
    """The seat has nothing left to do this round (the only event others see at once)."""

    seat: int


@dataclass(frozen=True, slots=True)
class TurnUndone:
    """The seat took back its whole turn of the round: it must play it again (others see only
    that it is no longer done)."""

    seat: int


@dataclass(frozen=True, slots=True)
class RoundEnded:
    """Every turn of ``round`` was over and its sheep phase ran."""

    round: int


@dataclass(frozen=True, slots=True)
class FlockMarkerMoved:
    """The Largest Flock marker changed hands (R5.4); None is the supply."""

    from_seat: int | None
    to_seat: int | None


@dataclass(frozen=True, slots=True)
class RoundStarted:
    """A new round began with the wheel at offset ``spin``."""

    round: int
    spin: int


@dataclass(frozen=True, slots=True)
class TowersAwarded:
    """The tower step (R6.1): ``count`` towers received, ``short`` lost to an empty supply."""

    seat: int
    count: int
    short: int


@dataclass(frozen=True, slots=True)
class GameFinished:
    """The game is over; ``ranks[seat]`` is that seat's shared rank (1 is best) and its total."""

    ranks: tuple[int, ...]
    totals: tuple[int, ...]


Event = (
    TilePlaced
    | BonusPlaced
    | TowerPlaced
    | WhiskeyAdvanced
    | BogSiteFormed
    | SheepGained
    | SheepLost
    | SheepPlaced
    | TurnFinished
    | TurnUndone
    | RoundEnded
    | FlockMarkerMoved
    | RoundStarted
    | TowersAwarded
    | GameFinished
)
