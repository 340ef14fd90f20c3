"""The engine is pure: no Django, no I/O, no clock, no global random. Its doctests run with
every package's (``--doctest-modules``, see tests/site/test_collection.py)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import engine

ENGINE_DIR = Path(engine.__file__).parent


def test_importing_the_engine_does_not_import_django() -> None:
    code = (
        "import sys, engine; assert 'django' not in sys.modules, 'django'; print(len(engine.TILES))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=ENGINE_DIR.parent,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "60"


@pytest.mark.parametrize("path", sorted(ENGINE_DIR.glob("*.py")), ids=lambda p: p.name)
def test_engine_sources_stay_pure(path: Path) -> None:
    """Only stdlib; no clock, files, environment or module-level random calls.

    The simulation program (``python -m engine.simulate``) is the one exception: it times its
    games, prints its table and writes its dump file, and nothing in the engine imports it.
    """
    text = path.read_text()
    program = path.name == "simulate.py"
    for forbidden in (
        r"^\s*(import|from)\s+(django|os|datetime|pathlib|io|socket|requests)\b",
        *(() if program else (r"^\s*(import|from)\s+time\b",)),
        r"\brandom\.(random|randint|randrange|choice|shuffle|sample|seed)\(",
        *(() if program else (r"\bopen\(", r"\bprint\(")),
    ):
        assert not re.search(forbidden, text, re.MULTILINE), (path.name, forbidden)
    assert len(text.splitlines()) < 600, path.name


def test_every_public_function_has_a_docstring() -> None:
    for name in engine.__all__:
        obj = getattr(engine, name)
        if callable(obj) and not isinstance(obj, type(int | str)):
            assert getattr(obj, "__doc__", None), name
