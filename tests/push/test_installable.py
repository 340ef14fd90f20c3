"""The installable site: the manifest, the service worker at the root, the offline page."""

from __future__ import annotations

import struct

from django.contrib.auth.models import User
from django.contrib.staticfiles import finders
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries


def png_size(path: str) -> tuple[int, int]:
    with open(path, "rb") as file:
        head = file.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def test_the_manifest_names_the_app_its_icons_and_starts_at_your_games(
    db: None, client: Client, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    with django_assert_num_queries(0):
        response = client.get("/manifest.webmanifest")
    assert response["Content-Type"] == "application/manifest+json"
    manifest = response.json()
    assert manifest["name"] == "Tipperary" and manifest["short_name"] == "Tipperary"
    assert manifest["start_url"] == reverse("games:mine") and manifest["scope"] == "/"
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"] == "#1f4d3a" and manifest["background_color"] == "#f7f3e8"
    pngs = {
        (i["sizes"], i.get("purpose", "any")): i["src"]
        for i in manifest["icons"]
        if i["type"] == "image/png"
    }
    assert set(pngs) == {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}
    for (sizes, _), src in pngs.items():
        found = finders.find(src.removeprefix("/static/"))
        assert found, src
        side = int(sizes.split("x")[0])
        assert png_size(str(found)) == (side, side)


def test_every_page_links_the_manifest(db: None, client: Client) -> None:
    page = client.get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert 'src="/static/js/app.js"' in page


def test_the_service_worker_is_served_at_the_root_fresh_and_under_the_csp(
    db: None, client: Client, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    with django_assert_num_queries(0):
        response = client.get("/sw.js")
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    assert "no-cache" in response["Cache-Control"]
    assert "default-src 'self'" in response["Content-Security-Policy"]
    script = response.content.decode()
    assert '"offline": "/offline/"' in script and '"/static/css/site.css"' in script
    assert 'addEventListener("push"' in script and 'addEventListener("notificationclick"' in script
    # Pages come from the network: the worker keeps nothing but the offline page's files.
    assert "cache.put" not in script


def test_the_offline_page_names_nobody(
    client: Client, host: User, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    client.force_login(host)
    # None: the page reads neither the session nor the person.
    with django_assert_num_queries(0):
        response = client.get("/offline/")
    page = response.content.decode()
    assert "No connection" in page
    assert "Aoife" not in page and "csrf" not in page.lower()
