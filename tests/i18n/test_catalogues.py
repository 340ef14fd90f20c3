"""Every catalogue is complete and current: each string marked in the code is translated into
each language, with nothing left fuzzy, and no catalogue lacks a string marked since.

Fails until the catalogues are in tipperary_site/locale; ``make messages`` brings them up to
date with the code, then the new entries need their translations (README "Languages").
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from django.conf import settings

from tests.i18n.catalogues import DOMAINS, TRANSLATED, Key, entries, fresh_keys, path_of, statistics


@pytest.fixture(scope="module")
def marked(tmp_path_factory: pytest.TempPathFactory) -> dict[str, set[Key]]:
    """What makemessages finds marked now, by domain (one run for the module: it is slow)."""
    out = tmp_path_factory.mktemp("fresh-catalogues")
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(settings.BASE_DIR)
        return fresh_keys(out)


def _show(keys: set[Key]) -> str:
    return "; ".join(
        f"{msgid!r}" + (f" ({context})" if context else "")
        for context, msgid in sorted(keys, key=lambda key: key[1])
    )[:2000]


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("language", TRANSLATED)
def test_it_translates_every_string(
    language: str, domain: str, marked: dict[str, set[Key]]
) -> None:
    po = path_of(language, domain)
    if not po.exists():
        assert not marked[domain], (
            f"{po.relative_to(settings.BASE_DIR)} is missing: "
            f"{len(marked[domain])} strings are marked in the {domain} domain (make messages)"
        )
        return
    counts = statistics(po)
    assert counts == {**counts, "fuzzy": 0, "untranslated": 0, "errors": 0}, (
        f"{po.relative_to(settings.BASE_DIR)}: {counts['untranslated']} untranslated, "
        f"{counts['fuzzy']} fuzzy, {counts['translated']} translated"
        + (", and msgfmt --check refuses it" if counts["errors"] else "")
    )


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("language", TRANSLATED)
def test_it_holds_exactly_the_strings_marked_now(
    language: str, domain: str, marked: dict[str, set[Key]]
) -> None:
    po = path_of(language, domain)
    held = set(entries(po)) if po.exists() else set()
    missing, stale = marked[domain] - held, held - marked[domain]
    where = Path(po).relative_to(settings.BASE_DIR)
    assert not missing, (
        f"{where} lacks {len(missing)} marked strings (make messages): {_show(missing)}"
    )
    assert not stale, (
        f"{where} holds {len(stale)} strings no longer marked (make messages): {_show(stale)}"
    )


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("language", TRANSLATED)
def test_it_keeps_no_translation_of_a_string_gone_from_the_code(language: str, domain: str) -> None:
    # makemessages keeps the translation of a string it no longer finds as obsolete ("#~"): a
    # string still shown but no longer found (asked for inside an f-string, say) shows in
    # English, and one really gone should leave the catalogue.
    po = path_of(language, domain)
    obsolete = [line for line in po.read_text().splitlines() if line.startswith("#~ msgid")]
    assert not obsolete, f"{po.relative_to(settings.BASE_DIR)}: {obsolete[:5]}"


def _asked_inside_f_strings(source: str) -> list[str]:
    """The words of ``source`` asked for in a call inside an f-string."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.JoinedStr):
            continue
        for call in ast.walk(node):
            if isinstance(call, ast.Call) and call.args:
                name = getattr(call.func, "id", getattr(call.func, "attr", ""))
                if name in ASKING and isinstance(call.args[0], ast.Constant):
                    found.append(f"{name}({call.args[0].value!r}) line {call.lineno}")
    return found


ASKING = {"gettext", "pgettext", "ngettext", "npgettext", "_", "gettext_lazy", "pgettext_lazy"}


def test_no_word_is_asked_for_inside_an_f_string() -> None:
    # xgettext reads no call inside an f-string: such a word is never in the catalogues.
    assert _asked_inside_f_strings("f\"<b>{gettext('Send')}</b>\"") == ["gettext('Send') line 1"]
    base = Path(settings.BASE_DIR)
    found = {
        str(path.relative_to(base)): words
        for app in ("games", "accounts", "tipperary_site", "engine")
        for path in (base / app).rglob("*.py")
        if (words := _asked_inside_f_strings(path.read_text()))
    }
    assert not found
