"""Ranks read as each language writes them: the ``ordinal`` filter follows the active language."""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.utils import translation

from games.templatetags.ordinals import ordinal

RANKS = (1, 2, 3, 4, 11, 21, 22, 23, 101, 112)


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", ["1st", "2nd", "3rd", "4th", "11th", "21st", "22nd", "23rd", "101st", "112th"]),
        ("de", ["1.", "2.", "3.", "4.", "11.", "21.", "22.", "23.", "101.", "112."]),
        ("fr", ["1er", "2e", "3e", "4e", "11e", "21e", "22e", "23e", "101e", "112e"]),
        ("es", ["1.º", "2.º", "3.º", "4.º", "11.º", "21.º", "22.º", "23.º", "101.º", "112.º"]),
    ],
)
def test_it_writes_ranks_as_the_active_language_does(language: str, expected: list[str]) -> None:
    with translation.override(language):
        assert [ordinal(rank) for rank in RANKS] == expected


def test_it_reads_a_regional_language_as_its_language() -> None:
    with translation.override("de-at"):
        assert ordinal(3) == "3."


def test_it_keeps_english_for_a_language_without_a_rule() -> None:
    with translation.override("nl"):
        assert ordinal(2) == "2nd"


def test_it_leaves_no_rank_empty_and_words_as_they_are() -> None:
    with translation.override("fr"):
        assert (ordinal(None), ordinal(""), ordinal("last")) == ("", "", "last")


def test_the_filter_in_a_template_follows_the_language() -> None:
    template = Template("{% load ordinals %}{{ rank|ordinal }}")
    with translation.override("es"):
        assert template.render(Context({"rank": 2})) == "2.º"
    with translation.override("en"):
        assert template.render(Context({"rank": 2})) == "2nd"
