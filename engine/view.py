"""What one player, or a spectator, may see of a game (R4.2)."""

from __future__ import annotations

from dataclasses import replace

from engine.landscapes import CellKind
from engine.state import GameState, Phase, SeatState


def _sheep_and_bonus(seat: SeatState) -> tuple[int, set[int]]:
    sheep = seat.sheep_pending
    bonus = set(seat.bonus_pending)
    for cell in seat.display.cells.values():
        sheep += cell.sheep
        if cell.kind is CellKind.BONUS and cell.tile_id is not None:
            bonus.add(cell.tile_id)
    return sheep, bonus


def view(state: GameState, viewer: int | None) -> GameState:
    """The game as ``viewer`` (a seat, or None for a spectator) may see it.

    Until the round (or the tower step) ends, every other seat appears as it was when the round
    began, except its ``turn_done`` flag; the tiles they took stay in their wheel areas; the
    sheep supply and bonus stack show the round-start values changed only by the viewer's own
    turn. Secrets nobody may see are removed at all times: the seed is None and the bag and the
    bonus stack are sorted by id. A view is a ``GameState``: the viewer may apply their own
    moves to it to look ahead, but it cannot end a round.

    >>> from engine.rules import new_game
    >>> view(new_game(5, 2), 0).seed is None
    True
    """
    bag = tuple(sorted(state.bag))
    if state.phase is Phase.FINISHED:
        return replace(state, seed=None, bag=bag, bonus_stack=tuple(sorted(state.bonus_stack)))
    start = state.start
    seats = tuple(
        s if i == viewer else replace(start.seats[i], turn_done=s.turn_done)
        for i, s in enumerate(state.seats)
    )
    areas = start.areas
    sheep_supply = start.sheep_supply
    bonus = set(start.bonus)
    if viewer is not None:
        own = state.seats[viewer]
        sheep_now, bonus_now = _sheep_and_bonus(own)
        sheep_then, bonus_then = _sheep_and_bonus(start.seats[viewer])
        sheep_supply -= sheep_now - sheep_then
        bonus -= bonus_now - bonus_then
        if own.taken is not None:
            areas = tuple(
                (None if a[0] == own.taken else a[0], None if a[1] == own.taken else a[1])
                for a in areas
            )
    return replace(
        state,
        seed=None,
        bag=bag,
        bonus_stack=tuple(sorted(bonus)),
        sheep_supply=sheep_supply,
        areas=areas,
        seats=seats,
    )
