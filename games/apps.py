from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        # Register the Celery tasks by name in every process, so services can enqueue them by
        # name (tipperary_site.enqueue.enqueue) without importing the tasks module.
        from games import tasks  # noqa: F401
