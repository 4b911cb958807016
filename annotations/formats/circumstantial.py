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

``lenient=True`` reads the study's own file as published (docs/formats/circumstantial.md,
"Lenient mode"): what strict reading refuses and the study's file holds is imported as far as
it can be placed, and each such thing is recorded as a ``Leniency`` (reason, row, line,
column, what was done) instead of raising. Anything else is refused as in strict mode.
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
    RAW_COLUMNS,
    TOPIC_SEPARATOR,
)
from annotations.formats.writers.encoding import restored

# The study's file was written by pandas with its index: a first column without a name.
INDEX_COLUMNS = ("", "Unnamed: 0")
# The summarizer categories the study compares (fine-tuned models against LLMs), kept as
# ``metadata["system_category"]`` for thresholds tuned per category (docs/evaluation.md).
SYSTEM_CATEGORIES = ("fine-tuned", "LLM")
# The study's file has no such column: its summarizers' categories, from the paper.
STUDY_SYSTEM_CATEGORIES = {"BART": "fine-tuned", "GPT-4": "LLM", "Alpaca-13B": "LLM"}
# Optional columns read when the header has them.
OPTIONAL_COLUMNS = ("system_category",)
LABELS = {"1": True, "0": False, "": None}
PUBLISHED_TYPES = tuple(ERROR_TYPES.values())
LIST_EXAMPLE = "['the meeting was moved', 'on Friday']"
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
# A word, for placing evidence and spans by their words in lenient mode: a run of letters or
# digits (so `4:30` and `4 30`, `don''t` and `don't` have the same words).
_WORD = re.compile(r"[^\W_]+")
# Quote characters, which lenient mode ignores when it compares two versions of a dialogue
# (the study's file doubles apostrophes in some: `don''t`).
_QUOTES = frozenset("'\"`\u2018\u2019\u201a\u201b\u201c\u201d\u201e\u201f\u00b4\u2032\u2033")

# What lenient mode does instead of refusing (the reason codes of ``Leniency``), in the order
# the report lists them.
LENIENCY_REASONS: dict[str, str] = {
    "dialogue_variant": "dialogue differs from the kept version only in quoting, white space"
    " or characters outside the words: one document, the kept version's turns",
    "span_none": "nonfactual_spans holds None: that span is not imported",
    "span_not_in_summary": "a span is not in the summary, not even by its words: not imported",
    "span_by_words": "a span is not verbatim in the summary; placed where its words are",
    "evidence_by_words": "an evidence entry is not verbatim in the dialogue; placed where its"
    " words are",
    "evidence_not_in_dialogue": "an evidence entry is not in the dialogue, not even by its"
    " words: the span is imported without it",
    "unknown_category": "a category is not in the project's taxonomy: the span is kept untyped",
    "unknown_error_type": "an error_type is neither Intrinsic_Error nor Extrinsic_Error: ignored"
    " (it is never stored)",
    "misaligned_column": "a column has another number of entries than there are spans: its"
    " entries are not imported for this row",
    "label_without_spans": "factual_error is 1 and no span could be placed: the summary-level"
    " label is imported on every sentence, without spans",
}


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


@dataclass(frozen=True, slots=True)
class Leniency:
    """One thing lenient reading did instead of refusing the file."""

    reason: str  # a key of LENIENCY_REASONS
    row: int
    line: int
    field: str | None
    detail: str


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
    # Lenient mode, factual_error 1 and no span placed: the label holds for the summary as a
    # whole, typed with these categories (those of the row that the taxonomy has).
    label_only: bool = False
    categories: tuple[str, ...] = ()


@dataclass(slots=True)
class CircumstantialFile:
    documents: list[DocumentRecord]
    summaries: list[PublishedSummary]
    corpus_names: dict[str, str]  # corpus slug -> the origin as written
    notes: list[str] = field(default_factory=list)
    leniencies: list[Leniency] = field(default_factory=list)


@dataclass(slots=True)
class _Row:
    file: str
    number: int
    line: int
    values: dict[str, str]

    def fail(self, column: str | None, message: str) -> FormatError:
        return FormatError(message, file=self.file, row=self.number, line=self.line, field=column)


@dataclass(slots=True)
class _Mode:
    """Strict (``leniencies`` is None: every problem raises) or lenient (problems the study's
    file has are recorded here instead)."""

    leniencies: list[Leniency] | None

    @property
    def lenient(self) -> bool:
        return self.leniencies is not None

    def allow(self, row: _Row, reason: str, column: str | None, detail: str) -> None:
        assert self.leniencies is not None, "strict mode refuses instead"
        assert reason in LENIENCY_REASONS, reason
        self.leniencies.append(Leniency(reason, row.number, row.line, column, detail))


def read_circumstantial(
    path: Path,
    *,
    allowed_types: Iterable[str],
    limits: ColumnLimits | None = None,
    file: str | None = None,
    lenient: bool = False,
) -> CircumstantialFile:
    """Read the whole file (a document's rows need not be together). ``file`` is what errors
    call it (the name a person uploaded); ``allowed_types`` the project's type names;
    ``lenient`` reads the study's own file as published (see the module's docstring)."""
    name = file or path.name
    mode = _Mode([] if lenient else None)
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
    rows: Iterable[_Row] = _rows(path, name, notes)
    kept: dict[tuple[str, str], list[TurnRecord]] = {}
    if mode.lenient:
        # The kept version of each dialogue is chosen among all of a document's rows first.
        rows = list(rows)
        kept = _kept_dialogues(rows, limits, mode)
    for row in rows:
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
        turns = kept.get((values["origin"].strip(), document), turns)
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
        category = _system_category(row, model)
        topics[where][topic].summaries.append(
            SummaryRecord(
                external_id=model,
                system=model,
                text=values["summary"],
                sentences=sentences,
                metadata={"system_category": category} if category else {},
            )
        )
        spans, parts, categories = _spans(row, sentences, turns, allowed, mode)
        split_spans += parts
        label = LABELS[values["factual_error"].strip()]
        label_only = label is True and not spans
        if label_only:
            mode.allow(
                row,
                "label_without_spans",
                "nonfactual_spans",
                f"the summary's {len(sentences)} sentence(s) are labelled inconsistent"
                + (f", typed {', '.join(categories)}" if categories else ""),
            )
        summaries.append(
            PublishedSummary(
                corpus=corpus,
                document=document,
                topic=topic,
                model=model,
                factual_error=label,
                spans=spans,
                row=row.number,
                line=row.line,
                label_only=label_only,
                categories=categories if label_only else (),
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
        leniencies=mode.leniencies or [],
    )


def _system_category(row: _Row, model: str) -> str:
    """The summarizer's category: the optional ``system_category`` column's (one of
    SYSTEM_CATEGORIES, any letter case), else the study's for its summarizers, else none."""
    given = row.values.get("system_category", "").strip()
    if not given:
        return STUDY_SYSTEM_CATEGORIES.get(model, "")
    for category in SYSTEM_CATEGORIES:
        if given.casefold() == category.casefold():
            return category
    raise row.fail(
        "system_category",
        f"expected one of {', '.join(SYSTEM_CATEGORIES)} (or empty: the study's category for"
        f" {', '.join(STUDY_SYSTEM_CATEGORIES)}, none for another model), got {describe(given)}",
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
    extra = [
        column
        for column in names
        if column and column not in COLUMNS and column not in OPTIONAL_COLUMNS
    ]
    if extra:
        notes.append(f"{name}: ignored column(s) {', '.join(extra)}")
    read = COLUMNS + tuple(column for column in OPTIONAL_COLUMNS if column in names)
    index = {column: names.index(column) for column in read}
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
        row = _Row(
            name,
            number,
            start,
            {
                # The site's export neutralises spreadsheet formulas in the names (a model
                # "=x" is written "'=x", formats/writers/encoding.py) and writes the summary and
                # the dialogue raw: undone here, so a release of ours imports with the names it
                # was built from. Only a cell starting with a quote and then =, +, -, @, a tab
                # or a carriage return changes.
                column: values[index[column]]
                if column in RAW_COLUMNS
                else restored(values[index[column]])
                for column in read
            },
        )
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


def _kept_dialogues(
    rows: list[_Row], limits: ColumnLimits, mode: _Mode
) -> dict[tuple[str, str], list[TurnRecord]]:
    """Lenient mode: per (origin, document id) whose rows carry more than one version of the
    dialogue, the version kept, when every version has the same words (see ``_same_words``);
    each row with another version is recorded. Versions with other words are left to the
    reading of the rows, which refuses them as strict mode does."""
    versions: dict[tuple[str, str], dict[tuple[TurnRecord, ...], list[_Row]]] = {}
    for row in rows:
        values = row.values
        if not all(values[c].strip() for c in ("docid", "dialogue", "origin")):
            continue  # refused when the row is read
        document = values["docid"].partition(TOPIC_SEPARATOR)[0].strip()
        turns, _ = _turns(row, limits)
        group = versions.setdefault((values["origin"].strip(), document), {})
        group.setdefault(tuple(turns), []).append(row)
    kept: dict[tuple[str, str], list[TurnRecord]] = {}
    for (origin, document), group in versions.items():
        if len(group) < 2:
            continue
        # The version kept: the one with the fewest doubled apostrophes (`don''t` is an
        # escaping slip, not the dialogue), then the one that lost the fewest characters
        # (emoji), then the first in the file.
        best = min(
            group,
            key=lambda turns: (
                sum(turn.text.count("''") for turn in turns),
                -sum(len(turn.text) for turn in turns),
                group[turns][0].number,
            ),
        )
        if not all(_same_words(best, other) for other in group):
            continue
        first = group[best][0]
        kept[(origin, document)] = list(best)
        for version, holders in group.items():
            if version == best:
                continue
            how = (
                "in doubled apostrophes ('') only"
                if _undoubled(version) == _undoubled(best)
                else "in quoting, white space or characters outside the words"
            )
            for row in holders:
                mode.allow(
                    row,
                    "dialogue_variant",
                    "dialogue",
                    f"document {document!r} of {origin!r}: kept the dialogue of row"
                    f" {first.number} (line {first.line}); this row's"
                    f" {_first_difference(list(best), list(version))} {how}",
                )
    return kept


def _same_words(first: tuple[TurnRecord, ...], other: tuple[TurnRecord, ...]) -> bool:
    """Whether two versions of a dialogue differ only in quoting, white space or characters
    outside the words: the same speakers and ASCII characters once quotes and white space are
    left out, and the letters and digits outside ASCII of one are those of the other with
    some left out (an emoji or a kaomoji such as ∩(·ω·)∩ dropped, never a word changed)."""
    a, b = _skeleton(first), _skeleton(other)
    return a[0] == b[0] and (_subsequence(a[1], b[1]) or _subsequence(b[1], a[1]))


def _undoubled(turns: tuple[TurnRecord, ...]) -> list[tuple[str, str]]:
    return [(turn.speaker, turn.text.replace("''", "'")) for turn in turns]


def _skeleton(turns: tuple[TurnRecord, ...]) -> tuple[str, list[str]]:
    text = "\n".join(f"{turn.speaker}:{turn.text}" for turn in turns)
    kept = [ch for ch in text if not ch.isspace() and ch not in _QUOTES]
    return (
        "".join(ch for ch in kept if ch.isascii()),
        [ch for ch in kept if not ch.isascii() and ch.isalnum()],
    )


def _subsequence(short: list[str], long: list[str]) -> bool:
    rest = iter(long)
    return all(ch in rest for ch in short)


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
    row: _Row,
    sentences: list[SentenceRecord],
    turns: list[TurnRecord],
    allowed: set[str],
    mode: _Mode,
) -> tuple[list[PublishedSpan], int, tuple[str, ...]]:
    """The row's spans located in its sentences, how many more parts than spans there are
    (spans over a sentence boundary), and the row's categories that the taxonomy has (what a
    summary-level label is typed with when no span can be placed)."""
    texts = _list(row, "nonfactual_spans")
    label = LABELS[row.values["factual_error"].strip()]
    if texts and label is None:
        raise row.fail("factual_error", "empty, but spans are listed; give 1 (or 0 and no spans)")
    if texts and label is False:
        raise row.fail(
            "nonfactual_spans",
            f"factual_error is 0 but {len(texts)} span(s) are listed; give 1, or []",
        )
    if not texts and label is True and not mode.lenient:
        raise row.fail(
            "nonfactual_spans",
            "factual_error is 1 but no span is listed; the import labels the sentences that"
            f" hold a span, so list them, such as {LIST_EXAMPLE} (or import in lenient mode to"
            " keep the summary-level label)",
        )
    # The spans first: a None among them is what is wrong, whatever the other columns count.
    blank = [index for index, text in enumerate(texts) if text is None or not text.strip()]
    if blank and not mode.lenient:
        index = blank[0]
        raise row.fail(
            "nonfactual_spans",
            f"holds {'None' if texts[index] is None else 'a blank string'} as item"
            f" {index + 1} of {len(texts)}; expected the words of the summary that are wrong"
            " (import in lenient mode to keep the summary-level label without the spans that"
            " are None)",
        )
    for index in blank:
        mode.allow(
            row,
            "span_none",
            "nonfactual_spans",
            f"item {index + 1} of {len(texts)} is {_short(texts[index])}",
        )
    aligned = {
        column: _aligned(row, column, len(texts), mode, placeable=len(blank) < len(texts))
        for column in ("error_type", "linguistic_categories", "evidence")
    }
    categories = _row_categories(row, allowed, mode)
    summary = row.values["summary"]
    after: dict[str, int] = {}
    spans: list[PublishedSpan] = []
    parts = 0
    for index, text in enumerate(texts):
        where = f"item {index + 1}"
        if text is None or not text.strip():
            continue  # recorded above (lenient mode only)
        start = summary.find(text, after.get(text, 0))
        end = start + len(text)
        if start < 0 and mode.lenient:
            found = _by_words(text, summary)
            if found is None:
                mode.allow(
                    row, "span_not_in_summary", "nonfactual_spans", f"{where} {_short(text)}"
                )
                continue
            start, end = found
            mode.allow(
                row,
                "span_by_words",
                "nonfactual_spans",
                f"{where} {_short(text)} placed at {_short(summary[start:end])}",
            )
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
        after[text] = end
        error_type = aligned["error_type"][index]
        if error_type is not None and error_type not in PUBLISHED_TYPES:
            if not mode.lenient:
                raise row.fail(
                    "error_type",
                    f"{where}: unknown error type {error_type!r}; allowed:"
                    f" {', '.join(PUBLISHED_TYPES)} (or None)",
                )
            mode.allow(row, "unknown_error_type", "error_type", f"{where}: {_short(error_type)}")
            error_type = None
        category = aligned["linguistic_categories"][index]
        if category is not None and category not in allowed:
            if not mode.lenient:
                raise row.fail(
                    "linguistic_categories",
                    f"{where}: unknown error type {category!r}; the project's taxonomy allows "
                    + ", ".join(sorted(allowed))
                    + " (or None; import in lenient mode to keep the span untyped)",
                )
            mode.allow(
                row, "unknown_category", "linguistic_categories", f"{where}: {_short(category)}"
            )
            category = None
        no_evidence, evidence = _evidence(row, index, aligned["evidence"][index], turns, mode)
        pieces = _in_sentences(start, end, summary, sentences)
        if not pieces:  # only if the segmenter left the span's characters out of every sentence
            raise row.fail(
                "nonfactual_spans", f"{where} {text!r} lies outside every sentence of the summary"
            )
        parts += len(pieces) - 1
        spans.extend(
            PublishedSpan(
                sentence=position,
                start=begin,
                end=finish,
                category=category,
                error_type=error_type,
                no_evidence=no_evidence,
                evidence=evidence,
            )
            for position, begin, finish in pieces
        )
    return spans, parts, categories


def _aligned(
    row: _Row, column: str, n_spans: int, mode: _Mode, *, placeable: bool
) -> list[str | None]:
    values = _list(row, column)
    if values and len(values) != n_spans:
        if not mode.lenient:
            raise row.fail(
                column,
                f"{len(values)} item(s) for {n_spans} span(s) in nonfactual_spans; give one per"
                " span, in the same order (None for none), or []",
            )
        if placeable:  # with no span to place, there is nothing to misalign
            mode.allow(
                row,
                "misaligned_column",
                column,
                f"{len(values)} item(s) for {n_spans} span(s); none of them imported",
            )
        return [None] * n_spans
    return values or [None] * n_spans


def _row_categories(row: _Row, allowed: set[str], mode: _Mode) -> tuple[str, ...]:
    """The row's categories the taxonomy has, once each, in order (lenient mode only: strict
    mode reads them span by span)."""
    if not mode.lenient:
        return ()
    named = [c for c in _list(row, "linguistic_categories") if c is not None and c.strip()]
    return tuple(dict.fromkeys(c for c in named if c in allowed))


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
    row: _Row, index: int, entry: str | None, turns: list[TurnRecord], mode: _Mode
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
        if located is None and mode.lenient:
            located = _locate(piece.strip(), turns, by_words=True)
            mode.allow(
                row,
                "evidence_by_words" if located is not None else "evidence_not_in_dialogue",
                "evidence",
                f"item {index + 1}: {_short(piece.strip())}",
            )
            if located is None:
                continue
        if located is None:
            raise row.fail(
                "evidence",
                f"item {index + 1}: {piece.strip()!r} does not occur in the dialogue; give"
                f" 'SPEAKER :  words' or words of one turn, or {NO_EVIDENCE!r} (or import in"
                " lenient mode to import the span without it)",
            )
        found.append(located)
    return False, tuple(found)


def _locate(
    piece: str, turns: list[TurnRecord], *, by_words: bool = False
) -> PublishedEvidence | None:
    """The first turn holding ``piece``: of the speaker it starts with, if it names one
    (``SPEAKER :  words``), else of anyone. ``by_words``: holding its words, in order and
    together, whatever the characters between them."""
    find = _by_words if by_words else _verbatim
    for speaker in sorted({turn.speaker for turn in turns}, key=len, reverse=True):
        rest = piece[len(speaker) :].lstrip()
        if not piece.startswith(speaker) or not rest.startswith(":"):
            continue
        words = rest[1:].strip()
        for position, turn in enumerate(turns):
            found = find(words, turn.text) if words and turn.speaker == speaker else None
            if found is not None:
                return PublishedEvidence(position, *found)
    for position, turn in enumerate(turns):
        found = find(piece, turn.text)
        if found is not None:
            return PublishedEvidence(position, *found)
    return None


def _short(text: str | None) -> str:
    """A text as a report names it: quoted, cut after 60 characters."""
    if text is None:
        return "None"
    return repr(text if len(text) <= 60 else text[:57] + "...")


def _verbatim(words: str, text: str) -> tuple[int, int] | None:
    start = text.find(words)
    return None if start < 0 else (start, start + len(words))


def _by_words(words: str, text: str) -> tuple[int, int] | None:
    """[start, end) in ``text`` from the first to the last of the words of ``words``, where
    they occur in ``text`` in order and with nothing but other characters than letters and
    digits between them (`4 30` is found in `at 4:30`); None if they do not."""
    wanted = _WORD.findall(words)
    if not wanted:
        return None
    found = list(_WORD.finditer(text))
    for first in range(len(found) - len(wanted) + 1):
        if all(found[first + k].group() == word for k, word in enumerate(wanted)):
            return found[first].start(), found[first + len(wanted) - 1].end()
    return None
