"""Roles for the ratings tests: Aoife, Brendan and Ciara (the suite's host, player and
outsider) and a fourth person, Declan."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from tests.conftest import make_person
from tests.games.conftest import started  # noqa: F401  (Aoife and Brendan's table in round 1)


@pytest.fixture
def declan(db: None) -> User:
    return make_person("Declan")
