"""No English left on a German page: the site's own sentences are translated, and no sentence is
left unmarked.

Two checks over the pages people use most, each fetched in German (Accept-Language: de):

- no English sentence of the catalogue (two words or more: each piece between placeholders and
  tags) appears as it is, unless its German translation is the same words;
- no run of text of three words or more that reads as English (it has one of a few English
  little words, "the", "your", "to"…) is missing from the catalogue: it was never marked.

Names, numbers and the brand are not words to translate. Fails until the translations are in
tipperary_site/locale; ``pytest tests/i18n`` runs it with the other language tests.
"""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from games import services
from games.models import RoundTime
from tests.i18n.catalogues import Entry, entries, fresh_keys, path_of
from tests.i18n.visible_text import page_text, text_nodes
from tests.site.crawl import build_world

GERMAN = {"accept-language": "de"}
#: Words that are English and not German: a run of text with one of them reads as English.
ENGLISH_LITTLE_WORDS = frozenset(
    [
        "the",
        "your",
        "you",
        "you're",
        "to",
        "a",
        "of",
        "and",
        "is",
        "are",
        "for",
        "this",
        "that",
        "with",
        "not",
        "has",
        "have",
        "be",
        "it",
        "it's",
        "from",
        "by",
        "who",
        "what",
        "when",
        "there",
        "their",
        "they",
        "can't",
        "don't",
        "isn't",
        "won't",
        "or",
        "on",
        "at",
        "my",
        "we",
        "our",
        "its",
        "any",
        "been",
        "yet",
        "here",
    ]
)
#: Never translated: the brand, the people of the pages' world, the tournament's name.
NOT_WORDS = re.compile(
    r"\b(Tipperary|Aoife|Brendan|Eimear|Ciara|Crawl Cup)\b|\d+([.:,/-]\d+)*", re.IGNORECASE
)
_PLACEHOLDER = re.compile(r"%\(\w+\)[sdif]|%[sdif]|\{\w*\}|<[^>]+>|\s·\s")
_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")

Pages = dict[str, str]


@pytest.fixture
def german_pages(db: None) -> Pages:
    """Each page, by name, as a player (or a visitor) reading German sees it."""
    cache.clear()
    world = build_world()
    forming = services.create_game(
        world.other, seats_wanted=3, round_minutes=RoundTime.ONE_DAY, is_open=True, rated=True
    )
    player, visitor = Client(headers=GERMAN), Client(headers=GERMAN)
    player.force_login(world.player)
    asks: dict[str, tuple[Client, str]] = {
        "home": (player, reverse("home")),
        "home, visitor": (visitor, reverse("home")),
        "lobby": (player, reverse("games:lobby")),
        "rules": (visitor, reverse("rules")),
        "log-in": (visitor, reverse("account_login")),
        "sign-up": (visitor, reverse("account_signup")),
        "settings": (player, reverse("accounts:settings")),
        "game, seated": (player, reverse("games:game", args=[world.open.pk])),
        "forming table": (player, reverse("games:game", args=[forming.pk])),
        "replay": (player, reverse("games:replay", args=[world.finished.pk])),
        "leaderboard": (visitor, reverse("ratings:leaderboard")),
        "player page": (visitor, reverse("ratings:player", args=[world.mover.username])),
        "tournaments": (player, reverse("tournaments:list")),
        "challenge": (player, reverse("challenge:this_week")),
        "learn": (player, reverse("learn")),
    }
    pages: Pages = {}
    for name, (client, url) in asks.items():
        response = client.get(url)
        assert response.status_code == 200, f"{name} ({url}): {response.status_code}"
        pages[name] = response.content.decode()
    return pages


@pytest.fixture(scope="module")
def catalogue(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Entry]:
    """The German catalogue's entries by English text; without one, what makemessages would
    put in it (all untranslated)."""
    po = path_of("de", "django")
    if po.exists():
        return {entry.msgid: entry for entry in entries(po).values()}
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(settings.BASE_DIR)
        keys = fresh_keys(tmp_path_factory.mktemp("fresh"))["django"]
    return {msgid: Entry(context, msgid, "", ("",)) for context, msgid in keys}


def _plain(text: str) -> str:
    return " ".join(NOT_WORDS.sub(" ", text).split())


def english_sentences(catalogue: dict[str, Entry]) -> dict[str, str]:
    """Each piece of an English text of two words or more, by the text it comes from, unless
    the German is the same words."""
    found: dict[str, str] = {}
    for entry in catalogue.values():
        translated = " ".join(entry.translations)
        for english in filter(None, (entry.msgid, entry.plural)):
            for piece in _PLACEHOLDER.split(english):
                piece = " ".join(piece.split()).strip(" ,;:")
                if len(_WORD.findall(_plain(piece))) >= 2 and piece not in translated:
                    found[piece] = english
    return found


def test_no_english_sentence_of_ours_is_left_on_a_german_page(
    german_pages: Pages, catalogue: dict[str, Entry]
) -> None:
    sentences = {
        piece: re.compile(rf"(?<!\w){re.escape(piece)}(?!\w)")
        for piece in english_sentences(catalogue)
    }
    left = {
        name: sorted(piece for piece, found in sentences.items() if found.search(page_text(html)))
        for name, html in german_pages.items()
    }
    left = {name: found for name, found in left.items() if found}
    assert not left, "English left on German pages:\n" + "\n".join(
        f"  {name}: {found}" for name, found in left.items()
    )


#: A range of letters ("a–z" in a name's rules) is no word of any language.
_LETTER_RANGE = re.compile(r"\b[A-Za-z]\s*[–-]\s*[A-Za-z]\b")


def _reads_as_english(node: str) -> bool:
    words = [word.lower() for word in _WORD.findall(_LETTER_RANGE.sub(" ", _plain(node)))]
    return len(words) >= 3 and any(word in ENGLISH_LITTLE_WORDS for word in words)


def test_no_unmarked_english_is_left_on_a_german_page(
    german_pages: Pages, catalogue: dict[str, Entry]
) -> None:
    marked = [" ".join(msgid.split()) for entry in catalogue.values() for msgid in
              (entry.msgid, entry.plural) if msgid]  # fmt: skip
    unmarked = {
        name: sorted(
            {
                node
                for node in text_nodes(html)
                if _reads_as_english(node) and not any(node in msgid for msgid in marked)
            }
        )
        for name, html in german_pages.items()
    }
    unmarked = {name: found for name, found in unmarked.items() if found}
    assert not unmarked, "Unmarked English on German pages:\n" + "\n".join(
        f"  {name}: {found}" for name, found in unmarked.items()
    )
