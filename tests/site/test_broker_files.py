"""The embedded broker (``make run``): a message is seen by a worker whole or not at all."""

from __future__ import annotations

import os
from pathlib import Path
from queue import Empty
from typing import Any

import pytest
from kombu import Connection

from tipperary_site import broker_files


def _connection(folder: Path) -> Connection:
    for name in ("in", "processed"):
        (folder / name).mkdir()
    options = {
        "data_folder_in": str(folder / "in"),
        "data_folder_out": str(folder / "in"),
        "processed_folder": str(folder / "processed"),
        "store_processed": False,
    }
    return Connection(transport=broker_files.Transport, transport_options=options)


def test_a_message_goes_round_whole(tmp_path: Path) -> None:
    with _connection(tmp_path) as connection:
        queue = connection.SimpleQueue("games")
        queue.put({"task": "games.advance_round", "args": [7]})
        message = queue.get(timeout=1)
        assert message.payload == {"task": "games.advance_round", "args": [7]}
        message.ack()
        queue.close()
    assert os.listdir(tmp_path / "in") == []


def test_a_message_being_written_is_not_yet_in_the_queue(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[str] = []
    replace = os.replace

    with _connection(tmp_path) as connection:
        channel: Any = connection.default_channel

        def put_in_place(source: str, target: str) -> None:
            # Written whole, under a name the queue does not read: a worker finds nothing yet.
            seen.extend(os.listdir(tmp_path / "in"))
            with pytest.raises(Empty):
                channel._get("games")
            replace(source, target)

        monkeypatch.setattr(broker_files.os, "replace", put_in_place)
        channel._put("games", {"body": "x" * 10_000})
        assert channel._get("games") == {"body": "x" * 10_000}
    assert len(seen) == 1 and seen[0].endswith(".games.msg.part")
