"""What the engine raises when it will not take an action.

Both kinds of refusal share :class:`ActionError`, so a caller that only needs to refuse and
show the reason catches that one class. A refusal is a code and its parameters, never a
sentence: the site owns the words, in every language (STYLE rule 16). ``str()`` is a technical
form for logs and tests, not for players.

>>> from engine import parse_action
>>> try:
...     parse_action("place it anywhere")
... except ActionError as refused:
...     error = refused
>>> type(error).__name__, error.code, error.params
('InvalidNotation', 'not_notation', {'text': 'place it anywhere'})
>>> str(error)
"not_notation(text='place it anywhere')"
"""

from __future__ import annotations

# Every refusal the engine can raise, with the parameters it carries (pieces are PendingKind
# values, landscapes Landscape values). A test compares this with the raise sites.
CODES: tuple[str, ...] = (
    "not_notation",  # text: what was read
    "game_over",
    "only_game_ends_round",
    "seat_required",  # action: its notation
    "no_such_seat",  # seat
    "unknown_action",  # action: its repr
    "towers_phase",
    "turn_over",
    "overlap",  # what: the piece, landscape: the square it would cover
    "must_touch_county",  # what: the piece
    "place_follow_up_first",  # follow: "sheep" or "bonus"
    "no_such_slot",
    "empty_slot",
    "no_such_orientation",  # count, last
    "no_bonus_pending",
    "sheep_before_bonus",
    "no_sheep_pending",
    "sheep_on_empty_square",
    "meadow_taken",
    "not_a_meadow",  # landscape
    "towers_not_yet",
    "no_towers_pending",
    "rounds_over",
    "round_not_over",  # seats: the seats still playing, a tuple of ints
    "view_cannot_end_round",
    "not_finished",
    "nothing_to_take_back",
    "round_ending",
)

Param = int | str | tuple[int, ...]


class ActionError(ValueError):
    """An action the engine will not take; nothing changed. ``code`` says why, ``params`` the
    details (plain values), and the site turns both into words."""

    def __init__(self, code: str, **params: Param) -> None:
        super().__init__(code, params)
        self.code = code
        self.params = params

    def __str__(self) -> str:
        args = ", ".join(f"{name}={value!r}" for name, value in self.params.items())
        return f"{self.code}({args})"

    def __reduce__(self) -> tuple[object, ...]:
        # Rebuilt by code and parameters, so a refusal crosses a process (Celery) whole.
        return (_remake, (type(self), self.code, self.params))


class InvalidNotation(ActionError):
    """Text that is not the notation of any action (:mod:`engine.actions`)."""


class IllegalAction(ActionError):
    """A readable action the rules refuse in this state: ``overlap(what='tile', …)``."""


def _remake(kind: type[ActionError], code: str, params: dict[str, Param]) -> ActionError:
    return kind(code, **params)
