"""The table panel of the game page: ``{% load table_panel %}{% table_panel %}``
(``games.page.table_html``)."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from games.page.table_html import Kept, render_table_panel

register = template.Library()


@register.simple_tag(takes_context=True)
def table_panel(context: template.Context) -> SafeString:
    """The panel of the page's viewer, keeping what the page that asked shows as it stands
    (``chat_kept``, ``counties_kept``, ``wheel_kept``: games.views.play._kept)."""
    kept = Kept(
        chat=bool(context.get("chat_kept")),
        counties=bool(context.get("counties_kept")),
        wheel=bool(context.get("wheel_kept")),
        counties_mark=context.get("counties_mark") or "",
        wheel_mark=context.get("wheel_mark") or "",
    )
    return render_table_panel(
        context["request"],
        context["access"],
        context["page"],
        csrf_token=context.get("csrf_token", ""),
        kept=kept,
    )
