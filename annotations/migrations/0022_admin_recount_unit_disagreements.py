"""The disagreement list now counts a summary whose raters differ on "not a summary", as the
unit view shows it. ``UnitDisagreement`` rows are a cache (services/unit_disagreements.py
counts a unit again when its submits change), so the rows counted by the old rule are
dropped and counted again on the next read."""

from django.db import migrations


def forget_counts(apps, schema_editor):  # type: ignore[no-untyped-def]
    apps.get_model("annotations", "UnitDisagreement").objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [
        ("annotations", "0021_people_invitations_and_audit"),
    ]

    operations = [
        migrations.RunPython(forget_counts, migrations.RunPython.noop),
    ]
