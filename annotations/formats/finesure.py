"""Reader of FineSurE's data files (docs/formats/finesure.md): the JSONL samples with their
published ``raw_annotations`` and, optionally, the human key-fact list.

FineSurE (Song et al., ACL 2024, github.com/DISL-Lab/FineSurE-ACL24, Apache-2.0) ships one
summary per line::

    {"doc_id", "source", "split", "model", "transcript", "reference", "sentences",
     "raw_annotations": {ANNOTATOR: {"factuality_labels", "factuality_types"}        (FRANK)
                                  | {"key_fact_labels", "sentence_labels"}}}       (REALSumm)

and the key facts of each document in a separate JSONL file, ``{"doc_id", "transcript",
"reference", "key_facts"}`` (``human-keyfact-list.json``; the files are JSON lines despite the
``.json`` name).

``read_finesure(path, keyfacts)`` returns the documents (as the native import writes them: a
news article is one turn without a speaker; one generic topic holding a summary per
``model``, split into FineSurE's own ``sentences``), each summary's published labels per
annotator, and the key facts of the documents in the file. Every problem raises
``FormatError`` naming the file, the line and the field; nothing is returned then, so the
import writes nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
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
from annotations.formats.sentences import join_sentences
from annotations.formats.writers.finesure import CODE_ALIASES, MISSING, NO_ERROR, TYPE_CODES

# FineSurE's splits (FRANK's "valid") as the project's dev / test / none.
SPLITS = {"test": "test", "valid": "dev", "validation": "dev", "val": "dev", "dev": "dev"}
LABEL_KEYS = ("factuality_labels", "factuality_types", "key_fact_labels", "sentence_labels")
KNOWN_KEYS = {"doc_id", "source", "split", "model", "transcript", "reference", "sentences"}

# A label as read: 1, 0, or None where FineSurE wrote "None" (not given).
Flag = int | None


@dataclass(frozen=True, slots=True)
class PublishedAnnotation:
    """One annotator's labels of one summary, as published; ``None`` where a kind of label
    is absent. Types are FineSurE codes per sentence (``()`` for NoE or "None"), when the
    published list has one entry per sentence; else ``unaligned_types`` is that list as
    published (FRANK's data sometimes lists every code of every sentence in one list, which
    does not say which sentence each belongs to)."""

    annotator: str  # the key in raw_annotations, as written ("annotator_0", "0")
    factuality: tuple[Flag, ...] | None = None
    types: tuple[tuple[str, ...], ...] | None = None
    unaligned_types: tuple[str, ...] | None = None
    key_facts: tuple[Flag, ...] | None = None
    sentences: tuple[Flag, ...] | None = None


@dataclass(slots=True)
class PublishedSummary:
    corpus: str
    document: str
    model: str
    annotations: list[PublishedAnnotation]
    line: int


@dataclass(slots=True)
class FineSurEFile:
    documents: list[DocumentRecord]
    summaries: list[PublishedSummary]
    # (corpus, doc_id) -> the document's key facts, for documents in the file that have them.
    key_facts: dict[tuple[str, str], list[str]]
    corpus_names: dict[str, str]  # corpus slug -> FineSurE's ``source`` as written
    notes: list[str] = field(default_factory=list)


@dataclass(slots=True)
class _Line:
    file: str
    number: int

    def fail(self, field: str | None, message: str) -> FormatError:
        return FormatError(message, file=self.file, line=self.number, field=field)

    def text(self, value: Any, field: str, *, limit: int = 0) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.fail(field, f"expected a non-empty string, got {describe(value)}")
        if limit and len(value) > limit:
            raise self.fail(field, f"expected at most {limit} characters, got {len(value)}")
        return value


def _lines(path: Path, name: str) -> Iterator[tuple[_Line, dict[str, Any]]]:
    """Each non-blank line's JSON object, with where it is."""
    number = 0
    with path.open("rb") as stream:
        for number, raw in enumerate(stream, start=1):
            line = _Line(name, number)
            try:
                decoded = raw.decode("utf-8")
            except UnicodeDecodeError as error:
                raise line.fail(
                    None,
                    f"not valid UTF-8 (byte 0x{raw[error.start]:02x} at column"
                    f" {error.start + 1}); save the file as UTF-8",
                ) from None
            decoded = decoded.removeprefix("\ufeff") if number == 1 else decoded
            decoded = decoded.rstrip("\r\n")
            if not decoded.strip():
                continue
            try:
                value = strict_json.loads(decoded)
            except strict_json.StrictJSONError as error:
                raise line.fail(
                    None, f"{error}; each line must be one complete JSON object"
                ) from None
            if not isinstance(value, dict):
                raise line.fail(None, f"expected a JSON object, got {describe(value)}")
            problem = strict_json.bad_text(value) if strict_json.may_hold_nul(decoded) else None
            if problem is not None:
                raise line.fail(problem[0], f"cannot be stored: {problem[1]}")
            yield line, value
    if number == 0:
        raise FormatError("the file is empty; expected one JSON object per line", file=name)


@dataclass(frozen=True, slots=True)
class KeyFactEntry:
    """One line of the key-fact list."""

    facts: list[str]
    line: int
    transcript: str | None  # the document it was written for, when the line says


def read_finesure_keyfacts(path: Path, *, file: str | None = None) -> dict[str, KeyFactEntry]:
    """FineSurE's key-fact list: doc_id -> its key facts."""
    name = file or path.name
    facts: dict[str, KeyFactEntry] = {}
    for line, value in _lines(path, name):
        doc_id = line.text(value.get("doc_id"), "doc_id")
        listed = value.get("key_facts")
        if not isinstance(listed, list):
            raise line.fail("key_facts", f"expected a list of strings, got {describe(listed)}")
        for index, fact in enumerate(listed):
            line.text(fact, f"key_facts[{index}]")
        transcript = value.get("transcript")
        if transcript is not None and not isinstance(transcript, str):
            raise line.fail("transcript", f"expected a string, got {describe(transcript)}")
        if doc_id in facts:
            raise line.fail(
                "doc_id", f"document {doc_id!r} has key facts already (line {facts[doc_id].line})"
            )
        facts[doc_id] = KeyFactEntry(list(listed), line.number, transcript)
    if not facts:
        raise FormatError("the file has no key-fact list (only blank lines)", file=name)
    return facts


def read_finesure(
    path: Path,
    keyfacts: Path | None = None,
    *,
    limits: ColumnLimits | None = None,
    file: str | None = None,
    keyfacts_file: str | None = None,
) -> FineSurEFile:
    """Read the whole file (a document's summaries need not be on adjacent lines) and, with
    ``keyfacts``, the key facts of its documents. ``file`` and ``keyfacts_file`` are what
    errors call the files (the names a person uploaded)."""
    name = file or path.name
    facts_name = keyfacts_file or (keyfacts.name if keyfacts else "")
    limits = limits or ColumnLimits()
    given = read_finesure_keyfacts(keyfacts, file=facts_name) if keyfacts is not None else None
    notes: list[str] = []
    documents: dict[tuple[str, str], DocumentRecord] = {}
    first_line: dict[tuple[str, str], int] = {}
    seen: dict[tuple[str, str, str], int] = {}
    corpus_names: dict[str, str] = {}
    summaries: list[PublishedSummary] = []
    key_facts: dict[tuple[str, str], list[str]] = {}
    ignored: set[str] = set()
    unsplit: set[str] = set()
    for line, value in _lines(path, name):
        ignored.update(key for key in value if key not in KNOWN_KEYS and key != "raw_annotations")
        doc_id = line.text(value.get("doc_id"), "doc_id", limit=limits.document_id)
        corpus = _corpus(line, value.get("source"), corpus_names, limits)
        model = line.text(value.get("model"), "model", limit=min(limits.system, limits.summary_id))
        transcript = line.text(value.get("transcript"), "transcript")
        reference = value.get("reference")
        if reference is not None and not isinstance(reference, str):
            raise line.fail("reference", f"expected a string, got {describe(reference)}")
        split = value.get("split")
        if split is not None and not isinstance(split, str):
            raise line.fail("split", f"expected a string such as 'test', got {describe(split)}")
        if split and split not in SPLITS:
            unsplit.add(split)
        sentences = _sentences(line, value.get("sentences"))
        where = (corpus, doc_id)
        if (corpus, doc_id, model) in seen:
            raise line.fail(
                "model",
                f"document {doc_id!r} has a summary by {model!r} already (line"
                f" {seen[(corpus, doc_id, model)]}); one line per summary",
            )
        seen[(corpus, doc_id, model)] = line.number
        record = documents.get(where)
        metadata = {"reference": reference} if reference else {}
        if record is None:
            record = documents[where] = DocumentRecord(
                corpus=corpus,
                external_id=doc_id,
                turns=[TurnRecord(speaker="", text=transcript)],
                topics=[TopicRecord(name="", summaries=[])],
                split=SPLITS.get(split or "", "none"),
                metadata=metadata,
                origin=f"{name}, line {line.number}",
                line=line.number,
            )
            first_line[where] = line.number
        else:
            for key, theirs, ours in (
                ("transcript", record.turns[0].text, transcript),
                ("reference", record.metadata.get("reference", ""), reference or ""),
                ("split", record.split, SPLITS.get(split or "", "none")),
            ):
                if theirs != ours:
                    raise line.fail(
                        key,
                        f"document {doc_id!r} has a different {key} on line {first_line[where]};"
                        " every summary of a document is judged against one source",
                    )
        text, located = join_sentences(sentences)
        record.topics[0].summaries.append(
            SummaryRecord(external_id=model, system=model, text=text, sentences=located)
        )
        facts = None
        if given is not None and doc_id in given:
            entry = given[doc_id]
            if entry.transcript is not None and entry.transcript != transcript:
                raise line.fail(
                    "transcript",
                    f"{facts_name}, line {entry.line} gives key facts of {doc_id!r} for a"
                    " different transcript",
                )
            facts = entry.facts
            if facts:
                key_facts[where] = facts
        annotations = _annotations(
            line, value.get("raw_annotations"), len(sentences), facts, facts_name
        )
        summaries.append(
            PublishedSummary(
                corpus=corpus,
                document=doc_id,
                model=model,
                annotations=annotations,
                line=line.number,
            )
        )
    if not documents:
        raise FormatError("the file has no summary (only blank lines)", file=name)
    if ignored:
        notes.append(f"{name}: ignored field(s) {', '.join(sorted(ignored))}")
    if unsplit:
        notes.append(
            f"{name}: split(s) {', '.join(sorted(unsplit))} are neither test nor valid; their"
            " documents are in no split"
        )
    if given is not None:
        unused = len({doc for doc in given} - {doc for _, doc in documents})
        if unused:
            notes.append(
                f"{facts_name}: {unused} key-fact list(s) of documents not in {name} were not"
                " imported"
            )
    return FineSurEFile(
        documents=list(documents.values()),
        summaries=summaries,
        key_facts=key_facts,
        corpus_names=corpus_names,
        notes=notes,
    )


def _corpus(line: _Line, value: Any, names: dict[str, str], limits: ColumnLimits) -> str:
    try:
        return corpus_slug(line.text(value, "source").strip(), names, limits)
    except ValueError as problem:
        raise line.fail("source", str(problem)) from None


def _sentences(line: _Line, value: Any) -> list[str]:
    if not isinstance(value, list) or not value:
        raise line.fail("sentences", f"expected a non-empty list of strings, got {describe(value)}")
    for index, sentence in enumerate(value):
        line.text(sentence, f"sentences[{index}]")
    return list(value)


def _annotations(
    line: _Line, value: Any, sentences: int, facts: list[str] | None, facts_name: str
) -> list[PublishedAnnotation]:
    if value is None:
        return []  # a summary without published labels: corpus data only
    if not isinstance(value, dict):
        raise line.fail(
            "raw_annotations", f"expected an object keyed by annotator, got {describe(value)}"
        )
    annotations = []
    named: dict[str, str] = {}
    for annotator, labels in value.items():
        where = f"raw_annotations.{annotator}"
        if not annotator.strip() or len(annotator) > 100:
            raise line.fail(where, "an annotator key of 1 to 100 characters")
        short = annotator_label(annotator)
        if short in named:
            raise line.fail(
                where, f"names the same annotator as {named[short]!r}; give each one key"
            )
        named[short] = annotator
        if not isinstance(labels, dict):
            raise line.fail(where, f"expected an object of label lists, got {describe(labels)}")
        if not any(key in labels for key in LABEL_KEYS):
            raise line.fail(
                where, f"expected some of {', '.join(LABEL_KEYS)}; found {describe(labels)}"
            )
        factuality = _flags(line, labels, "factuality_labels", sentences, where)
        types = _types(line, labels, where)
        aligned = types is not None and len(types) == sentences
        key_facts = None
        if "key_fact_labels" in labels:
            if facts is None:
                raise line.fail(
                    f"{where}.key_fact_labels",
                    "key-fact labels need the document's key facts: give the key-fact list"
                    + (f" ({facts_name} has none for this doc_id)" if facts_name else " file"),
                )
            key_facts = _flags(line, labels, "key_fact_labels", len(facts), where)
        annotations.append(
            PublishedAnnotation(
                annotator=annotator,
                factuality=factuality,
                types=types if aligned else None,
                unaligned_types=None
                if types is None or aligned
                else tuple(labels["factuality_types"]),
                key_facts=key_facts,
                sentences=_flags(line, labels, "sentence_labels", sentences, where),
            )
        )
    return annotations


def annotator_label(annotator: str) -> str:
    """FRANK's ``annotator_0`` and REALSumm's ``0`` are both annotator ``0``."""
    return annotator.removeprefix("annotator_")


def _flags(
    line: _Line, labels: dict[str, Any], key: str, count: int, where: str
) -> tuple[Flag, ...] | None:
    if key not in labels:
        return None
    value = labels[key]
    what = "sentences" if key != "key_fact_labels" else "key facts"
    if not isinstance(value, list) or len(value) != count:
        raise line.fail(
            f"{where}.{key}",
            f"expected a list of {count} labels (one per {what[:-1]}), got {describe(value)}",
        )
    flags: list[Flag] = []
    for index, flag in enumerate(value):
        if flag == MISSING:
            flags.append(None)
        elif flag in (0, 1) and not isinstance(flag, bool | float):
            flags.append(int(flag))
        else:
            raise line.fail(
                f"{where}.{key}[{index}]", f'expected 0, 1 or "None", got {describe(flag)}'
            )
    return tuple(flags)


def _types(line: _Line, labels: dict[str, Any], where: str) -> tuple[tuple[str, ...], ...] | None:
    """Each entry's codes (an entry may join several with ", "), checked against FineSurE's
    codes; the caller decides whether the entries are one per sentence."""
    if "factuality_types" not in labels:
        return None
    value = labels["factuality_types"]
    if not isinstance(value, list):
        raise line.fail(
            f"{where}.factuality_types",
            f"expected a list of type codes (one per sentence), got {describe(value)}",
        )
    types = []
    for index, cell in enumerate(value):
        if not isinstance(cell, str):
            raise line.fail(
                f"{where}.factuality_types[{index}]",
                f"expected a type code such as 'EntE', got {describe(cell)}",
            )
        codes = []
        for code in (part.strip() for part in cell.split(",")):
            code = CODE_ALIASES.get(code, code)
            if code in (NO_ERROR, MISSING):
                continue
            if code not in TYPE_CODES:
                raise line.fail(
                    f"{where}.factuality_types[{index}]",
                    f"unknown type code {code!r}; FineSurE's codes are"
                    f" {', '.join([NO_ERROR, *TYPE_CODES])}",
                )
            codes.append(code)
        types.append(tuple(dict.fromkeys(codes)))
    return tuple(types)
