"""Reader of the public TofuEval release (docs/formats/tofueval.md).

The release lays out, per corpus (``mediasum``, ``meetingbank``):

- ``factual_consistency/{corpus}_factual_eval_{dev,test}.csv``: one row per summary sentence
  (doc_id, annotation_id, topic, model_name, sent_idx, summ_sent, sent_label yes/no, exp,
  type joined by ", ");
- ``completeness/{corpus}_completeness_final.csv``: key points per (doc_id, topic), a Python
  list literal of "N. point" strings;
- ``topic_category/{corpus}_topic_category.json``: topic name -> main / marginal;
- ``document_ids_dev_test_split.json``: {split: {corpus: [doc_id, ...]}}.

It does not ship its dialogues: they come from a documents file in the native format whose
lines carry ``id``, ``corpus`` and ``turns``.

The release's real quirks are handled and reported in ``notes``: CRLF and LF files, files
without a final newline, newlines inside quoted fields, an exact duplicated row, and gaps in
``sent_idx`` (kept as each sentence's ``source_index``).
"""

from __future__ import annotations

import ast
import csv
import io
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from annotations.formats import strict_json
from annotations.formats.errors import FormatError, describe
from annotations.formats.native import read_native
from annotations.formats.records import (
    ColumnLimits,
    DocumentRecord,
    SentenceRecord,
    SummaryRecord,
    TopicRecord,
)
from annotations.formats.writers.encoding import restored

CORPORA = ("mediasum", "meetingbank")
CONSISTENCY_COLUMNS = [
    "doc_id",
    "annotation_id",
    "topic",
    "model_name",
    "sent_idx",
    "summ_sent",
    "sent_label",
    "exp",
    "type",
]
COMPLETENESS_COLUMNS = ["doc_id", "annotation_id", "topic", "key_points"]
# The text the export writes raw (writers/tofueval.py); every other cell may carry the
# neutralising quote of formats/writers/encoding.py.
VERBATIM_COLUMNS = frozenset({"summ_sent"})
SENT_LABELS = {"yes": "consistent", "no": "inconsistent"}
TOPIC_CATEGORIES = ("main", "marginal", "irrelevant")
KEY_POINT_NUMBER = re.compile(r"^(\d+)\. ")
# ASCII digits only ("²".isdigit() is true); "02" is sentence 2, compared as a number.
SENT_IDX = re.compile(r"0*[1-9][0-9]*", re.ASCII)
# The release's own name for the labels' origin: they are attributed to it, not to a person.
SOURCE = "TofuEval release"


@dataclass(frozen=True, slots=True)
class PublishedSentenceLabel:
    label: str  # consistent | inconsistent
    explanation: str
    error_types: tuple[str, ...]


@dataclass(slots=True)
class PublishedUnit:
    """The published labels of one (document, topic) unit."""

    corpus: str
    document: str
    topic: str
    annotation_id: str
    category: str = ""
    key_points: list[str] = field(default_factory=list)
    # (summary external id = model_name, source_index) -> label
    sentences: dict[tuple[str, int], PublishedSentenceLabel] = field(default_factory=dict)


@dataclass(slots=True)
class TofuEvalRelease:
    documents: list[DocumentRecord]
    units: list[PublishedUnit]
    notes: list[str]


def read_tofueval(
    release_dir: Path,
    documents: Path,
    *,
    allowed_types: Iterable[str],
    limits: ColumnLimits | None = None,
) -> TofuEvalRelease:
    allowed = set(allowed_types)
    limits = limits or ColumnLimits()
    notes: list[str] = []
    splits = _read_splits(release_dir / "document_ids_dev_test_split.json")
    dialogues = _read_documents(documents, limits)
    out_documents: list[DocumentRecord] = []
    out_units: list[PublishedUnit] = []
    found: list[str] = []
    for corpus in CORPORA:
        rows = []
        for split in ("dev", "test"):
            path = release_dir / "factual_consistency" / f"{corpus}_factual_eval_{split}.csv"
            if path.exists():
                found.append(path.name)
                rows.extend(_read_consistency(path, split, splits, allowed, notes, limits))
        if not rows:
            continue
        categories = _read_categories(
            release_dir / "topic_category" / f"{corpus}_topic_category.json"
        )
        key_points = _read_completeness(
            release_dir / "completeness" / f"{corpus}_completeness_final.csv", notes
        )
        docs, units = _assemble(corpus, rows, dialogues, categories, key_points, notes)
        out_documents.extend(docs)
        out_units.extend(units)
    if not out_documents:
        # Refused rather than imported as nothing: an empty release is a wrong folder or a
        # truncated copy, never what the person meant to import.
        raise FormatError(
            (
                f"the release has no rows: {', '.join(found)} hold only their header"
                if found
                else "no factual_consistency/{mediasum,meetingbank}_factual_eval_{dev,test}.csv"
                " found"
            )
            + "; expected one row per summary sentence (docs/formats/tofueval.md)",
            file=str(release_dir),
        )
    used = {(doc.corpus, doc.external_id) for doc in out_documents}
    unused = sorted(key for key in dialogues if key not in used)
    if unused:
        notes.append(
            f"{documents.name}: {len(unused)} document(s) not in the release were ignored"
            f" (first: {unused[0][0]}/{unused[0][1]})"
        )
    return TofuEvalRelease(documents=out_documents, units=out_units, notes=notes)


def _text(path: Path) -> str:
    raw = path.read_bytes()
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw.count(b"\n", 0, error.start) + 1
        raise FormatError(
            f"not valid UTF-8 (byte 0x{raw[error.start]:02x}); save the file as UTF-8",
            file=path.name,
            line=line,
        ) from None


def _read_json(path: Path) -> object:
    if not path.exists():
        raise FormatError("file not found; the release is incomplete", file=str(path))
    try:
        value = strict_json.loads(_text(path))
    except strict_json.StrictJSONError as error:
        raise FormatError(str(error), file=path.name) from None
    problem = strict_json.bad_text(value)
    if problem is not None:
        raise FormatError(f"cannot be stored: {problem[1]}", file=path.name, field=problem[0])
    return value


def _read_splits(path: Path) -> dict[tuple[str, str], str]:
    data = _read_json(path)
    splits: dict[tuple[str, str], str] = {}
    if not isinstance(data, dict):
        raise FormatError("expected an object {split: {corpus: [doc ids]}}", file=path.name)
    for split, corpora in data.items():
        if split not in ("dev", "test"):
            raise FormatError(
                f"unknown split {split!r}; expected dev or test", file=path.name, field=split
            )
        if not isinstance(corpora, dict):
            raise FormatError("expected {corpus: [doc ids]}", file=path.name, field=split)
        for corpus, ids in corpora.items():
            if not isinstance(ids, list):
                raise FormatError(
                    "expected a list of doc ids", file=path.name, field=f"{split}.{corpus}"
                )
            for index, doc_id in enumerate(ids):
                # A doc_id is a string (the release's) or a number; anything else is refused
                # here, not turned into its repr (a nested list's repr recursed to a crash).
                if not isinstance(doc_id, str | int) or isinstance(doc_id, bool):
                    raise FormatError(
                        f"expected a doc id (a string), got {describe(doc_id)}",
                        file=path.name,
                        field=f"{split}.{corpus}[{index}]",
                    )
                splits[(corpus, str(doc_id))] = split
    return splits


def _read_documents(path: Path, limits: ColumnLimits) -> dict[tuple[str, str], DocumentRecord]:
    if not path.exists():
        raise FormatError("documents file not found", file=str(path))
    records = {}
    with path.open("rb") as stream:
        for record in read_native(stream, file=path.name, limits=limits):
            if record.corpus not in CORPORA:
                raise FormatError(
                    f"unknown corpus {record.corpus!r} for document {record.external_id!r};"
                    f" expected one of {', '.join(CORPORA)}",
                    file=path.name,
                    line=record.line,
                    field="corpus",
                )
            records[(record.corpus, record.external_id)] = record
    return records


@dataclass(frozen=True, slots=True)
class _Row:
    file: str
    row: int
    line: int
    values: dict[str, str]


def _csv_rows(path: Path, columns: list[str], notes: list[str]) -> list[_Row]:
    text = _text(path)
    quirks = []
    if "\r\n" in text:
        quirks.append("CRLF line endings")
    if text and not text.endswith("\n"):
        quirks.append("no final newline")
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = next(reader)
    except StopIteration:
        raise FormatError("the file is empty", file=path.name, line=1) from None
    except csv.Error as error:
        raise FormatError(
            f"cannot be read as CSV: {_csv_problem(error)}", file=path.name, line=1
        ) from None
    if header != columns:
        raise FormatError(f"unexpected header {header}; expected {columns}", file=path.name, line=1)
    rows = []
    line = reader.line_num
    multiline = 0
    number = 0
    while True:
        number += 1
        start = line + 1
        try:
            values = next(reader)
        except StopIteration:
            break
        except csv.Error as error:
            raise FormatError(
                f"cannot be read as CSV: {_csv_problem(error)}",
                file=path.name,
                row=number,
                line=start,
            ) from None
        line = reader.line_num
        if line > start:
            multiline += 1
        if len(values) != len(columns):
            raise FormatError(
                f"expected {len(columns)} fields, got {len(values)}",
                file=path.name,
                row=number,
                line=start,
            )
        for column, value in zip(columns, values, strict=True):
            problem = strict_json.text_problem(value)
            if problem is not None:
                raise FormatError(
                    f"cannot be stored: {problem}",
                    file=path.name,
                    row=number,
                    line=start,
                    field=column,
                )
        rows.append(
            _Row(
                path.name,
                number,
                start,
                {
                    # The export neutralises spreadsheet formulas in every text cell but the
                    # sentence (formats/writers/encoding.py): undone here, so a release of
                    # ours imports with the names it was built from. A published file has no
                    # such cell (no cell of TofuEval's starts with a quote).
                    column: value if column in VERBATIM_COLUMNS else restored(value)
                    for column, value in zip(columns, values, strict=True)
                },
            )
        )
    if multiline:
        quirks.append(f"{multiline} row(s) with newlines inside quoted fields")
    if quirks:
        notes.append(f"{path.name}: read as published despite {', '.join(quirks)}")
    return rows


def _csv_problem(error: csv.Error) -> str:
    # The csv module's one limit a well-formed file can hit; say it in a person's words.
    if "field limit" in str(error):
        return (
            f"a field is longer than {csv.field_size_limit():,} characters, the most a CSV"
            " field may hold"
        )
    return str(error)


def _read_consistency(
    path: Path,
    split: str,
    splits: dict[tuple[str, str], str],
    allowed: set[str],
    notes: list[str],
    limits: ColumnLimits,
) -> list[tuple[_Row, str]]:
    longest = {"doc_id": limits.document_id, "topic": limits.topic, "model_name": limits.system}
    corpus = path.name.split("_", 1)[0]
    rows = []
    seen: dict[tuple[str, str, str, int], _Row] = {}
    duplicates = 0
    for row in _csv_rows(path, CONSISTENCY_COLUMNS, notes):
        values = row.values

        def fail(column: str, message: str, row: _Row = row) -> FormatError:
            return FormatError(message, file=row.file, row=row.row, line=row.line, field=column)

        for column in ("doc_id", "annotation_id", "topic", "model_name", "summ_sent"):
            if not values[column].strip():
                raise fail(column, "expected a non-empty value")
        for column, limit in longest.items():
            if len(values[column]) > limit:
                raise fail(
                    column, f"expected at most {limit} characters, got {len(values[column])}"
                )
        if (
            not SENT_IDX.fullmatch(values["sent_idx"])
            or int(values["sent_idx"]) > limits.source_index
        ):
            raise fail(
                "sent_idx",
                f"expected a positive integer of at most {limits.source_index},"
                f" got {describe(values['sent_idx'])}",
            )
        if values["sent_label"] not in SENT_LABELS:
            raise fail("sent_label", f"expected yes or no, got {describe(values['sent_label'])}")
        for error_type in _types(values["type"]):
            if error_type not in allowed:
                raise fail(
                    "type",
                    f"unknown error type {error_type!r}; the project's taxonomy allows "
                    + ", ".join(sorted(allowed)),
                )
        listed = splits.get((corpus, values["doc_id"]))
        if listed is None:
            raise fail(
                "doc_id",
                f"document {values['doc_id']!r} is not in document_ids_dev_test_split.json",
            )
        if listed != split:
            raise fail(
                "doc_id",
                f"document {values['doc_id']!r} is in the {split} file but listed as {listed}"
                " in document_ids_dev_test_split.json",
            )
        key = (values["doc_id"], values["topic"], values["model_name"], int(values["sent_idx"]))
        if key in seen:
            if seen[key].values == values:
                duplicates += 1
                continue
            raise fail(
                "sent_idx",
                f"sentence {values['sent_idx']} of {values['model_name']} on topic"
                f" {values['topic']!r} appears twice with different values"
                f" (also row {seen[key].row})",
            )
        seen[key] = row
        rows.append((row, split))
    if duplicates:
        notes.append(f"{path.name}: dropped {duplicates} exact duplicate row(s)")
    return rows


def _types(value: str) -> tuple[str, ...]:
    return tuple(part.strip() for part in value.split(",") if part.strip())


def _read_categories(path: Path) -> dict[str, str]:
    data = _read_json(path)
    if not isinstance(data, dict):
        raise FormatError("expected an object {topic: category}", file=path.name)
    for topic, category in data.items():
        if category not in TOPIC_CATEGORIES:
            raise FormatError(
                f"expected one of {', '.join(TOPIC_CATEGORIES)}, got {describe(category)}",
                file=path.name,
                field=topic,
            )
    return data


def _read_completeness(path: Path, notes: list[str]) -> dict[tuple[str, str], list[str]]:
    if not path.exists():
        notes.append(f"{path.name}: not found; no key points imported")
        return {}
    points: dict[tuple[str, str], list[str]] = {}
    empty = 0
    for row in _csv_rows(path, COMPLETENESS_COLUMNS, notes):
        if not row.values["key_points"].strip():
            empty += 1
            continue
        try:
            value = ast.literal_eval(row.values["key_points"])
        except (ValueError, SyntaxError, RecursionError, MemoryError):
            value = None
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise FormatError(
                "expected a list of strings such as ['1. ...', '2. ...']",
                file=row.file,
                row=row.row,
                line=row.line,
                field="key_points",
            )
        # The cell itself was checked, but its Python escapes ('\\x00', '\\ud800') are only
        # decoded now: each key point is checked as the text it will be stored as.
        for index, point in enumerate(value):
            problem = strict_json.text_problem(point)
            if problem is not None:
                problem = f"cannot be stored: {problem}"
            elif not key_point_text(point, index)[0].strip():
                problem = "is empty; expected the point's text after its 'N. ' number"
            if problem is not None:
                raise FormatError(
                    f"key point {index + 1} {problem}",
                    file=row.file,
                    row=row.row,
                    line=row.line,
                    field="key_points",
                )
        points[(row.values["doc_id"], row.values["topic"])] = value
    if empty:
        notes.append(
            f"{path.name}: {empty} topic(s) with empty key_points imported without key facts"
        )
    return points


def _annotation_order(annotation_id: str) -> tuple[int, int]:
    return (
        (0, int(annotation_id)) if annotation_id.isascii() and annotation_id.isdigit() else (1, 0)
    )


def _assemble(
    corpus: str,
    rows: list[tuple[_Row, str]],
    dialogues: dict[tuple[str, str], DocumentRecord],
    categories: dict[str, str],
    key_points: dict[tuple[str, str], list[str]],
    notes: list[str],
) -> tuple[list[DocumentRecord], list[PublishedUnit]]:
    # doc -> topic -> model -> [(sent_idx, row)], in the order of first appearance.
    grouped: dict[str, dict[str, dict[str, list[tuple[int, _Row]]]]] = defaultdict(
        lambda: defaultdict(lambda: defaultdict(list))
    )
    split_of: dict[str, str] = {}
    first_row: dict[str, _Row] = {}
    for row, split in rows:
        values = row.values
        grouped[values["doc_id"]][values["topic"]][values["model_name"]].append(
            (int(values["sent_idx"]), row)
        )
        split_of[values["doc_id"]] = split
        first_row.setdefault(values["doc_id"], row)
    documents = []
    units = []
    gaps = 0
    # Import order is the published order, which exports keep: documents by annotation_id
    # (the completeness file's order; the factual files list dev documents first), topics in
    # the topic-category file's key order. Sorting is stable, so anything unlisted keeps its
    # order of first appearance.
    topic_order = {topic: index for index, topic in enumerate(categories)}
    ordered_docs = sorted(
        grouped.items(),
        key=lambda item: _annotation_order(first_row[item[0]].values["annotation_id"]),
    )
    for doc_id, unordered_topics in ordered_docs:
        topics = dict(
            sorted(
                unordered_topics.items(),
                key=lambda item: topic_order.get(item[0], len(topic_order)),
            )
        )
        dialogue = dialogues.get((corpus, doc_id))
        if dialogue is None:
            row = first_row[doc_id]
            raise FormatError(
                f"document {doc_id!r} ({corpus}) has no dialogue in the documents file; add a"
                ' line {"id": ..., "corpus": ..., "turns": [...]} for it',
                file=row.file,
                row=row.row,
                line=row.line,
                field="doc_id",
            )
        topic_records = []
        for topic, models in topics.items():
            first = next(iter(models.values()))[0][1]
            unit = PublishedUnit(
                corpus=corpus,
                document=doc_id,
                topic=topic,
                annotation_id=first.values["annotation_id"],
                category=categories.get(topic, ""),
                key_points=key_points.get((doc_id, topic), []),
            )
            summaries = []
            for model, sentences in models.items():
                sentences.sort(key=lambda item: item[0])
                indexes = [index for index, _ in sentences]
                if indexes != list(range(1, len(indexes) + 1)):
                    gaps += 1
                texts = [row.values["summ_sent"] for _, row in sentences]
                records = []
                position = 0
                for (index, _), text in zip(sentences, texts, strict=True):
                    records.append(
                        SentenceRecord(
                            text=text, start=position, end=position + len(text), source_index=index
                        )
                    )
                    position += len(text) + 1
                for index, row in sentences:
                    unit.sentences[(model, index)] = PublishedSentenceLabel(
                        label=SENT_LABELS[row.values["sent_label"]],
                        explanation=row.values["exp"],
                        error_types=_types(row.values["type"]),
                    )
                summaries.append(
                    SummaryRecord(
                        external_id=model, system=model, text=" ".join(texts), sentences=records
                    )
                )
            if not unit.category:
                notes.append(f"{corpus}: topic {topic!r} of {doc_id} has no published category")
            topic_records.append(TopicRecord(name=topic, summaries=summaries))
            units.append(unit)
        documents.append(
            DocumentRecord(
                corpus=corpus,
                external_id=doc_id,
                turns=dialogue.turns,
                topics=topic_records,
                title=dialogue.title,
                split=split_of[doc_id],
                metadata={
                    **dialogue.metadata,
                    "tofueval_annotation_id": first_row[doc_id].values["annotation_id"],
                },
                origin=f"{first_row[doc_id].file}, row {first_row[doc_id].row}",
            )
        )
    if gaps:
        notes.append(
            f"{corpus}: {gaps} summary(ies) with gaps or repeats in sent_idx; the published"
            " index is kept as each sentence's source index"
        )
    return documents, units


def key_point_text(point: str, position: int) -> tuple[str, bool]:
    """Strip the release's "N. " numbering from a key point; returns (text, stripped)."""
    match = KEY_POINT_NUMBER.match(point)
    if match and int(match.group(1)) == position + 1:
        return point[match.end() :], True
    return point, False


def placeholder_documents(release_dir: Path) -> list[dict[str, object]]:
    """Documents-file lines for every doc_id of the release, with a one-turn placeholder
    dialogue that says so. For tests and demos only: the real dialogues come from MediaSum
    and MeetingBank, which the release does not redistribute."""
    seen: dict[tuple[str, str], None] = {}
    for corpus in CORPORA:
        for split in ("dev", "test"):
            path = release_dir / "factual_consistency" / f"{corpus}_factual_eval_{split}.csv"
            if not path.exists():
                continue
            for row in csv.DictReader(io.StringIO(_text(path), newline="")):
                seen.setdefault((corpus, restored(row["doc_id"])), None)  # as read_tofueval
    return [
        {
            "id": doc_id,
            "corpus": corpus,
            "turns": [
                {
                    "speaker": "PLACEHOLDER",
                    "text": f"The dialogue {doc_id} of {corpus} is not distributed with the"
                    " TofuEval release; this placeholder stands in for it.",
                }
            ],
        }
        for corpus, doc_id in seen
    ]
