"""No English left on a German page: the site's own sentences are translated, and no sentence is
left unmarked (the two checks of ``tests.i18n.english``).

The pages are those of ``tests.i18n.german_pages``: a table at each step of a round and when it
is over, as its player and as a spectator, history, replay and review, the lobby, play now, the
events and the week's challenge, the player pages, the settings, the account pages and the
error pages, the forms refused with their errors. Fails until the translations are in
tipperary_site/locale; ``pytest tests/i18n`` runs it with the other language tests.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.i18n.catalogues import Entry
from tests.i18n.english import (
    FOREIGN_DAY,
    GERMAN_DAY,
    catalogue_for,
    report,
    sentences_left,
    unmarked_left,
)
from tests.i18n.german_pages import Pages, draw
from tests.i18n.visible_text import page_text, text_nodes

_drawn: Pages = {}


@pytest.fixture
def german_pages(db: None) -> Pages:
    """Each page, by name, as a player (or a visitor) reading German sees it; drawn once for
    the module (each test's database is rolled back, the pages' text stays)."""
    if not _drawn:
        _drawn.update(draw())
    return _drawn


@pytest.fixture(scope="module")
def catalogue(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Entry]:
    return catalogue_for("de", Path(tmp_path_factory.mktemp("fresh")))


def test_no_english_sentence_of_ours_is_left_on_a_german_page(
    german_pages: Pages, catalogue: dict[str, Entry]
) -> None:
    texts = {name: page_text(html) for name, html in german_pages.items()}
    left = sentences_left(texts, catalogue)
    assert not left, report("English left on German pages", left)


def test_no_unmarked_english_is_left_on_a_german_page(
    german_pages: Pages, catalogue: dict[str, Entry]
) -> None:
    nodes = {name: text_nodes(html) for name, html in german_pages.items()}
    unmarked = unmarked_left(nodes, catalogue)
    assert not unmarked, report("Unmarked English on German pages", unmarked)


def test_german_pages_write_their_dates_in_german(german_pages: Pages) -> None:
    for name in ("finished tables", "player page, finished tables", "lobby", "history",
                 "game, table talk", "challenge, results"):  # fmt: skip
        assert GERMAN_DAY.search(page_text(german_pages[name])), f"no German date on {name}"
    foreign = {
        name: sorted(set(FOREIGN_DAY.findall(page_text(html))))
        for name, html in german_pages.items()
    }
    foreign = {name: found for name, found in foreign.items() if found}
    assert not foreign, f"days in another language's order on German pages: {foreign}"


#: German nouns of the game, lowered: a title ("Runde 2", "Das Finale") put through ``lower``
#: into another sentence.
_LOWERED_NOUNS = re.compile(r"\b(runde|finale|gruppentische|tisch|turnier)\b")


def test_german_nouns_keep_their_capitals(german_pages: Pages) -> None:
    lowered = {
        name: sorted(set(_LOWERED_NOUNS.findall(page_text(html))))
        for name, html in german_pages.items()
    }
    lowered = {name: found for name, found in lowered.items() if found}
    assert not lowered, f"German nouns in lower case: {lowered}"
