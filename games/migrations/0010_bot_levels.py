"""Bot seats are named by level: the greedy bot is "easy", the strong bot "hard"."""

from django.apps.registry import Apps
from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor

RENAMED = {"greedy": "easy", "strong": "hard"}


def _rename(apps: Apps, names: dict[str, str]) -> None:
    seat = apps.get_model("games", "Seat")
    for old, new in names.items():
        seat.objects.filter(bot=old).update(bot=new)


def forwards(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    _rename(apps, RENAMED)


def backwards(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    _rename(apps, {new: old for old, new in RENAMED.items()})


class Migration(migrations.Migration):
    dependencies = [("games", "0009_heartbeat")]

    operations = [migrations.RunPython(forwards, backwards)]
