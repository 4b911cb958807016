"""The spans export: JSONL, one record per summary with its nonfactual spans located in the
summary text, their evidence in the dialogue, and the gold spans (docs/formats/spans.md).

Layout: UTF-8, one compact JSON object per line, ``\\n`` after every line, keys in this
order::

    {"id", "corpus", "doc_id", "topic", "summary_id", "system", "split", "summary", "label",
     "sentences": [{"position", "start", "end", "label"}],
     "spans": [SPAN, ...],        # every annotator's spans, by start in the summary
     "gold_spans": [SPAN, ...]}   # the spans of the gold label, by start in the summary

    SPAN = {"annotator", "sentence", "start", "end", "text", "error_type", "unified_type",
            "note", "no_evidence", "evidence": [{"turn", "start", "end", "text"}]}

Offsets are half-open ``[start, end)`` in code points: a span's index the *summary* text
(``summary[start:end] == text``), converted from the stored offsets in its sentence by the
sentence's start in the summary; an evidence span's index its turn's text (``turn`` is the
0-based position of the turn in the dialogue). The dialogue is not repeated: ``corpus`` and
``doc_id`` name the document of the native corpus format.

Gold spans are the spans of each sentence whose gold label is ``inconsistent``, marked by
the annotators who labelled that sentence inconsistent (``SentenceRow.spans``, built by the
release's one gold rule, annotations/selectors/release_gold.py); a sentence whose gold label
is consistent has none, whatever a losing minority marked in it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, BinaryIO

from annotations.formats.writers.encoding import json_line
from annotations.formats.writers.rows import ExportError, SpanRow, SummaryRow, summary_record_id


def _fields(**types: Any) -> list[dict[str, Any]]:
    return [
        {"name": name, "list": kind} if isinstance(kind, list) else {"name": name, "dtype": kind}
        for name, kind in types.items()
    ]


_SPAN = _fields(
    annotator="string",
    sentence="int64",
    start="int64",
    end="int64",
    text="string",
    error_type="string",
    unified_type="string",
    note="string",
    no_evidence="bool",
    evidence=_fields(turn="int64", start="int64", end="int64", text="string"),
)
# The record's schema in the notation of a Hugging Face dataset card (``dataset_info``
# ``features``), which the card declares for this format: without it a loader infers the
# types per file, and a split where no summary has a span reads ``spans`` as a list of nulls
# that cannot be joined with a split that has spans. Kept equal to spans_record's keys
# (tests/formats/writers/test_spans.py).
FEATURES = _fields(
    id="string",
    corpus="string",
    doc_id="string",
    topic="string",
    summary_id="string",
    system="string",
    split="string",
    summary="string",
    label="string",
    sentences=_fields(position="int64", start="int64", end="int64", label="string"),
    spans=_SPAN,
    gold_spans=_SPAN,
)


def write_spans(stream: BinaryIO, summaries: Iterable[SummaryRow]) -> int:
    """Write one line per summary; returns the number of records written."""
    count = 0
    for summary in summaries:
        stream.write(json_line(spans_record(summary)))
        count += 1
    return count


def spans_record(summary: SummaryRow) -> dict[str, Any]:
    text = summary.summary_text
    starts = summary.sentence_starts()
    raw: list[tuple[int, int, int, dict[str, Any]]] = []
    for rank, annotator in enumerate(summary.annotators):
        for index, judged in enumerate(annotator.sentences):
            for span in judged.spans:
                record = _span(summary, text, starts[index], index, span, annotator.annotator)
                raw.append((record["start"], record["end"], rank, record))
    gold = [
        _span(summary, text, starts[index], index, span, span.annotator)
        for index, sentence in enumerate(summary.sentences)
        if sentence.label == "inconsistent"
        for span in sentence.spans
    ]
    return {
        "id": summary_record_id(summary),
        "corpus": summary.corpus,
        "doc_id": summary.doc_id,
        "topic": summary.topic,
        "summary_id": summary.external_id,
        "system": summary.system,
        "split": summary.split,
        "summary": text,
        "label": summary.gold_label,
        "sentences": [
            {
                "position": sentence.position,
                "start": start,
                "end": start + len(sentence.text),
                "label": sentence.label,
            }
            for sentence, start in zip(summary.sentences, starts, strict=True)
        ],
        "spans": [record for *_, record in sorted(raw, key=lambda item: item[:3])],
        # Sorted, stably: with several flaggers the rule lists one annotator's spans, then
        # the next one's.
        "gold_spans": sorted(gold, key=lambda record: (record["start"], record["end"])),
    }


def _span(
    summary: SummaryRow,
    text: str,
    offset: int,
    index: int,
    span: SpanRow,
    annotator: str,
) -> dict[str, Any]:
    start, end = offset + span.start, offset + span.end
    if text[start:end] != span.text:
        raise ExportError(
            f"{summary.where()}: the span [{span.start}, {span.end}) of sentence {index} is"
            f" {span.text!r}, but the summary has {text[start:end]!r} there"
        )
    return {
        "annotator": annotator or None,
        "sentence": summary.sentences[index].position,
        "start": start,
        "end": end,
        "text": span.text,
        "error_type": span.error_type or None,
        "unified_type": span.unified_type or None,
        "note": span.note,
        "no_evidence": span.no_evidence,
        "evidence": [
            {"turn": e.turn, "start": e.start, "end": e.end, "text": e.text} for e in span.evidence
        ],
    }
