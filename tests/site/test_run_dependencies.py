"""``make run`` installs only ``requirements/run.lock``: the site's code must import nothing else.

A module of a development tool (a type stub's helper, a test library) imported by the site's
code works under ``make test``, which installs the development lock, and breaks ``make run`` on a
fresh machine. Imports only a type checker reads (under ``if TYPE_CHECKING:``) are fine.
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterator
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SITE_PACKAGES = ("tipperary_site", "games", "accounts", "engine")
FIRST_PARTY = {*SITE_PACKAGES, "tests"}
#: Modules of an optional extra of pyproject.toml, imported only when its setting asks for it.
OPTIONAL = {"sentry_sdk"}  # the [sentry] extra, with SENTRY_DSN set (tipperary_site/settings.py)


def _locked(lock: Path) -> set[str]:
    """The distributions a lock file pins, by their normalized names."""
    names = re.findall(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==", lock.read_text(), flags=re.M)
    return {_normal(name) for name in names}


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _runtime_imports(tree: ast.AST) -> Iterator[str]:
    """The top-level names of the modules ``tree`` imports when it runs."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and _is_type_checking(node):
            yield from (name for child in node.orelse for name in _runtime_imports(child))
            continue
        if isinstance(node, ast.Import):
            yield from (alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module.split(".")[0]
        else:
            yield from _runtime_imports(node)


def test_the_site_imports_only_what_make_run_installs() -> None:
    locked = _locked(ROOT / "requirements" / "run.lock")
    distributions = packages_distributions()
    missing: dict[str, set[str]] = {}
    for package in SITE_PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            for module in set(_runtime_imports(ast.parse(path.read_text()))):
                if module in FIRST_PARTY | OPTIONAL or module in sys.stdlib_module_names:
                    continue
                providers = {_normal(d) for d in distributions.get(module, [])}
                if not providers & locked:
                    missing.setdefault(module, set()).add(str(path.relative_to(ROOT)))
    assert not missing, f"imported by the site but not in requirements/run.lock: {missing}"


def test_it_sees_an_import_that_only_the_development_lock_has() -> None:
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from django_stubs_ext import StrOrPromise\n"
        "def f():\n    import pytest\n"
    )
    assert set(_runtime_imports(tree)) == {"typing", "pytest"}
    assert "django-stubs-ext" not in _locked(ROOT / "requirements" / "run.lock")
