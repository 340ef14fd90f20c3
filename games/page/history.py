"""A game's history, round by round, rebuilt from its log (the game *is* its log).

Turns of the round still in play are shown only to the seat that played them (R4.2).
"""

from __future__ import annotations

from dataclasses import dataclass

import engine
from games.models import Action, ActionSource, Game
from games.page.turn import describe_events


@dataclass(frozen=True)
class HistoryEntry:
    """One logged action in words."""

    seat: int | None
    text: str
    autopilot: bool


@dataclass(frozen=True)
class HistoryRound:
    number: int
    entries: tuple[HistoryEntry, ...]


def _describe(action: engine.Action, events: tuple[object, ...]) -> str:
    if isinstance(action, engine.EndRound):
        return "The round ended: sheep phase, the wheel refilled and turned."
    where = f"({action.x}, {action.y})"
    if isinstance(action, engine.PlaceTile):
        placed = next(e for e in events if isinstance(e, engine.TilePlaced))
        size = len(engine.TILES[placed.tile_id].squares)
        text = f"Took a tile of {size} squares and placed it at {where}."
    elif isinstance(action, engine.PlaceSheep):
        text = f"Put a sheep on the meadow at {where}."
    elif isinstance(action, engine.PlaceBonus):
        text = f"Placed a bonus tile at {where}."
    else:
        text = f"Placed a tower at {where}."
    gains = describe_events(events)
    return " ".join([text, *gains])


def game_history(game: Game, players: int, viewer: int | None) -> list[HistoryRound]:
    """Every round so far, oldest first, as ``viewer`` may see it. One query: the log."""
    log = list(Action.objects.filter(game=game).order_by("seq"))
    state = engine.new_game(game.seed, players)
    current = game.round if game.status == "playing" else None
    rounds: dict[int, list[HistoryEntry]] = {}
    for entry in log:
        action = engine.parse_action(entry.notation)
        state, events = engine.apply(state, entry.seat, action)
        hidden = entry.round == current and entry.seat is not None and entry.seat != viewer
        if hidden:
            continue
        rounds.setdefault(entry.round, []).append(
            HistoryEntry(
                entry.seat, _describe(action, tuple(events)), entry.source == ActionSource.AUTOPILOT
            )
        )
    return [HistoryRound(n, tuple(e)) for n, e in sorted(rounds.items())]
