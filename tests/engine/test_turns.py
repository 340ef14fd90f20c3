"""R4: a round — choosing, placing, follow-ups, the end of the round."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import (
    TILES,
    Action,
    EndRound,
    IllegalAction,
    PendingKind,
    Phase,
    PlaceBonus,
    PlaceSheep,
    PlaceTile,
    PlaceTower,
    RoundEnded,
    RoundStarted,
    SheepGained,
    SheepLossReason,
    SheepLost,
    SheepPlaced,
    SheepSource,
    TilePlaced,
    TurnFinished,
    apply,
    pending,
    rotate,
    round_complete,
)
from engine.rules import spin_for

from .helpers import display, game, with_seat


def test_a_plain_turn_takes_a_tile_places_it_and_ends() -> None:
    """R4.2: choose one of the two tiles, place it, nothing to follow: the turn is over."""
    state = game(displays={0: display("M")}, area_tiles={0: (4, 20)})  # "GP", "GGGG"
    assert pending(state, 0).kind is PendingKind.TILE
    assert pending(state, 0).tiles == (4, 20)
    new, events = apply(state, 0, PlaceTile(1, 0, 1, 0))
    assert events == (TilePlaced(0, 20, 0, 1, 0), TurnFinished(0))
    assert new.seats[0].turn_done and new.seats[0].taken == 20
    assert new.areas[new.area_of(0)] == (4, None)  # the other tile stays in the area
    assert pending(new, 0).kind == "none"
    assert not new.seats[1].turn_done


def test_a_seat_places_only_one_tile_per_round() -> None:
    state = game(displays={0: display("M")}, area_tiles={0: (4, 20)})
    new, _ = apply(state, 0, PlaceTile(1, 0, 1, 0))
    with pytest.raises(IllegalAction, match=r"^turn_over"):
        apply(new, 0, PlaceTile(0, 0, -2, 0))


def test_seats_play_independently_in_any_order() -> None:
    """R4.2: simultaneous turns; the log's order does not matter to the outcome."""
    state = game(displays={0: display("M"), 1: display("M")}, area_tiles={0: (4, 20), 1: (3, 21)})
    a, b = (0, PlaceTile(0, 0, 1, 0)), (1, PlaceTile(1, 0, 0, 1))
    one, _ = apply(apply(state, *a)[0], *b)
    two, _ = apply(apply(state, *b)[0], *a)
    assert one == two
    assert round_complete(one)


def test_the_round_ends_only_when_every_turn_is_over() -> None:
    """R4.3: the sheep phase comes after every player's turn."""
    state = game(players=3)
    with pytest.raises(IllegalAction, match=r"^round_not_over\(seats=\(0, 1, 2\)\)"):
        apply(state, None, EndRound())
    state = with_seat(with_seat(state, 0, turn_done=True), 2, turn_done=True)
    with pytest.raises(IllegalAction, match=r"^round_not_over\(seats=\(1,\)\)"):
        apply(state, None, EndRound())
    with pytest.raises(IllegalAction, match=r"^only_game_ends_round"):
        apply(with_seat(state, 1, turn_done=True), 0, EndRound())


def test_ending_a_round_refills_the_wheel_and_spins_again() -> None:
    """R4.4: empty slots are refilled from the bag; the next round starts with a new spin."""
    state = game(displays={0: display("M"), 1: display("M")}, area_tiles={0: (4, 20), 1: (3, 21)})
    state, _ = apply(state, 0, PlaceTile(0, 0, 1, 0))
    state, _ = apply(state, 1, PlaceTile(1, 0, 1, 0))
    bag = state.bag
    areas_before = state.areas
    new, events = apply(state, None, EndRound())
    assert events[-2:] == (RoundEnded(1), RoundStarted(2, spin_for(1, 2)))
    assert new.round == 2 and new.spin == spin_for(1, 2)
    assert new.bag == bag[2:]
    filled = [t for a in new.areas for t in a]
    assert None not in filled
    assert {t for a in areas_before for t in a if t is not None} <= set(filled)
    assert set(filled) - {t for a in areas_before for t in a} == set(bag[:2])
    assert all(not s.turn_done and s.taken is None for s in new.seats)
    assert new.start.seats == new.seats and new.start.areas == new.areas


def test_a_gained_sheep_must_be_placed_before_the_turn_ends() -> None:
    """R4.2.3-5 and R5.3: a +Sheep tile gives a sheep, placed at once on an empty meadow."""
    state = game(displays={0: display("P")}, area_tiles={0: (1, None)})  # "+MM"
    new, events = apply(state, 0, PlaceTile(0, 0, 1, 0))
    assert events == (TilePlaced(0, 1, 0, 1, 0), SheepGained(0, SheepSource.TILE))
    assert pending(new, 0).kind is PendingKind.SHEEP and pending(new, 0).count == 1
    assert new.sheep_supply == 23
    with pytest.raises(IllegalAction, match=r"^place_follow_up_first\(follow='sheep'\)"):
        apply(new, 0, PlaceTile(0, 0, 5, 5))
    with pytest.raises(IllegalAction, match=r"^no_bonus_pending"):
        apply(new, 0, PlaceBonus(0, 1))
    with pytest.raises(IllegalAction, match=r"^not_a_meadow\(landscape='pasture'\)"):
        apply(new, 0, PlaceSheep(0, 0))
    with pytest.raises(IllegalAction, match=r"^sheep_on_empty_square"):
        apply(new, 0, PlaceSheep(5, 5))
    done, events = apply(new, 0, PlaceSheep(2, 0))
    assert events == (SheepPlaced(0, 2, 0), TurnFinished(0))
    assert done.seats[0].display[(2, 0)].sheep
    assert done.seats[0].display[(2, 0)].is_pasture
    with pytest.raises(IllegalAction, match=r"^turn_over"):
        apply(done, 0, PlaceSheep(1, 0))


def test_a_meadow_holds_one_sheep() -> None:
    state = game(displays={0: display("mM")}, area_tiles={0: (13, None)})  # "+4M/P."
    new, _ = apply(state, 0, PlaceTile(0, 0, 2, 0))
    with pytest.raises(IllegalAction, match=r"^meadow_taken"):
        apply(new, 0, PlaceSheep(0, 0))
    apply(new, 0, PlaceSheep(1, 0))


def test_sheep_come_before_bonus_tiles() -> None:
    """R4.2.4 (decision): place gained sheep first, then drawn bonus tiles in order."""
    # Tile 55 "+B.../MMMM/...B" forms two new bog sites and gives a sheep.
    board = display("B..../...../...../....B", (0, -1))
    state = game(displays={0: board}, area_tiles={0: (55, None)})
    new, _ = apply(state, 0, PlaceTile(0, 0, 0, 0))
    seat = new.seats[0]
    assert seat.sheep_pending == 1 and len(seat.bonus_pending) == 2
    assert pending(new, 0).kind is PendingKind.SHEEP
    with pytest.raises(IllegalAction, match=r"^sheep_before_bonus"):
        apply(new, 0, PlaceBonus(-1, 0))
    new, _ = apply(new, 0, PlaceSheep(1, 1))
    p = pending(new, 0)
    assert p.kind is PendingKind.BONUS and p.count == 2 and p.bonus is not None
    assert p.bonus.id == state.bonus_stack[0]
    new, _ = apply(new, 0, PlaceBonus(-1, 0))
    assert pending(new, 0).bonus.id == state.bonus_stack[1]  # type: ignore[union-attr]
    new, events = apply(new, 0, PlaceBonus(-1, 1))
    assert events[-1] == TurnFinished(0)
    assert new.seats[0].display[(-1, 0)].tile_id == state.bonus_stack[0]


def test_player_moves_need_a_real_seat() -> None:
    state = game()
    with pytest.raises(IllegalAction, match=r"^seat_required"):
        apply(state, None, PlaceSheep(0, 0))
    with pytest.raises(IllegalAction, match=r"^no_such_seat\(seat=2\)"):
        apply(state, 2, PlaceSheep(0, 0))


def test_towers_wait_for_the_end_of_the_game() -> None:
    with pytest.raises(IllegalAction, match=r"^towers_not_yet"):
        apply(game(), 0, PlaceTower(0, 0))


def test_nothing_is_played_after_the_game_is_over() -> None:
    state = game(phase=Phase.FINISHED)
    moves: list[tuple[int | None, Action]] = [
        (0, PlaceTile(0, 0, 0, 0)), (None, EndRound()), (1, PlaceTower(5, 5)),
    ]  # fmt: skip
    for seat, action in moves:
        with pytest.raises(IllegalAction, match=r"^game_over"):
            apply(state, seat, action)
    assert pending(state, 0).kind is PendingKind.NONE


def test_shared_supplies_go_in_the_order_of_the_log() -> None:
    """R7: two hidden turns drawing from the same supply are served in log order."""
    boards = {0: display(".B"), 1: display(".B")}
    state = game(displays=boards, area_tiles={0: (5, None), 1: (5, None)}, sheep_supply=1)
    upright = rotate(TILES[5], 0)  # "B1" with its bog on top
    first, _ = apply(state, 1, PlaceTile(0, upright, 2, 0))
    both, _ = apply(first, 0, PlaceTile(0, upright, 2, 0))
    assert both.seats[1].bonus_pending == state.bonus_stack[:1]
    assert both.seats[0].bonus_pending == state.bonus_stack[1:2]
    # The last sheep of the supply goes to the first in the log.
    sheep = game(
        displays={0: display("M"), 1: display("M")}, area_tiles={0: (1, None), 1: (1, None)}
    )
    sheep = replace(sheep, sheep_supply=1)
    one, events_1 = apply(sheep, 0, PlaceTile(0, 0, 1, 0))
    two, events_2 = apply(one, 1, PlaceTile(0, 0, 1, 0))
    assert SheepGained(0, SheepSource.TILE) in events_1
    assert SheepLost(1, SheepSource.TILE, SheepLossReason.SUPPLY_EMPTY) in events_2
    assert two.sheep_supply == 0
