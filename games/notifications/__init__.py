"""E-mail and web push about tables: an outbox written with each game change, a sender, digests,
unsubscribe.

- the outbox row itself is :class:`games.models.OutboxMessage` (``games/models/outbox.py``).
- ``write``: services that write rows inside the game change's transaction
  (``notify_invitation``, ``notify_table_started``, ``notify_new_round``, ``notify_autopilot``,
  ``notify_game_finished``), and ``queue_account_mail`` for allauth's mail.
- ``scan``: the periodic scan (last to play, deadline warnings, digests at each local hour).
- ``send``: the sender (claim, re-check, send, retry with backoff), by mail or by push.
- ``push``: web push, the second channel (devices, keys, payloads, delivery, the installable
  site's manifest and service worker).
- ``compose`` and ``mailboard``: the mail itself; ``unsubscribe`` and ``views``: one-click links;
  ``context``: the count of tables waiting, for the header and the page title.
"""
