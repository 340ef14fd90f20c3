"""Every table an event opens here is dealt from a known deck, so a tie (who goes to the
final, who is placed first) falls the same way on every run."""

from __future__ import annotations

import itertools

import pytest

from games.models import Game


@pytest.fixture(autouse=True)
def dealt_decks(monkeypatch: pytest.MonkeyPatch) -> None:
    """The n-th table created in a test gets seed 1000 + n instead of a random one."""
    seeds = itertools.count(1001)
    field = Game._meta.get_field("seed")
    monkeypatch.setattr(field, "_get_default", lambda: next(seeds))
