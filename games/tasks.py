"""Celery tasks: thin wrappers that take ids, re-read rows, and are safe to run twice."""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone

from games import heartbeat, services
from games.challenge import entries as challenge_entries
from games.notifications import periodic
from games.ratings import rate
from games.review import run as review
from games.services import matchmaking
from games.tournaments import events


@shared_task(name="games.advance_round")
def advance_round_task(game_id: int, round_: int) -> bool:
    """End the round if it is still the current one and complete (a no-op otherwise)."""
    return services.advance_round(game_id, round_)


@shared_task(name="games.advance_complete_games")
def advance_complete_games_task() -> int:
    """The periodic sweep: advance any complete round whose message was lost."""
    return services.advance_complete_games()


@shared_task(name="games.play_waiting_seats")
def play_waiting_seats_task(game_id: int, round_: int) -> int:
    """Right after a round starts: bot seats, absent people and people on vacation play it."""
    return services.play_waiting_seats(game_id, round_)


@shared_task(name="games.sweep_deadlines")
def sweep_deadlines_task() -> str:
    """The minute sweep: the autopilot for overdue rounds and away people, forgotten tables."""
    swept = services.sweep_deadlines()
    return (
        f"autopilot {swept.autopilot_turns}, away {swept.away_turns}, closed {swept.tables_closed}"
    )


@shared_task(name="games.play_overdue")
def play_overdue_task(game_id: int) -> int:
    """At a live round's deadline: the autopilot plays every missing turn (a no-op before the
    deadline, or once the round has moved on)."""
    return services.play_overdue(game_id)


@shared_task(name="games.sweep_live_deadlines")
def sweep_live_deadlines_task() -> int:
    """Every few seconds: live rounds past their deadline whose timed message was lost."""
    return services.sweep_live_deadlines()


@shared_task(name="games.match_players")
def match_players_task() -> int:
    """As someone joins "Play now", and every few seconds: seat whoever the queue can seat
    (bands widen and bots become due as people wait). Returns how many tables opened."""
    return matchmaking.match_all()


@shared_task(name="games.notifications")
def notifications_task() -> str:
    """Every minute: write due reminders, warnings and digests, then send every due e-mail."""
    return periodic.run()


@shared_task(name="games.rate_game")
def rate_game_task(game_id: int) -> int:
    """Rate a finished table once (a second delivery changes nothing)."""
    return rate.rate_game(game_id)


@shared_task(name="games.rate_finished_games")
def rate_finished_games_task() -> int:
    """The periodic sweep: rate any finished rated table whose rating message was lost."""
    return rate.rate_finished_games()


@shared_task(name="games.send_mail")
def send_mail_task() -> str:
    """Send every due e-mail now: account mail asks for this right after it is written."""
    return periodic.describe(periodic.send())


@shared_task(name="games.heartbeat")
def heartbeat_task(queue: str) -> None:
    """Every minute, on each queue: the worker taking it is alive (``/healthz`` reads this)."""
    heartbeat.beat(queue)


@shared_task(name="games.open_challenge_week")
def open_challenge_week_task() -> str:
    """Monday 00:00 UTC: the week's challenge deal on the dot, after scoring the week that just
    ended; then every bot level plays it. The minute sweep below makes good a lost message."""
    return challenge_entries.keep_weeks(timezone.now()).week


@shared_task(name="games.keep_challenge_weeks")
def keep_challenge_weeks_task() -> str:
    """Every minute: score the challenge weeks that ended, open this week's deal if nobody has
    (a lost Monday message, a fresh site), and have the bots play it; a no-op once done."""
    kept = challenge_entries.keep_weeks(timezone.now())
    opened = "opened" if kept.opened else "open"
    return f"{kept.week} {opened}, weeks scored {kept.scored}, bot entries {kept.bots}"


@shared_task(name="games.tournament_round_over")
def tournament_round_over_task(tournament_id: int, round_: int) -> bool:
    """A table of the event's round finished: seat the next round, or finish the event, once
    every table of the round is over (a no-op otherwise, and on a second delivery)."""
    return events.round_over(tournament_id, round_, timezone.now())


@shared_task(name="games.keep_tournaments")
def keep_tournaments_task() -> str:
    """Every minute: start the events whose sign-up closed, and move on any whose round ended
    while its message was lost."""
    kept = events.keep_tournaments(timezone.now())
    return f"events started {kept.begun}, moved on {kept.moved_on}"


@shared_task(name="games.review_game")
def review_game_task(review_id: int) -> int:
    """Compute the expert's review of one seat's game (a second delivery changes nothing)."""
    return review.run_review(review_id, timezone.now())


@shared_task(name="games.resume_reviews")
def resume_reviews_task() -> int:
    """Every five minutes: reviews whose message was lost, or whose worker died, run again."""
    return review.resume_reviews(timezone.now())
