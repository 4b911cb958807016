"""A project's corpus as the records a corpus run names (issue 31, docs/models-in-the-loop.md):
every sentence's and every summary's corpus-level record id, computed as the release writers
compute them (``formats/writers/rows.py``: the SHA-256 of corpus, document, topic, summary and
sentence number), never looked up by database id.

One streamed query over the corpus's summaries and their sentences, in summary order; each
summary's names are encoded once and each sentence's id is that text with its number, so a
million sentences cost one hash each. Ids are kept as 20-byte strings in one buffer (no
Python string per record), and searched by ``IdIndex``. The query runs inside a
transaction: outside one Django declares its server-side cursor ``WITH HOLD``, which makes
PostgreSQL materialise the whole result before the first row is read.

Tried and dropped: hashing on the server (``json_build_array(...)::text`` writes what
``json.dumps(..., ensure_ascii=False)`` writes, then ``sha256``, read back by ``COPY``) was
no faster on the loaded bench machine: ~25 us a row of expression evaluation in PostgreSQL
against ~1-2 us of hashing here.
"""

from __future__ import annotations

import hashlib
import json
import logging
from array import array
from collections.abc import Iterator

import numpy as np
from django.db import IntegrityError, connection, transaction
from django.db.models import Count
from django.utils import timezone

from annotations.formats.corpus_predictions import CorpusRecords
from annotations.formats.release_records import IdIndex
from annotations.models import CorpusRecordsCache, Document, Project, Summary, SummarySentence

logger = logging.getLogger(__name__)

STREAM_ROWS = 20_000
# Changed whenever the cached arrays' layout or the record ids' rule changes.
CACHE_FORMAT = "corpus-records-2"
# A blob this large (~18 million records) would near PostgreSQL's 1 GB bytea limit: not kept.
CACHE_LIMIT = 900 * 2**20
ITEM_BYTES = 20 + 8 + 8 + 8 + 4 + 4  # per record: the arrays of _FIELDS and _SMALL
# Small enough that libpq's and psycopg's buffers of the part being read stay small (at 8 MB
# they were ~30 MB of the upload's peak RSS).
PART_BYTES = 1 << 20


def corpus_records(project: Project) -> CorpusRecords:
    """The corpus's records, from the cache when the project's documents are the ones it was
    computed from, else computed (and kept for the next upload)."""
    fingerprint = corpus_fingerprint(project)
    cached = (
        CorpusRecordsCache.objects.filter(project=project, fingerprint=fingerprint, part=0)
        .values_list("records", "sentences")
        .first()
    )
    if cached is not None:
        count, sentences = cached
        blob = _read_blob(project, fingerprint, count * ITEM_BYTES)
        if blob is not None:
            return _unpacked(count, sentences, blob)
    with transaction.atomic():
        records = _corpus_records(project)
    if len(records) * ITEM_BYTES <= CACHE_LIMIT:
        try:
            with transaction.atomic():
                CorpusRecordsCache.objects.filter(project=project).delete()
                _write_blob(project, fingerprint, records)
        except IntegrityError:  # another upload kept them first: theirs are as good
            pass
    return records


def corpus_records_prepare(project: Project) -> bool:
    """Compute and keep the corpus's record ids right after an import (its job or command),
    so that an evaluator's first corpus run uploads as fast as the next ones: computing them
    is most of a cold upload (8.5 s of 10.7 s for the bench's million sentences, against a
    45 s import). Never fails the import that calls it: an error is logged and the first
    upload computes them instead. Returns whether they are kept."""
    try:
        corpus_records(project)
    except Exception:  # the import succeeded; this is only a head start
        logger.exception("could not keep the record ids of project %s", project.slug)
        return False
    return True


def _parts(records: CorpusRecords) -> Iterator[bytes]:
    """The kept arrays (``_FIELDS`` then ``_SMALL``), concatenated, in parts of at most
    PART_BYTES. The ids are kept sorted, with their order, so that reading them back neither
    sorts them nor holds a second copy (``IdIndex.from_sorted``)."""
    arrays = (
        np.ascontiguousarray(records.ids._sorted, dtype="S20"),
        np.ascontiguousarray(records.ids._order, dtype="<i8"),
        np.ascontiguousarray(records.keys, dtype="<i8"),
        np.ascontiguousarray(records.summary, dtype="<i8"),
        np.ascontiguousarray(records.lengths, dtype="<i4"),
        np.ascontiguousarray(records.turns, dtype="<i4"),
    )
    for kept in arrays:
        raw = kept.view(np.uint8).reshape(-1)
        for start in range(0, len(raw), PART_BYTES):
            yield raw[start : start + PART_BYTES].tobytes()


def _write_blob(project: Project, fingerprint: str, records: CorpusRecords) -> None:
    """The cache's rows, one per part: on PostgreSQL by COPY (through the ORM each part
    would be a hex literal in its own SQL string)."""
    fields = {
        "project": project,
        "fingerprint": fingerprint,
        "records": len(records),
        "sentences": records.sentences,
    }
    if connection.vendor != "postgresql":
        for part, data in enumerate(_parts(records)):
            CorpusRecordsCache.objects.create(part=part, arrays=data, **fields)
        return
    table = connection.ops.quote_name(CorpusRecordsCache._meta.db_table)
    columns = "project_id, fingerprint, records, sentences, created_at, part, arrays"
    now = timezone.now()
    # Binary COPY: each part's bytes as they are (as text they were hex, twice the size,
    # three copies of it at once).
    with (
        connection.cursor() as cursor,
        cursor.cursor.copy(f"COPY {table} ({columns}) FROM STDIN (FORMAT BINARY)") as copy,
    ):
        copy.set_types(["int8", "varchar", "int4", "int4", "timestamptz", "int4", "bytea"])
        for part, data in enumerate(_parts(records)):
            copy.write_row(
                (project.pk, fingerprint, len(records), records.sentences, now, part, data)
            )


def _read_blob(project: Project, fingerprint: str, size: int) -> bytearray | None:
    """The kept parts, concatenated into one buffer of the size expected. On PostgreSQL by
    binary COPY (the ORM reads a bytea as hex text, twice its size)."""
    blob = bytearray(size)
    filled = 0
    if connection.vendor != "postgresql":
        for data in (
            CorpusRecordsCache.objects.filter(project=project, fingerprint=fingerprint)
            .order_by("part")
            .values_list("arrays", flat=True)
        ):
            blob[filled : filled + len(data)] = data
            filled += len(data)
        return blob if filled == size else None
    table = connection.ops.quote_name(CorpusRecordsCache._meta.db_table)
    query = (
        f"COPY (SELECT arrays FROM {table} WHERE project_id = %s AND fingerprint = %s"
        " ORDER BY part) TO STDOUT (FORMAT BINARY)"
    )
    # Binary COPY: a 19-byte header; per row a 16-bit field count, a 32-bit length and the
    # bytes; a 16-bit trailer (-1). Parsed as it arrives: at most a part is pending.
    pending = bytearray()
    header = False
    with (
        connection.cursor() as cursor,
        cursor.cursor.copy(query, [project.pk, fingerprint]) as copy,
    ):
        for block in copy:
            pending += block
            if not header and len(pending) >= 19:
                del pending[:19]
                header = True
            while header and len(pending) >= 6 and pending[:2] != b"\xff\xff":
                length = int.from_bytes(pending[2:6], "big")
                if len(pending) < 6 + length:
                    break
                if filled + length <= size:
                    with memoryview(pending) as view:  # no copy of the part first
                        blob[filled : filled + length] = view[6 : 6 + length]
                filled += length
                del pending[: 6 + length]
    return blob if filled == size else None


def corpus_fingerprint(project: Project) -> str:
    """What the corpus's record ids depend on: each document's id, corpus and content hash
    (its topics, summaries, sentences and turns). A document's content never changes once
    imported, and its summaries and sentences are created with it, so the same documents mean
    the same records and database ids."""
    digest = hashlib.sha256(CACHE_FORMAT.encode())
    for pk, corpus, content in (
        Document.objects.filter(corpus__project=project)
        .order_by("pk")
        .values_list("pk", "corpus__slug", "content_hash")
        .iterator(chunk_size=STREAM_ROWS)
    ):
        digest.update(f"{pk}\x1f{corpus}\x1f{content}\x1e".encode())
    return digest.hexdigest()


# The arrays of ``CorpusRecords`` in the blob's order, each one item per record: the ids
# sorted and the records they belong to, so that reading them back sorts nothing.
_FIELDS = (("ids", "S20"), ("order", "<i8"), ("keys", "<i8"), ("summary", "<i8"))
_SMALL = (("lengths", "<i4"), ("turns", "<i4"))


def _unpacked(records: int, sentences: int, blob: bytearray | memoryview) -> CorpusRecords:
    buffer = memoryview(blob)
    arrays: dict[str, np.ndarray] = {}
    offset = 0
    for name, dtype in _FIELDS + _SMALL:
        arrays[name] = np.frombuffer(buffer, dtype=dtype, count=records, offset=offset)
        offset += arrays[name].nbytes
    return CorpusRecords(
        ids=IdIndex.from_sorted(arrays["ids"], arrays["order"]),
        sentences=sentences,
        keys=arrays["keys"],
        summary=arrays["summary"],
        lengths=arrays["lengths"],
        turns=arrays["turns"],
    )


def _corpus_records(project: Project) -> CorpusRecords:
    turns = dict(
        Document.objects.filter(corpus__project=project)
        .annotate(turn_count=Count("turns"))
        .values_list("pk", "turn_count")
    )
    sentence_ids = bytearray()
    sentence_keys = array("q")
    sentence_summary = array("q")
    sentence_lengths = array("l")
    sentence_turns = array("l")
    summary_ids = bytearray()
    summary_keys = array("q")
    summary_turns = array("l")
    current = None
    prefix = ""
    rows = (
        Summary.objects.filter(topic__document__corpus__project=project)
        .order_by("pk", "sentences__position")
        .values_list(
            "pk",
            "topic__document_id",
            "topic__document__corpus__slug",
            "topic__document__external_id",
            "topic__name",
            "external_id",
            "system",
            "sentences__pk",
            "sentences__position",
            "sentences__source_index",
            "sentences__start",
            "sentences__end",
        )
        .iterator(chunk_size=STREAM_ROWS)
    )
    sha256 = hashlib.sha256
    for (
        summary,
        document,
        corpus,
        doc_id,
        topic,
        external_id,
        system,
        sentence,
        position,
        source_index,
        start,
        end,
    ) in rows:
        if summary != current:
            current = summary
            canonical = json.dumps(
                [corpus, doc_id, topic, external_id or system], ensure_ascii=False
            )
            summary_ids += sha256(canonical.encode("utf-8")).hexdigest()[:20].encode("ascii")
            summary_keys.append(summary)
            count = turns.get(document, 0)
            summary_turns.append(count)
            prefix = canonical[:-1] + ', "'
        if sentence is None:
            continue
        number = source_index if source_index is not None else position + 1
        sentence_ids += sha256(f'{prefix}{number}"]'.encode()).hexdigest()[:20].encode("ascii")
        sentence_keys.append(sentence)
        sentence_summary.append(summary)
        sentence_lengths.append(end - start)
        sentence_turns.append(count)
    sentence_ids += summary_ids  # in place: no second copy of a million ids
    del summary_ids
    ids = np.frombuffer(sentence_ids, dtype="S20")
    order = np.argsort(ids, kind="stable")
    sorted_ids = ids[order]
    del ids, sentence_ids  # kept sorted only, as the cache keeps them
    return CorpusRecords(
        ids=IdIndex.from_sorted(sorted_ids, order),
        sentences=len(sentence_keys),
        keys=np.concatenate(
            [
                np.frombuffer(sentence_keys, dtype=np.int64),
                np.frombuffer(summary_keys, dtype=np.int64),
            ]
        ),
        summary=np.concatenate(
            [
                np.frombuffer(sentence_summary, dtype=np.int64),
                np.frombuffer(summary_keys, dtype=np.int64),
            ]
        ),
        lengths=np.concatenate(
            [np.asarray(sentence_lengths, dtype=np.int32), np.zeros(len(summary_keys), np.int32)]
        ),
        turns=np.concatenate(
            [np.asarray(sentence_turns, dtype=np.int32), np.asarray(summary_turns, dtype=np.int32)]
        ),
    )


def corpus_size(project: Project) -> tuple[int, int]:
    """The corpus's sentences and summaries, to say what share of it a run covers."""
    return (
        SummarySentence.objects.filter(summary__topic__document__corpus__project=project).count(),
        Summary.objects.filter(topic__document__corpus__project=project).count(),
    )
