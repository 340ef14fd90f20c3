"""Builds are locked: every dependency has an exact version in requirements/, and the suite
runs on exactly those versions (``make test`` installs them; ``make lock`` refreshes them)."""

from __future__ import annotations

import re
import tomllib
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.\-]*")


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _locked(lock: str) -> dict[str, str]:
    """The exact versions a lock file names, by canonical package name."""
    pins = {}
    for line in (ROOT / "requirements" / lock).read_text().splitlines():
        found = re.match(rf"^({NAME.pattern})==(\S+)", line)
        if found:
            pins[_canonical(found.group(1))] = found.group(2)
    return pins


def _names(requirements: list[str]) -> set[str]:
    names = set()
    for requirement in requirements:
        found = NAME.match(requirement)
        assert found is not None, requirement
        names.add(_canonical(found.group()))
    return names


def test_every_dependency_of_the_project_is_locked() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    runtime = _names(project["dependencies"])
    dev = runtime | _names(project["optional-dependencies"]["dev"])
    assert runtime - set(_locked("run.lock")) == set(), "run make lock"
    assert dev - set(_locked("dev.lock")) == set(), "run make lock"


def test_the_runtime_lock_agrees_with_the_dev_lock() -> None:
    run, dev = _locked("run.lock"), _locked("dev.lock")
    assert {name: dev.get(name) for name in run} == run


def test_the_suite_runs_on_exactly_the_locked_versions() -> None:
    installed = {name: metadata.version(name) for name in _locked("dev.lock")}
    assert installed == _locked("dev.lock")
