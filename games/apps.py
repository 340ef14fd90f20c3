from django.apps import AppConfig


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
