"""The board art in a real Chromium: a mid-game county, the wheel, pieces and the legend.

The screenshots land in var/screenshots/ for a person to look at: every landscape must be told
apart in colour and in greyscale, stone values must be readable, a county must fit a phone.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from django.template import engines
from django.test import RequestFactory
from playwright.sync_api import Page, expect

import engine
from games.page import county
from tests.games.test_board import play

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SEED = 20261129
SAMPLE_PATH = "/board-art-sample/"


@pytest.fixture
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """The sample page is answered by ``page.route``, which a service worker would go around."""
    return {**browser_context_args, "service_workers": "block"}


PAGE = """{% extends "base.html" %}{% load static %}
{% block head %}<link rel="stylesheet" href="{% static 'css/board.css' %}">{% endblock %}
{% block content %}{% include "games/_symbols.html" %}
<h1>Round {{ state.round }}</h1>
<h2>Your county</h2>
{% include "games/_county.html" with grid=grid title="Your county" overlay=overlay targets=targets %}
<h2>Place your sheep</h2>
{% include "games/_county.html" with grid=sheep_grid title="Your county" overlay=None targets=sheep_targets cell_url="/play/" cell_verb="Put the sheep on" %}
<h2>The wheel</h2>
{% include "games/_wheel.html" with areas=state.areas mine=mine owners=owners %}
<h2>Pieces</h2>
<p class="pieces">{% for t in pieces %}{% include "games/_piece.html" with tile=t.0 orientation=t.1 size=t.2 %} {% endfor %}
{% include "games/_piece.html" with bonus=11 size="large" %}</p>
<h2>A finished county</h2>
{% include "games/_county.html" with grid=big title="A finished county" overlay=None targets=None %}
<h2>Finished counties</h2>
<div class="small-counties">{% include "games/_county.html" with grid=sheep_grid size="small" title="A county in play" overlay=None targets=None cell_url=None %} {% for g in finished %}{% include "games/_county.html" with grid=g size="small" title="A finished county" overlay=None targets=None %} {% endfor %}</div>
<h2>Legend</h2>
{% include "games/_symbols.html#legend" %}
{% endblock %}
"""  # noqa: E501 (a template tag cannot span lines)


#: Every square of a sparse county whose box is not its row's and column's, and every sparse
#: county not as large as its rows and columns (none is the answer).
SPARSE_CHECK = """() => {
  const wrong = [];
  for (const county of document.querySelectorAll(".county.sparse")) {
    const box = county.getBoundingClientRect();
    const style = getComputedStyle(county);
    const [cols, rows] = ["--cols", "--rows"].map((p) => +style.getPropertyValue(p));
    const side = box.width / cols;
    if (Math.abs(box.height - rows * side) > 1) wrong.push(`county ${cols}x${rows}`);
    for (const cell of county.querySelectorAll(".cell")) {
      const [row, col] = cell.style.gridArea.split("/").map((n) => +n.trim());
      const at = cell.getBoundingClientRect();
      const off = Math.abs(at.left - box.left - (col - 1) * side)
        + Math.abs(at.top - box.top - (row - 1) * side);
      if (off > 1) wrong.push(cell.getAttribute("aria-label"));
    }
  }
  return wrong;
}"""


def sample_page() -> str:
    state = play(SEED, 3, rounds=8)
    finished = play(SEED + 1, 3)
    seat = 0
    display = state.seats[seat].display
    slot = 0 if state.areas[state.area_of(seat)][0] is not None else 1
    tile_id = state.areas[state.area_of(seat)][slot]
    assert tile_id is not None
    o, x, y = engine.legal_placements(state, seat, slot)[-1]
    overlay = county.tile_overlay(tile_id, o, x, y, legal=True)
    bad_at = next(iter(display))
    overlay |= county.bonus_overlay(11, *bad_at, legal=False)
    mine = state.area_of(seat)
    owners = {state.area_of(i): name for i, name in enumerate(("Aoife", "Brendan", "Ciara"))}
    widest = max((s.display for s in finished.seats), key=lambda d: county.county_grid(d).width)
    edge = county.county_grid(widest)
    big = county.county_grid(widest, extra=[(edge.max_x + 1, edge.min_y)])  # one column more
    assert big.width >= 11
    request = RequestFactory().get(SAMPLE_PATH)
    request.user = AnonymousUser()
    pieces = [(t, 0, "small") for t in (1, 7, 13, 22, 40, 57, 58)] + [(52, 1, "large")]
    return (
        engines["django"]
        .from_string(PAGE)
        .render(
            {
                "state": state,
                "grid": county.county_grid(display, extra=overlay),
                "overlay": overlay,
                "targets": engine.legal_cells(state, seat)[:3],
                "sheep_grid": county.county_grid(display),
                "sheep_targets": [xy for xy, c in display.items() if c.is_empty_meadow],
                "mine": mine,
                "owners": owners,
                "pieces": pieces,
                "finished": [county.county_grid(s.display, margin=0) for s in finished.seats],
                "big": big,
            },
            request,
        )
    )


def test_it_draws_a_county_the_wheel_and_the_legend(
    page: Page, live_server: object, screenshot_dir: Path
) -> None:
    html = sample_page()
    url = f"{live_server}{SAMPLE_PATH}"
    page.route(url, lambda route: route.fulfill(body=html, content_type="text/html"))
    failed: list[str] = []
    page.on("response", lambda r: failed.append(r.url) if r.status >= 400 else None)
    for width, name in ((390, "phone"), (1280, "laptop")):
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(url)
        expect(page.get_by_role("group", name="Your county").first).to_be_visible()
        expect(page.get_by_role("button", name="Put the sheep on meadow at").first).to_be_visible()
        # Every large county fits the page without scrolling sideways, an 11-wide one included.
        for wrap in page.locator(".county--large").all():
            assert wrap.evaluate("w => w.scrollWidth <= w.clientWidth")
            box = wrap.locator(".county").bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
        # A small county draws no empty cells: each square sits in its own row and column, and
        # the county keeps the size of its whole box.
        misplaced = page.evaluate(SPARSE_CHECK)
        assert misplaced == [], misplaced
        page.screenshot(path=screenshot_dir / f"board-art-{name}.png", full_page=True)
        page.add_style_tag(content="html { filter: grayscale(1); }")
        page.screenshot(path=screenshot_dir / f"board-art-{name}-greyscale.png", full_page=True)
    assert failed == []
