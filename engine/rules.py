"""Setting up a game (R2) and applying actions (R4, R5, R6.1): the only way state changes.

Decisions where RULES.md is silent:

- Randomness: setup (bag order, hometowns and sides, bonus stack order, start player, the first
  spin) comes from ``random.Random(seed)``; the spin of round ``r >= 2`` from its own
  ``random.Random(f"tipperary:{seed}:spin:{r}")``, so it does not depend on the moves.
- Follow-ups (R4.2.4): gained sheep are placed first, then the drawn bonus tiles in the order
  drawn; sheep a bonus tile brings are placed before the next bonus tile.
- A gained sheep takes its token from the supply at once. It is lost at once (R5.3) when the
  supply is empty or when every empty meadow is already promised to a sheep still to be placed
  (so a second sheep is lost when the only empty meadow is waiting for the first).
- Shared supplies (sheep, bonus stack) are used in the order the game's log records (R7).
  So a player's own "sheep lost: supply empty" (or a new bog site that draws nothing) can
  tell them that another player took from that supply earlier this round, although their view
  (R4.2) still counts the supply as it stood at the round's start. This small reveal is
  accepted: hiding it would need tokens set aside for turns not yet played.
- Bog sites with the bonus stack empty draw nothing (R5.2); several new sites draw in turn.
- After the last round's sheep phase, ``EndRound`` awards the towers (R6.1); a seat with none is
  done at once. When every tower is placed the game finishes by itself (no further action);
  when nobody earns a tower it finishes inside that ``EndRound``.
- The tiles taken in a round leave the wheel at once in the real state; views show them in
  their area until the round ends (R4.2). Empty slots are refilled at the end of a round, not
  after the last one. The bag never runs dry: at most 10 + 4 × 11 = 54 tiles (10 + 5 × 9 = 55
  with five players) ever leave it.
- The ``duplicate`` variant (the weekly challenge) is a one-person game whose offers, bonus
  draws and spins are a pure function of the seed and the round; :mod:`engine.variants` says how.
  With one player the Largest Flock marker goes to them as soon as their flock is not 0.
"""

from __future__ import annotations

import random
from dataclasses import replace

from engine.actions import (
    Action,
    EndRound,
    PlaceBonus,
    PlaceSheep,
    PlaceTile,
    PlaceTower,
    UndoTurn,
)
from engine.catalogue import (
    AREAS,
    BONUS_TILES,
    HOMETOWNS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    SHEEP_SUPPLY,
    SLOTS_PER_AREA,
    TILES,
    TOWER_SUPPLY,
    rounds_for,
)
from engine.effects import (
    advance_barrel,
    empty_meadows,
    largest_flock,
    new_bog_sites,
    towers_earned,
    whiskey_steps,
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
from engine.geometry import placement_problem
from engine.landscapes import CellKind, Coord, Landscape
from engine.queries import PendingKind
from engine.scoring import score, shared_ranks
from engine.state import Area, Cell, Display, GameState, Phase, RoundStart, SeatState
from engine.state import hometown_display as _hometown_display
from engine.undo import undo_turn
from engine.variants import Variant, duplicate_bonus_stack

_TILE_CELLS: tuple[tuple[Cell, ...], ...] = tuple(
    tuple(Cell(s.landscape, s.value, False, CellKind.TILE, t.id) for s in t.squares) for t in TILES
)
_BONUS_CELLS: tuple[Cell, ...] = tuple(
    Cell(b.landscape, b.value, False, CellKind.BONUS, b.id) for b in BONUS_TILES
)
_TOWER_CELL = Cell(Landscape.TOWER, 0, False, CellKind.TOWER, None)


def spin_for(seed: int, round_number: int) -> int:
    """The wheel offset of a round after the first (see the module docstring).

    >>> spin_for(7, 2) == spin_for(7, 2) and 0 <= spin_for(7, 2) < 5
    True
    """
    return random.Random(f"tipperary:{seed}:spin:{round_number}").randrange(AREAS)


def _refill(
    areas: tuple[Area, ...], bag: tuple[int, ...]
) -> tuple[tuple[Area, ...], tuple[int, ...]]:
    drawn = list(bag)
    filled = []
    for area in areas:
        slots = list(area)
        for s in range(SLOTS_PER_AREA):
            if slots[s] is None and drawn:
                slots[s] = drawn.pop(0)
        filled.append((slots[0], slots[1]))
    return tuple(filled), tuple(drawn)


def new_game(seed: int, players: int, variant: Variant = Variant.STANDARD) -> GameState:
    """A new game (R2), ready for round 1: areas filled and the first spin done.

    >>> g = new_game(42, 3)
    >>> g.round, g.rounds_total, g.phase.value, len(g.bag), len({s.arms for s in g.seats})
    (1, 12, 'playing', 50, 3)
    >>> new_game(42, 1, Variant.DUPLICATE).rounds_total
    12
    """
    if variant is Variant.DUPLICATE:
        if players != 1:
            raise ValueError("A duplicate game is played by one person.")
    elif not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Tipperary is for {MIN_PLAYERS} to {MAX_PLAYERS} players.")
    rng = random.Random(seed)
    bag = list(range(len(TILES)))
    rng.shuffle(bag)
    hometowns = rng.sample(range(len(HOMETOWNS) // 2), players)
    layouts = [2 * h + rng.randrange(2) for h in hometowns]
    bonus = list(range(len(BONUS_TILES)))
    rng.shuffle(bonus)
    start_player = rng.randrange(players)
    spin = rng.randrange(AREAS)
    if variant is Variant.DUPLICATE:
        bonus = list(duplicate_bonus_stack(seed, 1))
    empty: tuple[Area, ...] = ((None, None),) * AREAS
    areas, rest = _refill(empty, tuple(bag))
    seats = tuple(SeatState(layout, _hometown_display(layout)) for layout in layouts)
    return GameState(
        seed=seed,
        players=players,
        rounds_total=rounds_for(players),
        round=1,
        phase=Phase.PLAYING,
        start_player=start_player,
        spin=spin,
        areas=areas,
        bag=rest,
        bonus_stack=tuple(bonus),
        sheep_supply=SHEEP_SUPPLY,
        tower_supply=TOWER_SUPPLY,
        marker=None,
        seats=seats,
        start=RoundStart(seats, areas, SHEEP_SUPPLY, tuple(sorted(bonus))),
        variant=variant,
    )


def apply(
    state: GameState, seat: int | None, action: Action
) -> tuple[GameState, tuple[Event, ...]]:
    """Apply one action and return the new state with what it caused, or raise IllegalAction.

    ``seat`` is the acting player, or None for the system action :class:`EndRound`.

    >>> g = new_game(1, 2)
    >>> apply(g, None, EndRound())
    Traceback (most recent call last):
    ...
    engine.errors.IllegalAction: round_not_over(seats=(0, 1))
    """
    if state.phase is Phase.FINISHED:
        raise IllegalAction("game_over")
    if isinstance(action, EndRound):
        if seat is not None:
            raise IllegalAction("only_game_ends_round")
        return _end_round(state)
    if seat is None:
        raise IllegalAction("seat_required", action=action.notation)
    if not 0 <= seat < state.players:
        raise IllegalAction("no_such_seat", seat=seat)
    events: list[Event] = []
    if isinstance(action, PlaceTile):
        new_state = _place_tile(state, seat, action, events)
    elif isinstance(action, PlaceSheep):
        new_state = _place_sheep(state, seat, action, events)
    elif isinstance(action, PlaceBonus):
        new_state = _place_bonus(state, seat, action, events)
    elif isinstance(action, PlaceTower):
        new_state = _place_tower(state, seat, action, events)
    elif isinstance(action, UndoTurn):
        new_state = undo_turn(state, seat, events)
    else:
        raise IllegalAction("unknown_action", action=repr(action))
    return new_state, tuple(events)


def _require_turn(state: GameState, s: SeatState) -> None:
    if state.phase is Phase.TOWERS:
        raise IllegalAction("towers_phase")
    if s.turn_done:
        raise IllegalAction("turn_over")


def _check_cells(cells: Display, coords: list[Coord], what: PendingKind) -> None:
    problem = placement_problem(cells.cells, coords)
    if problem is None:
        return
    kind, at = problem
    if kind == "overlap" and at is not None:
        # No coordinates: the board has no labels, and the tile tried is drawn where it is.
        raise IllegalAction("overlap", what=what.value, landscape=cells[at].landscape.value)
    raise IllegalAction("must_touch_county", what=what.value)


def _place_tile(state: GameState, i: int, action: PlaceTile, events: list[Event]) -> GameState:
    s = state.seats[i]
    _require_turn(state, s)
    if s.taken is not None:
        follow = PendingKind.SHEEP if s.sheep_pending else PendingKind.BONUS
        raise IllegalAction("place_follow_up_first", follow=follow.value)
    if action.slot not in (0, 1):
        raise IllegalAction("no_such_slot")
    area_index = state.area_of(i)
    area = state.areas[area_index]
    tile_id = area[action.slot]
    if tile_id is None:
        raise IllegalAction("empty_slot")
    tile = TILES[tile_id]
    count = len(tile.orientations)
    if not 0 <= action.orientation < count:
        raise IllegalAction("no_such_orientation", count=count, last=count - 1)
    orientation = tile.orientations[action.orientation]
    x, y = action.x, action.y
    coords = [(x + dx, y + dy) for dx, dy in orientation.cells]
    _check_cells(s.display, coords, PendingKind.TILE)
    display = s.display.with_cells(zip(coords, _TILE_CELLS[tile_id], strict=True))
    areas = list(state.areas)
    areas[area_index] = (None, area[1]) if action.slot == 0 else (area[0], None)
    events.append(TilePlaced(i, tile_id, action.orientation, x, y))
    seat = replace(s, display=display, taken=tile_id)
    return _resolve(replace(state, areas=tuple(areas)), i, seat, coords, tile.sheep, events)


def _place_bonus(state: GameState, i: int, action: PlaceBonus, events: list[Event]) -> GameState:
    s = state.seats[i]
    _require_turn(state, s)
    if not s.bonus_pending:
        raise IllegalAction("no_bonus_pending")
    if s.sheep_pending:
        raise IllegalAction("sheep_before_bonus")
    coords = [(action.x, action.y)]
    _check_cells(s.display, coords, PendingKind.BONUS)
    bonus_id = s.bonus_pending[0]
    display = s.display.with_cells([(coords[0], _BONUS_CELLS[bonus_id])])
    events.append(BonusPlaced(i, bonus_id, action.x, action.y))
    seat = replace(s, display=display, bonus_pending=s.bonus_pending[1:])
    return _resolve(state, i, seat, coords, False, events)


def _resolve(
    state: GameState,
    i: int,
    seat: SeatState,
    coords: list[Coord],
    tile_sheep: bool,
    events: list[Event],
) -> GameState:
    """Resolve a placement (R4.2.3): whiskey, then bogs, then +Sheep; finish the turn if done."""
    cells = seat.display.cells
    new = set(coords)
    supply = state.sheep_supply
    stack = state.bonus_stack
    barrel = seat.barrel
    sheep_pending = seat.sheep_pending
    bonus_pending = seat.bonus_pending
    meadows = -1  # counted on first need

    def gain(source: SheepSource) -> None:
        nonlocal supply, sheep_pending, meadows
        if supply == 0:
            events.append(SheepLost(i, source, SheepLossReason.SUPPLY_EMPTY))
            return
        if meadows < 0:
            meadows = empty_meadows(cells)
        if meadows <= sheep_pending:
            events.append(SheepLost(i, source, SheepLossReason.NO_MEADOW))
            return
        supply -= 1
        sheep_pending += 1
        events.append(SheepGained(i, source))

    steps = whiskey_steps(cells, new)
    if steps:
        barrel, entered = advance_barrel(barrel, steps)
        events.append(WhiskeyAdvanced(i, steps, barrel, entered))
        for _ in range(entered):
            gain(SheepSource.WHISKEY)
    sites = new_bog_sites(cells, new)
    if sites:
        drawn = stack[:sites]
        stack = stack[len(drawn) :]
        bonus_pending = bonus_pending + drawn
        seat = replace(seat, drawn=seat.drawn + drawn)
        events.append(BogSiteFormed(i, sites, drawn))
    if tile_sheep:
        gain(SheepSource.TILE)
    done = not sheep_pending and not bonus_pending
    if done:
        events.append(TurnFinished(i))
    seat = replace(
        seat,
        barrel=barrel,
        sheep_pending=sheep_pending,
        bonus_pending=bonus_pending,
        turn_done=done,
    )
    seats = list(state.seats)
    seats[i] = seat
    return replace(state, seats=tuple(seats), sheep_supply=supply, bonus_stack=stack)


def _place_sheep(state: GameState, i: int, action: PlaceSheep, events: list[Event]) -> GameState:
    s = state.seats[i]
    _require_turn(state, s)
    if not s.sheep_pending:
        raise IllegalAction("no_sheep_pending")
    at = (action.x, action.y)
    cell = s.display.get(at)
    if cell is None:
        raise IllegalAction("sheep_on_empty_square")
    if cell.sheep:
        raise IllegalAction("meadow_taken")
    if cell.landscape is not Landscape.MEADOW:
        raise IllegalAction("not_a_meadow", landscape=cell.landscape.value)
    display = s.display.with_cells([(at, replace(cell, sheep=True))])
    sheep_pending = s.sheep_pending - 1
    events.append(SheepPlaced(i, action.x, action.y))
    done = not sheep_pending and not s.bonus_pending
    if done:
        events.append(TurnFinished(i))
    seats = list(state.seats)
    seats[i] = replace(s, display=display, sheep_pending=sheep_pending, turn_done=done)
    return replace(state, seats=tuple(seats))


def _place_tower(state: GameState, i: int, action: PlaceTower, events: list[Event]) -> GameState:
    s = state.seats[i]
    if state.phase is not Phase.TOWERS:
        raise IllegalAction("towers_not_yet")
    if not s.towers_pending:
        raise IllegalAction("no_towers_pending")
    at = (action.x, action.y)
    _check_cells(s.display, [at], PendingKind.TOWER)
    left = s.towers_pending - 1
    events.append(TowerPlaced(i, action.x, action.y))
    if not left:
        events.append(TurnFinished(i))
    seats = list(state.seats)
    seats[i] = replace(
        s,
        display=s.display.with_cells([(at, _TOWER_CELL)]),
        towers_pending=left,
        turn_done=not left,
    )
    new_state = replace(state, seats=tuple(seats))
    if all(seat.turn_done for seat in seats):
        return _finish(new_state, events)
    return new_state


def _finish(state: GameState, events: list[Event]) -> GameState:
    state = replace(state, phase=Phase.FINISHED)
    totals = tuple(score(state, i).total for i in range(state.players))
    events.append(GameFinished(shared_ranks(totals), totals))
    return state


def _sheep_phase(state: GameState, events: list[Event]) -> int | None:
    """The Largest Flock check of R5.4; returns the marker's new holder (None: the supply)."""
    flocks = [largest_flock(s.display.cells) for s in state.seats]
    best = max(flocks)
    holder = state.marker
    if best == 0:
        return holder
    leaders = [i for i, f in enumerate(flocks) if f == best]
    if len(leaders) == 1:
        new_holder: int | None = leaders[0]
    elif holder in leaders:
        new_holder = holder
    else:
        new_holder = None
    if new_holder != holder:
        events.append(FlockMarkerMoved(holder, new_holder))
    return new_holder


def _end_round(state: GameState) -> tuple[GameState, tuple[Event, ...]]:
    if state.phase is Phase.TOWERS:
        raise IllegalAction("rounds_over")
    waiting = tuple(i for i, s in enumerate(state.seats) if not s.turn_done)
    if waiting:
        raise IllegalAction("round_not_over", seats=waiting)
    if state.seed is None:
        raise IllegalAction("view_cannot_end_round")
    events: list[Event] = []
    marker = _sheep_phase(state, events)
    events.append(RoundEnded(state.round))
    if state.round < state.rounds_total:
        stack = state.bonus_stack
        areas_now = state.areas
        if state.variant is Variant.DUPLICATE:
            areas_now = _set_aside_untaken(state)
            stack = duplicate_bonus_stack(state.seed, state.round + 1)
        areas, bag = _refill(areas_now, state.bag)
        spin = spin_for(state.seed, state.round + 1)
        seats = tuple(replace(s, taken=None, turn_done=False, drawn=()) for s in state.seats)
        events.append(RoundStarted(state.round + 1, spin))
        new_state = replace(
            state,
            round=state.round + 1,
            spin=spin,
            areas=areas,
            bag=bag,
            bonus_stack=stack,
            marker=marker,
            seats=seats,
            start=RoundStart(seats, areas, state.sheep_supply, tuple(sorted(stack))),
        )
        return new_state, tuple(events)
    return _tower_step(replace(state, marker=marker), events), tuple(events)


def _set_aside_untaken(state: GameState) -> tuple[Area, ...]:
    """The wheel with every played area emptied: the tile not taken there is set aside."""
    played = {state.area_of(i) for i in range(state.players)}
    return tuple((None, None) if a in played else area for a, area in enumerate(state.areas))


def _tower_step(state: GameState, events: list[Event]) -> GameState:
    """R6.1: award the towers of R5.5 in seat order from the start player while supply lasts."""
    supply = state.tower_supply
    seats = list(state.seats)
    for k in range(state.players):
        i = (state.start_player + k) % state.players
        earned = towers_earned(seats[i].display.cells)
        given = min(earned, supply)
        supply -= given
        if earned:
            events.append(TowersAwarded(i, given, earned - given))
        seats[i] = replace(
            seats[i], taken=None, towers_pending=given, turn_done=not given, drawn=()
        )
    new_seats = tuple(seats)
    state = replace(
        state,
        phase=Phase.TOWERS,
        tower_supply=supply,
        seats=new_seats,
        start=RoundStart(
            new_seats, state.areas, state.sheep_supply, tuple(sorted(state.bonus_stack))
        ),
    )
    if all(s.turn_done for s in new_seats):
        return _finish(state, events)
    return state
