"""Pages and fragments travel compressed; what would make that unsafe (BREACH) is never repeated."""

from __future__ import annotations

import gzip
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games import services
from games.models import Game

BASE_DIR = Path(__file__).resolve().parents[2]
GZIP = {"Accept-Encoding": "gzip, deflate, br"}
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


@pytest.fixture
def started(host: User, player: User) -> Game:
    """A two-player table in round 1."""
    game = services.create_game(host, seats_wanted=2, round_minutes=1440, is_open=True, rated=True)
    return services.join_game(game.pk, player)


def test_it_sends_the_game_page_compressed_to_browsers_that_accept_it(
    client: Client, host: User, started: Game
) -> None:
    client.force_login(host)
    plain = client.get(f"/games/{started.pk}/")
    packed = client.get(f"/games/{started.pk}/", headers=GZIP)

    assert "Content-Encoding" not in plain
    assert packed["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed["Vary"]
    html = gzip.decompress(packed.content).decode()
    assert "Your turn: pick a tile" in html
    assert len(packed.content) < len(plain.content) / 4


def test_its_fragments_are_compressed_too(client: Client, host: User, started: Game) -> None:
    client.force_login(host)
    headers = {**GZIP, "HX-Request": "true", "HX-Target": "turn"}
    response = client.get(f"/games/{started.pk}/?slot=0", headers=headers)

    assert response["Content-Encoding"] == "gzip"
    assert gzip.decompress(response.content).decode().lstrip().startswith('<section id="turn"')


def test_no_two_pages_carry_the_same_csrf_token(client: Client, host: User, started: Game) -> None:
    client.force_login(host)
    first, second = (
        gzip.decompress(client.get(f"/games/{started.pk}/?slot=0", headers=GZIP).content).decode()
        for _ in range(2)
    )

    assert CSRF.findall(first) and CSRF.findall(second)
    assert not set(CSRF.findall(first)) & set(CSRF.findall(second))


def _session_engine(cache_url: str | None) -> str:
    env = {k: v for k, v in os.environ.items() if k != "CACHE_URL"}
    if cache_url is not None:
        env["CACHE_URL"] = cache_url
    code = "from django.conf import settings; print(settings.SESSION_ENGINE)"
    result = subprocess.run(
        [sys.executable, "-c", f"import django; django.setup(); {code}"],
        cwd=BASE_DIR, env={**env, "DJANGO_SETTINGS_MODULE": "tipperary_site.settings"},
        capture_output=True, text=True, timeout=60, check=True,
    )  # fmt: skip
    return result.stdout.strip()


def test_sessions_come_from_the_cache_only_when_every_process_shares_it() -> None:
    assert _session_engine("redis://127.0.0.1:6379/1").endswith(".cached_db")
    assert _session_engine(None).endswith(".db")


def test_each_compressed_fragment_names_itself_at_random_and_unpacks_whole(
    client: Client, host: User, started: Game
) -> None:
    client.force_login(host)
    headers = {**GZIP, "HX-Request": "true", "HX-Target": "turn"}
    bodies = [client.get(f"/games/{started.pk}/?slot=0", headers=headers) for _ in range(6)]

    names = set()
    for response in bodies:
        body = response.content
        assert body[3] & gzip.FNAME and response["Content-Length"] == str(len(body))
        names.add(body[10 : body.index(b"\x00", 10)])
        assert gzip.decompress(body).decode().lstrip().startswith('<section id="turn"')
    assert len(names) > 1  # the length of a response tells nothing of what it holds (BREACH)


def test_a_short_answer_is_sent_as_it_is(client: Client, host: User, started: Game) -> None:
    client.force_login(host)
    response = client.get("/healthz", headers=GZIP)

    assert len(response.content) < 200 and "Content-Encoding" not in response
