"""kombu's filesystem broker (``make run``'s embedded default), with each message written whole
before a worker can see it.

kombu creates a message's file under its final name and then writes it; a worker polling the
folder can move and read the file in between, get an empty message and stop on it
(``JSONDecodeError``), and honcho then stops the site with it. Here a message is written under
a name no worker reads (``….msg.part``) and then renamed to its own: a rename within a folder is
atomic, so a worker finds either nothing or the whole message.
"""

from __future__ import annotations

import os
import uuid
from time import monotonic
from typing import Any

from kombu.exceptions import ChannelError
from kombu.transport import filesystem
from kombu.utils.encoding import str_to_bytes
from kombu.utils.json import dumps


class Channel(filesystem.Channel):
    # kombu's filesystem channel takes keyword arguments its base class does not declare.
    def _put(self, queue: Any, message: Any, **kwargs: Any) -> None:  # type: ignore[override]
        """Put ``message`` onto ``queue``: written aside, then renamed into the queue."""
        name = f"{round(monotonic() * 1000)}_{uuid.uuid4()}.{queue}.msg"
        final = os.path.join(self.data_folder_out, name)
        part = final + ".part"
        try:
            with open(part, "wb") as f:
                f.write(str_to_bytes(dumps(message)))
            os.replace(part, final)
        except OSError as exc:
            raise ChannelError(f"Cannot add file {final!r} to directory") from exc


class Transport(filesystem.Transport):
    Channel = Channel
