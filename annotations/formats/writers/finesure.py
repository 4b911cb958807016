"""The FineSurE export: JSONL, one record per summary with every annotator's raw labels.

FineSurE (Song et al., ACL 2024, github.com/DISL-Lab/FineSurE-ACL24, Apache-2.0) ships its
human labels as JSON lines (``frank-data-sample-10.json``, ``realsumm-data-sample-10.json``,
``human-keyfact-list.json``): ``doc_id, source, split, model, transcript, reference,
sentences, raw_annotations`` with, per annotator, ``factuality_labels`` and
``factuality_types`` (FRANK) or ``key_fact_labels`` and ``sentence_labels`` (REALSumm), and
the key facts in a separate file keyed by ``doc_id``. The writer puts both kinds in one
record, encoded like FineSurE's files (``json.dumps`` defaults: ASCII-escaped, ``", "`` and
``": "`` separators, ``\\n`` after every line)::

    {"doc_id", "document", "source", "split", "model", "topic", "transcript", "reference",
     "sentences", "key_facts",
     "raw_annotations": {"A1": {"factuality_labels", "factuality_types", "key_fact_labels",
                                "sentence_labels", "own_key_facts"}, ...},
     "gold": {"factuality_labels", "factuality_types", "key_fact_labels", "sentence_labels",
              "provenance", "key_facts_source", "key_facts_author"}}

and, beside it, the key-fact list in FineSurE's own layout (``write_finesure_keyfacts``), so
its ``keyfact-alignment.py`` runs on the export as on its data (docs/formats/finesure.md).

- ``source``: the corpus slug; ``model``: the summarizer; ``split``: dev, test or none;
  ``topic``: not in FineSurE (a topic-focused summary is judged against its topic's key
  facts); ``reference``: the document's reference summary, ``""`` when it has none;
- ``transcript``: the dialogue, one "SPEAKER (role): text" line per turn (a news article,
  one turn without a speaker, is its text as imported);
- ``key_facts``: the topic's gold key facts, in order, without numbering;
- ``factuality_labels``: per sentence, 1 = factual error (inconsistent), 0 = none;
- ``doc_id``: unique per (document, topic), ``<document id>::<topic>`` (the document id
  alone for a generic summary), since FineSurE's scripts key a summary by ``doc_id`` and
  model; ``document``: the document id itself;
- ``factuality_types``: per sentence, ``"NoE"`` when consistent, else FineSurE's codes as its
  data spells them (``OutE``, ``EntE``, ``RelE``, ``CircE``, ``CorefE``, ``LinkE``,
  ``GramE``, ``OtherE``) joined by ", ": a FRANK type of the project gives its own code; any
  other type goes through its unified type (extrinsic → ``OutE``, intrinsic noun phrase →
  ``EntE``, intrinsic predicate → ``RelE``, intrinsic whole sentence → ``OtherE``);
- ``key_fact_labels``: per key fact of ``key_facts``, 1 = the summary states it, from the
  annotator's own judgement of *that* fact (matched by fact, never by position), ``"None"``
  when they did not judge it (the gold list is another linguist's or an admin's);
  ``sentence_labels``: per sentence, 1 = it states at least one of ``key_facts``, ``"None"``
  likewise;
- ``own_key_facts``: the list the annotator judged (their own written list, or their copy
  of a given list), each ``{"key_fact", "label", "line_numbers"}``: their decision and the
  1-based numbers of the sentences they aligned with it. Not in FineSurE; its scripts read
  only the four label lists;
- ``gold``: the release's gold for the same items, in the same encoding (an admin's
  adjudicated value first, docs/review.md), with each sentence label's ``provenance`` and
  where the gold key facts come from. FineSurE's scripts ignore it and take the majority of
  ``raw_annotations`` themselves, which misses adjudicated and reviewed gold;
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
    FactCoverage,
    SentenceRow,
    SummaryRow,
    dialogue_text,
)

MISSING = "None"
NO_ERROR = "NoE"
# FineSurE's codes (its frank-data files) for the FRANK taxonomy's types, by type name
# (annotations/taxonomy_catalogue.py); the three group types are catch-alls.
FRANK_CODES = {
    "Predicate Error (PredE)": "RelE",
    "Entity Error (EntE)": "EntE",
    "Circumstance Error (CircE)": "CircE",
    "Coreference Error (CorefE)": "CorefE",
    "Discourse Link Error (LinkE)": "LinkE",
    "Out of Context Error (OutE)": "OutE",
    "Grammatical Error (GramE)": "GramE",
    "Other Error (OthE)": "OtherE",
    "Semantic Frame Errors": "OtherE",
    "Discourse Errors": "OtherE",
    "Content Verifiability Errors": "OutE",
}
# FineSurE's codes back to the FRANK taxonomy's leaf types (the import, formats/finesure.py),
# in the order FineSurE's prompt lists the categories; FRANK's own spellings are aliases.
TYPE_CODES = {
    "OutE": "Out of Context Error (OutE)",
    "EntE": "Entity Error (EntE)",
    "RelE": "Predicate Error (PredE)",
    "CircE": "Circumstance Error (CircE)",
    "GramE": "Grammatical Error (GramE)",
    "CorefE": "Coreference Error (CorefE)",
    "LinkE": "Discourse Link Error (LinkE)",
    "OtherE": "Other Error (OthE)",
}
CODE_ALIASES = {"PredE": "RelE", "OthE": "OtherE"}
# Any other taxonomy's type, through its AggreFact unified type.
UNIFIED_CODES = {
    "extrinsic-np": "OutE",
    "extrinsic-predicate": "OutE",
    "extrinsic-sentence": "OutE",
    "intrinsic-np": "EntE",
    "intrinsic-predicate": "RelE",
    "intrinsic-sentence": "OtherE",
}


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
        "doc_id": unit_id(summary),
        "document": summary.doc_id,
        "source": summary.corpus,
        "split": summary.split,
        "model": summary.system,
        "topic": summary.topic,
        "transcript": dialogue_text(summary.turns),
        "reference": summary.reference,
        "sentences": [sentence.text for sentence in summary.sentences],
        "key_facts": [fact.text for fact in summary.key_facts],
        "raw_annotations": {
            annotator.annotator: _raw(annotator, summary) for annotator in summary.annotators
        },
        "gold": _gold(summary),
    }


def _raw(annotator: AnnotatorLabels, summary: SummaryRow) -> dict[str, list[Any]]:
    sentences = [annotator.sentence(i) for i in range(len(summary.sentences))]
    # Sentence labels say whether a sentence states one of the record's key facts: only an
    # annotator who judged that list (a given list they aligned, or the list they wrote when
    # it is the gold one) has them.
    judged_gold = annotator.judged_all(summary.key_facts)
    return {
        "factuality_labels": [_error_label(s) for s in sentences],
        "factuality_types": [_error_types(s) for s in sentences],
        "key_fact_labels": [_judged(annotator.coverage_of(fact)) for fact in summary.key_facts],
        "sentence_labels": [_flag(s.covers_key_fact if judged_gold else None) for s in sentences],
        "own_key_facts": [
            {
                "key_fact": coverage.fact.text,
                "label": _flag(coverage.covered),
                "line_numbers": [position + 1 for position in coverage.sentences],
            }
            for coverage in annotator.key_facts
        ],
    }


def _gold(summary: SummaryRow) -> dict[str, Any]:
    coverage = summary.key_fact_coverage  # checked by SummaryRow to judge key_facts in order
    return {
        "factuality_labels": [_error_label(s) for s in summary.sentences],
        "factuality_types": [_error_types(s) for s in summary.sentences],
        "key_fact_labels": [_flag(c.covered) for c in coverage]
        if coverage
        else [MISSING] * len(summary.key_facts),
        "sentence_labels": [_flag(s.covers_key_fact) for s in summary.sentences],
        "provenance": [s.provenance for s in summary.sentences],
        "key_facts_source": summary.key_facts_source,
        "key_facts_author": summary.key_facts_author,
    }


def _judged(coverage: FactCoverage | None) -> int | str:
    return MISSING if coverage is None else _flag(coverage.covered)


def _error_label(sentence: AnnotatorSentence | SentenceRow) -> int | str:
    if sentence.label is None:
        return MISSING
    return 1 if sentence.label == "inconsistent" else 0


def unit_id(summary: SummaryRow) -> str:
    return f"{summary.doc_id}::{summary.topic}" if summary.topic else summary.doc_id


def _error_types(sentence: AnnotatorSentence | SentenceRow) -> str:
    if sentence.label is None:
        return MISSING
    if sentence.label == "consistent":
        return NO_ERROR
    if not sentence.error_types:
        return MISSING  # inconsistent, but not typed
    codes = [FRANK_CODES[name] for name in sentence.error_types if name in FRANK_CODES]
    if not codes:
        codes = [UNIFIED_CODES[code] for code in sentence.unified_types if code in UNIFIED_CODES]
    return ", ".join(dict.fromkeys(codes)) or "OtherE"


def completeness_ready(record: dict[str, Any]) -> bool:
    """Whether FineSurE's completeness and conciseness evaluation can score ``record``: it has
    key facts, and every key fact and every sentence has labels from two or more annotators.
    Its script takes a majority of at least two labels per item and divides by the number of
    items (and sums the sentence labels without skipping missing ones), so any other record
    would stop it with an error."""
    annotations = list(record["raw_annotations"].values())
    if not record["key_facts"] or len(annotations) < 2:
        return False
    for key in ("key_fact_labels", "sentence_labels"):
        for index in range(len(annotations[0][key])):
            given = [a[key][index] for a in annotations if a[key][index] != MISSING]
            if len(given) < 2:
                return False
    return True


def write_finesure_completeness(stream: BinaryIO, summaries: Iterable[SummaryRow]) -> int:
    """The records FineSurE's completeness/conciseness evaluation can score (see
    ``completeness_ready``); returns how many were written."""
    count = 0
    for summary in summaries:
        record = finesure_record(summary)
        if completeness_ready(record):
            stream.write(json_line(record, ensure_ascii=True))
            count += 1
    return count


def write_finesure_keyfacts(stream: BinaryIO, summaries: Iterable[SummaryRow]) -> int:
    """FineSurE's key-fact list (``human-keyfact-list.json``'s layout), one line per unit with
    key facts: ``{"doc_id", "transcript", "reference", "key_facts"}``, ``doc_id`` as in the
    summary records, so FineSurE's ``keyfact-alignment.py`` reads the export with this file.
    Summaries arrive grouped by unit; returns the number of lines written."""
    count = 0
    previous = None
    for summary in summaries:
        unit = (summary.corpus, summary.doc_id, summary.topic)
        if unit == previous or not summary.key_facts:
            previous = unit
            continue
        previous = unit
        if not summary.turns:
            raise ExportError(
                f"{summary.where()}: the row carries no dialogue turns for `transcript`"
            )
        record = {
            "doc_id": unit_id(summary),
            "transcript": dialogue_text(summary.turns),
            "reference": summary.reference,
            "key_facts": [fact.text for fact in summary.key_facts],
        }
        stream.write(json_line(record, ensure_ascii=True))
        count += 1
    return count


def _flag(value: bool | None) -> int | str:
    return MISSING if value is None else int(value)
