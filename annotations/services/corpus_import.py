"""Import of corpora: documents, turns, topics, summaries and sentences, in bulk.

Atomic: the caller's whole import runs in one transaction, so a bad line anywhere leaves the
database as it was. Idempotent: a document whose id exists with the same content hash is
skipped; one with different content is refused (judgements may already point at it).
Streaming: records are consumed in batches, so memory does not grow with the file.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import Any

from django.db import connection, transaction
from django.db.models import Model
from django.utils import timezone

from annotations.formats.errors import FormatError
from annotations.formats.native import read_native
from annotations.formats.records import ColumnLimits, DocumentRecord, turn_offsets
from annotations.models import Corpus, Document, Project, Summary, SummarySentence, Topic, Turn
from annotations.selectors.corpus_counts import corpus_counts
from annotations.services.bulk import insert_rows
from annotations.services.given_facts import given_atomic_facts_ensure, given_lists_ensure

BATCH_DOCUMENTS = 500


# The source of the key-fact lists a native corpus gives (``Round.key_fact_source``).
NATIVE_KEY_FACTS = "given"


class ImportFailed(ValueError):
    """An import refused; the message names the file, line, field and what was expected."""


@dataclass(slots=True)
class ImportReport:
    documents_created: int = 0
    documents_unchanged: int = 0
    topics: int = 0
    summaries: int = 0
    sentences: int = 0
    turns: int = 0
    judgements: int = 0
    spans: int = 0  # published error spans (a circumstantial CSV's nonfactual spans)
    evidence: int = 0  # their evidence spans in the dialogue
    given_key_facts: int = 0  # of topics' given key-fact lists (native ``key_facts``)
    given_atomic_facts: int = 0  # of summaries' given atomic facts (native ``atomic_facts``)
    notes: list[str] = field(default_factory=list)
    # Evaluators' predictions an import kept beside the labels (never as labels), one line each.
    predictions: list[str] = field(default_factory=list)
    # A lenient import's report (what it did instead of refusing, row by row), as lines; the
    # same as structured data for a job's result.
    lenient: list[str] = field(default_factory=list)
    lenient_data: dict[str, Any] | None = None

    def lines(self) -> list[str]:
        lines = [
            f"documents: {self.documents_created} created, {self.documents_unchanged} already"
            " imported (unchanged)",
            f"created: {self.turns} turns, {self.topics} topics, {self.summaries} summaries,"
            f" {self.sentences} sentences",
        ]
        if self.judgements:
            lines.append(f"published judgements: {self.judgements}")
        if self.spans:
            lines.append(
                f"published error spans: {self.spans}, with {self.evidence} evidence span(s)"
            )
        if self.given_key_facts or self.given_atomic_facts:
            lines.append(
                f"given: {self.given_key_facts} key fact(s) in lists rounds can align (source"
                f" {NATIVE_KEY_FACTS!r}), {self.given_atomic_facts} atomic fact(s) to verify"
            )
        lines.extend(f"normalised: {note}" for note in self.notes)
        lines.extend(f"predictions: {line}" for line in self.predictions)
        lines.extend(self.lenient)
        return lines


def column_limits() -> ColumnLimits:
    """The readers' length limits, from the columns they fill (never two numbers to keep in
    step: a migration that widens a column widens what imports accept)."""

    def longest(model: type[Model], name: str) -> int:
        length = getattr(model._meta.get_field(name), "max_length", None)
        assert length is not None, f"{model.__name__}.{name} has no max_length"
        return int(length)

    def largest(model: type[Model], name: str) -> int:
        kind = model._meta.get_field(name).get_internal_type()
        _, high = connection.ops.integer_field_range(kind)
        assert high is not None, f"{model.__name__}.{name} has no upper bound"
        return int(high)

    return ColumnLimits(
        corpus=longest(Corpus, "slug"),
        document_id=longest(Document, "external_id"),
        title=longest(Document, "title"),
        speaker=longest(Turn, "speaker"),
        role=longest(Turn, "role"),
        topic=longest(Topic, "name"),
        system=longest(Summary, "system"),
        summary_id=longest(Summary, "external_id"),
        source_index=largest(SummarySentence, "source_index"),
    )


def corpus_import_native(
    *,
    project: Project,
    path: Path,
    progress: Callable[[int], None] | None = None,
    name: str | None = None,
) -> ImportReport:
    """Import a native JSONL file. ``name`` is what errors call the file (the name the person
    uploaded, not the server's stored one); ``progress`` is called after each batch with the
    number of the last line read."""
    with path.open("rb") as stream, transaction.atomic():
        try:
            return corpus_import_records(
                project=project,
                records=read_native(stream, file=name or path.name, limits=column_limits()),
                source_format="native",
                progress=progress,
            )
        except FormatError as error:
            raise ImportFailed(str(error)) from None


def corpus_import_records(
    *,
    project: Project,
    records: Iterable[DocumentRecord],
    source_format: str,
    progress: Callable[[int], None] | None = None,
) -> ImportReport:
    report = ImportReport()
    corpora: dict[str, Corpus] = {}
    with transaction.atomic():
        for batch in _batches(iter(records), BATCH_DOCUMENTS):
            _import_batch(project, batch, corpora, source_format, report)
            if progress is not None:
                progress(batch[-1].line)
        if report.documents_created:
            # Counted here, so the first admin page after an import does not pay for it.
            corpus_counts(project=project)
    return report


def _batches(records: Iterator[DocumentRecord], size: int) -> Iterator[list[DocumentRecord]]:
    while batch := list(islice(records, size)):
        yield batch


def _import_batch(
    project: Project,
    batch: list[DocumentRecord],
    corpora: dict[str, Corpus],
    source_format: str,
    report: ImportReport,
) -> None:
    # In first-seen order, so corpus ids (and exports ordered by them) follow the file.
    for slug in [s for s in dict.fromkeys(r.corpus for r in batch) if s not in corpora]:
        corpora[slug], _ = Corpus.objects.get_or_create(
            project=project, slug=slug, defaults={"name": slug, "source_format": source_format}
        )
    hashes = {(record.corpus, record.external_id): record.content_hash() for record in batch}
    existing = {
        (corpus_id, external_id): content_hash
        for corpus_id, external_id, content_hash in Document.objects.filter(
            corpus__in=[corpora[r.corpus] for r in batch],
            external_id__in=[record.external_id for record in batch],
        ).values_list("corpus_id", "external_id", "content_hash")
    }
    new = []
    for record in batch:
        stored = existing.get((corpora[record.corpus].pk, record.external_id))
        if stored is None:
            new.append(record)
        elif stored == hashes[(record.corpus, record.external_id)]:
            report.documents_unchanged += 1
        else:
            raise ImportFailed(
                f"{record.origin}, field id: document {record.external_id!r} already exists in"
                f" corpus {record.corpus!r} with different content; import it under a new id"
                " (its sentences may already carry judgements)"
            )
    if new:
        _write(new, corpora, hashes, report)


def _write(
    records: list[DocumentRecord],
    corpora: dict[str, Corpus],
    hashes: dict[tuple[str, str], str],
    report: ImportReport,
) -> None:
    now = timezone.now()
    document_ids = insert_rows(
        Document,
        ["corpus_id", "external_id", "title", "split", "metadata", "content_hash", "created_at"],
        [
            (
                corpora[r.corpus].pk,
                r.external_id,
                r.title,
                r.split,
                r.metadata,
                hashes[(r.corpus, r.external_id)],
                now,
            )
            for r in records
        ],
    )
    turn_rows = []
    topic_rows = []
    topic_records = []
    for document_id, record in zip(document_ids, records, strict=True):
        for position, (turn, (start, end)) in enumerate(
            zip(record.turns, turn_offsets(record.turns), strict=True)
        ):
            turn_rows.append(
                (document_id, position, turn.speaker, turn.role, turn.text, start, end)
            )
        for position, topic in enumerate(record.topics):
            topic_rows.append((document_id, topic.name, position))
            topic_records.append(topic)
    insert_rows(
        Turn, ["document_id", "position", "speaker", "role", "text", "start", "end"], turn_rows
    )
    topic_ids = insert_rows(Topic, ["document_id", "name", "position"], topic_rows)
    summary_rows = []
    summary_records = []
    for topic_id, topic in zip(topic_ids, topic_records, strict=True):
        for position, summary in enumerate(topic.summaries):
            summary_rows.append(
                (
                    topic_id,
                    summary.external_id,
                    summary.system,
                    summary.text,
                    position,
                    summary.metadata,
                )
            )
            summary_records.append(summary)
    summary_ids = insert_rows(
        Summary, ["topic_id", "external_id", "system", "text", "position", "metadata"], summary_rows
    )
    sentence_rows = [
        (summary_id, position, sentence.source_index, sentence.text, sentence.start, sentence.end)
        for summary_id, summary in zip(summary_ids, summary_records, strict=True)
        for position, sentence in enumerate(summary.sentences)
    ]
    insert_rows(
        SummarySentence,
        ["summary_id", "position", "source_index", "text", "start", "end"],
        sentence_rows,
    )
    # Given key facts and atomic facts: lists rounds can align or verify instead of writing.
    given_lists_ensure(
        NATIVE_KEY_FACTS,
        {
            topic_id: [(fact, False) for fact in topic.key_facts]
            for topic_id, topic in zip(topic_ids, topic_records, strict=True)
            if topic.key_facts
        },
    )
    report.given_atomic_facts += given_atomic_facts_ensure(
        {
            summary_id: summary.atomic_facts
            for summary_id, summary in zip(summary_ids, summary_records, strict=True)
            if summary.atomic_facts
        }
    )
    report.given_key_facts += sum(len(topic.key_facts) for topic in topic_records)
    report.documents_created += len(records)
    report.turns += len(turn_rows)
    report.topics += len(topic_rows)
    report.summaries += len(summary_rows)
    report.sentences += len(sentence_rows)
