"""Each setting the site reads has its default in one place, tipperary_site/settings.py (or
Django's own defaults), and is read as ``settings.X``, never with a second default beside it."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from django.conf import global_settings
from django.conf import settings as django_settings

from tipperary_site import settings as site_settings

BASE_DIR = Path(django_settings.BASE_DIR)
PACKAGES = ("engine", "games", "accounts", "tipperary_site")


def _sources() -> Iterator[tuple[str, ast.AST]]:
    for package in PACKAGES:
        for path in sorted((BASE_DIR / package).rglob("*.py")):
            if "migrations" not in path.parts:
                yield str(path.relative_to(BASE_DIR)), ast.parse(path.read_text())


def _is_settings(node: ast.AST) -> bool:
    return isinstance(node, ast.Name) and node.id == "settings"


def test_no_setting_is_read_with_a_default_of_its_own() -> None:
    second_defaults = [
        f"{path}:{node.lineno}"
        for path, tree in _sources()
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "getattr"
        and node.args
        and _is_settings(node.args[0])
    ]
    assert second_defaults == []


def test_every_setting_read_is_defined_in_the_settings_module_or_by_django() -> None:
    read = {
        (node.attr, path)
        for path, tree in _sources()
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and _is_settings(node.value) and node.attr.isupper()
    }
    undefined = sorted(
        f"{name} ({path})"
        for name, path in read
        if not hasattr(site_settings, name) and not hasattr(global_settings, name)
    )
    assert read and undefined == []
