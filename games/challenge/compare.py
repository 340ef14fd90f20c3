"""The side-by-side replay: two entries of one week, both counties at the end of one round,
the offer they shared, and which of its tiles each took."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

import engine
from games.engine_bridge import log_moves
from games.models import Game, Seat
from games.models.challenge import Challenge
from games.page.county import CountyGrid, county_grid


class NoSuchRound(ValueError):
    """A round the deal does not have (the message says which it has)."""


@dataclass(frozen=True)
class Side:
    """One entry as it stood when round ``round`` ended (or as far as it got)."""

    seat: Seat
    grid: CountyGrid
    took: int | None
    taken_cells: frozenset[engine.Coord]
    total: int
    reached: bool


@dataclass(frozen=True)
class Comparison:
    challenge: Challenge
    round: int
    rounds: int
    offer: tuple[int | None, int | None]
    sides: tuple[Side, Side]

    @property
    def previous(self) -> int | None:
        return self.round - 1 if self.round > 1 else None

    @property
    def next(self) -> int | None:
        return self.round + 1 if self.round < self.rounds else None


def _round_end(game: Game, round_: int) -> tuple[engine.GameState | None, engine.GameState, bool]:
    """The entry's state when round ``round_`` began (None if it never got there), its state
    just before that round ended (else its last state), and whether it ended that round."""
    state = engine.new_game(game.seed, 1, engine.Variant(game.variant))
    began = state if round_ == 1 else None
    for step in engine.steps_from(state, log_moves(game)):
        ends_round = isinstance(step.action, engine.EndRound)
        if ends_round and step.before.round == round_:
            return began, step.before, True
        state = step.state
        if ends_round and state.round == round_:
            began = state
    return began, state, False


def _side(
    seat: Seat, began: engine.GameState | None, ended: engine.GameState, reached: bool
) -> Side:
    display = ended.seats[0].display
    took = ended.seats[0].taken if began is not None else None
    before = began.seats[0].display if began is not None else display
    cells = frozenset(
        xy for xy, cell in display.cells.items() if xy not in before and cell.tile_id == took
    )
    return Side(
        seat=seat,
        grid=county_grid(display),
        took=took,
        taken_cells=cells,
        total=engine.score(ended, 0).total,
        reached=reached,
    )


def compare(challenge: Challenge, first: Seat, second: Seat, round_: int) -> Comparison:
    """The two entries of ``first`` and ``second`` at the end of round ``round_``; two queries
    (each entry's log)."""
    rounds = engine.new_game(challenge.seed, 1, engine.Variant.DUPLICATE).rounds_total
    if not 1 <= round_ <= rounds:
        raise NoSuchRound(
            _("The deal has rounds 1 to %(rounds)d; there is no round %(round)d.")
            % {"rounds": rounds, "round": round_}
        )
    sides = []
    offer: tuple[int | None, int | None] = (None, None)
    for seat in (first, second):
        began, ended, reached = _round_end(seat.game, round_)
        if began is not None:  # the same for every entry that got there: the deal's
            offer = began.areas[began.area_of(0)]
        sides.append(_side(seat, began, ended, reached))
    return Comparison(challenge, round_, rounds, offer, (sides[0], sides[1]))
