"""What the engine raises when it will not take an action.

Both kinds of refusal share :class:`ActionError`, so a caller that only needs to refuse and
show the reason catches that one class; each message is written for the player who tried.

>>> from engine import parse_action
>>> try:
...     parse_action("place it anywhere")
... except ActionError as refused:
...     error = refused
>>> type(error).__name__, str(error)
('InvalidNotation', "'place it anywhere' is not a move this game understands.")
"""

from __future__ import annotations


class ActionError(ValueError):
    """An action the engine will not take; nothing changed, and the message says why."""


class InvalidNotation(ActionError):
    """Text that is not the notation of any action (:mod:`engine.actions`)."""


class IllegalAction(ActionError):
    """A readable action the rules refuse in this state: "that tile would overlap …"."""
