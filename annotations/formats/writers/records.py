"""``records.csv``: every sentence of a release with its gold label, one row each. It is what
an automatic evaluator's predictions are joined on and scored against (docs/evaluation.md),
so every release carries it, whatever its formats (as it carries ``scores.csv``).

UTF-8 without BOM, quoted only where needed, ``\\n`` after every row::

    record_id,summary_record_id,corpus,doc_id,topic,topic_category,system,split,sent_idx,label,error_types,unified_types,system_category,covers_key_fact,spans,key_facts,acus,soft_inconsistent,soft_entropy,posterior_inconsistent,posterior_entropy

- ``record_id``: the sentence's record id, the LLM-AggreFact export's ``id``;
  ``summary_record_id``: the summary's, its ``summary_id`` (rows.py, "Record ids"): the ids an
  evaluator's sentence-level and summary-level predictions name;
- ``corpus``, ``doc_id``: the document, the unit a bootstrap resamples (its sentences are not
  independent); ``topic``, ``topic_category`` (gold: ``main``, ``marginal``, ``irrelevant`` or
  empty when not judged); ``system``: the summarizer; ``split``: ``dev``, ``test`` or ``none``;
- ``sent_idx``: the 1-based sentence number the exports print;
- ``label``: the gold label, ``consistent`` or ``inconsistent``, empty when not judged;
- ``error_types``, ``unified_types``: the gold types of an inconsistent sentence (project type
  names; AggreFact's unified codes) as a JSON array, ``[]`` when none;
- the soft label (``SOFT_COLUMNS``, last; releases built before them lack them and readers
  require only ``COLUMNS``): ``soft_inconsistent``, the share of the sentence's
  raters who said inconsistent, and ``soft_entropy``, the entropy in bits of that
  distribution; ``posterior_inconsistent``, the Dawid-Skene posterior probability that it
  is inconsistent given every rater's competence, and ``posterior_entropy``; empty when
  nobody labelled the sentence (or no model could be fitted).

Then, since issue 32 (a reader takes a file without them: every value unknown):

- ``system_category``: the summarizer's category given at import (AggreFact's SOTA /
  EXFORMER / OLD, fine-tuned / LLM), empty when none;
- ``covers_key_fact``: ``1`` when the sentence states a key fact of the topic, ``0`` when not,
  empty when not judged (conciseness);
- ``spans``: the sentence's gold error spans, ``[[start, end, "type"], ...]`` (offsets in the
  sentence, half-open; type "" when none), empty when none;
- ``key_facts``: the summary's gold coverage of each of the topic's key facts, in the list's
  order (``[true, false, null]``), empty when the topic has none (repeated on each of its rows);
- ``acus``: the gold verdict of each of the summary's atomic facts (``[true, false]``), empty
  when it has none (repeated on each of its rows).

A push writer (``RecordsWriter.write(row)``), so a release fills it from rows streaming past
into another format. No Django here.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import BinaryIO

from annotations.formats.writers.encoding import csv_fields
from annotations.formats.writers.rows import (
    RecordIds,
    SentenceRow,
    SummaryRow,
    binary_entropy,
    record_ids_of,
)

RECORDS_FILE = "records.csv"
COLUMNS = [
    "record_id",
    "summary_record_id",
    "corpus",
    "doc_id",
    "topic",
    "topic_category",
    "system",
    "split",
    "sent_idx",
    "label",
    "error_types",
    "unified_types",
]
# Written since issue 32 and optional to a reader (a release built before has none of them):
# what evaluators are scored on beyond the binary label.
OPTIONAL_COLUMNS = [
    "system_category",
    "covers_key_fact",
    "spans",
    "key_facts",
    "acus",
]


def spans_json(sentence: SentenceRow) -> str:
    """The sentence's gold spans as ``[[start, end, type], ...]`` (type: the project's name,
    "" when none), each once, in order; "" when it has none."""
    spans = list(dict.fromkeys((span.start, span.end, span.error_type) for span in sentence.spans))
    return json.dumps([list(span) for span in spans], ensure_ascii=False) if spans else ""


def key_facts_json(summary: SummaryRow) -> str:
    """The gold coverage of each key fact of the topic, in the list's order (``true``,
    ``false``, ``null`` when not decided); "" when the topic has none."""
    if not summary.key_fact_coverage:
        return ""
    return json.dumps([coverage.covered for coverage in summary.key_fact_coverage])


def acus_json(summary: SummaryRow) -> str:
    """The gold verdict of each atomic fact (ACU) of the summary, in order; "" when none."""
    if not summary.atomic_facts:
        return ""
    return json.dumps([fact.supported for fact in summary.atomic_facts])


def covers_text(sentence: SentenceRow) -> str:
    return "" if sentence.covers_key_fact is None else "1" if sentence.covers_key_fact else "0"


# Written after COLUMNS; optional for readers (old releases have none).
SOFT_COLUMNS = [
    "soft_inconsistent",
    "soft_entropy",
    "posterior_inconsistent",
    "posterior_entropy",
]


def _soft(sentence: SentenceRow) -> list[str]:
    votes, posterior = sentence.votes, sentence.posterior
    cells = ["", ""]
    if votes is not None and votes[0] + votes[1] > 0:
        share = votes[1] / (votes[0] + votes[1])
        cells = [f"{share:.4g}", f"{binary_entropy(share):.4f}"]
    if posterior is None:
        return [*cells, "", ""]
    return [*cells, f"{posterior:.4f}", f"{binary_entropy(posterior):.4f}"]


def _json_list(values: tuple[str, ...]) -> str:
    return json.dumps(list(values), ensure_ascii=False)


class RecordsWriter:
    """Writes ``records.csv`` to ``stream`` one summary at a time; ``records`` counts rows."""

    def __init__(self, stream: BinaryIO) -> None:
        self._stream = stream
        self.records = 0
        stream.write(
            (csv_fields([*COLUMNS, *OPTIONAL_COLUMNS, *SOFT_COLUMNS]) + "\n").encode("utf-8")
        )

    def write(self, summary: SummaryRow, ids: RecordIds | None = None) -> None:
        """``ids``: the row's record ids, when the caller has them already."""
        ids = ids or record_ids_of(summary)
        head = [
            ids.summary,
            summary.corpus,
            summary.doc_id,
            summary.topic,
            summary.topic_category,
            summary.system,
            summary.split,
        ]
        key_facts, acus = key_facts_json(summary), acus_json(summary)
        lines = []
        for sentence, sentence_id in zip(summary.sentences, ids.sentences, strict=True):
            lines.append(
                csv_fields(
                    [
                        sentence_id,
                        *head,
                        sentence.number,
                        sentence.label or "",
                        _json_list(sentence.error_types),
                        _json_list(sentence.unified_types),
                        summary.system_category,
                        covers_text(sentence),
                        spans_json(sentence),
                        key_facts,
                        acus,
                        *_soft(sentence),
                    ]
                )
                + "\n"
            )
        self._stream.write("".join(lines).encode("utf-8"))
        self.records += len(lines)


def write_records(stream: BinaryIO, summaries: Iterable[SummaryRow]) -> int:
    """Write the header and one row per sentence; returns the number of rows."""
    writer = RecordsWriter(stream)
    for summary in summaries:
        writer.write(summary)
    return writer.records
