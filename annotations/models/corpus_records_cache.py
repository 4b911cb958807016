"""The record ids of a project's corpus, kept between corpus runs' uploads (issue 31,
docs/models-in-the-loop.md, "Corpus runs").

Computing them (``selectors/corpus_records.py``) streams every sentence of the corpus with
its names and hashes each one: for the bench's million sentences ~9 s of the upload's CPU and
~11 s of PostgreSQL's (47 s of wall time at load average 6), against 4 s to read them back
from here (bench/README.md, 2026-11-28). They change only when the corpus does, and an import only ever adds
documents whose content is then fixed (a different content under the same id is refused), so
they are kept here, keyed by a fingerprint of the project's documents (their ids, corpora and
content hashes), and computed again when it differs. Kept in the database, not in files, so
that they go wherever the rows they name go: rolled back, flushed or deleted with them.
"""

from __future__ import annotations

from django.db import models


class CorpusRecordsCache(models.Model):
    """One project's ``CorpusRecords`` as one blob of arrays (``selectors/corpus_records.py``
    writes and reads it)."""

    project = models.OneToOneField(
        "annotations.Project", on_delete=models.CASCADE, related_name="+"
    )
    fingerprint = models.CharField(max_length=64)
    records = models.PositiveIntegerField()
    sentences = models.PositiveIntegerField()
    arrays = models.BinaryField()
    created_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.records} record ids of project {self.project_id}"
