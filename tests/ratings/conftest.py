"""Roles for the ratings tests: Aoife, Brendan and Ciara (the suite's host, player and
outsider) and a fourth person, Declan."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from tests.conftest import make_person


@pytest.fixture
def declan(db: None) -> User:
    return make_person("Declan")
