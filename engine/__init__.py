"""Tipperary's rules engine: pure Python, immutable states, one ``apply`` that changes them.

Coordinates: ``x`` grows to the right, ``y`` grows downwards; a hometown lies at its own
picture coordinates, top-left at (0, 0). Orientations and the ``(x, y)`` of a placement follow
:mod:`engine.geometry`; the action notation is described in :mod:`engine.actions`.
"""

from engine.actions import (
    Action,
    EndRound,
    PlaceBonus,
    PlaceSheep,
    PlaceTile,
    PlaceTower,
    parse_action,
)
from engine.catalogue import (
    BONUS_TILES,
    HOMETOWNS,
    TILES,
    WHISKEY_POINTS,
    WHISKEY_SHEEP_SPACES,
    BonusTile,
    Hometown,
    Tile,
)
from engine.errors import IllegalAction
from engine.events import (
    BogSiteFormed,
    BonusPlaced,
    Event,
    FlockMarkerMoved,
    GameFinished,
    RoundEnded,
    RoundStarted,
    SheepGained,
    SheepLossReason,
    SheepLost,
    SheepPlaced,
    SheepSource,
    TilePlaced,
    TowerPlaced,
    TowersAwarded,
    TurnFinished,
    WhiskeyAdvanced,
)
from engine.geometry import Orientation
from engine.landscapes import CellKind, Coord, Landscape, Square, parse_picture
from engine.placed import PieceKind, Placed, placed_piece
from engine.queries import (
    Pending,
    PendingKind,
    Placement,
    legal_cells,
    legal_placements,
    legal_sheep_cells,
    mirror,
    orientations,
    pending,
    rotate,
    round_complete,
)
from engine.replay import ReplayResult, Step, replay, steps, steps_from
from engine.rules import apply, new_game
from engine.scoring import ScoreBreakdown, Standing, final_ranking, score
from engine.state import Cell, Display, GameState, Phase, RoundStart, SeatState
from engine.variants import Variant
from engine.view import view

__all__ = [
    "BONUS_TILES",
    "HOMETOWNS",
    "TILES",
    "WHISKEY_POINTS",
    "WHISKEY_SHEEP_SPACES",
    "Action",
    "BogSiteFormed",
    "BonusPlaced",
    "BonusTile",
    "Cell",
    "CellKind",
    "Coord",
    "Display",
    "EndRound",
    "Event",
    "FlockMarkerMoved",
    "GameFinished",
    "GameState",
    "Hometown",
    "IllegalAction",
    "Landscape",
    "Orientation",
    "Pending",
    "PendingKind",
    "Phase",
    "PieceKind",
    "PlaceBonus",
    "PlaceSheep",
    "PlaceTile",
    "PlaceTower",
    "Placed",
    "Placement",
    "ReplayResult",
    "RoundEnded",
    "RoundStart",
    "RoundStarted",
    "ScoreBreakdown",
    "SeatState",
    "SheepGained",
    "SheepLossReason",
    "SheepLost",
    "SheepPlaced",
    "SheepSource",
    "Square",
    "Standing",
    "Step",
    "Tile",
    "TilePlaced",
    "TowerPlaced",
    "TowersAwarded",
    "TurnFinished",
    "Variant",
    "WhiskeyAdvanced",
    "apply",
    "final_ranking",
    "legal_cells",
    "legal_placements",
    "legal_sheep_cells",
    "mirror",
    "new_game",
    "orientations",
    "parse_action",
    "parse_picture",
    "pending",
    "placed_piece",
    "replay",
    "rotate",
    "round_complete",
    "score",
    "steps",
    "steps_from",
    "view",
]
