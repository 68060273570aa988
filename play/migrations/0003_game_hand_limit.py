"""A game may end after a number of hands (a lesson is one hand): the tutorial's games,
which the code used to recognise by their kind, say so in a column of their own."""

from django.db import migrations, models


def lessons_end_after_one_hand(apps, schema_editor):
    apps.get_model("game", "Game").objects.filter(kind="tutorial").update(hand_limit=1)


class Migration(migrations.Migration):
    dependencies = [("game", "0002_history_columns_and_kind")]

    operations = [
        migrations.AddField(
            model_name="game",
            name="hand_limit",
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
        migrations.RunPython(lessons_end_after_one_hand, migrations.RunPython.noop),
    ]
