"""Every refusal the engine can raise has the site's words, built from its code and parameters."""

from __future__ import annotations

import pytest
from django.utils import translation

import engine
from engine import IllegalAction, InvalidNotation, Landscape, PlaceSheep, PlaceTile, new_game
from engine.errors import CODES
from games.words import REFUSALS, landscape_count, landscape_name, refusal_words
from tests.engine.test_refusals import codes_used

# One example of the parameters each code carries (see engine.errors.CODES).
EXAMPLES: dict[str, dict[str, engine.errors.Param]] = {
    "not_notation": {"text": "hello"},
    "seat_required": {"action": "s 3,1"},
    "no_such_seat": {"seat": 4},
    "unknown_action": {"action": "Pass()"},
    "overlap": {"what": "tile", "landscape": "bog"},
    "must_touch_county": {"what": "tower"},
    "place_follow_up_first": {"follow": "bonus"},
    "no_such_orientation": {"count": 4, "last": 3},
    "not_a_meadow": {"landscape": "grain"},
    "round_not_over": {"seats": (0, 2)},
}


def test_every_code_the_engine_raises_has_words() -> None:
    assert set(REFUSALS) == set(CODES) == codes_used()


@pytest.mark.parametrize("code", CODES)
def test_each_refusal_reads_as_a_sentence(code: str) -> None:
    words = refusal_words(IllegalAction(code, **EXAMPLES.get(code, {})))
    assert words[0].isupper() or words[0] == "'"
    assert words.endswith(".") and "%(" not in words and "_" not in words  # no code shows


def test_a_refusal_names_the_landscape_and_the_piece() -> None:
    state = new_game(1, 2)
    with pytest.raises(IllegalAction) as refused:
        engine.apply(state, 0, PlaceTile(0, 0, 0, 0))  # onto the hometown
    assert refusal_words(refused.value).startswith("That tile would overlap your ")
    with pytest.raises(IllegalAction) as refused:
        engine.apply(state, 0, PlaceSheep(0, 0))
    assert refusal_words(refused.value) == "You have no sheep to place."
    with pytest.raises(InvalidNotation) as unread:
        engine.parse_action("place it anywhere")
    words = refusal_words(unread.value)
    assert words == "'place it anywhere' is not a move this game understands."


def test_the_words_follow_the_readers_language() -> None:
    refused = IllegalAction("not_a_meadow", landscape="bog")
    with translation.override("en"):
        assert refusal_words(refused) == "A sheep goes on an empty meadow, not on your bog."
    assert refusal_words(IllegalAction("round_not_over", seats=(1,))) == (
        "The round is not over yet: seat 1 has not finished."
    )


def test_every_landscape_has_a_name_and_a_plural() -> None:
    for landscape in Landscape:
        assert landscape_name(landscape)
        assert landscape_count(landscape, 2).startswith("2 ")
    assert landscape_count(Landscape.DISTILLERY, 3) == "3 distilleries"
