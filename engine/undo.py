"""Taking back a finished turn while the round is still open (the ``undo`` action).

A seat that is done may take back everything it did since the round (or the tower step) began,
as long as another seat is still playing: the last seat to finish ends the round at once, so
there is nothing to take back then. The seat's own part of the game returns to how the round
found it (county, barrel, tile, follow-ups, towers), and what its turn took from the shared
supplies goes back: the tile to its slot of the wheel, the sheep to the supply, and the bonus
tiles it drew to the top of the stack in the order it drew them, so playing the same turn again
gives the same turn. Other seats are untouched, and others see only that the seat is no longer
done (R4.2). A turn that took from a supply another seat then found empty stays as played for
that other seat: shared supplies are used in the order of the log (R7). So, as R7 already
accepts for a supply found empty, the seat that plays again may learn that another seat drew
meanwhile (its new bog site brings a different bonus tile than the first time).
"""

from __future__ import annotations

from dataclasses import replace

from engine.errors import IllegalAction
from engine.events import Event, TurnUndone
from engine.state import Display, GameState, Phase


def undo_refusal(state: GameState, seat: int) -> str | None:
    """Why ``seat`` may not take back its turn now, as a refusal code; None when it may.

    >>> from engine.rules import new_game
    >>> undo_refusal(new_game(1, 2), 0)
    'not_finished'
    """
    if state.phase is Phase.FINISHED:
        return "game_over"
    own = state.seats[seat]
    if not own.turn_done:
        return "not_finished"
    if own == state.start.seats[seat]:
        return "nothing_to_take_back"  # nothing to place in this step
    if all(s.turn_done for s in state.seats):
        return "round_ending"  # everyone has finished, so every turn stands
    return None


def _sheep_on(display: Display) -> int:
    return sum(cell.sheep for cell in display.cells.values())


def undo_turn(state: GameState, seat: int, events: list[Event]) -> GameState:
    """``state`` with ``seat``'s turn of the round taken back, or :class:`IllegalAction`.

    >>> from engine.actions import PlaceTile
    >>> from engine.rules import apply, new_game
    >>> dealt = new_game(1, 2)
    >>> played, _ = apply(dealt, 0, PlaceTile(0, 0, -3, 2))
    >>> taken_back = []
    >>> undo_turn(played, 0, taken_back) == dealt, taken_back
    (True, [TurnUndone(seat=0)])
    """
    refusal = undo_refusal(state, seat)
    if refusal is not None:
        raise IllegalAction(refusal)
    own = state.seats[seat]
    then = state.start.seats[seat]
    areas = list(state.areas)
    if own.taken is not None:
        # Nobody else takes from this seat's area (R4.1), so it is as the round dealt it.
        area = state.area_of(seat)
        areas[area] = state.start.areas[area]
    seats = list(state.seats)
    seats[seat] = then
    events.append(TurnUndone(seat))
    return replace(
        state,
        areas=tuple(areas),
        seats=tuple(seats),
        sheep_supply=state.sheep_supply + _sheep_on(own.display) - _sheep_on(then.display),
        bonus_stack=own.drawn + state.bonus_stack,
    )
