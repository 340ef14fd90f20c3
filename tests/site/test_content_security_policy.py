"""The Content-Security-Policy header, and templates that need nothing it forbids."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

TEMPLATES = Path(settings.BASE_DIR) / "templates"
# Pages only: mail is read in mail programs, where this policy means nothing.
PAGES = [p for p in TEMPLATES.rglob("*.html") if "emails" not in p.parts]


@pytest.mark.django_db
def test_every_page_carries_a_policy_with_no_inline_script(client: Client) -> None:
    policy = client.get("/accounts/login/")["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    assert directives["default-src"] == "'self'"
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'"
    assert "unsafe" not in directives["script-src"]


@pytest.mark.parametrize("template", PAGES, ids=lambda p: str(p.relative_to(TEMPLATES)))
def test_no_template_has_inline_script_or_handlers(template: Path) -> None:
    html = template.read_text()
    for tag in re.findall(r"<script\b[^>]*>", html):
        assert "src=" in tag or 'type="application/json"' in tag, tag
    assert not re.search(r"\son[a-z]+\s*=", html), "event handler attribute"
    assert "javascript:" not in html
