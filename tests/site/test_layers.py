"""The layers written in pyproject.toml hold, cover every module, and catch a wrong import.

`make lint` runs the contracts on the tree; these tests show that the contracts can fail: the
same check on a copy of the tree with one import against the layers is broken and says where."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[2]
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
PACKAGES = CONFIG["root_packages"]
LINT = Path(sys.executable).parent / "lint-imports"


def _layered_modules() -> list[str]:
    layers = CONFIG["contracts"][0]["layers"]
    return [name.strip() for layer in layers for name in layer.split(":")]


def _lint(tree: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(LINT), "--no-cache", "--config", str(tree / "pyproject.toml")],
        cwd=tree, capture_output=True, text=True, env={"PYTHONPATH": str(tree)}, check=False,
    )  # fmt: skip


def test_every_module_of_the_site_sits_in_a_layer() -> None:
    """A new module must be given its place, or the layers say nothing about it."""
    sys.path.insert(0, str(ROOT))
    try:
        graph = grimp.build_graph(*PACKAGES, cache_dir=None)
    finally:
        sys.path.remove(str(ROOT))
    layered = _layered_modules()

    def placed(module: str) -> bool:
        return any(module == name or module.startswith(name + ".") for name in layered)

    # A package split over several layers (games.ratings: its views, pages and service) is
    # only its docstring; the same goes for the root packages and migrations.
    unplaced = {
        module
        for module in graph.modules
        if not placed(module)
        and not any(name.startswith(module + ".") for name in layered)
        and ".migrations" not in module
    }
    assert unplaced == set()


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the site's packages and pyproject.toml, to break on purpose."""
    copy = tmp_path_factory.mktemp("tree")
    for package in PACKAGES:
        shutil.copytree(
            ROOT / package, copy / package, ignore=shutil.ignore_patterns("__pycache__")
        )
    shutil.copy(ROOT / "pyproject.toml", copy / "pyproject.toml")
    return copy


def test_the_tree_keeps_its_layers(tree: Path) -> None:
    linted = _lint(tree)
    assert linted.returncode == 0, linted.stdout + linted.stderr
    assert "Contracts: 2 kept, 0 broken." in linted.stdout


@pytest.mark.parametrize(
    ("lower", "higher"),
    [
        ("engine/rules.py", "games.models"),  # the rules know nothing of the site
        ("games/models/table.py", "games.services.record"),  # a model calling a service
        ("games/services/record.py", "games.page.model"),  # a writer drawing a page
        ("accounts/models.py", "games.waiting"),  # accounts reaching into games
    ],
)
def test_an_import_against_the_layers_breaks_the_contract(
    tree: Path, lower: str, higher: str
) -> None:
    module = tree / lower
    original = module.read_text()
    module.write_text(original + f"\nimport {higher}  # noqa\n")
    try:
        linted = _lint(tree)
    finally:
        module.write_text(original)
    assert linted.returncode == 1
    importer = lower.removesuffix(".py").replace("/", ".")
    assert f"{importer} -> {higher}" in linted.stdout
