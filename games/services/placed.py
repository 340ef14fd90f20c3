"""The placed pieces of a game worked out again from its seed and its log."""

from __future__ import annotations

from django.db import transaction

import engine
from games.models import Action, PlacedPiece
from games.services.record import locked_game, piece_row


def pieces_from_log(
    game_id: int, seed: int, players: int, variant: engine.Variant = engine.Variant.STANDARD
) -> list[PlacedPiece]:
    """The rows the game's log places, in log order (not saved); raises if the log does not
    replay."""
    log = list(
        Action.objects.filter(game_id=game_id)
        .order_by("seq")
        .values_list("seq", "round", "seat", "notation")
    )
    rows: list[PlacedPiece] = []
    moves = [(seat, notation) for _, _, seat, notation in log]
    steps = engine.steps(seed, players, moves, variant)
    began = 0  # the seq of the last round's end: a turn taken back goes back to there
    for step in steps:
        seq, round_, _, _ = log[step.index]
        if isinstance(step.action, engine.EndRound):
            began = seq
        placed = engine.placed_piece(step.events)
        if placed is not None:
            rows.append(piece_row(game_id, seq, round_, placed))
        for undone in (e for e in step.events if isinstance(e, engine.TurnUndone)):
            rows = [r for r in rows if r.seat != undone.seat or r.seq <= began]
    return rows


@transaction.atomic
def rebuild_placed(game_id: int) -> int:
    """Replace a started game's placed pieces by those its log places; returns how many."""
    game = locked_game(game_id)
    rows = pieces_from_log(game.pk, game.seed, game.seats.count(), engine.Variant(game.variant))
    PlacedPiece.objects.filter(game=game).delete()
    PlacedPiece.objects.bulk_create(rows)
    return len(rows)
