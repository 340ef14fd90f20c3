"""Turn an outbox row into an e-mail: subject, text and HTML from ``templates/emails/<kind>/``.

Every mail links straight to its table (log-in still required), carries one-click
``List-Unsubscribe`` headers for its kind, and ends with a link to the e-mail settings.

A mail (and a push) is composed in its recipient's language and on their clock
(:func:`for_recipient`), whoever's move caused it: a German's move mails a French player in
French.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.core.mail import EmailMultiAlternatives
from django.db.models import F
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.timesince import timesince, timeuntil
from django.utils.translation import gettext as _

import engine
from accounts.models import Profile
from accounts.zones import DEFAULT_ZONE, language_of, zone_or_utc
from games.challenge.entries import current_week
from games.challenge.results import week_board
from games.engine_bridge import load_state
from games.models import Action, ActionSource, Game, GameStatus, RoundTime, Seat
from games.models.challenge import Challenge
from games.models.outbox import Kind, OutboxMessage
from games.notifications.chat_news import news_at, news_everywhere
from games.notifications.mailboard import county_rows, county_text, mail_tile
from games.notifications.unsubscribe import Unsubscribe, unsubscribe_url
from games.page.county import describe_county
from games.ratings.outcome import table_ratings
from games.ratings.rate import counts
from games.words import listing
from tipperary_site.dates import written

Context = dict[str, Any]


def absolute(path: str) -> str:
    return f"{settings.SITE_URL}{path}"


@contextmanager
def for_recipient(user: User | None) -> Iterator[None]:
    """Compose for ``user``: in their language and on their clock, whoever's move it was."""
    profile = getattr(user, "profile", None)
    zone = profile.zone if isinstance(profile, Profile) else zone_or_utc(DEFAULT_ZONE)
    with translation.override(language_of(user)), timezone.override(zone):
        yield


def deadline_text(moment: datetime, profile: Profile) -> str:
    """A deadline as a mail writes it, on the person's clock: "Mon 30 Nov, 12:00 GMT"."""
    return written(moment.astimezone(profile.zone), "deadline")


def _when(moment: datetime | None, profile: Profile, now: datetime) -> Context:
    if moment is None:
        return {"deadline": None, "time_left": ""}
    return {
        "deadline": deadline_text(moment, profile),
        # timeuntil joins with no-break spaces; mail subjects and text parts read better without.
        # Translators: the time left before a deadline that has just passed.
        "time_left": timeuntil(moment, now).replace("\xa0", " ") if moment > now else _("no time"),
    }


def _turn(row: OutboxMessage, seat: Seat | None, profile: Profile, now: datetime) -> Context:
    game = row.game
    assert game is not None and seat is not None
    state = load_state(game)
    todo = engine.pending(state, seat.position)
    display = state.seats[seat.position].display
    tiles = []
    if todo.kind is engine.PendingKind.TILE:
        offered = [tile for tile in todo.tiles if tile is not None]
        tiles = [mail_tile(number, tile) for number, tile in enumerate(offered, start=1)]
    autopilot = Action.objects.filter(
        game=game, round=row.round - 1, seat=seat.position, source=ActionSource.AUTOPILOT
    )
    return {
        "autopilot_round": row.round - 1
        if row.kind == Kind.NEW_ROUND and autopilot.exists()
        else None,
        "todo": todo.kind.value,
        "todo_count": todo.count,
        "towers": state.phase is engine.Phase.TOWERS,
        "rounds_total": state.rounds_total,
        "tiles": tiles,
        "county": county_rows(display),
        "county_text": county_text(display),
        "county_description": describe_county(display),
        "chat": [news] if (news := news_at(seat, profile)) else [],
        **_when(game.round_deadline, profile, now),
    }


def _invitation(row: OutboxMessage, seat: Seat | None, profile: Profile, now: datetime) -> Context:
    game = row.game
    assert game is not None
    seats = game.seats.select_related("user__profile")
    host = None if game.host_id is None else seats.filter(user_id=game.host_id).first()
    return {
        "host": host.name if host else _("A player"),
        "seats_taken": game.seats.count(),
        "round_time": RoundTime(game.round_minutes).label,
        "still_forming": game.status == GameStatus.FORMING,
    }


def _autopilot(row: OutboxMessage, seat: Seat | None, profile: Profile, now: datetime) -> Context:
    game = row.game
    assert game is not None
    playing = game.status == GameStatus.PLAYING
    return {
        "absent": seat is not None and seat.absent,
        "playing": playing,
        **_when(game.round_deadline if playing else None, profile, now),
    }


def _finished(row: OutboxMessage, seat: Seat | None, profile: Profile, now: datetime) -> Context:
    game = row.game
    assert game is not None
    seats = list(
        game.seats.select_related("user__profile").order_by(
            F("rank").asc(nulls_last=True), "position"
        )
    )
    standings = [
        {
            "rank": s.rank,
            "name": s.name,
            "seat": s,
            "total": (s.score or {}).get("total", 0),
            "me": s == seat,
        }
        for s in seats
    ]
    winners = [s["name"] for s in standings if s["rank"] == 1]
    # The rating task runs as the table finishes; a mail sent before it is done says where the
    # new rating will show rather than keep the person waiting for it.
    rated = seat is not None and game.rated and counts(seats)
    rating = None
    if seat is not None and rated and game.rated_at is not None:
        mine = seat.pk
        rating = next((r for r in table_ratings(game) if r.seat.pk == mine), None)
    return {
        "standings": standings,
        "winners": winners,
        "rank": seat.rank if seat else None,
        "total": (seat.score or {}).get("total", 0) if seat else 0,
        "players": len(seats),
        "won": seat is not None and seat.rank == 1,
        "rating": rating,
        "rating_pending": rated and game.rated_at is None,
    }


def _digest(row: OutboxMessage, seat: Seat | None, profile: Profile, now: datetime) -> Context:
    waiting = (
        Seat.objects.filter(user=row.user, to_play=True, game__status=GameStatus.PLAYING)
        .select_related("game")
        .order_by(F("game__round_deadline").asc(nulls_last=True), "game_id")
    )
    tables = [
        {
            "game": s.game,
            "url": absolute(s.game.get_absolute_url()),
            "round": s.game.round,
            **_when(s.game.round_deadline, profile, now),
        }
        for s in waiting
    ]
    assert row.user_id is not None  # a digest is always someone's
    chat = news_everywhere(row.user_id, profile)
    return {"tables": tables, "digest_date": row.digest_date, "chat": chat}


def _table_closed(
    row: OutboxMessage, seat: Seat | None, profile: Profile, now: datetime
) -> Context:
    game = row.game
    assert game is not None
    quiet_since = game.last_joined_at or game.created_at
    return {
        "seats_taken": game.seats.count(),
        "quiet_for": timesince(quiet_since, now).replace("\xa0", " "),
        "lobby_url": absolute(reverse("games:lobby")),
    }


def _challenge(row: OutboxMessage, seat: Seat | None, profile: Profile, now: datetime) -> Context:
    assert row.user is not None
    challenge = current_week(now) or Challenge.objects.order_by("-starts_at").first()
    assert challenge is not None  # the mail was written for a week's deal
    last = (
        Challenge.objects.filter(starts_at__lt=challenge.starts_at, scored_at__isnull=False)
        .order_by("-starts_at")
        .first()
    )
    result = week_board(last, row.user) if last is not None else None
    return {
        "challenge": challenge,
        "ends": (challenge.ends_at - timedelta(minutes=1)).astimezone(profile.zone),
        "zone": profile.zone,
        "challenge_url": absolute(reverse("challenge:this_week")),
        "last": result if result is not None and result.mine is not None else None,
    }


def _tournament(row: OutboxMessage, seat: Seat | None, profile: Profile, now: datetime) -> Context:
    game = row.game
    assert game is not None and game.tournament is not None and seat is not None
    others = [s.name for s in game.seats.select_related("user__profile") if s.pk != seat.pk]
    return {
        **_turn(row, seat, profile, now),
        "tournament": game.tournament,
        "round_name": game.tournament.round_name(game.tournament_round or 1),
        "opponents": listing(others),
        "event_url": absolute(game.tournament.get_absolute_url()),
    }


BUILDERS: dict[str, Callable[[OutboxMessage, Seat | None, Profile, datetime], Context]] = {
    Kind.INVITATION: _invitation,
    Kind.STARTED: _turn,
    Kind.NEW_ROUND: _turn,
    Kind.LAST_TO_PLAY: _turn,
    Kind.DEADLINE: _turn,
    Kind.AUTOPILOT: _autopilot,
    Kind.FINISHED: _finished,
    Kind.DIGEST: _digest,
    Kind.TABLE_CLOSED: _table_closed,
    Kind.CHALLENGE: _challenge,
    Kind.TOURNAMENT: _tournament,
}


def mail_context(row: OutboxMessage, seat: Seat | None, now: datetime) -> Context:
    """Everything the templates of the row's kind show."""
    user = row.user
    assert user is not None, "only account mail goes to an address alone"
    profile = getattr(user, "profile", None) or Profile(display_name=user.get_username())
    game: Game | None = row.game
    context: Context = {
        "kind": row.kind,
        "name": profile.display_name or user.get_username(),
        "game": game,
        "round": row.round,
        "site_url": settings.SITE_URL,
        "table_url": absolute(game.get_absolute_url()) if game else absolute(reverse("games:mine")),
        "settings_url": absolute(reverse("accounts:notifications")),
        "unsubscribe_url": unsubscribe_url(user, row.kind),
        "switch": Unsubscribe(user, Kind(row.kind)).what,
    }
    context.update(BUILDERS[row.kind](row, seat, profile, now))
    return context


def render_mail(
    row: OutboxMessage, seat: Seat | None, address: str, now: datetime
) -> EmailMultiAlternatives:
    """The message for one row, addressed to ``address``, in its recipient's language."""
    folder = f"emails/{row.kind}"
    with for_recipient(row.user):
        context = mail_context(row, seat, now)
        subject = " ".join(render_to_string(f"{folder}/subject.txt", context).split())
        text = render_to_string(f"{folder}/body.txt", context)
        html = render_to_string(f"{folder}/body.html", context)
    message = EmailMultiAlternatives(
        subject=subject,
        body=text,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[address],
        headers={
            "List-Unsubscribe": f"<{context['unsubscribe_url']}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            "Auto-Submitted": "auto-generated",
        },
    )
    message.attach_alternative(html, "text/html")
    return message


def stored_mail(row: OutboxMessage) -> EmailMultiAlternatives:
    """An account mail, exactly as it was rendered when it was asked for."""
    message = EmailMultiAlternatives(
        subject=row.subject,
        body=row.body_text,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[row.to_address],
        headers={"Auto-Submitted": "auto-generated"},
    )
    if row.body_html:
        message.attach_alternative(row.body_html, "text/html")
    return message
