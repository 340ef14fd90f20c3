"""The tutorial's lessons: one idea a round, the spot each suggests, and what a move did.

Each lesson has a ``focus``, what it teaches to gain: a score category of R6.2, or bonus tiles
drawn, or towers earned. The suggested spot is a good move that shows the idea: among the
placements the ``hard`` bot values within :data:`SLACK` points of its best (so following the
lessons plays a sound game, not one that chases a single idea), the one that gains most of the
focus now, then the one the bot values most. Its ties are broken by a fixed generator, so the
same position always suggests the same spot. What a move did is told against the suggestion,
in the same terms.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

import engine
from engine.bots.outlook import Outlook
from engine.bots.strong import StrongBot

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

#: how far below the hard bot's best a suggestion may be valued, in points
SLACK = 3.0
_JUDGE = StrongBot("tutorial", shortlist=16)


@dataclass(frozen=True)
class Lesson:
    title: StrOrPromise
    text: StrOrPromise
    focus: str
    rule: str


# The twelve lessons, one a round, read by a new player beside the board.
LESSONS: tuple[Lesson, ...] = (
    Lesson(
        # Translators: the tutorial's first lesson's title. Each lesson is a title and a text read
        # by a new player beside the board; "tile", "county", "wheel", "hometown", "flock"... are
        # the game's terms: use the published edition's words.
        gettext_lazy("Where a tile may go"),
        gettext_lazy(
            "Each round you take one of the two tiles in your area of the wheel and add it to "
            "your county. It must touch what is already there along an edge and may not overlap "
            "it; you may turn and mirror it, and leave gaps. Pick a tile, move it with the "
            "arrows or by clicking a square, and place it."
        ),
        "total",
        "R3",
    ),
    Lesson(
        gettext_lazy("The rectangle"),
        gettext_lazy(
            "At the end, the largest rectangle of your county with every square filled scores "
            "one point a square. Tiles that square off your hometown grow it; tiles that stick "
            "out do not (yet)."
        ),
        "area",
        "R6.2",
    ),
    Lesson(
        gettext_lazy("Meadows, pastures and sheep"),
        gettext_lazy(
            "A pasture shows a sheep. Sheep you gain go on empty meadows, which then count as "
            "pasture. Your largest flock, the most sheep joined edge to edge, scores a point a "
            "sheep."
        ),
        "flock",
        "R5.3",
    ),
    Lesson(
        gettext_lazy("Grain, distilleries and whiskey"),
        gettext_lazy(
            "Every new pair of a grain field and a distillery side by side moves your barrel one "
            "step along the whiskey track, which scores more the further it goes, and steps 3, "
            "6 and 9 give a sheep."
        ),
        "whiskey",
        "R5.1",
    ),
    Lesson(
        gettext_lazy("Stone circles"),
        gettext_lazy(
            "A stone circle scores its printed value, 1 to 4, at the end, wherever it lies. An "
            "easy few points: they need no neighbours."
        ),
        "stones",
        "R5.6",
    ),
    Lesson(
        gettext_lazy("Bogs and bonus tiles"),
        gettext_lazy(
            "Two or more bogs joined edge to edge make a protected site. Forming a new one draws "
            "a bonus tile, a single square you place at once, which can fill a hole in your "
            "rectangle."
        ),
        "bonus",
        "R5.2",
    ),
    Lesson(
        gettext_lazy("Ruins and towers"),
        gettext_lazy(
            "Every straight run of three ruins in a row or a column earns a tower at the end of "
            "the game: a single square you place anywhere it fits, ideally in a hole of your "
            "rectangle."
        ),
        "towers",
        "R5.5",
    ),
    Lesson(
        gettext_lazy("The Largest Flock marker"),
        gettext_lazy(
            "After every round, the player whose largest flock is strictly the biggest takes "
            "the Largest Flock marker, worth 5 points at the end. Keep your pastures together."
        ),
        "flock",
        "R5.4",
    ),
    Lesson(
        gettext_lazy("Around the hometown"),
        gettext_lazy(
            "Fill every square around your hometown, corners included, and the exploration "
            "bonus adds 5 points at the end."
        ),
        "exploration",
        "R6.2",
    ),
    Lesson(
        gettext_lazy("Keep the rectangle growing"),
        gettext_lazy(
            "Late in the game the rectangle is usually the biggest score. Fill its holes and "
            "square off its edges before you start anything new."
        ),
        "area",
        "R6.2",
    ),
    Lesson(
        gettext_lazy("Everything at once"),
        gettext_lazy(
            "Now weigh it all: the rectangle, the flock, whiskey and stone circles. The "
            "suggested spot is the one that adds the most points now."
        ),
        "total",
        "R6.2",
    ),
    Lesson(
        gettext_lazy("The last tile, and the final count"),
        gettext_lazy(
            "This is the last round. After it, towers are placed and every category is counted: "
            "the rectangle, the largest flock, the marker, whiskey, stone circles and the "
            "exploration bonus. The highest total wins."
        ),
        "total",
        "R6",
    ),
)


def gain_words(focus: str, gain: int) -> str:
    """A lesson's focus gained, as a quantity in words: "+2 sheep in your largest flock".

    >>> gain_words("bonus", 1), gain_words("total", -3)
    ('+1 bonus tile', '-3 points now')
    """
    n, count = abs(gain), f"{gain:+d}"
    if focus == "total":
        # Translators: what a tile gained in the tutorial; %(count)s is signed: "+2", "-1", "+0".
        words = ngettext("%(count)s point now", "%(count)s points now", n)
    elif focus == "area":
        words = ngettext("%(count)s square of rectangle", "%(count)s squares of rectangle", n)
    elif focus == "flock":
        words = ngettext(
            "%(count)s sheep in your largest flock", "%(count)s sheep in your largest flock", n
        )
    elif focus == "whiskey":
        words = ngettext("%(count)s whiskey point", "%(count)s whiskey points", n)
    elif focus == "stones":
        words = ngettext("%(count)s stone-circle point", "%(count)s stone-circle points", n)
    elif focus == "bonus":
        words = ngettext("%(count)s bonus tile", "%(count)s bonus tiles", n)
    elif focus == "towers":
        words = ngettext("%(count)s tower earned", "%(count)s towers earned", n)
    elif focus == "exploration":
        words = ngettext("%(count)s exploration point", "%(count)s exploration points", n)
    else:
        raise ValueError(f"no lesson has the focus {focus!r}")
    return words % {"count": count}


def lesson_of(round_: int) -> Lesson:
    """The lesson of a round (1-based); rounds past the last repeat it.

    >>> str(lesson_of(1).title), lesson_of(12).focus
    ('Where a tile may go', 'total')
    """
    return LESSONS[min(max(round_, 1), len(LESSONS)) - 1]


def gained(before: engine.GameState, action: engine.Action, seat: int, focus: str) -> int:
    """How much of ``focus`` placing ``action`` gains at once (follow-ups not yet placed)."""
    after, events = engine.apply(before, seat, action)
    if focus == "bonus":
        return sum(e.count for e in events if isinstance(e, engine.BogSiteFormed))
    if focus == "towers":
        cells_after = after.seats[seat].display.cells
        return engine.towers_earned(cells_after) - engine.towers_earned(
            before.seats[seat].display.cells
        )
    now, then = engine.score(after, seat), engine.score(before, seat)
    if focus == "flock":
        return (now.flock + now.marker) - (then.flock + then.marker)
    return int(getattr(now, focus)) - int(getattr(then, focus))


def suggest(state: engine.GameState, seat: int, focus: str) -> engine.PlaceTile | None:
    """The placement the lesson suggests (see the module docstring); None with no tile to
    place."""
    if engine.pending(state, seat).kind is not engine.PendingKind.TILE:
        return None
    outlook = Outlook(state, seat, _JUDGE.weights)
    ranked = _JUDGE.ranked(state, seat, random.Random(f"tutorial:{seed_of(state, seat)}"), outlook)
    good = [c for c in ranked if c.value >= ranked[0].value - SLACK]
    chosen = max(good, key=lambda c: (gained(state, c.action, seat, focus), c.value))
    assert isinstance(chosen.action, engine.PlaceTile)
    return chosen.action


def seed_of(state: engine.GameState, seat: int) -> str:
    """What a suggestion's generator is seeded with: the round and the seat's display, so the
    same position gets the same suggestion (a view has no seed of its own)."""
    return f"{state.round}:{sorted(state.seats[seat].display.cells)}"


def what_it_did(before: engine.GameState, made: engine.Action, seat: int, focus: str) -> str:
    """The sentence that tells a lesson's move against its suggestion."""
    suggested = suggest(before, seat, focus)
    mine = gained(before, made, seat, focus)
    if suggested is None or suggested == made:
        return _("You placed your tile on the suggested spot: it gave %(gain)s.") % {
            "gain": gain_words(focus, mine)
        }
    theirs = gained(before, suggested, seat, focus)
    if focus == "total" and mine < theirs:
        return _(
            "You chose your own spot: it gave %(gain)s; the suggested spot would have given "
            "%(suggested)s."
        ) % {"gain": gain_words(focus, mine), "suggested": f"{theirs:+d}"}
    if mine >= theirs:
        return _(
            "You chose your own spot, and a good one: it gave %(gain)s, as much as the "
            "suggested spot (%(suggested)s)."
        ) % {"gain": gain_words(focus, mine), "suggested": f"{theirs:+d}"}
    total_mine = gained(before, made, seat, "total")
    total_theirs = gained(before, suggested, seat, "total")
    return _(
        "You chose your own spot: it gave %(gain)s (%(points)s); the suggested spot would have "
        "given %(suggested_gain)s (%(suggested_points)s)."
    ) % {
        "gain": gain_words(focus, mine),
        "points": gain_words("total", total_mine),
        "suggested_gain": gain_words(focus, theirs),
        "suggested_points": gain_words("total", total_theirs),
    }
