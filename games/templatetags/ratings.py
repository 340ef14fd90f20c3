"""Ratings in words and numbers: ``{% load ratings %}``."""

from __future__ import annotations

from django import template
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.ratings.outcome import TableRating, table_ratings
from games.ratings.scale import points

register = template.Library()


@register.filter
def rating_move(ordinal_change: float | None) -> str:
    """What a table did to a rating, signed: "+12", "−5", "±0", or "" for an unrated table."""
    if ordinal_change is None:
        return ""
    return signed(points(ordinal_change))


def signed(moved: int) -> str:
    """A change of the shown rating with its sign: "+12", "−5" (a true minus), "±0"."""
    if moved == 0:
        return "±0"
    return f"+{moved}" if moved > 0 else f"−{-moved}"


@register.filter
def rating_line(rating: TableRating) -> str:
    """A table's rating change in words, the same on the final page and in the mail:
    "Rating 1000 → 1081 (+81, provisional: 1 of 5 games)"."""
    said = {
        "before": rating.before,
        "after": rating.after,
        "change": signed(rating.change),
        "games": rating.games,
        "settled": rating.settled_games,
    }
    if rating.provisional:
        return (
            ngettext(
                "Rating %(before)s → %(after)s (%(change)s, provisional: %(games)d of "
                "%(settled)d game)",
                "Rating %(before)s → %(after)s (%(change)s, provisional: %(games)d of "
                "%(settled)d games)",
                rating.settled_games,
            )
            % said
        )
    if rating.settled_now:
        return (
            ngettext(
                "Rating %(before)s → %(after)s (%(change)s, %(games)d rated game: now on the "
                "leaderboard)",
                "Rating %(before)s → %(after)s (%(change)s, %(games)d rated games: now on the "
                "leaderboard)",
                rating.games,
            )
            % said
        )
    return _("Rating %(before)s → %(after)s (%(change)s)") % said


@register.simple_tag(takes_context=True)
def table_rating_changes(context: template.Context) -> list[TableRating]:
    """The rating changes of the finished rated table on the page (``page.rated``) once it has
    been rated; nothing, and no query, anywhere else. One query."""
    page = context.get("page")
    if page is None or not page.rated or page.access.game.rated_at is None:
        return []
    return table_ratings(page.access.game)
