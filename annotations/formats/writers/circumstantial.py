"""The circumstantial export: CSV in the layout of the circumstantial-inference study's data
(Ramprasad, Ferracane and Lipton, 2024, "Analyzing LLM Behavior in Dialogue Summarization:
Unveiling Circumstantial Hallucination Trends"), one row per summary
(docs/formats/circumstantial.md)::

    docid,model,nonfactual_spans,evidence,summary,factual_error,error_type,dialogue,origin,linguistic_categories

UTF-8 without BOM, quoted only where needed (``""`` for a quote), ``\\n`` after every row.
The span columns are Python list literals, as the study writes them (``repr`` of a list of
strings, read back with ``ast.literal_eval``), one entry per gold span in the order of the
spans in the summary:

- ``nonfactual_spans``: the span texts;
- ``evidence``: ``[]`` when no span has evidence or says it has none; else one entry per
  span: its evidence as ``"SPEAKER :  text"`` (several joined by a newline), ``"Not found"``
  when the annotator found nothing to point at, ``None`` when no evidence was linked;
- ``error_type``: ``"Intrinsic_Error"`` or ``"Extrinsic_Error"``, the half of the span's
  unified (crosswalk) type, ``None`` for an untyped span;
- ``linguistic_categories``: the span's project type name (the study's own taxonomy when
  the project uses it), ``None`` for an untyped span.

``factual_error`` is ``1`` when the gold label of some sentence is inconsistent, ``0`` when
every sentence is consistent (a summary with neither is refused, as in AggreFact).
``dialogue`` is one ``SPEAKER: text`` line per turn (the study prints no roles), ``origin``
the corpus's name (its slug when it has none) and ``docid`` the document id, or
``<document id>::<topic>`` for a topic-focused summary, so that the summaries of one model on
several topics of a document stay apart (as the FineSurE export keys them).

The gold spans are the release's (``SentenceRow.spans``: those of the annotators who flagged
a sentence whose gold label is inconsistent); a span that two annotators marked alike (same
place, same type) is written once.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import BinaryIO

from annotations.formats.writers.encoding import csv_fields, verbatim
from annotations.formats.writers.rows import ExportError, SpanRow, SummaryRow, TurnRow

COLUMNS = (
    "docid",
    "model",
    "nonfactual_spans",
    "evidence",
    "summary",
    "factual_error",
    "error_type",
    "dialogue",
    "origin",
    "linguistic_categories",
)
# The texts under judgement, written raw (``verbatim``); every other text cell is neutralised
# against spreadsheet formulas (encoding.py), which the import undoes.
RAW_COLUMNS = frozenset({"summary", "dialogue"})
# The study's two coarse types, by the first half of a unified (aggrefact-unified) code.
ERROR_TYPES = {"intrinsic": "Intrinsic_Error", "extrinsic": "Extrinsic_Error"}
# What the study writes for a span whose evidence the annotator looked for and did not find.
NO_EVIDENCE = "Not found"
# Between a speaker and the words of their turn in an evidence entry, as the study writes it.
EVIDENCE_SEPARATOR = " :  "
# Between the document id and the topic in ``docid`` (a topic-focused summary).
TOPIC_SEPARATOR = "::"


def write_circumstantial(stream: BinaryIO, summaries: Iterable[SummaryRow]) -> int:
    """Write the header and one row per summary; returns the number of rows (header excluded)."""
    stream.write((csv_fields(COLUMNS) + "\n").encode("utf-8"))
    count = 0
    document: tuple[tuple[TurnRow, ...], str, str] | None = None
    dialogue = ""
    for summary in summaries:
        # The dialogue is the longest field and shared by a document's summaries: built once.
        if document is None or (summary.turns, summary.corpus, summary.doc_id) != document:
            document = (summary.turns, summary.corpus, summary.doc_id)
            dialogue = verbatim(_dialogue(summary))
        spans = gold_spans(summary)
        line = csv_fields(
            [
                docid(summary),
                summary.system,
                repr([text for _, text, _ in spans]),
                repr(_evidence(summary, [span for *_, span in spans])),
                # The texts under judgement stay byte for byte (the study's spans and evidence
                # are found in them), the names are neutralised (docs/formats/exports.md,
                # "Opening a CSV in a spreadsheet"); the list literals start with "[".
                verbatim(summary.summary_text),
                _factual_error(summary),
                repr([_error_type(span) for *_, span in spans]),
                dialogue,
                summary.corpus_name or summary.corpus,
                repr([span.error_type or None for *_, span in spans]),
            ]
        )
        stream.write((line + "\n").encode("utf-8"))
        count += 1
    return count


def docid(summary: SummaryRow) -> str:
    return f"{summary.doc_id}{TOPIC_SEPARATOR}{summary.topic}" if summary.topic else summary.doc_id


def gold_spans(summary: SummaryRow) -> list[tuple[int, str, SpanRow]]:
    """(start in the summary, text, span) of the gold spans, in summary order, a span marked
    alike by several annotators once."""
    text = summary.summary_text
    seen = set()
    spans = []
    for sentence, offset in zip(summary.sentences, summary.sentence_starts(), strict=True):
        if sentence.label != "inconsistent":
            continue
        for span in sentence.spans:
            start = offset + span.start
            key = (start, offset + span.end, span.error_type)
            if key in seen:
                continue
            seen.add(key)
            spans.append((start, text[start : offset + span.end], span))
    spans.sort(key=lambda item: (item[0], item[0] + len(item[1])))
    return spans


def _factual_error(summary: SummaryRow) -> int:
    label = summary.gold_label
    if label is None:
        raise ExportError(
            f"{summary.where()}: no inconsistent sentence, but some sentence has no gold label,"
            " so factual_error is unknown"
        )
    return 1 if label == "inconsistent" else 0


def _error_type(span: SpanRow) -> str | None:
    return ERROR_TYPES.get(span.unified_type.split("-", 1)[0]) if span.unified_type else None


def _evidence(summary: SummaryRow, spans: list[SpanRow]) -> list[str | None]:
    if not any(span.evidence or span.no_evidence for span in spans):
        return []
    entries: list[str | None] = []
    for span in spans:
        if span.evidence:
            entries.append(
                "\n".join(
                    f"{_turn(summary, e.turn).speaker}{EVIDENCE_SEPARATOR}{e.text}"
                    for e in span.evidence
                )
            )
        else:
            entries.append(NO_EVIDENCE if span.no_evidence else None)
    return entries


def _turn(summary: SummaryRow, index: int) -> TurnRow:
    if not 0 <= index < len(summary.turns):
        raise ExportError(
            f"{summary.where()}: evidence in turn {index}, but the dialogue has"
            f" {len(summary.turns)} turns"
        )
    return summary.turns[index]


def _dialogue(summary: SummaryRow) -> str:
    if not summary.turns:
        raise ExportError(f"{summary.where()}: the row carries no dialogue turns for `dialogue`")
    return "\n".join(f"{turn.speaker}: {turn.text}" for turn in summary.turns)
