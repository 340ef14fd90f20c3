"""The weekly challenge mail gets a switch of its own, apart from the "game is finished" mails."""

from django.apps.registry import Apps
from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor


def keep_each_persons_choice(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    """Until now the "game is finished" switch also governed the challenge mail: whoever had
    turned it off keeps hearing nothing from the challenge."""
    Profile = apps.get_model("accounts", "Profile")
    Profile.objects.filter(notify_game_finished=False).update(notify_challenge=False)


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0002_profile_notify_chat"),
    ]

    operations = [
        migrations.AddField(
            model_name="profile",
            name="notify_challenge",
            field=models.BooleanField(
                default=True,
                verbose_name="The weekly challenge's deal is up (with last week's result)",
            ),
        ),
        migrations.RunPython(keep_each_persons_choice, migrations.RunPython.noop),
    ]
