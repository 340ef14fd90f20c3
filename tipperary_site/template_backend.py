"""Django's template backend, letting go of what a drawing read once it is drawn.

A template's context and each layer pushed on it point at each other (Django's ``ContextDict``
keeps its context), so a drawn context is a reference cycle: nothing it reads is freed when the
response goes, only when Python's cycle collector comes round. On a game page that is the whole
table (the game, its state, every seat and county laid out): a thousand objects a request that
the collector must find, some after they have aged into the generations it seldom visits, where
they pile up until a full collection walks the whole process. Emptying the context once the
drawing is done breaks the cycle, so all of it is freed at once, as any other object is.

With so little left for it, the collector looks at young objects less often
(``settings.GC_YOUNG_THRESHOLD``). ``make bench`` measures both (row "collector: share of the
page drawn afresh saved", against Django's own backend and Python's default threshold).
"""

from __future__ import annotations

from typing import Any

from django.template import TemplateDoesNotExist
from django.template.backends import django as django_backend
from django.template.context import make_context
from django.utils.safestring import SafeString


class Template(django_backend.Template):
    """Django's, but the context it made is emptied once drawn."""

    def render(self, context: Any = None, request: Any = None) -> SafeString:
        made = make_context(context, request, autoescape=self.backend.engine.autoescape)
        try:
            return self.template.render(made)
        except TemplateDoesNotExist as exc:
            django_backend.reraise(exc, self.backend)
        finally:
            made.dicts.clear()


class DjangoTemplates(django_backend.DjangoTemplates):
    """Django's template backend, drawing with :class:`Template`."""

    def from_string(self, template_code: str) -> Template:
        return Template(self.engine.from_string(template_code), self)

    def get_template(self, template_name: str) -> Template:
        try:
            return Template(self.engine.get_template(template_name), self)
        except TemplateDoesNotExist as exc:
            django_backend.reraise(exc, self)
