"""The native export: JSONL, one record per summary with everything known about it.

Layout (docs/formats/exports.md has the field table): UTF-8, one JSON object per line,
``\\n`` after every line (the last included), keys in this order::

    {"corpus", "doc_id", "annotation_id", "topic", "topic_category", "summary_id", "system",
     "split", "text",
     "sentences": [{"position", "number", "text", "label", "explanations", "error_types",
                    "unified_types", "spans": [{"start", "end", "text", "error_type",
                    "unified_type", "note", "no_evidence",
                    "evidence": [{"turn", "start", "end", "text"}]}],
                    "covers_key_fact", "provenance", "soft_label"}],
     "relevance", "not_a_summary",
     "provenance": {"topic_category", "relevance", "not_a_summary", "key_facts",
                    "key_facts_author", "atomic_facts"},
     "key_facts": [{"text", "covered", "sentences"}], "completeness", "conciseness",
     "atomic_facts": [{"text", "supported", "given"}], "faithfulness", "acu_score",
     "annotators": [{"annotator": "A1",
                     "sentences": [{"label", "explanation", "comment", "confidence",
                                    "error_types", "unified_types", "spans",
                                    "covers_key_fact"}],
                     "relevance", "not_a_summary", "comment",
                     "key_facts": [{"text", "covered", "sentences"}],
                     "active_seconds"}]}

Unknown values are ``null``, never omitted, so every line has the same keys and loads into a
table (``pandas.read_json(path, lines=True)``). The dialogue is not repeated per summary:
``corpus`` and ``doc_id`` name the document of the native corpus format
(docs/formats/native-jsonl.md).

Key facts: ``key_facts`` is the unit's gold list with the gold coverage; each annotator's
``key_facts`` is the list *they* judged (their own written list, or their copy of a given
list) with their own decisions. Every coverage value is written beside the text of the fact
it judged, so none can be read against another list by position (docs/completeness.md).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, BinaryIO

from annotations.formats.writers.encoding import json_line
from annotations.formats.writers.rows import (
    AnnotatorLabels,
    AnnotatorSentence,
    FactCoverage,
    SentenceRow,
    SpanRow,
    SummaryRow,
    soft_label,
)


def write_native(stream: BinaryIO, summaries: Iterable[SummaryRow]) -> int:
    """Write one line per summary; returns the number of records written."""
    count = 0
    for summary in summaries:
        stream.write(json_line(native_record(summary)))
        count += 1
    return count


def native_record(summary: SummaryRow) -> dict[str, Any]:
    # Tuples go to the encoder as they are (it writes them as arrays): a release has millions
    # of them, and copying each into a list cost a second per million sentences.
    n_sentences = len(summary.sentences)
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
        # Where each gold value came from: adjudicated, reviewed, unanimous, majority, tie or
        # single (docs/review.md); the sentences carry their label's.
        "provenance": {
            "topic_category": summary.category_provenance,
            "relevance": summary.relevance_provenance,
            "not_a_summary": summary.not_a_summary_provenance,
            # The gold key-fact list's: adjudicated, given or written (by key_facts_author).
            "key_facts": summary.key_facts_source or None,
            "key_facts_author": summary.key_facts_author or None,
            # The gold atomic facts': adjudicated, given (the first voting rater's verdicts on
            # the given ACUs) or written (the first voting rater's own ACUs).
            "atomic_facts": summary.atomic_facts_source or None,
        },
        "key_facts": _gold_key_facts(summary),
        "completeness": summary.completeness,
        "conciseness": summary.conciseness,
        "atomic_facts": [
            {"text": fact.text, "supported": fact.supported, "given": fact.given}
            for fact in summary.atomic_facts
        ],
        # The summary's scores as scores.csv has them (docs/formats/scores.md).
        "faithfulness": summary.faithfulness,
        "acu_score": summary.acu_score,
        # A list, not an object keyed by annotator: keys that vary from record to record make
        # a different struct type per record, which Arrow (and so `datasets`) cannot load.
        "annotators": [_annotator(annotator, n_sentences) for annotator in summary.annotators],
    }


def _gold_key_facts(summary: SummaryRow) -> list[dict[str, Any]]:
    if summary.key_fact_coverage:  # the constructor checked it judges the gold list
        return [_fact(coverage) for coverage in summary.key_fact_coverage]
    return [{"text": fact.text, "covered": None, "sentences": ()} for fact in summary.key_facts]


def _fact(coverage: FactCoverage) -> dict[str, Any]:
    # sentences: 0-based positions (as sentences[].position) of those that state the fact.
    return {
        "text": coverage.fact.text,
        "covered": coverage.covered,
        "sentences": coverage.sentences,
    }


def _sentence(sentence: SentenceRow) -> dict[str, Any]:
    return {
        "position": sentence.position,
        "number": sentence.number,
        "text": sentence.text,
        "label": sentence.label,
        "explanations": sentence.explanations,
        "error_types": sentence.error_types,
        "unified_types": sentence.unified_types,
        "spans": [_span(span) for span in sentence.spans] if sentence.spans else (),
        "covers_key_fact": sentence.covers_key_fact,
        "provenance": sentence.provenance,
        "soft_label": soft_label(sentence),
    }


def _span(span: SpanRow) -> dict[str, Any]:
    return {
        "start": span.start,
        "end": span.end,
        "text": span.text,
        "error_type": span.error_type or None,
        "unified_type": span.unified_type or None,
        "note": span.note,
        # True: the annotator said the dialogue has nothing to point at (extrinsic).
        "no_evidence": span.no_evidence,
        "evidence": [
            {"turn": e.turn, "start": e.start, "end": e.end, "text": e.text} for e in span.evidence
        ],
    }


def _annotator(annotator: AnnotatorLabels, n_sentences: int) -> dict[str, Any]:
    # Padded to one entry per sentence, so positions line up with the gold.
    if annotator.sentences:
        sentences = [_annotator_sentence(sentence) for sentence in annotator.sentences]
    else:
        sentences = [_UNANSWERED] * n_sentences
    return {
        "annotator": annotator.annotator,
        "sentences": sentences,
        "relevance": annotator.relevance,
        "not_a_summary": annotator.not_a_summary,
        "comment": annotator.comment,
        # Their own list and decisions; not the gold list's order (that may be another's).
        "key_facts": [_fact(coverage) for coverage in annotator.key_facts],
        # Time on task: the active seconds of their assignment of this unit (the same on
        # every summary of the unit); null for imported labels.
        "active_seconds": annotator.active_seconds,
    }


# A sentence's optional confidence, written as the words the linguist chose from.
CONFIDENCE_NAMES = {1: "low", 2: "medium", 3: "high"}


def _annotator_sentence(sentence: AnnotatorSentence) -> dict[str, Any]:
    if sentence.label == "consistent" and sentence.is_plain:
        return _PLAIN_CONSISTENT  # most judgements: one shared dict, encoded as often as used
    return {
        "label": sentence.label,
        "explanation": sentence.explanation,
        "comment": sentence.comment,
        "confidence": CONFIDENCE_NAMES.get(sentence.confidence) if sentence.confidence else None,
        "error_types": sentence.error_types,
        "unified_types": sentence.unified_types,
        "spans": [_span(span) for span in sentence.spans] if sentence.spans else (),
        "covers_key_fact": sentence.covers_key_fact,
        # Assisted rounds: the label saved before the model's verdict was revealed.
        "pre_reveal_label": sentence.pre_reveal_label,
    }


def _plain(label: str | None) -> dict[str, Any]:
    return {
        "label": label,
        "explanation": "",
        "comment": "",
        "confidence": None,
        "error_types": (),
        "unified_types": (),
        "spans": (),
        "covers_key_fact": None,
        "pre_reveal_label": None,
    }


_UNANSWERED = _plain(None)
_PLAIN_CONSISTENT = _plain("consistent")
