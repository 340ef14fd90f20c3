"""A game's log told move by move, as one viewer may see it, with each move's replay step.

Moves of the round still in play are told only to the seat that made them (R4.2), and only
theirs are counted as that round's steps, so nobody learns how far the others have got.
The game is replayed once through :func:`engine.steps`, keeping the state at every position
for the replay page (states share what did not change, so this costs little).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime

import engine
from engine import Coord
from games.models import Action, ActionSource, Game, GameStatus
from games.page.move_words import tell


@dataclass(frozen=True)
class Position:
    """One place in the replay, ``(round, step)``, and its address."""

    round: int
    step: int

    @property
    def query(self) -> str:
        return f"?round={self.round}&step={self.step}"


@dataclass(frozen=True)
class Move:
    """One logged move in words.

    ``position`` is how many moves of the log have been applied once it is (its replay
    position); ``step`` is its step in its round's replay (None for the end of a round but the
    last, which leads to the next round's step 0); ``at`` is where the replay shows it;
    ``cells`` are those of the piece it placed.
    """

    seq: int
    round: int
    seat: int | None
    step: int | None
    position: int
    text: str
    autopilot: bool
    time: datetime
    at: Position
    cells: tuple[Coord, ...] = ()


@dataclass(frozen=True)
class ToldGame:
    """The moves a viewer may see, in log order, where each round's replay starts, and the
    state at every position (``states[0]`` is the game's start; some are hidden from the viewer:
    see :func:`engine.view`)."""

    moves: tuple[Move, ...]
    starts: Mapping[int, int]
    states: tuple[engine.GameState, ...] = field(repr=False)

    def by_round(self) -> list[tuple[int, list[Move]]]:
        """The moves grouped by round, oldest first."""
        rounds: dict[int, list[Move]] = {}
        for move in self.moves:
            rounds.setdefault(move.round, []).append(move)
        return sorted(rounds.items())

    def steps_of(self, round_: int) -> list[Move]:
        """The moves of ``round_`` that are replay steps (1, 2, …), in order."""
        return [m for m in self.moves if m.round == round_ and m.step is not None]


def hidden_round(game: Game) -> int | None:
    """The round whose moves only their own player may see: the one in play, if any (R4.2)."""
    return game.round if game.status == GameStatus.PLAYING else None


def tell_game(
    game: Game,
    names: Mapping[int, str],
    viewer: int | None,
    *,
    log: list[Action] | None = None,
) -> ToldGame:
    """Replay the game's log and tell it as ``viewer`` may see it; one query (the log) unless
    ``log`` is given."""
    entries = log if log is not None else list(Action.objects.filter(game=game).order_by("seq"))
    current = hidden_round(game)
    players = len(names)
    states = [engine.new_game(game.seed, players, engine.Variant(game.variant))]
    starts: dict[int, int] = {}
    counted: dict[int, int] = {}
    moves: list[Move] = []
    plays = engine.steps_from(states[0], [(e.seat, e.notation) for e in entries])
    for entry, step in zip(entries, plays, strict=True):
        position = step.index + 1
        states.append(step.state)
        starts.setdefault(entry.round, step.index)
        if entry.round == current and entry.seat is not None and entry.seat != viewer:
            continue
        number = None
        if entry.seat is None and step.state.phase is engine.Phase.PLAYING:
            at = Position(entry.round + 1, 0)  # a round's end leads to the next deal
        else:  # a player's move, or the last round's end (the towers or the final scores)
            number = counted[entry.round] = counted.get(entry.round, 0) + 1
            at = Position(entry.round, number)
        placed = engine.placed_piece(step.events)
        moves.append(
            Move(
                seq=entry.seq,
                round=entry.round,
                seat=entry.seat,
                step=number,
                position=position,
                text=tell(step, names),
                autopilot=entry.source in ActionSource.autopilot(),
                time=entry.created_at,
                at=at,
                cells=placed.cells if placed is not None else (),
            )
        )
    if game.status == GameStatus.PLAYING:
        starts.setdefault(game.round, len(entries))
    return ToldGame(tuple(moves), starts, tuple(states))
