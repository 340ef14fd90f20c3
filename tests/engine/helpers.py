"""Small builders for engine tests: displays from pictures, games in chosen positions."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import replace

from hypothesis import HealthCheck, settings

from engine import (
    Action,
    Cell,
    CellKind,
    Coord,
    Display,
    EndRound,
    GameState,
    Landscape,
    Phase,
    RoundStart,
    apply,
    new_game,
    parse_picture,
    pending,
    round_complete,
)
from engine.bots.random_bot import RandomBot
from engine.state import hometown_display

#: Hypothesis settings for the engine: reproducible, quick, no per-example deadline.
ENGINE_SETTINGS = settings(
    derandomize=True,
    database=None,
    deadline=None,
    max_examples=40,
    suppress_health_check=[HealthCheck.too_slow],
)


def cells(picture: str, origin: Coord = (0, 0)) -> dict[Coord, Cell]:
    """Cells drawn in a picture, shifted by ``origin``.

    Letters as in :mod:`engine.landscapes`; ``m`` is a meadow holding a sheep; ``T`` squares
    are hometown squares, ``W`` towers, everything else tile squares.
    """
    ox, oy = origin
    out: dict[Coord, Cell] = {}
    for square in parse_picture(picture.replace("m", "M")):
        row = picture.split("/")[square.y]
        sheep = row[square.x] == "m"
        if square.landscape is Landscape.TOWN:
            kind = CellKind.HOMETOWN
        elif square.landscape is Landscape.TOWER:
            kind = CellKind.TOWER
        else:
            kind = CellKind.TILE
        out[(square.x + ox, square.y + oy)] = Cell(
            square.landscape, square.value, sheep, kind, None if kind is CellKind.TOWER else 0
        )
    return out


def display(picture: str, origin: Coord = (0, 0)) -> Display:
    """A display made only of the picture's cells."""
    return Display(cells(picture, origin))


def hometown_with(layout: int, *layers: tuple[str, Coord]) -> Display:
    """A hometown layout at the origin with extra pictures laid at their origins."""
    out = dict(hometown_display(layout).cells)
    for picture, origin in layers:
        out.update(cells(picture, origin))
    return Display(out)


def game(
    players: int = 2,
    seed: int = 1,
    displays: Mapping[int, Display] | None = None,
    area_tiles: Mapping[int, tuple[int | None, int | None]] | None = None,
    **changes: object,
) -> GameState:
    """A new game with chosen displays and area contents, as if the round had begun so."""
    state = new_game(seed, players)
    seats = list(state.seats)
    for i, d in (displays or {}).items():
        seats[i] = replace(seats[i], display=d)
    areas = list(state.areas)
    for i, tiles in (area_tiles or {}).items():
        areas[state.area_of(i)] = tiles
    state = replace(state, seats=tuple(seats), areas=tuple(areas), **changes)  # type: ignore[arg-type]
    start = RoundStart(
        state.seats, state.areas, state.sheep_supply, tuple(sorted(state.bonus_stack))
    )
    return replace(state, start=start)


def with_seat(state: GameState, seat: int, **changes: object) -> GameState:
    """The state with one seat's fields changed (the round-start snapshot follows along)."""
    seats = list(state.seats)
    seats[seat] = replace(seats[seat], **changes)  # type: ignore[arg-type]
    new = replace(state, seats=tuple(seats))
    return replace(new, start=replace(new.start, seats=new.seats))


def play(
    state: GameState, moves: Iterable[tuple[int | None, Action]]
) -> tuple[GameState, list[object]]:
    """Apply moves in order; return the final state and every event."""
    events: list[object] = []
    for seat, action in moves:
        state, new = apply(state, seat, action)
        events.extend(new)
    return state, events


def random_move(state: GameState, rng: random.Random) -> tuple[int | None, Action]:
    """A uniformly random legal move of a random seat with something to do."""
    if round_complete(state):
        return None, EndRound()
    seats = [i for i in range(state.players) if pending(state, i).kind != "none"]
    seat = rng.choice(seats)
    return seat, random_seat_move(state, seat, rng)


def random_seat_move(state: GameState, seat: int, rng: random.Random) -> Action:
    """A uniformly random legal move of one seat that has something to do (the random bot's)."""
    return RandomBot().decide(state, seat, rng)


def playout(
    seed: int, players: int, chooser: random.Random
) -> tuple[GameState, list[tuple[int | None, Action]]]:
    """A whole game of random legal moves; returns the final state and the log."""
    state = new_game(seed, players)
    log: list[tuple[int | None, Action]] = []
    while state.phase is not Phase.FINISHED:
        seat, action = random_move(state, chooser)
        state, _ = apply(state, seat, action)
        log.append((seat, action))
    return state, log
