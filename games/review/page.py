"""What the review shows: per round, each decision with what it cost against the expert's
choice (the biggest losses first), one accuracy for the game, and on the replay the expert's
spot as a ghost beside the piece that was placed."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING

from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

import engine
from engine import Coord
from games.access import TableAccess
from games.history.moves import Position, tell_game
from games.models import Review, ReviewedDecision, ReviewStatus, Seat, SeatKind
from games.page.county import CountyGrid, OverlaySquare, county_grid, tile_overlay
from games.page.move_words import tell

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

#: why the expert's choice promises more, by the score category it gains most in: the verdict
#: on a decision, "−6.2 points: the expert keeps ..."
REASONS: Mapping[str, StrOrPromise] = {
    # Translators: a verdict in the expert's review; %(loss)s is a decimal number like 6.2.
    "area": gettext_lazy("−%(loss)s points: the expert keeps a larger filled rectangle."),
    "flock": gettext_lazy("−%(loss)s points: the expert grows a larger flock."),
    "marker": gettext_lazy("−%(loss)s points: the expert keeps the Largest Flock marker in reach."),
    "whiskey": gettext_lazy("−%(loss)s points: the expert pours more whiskey."),
    "stones": gettext_lazy("−%(loss)s points: the expert gathers more stone circles."),
    "exploration": gettext_lazy(
        "−%(loss)s points: the expert surrounds the hometown for the exploration bonus."
    ),
}
KINDS: Mapping[str, StrOrPromise] = {
    # Translators: the kind of a decision in a row of the expert's review.
    "tile": pgettext_lazy("decision", "Tile"),
    "sheep": pgettext_lazy("decision", "Sheep"),
    "bonus": pgettext_lazy("decision", "Bonus tile"),
    "tower": pgettext_lazy("decision", "Tower"),
}


def verdict(row: ReviewedDecision) -> str:
    """The one line a decision gets: "−6.2 points: the expert keeps ..." or a match."""
    if row.made == row.expert:
        return _("The expert's own choice.")
    if row.loss < 0.05:
        return _("As good as the expert's choice.")
    loss = number_format(Decimal(f"{row.loss:.1f}"), 1)
    reason = REASONS.get(row.reason)
    if reason is None:
        return _("−%(loss)s points: the expert scores more.") % {"loss": loss}
    return str(reason) % {"loss": loss}


@dataclass(frozen=True)
class Judged:
    """One reviewed decision in words, with where the replay shows it."""

    row: ReviewedDecision
    kind: str
    made: str
    expert: str
    verdict: str
    at: Position


@dataclass(frozen=True)
class ReviewPage:
    access: TableAccess
    seat: Seat
    review: Review | None
    rounds: tuple[tuple[int, tuple[Judged, ...]], ...]
    can_ask: bool

    @property
    def running(self) -> bool:
        return self.review is not None and self.review.status != ReviewStatus.DONE

    @property
    def seats(self) -> list[Seat]:
        """The seats whose review may be shown: the people's."""
        return [s for s in self.access.seats if s.kind == SeatKind.PERSON]


def chosen_seat(access: TableAccess, asked: int | None) -> Seat | None:
    """The seat the page is about: the one asked for, else the viewer's, else the first
    person's; None when there is no such person's seat."""
    people = [s for s in access.seats if s.kind == SeatKind.PERSON]
    if asked is not None:
        return next((s for s in people if s.position == asked), None)
    if access.mine is not None and access.mine.kind == SeatKind.PERSON:
        return access.mine
    return people[0] if people else None


def build_review_page(access: TableAccess, seat: Seat) -> ReviewPage:
    """The review of ``seat`` as far as it has got; the game is replayed once to word it when
    it is done (queries: the review; when done, its decisions and the log)."""
    review = Review.objects.filter(game=access.game, position=seat.position).first()
    can_ask = review is None and access.mine is not None and access.mine.pk == seat.pk
    if review is None or review.status != ReviewStatus.DONE:
        return ReviewPage(access, seat, review, (), can_ask)
    rows = list(review.decisions.all())
    names = {s.position: s.name for s in access.seats}
    told = tell_game(access.game, names, access.position)
    by_position = {m.position: m for m in told.moves}
    rounds: dict[int, list[Judged]] = {}
    for row in rows:
        move = by_position[row.index + 1]
        before = told.states[row.index]
        rounds.setdefault(row.round, []).append(
            Judged(
                row=row,
                kind=str(KINDS.get(row.kind, row.kind)),
                made=move.text,
                expert=_expert_words(before, seat.position, row),
                verdict=verdict(row),
                at=move.at,
            )
        )
    ordered = tuple(
        (n, tuple(sorted(judged, key=lambda j: -j.row.loss)))
        for n, judged in sorted(rounds.items())
    )
    return ReviewPage(access, seat, review, ordered, can_ask)


def _expert_words(before: engine.GameState, seat: int, row: ReviewedDecision) -> str:
    """The expert's choice told as a move of "The expert"."""
    if row.expert == row.made:
        return _("The same.")
    action = engine.parse_action(row.expert)
    after, events = engine.apply(before, seat, action)
    step = engine.Step(row.index, seat, action, before, after, events)
    # Translators: the name the expert's choice is told under, where a player's name would be
    # (it starts a sentence: "The expert places a tile of 3 squares").
    return tell(step, {seat: _("The expert")})


@dataclass(frozen=True)
class Ghost:
    """The expert's spot for the move a replay step shows, on the mover's county."""

    seat: int
    grid: CountyGrid
    overlay: dict[Coord, OverlaySquare]
    verdict: str


def replay_ghost(
    game_id: int, seat: int | None, index: int | None, shown: engine.GameState
) -> Ghost | None:
    """The ghost of the expert's choice for the move at log ``index`` by ``seat``, once that
    seat's review is done and the expert chose otherwise (one query)."""
    if seat is None or index is None:
        return None
    row = ReviewedDecision.objects.filter(
        review__game_id=game_id,
        review__position=seat,
        review__status=ReviewStatus.DONE,
        index=index,
    ).first()
    if row is None:
        return None
    if row.made == row.expert or not row.expert_cells:
        return Ghost(seat, _grid(shown, seat, ()), {}, verdict(row))
    overlay = {(x, y): OverlaySquare("ghost") for x, y in row.expert_cells}
    expert = engine.parse_action(row.expert)
    if row.expert_tile is not None and isinstance(expert, engine.PlaceTile):
        drawn = tile_overlay(row.expert_tile, expert.orientation, expert.x, expert.y, legal=True)
        overlay = {xy: OverlaySquare("ghost", square.cell) for xy, square in drawn.items()}
    return Ghost(seat, _grid(shown, seat, overlay), overlay, verdict(row))


def _grid(shown: engine.GameState, seat: int, extra: object) -> CountyGrid:
    cells = shown.seats[seat].display.cells
    return county_grid(cells, extra=extra if isinstance(extra, dict) else ())
