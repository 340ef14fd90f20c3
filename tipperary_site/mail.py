"""The development e-mail backend: every message saved as a file and echoed to the console."""

from __future__ import annotations

import datetime
import os
import sys
import uuid
from collections.abc import Sequence

from django.core.mail.backends.filebased import EmailBackend as FileBackend
from django.core.mail.message import EmailMessage


class FileAndConsoleBackend(FileBackend):
    """Write each message to its own ``.eml`` file under ``EMAIL_FILE_PATH`` and print it too."""

    def _get_filename(self) -> str:
        stamp = datetime.datetime.now(datetime.UTC).strftime("%Y%m%d-%H%M%S")
        folder: str = self.file_path  # type: ignore[attr-defined]
        return os.path.join(folder, f"{stamp}-{uuid.uuid4().hex[:12]}.eml")

    def send_messages(self, email_messages: Sequence[EmailMessage]) -> int:
        sent = 0
        for message in email_messages:
            self._fname = None
            sent += super().send_messages([message])
            sys.stdout.write(message.message().as_string() + "\n" + "-" * 79 + "\n")
        sys.stdout.flush()
        return sent
