"""A corpus run's predictions move from a row per record (``CorpusPrediction``) to arrays in
parts (``CorpusRunPart``, annotations/formats/corpus_run_parts.py): inserting a million rows
cost PostgreSQL 5-7 s of CPU (docs/performance.md, 2026-11-28). Runs already stored are
converted, run by run, before the old table is dropped."""

import django.db.models.deletion
from django.db import migrations, models

from annotations.formats.corpus_run_parts import (
    PART_RECORDS,
    Extra,
    parts_of,
    records_from_rows,
)


def _rows_by_summary(old, run_id):
    """The run's rows in summary order, a summary's own verdict first, as (summary, row)."""
    rows = (
        old.objects.filter(run_id=run_id)
        .order_by("summary_id", models.F("sentence_id").asc(nulls_first=True))
        .values_list(
            "summary_id",
            "sentence_id",
            "label",
            "score",
            "abstain",
            "explanation",
            "error_types",
            "spans",
            "evidence",
        )
        .iterator(chunk_size=20_000)
    )
    for summary, sentence, label, score, abstain, explanation, types, spans, evidence in rows:
        extra = Extra(
            explanation,
            tuple(types or ()),
            tuple(tuple(span) for span in spans or ()),
            tuple(evidence or ()),
        )
        yield summary, (summary, sentence, label, score, abstain, extra)


def _write_part(new, run_id, number, rows):
    """One part of ``rows`` (they end at a summary's end, so none is cut inside one)."""
    (part,) = parts_of(records_from_rows(rows), size=len(rows))
    new.objects.create(
        run_id=run_id,
        number=number,
        first_summary=part.first_summary,
        last_summary=part.last_summary,
        records=part.records,
        arrays=part.arrays,
        extras=part.extras,
    )


def convert(apps, schema_editor):
    """Run by run, a part at a time: a run's rows are read in summary order and cut into
    parts as they come, so no run is ever held whole."""
    runs = apps.get_model("annotations", "CorpusRun")
    old = apps.get_model("annotations", "CorpusPrediction")
    new = apps.get_model("annotations", "CorpusRunPart")
    for run_id in runs.objects.order_by("pk").values_list("pk", flat=True):
        number, pending, previous = 0, [], None
        for summary, row in _rows_by_summary(old, run_id):
            if summary != previous and len(pending) >= PART_RECORDS:
                _write_part(new, run_id, number, pending)
                number, pending = number + 1, []
            pending.append(row)
            previous = summary
        if pending:
            _write_part(new, run_id, number, pending)


def store_uncompressed(apps, schema_editor):
    """PostgreSQL tries to compress every value over 2 kB (pglz): for a million records'
    arrays that was 1.0 s of the upload's 2.6 s, to save space nobody needed. EXTERNAL keeps
    them out of line, uncompressed."""
    if schema_editor.connection.vendor == "postgresql":
        table = schema_editor.quote_name("annotations_corpusrunpart")
        schema_editor.execute(f"ALTER TABLE {table} ALTER COLUMN arrays SET STORAGE EXTERNAL")


class Migration(migrations.Migration):
    dependencies = [
        ("annotations", "0032_corpus_run_upload"),
    ]

    operations = [
        migrations.CreateModel(
            name="CorpusRunPart",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("number", models.PositiveIntegerField()),
                (
                    "first_summary",
                    models.BigIntegerField(help_text="The lowest summary id in the part."),
                ),
                (
                    "last_summary",
                    models.BigIntegerField(help_text="The highest summary id in the part."),
                ),
                ("records", models.PositiveIntegerField()),
                ("arrays", models.BinaryField()),
                ("extras", models.JSONField(blank=True, default=dict)),
                (
                    "run",
                    models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="parts",
                        to="annotations.corpusrun",
                    ),
                ),
            ],
            options={
                "indexes": [
                    models.Index(fields=["run", "first_summary"], name="corpus_run_part_by_summary")
                ],
                "constraints": [
                    models.UniqueConstraint(fields=("run", "number"), name="corpus_run_part_once"),
                    models.CheckConstraint(
                        condition=models.Q(("first_summary__lte", models.F("last_summary"))),
                        name="corpus_run_part_range",
                    ),
                ],
            },
        ),
        migrations.RunPython(store_uncompressed, migrations.RunPython.noop),
        migrations.RunPython(convert, migrations.RunPython.noop),
        migrations.DeleteModel(name="CorpusPrediction"),
    ]
