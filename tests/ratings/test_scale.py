"""The rating people see: the examples in the scale's docstrings hold."""

from __future__ import annotations

from games.ratings import scale


def test_a_rating_is_provisional_until_five_games() -> None:
    assert scale.shown_rating(25.0, 25 / 3, games=4).provisional
    assert not scale.shown_rating(25.0, 2.0, games=5).provisional
