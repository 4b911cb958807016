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
from array import array

import numpy as np
from django.db import transaction
from django.db.models import Count

from annotations.formats.corpus_predictions import CorpusRecords
from annotations.formats.release_records import IdIndex
from annotations.models import Document, Project, Summary, SummarySentence

STREAM_ROWS = 20_000


def corpus_records(project: Project) -> CorpusRecords:
    with transaction.atomic():
        return _corpus_records(project)


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
    ids = np.frombuffer(bytes(sentence_ids + summary_ids), dtype="S20")
    del sentence_ids, summary_ids
    return CorpusRecords(
        ids=IdIndex(ids),
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
