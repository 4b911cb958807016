"""The FineSurE export: JSONL, one record per summary with every annotator's raw labels.

FineSurE (Song et al., ACL 2024, github.com/DISL-Lab/FineSurE-ACL24, Apache-2.0) ships its
human labels as JSON lines (``frank-data-sample-10.json``, ``realsumm-data-sample-10.json``,
``human-keyfact-list.json``): ``doc_id, source, split, model, transcript, reference,
sentences, raw_annotations`` with, per annotator, ``factuality_labels`` and
``factuality_types`` (FRANK) or ``key_fact_labels`` and ``sentence_labels`` (REALSumm), and
the key facts in a separate file keyed by ``doc_id``. The writer puts both kinds in one
record, encoded like FineSurE's files (``json.dumps`` defaults: ASCII-escaped, ``", "`` and
``": "`` separators, ``\\n`` after every line)::

    {"doc_id", "source", "split", "model", "topic", "transcript", "sentences", "key_facts",
     "raw_annotations": {"A1": {"factuality_labels", "factuality_types", "key_fact_labels",
                                "sentence_labels"}, ...}}

- ``source``: the corpus slug; ``model``: the summarizer; ``split``: dev, test or none;
  ``topic``: not in FineSurE (a topic-focused summary is judged against its topic's key
  facts); there is no ``reference`` summary;
- ``transcript``: the dialogue, one "SPEAKER (role): text" line per turn;
- ``key_facts``: the topic's gold key facts, in order, without numbering;
- ``factuality_labels``: per sentence, 1 = factual error (inconsistent), 0 = none;
- ``factuality_types``: per sentence, ``"NoE"`` when consistent, else the project's error
  type names joined by ", ";
- ``key_fact_labels``: per key fact, 1 = the summary states it; ``sentence_labels``: per
  sentence, 1 = it states at least one key fact;
- a label the annotator did not give is the string ``"None"``, which FineSurE's scripts
  skip when they take the majority vote.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, BinaryIO

from annotations.formats.writers.encoding import json_line
from annotations.formats.writers.rows import (
    AnnotatorLabels,
    AnnotatorSentence,
    ExportError,
    SummaryRow,
    dialogue_text,
)

MISSING = "None"
NO_ERROR = "NoE"


def write_finesure(stream: BinaryIO, summaries: Iterable[SummaryRow]) -> int:
    """Write one line per summary; returns the number of records written."""
    count = 0
    for summary in summaries:
        stream.write(json_line(finesure_record(summary), ensure_ascii=True))
        count += 1
    return count


def finesure_record(summary: SummaryRow) -> dict[str, Any]:
    if not summary.turns:
        raise ExportError(f"{summary.where()}: the row carries no dialogue turns for `transcript`")
    return {
        "doc_id": summary.doc_id,
        "source": summary.corpus,
        "split": summary.split,
        "model": summary.system,
        "topic": summary.topic,
        "transcript": dialogue_text(summary.turns),
        "sentences": [sentence.text for sentence in summary.sentences],
        "key_facts": [fact.text for fact in summary.key_facts],
        "raw_annotations": {
            annotator.annotator: _raw(annotator, summary) for annotator in summary.annotators
        },
    }


def _raw(annotator: AnnotatorLabels, summary: SummaryRow) -> dict[str, list[Any]]:
    sentences = [annotator.sentence(i) for i in range(len(summary.sentences))]
    return {
        "factuality_labels": [_error_label(s) for s in sentences],
        "factuality_types": [_error_types(s) for s in sentences],
        "key_fact_labels": [
            _flag(annotator.key_fact_covered(i)) for i in range(len(summary.key_facts))
        ],
        "sentence_labels": [_flag(s.covers_key_fact) for s in sentences],
    }


def _error_label(sentence: AnnotatorSentence) -> int | str:
    if sentence.label is None:
        return MISSING
    return 1 if sentence.label == "inconsistent" else 0


def _error_types(sentence: AnnotatorSentence) -> str:
    if sentence.label is None:
        return MISSING
    if sentence.label == "consistent":
        return NO_ERROR
    return ", ".join(sentence.error_types) or MISSING


def _flag(value: bool | None) -> int | str:
    return MISSING if value is None else int(value)
