"""Reader of CSV files in the layout of the circumstantial-inference study
(docs/formats/circumstantial.md): one summary per row, with its dialogue, its summary-level
label and its nonfactual spans as Python list literals.

``read_circumstantial(path, allowed_types=...)`` returns the documents (as the native import
writes them: the summary split into sentences by the same segmenter) and, per summary, the
published label and spans located in the sentences. Every problem raises ``FormatError``
naming the file, the row and its line, the column and what was expected; nothing is
returned then, so the import writes nothing.

What the layout says and how it is read:

- rows are grouped into documents by (``origin``, ``docid``): ``origin`` becomes the corpus
  (its slug: lowercase, other characters as ``-``; its name: the origin as written), and a
  ``docid`` ``DOC::TOPIC`` is the summary of topic TOPIC of document DOC (the export writes
  topic-focused summaries so); every row of a document carries the same dialogue;
- ``dialogue``: one ``SPEAKER: text`` line per turn; a line with a speaker and no words is
  dropped (and reported);
- ``factual_error``: ``1``, ``0``, or empty for a summary without labels;
- ``nonfactual_spans``: strings found in the summary, each at its first occurrence (a
  repeated span at the next one); white space at either end is not part of a span, and a
  span over two sentences becomes one span per sentence (reported);
- ``error_type`` (``Intrinsic_Error`` / ``Extrinsic_Error``), ``linguistic_categories`` (the
  project's type names) and ``evidence`` are empty or have one entry per span; ``None`` is
  an entry without a value. An evidence entry is ``Not found`` (the annotator found nothing
  to point at), or one or more lines ``SPEAKER :  words`` or ``words``, each found in a turn
  (of that speaker, when one is named).
"""

from __future__ import annotations

import ast
import csv
import io
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from annotations.formats import strict_json
from annotations.formats.corpus_names import corpus_slug
from annotations.formats.errors import FormatError, describe
from annotations.formats.records import (
    ColumnLimits,
    DocumentRecord,
    SentenceRecord,
    SummaryRecord,
    TopicRecord,
    TurnRecord,
)
from annotations.formats.sentences import split_sentences
from annotations.formats.writers.circumstantial import (
    COLUMNS,
    ERROR_TYPES,
    NO_EVIDENCE,
    TOPIC_SEPARATOR,
)

# The study's file was written by pandas with its index: a first column without a name.
INDEX_COLUMNS = ("", "Unnamed: 0")
LABELS = {"1": True, "0": False, "": None}
PUBLISHED_TYPES = tuple(ERROR_TYPES.values())
LIST_EXAMPLE = "['the meeting was moved', 'on Friday']"
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


@dataclass(frozen=True, slots=True)
class PublishedEvidence:
    turn: int  # 0-based position of the turn in the dialogue
    start: int  # [start, end) in the turn's text
    end: int


@dataclass(frozen=True, slots=True)
class PublishedSpan:
    sentence: int  # 0-based position of the sentence in the summary
    start: int  # [start, end) in the sentence's text
    end: int
    category: str | None  # a type name of the project's taxonomy (linguistic_categories)
    error_type: str | None  # Intrinsic_Error | Extrinsic_Error, as published
    no_evidence: bool = False
    evidence: tuple[PublishedEvidence, ...] = ()


@dataclass(slots=True)
class PublishedSummary:
    """The published label and spans of one summary (one row)."""

    corpus: str
    document: str
    topic: str
    model: str  # the summary's system and id
    factual_error: bool | None  # None: the row has no label
    spans: list[PublishedSpan]
    row: int
    line: int


@dataclass(slots=True)
class CircumstantialFile:
    documents: list[DocumentRecord]
    summaries: list[PublishedSummary]
    corpus_names: dict[str, str]  # corpus slug -> the origin as written
    notes: list[str] = field(default_factory=list)


@dataclass(slots=True)
class _Row:
    file: str
    number: int
    line: int
    values: dict[str, str]

    def fail(self, column: str | None, message: str) -> FormatError:
        return FormatError(message, file=self.file, row=self.number, line=self.line, field=column)


def read_circumstantial(
    path: Path,
    *,
    allowed_types: Iterable[str],
    limits: ColumnLimits | None = None,
    file: str | None = None,
) -> CircumstantialFile:
    """Read the whole file (a document's rows need not be together). ``file`` is what errors
    call it (the name a person uploaded); ``allowed_types`` the project's type names."""
    name = file or path.name
    allowed = set(allowed_types)
    limits = limits or ColumnLimits()
    notes: list[str] = []
    documents: dict[tuple[str, str], DocumentRecord] = {}
    first_row: dict[tuple[str, str], _Row] = {}
    topics: dict[tuple[str, str], dict[str, TopicRecord]] = {}
    seen: dict[tuple[str, str, str, str], int] = {}
    corpus_names: dict[str, str] = {}
    summaries: list[PublishedSummary] = []
    dropped_turns = split_spans = 0
    for row in _rows(path, name, notes):
        values = row.values
        for column in ("docid", "model", "summary", "dialogue", "origin"):
            if not values[column].strip():
                raise row.fail(column, "expected a non-empty value")
        corpus = _corpus(row, corpus_names, limits)
        document, _, topic = values["docid"].partition(TOPIC_SEPARATOR)
        document, topic, model = document.strip(), topic.strip(), values["model"].strip()
        if not document:
            raise row.fail("docid", f"no document id before {TOPIC_SEPARATOR!r}")
        for column, what, value, limit in (
            ("docid", "the document id", document, limits.document_id),
            ("docid", f"the topic after {TOPIC_SEPARATOR!r}", topic, limits.topic),
            ("model", "the model", model, min(limits.system, limits.summary_id)),
        ):
            if len(value) > limit:
                raise row.fail(
                    column, f"{what} has {len(value)} characters; expected at most {limit}"
                )
        key = (corpus, document, topic, model)
        if key in seen:
            raise row.fail(
                "model",
                f"document {document!r}"
                + (f" (topic {topic!r})" if topic else "")
                + f" has a summary by {model!r} already (row {seen[key]}); one row per summary",
            )
        seen[key] = row.number
        turns, dropped = _turns(row, limits)
        where = (corpus, document)
        if where not in documents:
            dropped_turns += dropped
            first_row[where] = row
            topics[where] = {}
            documents[where] = DocumentRecord(
                corpus=corpus,
                external_id=document,
                turns=turns,
                topics=[],
                origin=f"{row.file}, row {row.number}",
                line=row.line,
            )
        elif documents[where].turns != turns:
            raise row.fail(
                "dialogue",
                f"document {document!r} of {values['origin']!r} has a different dialogue on row"
                f" {first_row[where].number} ({_first_difference(documents[where].turns, turns)});"
                " every summary of a document is judged against one dialogue",
            )
        sentences = split_sentences(values["summary"])
        if not sentences:
            raise row.fail("summary", "the summary has no sentence")
        if topic not in topics[where]:
            topics[where][topic] = TopicRecord(name=topic, summaries=[])
            documents[where].topics.append(topics[where][topic])
        topics[where][topic].summaries.append(
            SummaryRecord(
                external_id=model, system=model, text=values["summary"], sentences=sentences
            )
        )
        spans, parts = _spans(row, sentences, turns, allowed)
        split_spans += parts
        summaries.append(
            PublishedSummary(
                corpus=corpus,
                document=document,
                topic=topic,
                model=model,
                factual_error=LABELS[values["factual_error"].strip()],
                spans=spans,
                row=row.number,
                line=row.line,
            )
        )
    if not documents:
        raise FormatError(
            "the file has a header but no rows; expected one row per summary"
            " (docs/formats/circumstantial.md)",
            file=name,
        )
    if dropped_turns:
        notes.append(
            f"{name}: dropped {dropped_turns} dialogue line(s) with a speaker but no words"
        )
    if split_spans:
        notes.append(
            f"{name}: {split_spans} span(s) over a sentence boundary stored as one span per"
            " sentence"
        )
    return CircumstantialFile(
        documents=list(documents.values()),
        summaries=summaries,
        corpus_names=corpus_names,
        notes=notes,
    )


def _decode(path: Path, name: str) -> str:
    raw = path.read_bytes()
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw.count(b"\n", 0, error.start) + 1
        raise FormatError(
            f"not valid UTF-8 (byte 0x{raw[error.start]:02x}); save the file as UTF-8",
            file=name,
            line=line,
        ) from None


def _rows(path: Path, name: str, notes: list[str]) -> Iterable[_Row]:
    reader = csv.reader(io.StringIO(_decode(path, name), newline=""))
    try:
        header = next(reader)
    except StopIteration:
        raise FormatError(
            f"the file is empty; expected the header {','.join(COLUMNS)}", file=name, line=1
        ) from None
    except csv.Error as error:
        raise FormatError(f"cannot be read as CSV: {error}", file=name, line=1) from None
    names = [column.strip() for column in header]
    if names and names[0] in INDEX_COLUMNS:
        names[0] = ""  # the index column: read past, never stored
    missing = [column for column in COLUMNS if column not in names]
    if missing:
        raise FormatError(
            f"missing column{'s' if len(missing) > 1 else ''} {', '.join(missing)}; the header"
            f" must name {', '.join(COLUMNS)} (in any order)",
            file=name,
            line=1,
            field=missing[0],
        )
    twice = sorted({column for column in names if column and names.count(column) > 1})
    if twice:
        raise FormatError(
            f"the column {twice[0]} appears twice in the header", file=name, line=1, field=twice[0]
        )
    extra = [column for column in names if column and column not in COLUMNS]
    if extra:
        notes.append(f"{name}: ignored column(s) {', '.join(extra)}")
    index = {column: names.index(column) for column in COLUMNS}
    line = reader.line_num
    number = 0
    while True:
        number += 1
        start = line + 1
        try:
            values = next(reader)
        except StopIteration:
            return
        except csv.Error as error:
            raise FormatError(
                f"cannot be read as CSV: {error}", file=name, row=number, line=start
            ) from None
        line = reader.line_num
        if not values:
            number -= 1  # a blank line is no row
            continue
        if len(values) != len(names):
            raise FormatError(
                f"expected {len(names)} fields as in the header, got {len(values)}",
                file=name,
                row=number,
                line=start,
            )
        row = _Row(name, number, start, {column: values[index[column]] for column in COLUMNS})
        for column, value in row.values.items():
            problem = strict_json.text_problem(value)
            if problem is not None:
                raise row.fail(column, f"cannot be stored: {problem}")
        if row.values["factual_error"].strip() not in LABELS:
            raise row.fail(
                "factual_error",
                "expected 1 (a factual error), 0 (none) or empty (not labelled), got"
                f" {describe(row.values['factual_error'])}",
            )
        yield row


def _corpus(row: _Row, names: dict[str, str], limits: ColumnLimits) -> str:
    try:
        return corpus_slug(row.values["origin"].strip(), names, limits)
    except ValueError as problem:
        raise row.fail("origin", str(problem)) from None


def _turns(row: _Row, limits: ColumnLimits) -> tuple[list[TurnRecord], int]:
    turns = []
    dropped = 0
    for number, line in enumerate(_LINE_BREAK.split(row.values["dialogue"]), start=1):
        if not line.strip():
            continue
        speaker, colon, text = line.partition(":")
        if not colon or not speaker.strip():
            raise row.fail(
                "dialogue",
                f"line {number} of the dialogue is {describe(line)}; expected one"
                " 'SPEAKER: text' line per turn",
            )
        if len(speaker.strip()) > limits.speaker:
            raise row.fail(
                "dialogue",
                f"the speaker on line {number} of the dialogue has {len(speaker.strip())}"
                f" characters; at most {limits.speaker}",
            )
        if not text.strip():
            dropped += 1
            continue
        turns.append(TurnRecord(speaker=speaker.strip(), text=text.strip()))
    if not turns:
        raise row.fail("dialogue", "the dialogue has no 'SPEAKER: text' line")
    return turns, dropped


def _first_difference(first: list[TurnRecord], other: list[TurnRecord]) -> str:
    for index, (a, b) in enumerate(zip(first, other, strict=False)):
        if a != b:
            return f"turn {index + 1} differs"
    return f"{len(first)} turns there, {len(other)} here"


def _list(row: _Row, column: str) -> list[str | None]:
    cell = row.values[column].strip()
    if not cell:
        return []
    try:
        value = ast.literal_eval(cell)
    except (ValueError, SyntaxError, RecursionError, MemoryError, TypeError):
        value = cell  # not a literal: refused below
    if not isinstance(value, list) or not all(v is None or isinstance(v, str) for v in value):
        raise row.fail(
            column,
            f"expected a Python list of strings such as {LIST_EXAMPLE} (or []), got"
            f" {describe(cell)}",
        )
    # The cell was checked, but its escapes ('\\x00', '\\ud800') are only decoded now.
    for index, item in enumerate(value):
        problem = strict_json.text_problem(item) if item is not None else None
        if problem is not None:
            raise row.fail(column, f"item {index + 1} cannot be stored: {problem}")
    return value


def _spans(
    row: _Row, sentences: list[SentenceRecord], turns: list[TurnRecord], allowed: set[str]
) -> tuple[list[PublishedSpan], int]:
    """The row's spans located in its sentences, and how many more parts than spans there
    are (spans over a sentence boundary)."""
    texts = _list(row, "nonfactual_spans")
    label = LABELS[row.values["factual_error"].strip()]
    if texts and label is None:
        raise row.fail("factual_error", "empty, but spans are listed; give 1 (or 0 and no spans)")
    if texts and label is False:
        raise row.fail(
            "nonfactual_spans",
            f"factual_error is 0 but {len(texts)} span(s) are listed; give 1, or []",
        )
    if not texts and label is True:
        raise row.fail(
            "nonfactual_spans",
            "factual_error is 1 but no span is listed; the import labels the sentences that"
            f" hold a span, so list them, such as {LIST_EXAMPLE}",
        )
    aligned = {
        column: _aligned(row, column, len(texts))
        for column in ("error_type", "linguistic_categories", "evidence")
    }
    summary = row.values["summary"]
    after: dict[str, int] = {}
    spans: list[PublishedSpan] = []
    parts = 0
    for index, text in enumerate(texts):
        where = f"item {index + 1}"
        if text is None or not text.strip():
            raise row.fail(
                "nonfactual_spans",
                f"{where} is {describe(text)}; expected the words of the summary that are wrong",
            )
        start = summary.find(text, after.get(text, 0))
        if start < 0:
            raise row.fail(
                "nonfactual_spans",
                f"{where} {text!r} "
                + (
                    "occurs in the summary fewer times than it is listed"
                    if text in summary
                    else "does not occur in the summary; copy the span from the summary exactly"
                ),
            )
        after[text] = start + len(text)
        error_type = aligned["error_type"][index]
        if error_type is not None and error_type not in PUBLISHED_TYPES:
            raise row.fail(
                "error_type",
                f"{where}: unknown error type {error_type!r}; allowed:"
                f" {', '.join(PUBLISHED_TYPES)} (or None)",
            )
        category = aligned["linguistic_categories"][index]
        if category is not None and category not in allowed:
            raise row.fail(
                "linguistic_categories",
                f"{where}: unknown error type {category!r}; the project's taxonomy allows "
                + ", ".join(sorted(allowed))
                + " (or None)",
            )
        no_evidence, evidence = _evidence(row, index, aligned["evidence"][index], turns)
        pieces = _in_sentences(start, start + len(text), summary, sentences)
        if not pieces:  # only if the segmenter left the span's characters out of every sentence
            raise row.fail(
                "nonfactual_spans", f"{where} {text!r} lies outside every sentence of the summary"
            )
        parts += len(pieces) - 1
        spans.extend(
            PublishedSpan(
                sentence=position,
                start=begin,
                end=end,
                category=category,
                error_type=error_type,
                no_evidence=no_evidence,
                evidence=evidence,
            )
            for position, begin, end in pieces
        )
    return spans, parts


def _aligned(row: _Row, column: str, n_spans: int) -> list[str | None]:
    values = _list(row, column)
    if values and len(values) != n_spans:
        raise row.fail(
            column,
            f"{len(values)} item(s) for {n_spans} span(s) in nonfactual_spans; give one per"
            " span, in the same order (None for none), or []",
        )
    return values or [None] * n_spans


def _in_sentences(
    start: int, end: int, summary: str, sentences: list[SentenceRecord]
) -> list[tuple[int, int, int]]:
    """(sentence position, start, end in the sentence) of each part of [start, end) that lies
    in a sentence, without white space at either end."""
    pieces = []
    for position, sentence in enumerate(sentences):
        begin, finish = max(start, sentence.start), min(end, sentence.end)
        while begin < finish and summary[begin].isspace():
            begin += 1
        while finish > begin and summary[finish - 1].isspace():
            finish -= 1
        if begin < finish:
            pieces.append((position, begin - sentence.start, finish - sentence.start))
    return pieces


def _evidence(
    row: _Row, index: int, entry: str | None, turns: list[TurnRecord]
) -> tuple[bool, tuple[PublishedEvidence, ...]]:
    if entry is None or not entry.strip():
        return False, ()
    if entry.strip() == NO_EVIDENCE:
        return True, ()
    found = []
    for piece in entry.split("\n"):
        if not piece.strip():
            continue
        located = _locate(piece.strip(), turns)
        if located is None:
            raise row.fail(
                "evidence",
                f"item {index + 1}: {piece.strip()!r} does not occur in the dialogue; give"
                f" 'SPEAKER :  words' or words of one turn, or {NO_EVIDENCE!r}",
            )
        found.append(located)
    return False, tuple(found)


def _locate(piece: str, turns: list[TurnRecord]) -> PublishedEvidence | None:
    """The first turn holding ``piece``: of the speaker it starts with, if it names one
    (``SPEAKER :  words``), else of anyone."""
    for speaker in sorted({turn.speaker for turn in turns}, key=len, reverse=True):
        rest = piece[len(speaker) :].lstrip()
        if not piece.startswith(speaker) or not rest.startswith(":"):
            continue
        words = rest[1:].strip()
        for position, turn in enumerate(turns):
            start = turn.text.find(words) if words and turn.speaker == speaker else -1
            if start >= 0:
                return PublishedEvidence(position, start, start + len(words))
    for position, turn in enumerate(turns):
        start = turn.text.find(piece)
        if start >= 0:
            return PublishedEvidence(position, start, start + len(piece))
    return None
