"""A time zone is shown as a place and its offset, not as its raw database name."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from django.template import Context, Template

from accounts.zones import zone_label

WINTER = datetime(2026, 12, 7, tzinfo=UTC)
SUMMER = datetime(2026, 7, 6, tzinfo=UTC)


def test_it_names_the_place_with_the_offset_of_that_moment() -> None:
    new_york = ZoneInfo("America/New_York")
    assert zone_label(new_york, WINTER) == "New York (UTC−5)"
    assert zone_label(new_york, SUMMER) == "New York (UTC−4)"
    assert zone_label(ZoneInfo("America/Argentina/Buenos_Aires"), WINTER) == "Buenos Aires (UTC−3)"
    assert zone_label(ZoneInfo("Asia/Kathmandu"), WINTER) == "Kathmandu (UTC+5:45)"
    assert zone_label(ZoneInfo("UTC"), WINTER) == "UTC"


def test_templates_show_a_zone_name_readably() -> None:
    html = Template('{% load local_time %}{{ "Europe/Dublin"|readable_zone:at }}').render(
        Context({"at": SUMMER})
    )
    assert html == "Dublin (UTC+1)"
