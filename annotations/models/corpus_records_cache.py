"""The record ids of a project's corpus, kept between corpus runs' uploads (issue 31,
docs/models-in-the-loop.md, "Corpus runs").

Computing them (``selectors/corpus_records.py``) streams every sentence of the corpus with
its names and hashes each one: for the bench's million sentences ~9 s of the upload's CPU
and ~11 s of PostgreSQL's (47 s of wall time at load average 6), against ~2 s to read them
back from here (bench/README.md, 2026-11-28). They change only when the corpus does, and an
import only ever adds documents whose content is then fixed (a different content under the
same id is refused), so they are kept here, keyed by a fingerprint of the project's
documents (their ids, corpora and content hashes), and computed again when it differs. An
import computes them at once (``corpus_records_prepare``), and the admin cannot edit or
delete a topic, summary or sentence apart from its document (admin.py,
``CorpusContentAdmin``), so the fingerprint stands for every record. Kept in the database, not
in files, so that they go wherever the rows they name go: rolled back, flushed or deleted
with them.
"""

from __future__ import annotations

from django.db import models


class CorpusRecordsCache(models.Model):
    """One part of one project's ``CorpusRecords``: their arrays, concatenated, cut into
    parts of at most 1 MB (``selectors/corpus_records.py`` writes and reads them), so that
    reading them back never holds more than a part twice (one 52 MB value was three copies
    at once: PostgreSQL's message, psycopg's and the arrays')."""

    project = models.ForeignKey("annotations.Project", on_delete=models.CASCADE, related_name="+")
    part = models.PositiveIntegerField()
    fingerprint = models.CharField(max_length=64)
    records = models.PositiveIntegerField()
    sentences = models.PositiveIntegerField()
    arrays = models.BinaryField()
    created_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["project", "part"], name="corpus_records_part_once")
        ]

    def __str__(self) -> str:
        return f"part {self.part} of the record ids of project {self.project_id}"
