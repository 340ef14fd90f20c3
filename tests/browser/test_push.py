"""The installable site in Chromium: the manifest, the service worker at the root, and a push the
site sent reaching the service worker, shown as a notification that opens its table.

Headless Chromium has no notification centre to click in, so the click is the service worker's
own ``notificationclick`` handler, dispatched in the worker with the notification it shows
(``registration.getNotifications()``). What this covers: the site's real payload (sent to the
loopback push service, decrypted there) delivered to the real service worker by the DevTools
protocol, the notification it shows, the page title's count, and the handler taking the open
app window to the table. What it does not: the browser's own push service and subscription
(unreachable here), and the pixels of a notification on a screen.
"""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.utils import timezone
from playwright.sync_api import Browser, expect

from games.notifications.send import send_due_messages
from tests.browser.playing import PHONE, sign_in
from tests.fixtures.push_service import PushService
from tests.notifications.conftest import start_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NOTIFICATIONS = """navigator.serviceWorker.ready
  .then(r => r.getNotifications())
  .then(ns => ns.map(n => ({title: n.title, body: n.body, tag: n.tag, url: n.data.url})))"""
TOLD = """() => {
  window.told = new Promise(resolve => navigator.serviceWorker.addEventListener(
    "message", event => resolve(event.data), {once: true}));
}"""
CLICK = """async () => {
  const [shown] = await self.registration.getNotifications();
  self.dispatchEvent(new NotificationEvent("notificationclick", {notification: shown}));
}"""


def test_a_pushed_turn_shows_the_tables_title_and_its_click_opens_the_table(
    browser: Browser,
    live_server: object,
    push_service: PushService,
    host: User,
    player: User,
    screenshot_dir: Path,
) -> None:
    base = str(live_server)
    push_service.device(host, "phone", "Chrome on Android")
    game = start_table(host, player, now=timezone.now())
    send_due_messages(now=timezone.now() + timedelta(minutes=10))
    (sent,) = push_service.to("phone")  # the site's payload, as the push service decrypted it

    page = sign_in(browser, base, host)
    context = page.context
    context.grant_permissions(["notifications"], origin=base)
    page.goto(f"{base}/games/mine/")
    cdp = context.new_cdp_session(page)
    registrations: list[dict[str, str]] = []
    cdp.on(
        "ServiceWorker.workerRegistrationUpdated",
        lambda event: registrations.extend(event["registrations"]),
    )
    cdp.send("ServiceWorker.enable")

    # The manifest is linked, parses, and its icons are there.
    href = page.locator('link[rel="manifest"]').get_attribute("href")
    manifest = page.evaluate("href => fetch(href).then(r => r.json())", href)
    assert manifest["start_url"] == "/games/mine/" and manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        answer = page.evaluate(
            "src => fetch(src).then(r => [r.status, r.headers.get('content-type')])", icon["src"]
        )
        assert answer == [200, icon["type"]], icon

    # The service worker registers at the root and takes the page.
    assert page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)") == f"{base}/"
    page.wait_for_function("navigator.serviceWorker.controller !== null")

    # A page drawn before the turn came: no count in its title yet.
    page.evaluate("document.title = document.title.replace(/^\\(\\d+\\) /, '')")
    page.evaluate(TOLD)
    # The registration's id came as an event, some round trips after enable's answer.
    for _ in range(100):
        if registrations:
            break
        page.evaluate("0")  # a round trip, in which Playwright hands over the events
    (registration,) = [r for r in registrations if r["scopeURL"] == f"{base}/"]
    cdp.send(
        "ServiceWorker.deliverPushMessage",
        {
            "origin": base,
            "registrationId": registration["registrationId"],
            "data": json.dumps(sent.payload),
        },
    )
    # The worker tells open pages the count once the notification is up.
    assert page.evaluate("window.told") == {"type": "tables-waiting", "count": 1}
    (shown,) = page.evaluate(NOTIFICATIONS)
    assert shown == {
        "title": f"{game} has started: your turn",
        "body": sent.payload["body"],
        "tag": f"table-{game.pk}",
        "url": f"/games/{game.pk}/",
    }
    expect(page).to_have_title("(1) Your games · Tipperary")

    (worker,) = context.service_workers
    worker.evaluate(CLICK)
    page.wait_for_url(f"{base}/games/{game.pk}/")
    assert page.evaluate(NOTIFICATIONS) == []  # the click closed it

    # The device list, as a person sees it on a laptop and on a phone.
    page.goto(f"{base}/settings/devices/")
    # Chromium here has no push service to subscribe with: the refusal is said where one looks.
    page.get_by_role("button", name="Turn on notifications on this device").click()
    expect(page.get_by_role("status").last).to_contain_text("Nothing changed.")
    page.screenshot(path=screenshot_dir / "devices-laptop.png", full_page=True)
    phone = sign_in(browser, base, host, viewport=PHONE)
    phone.goto(f"{base}/settings/devices/")
    expect(phone.get_by_role("button", name="Send a test notification to Chrome on Android"))
    phone.screenshot(path=screenshot_dir / "devices-phone.png", full_page=True)
    phone.goto(f"{base}/settings/notifications/")
    phone.screenshot(path=screenshot_dir / "notifications-phone.png", full_page=True)
