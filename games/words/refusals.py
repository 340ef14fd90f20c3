"""The words of the engine's refusals: one sentence per code, for the player who tried.

The engine raises :class:`engine.ActionError` with a code and plain parameters
(:data:`engine.errors.CODES`); :data:`REFUSALS` holds the sentence of each, and
:func:`refusal_words` is what every page and view shows.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from django.utils.translation import gettext, ngettext

from engine import ActionError
from engine.errors import Param
from games.words.landscapes import landscape_name, listing

Params = Mapping[str, Param]


def _overlap(p: Params) -> str:
    landscape = landscape_name(str(p["landscape"]))
    if p["what"] == "bonus":
        return gettext("That bonus tile would overlap your %(landscape)s.") % {
            "landscape": landscape
        }
    if p["what"] == "tower":
        return gettext("That tower would overlap your %(landscape)s.") % {"landscape": landscape}
    return gettext("That tile would overlap your %(landscape)s.") % {"landscape": landscape}


def _must_touch(p: Params) -> str:
    if p["what"] == "bonus":
        return gettext("That bonus tile must touch your county.")
    if p["what"] == "tower":
        return gettext("That tower must touch your county.")
    return gettext("That tile must touch your county.")


def _follow_up(p: Params) -> str:
    if p["follow"] == "sheep":
        return gettext("It is not your turn to place a tile; place your sheep first.")
    return gettext("It is not your turn to place a tile; place your bonus tile first.")


def _round_not_over(p: Params) -> str:
    seats = p["seats"]
    assert isinstance(seats, tuple)
    names = listing([str(seat) for seat in seats])
    return ngettext(
        # Translators: seats are numbered from 0, e.g. "seats 0, 1 and 2 have not finished".
        "The round is not over yet: seat %(seats)s has not finished.",
        "The round is not over yet: seats %(seats)s have not finished.",
        len(seats),
    ) % {"seats": names}


def _orientation(p: Params) -> str:
    count = int(str(p["count"]))
    return ngettext(
        "That tile has %(count)d orientation, numbered 0 to %(last)d.",
        "That tile has %(count)d orientations, numbered 0 to %(last)d.",
        count,
    ) % {"count": count, "last": p["last"]}


#: Each refusal code's sentence, built from its parameters in the reader's language.
REFUSALS: dict[str, Callable[[Params], str]] = {
    "not_notation": lambda p: (
        gettext("'%(text)s' is not a move this game understands.") % {"text": p["text"]}
    ),
    "game_over": lambda p: gettext("The game is over."),
    "only_game_ends_round": lambda p: gettext("Only the game itself ends a round."),
    "seat_required": lambda p: (
        # Translators: %(action)s is a move in the game's notation, e.g. "t1 o3 4,-2".
        gettext("A seat must play %(action)s.") % {"action": p["action"]}
    ),
    "no_such_seat": lambda p: (
        gettext("There is no seat %(seat)s in this game.") % {"seat": p["seat"]}
    ),
    "unknown_action": lambda p: (
        gettext("%(action)s is not a move of this game.") % {"action": p["action"]}
    ),
    "towers_phase": lambda p: gettext("The rounds are over; place your towers."),
    "turn_over": lambda p: gettext("Your turn is over for this round; wait for the round to end."),
    "overlap": _overlap,
    "must_touch_county": _must_touch,
    "place_follow_up_first": _follow_up,
    # Translators: the area is the player's part of the wheel, with two slots for tiles.
    "no_such_slot": lambda p: gettext("Your area has slots 0 and 1 only."),
    "empty_slot": lambda p: gettext("That slot of your area is empty."),
    "no_such_orientation": _orientation,
    "no_bonus_pending": lambda p: gettext("You have no bonus tile to place."),
    "sheep_before_bonus": lambda p: gettext("Place your sheep first, then your bonus tile."),
    "no_sheep_pending": lambda p: gettext("You have no sheep to place."),
    "sheep_on_empty_square": lambda p: gettext(
        "A sheep goes on a meadow of your county; that square is empty."
    ),
    "meadow_taken": lambda p: gettext("That meadow already holds a sheep."),
    "not_a_meadow": lambda p: (
        gettext("A sheep goes on an empty meadow, not on your %(landscape)s.")
        % {"landscape": landscape_name(str(p["landscape"]))}
    ),
    "towers_not_yet": lambda p: gettext("Towers are placed at the end of the game."),
    "no_towers_pending": lambda p: gettext("You have no towers to place."),
    "rounds_over": lambda p: gettext(
        "The rounds are over; the game ends when every tower is placed."
    ),
    "round_not_over": _round_not_over,
    "view_cannot_end_round": lambda p: gettext("A player's view of the game cannot end a round."),
    "not_finished": lambda p: gettext(
        "You have not finished your turn, so there is nothing to take back."
    ),
    "nothing_to_take_back": lambda p: gettext(
        "You had nothing to place in this step, so there is nothing to take back."
    ),
    "round_ending": lambda p: gettext(
        "Everyone has finished, so the round is ending and every turn stands."
    ),
}


def refusal_words(error: ActionError) -> str:
    """Why the engine refused, in a sentence for the player who tried.

    >>> from engine import IllegalAction
    >>> refusal_words(IllegalAction("overlap", what="tile", landscape="bog"))
    'That tile would overlap your bog.'
    >>> refusal_words(IllegalAction("round_not_over", seats=(0, 1)))
    'The round is not over yet: seats 0 and 1 have not finished.'
    """
    return REFUSALS[error.code](error.params)
