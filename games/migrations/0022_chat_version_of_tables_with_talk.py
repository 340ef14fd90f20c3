"""Tables that have talk already start their ``chat_version`` at 1: a table at 0 has never had a
message (games.page.chat reads no messages for it)."""

from django.apps.registry import Apps
from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.models import Exists, OuterRef


def talked(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    Game = apps.get_model("games", "Game")
    Message = apps.get_model("games", "Message")
    Game.objects.filter(Exists(Message.objects.filter(game=OuterRef("pk")))).update(
        chat_version=1
    )


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0021_chat_version"),
    ]

    operations = [
        migrations.RunPython(talked, migrations.RunPython.noop),
    ]
