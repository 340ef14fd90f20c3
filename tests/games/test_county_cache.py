"""Drawn counties come from the cache, which never shows a neighbour's hidden turn (R4.2)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from unittest.mock import MagicMock, patch

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client
from django.utils import translation

import engine
from games import services
from games.engine_bridge import load_state
from games.models import Game
from games.page import county, county_cache
from games.page.county_html import render_county
from tests.conftest import make_person
from tests.games.playing import any_legal_action, play_round, step_of, table_of

OTHERS = "Brendan’s county"
RNG = random.Random(7)


@pytest.fixture(autouse=True)
def _empty_cache() -> Iterator[None]:
    cache.clear()
    county_cache._kept.clear()
    county_cache._points.clear()
    yield
    cache.clear()
    county_cache._kept.clear()
    county_cache._points.clear()


@pytest.fixture
def drawn() -> Iterator[MagicMock]:
    """Counts the counties actually drawn (not served from the cache)."""
    with patch.object(county_cache, "render_county", wraps=render_county) as spy:
        yield spy


def _county(html: str, title: str) -> str:
    """The markup of the county called ``title`` on a page."""
    county = rf'<div class="county-wrap[^>]*>\s*<div class="county[^>]*aria-label="{title}"'
    match = re.search(county + r".*?\n</div>\n</div>", html, re.S)
    assert match is not None, f"no county called {title}"
    return match.group(0)


def _key_seen_by(game: Game, viewer: int, seat: int) -> str:
    """The cache key of ``seat``'s county as the page of ``viewer`` draws it."""
    shown = engine.view(load_state(Game.objects.get(pk=game.pk)), viewer)
    return county_cache.cache_key(county.county_grid(shown.seats[seat].display), "small", OTHERS)


def _neighbour_moves(game: Game, player: User) -> None:
    notation = any_legal_action(load_state(game), 1, random.Random(3))
    assert notation is not None
    services.submit_action(game.pk, player, notation, step_of(game, player))


def test_a_county_is_drawn_once_then_served_from_the_cache(
    client: Client, host: User, started: Game, drawn: MagicMock
) -> None:
    client.force_login(host)
    first = client.get(f"/games/{started.pk}/").content.decode()
    assert drawn.call_count == 2  # your county and Brendan's
    again = client.get(f"/games/{started.pk}/").content.decode()
    assert drawn.call_count == 2
    assert _county(again, OTHERS) == _county(first, OTHERS)
    assert _county(again, "Your county") == _county(first, "Your county")


def test_the_cached_drawing_is_the_drawing(started: Game, drawn: MagicMock) -> None:
    grid = county.county_grid(load_state(started).seats[1].display)

    drawn_now = county_cache.county_html(grid, size="small", title=OTHERS)
    county_cache._kept.clear()  # another process: only the shared cache has it
    from_cache = county_cache.county_html(grid, size="small", title=OTHERS)

    assert drawn.call_count == 1
    assert drawn_now == from_cache == render_county(grid, size="small", title=OTHERS)
    assert cache.get(county_cache.cache_key(grid, "small", OTHERS)) == drawn_now


def test_a_neighbours_hidden_move_never_changes_the_county_others_get(
    client: Client, host: User, player: User, started: Game, drawn: MagicMock
) -> None:
    client.force_login(host)
    before = _county(client.get(f"/games/{started.pk}/").content.decode(), OTHERS)
    key = _key_seen_by(started, 0, 1)
    cached = cache.get(key)
    assert cached is not None and cached.strip() == before

    _neighbour_moves(started, player)  # Brendan places a tile: hidden from Aoife until round 2
    drawn.reset_mock()
    after = _county(client.get(f"/games/{started.pk}/").content.decode(), OTHERS)

    assert after == before and drawn.call_count == 0  # the same drawing, from the cache
    assert _key_seen_by(started, 0, 1) == key and cache.get(key) == cached
    # Brendan sees his own move, drawn under a key of its own that Aoife's page never asks for.
    assert _key_seen_by(started, 1, 1) != key


def test_the_round_end_shows_the_neighbours_move_under_a_new_key(
    client: Client, host: User, player: User, started: Game
) -> None:
    client.force_login(host)
    before = _county(client.get(f"/games/{started.pk}/").content.decode(), OTHERS)
    key = _key_seen_by(started, 0, 1)

    game = play_round(started, random.Random(5))

    assert _key_seen_by(game, 0, 1) != key
    assert _county(client.get(f"/games/{game.pk}/").content.decode(), OTHERS) != before


def test_a_county_people_act_on_is_drawn_afresh_with_its_own_csrf_token(
    client: Client, host: User, started: Game, drawn: MagicMock
) -> None:
    client.force_login(host)
    tried = f"/games/{started.pk}/?slot=0"  # a tile being tried: every cell moves it
    first = client.get(tried).content.decode()
    second = client.get(tried).content.decode()

    # The first load draws both counties (yours afresh, being acted on); the second comes
    # whole from the page cache, and still gets a CSRF token of its own.
    assert drawn.call_count == 2
    token = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
    assert token.findall(_county(first, "Your county"))[0] != token.findall(second)[0]


def test_a_grid_read_in_one_language_is_drawn_and_told_in_another_in_that_one() -> None:
    # A page's grids are read in its reader's language; the same grid drawn again under another
    # language (a test, a mail in its recipient's) must not leave those words under that one's key.
    grid = county.county_grid(engine.Display({(0, 0): engine.Cell(engine.Landscape.GRAIN)}))
    english = county_cache.county_words(grid), county_cache.county_html(grid, title="County")
    with translation.override("de"):
        german = county_cache.county_words(grid), county_cache.county_html(grid, title="County")
    assert "Getreidefeld" in german[0] and "Getreidefeld" in german[1]
    assert "grain field" in english[0] and "grain field" not in german[0] + german[1]
    with translation.override("de"):  # and the next reader in German gets them from memory
        again = county.county_grid(grid.cells)
        assert county_cache.county_words(again) == german[0]
        assert county_cache.county_html(again, title="County") == german[1]


def _county_trips(spy: MagicMock) -> list[int]:
    """How many counties each call of a cache method ``spy`` watches asked for."""
    return [
        len(keys)
        for keys in (call.args[0] for call in spy.call_args_list)
        if all(key.startswith("county:") for key in keys)
    ]


def test_a_page_asks_the_shared_cache_once_for_all_the_other_counties(
    client: Client, host: User, player: User, drawn: MagicMock
) -> None:
    game = play_round(table_of(host, player, make_person("Ciara"), make_person("Donal")), RNG)
    client.force_login(host)
    shared = county_cache.cache
    with (
        patch.object(shared, "get_many", wraps=shared.get_many) as asked,
        patch.object(shared, "set_many", wraps=shared.set_many) as stored,
    ):
        page = client.get(f"/games/{game.pk}/").content.decode()
        grids = [
            (county.county_grid(seat.display), "small", f"{name}’s county")
            for seat, name in zip(
                engine.view(load_state(game), 0).seats[1:],
                ("Brendan", "Ciara", "Donal"),
                strict=True,
            )
        ]
        county_cache._kept.clear()  # another process: only the shared cache has them
        again = county_cache.counties_html(grids)

    # The three others: one trip to ask, one to store what was drawn, and another process asks
    # once more and draws nothing. Your county is drawn too, but never asked for nor stored.
    assert _county_trips(asked) == [3, 3]
    assert _county_trips(stored) == [3]
    assert drawn.call_count == 4
    for drawing, (_grid, _size, title) in zip(again, grids, strict=True):
        assert drawing.strip() == _county(page, title)


def test_your_own_county_is_kept_in_the_process_but_never_shared(
    client: Client, host: User, started: Game, drawn: MagicMock
) -> None:
    client.force_login(host)
    shared = county_cache.cache
    with patch.object(shared, "set_many", wraps=shared.set_many) as stored:
        page = client.get(f"/games/{started.pk}/").content.decode()
    drawings = [
        html
        for call in stored.call_args_list
        for key, html in call.args[0].items()
        if key.startswith("county:")
    ]
    # Both counties are on the page; only Brendan's, which other pages show, is shared.
    assert _county(page, "Your county") and _county(page, OTHERS)
    assert len(drawings) == 1 and f'aria-label="{OTHERS}"' in drawings[0]

    grid = county.county_grid(load_state(started).seats[0].display, margin=2)
    drawn.reset_mock()
    with (
        patch.object(shared, "get_many", wraps=shared.get_many) as asked,
        patch.object(shared, "set_many", wraps=shared.set_many) as stored,
    ):
        first = county_cache.county_html(grid, title="Your county", shared=False)
        again = county_cache.county_html(grid, title="Your county", shared=False)
        county_cache._kept.clear()  # another process draws it itself
        elsewhere = county_cache.county_html(grid, title="Your county", shared=False)
    assert first == again == elsewhere and drawn.call_count == 2
    assert asked.call_count == stored.call_count == 0


def test_a_neighbours_points_are_counted_once_while_their_county_stands(
    client: Client, host: User, player: User, started: Game
) -> None:
    client.force_login(host)
    with patch.object(county_cache.engine, "county_points", wraps=engine.county_points) as counted:
        client.get(f"/games/{started.pk}/")
        # Your own county is counted on every page; Brendan's once, then kept.
        assert counted.call_count == 2
        client.get(f"/games/{started.pk}/?slot=0")  # another page: yours counted again
        assert counted.call_count == 3
        _neighbour_moves(started, player)  # hidden: Brendan's county stands as it was
        client.get(f"/games/{started.pk}/")
        assert counted.call_count == 4
        game = play_round(started, random.Random(5))  # the round ends: his county changed
        page = client.get(f"/games/{game.pk}/")
        assert counted.call_count == 6

    shown = engine.view(load_state(game), 0)
    for panel in page.context["page"].players:
        assert panel.score == engine.score(shown, panel.position)
