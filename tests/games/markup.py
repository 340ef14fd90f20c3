"""Markup compared as a browser reads it: spaces between tags may differ, nothing else may."""

from __future__ import annotations

import re


def spaced(html: str) -> str:
    """``html`` with every run of spaces one space, and none next to a tag."""
    return re.sub(r">\s+", ">", re.sub(r"\s+<", "<", re.sub(r"\s+", " ", html))).strip()
