"""E-mail about tables: an outbox written with each game change, a sender, digests, unsubscribe.

- ``models``: the outbox row (:class:`~games.notifications.models.OutboxMessage`).
- ``write``: services that write rows inside the game change's transaction
  (``notify_invitation``, ``notify_table_started``, ``notify_new_round``, ``notify_autopilot``,
  ``notify_game_finished``), and ``queue_account_mail`` for allauth's mail.
- ``scan``: the periodic scan (last to play, deadline warnings, digests at each local hour).
- ``send``: the sender (claim, re-check, send, retry with backoff).
- ``compose`` and ``mailboard``: the mail itself; ``unsubscribe`` and ``views``: one-click links;
  ``context``: the count of tables waiting, for the header and the page title.

This package imports nothing on its own, so ``games.models`` can import the outbox model.
"""

from __future__ import annotations

from typing import Any

_SERVICES = frozenset(
    {
        "notify_autopilot",
        "notify_game_finished",
        "notify_invitation",
        "notify_new_round",
        "notify_table_closed",
        "notify_table_started",
        "queue_account_mail",
    }
)


def __getattr__(name: str) -> Any:
    """``games.notifications.notify_autopilot`` and friends, imported on first use."""
    if name in _SERVICES:
        from games.notifications import write

        return getattr(write, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
