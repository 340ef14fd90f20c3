"""Taking back a finished turn while others still play: the seat's round starts over, nothing
else of the game changes, and others learn only that the seat is no longer done (R4.2)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import (
    EndRound,
    GameState,
    IllegalAction,
    PendingKind,
    Phase,
    PlaceTile,
    TurnUndone,
    UndoTurn,
    apply,
    new_game,
    parse_action,
    pending,
    replay,
    round_complete,
    view,
)

from .helpers import ENGINE_SETTINGS, display, game, random_move, random_seat_move


def _untouched(state: GameState) -> list[int]:
    """Seats that have not begun this round's turn (or tower step) and have one to play."""
    return [
        i
        for i, s in enumerate(state.seats)
        if s == state.start.seats[i] and pending(state, i).kind is not PendingKind.NONE
    ]


def _before_a_turn(seed: int, players: int, moves: int) -> tuple[GameState, int, random.Random]:
    """A game played at random for about ``moves`` moves, stopped where some seat has its whole
    turn ahead of it while another seat also still has to play; returns that seat."""
    rng = random.Random(seed)
    state = new_game(seed, players)
    played = 0
    while True:
        fresh = _untouched(state)
        others_left = [i for i, s in enumerate(state.seats) if not s.turn_done]
        if played >= moves and fresh and len(others_left) >= 2:
            return state, rng.choice(fresh), rng
        if state.phase is Phase.FINISHED:  # played past the end: start again, shorter
            state, played, moves = new_game(seed, players), 0, moves // 2
            continue
        seat, action = random_move(state, rng)
        state, _ = apply(state, seat, action)
        played += 1


def _whole_turn(state: GameState, seat: int, rng: random.Random) -> GameState:
    while pending(state, seat).kind is not PendingKind.NONE:
        state, _ = apply(state, seat, random_seat_move(state, seat, rng))
    return state


games = {
    "seed": st.integers(min_value=0, max_value=10**6),
    "players": st.integers(min_value=2, max_value=5),
    "moves": st.integers(min_value=0, max_value=120),
}


@ENGINE_SETTINGS
@given(**games)
def test_taking_back_a_turn_at_once_gives_back_the_game_as_it_was(
    seed: int, players: int, moves: int
) -> None:
    """Tile, sheep, bonus tiles (in the order drawn), whiskey, towers: all of it goes back."""
    before, seat, rng = _before_a_turn(seed, players, moves)
    done = _whole_turn(before, seat, rng)
    undone, events = apply(done, seat, UndoTurn())
    assert undone == before
    assert events == (TurnUndone(seat),)


@ENGINE_SETTINGS
@given(**games, others=st.integers(min_value=0, max_value=8))
def test_taking_back_a_turn_leaves_the_other_seats_as_they_are(
    seed: int, players: int, moves: int, others: int
) -> None:
    before, seat, rng = _before_a_turn(seed, players, moves)
    done = _whole_turn(before, seat, rng)
    later = done
    for _ in range(others):  # other seats play on, but the round stays open
        busy = [i for i in range(players) if i != seat and not later.seats[i].turn_done]
        after, _ = apply(later, busy[0], random_seat_move(later, busy[0], rng))
        if round_complete(after):
            break
        later = after
    undone, _ = apply(later, seat, UndoTurn())

    assert undone.seats[seat] == before.start.seats[seat]
    assert pending(undone, seat).kind is pending(before, seat).kind
    for i in range(players):
        if i != seat:
            assert undone.seats[i] == later.seats[i]
            assert undone.areas[undone.area_of(i)] == later.areas[later.area_of(i)]
    assert undone.areas[undone.area_of(seat)] == before.areas[before.area_of(seat)]
    gained = sum(c.sheep for c in done.seats[seat].display.values()) - sum(
        c.sheep for c in before.seats[seat].display.values()
    )
    assert undone.sheep_supply == later.sheep_supply + gained
    assert undone.bonus_stack == done.seats[seat].drawn + later.bonus_stack
    assert (undone.round, undone.phase, undone.marker) == (later.round, later.phase, later.marker)
    # R4.2: to every other viewer the seat is as the round dealt it, now not done.
    for viewer in [None, *(i for i in range(players) if i != seat)]:
        seen_later = view(later, viewer)
        seats = list(seen_later.seats)
        seats[seat] = replace(seats[seat], turn_done=False)
        assert view(undone, viewer) == replace(seen_later, seats=tuple(seats))


@ENGINE_SETTINGS
@given(**games)
def test_the_log_with_a_turn_taken_back_replays_to_the_same_game(
    seed: int, players: int, moves: int
) -> None:
    rng = random.Random(seed)
    state = new_game(seed, players)
    log: list[tuple[int | None, str]] = []
    for _ in range(moves):
        if state.phase is Phase.FINISHED:
            break
        seat, action = random_move(state, rng)
        state, _ = apply(state, seat, action)
        log.append((seat, action.notation))
        if seat is not None and state.seats[seat].turn_done and not round_complete(state):
            state, _ = apply(state, seat, UndoTurn())
            log.append((seat, "undo"))
    result = replay(seed, players, log)
    assert result.error is None
    assert result.state == state


def test_a_turn_not_finished_cannot_be_taken_back() -> None:
    state = game(displays={0: display("M")}, area_tiles={0: (1, None)})
    with pytest.raises(IllegalAction, match=r"^not_finished"):
        apply(state, 0, UndoTurn())
    # "+MM" gains a sheep still to place: the turn is not over yet.
    begun, _ = apply(state, 0, PlaceTile(0, 0, 1, 0))
    with pytest.raises(IllegalAction, match=r"^not_finished"):
        apply(begun, 0, UndoTurn())


def test_the_last_turn_of_a_round_stands() -> None:
    dealt = new_game(1, 2)
    first, _ = apply(dealt, 0, PlaceTile(0, 0, -3, 2))
    assert first.seats[0].turn_done
    both = _whole_turn(first, 1, random.Random(1))
    with pytest.raises(IllegalAction, match=r"^round_ending"):
        apply(both, 0, UndoTurn())
    advanced, _ = apply(both, None, EndRound())
    with pytest.raises(IllegalAction, match=r"^not_finished"):
        apply(advanced, 0, UndoTurn())


def test_a_seat_with_no_tower_to_place_has_nothing_to_take_back() -> None:
    state = game(phase=Phase.TOWERS)
    seats = list(state.seats)
    seats[0] = replace(seats[0], turn_done=True)
    seats[1] = replace(seats[1], towers_pending=1)
    state = replace(state, seats=tuple(seats))
    state = replace(state, start=replace(state.start, seats=state.seats))
    with pytest.raises(IllegalAction, match=r"^nothing_to_take_back"):
        apply(state, 0, UndoTurn())


def test_nothing_is_taken_back_after_the_game_is_over() -> None:
    with pytest.raises(IllegalAction, match=r"^game_over"):
        apply(game(phase=Phase.FINISHED), 0, UndoTurn())


def test_bonus_tiles_drawn_go_back_on_top_of_the_stack_in_the_order_drawn() -> None:
    # Tile 55 "+B.../MMMM/...B" forms two new bog sites and gives a sheep (as in test_turns).
    board = display("B..../...../...../....B", (0, -1))
    state = game(displays={0: board}, area_tiles={0: (55, None)})
    played, _ = apply(state, 0, PlaceTile(0, 0, 0, 0))
    for action in ("s 1,1", "b -1,0", "b -1,1"):
        played, _ = apply(played, 0, parse_action(action))
    assert played.seats[0].turn_done and played.seats[0].drawn == state.bonus_stack[:2]
    assert played.bonus_stack == state.bonus_stack[2:]
    undone, _ = apply(played, 0, UndoTurn())
    assert undone == state
