"""``manage.py push_keys [--env-file PATH]``: a new VAPID key pair for web push.

Without ``--env-file`` it prints the two lines to put in the environment. With it, it writes
them to that file once, and leaves a file that exists alone (``make run`` keeps its keys in
``var/vapid.env``: browsers subscribed with a key stop receiving pushes when it changes).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from games.notifications.push.keys import new_keys


class Command(BaseCommand):
    help = "Make a VAPID key pair for web push (printed, or written once to --env-file)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--env-file", type=Path, help="write the keys here unless it exists")

    def handle(self, *args: Any, **options: Any) -> None:
        target: Path | None = options["env_file"]
        if target is not None and target.exists():
            self.stdout.write(f"{target} exists: its keys are kept.")
            return
        private, public = new_keys()
        lines = f"VAPID_PUBLIC_KEY={public}\nVAPID_PRIVATE_KEY={private}\n"
        if target is None:
            self.stdout.write(lines, ending="")
            return
        target.parent.mkdir(parents=True, exist_ok=True)
        target.touch(mode=0o600)
        target.write_text(lines)
        self.stdout.write(f"Web push keys written to {target}.")
