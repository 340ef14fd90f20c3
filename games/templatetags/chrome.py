"""What ``base.html`` puts round every page (``games.page.chrome_html``): ``{% head_links %}``,
``{% head_scripts %}``, ``{% signed_in_links %}``, ``{% nav_mine %}``, ``{% site_links %}``,
``{% account_links %}`` and ``{% site_footer %}``."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from games.page import chrome_html

register = template.Library()


@register.simple_tag
def head_links() -> SafeString:
    """The page's description, style sheet, icons and manifest."""
    return chrome_html.head_links()


@register.simple_tag(takes_context=True)
def head_scripts(context: template.Context) -> SafeString:
    """The scripts every page runs."""
    return chrome_html.head_scripts(nonce=context.get("csp_nonce"))


def _tables_waiting(context: template.Context) -> int:
    """The count of tables waiting for the viewer, as a number. Most pages have it from the
    context processor (games.waiting.tables_waiting), worked out on first use inside a
    ``SimpleLazyObject``, which gettext's plural rules cannot count with (Spanish's takes
    ``n % 1000000``): it is read here as the number it stands for."""
    count = context.get("tables_waiting")
    return int(str(count)) if count else 0


@register.simple_tag(takes_context=True)
def signed_in_links(context: template.Context) -> SafeString:
    """The header's links for a person signed in (nothing for a visitor)."""
    user = context.get("user")
    if not getattr(user, "is_authenticated", False):
        return SafeString("")
    return chrome_html.signed_in_links(_tables_waiting(context))


@register.simple_tag(takes_context=True)
def nav_mine(context: template.Context, oob: bool = False) -> SafeString:
    """The link to the person's games with the count waiting (``oob``: for a fragment)."""
    return chrome_html.nav_mine(_tables_waiting(context), oob)


@register.simple_tag(takes_context=True)
def account_links(context: template.Context) -> SafeString:
    """The header's account links, the log-out form carrying the request's CSRF token."""
    return chrome_html.account_links(context.get("user"), str(context.get("csrf_token") or ""))


@register.simple_tag
def site_links() -> SafeString:
    """The header's links everyone sees."""
    return chrome_html.site_links()


@register.simple_tag(takes_context=True)
def site_footer(context: template.Context) -> SafeString:
    """The footer with the language switch, its form carrying the request's CSRF token."""
    return chrome_html.site_footer(str(context.get("csrf_token") or ""))
