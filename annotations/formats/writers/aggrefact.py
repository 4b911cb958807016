"""The AggreFact export: CSV, one row per summary.

AggreFact (Tang et al., ACL 2023, github.com/Liyan06/AggreFact) describes its CSVs by the
columns ``dataset, origin, id, doc, summary, model_name, label, cut``, and its unified error
type files carry ``error_type`` as the text of a Python list (``"['extrinsic-NP']"``).
The writer produces, UTF-8 without BOM, quoted only where needed, ``\\n`` after every row::

    dataset,origin,id,doc,summary,model_name,label,cut,error_type,topic

- ``dataset``: the name given to the writer (the release); ``origin``: the corpus slug;
  ``id``: the document id; ``doc``: the dialogue, one "SPEAKER (role): text" line per turn;
  ``summary``: the summary text; ``model_name``: the summarizer;
- ``label``: ``1`` if every sentence is consistent, ``0`` if any is inconsistent (a summary
  with an inconsistent sentence is inconsistent even if others are unlabelled);
- ``cut``: ``val`` (the project's dev split) or ``test``;
- ``error_type``: ``correct`` for a consistent summary, as AggreFact writes it; otherwise the
  summary's unified error types, ``repr`` of their sorted list in AggreFact's spelling
  (``intrinsic-NP``, ``extrinsic-predicate``, ``intrinsic-entire_sent``, ...); empty for an
  inconsistent summary nobody typed;
- ``topic``: not in AggreFact; the topic the summary focuses on, since a document has
  several topic-focused summaries per model.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import BinaryIO

from annotations.formats.writers.encoding import csv_fields, verbatim
from annotations.formats.writers.rows import ExportError, SummaryRow, TurnRow, dialogue_text

COLUMNS = [
    "dataset",
    "origin",
    "id",
    "doc",
    "summary",
    "model_name",
    "label",
    "cut",
    "error_type",
    "topic",
]
CUTS = {"dev": "val", "test": "test"}
# AggreFact writes the noun-phrase leaves with "NP" in capitals; the project's codes are
# lowercase slugs.
# The project's unified codes (annotations/taxonomy_catalogue.py) in AggreFact's own spelling,
# as its data files write them (data/error_type_mapping/*.csv). Mapped here, at export, so the
# stored codes stay the stable identifiers the rest of the site and earlier releases use.
AGGREFACT_SPELLING = {
    "intrinsic-np": "intrinsic-NP",
    "extrinsic-np": "extrinsic-NP",
    "intrinsic-predicate": "intrinsic-predicate",
    "extrinsic-predicate": "extrinsic-predicate",
    "intrinsic-sentence": "intrinsic-entire_sent",
    "extrinsic-sentence": "extrinsic-entire_sent",
}
# What AggreFact writes in error_type for a summary without error.
CORRECT = "correct"


def write_aggrefact(stream: BinaryIO, summaries: Iterable[SummaryRow], *, dataset: str) -> int:
    """Write the header and one row per summary; returns the number of rows (header excluded)."""
    stream.write((csv_fields(COLUMNS) + "\n").encode("utf-8"))
    count = 0
    document: tuple[tuple[TurnRow, ...], str, str] | None = None
    head = b""
    for summary in summaries:
        # The dialogue is the longest field by far and the same for all of a document's
        # summaries (whose rows share one turns tuple): the line up to and including it is
        # encoded once per document.
        if document is None or (summary.turns, summary.corpus, summary.doc_id) != document:
            document = (summary.turns, summary.corpus, summary.doc_id)
            head = (
                csv_fields([dataset, summary.corpus, summary.doc_id, verbatim(_doc(summary))]) + ","
            ).encode("utf-8")
        line = csv_fields(
            [
                # The texts under judgement stay byte for byte (an evaluator reads them), the
                # names are neutralised (docs/formats/exports.md, "Opening a CSV in a
                # spreadsheet").
                verbatim(summary.summary_text),
                summary.system,
                summary_label(summary),
                _cut(summary),
                _error_types(summary),
                summary.topic,
            ]
        )
        stream.write(head)  # not head + line: that copied the dialogue once more per row
        stream.write((line + "\n").encode("utf-8"))
        count += 1
    return count


def summary_label(summary: SummaryRow) -> int:
    """1 = consistent, 0 = inconsistent, from the gold sentence labels."""
    labels = [sentence.label for sentence in summary.sentences]
    if "inconsistent" in labels:
        return 0
    if not labels or None in labels:
        raise ExportError(
            f"{summary.where()}: no inconsistent sentence, but some sentence has no gold label,"
            " so the summary's label is unknown"
        )
    return 1


def _doc(summary: SummaryRow) -> str:
    if not summary.turns:
        raise ExportError(f"{summary.where()}: the row carries no dialogue turns for `doc`")
    return dialogue_text(summary.turns)


def _cut(summary: SummaryRow) -> str:
    cut = CUTS.get(summary.split)
    if cut is None:
        raise ExportError(
            f"{summary.where()}: AggreFact's cut is val or test; the document's split is"
            f" {summary.split!r}"
        )
    return cut


def _error_types(summary: SummaryRow) -> str:
    if summary_label(summary) == 1:
        return CORRECT
    codes = {code for sentence in summary.sentences for code in sentence.unified_types}
    if not codes:
        return ""  # inconsistent, but nobody typed the error (the scheme may not ask)
    return repr(sorted(AGGREFACT_SPELLING.get(code, code) for code in codes))
