"""The native export: JSONL, one record per summary with everything known about it.

Layout (docs/formats/exports.md has the field table): UTF-8, one JSON object per line,
``\\n`` after every line (the last included), keys in this order::

    {"corpus", "doc_id", "annotation_id", "topic", "topic_category", "summary_id", "system",
     "split", "text",
     "sentences": [{"position", "number", "text", "label", "explanations", "error_types",
                    "unified_types", "spans": [{"start", "end", "text", "error_type",
                    "unified_type", "note", "evidence": [{"turn", "start", "end", "text"}]}],
                    "covers_key_fact"}],
     "relevance", "not_a_summary",
     "key_facts": [{"text", "covered"}], "completeness", "conciseness",
     "annotators": {"A1": {"sentences": [{"label", "explanation", "error_types",
                                          "unified_types", "spans", "covers_key_fact"}],
                           "relevance", "not_a_summary", "comment", "key_facts_covered"}}}

Unknown values are ``null``, never omitted, so every line has the same keys and loads into a
table (``pandas.read_json(path, lines=True)``). The dialogue is not repeated per summary:
``corpus`` and ``doc_id`` name the document of the native corpus format
(docs/formats/native-jsonl.md).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, BinaryIO

from annotations.formats.writers.encoding import json_line
from annotations.formats.writers.rows import (
    AnnotatorLabels,
    AnnotatorSentence,
    SentenceRow,
    SpanRow,
    SummaryRow,
)


def write_native(stream: BinaryIO, summaries: Iterable[SummaryRow]) -> int:
    """Write one line per summary; returns the number of records written."""
    count = 0
    for summary in summaries:
        stream.write(json_line(native_record(summary)))
        count += 1
    return count


def native_record(summary: SummaryRow) -> dict[str, Any]:
    return {
        "corpus": summary.corpus,
        "doc_id": summary.doc_id,
        "annotation_id": summary.annotation_id,
        "topic": summary.topic,
        "topic_category": summary.topic_category or None,
        "summary_id": summary.external_id,
        "system": summary.system,
        "split": summary.split,
        "text": summary.summary_text,
        "sentences": [_sentence(sentence) for sentence in summary.sentences],
        "relevance": summary.relevance,
        "not_a_summary": summary.not_a_summary,
        "key_facts": [
            {
                "text": fact.text,
                "covered": summary.key_facts_covered[i] if summary.key_facts_covered else None,
            }
            for i, fact in enumerate(summary.key_facts)
        ],
        "completeness": summary.completeness,
        "conciseness": summary.conciseness,
        "annotators": {
            annotator.annotator: _annotator(annotator, summary) for annotator in summary.annotators
        },
    }


def _sentence(sentence: SentenceRow) -> dict[str, Any]:
    return {
        "position": sentence.position,
        "number": sentence.number,
        "text": sentence.text,
        "label": sentence.label,
        "explanations": list(sentence.explanations),
        "error_types": list(sentence.error_types),
        "unified_types": list(sentence.unified_types),
        "spans": [_span(span) for span in sentence.spans],
        "covers_key_fact": sentence.covers_key_fact,
    }


def _span(span: SpanRow) -> dict[str, Any]:
    return {
        "start": span.start,
        "end": span.end,
        "text": span.text,
        "error_type": span.error_type or None,
        "unified_type": span.unified_type or None,
        "note": span.note,
        "evidence": [
            {"turn": e.turn, "start": e.start, "end": e.end, "text": e.text} for e in span.evidence
        ],
    }


def _annotator(annotator: AnnotatorLabels, summary: SummaryRow) -> dict[str, Any]:
    return {
        # Padded to one entry per sentence, so positions line up with the gold sentences.
        "sentences": [
            _annotator_sentence(annotator.sentence(i)) for i in range(len(summary.sentences))
        ],
        "relevance": annotator.relevance,
        "not_a_summary": annotator.not_a_summary,
        "comment": annotator.comment,
        "key_facts_covered": [annotator.key_fact_covered(i) for i in range(len(summary.key_facts))],
    }


def _annotator_sentence(sentence: AnnotatorSentence) -> dict[str, Any]:
    return {
        "label": sentence.label,
        "explanation": sentence.explanation,
        "error_types": list(sentence.error_types),
        "unified_types": list(sentence.unified_types),
        "spans": [_span(span) for span in sentence.spans],
        "covers_key_fact": sentence.covers_key_fact,
    }
