"""What the readers of other tools' and benchmarks' files produce (docs/formats/imports.md),
and the assembly of their per-sentence items into documents.

Label Studio, doccano and Potato show a summary sentence by sentence; their exports carry,
per sentence, where it belongs (document, topic, summary, system, index) and each person's
answer. ``documents_from_items`` builds the corpus from those items, refusing (with the
file, line and field) two items that disagree about a document's text or a summary's
system, or that give one sentence twice. The published benchmarks build their documents
directly. Every reader returns a ``ToolImport``: documents as the native import writes them,
the labels of each named source (a person of the tool, or the benchmark), and a note per
thing it did that the file did not say.

Pure: no Django; every problem is a ``FormatError``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from annotations.formats.errors import FormatError, describe
from annotations.formats.records import (
    ColumnLimits,
    DocumentRecord,
    SentenceRecord,
    SummaryRecord,
    TopicRecord,
    TurnRecord,
)
from annotations.formats.sentences import join_sentences
from annotations.formats.strict_json import bad_text

LABELS = ("consistent", "inconsistent")
CORPUS_SLUG = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
# Assignment.source's length: a source names a person of the tool or the benchmark.
SOURCE_LIMIT = 200
# A sentence label as the tools' choices may spell it.
LABEL_SPELLINGS = {
    "consistent": "consistent",
    "inconsistent": "inconsistent",
    "yes": "consistent",
    "no": "inconsistent",
    "1": "consistent",
    "0": "inconsistent",
    "supported": "consistent",
    "unsupported": "inconsistent",
    "faithful": "consistent",
    "unfaithful": "inconsistent",
}
OTHER_SPELLINGS = [spelling for spelling in LABEL_SPELLINGS if spelling not in LABELS]
# (corpus, document, topic, summary id, sentence position): a sentence of the import.
SentenceKey = tuple[str, str, str, str, int]


@dataclass(frozen=True, slots=True)
class Where:
    """A place in a file, for errors and for the audit record of what came from where."""

    file: str
    line: int | None = None

    def fail(self, field: str | None, message: str) -> FormatError:
        return FormatError(message, file=self.file, line=self.line, field=field)

    def text(self, value: Any, field: str, *, limit: int = 0, required: bool = True) -> str:
        if value is None and not required:
            return ""
        if isinstance(value, int | float) and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, str) or (required and not value.strip()):
            raise self.fail(field, f"expected a non-empty string, got {describe(value)}")
        problem = bad_text(value)
        if problem is not None:
            raise self.fail(field, problem[1])
        if limit and len(value) > limit:
            raise self.fail(field, f"expected at most {limit} characters, got {len(value)}")
        return value

    def __str__(self) -> str:
        return self.file if self.line is None else f"{self.file}, line {self.line}"


def sentence_label(where: Where, value: Any, field: str) -> str:
    """``consistent`` or ``inconsistent`` from a tool's choice, or a FormatError listing the
    spellings accepted."""
    spelled = str(value).strip().lower() if isinstance(value, str | int) else None
    if spelled is None or spelled not in LABEL_SPELLINGS:
        raise where.fail(
            field,
            f"expected one of {', '.join(LABELS)} (or {', '.join(OTHER_SPELLINGS)}), got"
            f" {describe(value)}",
        )
    return LABEL_SPELLINGS[spelled]


@dataclass(frozen=True, slots=True)
class SentenceItem:
    """One summary sentence as a tool showed it, with where it belongs."""

    corpus: str
    document: str
    turns: tuple[TurnRecord, ...]
    topic: str
    summary: str
    system: str
    index: int
    text: str
    split: str
    where: Where


def source_name(where: Where, name: str, field: str) -> str:
    """A source's name as stored, or a FormatError: storable text of at most SOURCE_LIMIT
    characters (a person's name comes from a file's content or a folder's name)."""
    return where.text(name, field, limit=SOURCE_LIMIT)


@dataclass(frozen=True, slots=True)
class PublishedLabel:
    """A source's label of one sentence (``sentence`` is its position in its summary)."""

    source: str
    sentence: SentenceKey
    label: str
    explanation: str = ""
    error_types: tuple[str, ...] = ()
    where: str = ""


@dataclass(slots=True)
class ToolImport:
    documents: list[DocumentRecord]
    labels: list[PublishedLabel]
    # Evaluators whose predictions were kept in the summaries' metadata, and how many each.
    predictions: dict[str, int] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


def turns_of(where: Where, data: dict[str, Any], limits: ColumnLimits) -> tuple[TurnRecord, ...]:
    """The document of a tool's item: ``dialogue`` (a list of ``{"speaker", "text"}``) or
    ``document`` (a text, one turn without a speaker, as a news article is imported)."""
    if data.get("dialogue") is not None:
        turns = data["dialogue"]
        if not isinstance(turns, list) or not turns:
            raise where.fail(
                "dialogue", f"expected a non-empty list of turns, got {describe(turns)}"
            )
        records = []
        for number, turn in enumerate(turns):
            name = f"dialogue[{number}]"
            if not isinstance(turn, dict):
                raise where.fail(
                    name, f"expected an object {{speaker, text}}, got {describe(turn)}"
                )
            records.append(
                TurnRecord(
                    speaker=where.text(
                        turn.get("speaker", ""),
                        f"{name}.speaker",
                        limit=limits.speaker,
                        required=False,
                    ),
                    text=where.text(turn.get("text"), f"{name}.text"),
                )
            )
        return tuple(records)
    return (TurnRecord(speaker="", text=where.text(data.get("document"), "document")),)


def item_of(
    where: Where, data: dict[str, Any], limits: ColumnLimits, *, text: Any = None
) -> SentenceItem:
    """A sentence item from a tool's data fields (docs/formats/imports.md, "The item fields")."""
    index = data.get("sentence_index")
    if isinstance(index, str) and index.strip().isdigit():
        index = int(index)
    if not isinstance(index, int) or isinstance(index, bool) or index < 0:
        raise where.fail("sentence_index", f"expected a whole number ≥ 0, got {describe(index)}")
    split = data.get("split") or "none"
    if split not in ("dev", "test", "none"):
        raise where.fail("split", f"expected one of dev, test, none, got {describe(split)}")
    corpus = where.text(data.get("corpus") or "default", "corpus", limit=limits.corpus)
    if not CORPUS_SLUG.match(corpus):
        raise where.fail(
            "corpus", f"expected a slug of lowercase letters, digits, - and _, got {corpus!r}"
        )
    return SentenceItem(
        corpus=corpus,
        document=where.text(data.get("document_id"), "document_id", limit=limits.document_id),
        turns=turns_of(where, data, limits),
        topic=where.text(data.get("topic") or "", "topic", limit=limits.topic, required=False),
        summary=where.text(data.get("summary_id"), "summary_id", limit=limits.summary_id),
        system=where.text(data.get("system"), "system", limit=limits.system),
        index=index,
        text=where.text(data.get("text") if text is None else text, "text").strip(),
        split=split,
        where=where,
    )


def documents_from_items(
    items: Iterable[SentenceItem],
) -> tuple[list[DocumentRecord], dict[tuple[str, str, str, str, int], int]]:
    """The documents the items describe, in first-seen order, and each item's sentence
    position in its summary (keyed by corpus, document, topic, summary, index)."""
    documents: dict[
        tuple[str, str], tuple[SentenceItem, dict[str, dict[str, dict[int, SentenceItem]]]]
    ] = {}
    for item in items:
        key = (item.corpus, item.document)
        if key not in documents:
            documents[key] = (item, {})
        first, topics = documents[key]
        if item.turns != first.turns:
            raise item.where.fail(
                "document",
                f"document {item.document!r} has a different text here than at {first.where}; a"
                " document's text must be the same in every item",
            )
        if item.split != first.split:
            raise item.where.fail(
                "split", f"document {item.document!r} is {first.split!r} at {first.where}"
            )
        summaries = topics.setdefault(item.topic, {})
        sentences = summaries.setdefault(item.summary, {})
        if sentences:
            other = next(iter(sentences.values()))
            if other.system != item.system:
                raise item.where.fail(
                    "system",
                    f"summary {item.summary!r} is by {other.system!r} at {other.where}; a summary"
                    " has one system",
                )
        # The same sentence again (another person's file) is the same item; a different
        # text under the same index is two sentences claiming one place.
        seen = sentences.setdefault(item.index, item)
        if seen.text != item.text:
            raise item.where.fail(
                "sentence_index",
                f"sentence {item.index} of summary {item.summary!r} is {seen.text!r} at"
                f" {seen.where}; one index, one sentence",
            )
    records = []
    positions: dict[tuple[str, str, str, str, int], int] = {}
    for (corpus, document), (first, topics) in documents.items():
        topic_records = []
        for topic, summaries in topics.items():
            summary_records = []
            for summary, sentences in summaries.items():
                ordered = [sentences[index] for index in sorted(sentences)]
                text, located = join_sentences([item.text for item in ordered])
                summary_records.append(
                    SummaryRecord(
                        external_id=summary,
                        system=ordered[0].system,
                        text=text,
                        sentences=[
                            SentenceRecord(s.text, s.start, s.end)
                            for s, item in zip(located, ordered, strict=True)
                        ],
                    )
                )
                for position, item in enumerate(ordered):
                    positions[(corpus, document, topic, summary, item.index)] = position
            topic_records.append(TopicRecord(name=topic, summaries=summary_records))
        records.append(
            DocumentRecord(
                corpus=corpus,
                external_id=document,
                turns=list(first.turns),
                topics=topic_records,
                split=first.split,
                origin=str(first.where),
                line=first.where.line or 0,
            )
        )
    return records, positions


def attach_summary_metadata(
    documents: list[DocumentRecord], metadata: dict[tuple[str, str, str, str], dict[str, Any]]
) -> None:
    """Set each summary's metadata (corpus, document, topic, summary -> metadata)."""
    for document in documents:
        for topic in document.topics:
            for summary in topic.summaries:
                key = (document.corpus, document.external_id, topic.name, summary.external_id)
                if key in metadata:
                    summary.metadata = metadata[key]


def whole_summary(text: str) -> list[SentenceRecord]:
    """A benchmark's summary (or claim) labelled as a whole: one unit, so its one label is
    the summary's and nothing is said of sentences the benchmark did not label."""
    stripped = text.strip()
    start = text.index(stripped)
    return [SentenceRecord(text=stripped, start=start, end=start + len(stripped))]
