"""The TofuEval export: the layout and encodings of the public TofuEval release.

TofuEval (Tang et al., NAACL 2024, github.com/amazon-science/tofueval, MIT-0) publishes, per
corpus, and the writer reproduces (docs/formats/exports.md):

- ``factual_consistency/{corpus}_factual_eval_{dev,test}.csv``: header ``doc_id,
  annotation_id,topic,model_name,sent_idx,summ_sent,sent_label,exp,type``; one row per
  summary sentence; ``sent_label`` ``yes`` (consistent) / ``no`` (inconsistent); ``exp`` the
  explanation; ``type`` the error type names joined by ``", "``;
- ``completeness/{corpus}_completeness_final.csv``: header ``doc_id,annotation_id,topic,
  key_points``; one row per topic; ``key_points`` the Python list literal of the numbered
  points, ``"['1. ...', '2. ...']"`` (``repr`` of a list of str), empty without key points;
- ``topic_category/{corpus}_topic_category.json``: ``{topic: main | marginal | irrelevant}``;
- ``document_ids_dev_test_split.json``: ``{"dev": {corpus: [doc_id, ...]}, "test": {...}}``.

TofuEval publishes the key points only, not which summaries state them. When the rows know
(key facts aligned in the tool), the writer adds, in the same style, a file the release does
not have: ``completeness/{corpus}_completeness_coverage.csv``, header ``doc_id,
annotation_id,topic,model_name,key_point_idx,covered``, one row per (summary, key point),
``key_point_idx`` the point's number in ``key_points`` and ``covered`` ``yes`` / ``no``
(docs/formats/tofueval.md, "Completeness").

Encodings: UTF-8 without BOM; CSV quoted only where needed (the csv module's default dialect,
as published); CSV lines end with ``\\n``, the last one included (the release mixes CRLF and LF
and sometimes omits the final newline; one convention is kept, see PUBLISHED_DIFFERENCES);
JSON indented by 4 spaces, ASCII-escaped, without a final newline, exactly as published.

Order is the input order (the writer never sorts). The release lists factual rows by
document (in the split file's order), topic, model and ``sent_idx``; completeness rows and
topic categories by document in ``annotation_id`` order, then topic.
``rows_from_tofueval_release`` builds the rows in that order from the reader's output; the
database layer mirrors it (``topic_sort_key`` orders the topic rows).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, cast

from annotations.formats.tofueval import (
    COMPLETENESS_COLUMNS,
    CONSISTENCY_COLUMNS,
    TofuEvalRelease,
    key_point_text,
)
from annotations.formats.writers.encoding import CsvSink, verbatim
from annotations.formats.writers.rows import (
    ExportError,
    KeyFactRow,
    Label,
    SentenceRow,
    SummaryRow,
    TopicRow,
    TurnRow,
)

SPLIT_FILE = "document_ids_dev_test_split.json"
COVERAGE_COLUMNS = ("doc_id", "annotation_id", "topic", "model_name", "key_point_idx", "covered")
COVERED = {True: "yes", False: "no", None: ""}
TOFUEVAL_SPLITS = ("dev", "test")
SENT_LABELS = {"consistent": "yes", "inconsistent": "no"}
TYPE_SEPARATOR = ", "
# Where an export necessarily differs from the published files; the release manifest quotes
# these so nobody mistakes them for data changes.
PUBLISHED_DIFFERENCES = (
    "Every CSV is written with LF line endings and a final newline. The release uses CRLF"
    " without a final newline in mediasum_factual_eval_dev.csv, mediasum_factual_eval_test.csv"
    " and meetingbank_factual_eval_test.csv (newlines inside quoted fields are LF in both).",
    "meetingbank_factual_eval_dev.csv: the release repeats one row verbatim (LongBeachCC_10172017"
    "_17-0944, 'Incident on Blue Line train', Model-Extra, sent_idx 1); it is imported, and so"
    " exported, once.",
    "completeness/*.csv: rows are grouped by document in annotation_id order as published, but"
    " within a document topics follow the factual-consistency files' order; the release orders"
    " them differently in 41 mediasum and 8 meetingbank documents, an order the import does not"
    " keep. Every row's values are identical.",
)


@dataclass(frozen=True, slots=True)
class WrittenFile:
    path: str  # relative to the output directory, "/"-separated
    records: int  # CSV rows without the header; JSON entries (topics; document ids)


@dataclass(frozen=True, slots=True)
class TofuEvalRows:
    summaries: list[SummaryRow]
    topics: list[TopicRow]


def write_tofueval(
    out_dir: Path, summaries: Iterable[SummaryRow], topics: Iterable[TopicRow]
) -> list[WrittenFile]:
    """Write the release layout under ``out_dir``; returns the files with their counts.

    ``summaries`` fill the factual-consistency files and the split file; they must arrive
    grouped by document (each document's summaries together). ``topics`` fill the
    completeness and topic-category files. Only (corpus, split) pairs that occur get a file.
    """
    with ExitStack() as stack:
        factual = _FactualFiles(out_dir, stack)
        coverage = _CoverageFiles(out_dir, stack)
        for summary in summaries:
            factual.write(summary)
            coverage.write(summary)
        per_topic = _TopicFiles(out_dir, stack)
        for topic in topics:
            per_topic.write(topic)
        per_topic.finish()
    split_path = out_dir / SPLIT_FILE
    split_path.write_bytes(json.dumps(factual.split_ids(), indent=4).encode("utf-8"))
    written = [*factual.written(), *coverage.written(), *per_topic.written()]
    written.append(WrittenFile(SPLIT_FILE, factual.documents))
    return sorted(written, key=lambda file: file.path)


def _open(out_dir: Path, relative: str, stack: ExitStack) -> BinaryIO:
    path = out_dir / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    return stack.enter_context(path.open("wb"))


class _FactualFiles:
    def __init__(self, out_dir: Path, stack: ExitStack) -> None:
        self._out_dir = out_dir
        self._stack = stack
        self._sinks: dict[str, CsvSink] = {}
        self._counts: dict[str, int] = {}
        self._ids: dict[str, dict[str, list[str]]] = {}
        self._current: tuple[str, str] | None = None
        # Only document keys, to refuse a document that comes back after another one: the
        # split file lists documents in order of first appearance.
        self._finished: set[tuple[str, str]] = set()
        self.documents = 0

    def write(self, summary: SummaryRow) -> None:
        if summary.split not in TOFUEVAL_SPLITS:
            raise ExportError(
                f"{summary.where()}: TofuEval has only dev and test files; the document's split"
                f" is {summary.split!r}"
            )
        self._track_document(summary)
        path = f"factual_consistency/{summary.corpus}_factual_eval_{summary.split}.csv"
        sink = self._sinks.get(path)
        if sink is None:
            sink = self._sinks[path] = CsvSink(_open(self._out_dir, path, self._stack))
            sink.write(CONSISTENCY_COLUMNS)
            self._counts[path] = 0
        for sentence in summary.sentences:
            sink.write(_factual_values(summary, sentence))
            self._counts[path] += 1

    def _track_document(self, summary: SummaryRow) -> None:
        key = (summary.corpus, summary.doc_id)
        if key == self._current:
            return
        if key in self._finished:
            raise ExportError(
                f"{summary.where()}: the document's summaries must arrive together, but"
                " another document came in between"
            )
        if self._current is not None:
            self._finished.add(self._current)
        self._current = key
        self._ids.setdefault(summary.split, {}).setdefault(summary.corpus, []).append(
            summary.doc_id
        )
        self.documents += 1

    def split_ids(self) -> dict[str, dict[str, list[str]]]:
        return {split: self._ids[split] for split in TOFUEVAL_SPLITS if split in self._ids}

    def written(self) -> list[WrittenFile]:
        return [WrittenFile(path, count) for path, count in self._counts.items()]


def _factual_values(summary: SummaryRow, sentence: SentenceRow) -> list[object]:
    if sentence.label is None:
        raise ExportError(
            f"{summary.where()}: sentence {sentence.number} has no gold label; TofuEval needs"
            " yes or no for every sentence"
        )
    for name in sentence.error_types:
        if "," in name:
            # The release joins types with ", ": a comma inside a name would split it.
            raise ExportError(
                f"{summary.where()}: error type {name!r} contains a comma, which TofuEval's"
                " ', '-joined type column cannot carry"
            )
    return [
        summary.doc_id,
        summary.annotation_id,
        summary.topic,
        summary.system,
        sentence.number,
        # The sentence under judgement stays byte for byte (TofuEval's scripts give it to the
        # evaluator); every other text cell is neutralised by the sink (docs/formats/exports.md,
        # "Opening a CSV in a spreadsheet").
        verbatim(sentence.text),
        SENT_LABELS[sentence.label],
        # Several gold explanations become one cell, a line each, as in the release's
        # multi-issue explanations ("1. ...\n2. ...").
        "\n".join(sentence.explanations),
        TYPE_SEPARATOR.join(sentence.error_types),
    ]


class _CoverageFiles:
    """``completeness/{corpus}_completeness_coverage.csv``: which summaries state which key
    point, for summaries whose coverage is known; a corpus without any gets no file."""

    def __init__(self, out_dir: Path, stack: ExitStack) -> None:
        self._out_dir = out_dir
        self._stack = stack
        self._sinks: dict[str, CsvSink] = {}
        self._counts: dict[str, int] = {}

    def write(self, summary: SummaryRow) -> None:
        if not summary.key_facts_covered:
            return
        path = f"completeness/{summary.corpus}_completeness_coverage.csv"
        sink = self._sinks.get(path)
        if sink is None:
            sink = self._sinks[path] = CsvSink(_open(self._out_dir, path, self._stack))
            sink.write(COVERAGE_COLUMNS)
            self._counts[path] = 0
        for index, covered in enumerate(summary.key_facts_covered, start=1):
            sink.write(
                [
                    summary.doc_id,
                    summary.annotation_id,
                    summary.topic,
                    summary.system,
                    index,
                    COVERED[covered],
                ]
            )
            self._counts[path] += 1

    def written(self) -> list[WrittenFile]:
        return [WrittenFile(path, count) for path, count in self._counts.items()]


class _TopicFiles:
    def __init__(self, out_dir: Path, stack: ExitStack) -> None:
        self._out_dir = out_dir
        self._stack = stack
        self._completeness: dict[str, CsvSink] = {}
        self._categories: dict[str, _CategoryJson] = {}
        self._counts: dict[str, int] = {}

    def write(self, topic: TopicRow) -> None:
        corpus = topic.corpus
        if corpus not in self._completeness:
            path = f"completeness/{corpus}_completeness_final.csv"
            sink = CsvSink(_open(self._out_dir, path, self._stack))
            sink.write(COMPLETENESS_COLUMNS)
            self._completeness[corpus] = sink
            self._counts[path] = 0
            category_path = f"topic_category/{corpus}_topic_category.json"
            self._categories[corpus] = _CategoryJson(
                category_path, _open(self._out_dir, category_path, self._stack)
            )
        self._completeness[corpus].write(
            [topic.doc_id, topic.annotation_id, topic.topic, key_points_cell(topic.key_facts)]
        )
        self._counts[f"completeness/{corpus}_completeness_final.csv"] += 1
        if topic.category:
            self._categories[corpus].add(topic)

    def finish(self) -> None:
        for category in self._categories.values():
            category.finish()

    def written(self) -> list[WrittenFile]:
        return [
            *(WrittenFile(path, count) for path, count in self._counts.items()),
            *(WrittenFile(c.path, c.records) for c in self._categories.values()),
        ]


class _CategoryJson:
    """Streams ``{topic: category}`` with json.dumps(indent=4)'s exact layout."""

    def __init__(self, path: str, stream: BinaryIO) -> None:
        self.path = path
        self.records = 0
        self._stream = stream
        self._seen: dict[str, str] = {}
        stream.write(b"{")

    def add(self, topic: TopicRow) -> None:
        # The file is keyed by topic name alone: a name shared by two documents can be written
        # once if both agree, and cannot be written at all if they do not.
        known = self._seen.get(topic.topic)
        if known is not None:
            if known != topic.category:
                raise ExportError(
                    f"{topic.corpus}/{topic.doc_id}: topic {topic.topic!r} is {topic.category!r}"
                    f" here but {known!r} in another document; {self.path} maps each topic name"
                    " to one category"
                )
            return
        self._seen[topic.topic] = topic.category
        separator = "," if self.records else ""
        entry = f"{separator}\n    {json.dumps(topic.topic)}: {json.dumps(topic.category)}"
        self._stream.write(entry.encode("utf-8"))
        self.records += 1

    def finish(self) -> None:
        self._stream.write(b"\n}" if self.records else b"}")


def key_points_cell(key_facts: tuple[KeyFactRow, ...]) -> str:
    """The completeness CSV's ``key_points`` value: ``repr`` of the published strings, which
    reproduces the release's quoting ('...' and "..." for points with an apostrophe)."""
    if not key_facts:
        return ""
    return repr(
        [
            f"{i + 1}. {fact.text}" if fact.numbered else fact.text
            for i, fact in enumerate(key_facts)
        ]
    )


def topic_sort_key(topic: TopicRow) -> tuple[int, int]:
    """The release's order of completeness rows and topic categories: by numeric
    annotation_id; rows without one follow, in input order (sorted() is stable)."""
    if topic.annotation_id.isascii() and topic.annotation_id.isdigit():
        return (0, int(topic.annotation_id))
    return (1, 0)


def rows_from_tofueval_release(
    release: TofuEvalRelease, *, unified_codes: Mapping[str, str] | None = None
) -> TofuEvalRows:
    """The rows the database would stream after importing ``release``: what the import
    stores (services/tofueval_import.py), as rows. ``unified_codes`` maps error type names
    to aggrefact-unified codes, for formats that need them."""
    unified = unified_codes or {}
    units = {(u.corpus, u.document, u.topic): u for u in release.units}
    summaries = []
    for document in release.documents:
        turns = tuple(TurnRow(t.speaker, t.text, t.role) for t in document.turns)
        for topic in document.topics:
            unit = units[(document.corpus, document.external_id, topic.name)]
            key_facts = _key_facts(unit.key_points)
            for summary in topic.summaries:
                sentences = []
                for position, sentence in enumerate(summary.sentences):
                    assert sentence.source_index is not None  # the reader always sets it
                    label = unit.sentences[(summary.external_id, sentence.source_index)]
                    sentences.append(
                        SentenceRow(
                            position=position,
                            text=sentence.text,
                            source_index=sentence.source_index,
                            # The reader only produces the two labels; SentenceRow checks.
                            label=cast(Label, label.label),
                            explanations=(label.explanation,) if label.explanation else (),
                            error_types=label.error_types,
                            unified_types=tuple(
                                dict.fromkeys(unified[t] for t in label.error_types if t in unified)
                            ),
                        )
                    )
                summaries.append(
                    SummaryRow(
                        corpus=document.corpus,
                        doc_id=document.external_id,
                        topic=topic.name,
                        system=summary.system,
                        sentences=tuple(sentences),
                        summary_id=summary.external_id,
                        annotation_id=unit.annotation_id,
                        topic_category=unit.category,
                        split=document.split,
                        text=summary.text,
                        key_facts=key_facts,
                        turns=turns,
                    )
                )
    topics = [
        TopicRow(
            corpus=unit.corpus,
            doc_id=unit.document,
            topic=unit.topic,
            annotation_id=unit.annotation_id,
            category=unit.category,
            key_facts=_key_facts(unit.key_points),
        )
        for unit in release.units
    ]
    return TofuEvalRows(summaries=summaries, topics=sorted(topics, key=topic_sort_key))


def _key_facts(points: list[str]) -> tuple[KeyFactRow, ...]:
    facts = []
    for position, point in enumerate(points):
        text, numbered = key_point_text(point, position)
        facts.append(KeyFactRow(text=text, numbered=numbered))
    return tuple(facts)
