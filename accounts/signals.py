"""What the accounts app tells the apps above it, which it never imports.

``account_closing`` is sent inside the transaction that deletes an account, before the user row
goes, with ``user`` and ``now``: the games app connects to it (in ``games/apps.py``) to hand the
person's seats on and withdraw their challenge entry, so nobody waits for them.
"""

from __future__ import annotations

from django.dispatch import Signal

account_closing = Signal()
