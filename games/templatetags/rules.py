"""Rule citations as links to the rules page: ``{% load rules %}``, then ``{{ text|rule_links }}``
or ``{% filter rule_links %}…{% endfilter %}`` (``games.words.citations``)."""

from __future__ import annotations

from django import template

from games.words.citations import rule_links

register = template.Library()
register.filter("rule_links", rule_links, is_safe=True)
