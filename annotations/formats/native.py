"""Reader of the native corpus format: one dialogue per JSONL line (docs/formats/native-jsonl.md).

``read_native(stream, file=...)`` yields one ``DocumentRecord`` per line, lazily, so a large
file is never held in memory. Every problem raises ``FormatError`` naming the file, the line,
the field as a JSON path, and what was expected.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

from annotations.formats import strict_json
from annotations.formats.errors import FormatError, describe
from annotations.formats.records import (
    SPLITS,
    ColumnLimits,
    DocumentRecord,
    SentenceRecord,
    SummaryRecord,
    TopicRecord,
    TurnRecord,
)
from annotations.formats.sentences import join_sentences, locate_sentences, split_sentences

SLUG = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
DOCUMENT_KEYS = {"id", "corpus", "title", "split", "metadata", "turns", "topics", "summaries"}
TURN_KEYS = {"speaker", "role", "text"}
TOPIC_KEYS = {"name", "summaries", "key_facts"}
SUMMARY_KEYS = {
    "id",
    "system",
    "system_category",
    "text",
    "sentences",
    "metadata",
    "atomic_facts",
}
# A system category (AggreFact's SOTA / EXFORMER / OLD; fine-tuned vs LLM) is a short label.
MAX_SYSTEM_CATEGORY = 100
# As the key-fact and atomic-fact kinds allow (annotations/kinds/).
FACT_LIMIT = 1000
MAX_KEY_FACTS = 50
MAX_ATOMIC_FACTS = 60


class _Line:
    """Validation helpers bound to one line, so every error knows where it is."""

    def __init__(
        self, file: str, number: int, limits: ColumnLimits, *, may_nest: bool = True
    ) -> None:
        self.file = file
        self.number = number
        self.limits = limits
        # False when the line has too few brackets to nest past STORED_DEPTH (counting them is
        # far cheaper than walking every metadata value of every line).
        self.may_nest = may_nest

    def fail(self, field: str | None, message: str) -> FormatError:
        return FormatError(message, file=self.file, line=self.number, field=field)

    def obj(self, value: Any, field: str, allowed: set[str]) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(field or None, f"expected an object, got {describe(value)}")
        unknown = sorted(set(value) - allowed)
        if unknown:
            raise self.fail(
                f"{field}.{unknown[0]}" if field else unknown[0],
                f"unknown field; allowed fields are {', '.join(sorted(allowed))}",
            )
        return value

    def text(self, value: Any, field: str, *, required: bool = True, limit: int = 0) -> str:
        if value is None and not required:
            return ""
        if not isinstance(value, str) or (required and not value.strip()):
            raise self.fail(field, f"expected a non-empty string, got {describe(value)}")
        if limit and len(value) > limit:
            raise self.fail(field, f"expected at most {limit} characters, got {len(value)}")
        return value

    def items(self, value: Any, field: str, *, required: bool = True) -> list[Any]:
        if value is None and not required:
            return []
        if not isinstance(value, list) or (required and not value):
            raise self.fail(field, f"expected a non-empty list, got {describe(value)}")
        return value

    def mapping(self, value: Any, field: str) -> dict[str, Any]:
        if value is None:
            return {}
        if not isinstance(value, dict):
            raise self.fail(field, f"expected an object, got {describe(value)}")
        if self.may_nest and strict_json.depth_exceeds(value, strict_json.STORED_DEPTH):
            raise self.fail(
                field,
                f"nested deeper than {strict_json.STORED_DEPTH} levels; expected an object of"
                f" at most {strict_json.STORED_DEPTH} levels of objects and lists",
            )
        return value


def read_native(
    stream: Iterable[bytes], *, file: str, limits: ColumnLimits | None = None
) -> Iterator[DocumentRecord]:
    """Parse native JSONL from a binary stream (bytes, so bad encodings are reported with
    their line rather than failing somewhere inside a decoder). A file with no document (empty,
    or blank lines only) is refused."""
    seen: dict[tuple[str, str], int] = {}
    limits = limits or ColumnLimits()
    number = 0
    for number, raw in enumerate(stream, start=1):
        line = _Line(file, number, limits)
        try:
            decoded = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            raise line.fail(
                None,
                f"not valid UTF-8 (byte 0x{raw[error.start]:02x} at column {error.start + 1});"
                " save the file as UTF-8",
            ) from None
        decoded = decoded.removeprefix("\ufeff") if number == 1 else decoded
        decoded = decoded.rstrip("\r\n")  # so a column in an error is one on this line
        if not decoded.strip():
            continue
        try:
            value = strict_json.loads(decoded)
        except strict_json.StrictJSONError as error:
            raise line.fail(None, f"{error}; each line must be one complete JSON object") from None
        problem = strict_json.bad_text(value) if strict_json.may_hold_nul(decoded) else None
        if problem is not None:
            raise line.fail(problem[0], f"cannot be stored: {problem[1]}")
        line.may_nest = strict_json.may_nest(decoded, strict_json.STORED_DEPTH)
        record = _document(line, value)
        key = (record.corpus, record.external_id)
        if key in seen:
            raise line.fail(
                "id",
                f"duplicate document id {record.external_id!r} in corpus {record.corpus!r}"
                f" (first on line {seen[key]})",
            )
        seen[key] = number
        yield record
    if not seen:
        raise FormatError(
            "the file has no document"
            + (" (it is empty)" if number == 0 else " (only blank lines)")
            + "; expected one JSON object per line (docs/formats/native-jsonl.md)",
            file=file,
        )


def _document(line: _Line, value: Any) -> DocumentRecord:
    data = line.obj(value, "", DOCUMENT_KEYS)
    external_id = line.text(data.get("id"), "id", limit=line.limits.document_id)
    corpus = data.get("corpus")
    if not isinstance(corpus, str) or not SLUG.match(corpus):
        raise line.fail(
            "corpus",
            f"expected a slug of lowercase letters, digits, - and _, got {describe(corpus)}",
        )
    line.text(corpus, "corpus", limit=line.limits.corpus)
    split = data.get("split", "none")
    if split not in SPLITS:
        raise line.fail("split", f"expected one of {', '.join(SPLITS)}, got {describe(split)}")
    turns = [
        _turn(line, turn, f"turns[{i}]")
        for i, turn in enumerate(line.items(data.get("turns"), "turns"))
    ]
    topics = [
        _topic(line, topic, f"topics[{i}]")
        for i, topic in enumerate(line.items(data.get("topics"), "topics", required=False))
    ]
    generic = line.items(data.get("summaries"), "summaries", required=False)
    if generic:
        if any(topic.name == "" for topic in topics):
            raise line.fail("summaries", "generic summaries given twice")
        topics.append(TopicRecord(name="", summaries=_summaries(line, generic, "summaries")))
    names: dict[str, int] = {}
    for index, topic in enumerate(topics):
        if topic.name in names:
            raise line.fail(
                f"topics[{index}].name",
                f"duplicate topic {topic.name!r} (also topics[{names[topic.name]}])",
            )
        names[topic.name] = index
    return DocumentRecord(
        corpus=corpus,
        external_id=external_id,
        title=line.text(data.get("title"), "title", required=False, limit=line.limits.title),
        split=split,
        metadata=line.mapping(data.get("metadata"), "metadata"),
        turns=turns,
        topics=topics,
        origin=f"{line.file}, line {line.number}",
        line=line.number,
    )


def _turn(line: _Line, value: Any, field: str) -> TurnRecord:
    data = line.obj(value, field, TURN_KEYS)
    return TurnRecord(
        speaker=line.text(
            data.get("speaker"), f"{field}.speaker", limit=line.limits.speaker
        ).strip(),
        role=line.text(
            data.get("role"), f"{field}.role", required=False, limit=line.limits.role
        ).strip(),
        text=line.text(data.get("text"), f"{field}.text"),
    )


def _topic(line: _Line, value: Any, field: str) -> TopicRecord:
    data = line.obj(value, field, TOPIC_KEYS)
    name = line.text(data.get("name"), f"{field}.name", limit=line.limits.topic).strip()
    return TopicRecord(
        name=name,
        summaries=_summaries(
            line, line.items(data.get("summaries"), f"{field}.summaries"), f"{field}.summaries"
        ),
        key_facts=_facts(line, data.get("key_facts"), f"{field}.key_facts", MAX_KEY_FACTS),
    )


def _facts(line: _Line, value: Any, field: str, most: int) -> list[str]:
    """A given list of facts (key facts of a topic, atomic facts of a summary): texts."""
    items = line.items(value, field, required=False)
    if len(items) > most:
        raise line.fail(field, f"at most {most} facts, not {len(items)}")
    return [
        line.text(item, f"{field}[{index}]", limit=FACT_LIMIT).strip()
        for index, item in enumerate(items)
    ]


def _summaries(line: _Line, values: list[Any], field: str) -> list[SummaryRecord]:
    summaries = []
    ids: dict[str, int] = {}
    for index, value in enumerate(values):
        summary = _summary(line, value, f"{field}[{index}]")
        if summary.external_id in ids:
            raise line.fail(
                f"{field}[{index}].id",
                f"duplicate summary id {summary.external_id!r} in this topic (also"
                f" {field}[{ids[summary.external_id]}]); give each summary of a system its own id",
            )
        ids[summary.external_id] = index
        summaries.append(summary)
    return summaries


def _summary(line: _Line, value: Any, field: str) -> SummaryRecord:
    data = line.obj(value, field, SUMMARY_KEYS)
    system = line.text(data.get("system"), f"{field}.system", limit=line.limits.system).strip()
    external_id = line.text(data.get("id", system), f"{field}.id", limit=line.limits.summary_id)
    given_text = data.get("text")
    given_sentences = data.get("sentences")
    if given_text is None and given_sentences is None:
        raise line.fail(field, "expected `text` or `sentences` (or both)")
    text = line.text(given_text, f"{field}.text") if given_text is not None else None
    if given_sentences is None:
        assert text is not None
        sentences = split_sentences(text)
        if not sentences:
            raise line.fail(f"{field}.text", "the summary has no sentence")
    else:
        text, sentences = _given_sentences(
            line, line.items(given_sentences, f"{field}.sentences"), text, f"{field}.sentences"
        )
    metadata = line.mapping(data.get("metadata"), f"{field}.metadata")
    if data.get("system_category") is not None:
        # Kept with the summary's metadata, where the release reads it (records.csv's
        # system_category: thresholds per summarizer category, docs/evaluation.md).
        metadata = {
            **metadata,
            "system_category": line.text(
                data["system_category"], f"{field}.system_category", limit=MAX_SYSTEM_CATEGORY
            ).strip(),
        }
    return SummaryRecord(
        external_id=external_id,
        system=system,
        text=text,
        sentences=sentences,
        metadata=metadata,
        atomic_facts=_facts(
            line, data.get("atomic_facts"), f"{field}.atomic_facts", MAX_ATOMIC_FACTS
        ),
    )


def _given_sentences(
    line: _Line, values: list[Any], text: str | None, field: str
) -> tuple[str, list[SentenceRecord]]:
    if all(isinstance(value, str) for value in values):
        for index, value in enumerate(values):
            line.text(value, f"{field}[{index}]")
        if text is None:
            return join_sentences(values)
        located = locate_sentences(text, values)
        if isinstance(located, int):
            raise line.fail(
                f"{field}[{located}]",
                "sentence/summary mismatch: this sentence does not occur in the summary text"
                " after the previous sentence",
            )
        return text, located
    if not all(isinstance(value, dict) for value in values):
        raise line.fail(field, "expected all strings or all {text, start, end} objects")
    if text is None:
        raise line.fail(field, "sentences with offsets need the summary's `text`")
    records = []
    previous_end = 0
    for index, value in enumerate(values):
        where = f"{field}[{index}]"
        data = line.obj(value, where, {"text", "start", "end"})
        sentence = line.text(data.get("text"), f"{where}.text")
        start = _offset(line, data.get("start"), f"{where}.start")
        end = _offset(line, data.get("end"), f"{where}.end")
        if not (previous_end <= start < end <= len(text)):
            raise line.fail(
                where,
                f"offsets [{start}, {end}) out of range: expected {previous_end} <= start < end"
                f" <= {len(text)} (the text's length), in order and not overlapping",
            )
        if text[start:end] != sentence:
            raise line.fail(
                f"{where}.text",
                f"sentence/summary mismatch: text[{start}:{end}] is {text[start:end]!r}",
            )
        records.append(SentenceRecord(text=sentence, start=start, end=end))
        previous_end = end
    return text, records


def _offset(line: _Line, value: Any, field: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise line.fail(field, f"expected an integer, got {describe(value)}")
    return value
