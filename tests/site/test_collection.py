"""What ``make test`` collects: every example written in a docstring of the site's packages, and
every test that starts a real worker marked ``worker``."""

from __future__ import annotations

import ast
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from django.conf import settings

BASE_DIR = Path(settings.BASE_DIR)
PACKAGES = ("engine", "games", "accounts", "tipperary_site")
Docstringed = ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef


def _collect(*args: str) -> list[str]:
    """The ids ``pytest --collect-only`` lists, run as ``make test`` runs it (same options)."""
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", *args],
        cwd=BASE_DIR, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    return [line for line in done.stdout.splitlines() if "::" in line]


def _docstrings_with_examples(path: Path) -> int:
    """How many docstrings of the file (module, classes, functions, at any depth) hold ``>>>``."""
    tree = ast.parse(path.read_text())
    nodes = [node for node in ast.walk(tree) if isinstance(node, Docstringed)]
    return sum(">>>" in (ast.get_docstring(node) or "") for node in nodes)


def test_it_collects_the_packages_with_their_docstrings(pytestconfig: pytest.Config) -> None:
    assert set(PACKAGES) <= set(pytestconfig.getini("testpaths"))
    assert pytestconfig.getoption("doctestmodules")


def test_every_docstring_example_is_collected_and_nothing_of_the_migrations() -> None:
    written = Counter(
        {
            str(path.relative_to(BASE_DIR)): count
            for package in PACKAGES
            for path in (BASE_DIR / package).rglob("*.py")
            if "migrations" not in path.parts and (count := _docstrings_with_examples(path))
        }
    )
    collected = Counter(item.split("::")[0] for item in _collect(*PACKAGES))
    assert collected == written
    assert sum(collected.values()) >= 100


def test_a_test_that_starts_a_worker_is_marked_worker_by_its_fixture() -> None:
    marked = _collect(
        "-m", "worker", "tests/site/test_request_id.py", "tests/faults/test_worker_killed.py"
    )
    assert marked == [
        "tests/site/test_request_id.py::"
        "test_the_worker_logs_a_task_under_the_id_of_the_request_that_sent_it",
        "tests/faults/test_worker_killed.py::"
        "test_a_worker_killed_mid_advance_leaves_nothing_and_the_sweep_ends_the_round_once",
    ]
