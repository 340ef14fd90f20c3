"""The translation catalogues as the tests read them: where they are, what they hold, and what
``makemessages`` would put in them now.

A catalogue is ``tipperary_site/locale/<language>/LC_MESSAGES/<domain>.po``. An entry is named
by its context and its English text (``msgctxt``, ``msgid``); obsolete entries (``#~``) and the
header are not entries.
"""

from __future__ import annotations

import ast
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.test import override_settings

LOCALE = Path(settings.LOCALE_PATHS[0])
#: The languages translated from English, and the two domains (templates and Python; scripts).
TRANSLATED = tuple(code for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE)
DOMAINS = ("django", "djangojs")
#: Where ``make messages`` does not look (the Makefile's I18N_SKIP).
IGNORED = (".venv", "var", "tests", "node_modules")
# Seen by makemessages, the real catalogues' folder would take the strings of the files beside it
# (tipperary_site/): the fresh run leaves it alone.
_FRESH_IGNORED = (*IGNORED, "locale")

Key = tuple[str, str]  # (context, English text)


@dataclass(frozen=True)
class Entry:
    context: str
    msgid: str
    plural: str
    translations: tuple[str, ...]


def path_of(language: str, domain: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{domain}.po"


def entries(po: Path) -> dict[Key, Entry]:
    """The live entries of the catalogue at ``po`` (entries are separated by blank lines, as
    gettext's tools write them)."""
    found: dict[Key, Entry] = {}
    fields: dict[str, str] = {}
    last = ""

    def close() -> None:
        if fields.get("msgid"):
            entry = Entry(
                fields.get("msgctxt", ""),
                fields["msgid"],
                fields.get("msgid_plural", ""),
                tuple(v for k, v in sorted(fields.items()) if k.startswith("msgstr")),
            )
            found[(entry.context, entry.msgid)] = entry
        fields.clear()

    for line in po.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line:
            close()
        elif line.startswith("#"):  # comments, flags and obsolete (#~) entries
            continue
        elif line.startswith('"'):
            fields[last] += ast.literal_eval(line)
        else:
            last, _, text = line.partition(" ")
            fields[last] = ast.literal_eval(text)
    close()
    return found


_STATISTICS = re.compile(r"(\d+) (translated|fuzzy|untranslated)")


def statistics(po: Path) -> dict[str, int]:
    """``msgfmt --check --statistics``: counts of translated, fuzzy and untranslated messages,
    and ``errors`` (1 when msgfmt refuses the file; its words are under ``output``)."""
    done = subprocess.run(
        ["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(po)],
        capture_output=True,
        text=True,
        check=False,
    )
    counts = {"translated": 0, "fuzzy": 0, "untranslated": 0, "errors": int(done.returncode != 0)}
    for number, kind in _STATISTICS.findall(done.stderr):
        counts[kind] = int(number)
    return counts


def fresh_keys(out: Path) -> dict[str, set[Key]]:
    """What ``makemessages`` would put in each domain's catalogue now (into ``out``, not the
    real catalogues), by domain; a domain with nothing marked is empty."""
    keys: dict[str, set[Key]] = {}
    with override_settings(LOCALE_PATHS=[out]):
        for domain in DOMAINS:
            call_command(
                "makemessages",
                locale=["de"],
                domain=domain,
                ignore_patterns=list(_FRESH_IGNORED),
                no_wrap=True,
                add_location="never",
                verbosity=0,
            )
            po = out / "de" / "LC_MESSAGES" / f"{domain}.po"
            keys[domain] = set(entries(po)) if po.exists() else set()
    return keys
