"""The review tests use the games tests' roles and tables."""

from tests.games.conftest import started  # noqa: F401
