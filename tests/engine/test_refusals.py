"""The engine refuses in codes: the list in engine.errors is exactly what its raise sites use."""

from __future__ import annotations

import ast
import pickle
from pathlib import Path

import engine
from engine.errors import CODES, ActionError, IllegalAction

ENGINE = Path(engine.__file__).parent


def codes_used() -> set[str]:
    """Every code the engine can refuse with: the first argument of each IllegalAction or
    InvalidNotation it builds, and each answer of ``undo_refusal``."""
    used: set[str] = set()
    for path in ENGINE.rglob("*.py"):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in {"IllegalAction", "InvalidNotation", "ActionError"}
                and node.args
            ):
                code = node.args[0]
                if isinstance(code, ast.Constant) and isinstance(code.value, str):
                    used.add(code.value)
                else:
                    # Only undo_turn passes a code on: undo_refusal's answer, read below.
                    assert isinstance(code, ast.Name) and code.id == "refusal", path
            if isinstance(node, ast.FunctionDef) and node.name == "undo_refusal":
                for ret in ast.walk(node):
                    answer = ret.value if isinstance(ret, ast.Return) else None
                    if isinstance(answer, ast.Constant) and isinstance(answer.value, str):
                        used.add(answer.value)
    return used


def test_it_lists_every_code_its_raise_sites_use_and_no_other() -> None:
    assert codes_used() == set(CODES)
    assert len(CODES) == len(set(CODES))


def test_a_refusal_is_a_code_with_plain_parameters_and_a_technical_text() -> None:
    refused = IllegalAction("overlap", what="tile", landscape="bog")
    assert refused.code == "overlap" and refused.params == {"what": "tile", "landscape": "bog"}
    assert str(refused) == "overlap(what='tile', landscape='bog')"
    assert isinstance(refused, ActionError)


def test_a_refusal_survives_a_trip_between_processes() -> None:
    refused = IllegalAction("round_not_over", seats=(0, 2))
    again = pickle.loads(pickle.dumps(refused))
    assert type(again) is IllegalAction
    assert (again.code, again.params) == ("round_not_over", {"seats": (0, 2)})
