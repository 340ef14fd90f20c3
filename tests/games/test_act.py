"""Submitting an action from the game page: applied once, or refused with a reason."""

from __future__ import annotations

import random

from django.contrib.auth.models import User
from django.test import Client

from games.engine_bridge import load_state
from games.models import Action, Game
from tests.games.playing import any_legal_action

HTMX = {"HX-Request": "true", "HX-Target": "game"}


def _legal(game: Game) -> str:
    notation = any_legal_action(load_state(game), 0, random.Random(3))
    assert notation is not None
    return notation


def test_a_legal_move_is_applied_and_the_page_follows(
    client: Client, host: User, started: Game
) -> None:
    client.force_login(host)
    notation = _legal(started)
    response = client.post(
        f"/games/{started.pk}/play/", {"notation": notation, "version": started.version}
    )
    assert response.status_code == 302 and response["Location"] == f"/games/{started.pk}/"
    assert Action.objects.get().notation == notation


def test_htmx_gets_the_fresh_game_fragment(client: Client, host: User, started: Game) -> None:
    client.force_login(host)
    response = client.post(
        f"/games/{started.pk}/play/",
        {"notation": _legal(started), "version": started.version},
        headers=HTMX,
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="game"')


def test_an_illegal_move_is_refused_with_a_reason_and_changes_nothing(
    client: Client, host: User, started: Game
) -> None:
    client.force_login(host)
    response = client.post(
        f"/games/{started.pk}/play/", {"notation": "t0 o0 0,0", "version": started.version},
        headers=HTMX,
    )  # fmt: skip
    assert response.status_code == 400
    assert "overlap" in response.content.decode()
    assert not Action.objects.exists()
    assert Game.objects.get(pk=started.pk).version == started.version


def test_garbage_is_refused(client: Client, host: User, started: Game) -> None:
    client.force_login(host)
    for data in ({"notation": "", "version": "1"}, {"notation": "t0", "version": "x"}, {}):
        response = client.post(f"/games/{started.pk}/play/", data, headers=HTMX)
        assert response.status_code == 400
    assert not Action.objects.exists()


def test_a_double_submit_applies_once_and_the_second_gets_409(
    client: Client, host: User, started: Game
) -> None:
    client.force_login(host)
    data = {"notation": _legal(started), "version": started.version}
    assert client.post(f"/games/{started.pk}/play/", data, headers=HTMX).status_code == 200
    again = client.post(f"/games/{started.pk}/play/", data, headers=HTMX)
    assert again.status_code == 409
    assert "The table changed since you loaded it" in again.content.decode()
    assert Action.objects.count() == 1


def test_an_outsider_cannot_act(client: Client, outsider: User, started: Game) -> None:
    client.force_login(outsider)
    response = client.post(
        f"/games/{started.pk}/play/", {"notation": _legal(started), "version": started.version}
    )
    assert response.status_code == 400
    assert not Action.objects.exists()


def test_only_post_is_accepted(client: Client, host: User, started: Game) -> None:
    client.force_login(host)
    assert client.get(f"/games/{started.pk}/play/").status_code == 405
