from __future__ import annotations

from typing import TYPE_CHECKING

from django.apps import AppConfig
from django.contrib.auth.signals import user_logged_out

from games.streams.publish import logged_out

if TYPE_CHECKING:
    from django.contrib.auth.models import User
    from django.http import HttpRequest


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        # Register the Celery tasks by name in every process, so services can enqueue them by
        # name (tipperary_site.enqueue.enqueue) without importing the tasks module.
        # A closing account, in the transaction that deletes it: its challenge entry is
        # withdrawn first (so the autopilot never plays it), then its seats are handed on.
        from accounts.signals import account_closing
        from games import tasks  # noqa: F401
        from games.challenge import entries
        from games.services import departures

        account_closing.connect(entries.on_account_closing, dispatch_uid="games.withdraw_entries")
        account_closing.connect(departures.on_account_closing, dispatch_uid="games.depart")
        # A log-out ends the person's open streams (each checks its own session again).
        user_logged_out.connect(_logged_out, dispatch_uid="games.streams.logged_out")


def _logged_out(
    sender: object, request: HttpRequest, user: User | None = None, **kwargs: object
) -> None:
    # Sent before Django empties the session, so the message names it.
    if user is not None and request.session.session_key:
        logged_out(user.pk, request.session.session_key)
