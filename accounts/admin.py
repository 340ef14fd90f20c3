"""Profiles in the admin, on their own and inline on each user.

Addresses here follow Django's own permissions: staff who may view users see them there.
"""

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.models import User
from django.http import HttpRequest

from accounts.models import Profile


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    list_display = ["display_name", "time_zone", "email_mode", "vacation_from", "vacation_until"]
    search_fields = ["display_name", "user__email"]
    list_select_related = ["user"]
    raw_id_fields = ["user"]

    def get_search_fields(self, request: HttpRequest) -> list[str]:
        # Addresses are shown in the user admin, to staff who may view users; searching
        # profiles by an address would tell them to anyone who may only view profiles.
        if request.user.has_perm("auth.view_user"):
            return list(self.search_fields)
        return [name for name in self.search_fields if name != "user__email"]


class ProfileInline(admin.StackedInline):
    model = Profile
    can_delete = False


class UserWithProfileAdmin(UserAdmin):
    inlines = [ProfileInline]


admin.site.unregister(User)
admin.site.register(User, UserWithProfileAdmin)
