"""Action notation: every action has a short text form that parses back exactly."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import (
    Action,
    EndRound,
    IllegalAction,
    PlaceBonus,
    PlaceSheep,
    PlaceTile,
    PlaceTower,
    parse_action,
)

from .helpers import ENGINE_SETTINGS

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
def test_anything_else_is_refused(text: str) -> None:
    with pytest.raises(IllegalAction, match="is not a move"):
        parse_action(text)


@ENGINE_SETTINGS
@given(actions)
def test_every_action_round_trips(action: Action) -> None:
    text = str(action)
    assert parse_action(text) == action
    assert str(parse_action(text)) == text
