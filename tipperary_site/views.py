"""Site-wide pages that belong to no app."""

from django.http import HttpRequest
from django.template.response import TemplateResponse


def home(request: HttpRequest) -> TemplateResponse:
    """The front page: what the site is and how a game works; a player also finds their tables."""
    return TemplateResponse(request, "home.html")
