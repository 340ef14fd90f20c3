"""Site-wide pages that belong to no app."""

from django.http import HttpRequest
from django.template.response import TemplateResponse


def home(request: HttpRequest) -> TemplateResponse:
    """The front page: what the site is and how a game works."""
    return TemplateResponse(request, "home.html")
