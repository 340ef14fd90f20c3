"""A drawing lets go of what it read (tipperary_site.template_backend): the context Django makes
for a template is a reference cycle, emptied once drawn, so what it held goes with the response
rather than when Python's cycle collector comes round; and web processes run that collector on
young objects less often."""

from __future__ import annotations

import subprocess
import sys
import weakref

import pytest
from django.template import TemplateDoesNotExist, engines
from django.template.loader import render_to_string
from django.test import RequestFactory

from tests.fixtures.collector import collector_off
from tipperary_site.settings import BASE_DIR


class _Read:
    """Something a template reads."""

    name = "Aoife"
    turn = None  # a game page with no turn to play, for the partial below


def test_what_a_drawing_read_is_freed_with_the_last_reference() -> None:
    read = _Read()
    kept = weakref.ref(read)
    request = RequestFactory().get("/")
    with collector_off():
        html = engines["django"].from_string("{% with who=read %}{{ who.name }}{% endwith %}")
        assert html.render({"read": read}, request) == "Aoife"
        del read
        assert kept() is None


def test_a_partial_is_found_through_it() -> None:
    # A partial of the site's (template_partials names the engine's loaders "django"): the
    # tile tried on a page, here none.
    html = render_to_string("games/game.html#preview", {"page": _Read()})
    assert 'id="preview"' in html


def test_a_missing_template_is_told_as_django_tells_it() -> None:
    with pytest.raises(TemplateDoesNotExist):
        render_to_string("no/such/template.html")


def test_a_web_process_collects_young_objects_less_often() -> None:
    shown = subprocess.run(
        [
            sys.executable, "-c",
            "import gc, tipperary_site.wsgi; from django.conf import settings;"
            " print(gc.get_threshold()[0], settings.GC_YOUNG_THRESHOLD)",
        ],
        cwd=BASE_DIR, capture_output=True, text=True, check=True,
    )  # fmt: skip
    first, wanted = shown.stdout.split()
    assert first == wanted != "700"
