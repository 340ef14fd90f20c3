"""The round time is kept in minutes (live speeds of 1–5 minutes beside 12 hours–7 days).

Every table keeps its round time: hours become minutes. Going back, a live table's round time
becomes the shortest slow one (12 hours), the only value hours can hold for it.
"""

from django.db import migrations, models
from django.db.models import F

from django.apps.registry import Apps
from django.db.backends.base.schema import BaseDatabaseSchemaEditor


def hours_to_minutes(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    Game = apps.get_model("games", "Game")
    Game.objects.update(round_minutes=F("round_minutes") * 60)


def minutes_to_hours(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    Game = apps.get_model("games", "Game")
    Game.objects.filter(round_minutes__lt=12 * 60).update(round_minutes=12 * 60)
    Game.objects.update(round_minutes=F("round_minutes") / 60)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0014_outbox_request_id"),
    ]

    operations = [
        migrations.RenameField(model_name="game", old_name="round_hours", new_name="round_minutes"),
        migrations.AlterField(
            model_name="game",
            name="round_minutes",
            field=models.PositiveSmallIntegerField(
                choices=[
                    (1, "1 minute"), (2, "2 minutes"), (3, "3 minutes"), (5, "5 minutes"),
                    (720, "12 hours"), (1440, "1 day"), (2880, "2 days"), (4320, "3 days"),
                    (10080, "7 days"),
                ],
                default=1440,
            ),
        ),
        migrations.RunPython(hours_to_minutes, minutes_to_hours),
    ]
