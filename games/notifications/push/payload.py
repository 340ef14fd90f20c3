"""What a push says: the mail's subject as its title, one short line, the page it opens.

The title is the kind's mail subject (``templates/emails/<kind>/subject.txt``) and the body its
``push.txt``, both from the mail's own context, so a push and a mail never tell a turn
differently. ``tag`` is per table, so a newer push about a table replaces the older one on the
device; ``count`` is the number of tables waiting, for the app's badge. Like the mail, a push
speaks its recipient's language, whoever's move caused it.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _

from games.models import Seat
from games.models.outbox import Kind, OutboxMessage
from games.notifications.compose import for_recipient, mail_context
from games.waiting import tables_waiting_count

Payload = dict[str, Any]


def _line(template: str, context: dict[str, Any]) -> str:
    return " ".join(render_to_string(template, context).split())


def _where(row: OutboxMessage) -> tuple[str, str]:
    """The page a push opens, and its tag (one notification per table on a device)."""
    if row.game_id is not None and row.game is not None:
        return row.game.get_absolute_url(), f"table-{row.game_id}"
    if row.kind == Kind.CHALLENGE:
        return reverse("challenge:this_week"), "challenge"
    return reverse("games:mine"), str(row.kind)


def push_payload(row: OutboxMessage, seat: Seat | None, now: datetime) -> Payload:
    """The JSON a device's service worker shows for ``row``."""
    url, tag = _where(row)
    with for_recipient(row.user):
        if row.kind == Kind.DEVICE_TEST:
            title = _("Notifications are on")
            body = _("This device will hear from Tipperary when a table needs you.")
        else:
            context = mail_context(row, seat, now)
            title = _line(f"emails/{row.kind}/subject.txt", context)
            body = _line(f"emails/{row.kind}/push.txt", context)
    return {
        "title": title,
        "body": body,
        "url": url,
        "tag": tag,
        "count": tables_waiting_count(row.user),
        "kind": str(row.kind),
    }
