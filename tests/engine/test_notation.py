"""Action notation: every action has a short text form that parses back exactly; text that is no
action is refused as unreadable, apart from a readable move the rules refuse."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import (
    CELL_ACTIONS,
    Action,
    ActionError,
    EndRound,
    GameState,
    IllegalAction,
    InvalidNotation,
    PendingKind,
    Phase,
    PlaceBonus,
    PlaceSheep,
    PlaceTile,
    PlaceTower,
    UndoTurn,
    apply,
    cell_action,
    legal_cells,
    legal_placements,
    legal_sheep_cells,
    new_game,
    parse_action,
    parse_cell_action,
    pending,
    replay,
    round_complete,
)

from .helpers import ENGINE_SETTINGS, random_move

coordinates = st.integers(min_value=-60, max_value=60)
actions: st.SearchStrategy[Action] = st.one_of(
    st.builds(
        PlaceTile,
        st.sampled_from([0, 1]),
        st.integers(min_value=0, max_value=7),
        coordinates,
        coordinates,
    ),
    st.builds(PlaceSheep, coordinates, coordinates),
    st.builds(PlaceBonus, coordinates, coordinates),
    st.builds(PlaceTower, coordinates, coordinates),
    st.just(UndoTurn()),
    st.just(EndRound()),
)


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("t1 o3 4,-2", PlaceTile(1, 3, 4, -2)),
        ("t0 o0 0,0", PlaceTile(0, 0, 0, 0)),
        ("s 3,1", PlaceSheep(3, 1)),
        ("b 0,5", PlaceBonus(0, 5)),
        ("w -2,12", PlaceTower(-2, 12)),
        ("undo", UndoTurn()),
        ("end", EndRound()),
    ],
)
def test_the_notation_reads_and_writes(text: str, action: Action) -> None:
    assert parse_action(text) == action
    assert str(action) == text == action.notation


@pytest.mark.parametrize(
    "text",
    [
        "",
        "t2 o0 1,1",
        "t1 o-1 1,1",
        "t1 o01 1,1",
        "s 01,2",
        "s -0,1",
        "S 1,2",
        " end",
        "end ",
        "t1 o3 4, -2",
        "t1 o3 4,-2 ",
        "s 1",
        "x 1,2",
        "b 1,2,3",
        "w1,2",
        "t1 3 4,2",
    ],
)
def test_text_that_is_no_action_is_refused_as_unreadable(text: str) -> None:
    with pytest.raises(InvalidNotation, match=r"^not_notation") as refused:
        parse_action(text)
    assert not isinstance(refused.value, IllegalAction)


def test_both_refusals_are_action_errors_and_value_errors_but_not_each_other() -> None:
    assert issubclass(InvalidNotation, ActionError) and issubclass(IllegalAction, ActionError)
    assert issubclass(ActionError, ValueError)
    assert not issubclass(InvalidNotation, IllegalAction)
    assert not issubclass(IllegalAction, InvalidNotation)


def test_a_readable_move_the_rules_refuse_is_illegal_not_unreadable() -> None:
    state = new_game(3, 2)
    for text in ("t0 o0 0,0", "s 2,0", "w 5,5", "end"):
        action = parse_action(text)  # reads fine
        with pytest.raises(IllegalAction) as refused:
            apply(state, None if text == "end" else 0, action)
        assert not isinstance(refused.value, InvalidNotation)


def test_a_replay_tells_an_unreadable_move_from_an_illegal_one() -> None:
    garbled = replay(3, 2, [(0, "place it anywhere")])
    assert isinstance(garbled.error, InvalidNotation) and garbled.applied == 0
    illegal = replay(3, 2, [(0, "t0 o0 0,0")])
    assert isinstance(illegal.error, IllegalAction) and illegal.applied == 0


@pytest.mark.parametrize("kind", [PendingKind.SHEEP, PendingKind.BONUS, PendingKind.TOWER])
def test_a_cell_action_reads_back_from_its_letter_and_cell(kind: PendingKind) -> None:
    action = cell_action(kind, 4, -1)
    assert isinstance(action, CELL_ACTIONS[kind])
    assert parse_cell_action(action.letter, 4, -1) == action
    assert action.notation == f"{action.letter} 4,-1"


@pytest.mark.parametrize("letter", ["t", "end", "", "S", "x"])
def test_a_letter_of_no_cell_action_is_unreadable(letter: str) -> None:
    with pytest.raises(InvalidNotation, match=r"^not_notation"):
        parse_cell_action(letter, 0, 0)


def test_a_tile_is_no_cell_action() -> None:
    with pytest.raises(ValueError, match="not placed on a single cell"):
        cell_action(PendingKind.TILE, 0, 0)


@ENGINE_SETTINGS
@given(actions)
def test_every_action_round_trips(action: Action) -> None:
    text = str(action)
    assert parse_action(text) == action
    assert str(parse_action(text)) == text


def _legal_actions(state: GameState) -> list[Action]:
    """Every action some seat (or the game itself) may take now."""
    out: list[Action] = [EndRound()] if round_complete(state) else []
    for seat in range(state.players):
        kind = pending(state, seat).kind
        if kind is PendingKind.TILE:
            out += [
                PlaceTile(slot, *p) for slot in (0, 1) for p in legal_placements(state, seat, slot)
            ]
        elif kind is PendingKind.SHEEP:
            out += [cell_action(kind, x, y) for x, y in legal_sheep_cells(state, seat)]
        elif kind is not PendingKind.NONE:
            out += [cell_action(kind, x, y) for x, y in legal_cells(state, seat)]
    return out


@ENGINE_SETTINGS
@given(
    st.integers(min_value=0, max_value=10**6),
    st.integers(min_value=2, max_value=5),
    st.integers(min_value=0, max_value=60),
)
def test_every_legal_action_of_a_played_position_round_trips(
    seed: int, players: int, moves: int
) -> None:
    state, rng = new_game(seed, players), random.Random(seed)
    for _ in range(moves):
        if state.phase is Phase.FINISHED:
            break
        seat, action = random_move(state, rng)
        state, _ = apply(state, seat, action)
    legal = _legal_actions(state)
    for action in legal:
        assert parse_action(action.notation) == action
        assert parse_action(action.notation).notation == action.notation


_NOTATION_LIKE = st.text(alphabet="tsbwoend0123456789 ,-", max_size=14)


@ENGINE_SETTINGS
@given(st.one_of(_NOTATION_LIKE, st.text(max_size=14)))
def test_any_text_reads_back_exactly_or_is_unreadable(text: str) -> None:
    try:
        action = parse_action(text)
    except InvalidNotation:
        return
    assert action.notation == text
