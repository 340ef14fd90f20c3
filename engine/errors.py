"""The one exception the rules raise."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules refuse; the message is written for the player who tried it."""
