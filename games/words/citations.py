"""Rule citations as links to the rules page: "(R5.3)" in the site's words becomes a link to
that section, wherever the words are drawn (the ``rule_links`` filter, pages drawn in Python)."""

from __future__ import annotations

import re

from django.urls import reverse
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

# "R5.3", "R4.2.3" as the site cites them: "(R5.3)", "(R3: up to 8 …)", "(R5.1, R5.2)"; never
# part of a word, an address or an attribute ("#R5.3", id="R5").
_CITATION = re.compile(r"(?<![\w#/=\"'.-])(R[1-6](?:\.\d+)*)(?![\w-]|\.\d)")


def rule_links(text: str) -> SafeString:
    """``text`` with each rule citation a link to its section of the rules page.

    Plain text is escaped first; markup already marked safe (a ``{% filter %}`` block) is kept.
    "(R5.3)" becomes ``(<a class="rule-link" href="/rules/#R5.3">R5.3</a>)``.
    """
    html = str(conditional_escape(text))
    page = reverse("rules")
    return mark_safe(
        _CITATION.sub(lambda m: f'<a class="rule-link" href="{page}#{m[1]}">{m[1]}</a>', html)
    )
