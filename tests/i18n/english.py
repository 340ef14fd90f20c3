"""The two checks that find English where a person reads another language, for pages, mails and
pushes alike:

- no English sentence of the catalogue (two words or more: each piece between placeholders and
  tags) appears as it is, unless its translation is the same words;
- no run of text of three words or more that reads as English (it has one of a few English
  little words, "the", "your", "to"…) is missing from the catalogue: it was never marked.

Names, numbers and the brand are not words to translate.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest
from django.conf import settings

from tests.i18n.catalogues import Entry, entries, fresh_keys, path_of

#: Words that are English and not German: a run of text with one of them reads as English.
ENGLISH_LITTLE_WORDS = frozenset(
    [
        "the", "your", "you", "you're", "to", "a", "of", "and", "is", "are", "for", "this",
        "that", "with", "not", "has", "have", "be", "it", "it's", "from", "by", "who", "what",
        "when", "there", "their", "they", "can't", "don't", "isn't", "won't", "or", "on", "at",
        "my", "we", "our", "its", "any", "been", "yet", "here",
    ]
)  # fmt: skip
#: Never translated: the brand, the people of the tests' worlds, their events' names, addresses.
NOT_WORDS = re.compile(
    r"https?://\S+"
    r"|\b(Tipperary|Aoife|Brendan|Eimear|Ciara|Dieter|Francine|Crawl Cup|Spring Swiss)\b"
    r"|\b[EP]\d\d\b|\d+([.:,/-]\d+)*",
    re.IGNORECASE,
)
_PLACEHOLDER = re.compile(r"%\(\w+\)[sdif]|%[sdif]|\{\w*\}|<[^>]+>|\s·\s")
_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")
#: A range of letters ("a–z" in a name's rules) is no word of any language.
_LETTER_RANGE = re.compile(r"\b[A-Za-z]\s*[–-]\s*[A-Za-z]\b")

Found = dict[str, list[str]]

_MONTH = r"(Jan|Feb|März|Apr|Mai|Juni|Juli|Aug|Sep|Sept|Okt|Nov|Dez)"
#: A German day with its month ("2. Dez. 2026", "2. Dezember"), as Django writes it in German,
#: and a day in another language's order (no full stop after the day: "2 Dez").
GERMAN_DAY = re.compile(rf"\b\d{{1,2}}\. {_MONTH}\w*\.?")
FOREIGN_DAY = re.compile(rf"\b\d{{1,2}} {_MONTH}\w*\b")


def _plain(text: str) -> str:
    return " ".join(NOT_WORDS.sub(" ", text).split())


def english_sentences(catalogue: Mapping[str, Entry]) -> dict[str, str]:
    """Each piece of an English text of two words or more, by the text it comes from, unless
    the translation is the same words."""
    found: dict[str, str] = {}
    for entry in catalogue.values():
        translated = " ".join(entry.translations)
        for english in filter(None, (entry.msgid, entry.plural)):
            for piece in _PLACEHOLDER.split(english):
                piece = " ".join(piece.split()).strip(" ,;:")
                if len(_WORD.findall(_plain(piece))) >= 2 and piece not in translated:
                    found[piece] = english
    return found


def sentences_left(texts: Mapping[str, str], catalogue: Mapping[str, Entry]) -> Found:
    """The catalogue's English sentences found in each text (one line of what a person reads),
    by the text's name; only the texts with some."""
    sentences = {
        piece: re.compile(rf"(?<!\w){re.escape(piece)}(?!\w)")
        for piece in english_sentences(catalogue)
    }
    left = {
        name: sorted(piece for piece, found in sentences.items() if found.search(text))
        for name, text in texts.items()
    }
    return {name: found for name, found in left.items() if found}


def reads_as_english(node: str) -> bool:
    words = [word.lower() for word in _WORD.findall(_LETTER_RANGE.sub(" ", _plain(node)))]
    return len(words) >= 3 and any(word in ENGLISH_LITTLE_WORDS for word in words)


def unmarked_left(nodes: Mapping[str, Iterable[str]], catalogue: Mapping[str, Entry]) -> Found:
    """The runs of text of each text's ``nodes`` that read as English and are in no message of
    the catalogue, by the text's name; only the texts with some."""
    marked = [" ".join(msgid.split()) for entry in catalogue.values() for msgid in
              (entry.msgid, entry.plural) if msgid]  # fmt: skip

    def unmarked(node: str) -> bool:
        return reads_as_english(node) and not any(node in msgid for msgid in marked)

    left = {name: sorted({n for n in found if unmarked(n)}) for name, found in nodes.items()}
    return {name: found for name, found in left.items() if found}


def report(title: str, found: Found) -> str:
    return f"{title}:\n" + "\n".join(f"  {name}: {pieces}" for name, pieces in found.items())


def catalogue_for(language: str, scratch: Path) -> dict[str, Entry]:
    """The ``language`` catalogue's entries by English text; without one, what makemessages
    would put in it (all untranslated; ``scratch`` takes the fresh catalogue)."""
    po = path_of(language, "django")
    if po.exists():
        return {entry.msgid: entry for entry in entries(po).values()}
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(settings.BASE_DIR)
        keys = fresh_keys(scratch)["django"]
    return {msgid: Entry(context, msgid, "", ("",)) for context, msgid in keys}
