"""Web push: the outbox's second channel, to the devices people turned notifications on for.

- the device itself is :class:`games.models.PushSubscription` (``games/models/push.py``);
- ``keys``: the site's VAPID keys (from the environment) and whether push is on at all;
- ``devices``: the services that add and remove devices and ask for a test notification;
- ``payload``: what a push says (title, body, table, tag, the count of tables waiting);
- ``deliver``: one push row sent to the person's devices (the outbox sender calls it);
- ``views`` and ``urls``: subscribe and unsubscribe, the device list, and the installable
  site's manifest, service worker and offline page.

Rows are written, delayed by the grace period, deduplicated, checked at send time and retried
exactly as mail is (``games.notifications.write`` and ``send``): only the last step differs.
"""
