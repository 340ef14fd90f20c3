"""The admin of the games app."""

from __future__ import annotations

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from games.chat import Message
from games.services.chat import set_hidden

# Table talk: staff read messages and hide those that break the site's rules. -----------------


@admin.register(Message)
class MessageAdmin(admin.ModelAdmin):
    list_display = ["created_at", "game", "author", "text", "hidden_by_staff"]
    list_filter = ["hidden_by_staff"]
    search_fields = ["text", "author__profile__display_name", "author__email"]
    list_select_related = ["game", "author"]
    date_hierarchy = "created_at"
    actions = ["hide", "show"]
    # Only hidden_by_staff may change, and only through the actions below, so the tables
    # concerned redraw at once.
    readonly_fields = ["game", "author", "text", "created_at", "hidden_by_staff"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.action(description="Hide the selected messages (they show nowhere)")
    def hide(self, request: HttpRequest, queryset: QuerySet[Message]) -> None:
        count = set_hidden(list(queryset.values_list("pk", flat=True)), True)
        self.message_user(request, f"{count} message(s) hidden.", messages.SUCCESS)

    @admin.action(description="Show the selected messages again")
    def show(self, request: HttpRequest, queryset: QuerySet[Message]) -> None:
        count = set_hidden(list(queryset.values_list("pk", flat=True)), False)
        self.message_user(request, f"{count} message(s) shown again.", messages.SUCCESS)


# ---------------------------------------------------------------------------------------------
