"""The replay page: every county, the scores and the wheel as they stood at one step of a round.

A position is ``(round, step)``: step 0 is the round as it was dealt, step ``k`` the round after
its ``k``-th move. In the round still in play only the viewer's own moves are steps, and what is
shown is ``engine.view`` of the real state, exactly as on the game page (R4.2); rounds already
over are shown whole.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext

import engine
from games.access import TableAccess
from games.history.moves import Move, Position, ToldGame, hidden_round, tell_game
from games.models import GameStatus
from games.page.model import PlayerPanel, player_panels


class NoSuchStep(ValueError):
    """A round or step this game does not have (the message says which it has)."""


@dataclass(frozen=True)
class ReplayPage:
    access: TableAccess
    at: Position
    rounds: tuple[int, ...]
    steps: tuple[Move, ...]
    # Every move of the round told, its end included, in log order.
    told: tuple[Move, ...]
    move: Move | None
    shown: engine.GameState
    players: tuple[PlayerPanel, ...]
    owners: dict[int, str]
    my_area: int | None
    hidden: bool
    previous: Position | None
    next: Position | None

    @property
    def last_step(self) -> int:
        return len(self.steps)

    @property
    def finished(self) -> bool:
        return self.access.game.status == GameStatus.FINISHED

    @property
    def towers_step(self) -> bool:
        return self.shown.phase is engine.Phase.TOWERS

    @property
    def positions(self) -> list[Position]:
        """Every step of the shown round, from the deal."""
        return [Position(self.at.round, k) for k in range(self.last_step + 1)]


def _rounds(told: ToldGame) -> tuple[int, ...]:
    last = max(told.starts) if told.starts else 1
    return tuple(range(1, last + 1))


def _asked(
    rounds: tuple[int, ...], told: ToldGame, round_: int | None, step: int | None
) -> Position:
    if round_ is None:
        round_ = rounds[-1]
    if round_ not in rounds:
        raise NoSuchStep(
            gettext(
                "Round %(round)d has not been played: this game has rounds %(first)d to %(last)d."
            )
            % {"round": round_, "first": rounds[0], "last": rounds[-1]}
        )
    last = len(told.steps_of(round_))
    if step is None:
        step = last
    if not 0 <= step <= last:
        raise NoSuchStep(
            gettext("Round %(round)d has steps 0 to %(last)d; there is no step %(step)d.")
            % {"round": round_, "last": last, "step": step}
        )
    return Position(round_, step)


def build_replay(access: TableAccess, round_: int | None, step: int | None) -> ReplayPage:
    """The replay at ``(round_, step)`` (None: the last round, its last step) as ``access``'s
    viewer may see it; raises :class:`NoSuchStep` for a place the game does not have."""
    game = access.game
    me = access.position
    names = {seat.position: seat.name for seat in access.seats}
    told = tell_game(game, names, me)
    rounds = _rounds(told)
    at = _asked(rounds, told, round_, step)
    steps = tuple(told.steps_of(at.round))
    move = steps[at.step - 1] if at.step else None
    state = told.states[move.position if move else told.starts[at.round]]
    hidden = at.round == hidden_round(game)
    shown = engine.view(state, me) if hidden or state.phase is engine.Phase.FINISHED else state
    previous = next_ = None
    if at.step:
        previous = Position(at.round, at.step - 1)
    elif at.round > rounds[0]:
        previous = Position(at.round - 1, len(told.steps_of(at.round - 1)))
    if at.step < len(steps):
        next_ = Position(at.round, at.step + 1)
    elif at.round < rounds[-1]:
        next_ = Position(at.round + 1, 0)
    return ReplayPage(
        access=access,
        at=at,
        rounds=rounds,
        steps=steps,
        told=tuple(m for m in told.moves if m.round == at.round),
        move=move,
        shown=shown,
        players=player_panels(
            access,
            shown,
            me,
            then_by_autopilot=frozenset(
                m.seat for m in steps[: at.step] if m.autopilot and m.seat is not None
            ),
        ),
        owners={shown.area_of(s.position): s.name for s in access.seats},
        my_area=None if me is None else shown.area_of(me),
        hidden=hidden,
        previous=previous,
        next=next_,
    )
