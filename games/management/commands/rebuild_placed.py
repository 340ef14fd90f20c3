"""``manage.py rebuild_placed [GAME_ID ...]``: started games' placed pieces, from their logs."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

import engine
from games.models import Game
from games.services.placed import rebuild_placed


class Command(BaseCommand):
    help = (
        "Rebuild the placed pieces of the given games (default: every started game) from the log."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("game_ids", nargs="*", type=int, help="tables to rebuild")

    def handle(self, *args: Any, **options: Any) -> None:
        asked: list[int] = options["game_ids"]
        started = Game.objects.filter(state__isnull=False)
        if asked:
            found = set(started.filter(pk__in=asked).values_list("pk", flat=True))
            missing = sorted(set(asked) - found)
            if missing:
                raise CommandError(f"No started table with id {', '.join(map(str, missing))}.")
            ids = sorted(found)
        else:
            ids = list(started.order_by("pk").values_list("pk", flat=True))
        total = 0
        for game_id in ids:
            try:
                total += rebuild_placed(game_id)
            except engine.ActionError as error:
                raise CommandError(f"Table {game_id}: its log does not replay: {error}") from None
        self.stdout.write(f"Rebuilt {total} placed pieces of {len(ids)} tables.")
