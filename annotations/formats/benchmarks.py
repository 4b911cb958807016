"""Readers of three public benchmarks' files (docs/formats/aggrefact.md, llm-aggrefact.md,
faithbench.md): AggreFact's unified CSV, LLM-AggreFact's per-dataset files and FaithBench's
annotation JSON.

AggreFact and LLM-AggreFact label a whole summary (a claim): each becomes one unit, the
summary's text unsplit, so its one label is the summary's and nothing is claimed about
sentences the benchmark did not label. FaithBench marks spans: its summaries are split into
sentences and a sentence is inconsistent for an annotator who marked an ``Unwanted`` span in
it. Scores of automatic detectors in the files are kept in the summary's
``metadata["predictions"]``, never as labels.
"""

from __future__ import annotations

import ast
import csv
import hashlib
import io
import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from annotations.formats import strict_json
from annotations.formats.corpus_names import corpus_slug
from annotations.formats.errors import FormatError, describe
from annotations.formats.records import (
    ColumnLimits,
    DocumentRecord,
    SummaryRecord,
    TopicRecord,
    TurnRecord,
)
from annotations.formats.sentences import split_sentences
from annotations.formats.tool_items import PublishedLabel, ToolImport, Where, whole_summary

SPLITS = {"val": "dev", "dev": "dev", "valid": "dev", "validation": "dev", "test": "test"}
BINARY = {"1": "consistent", "0": "inconsistent", "1.0": "consistent", "0.0": "inconsistent"}


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


class _Documents:
    """Documents in first-seen order, one generic topic each, summaries appended."""

    def __init__(self) -> None:
        self.records: dict[tuple[str, str], DocumentRecord] = {}
        self.first: dict[tuple[str, str], Where] = {}

    def add(
        self,
        where: Where,
        corpus: str,
        document: str,
        text: str,
        split: str,
        summary: SummaryRecord,
    ) -> int:
        """Add ``summary`` to the document; its position among the document's summaries."""
        key = (corpus, document)
        record = self.records.get(key)
        if record is None:
            record = DocumentRecord(
                corpus=corpus,
                external_id=document,
                turns=[TurnRecord(speaker="", text=text)],
                topics=[TopicRecord(name="", summaries=[])],
                split=split,
                origin=str(where),
                line=where.line or 0,
            )
            self.records[key] = record
            self.first[key] = where
        elif record.turns[0].text != text:
            raise where.fail(
                "doc",
                f"document {document!r} of {corpus!r} has a different text at {self.first[key]};"
                " one document id, one text",
            )
        summaries = record.topics[0].summaries
        taken = {s.external_id for s in summaries}
        base = summary.external_id
        number = 2
        while summary.external_id in taken:
            summary.external_id = f"{base} ({number})"
            number += 1
        summaries.append(summary)
        return len(summaries) - 1


def _rows(path: Path, file: str) -> Iterator[tuple[Where, dict[str, str]]]:
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError:
        raise FormatError("not valid UTF-8; save the file as UTF-8", file=file) from None
    reader = csv.DictReader(io.StringIO(text, newline=""))
    while True:
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as error:
            raise FormatError(
                f"not a readable CSV ({error})", file=file, line=reader.line_num
            ) from None
        where = Where(file, reader.line_num)
        cells = {k: v for k, v in row.items() if k is not None}
        for column, value in cells.items():
            if isinstance(value, str) and "\x00" in value:
                raise where.fail(column, "contains a NUL character")
        yield where, cells


def _prediction(value: Any) -> float | None:
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return number if math.isfinite(number) else None


# AggreFact-Unified spells the entire-sentence leaves so; the taxonomy's codes are these.
UNIFIED_SPELLINGS = {
    "intrinsic-entire_sent": "intrinsic-sentence",
    "extrinsic-entire_sent": "extrinsic-sentence",
}


def error_types(where: Where, value: str) -> tuple[str, ...]:
    """AggreFact-Unified's ``error_type``: a Python list literal of unified codes as the
    published files write it (``['intrinsic-NP', 'extrinsic-predicate']``), or codes joined
    by commas."""
    text = value.strip()
    if not text:
        return ()
    if len(text) > 2000:
        raise where.fail("error_type", f"expected at most 2000 characters, got {len(text)}")
    if text.startswith("["):
        try:
            parsed = ast.literal_eval(text)
        except (ValueError, SyntaxError):
            parsed = None
        if not isinstance(parsed, list) or not all(isinstance(p, str) for p in parsed):
            raise where.fail(
                "error_type", f"expected a list of error type codes, got {describe(value)}"
            )
        codes = [p.strip() for p in parsed]
    else:
        codes = [p.strip() for p in text.split(",")]
    return tuple(dict.fromkeys(UNIFIED_SPELLINGS.get(c.lower(), c) for c in codes if c))


AGGREFACT_COLUMNS = ("dataset", "origin", "id", "doc", "summary", "model_name", "label", "cut")


def read_aggrefact(path: Path, *, file: str, limits: ColumnLimits) -> ToolImport:
    """AggreFact's ``aggre_fact_final.csv`` / ``aggre_fact_sota.csv`` layout, with an optional
    ``error_type`` column (AggreFact-Unified) and any ``SYSTEM_score`` columns."""
    documents = _Documents()
    labels: list[PublishedLabel] = []
    predicted: dict[str, int] = {}
    seen: dict[str, str] = {}
    rows = 0
    for where, row in _rows(path, file):
        if rows == 0:
            missing = [c for c in AGGREFACT_COLUMNS if c not in row]
            if missing:
                raise where.fail(
                    ", ".join(missing),
                    f"missing column(s); AggreFact's CSV has {', '.join(AGGREFACT_COLUMNS)}",
                )
        rows += 1
        try:
            corpus = corpus_slug(where.text(row["dataset"], "dataset"), seen, limits)
        except ValueError as error:
            raise where.fail("dataset", str(error)) from None
        label = BINARY.get((row["label"] or "").strip())
        if label is None:
            raise where.fail("label", f"expected 1 (consistent) or 0, got {describe(row['label'])}")
        cut = (row["cut"] or "").strip().lower()
        if cut not in SPLITS:
            raise where.fail("cut", f"expected val or test, got {describe(row['cut'])}")
        text = where.text(row["summary"], "summary")
        scores = {
            column.removesuffix("_score"): score
            for column, value in row.items()
            if column.endswith("_score") and (score := _prediction(value)) is not None
        }
        for name in scores:
            predicted[name] = predicted.get(name, 0) + 1
        metadata: dict[str, Any] = {"origin": row["origin"] or ""}
        if (category := (row.get("system_category") or "").strip()) != "":
            # Optional: the summarizer's category (SOTA / EXFORMER / OLD), for thresholds
            # tuned per category (docs/evaluation.md).
            metadata["system_category"] = where.text(category, "system_category", limit=100)
        if scores:
            metadata["predictions"] = {name: {"score": s} for name, s in scores.items()}
        system = where.text(row["model_name"], "model_name", limit=limits.system)
        summary = SummaryRecord(
            external_id=system[: limits.summary_id - 8],
            system=system,
            text=text,
            sentences=whole_summary(text),
            metadata=metadata,
        )
        document = where.text(row["id"], "id", limit=limits.document_id)
        documents.add(where, corpus, document, where.text(row["doc"], "doc"), SPLITS[cut], summary)
        types = error_types(where, row.get("error_type") or "")
        labels.append(
            PublishedLabel(
                source="AggreFact",
                sentence=(corpus, document, "", summary.external_id, 0),
                label=label,
                error_types=types if label == "inconsistent" else (),
                where=str(where),
            )
        )
    if not rows:
        raise FormatError("no rows; expected AggreFact's CSV with a header", file=file)
    return ToolImport(list(documents.records.values()), labels, predicted)


def _llm_rows(path: Path, file: str) -> Iterator[tuple[Where, dict[str, Any]]]:
    suffix = path.suffix.lower() if not file.lower().endswith(".parquet") else ".parquet"
    if file.lower().endswith(".parquet") or suffix == ".parquet":
        try:
            import pyarrow.parquet as parquet
        except ImportError:
            raise FormatError(
                "reading parquet needs pyarrow, which is not installed here; convert the file"
                " to JSONL (datasets: Dataset.from_parquet(...).to_json(...))",
                file=file,
            ) from None
        try:
            table = parquet.read_table(path)
        except Exception as error:  # pyarrow raises its own several kinds on a bad file
            raise FormatError(f"not a readable parquet file ({error})", file=file) from None
        for number, row in enumerate(table.to_pylist(), start=1):
            yield Where(file, number), row
        return
    if file.lower().endswith(".csv"):
        yield from _rows(path, file)
        return
    for number, raw in enumerate(path.read_bytes().splitlines(), start=1):
        if not raw.strip():
            continue
        where = Where(file, number)
        try:
            value = strict_json.loads(raw.removeprefix(b"\xef\xbb\xbf"))
        except strict_json.StrictJSONError as error:
            raise where.fail(None, str(error)) from None
        if not isinstance(value, dict):
            raise where.fail(None, f"expected an object per line, got {describe(value)}")
        yield where, value


def read_llm_aggrefact(path: Path, *, file: str, limits: ColumnLimits) -> ToolImport:
    """LLM-AggreFact's rows ``{dataset, doc, claim, label}`` (JSONL, CSV, or parquet when
    pyarrow is installed); the split is a ``split`` column, else the file's name (``dev`` or
    ``test`` in it), else none."""
    named = next((s for s in ("dev", "test") if s in file.lower()), "none")
    documents = _Documents()
    labels: list[PublishedLabel] = []
    seen: dict[str, str] = {}
    rows = 0
    for where, row in _llm_rows(path, file):
        rows += 1
        try:
            corpus = corpus_slug(where.text(row.get("dataset"), "dataset"), seen, limits)
        except ValueError as error:
            raise where.fail("dataset", str(error)) from None
        raw_label = row.get("label")
        label = BINARY.get(str(raw_label).strip()) if not isinstance(raw_label, bool) else None
        if label is None:
            raise where.fail("label", f"expected 1 (supported) or 0, got {describe(raw_label)}")
        split = str(row.get("split") or named).lower()
        if split not in SPLITS and split != "none":
            raise where.fail("split", f"expected dev or test, got {describe(row.get('split'))}")
        doc = where.text(row.get("doc"), "doc")
        claim = where.text(row.get("claim"), "claim")
        identifier = row.get("contamination_identifier")
        summary = SummaryRecord(
            external_id=f"claim-{_digest(claim)}",
            system="unspecified",
            text=claim,
            sentences=whole_summary(claim),
            metadata={
                "contamination_identifier": where.text(identifier, "contamination_identifier")
            }
            if identifier
            else {},
        )
        document = f"doc-{_digest(doc)}"
        documents.add(where, corpus, document, doc, SPLITS.get(split, "none"), summary)
        labels.append(
            PublishedLabel(
                source="LLM-AggreFact",
                sentence=(corpus, document, "", summary.external_id, 0),
                label=label,
                where=str(where),
            )
        )
    if not rows:
        raise FormatError("no rows; expected LLM-AggreFact's dataset, doc, claim, label", file=file)
    return ToolImport(list(documents.records.values()), labels)


# FaithBench's span labels (the files spell Intrinsic "Instrinsic") -> the unified type.
FAITHBENCH_TYPES = {
    "unwanted.intrinsic": "Intrinsic Error",
    "unwanted.instrinsic": "Intrinsic Error",
    "unwanted.extrinsic": "Extrinsic Error",
}
NOT_PREDICTIONS = {"meta_model", "meta_sample_id"}


def read_faithbench(path: Path, *, file: str, limits: ColumnLimits) -> ToolImport:
    """A FaithBench annotation file (``batch_N_annotation.json``): a JSON list of samples."""
    whole = Where(file)
    try:
        samples = strict_json.loads(path.read_bytes())
    except strict_json.StrictJSONError as error:
        raise whole.fail(None, str(error)) from None
    if not isinstance(samples, list) or not samples:
        raise whole.fail(
            None, f"expected a non-empty JSON list of samples, got {describe(samples)}"
        )
    documents = _Documents()
    labels: list[PublishedLabel] = []
    predicted: dict[str, int] = {}
    other_spans = unmarked = 0
    for number, sample in enumerate(samples):
        where = Where(f"{file}, sample [{number}]")
        if not isinstance(sample, dict):
            raise where.fail(None, f"expected a sample object, got {describe(sample)}")
        identifier = sample.get("meta_sample_id", sample.get("sample_id"))
        if isinstance(identifier, bool) or not isinstance(identifier, int | str):
            raise where.fail("sample_id", f"expected a number, got {describe(identifier)}")
        source = where.text(sample.get("source"), "source")
        text = where.text(sample.get("summary"), "summary")
        scores = {
            key.removeprefix("meta_"): score
            for key, value in sample.items()
            if key.startswith("meta_")
            and key not in NOT_PREDICTIONS
            and not isinstance(value, bool)
            and (score := _prediction(value)) is not None
        }
        for name in scores:
            predicted[name] = predicted.get(name, 0) + 1
        sentences = split_sentences(text)
        summary = SummaryRecord(
            external_id=str(identifier),
            system=where.text(sample.get("meta_model"), "meta_model", limit=limits.system),
            text=text,
            sentences=sentences,
            metadata={"predictions": {n: {"score": s} for n, s in scores.items()}}
            if scores
            else {},
        )
        document = f"source-{_digest(source)}"
        documents.add(where, "faithbench", document, source, "none", summary)
        annotations = sample.get("annotations") or []
        if not isinstance(annotations, list):
            raise where.fail("annotations", f"expected a list, got {describe(annotations)}")
        per_annotator: dict[str, list[tuple[int, int, tuple[str, ...], str]]] = {}
        for a, annotation in enumerate(annotations):
            field = f"annotations[{a}]"
            if not isinstance(annotation, dict):
                raise where.fail(field, f"expected an object, got {describe(annotation)}")
            who = where.text(annotation.get("annotator"), f"{field}.annotator")
            kinds = annotation.get("label")
            if not isinstance(kinds, list) or not all(isinstance(k, str) for k in kinds):
                raise where.fail(
                    f"{field}.label", f"expected a list of labels, got {describe(kinds)}"
                )
            spans = per_annotator.setdefault(who, [])
            if not any(k.lower().startswith("unwanted") for k in kinds):
                other_spans += 1
                continue
            start, end = annotation.get("summary_start"), annotation.get("summary_end")
            if (
                not isinstance(start, int)
                or not isinstance(end, int)
                or isinstance(start, bool)
                or isinstance(end, bool)
                or not 0 <= start < end <= len(text)
            ):
                raise where.fail(
                    f"{field}.summary_start",
                    f"expected 0 ≤ summary_start < summary_end ≤ {len(text)}, got"
                    f" {start!r}, {end!r}",
                )
            types = tuple(
                dict.fromkeys(
                    FAITHBENCH_TYPES[k.lower()] for k in kinds if k.lower() in FAITHBENCH_TYPES
                )
            )
            note = annotation.get("note")
            spans.append((start, end, types, note.strip() if isinstance(note, str) else ""))
        if not per_annotator:
            unmarked += 1
            per_annotator = {"": []}
        for who, spans in per_annotator.items():
            for position, sentence in enumerate(sentences):
                hits = [s for s in spans if s[0] < sentence.end and sentence.start < s[1]]
                labels.append(
                    PublishedLabel(
                        source=f"FaithBench annotator {who[:8]}"
                        if who
                        else "FaithBench (no span marked)",
                        sentence=("faithbench", document, "", summary.external_id, position),
                        label="inconsistent" if hits else "consistent",
                        explanation="\n".join(dict.fromkeys(h[3] for h in hits if h[3])),
                        error_types=tuple(dict.fromkeys(t for h in hits for t in h[2])),
                        where=str(where),
                    )
                )
    notes = []
    if other_spans:
        notes.append(
            f"{other_spans} Benign or Questionable span(s) leave their sentences consistent"
            " (only Unwanted spans make a sentence inconsistent)"
        )
    if unmarked:
        notes.append(
            f"{unmarked} sample(s) where no annotator marked a span: labelled consistent as"
            " 'FaithBench (no span marked)'"
        )
    return ToolImport(list(documents.records.values()), labels, predicted, notes)
