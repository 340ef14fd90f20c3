"""Celery tasks: thin wrappers that take ids, re-read rows, and are safe to run twice."""

from __future__ import annotations

from celery import shared_task

from games import services


@shared_task(name="games.advance_round")
def advance_round_task(game_id: int, round_: int) -> bool:
    """End the round if it is still the current one and complete (a no-op otherwise)."""
    return services.advance_round(game_id, round_)


@shared_task(name="games.advance_complete_games")
def advance_complete_games_task() -> int:
    """The periodic sweep: advance any complete round whose message was lost."""
    return services.advance_complete_games()
