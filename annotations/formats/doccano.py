"""Reader of a doccano export (docs/formats/doccano.md): a Text Classification project with
one example per summary sentence, exported as JSONL.

Each line is ``{"id", "text", "label": [...], ...}``: ``text`` the sentence, ``label`` the
names the person chose (one of ``consistent`` / ``inconsistent``, plus any error type names
of the project's taxonomy), and the columns the examples were uploaded with (``corpus``,
``document_id``, ``dialogue`` or ``document``, ``topic``, ``summary_id``, ``system``,
``sentence_index``, ``split``), which doccano keeps and writes back, at the top level or
under ``meta``. ``Comments`` (doccano's comments on the example) become the explanation.

A non-collaborative project exports one file per person (``USERNAME.jsonl``, in a zip);
each file's labels are that person's, source ``doccano user USERNAME``. A single ``.jsonl``
is one person's, named by its file name (``all.jsonl``, a collaborative export, is source
``doccano``).
"""

from __future__ import annotations

import zipfile
from collections.abc import Iterator
from pathlib import Path, PurePosixPath
from typing import Any

from annotations.formats import strict_json
from annotations.formats.errors import FormatError, describe
from annotations.formats.folders import MAX_UNPACKED
from annotations.formats.records import ColumnLimits
from annotations.formats.tool_items import (
    LABEL_SPELLINGS,
    PublishedLabel,
    SentenceItem,
    ToolImport,
    Where,
    documents_from_items,
    item_of,
    source_name,
)

MAX_MEMBERS = 1000


def read_doccano(path: Path, *, file: str, limits: ColumnLimits) -> ToolImport:
    items: list[SentenceItem] = []
    raw: list[tuple[str, tuple[str, str, str, str, int], str, str, tuple[str, ...], str]] = []
    unlabelled = 0
    for member, stem, lines in _files(path, file):
        source = source_name(
            Where(member), "doccano" if stem == "all" else f"doccano user {stem}", "file name"
        )
        for number, raw_line in lines:
            where = Where(member, number)
            try:
                value = strict_json.loads(raw_line)
            except strict_json.StrictJSONError as error:
                raise where.fail(None, str(error)) from None
            if not isinstance(value, dict):
                raise where.fail(None, f"expected an object per line, got {describe(value)}")
            meta = value.get("meta")
            item = item_of(where, {**(meta if isinstance(meta, dict) else {}), **value}, limits)
            items.append(item)
            chosen = value.get("label", [])
            if not isinstance(chosen, list) or not all(isinstance(c, str) for c in chosen):
                raise where.fail("label", f"expected a list of label names, got {describe(chosen)}")
            verdicts = [LABEL_SPELLINGS[c.lower()] for c in chosen if c.lower() in LABEL_SPELLINGS]
            if not verdicts:
                if chosen:
                    raise where.fail(
                        "label",
                        "expected one of consistent, inconsistent among the labels (error types"
                        f" may be added), got {', '.join(map(repr, chosen))}",
                    )
                unlabelled += 1
                continue
            if len(set(verdicts)) > 1:
                raise where.fail("label", "both consistent and inconsistent; choose one")
            types = tuple(c for c in chosen if c.lower() not in LABEL_SPELLINGS)
            unit = (item.corpus, item.document, item.topic, item.summary, item.index)
            raw.append((source, unit, verdicts[0], _comments(where, value), types, str(where)))
    if not items:
        raise FormatError("no examples; export the project as JSONL", file=file)
    documents, positions = documents_from_items(items)
    labels = [
        PublishedLabel(
            source=source,
            sentence=(*unit[:4], positions[unit]),
            label=label,
            explanation=explanation,
            error_types=types if label == "inconsistent" else (),
            where=origin,
        )
        for source, unit, label, explanation, types, origin in raw
    ]
    seen: dict[tuple[str, tuple[str, str, str, str, int]], str] = {}
    for label in labels:
        previous = seen.setdefault((label.source, label.sentence), label.where)
        if previous != label.where:
            raise FormatError(
                f"{label.source} labels this sentence also at {previous}; give each label once",
                file=label.where,
            )
    notes = [f"{unlabelled} example(s) without a label were left unlabelled"] if unlabelled else []
    return ToolImport(documents=documents, labels=labels, notes=notes)


def _comments(where: Where, value: dict[str, Any]) -> str:
    comments = value.get("Comments") or value.get("comments") or []
    if not isinstance(comments, list):
        raise where.fail("Comments", f"expected a list, got {describe(comments)}")
    texts = [c.get("text", "") if isinstance(c, dict) else c for c in comments]
    if not all(isinstance(t, str) for t in texts):
        raise where.fail("Comments", "expected strings or objects with a text")
    return where.text("\n".join(t for t in texts if t.strip()), "Comments", required=False)


def _files(path: Path, name: str) -> Iterator[tuple[str, str, Iterator[tuple[int, bytes]]]]:
    """(member name, the person it names, its non-blank lines) of a .jsonl file or of each
    .jsonl in a zip."""
    if zipfile.is_zipfile(path):
        with zipfile.ZipFile(path) as packed:
            members = [m for m in packed.namelist() if m.endswith(".jsonl")]
            if not members:
                raise FormatError("the zip holds no .jsonl file (doccano's export)", file=name)
            if len(members) > MAX_MEMBERS:
                raise FormatError(f"more than {MAX_MEMBERS} files in the zip", file=name)
            if sum(packed.getinfo(m).file_size for m in members) > MAX_UNPACKED:
                raise FormatError(f"unpacks to more than {MAX_UNPACKED >> 20} MB", file=name)
            for member in members:
                shown = f"{name}:{member}"
                yield (
                    shown,
                    PurePosixPath(member).stem,
                    _lines(packed.read(member), f"{name}:{member}"),
                )
        return
    yield name, PurePosixPath(name).stem, _lines(path.read_bytes(), name)


def _lines(data: bytes, name: str) -> Iterator[tuple[int, bytes]]:
    for number, line in enumerate(data.splitlines(), start=1):
        try:
            line.decode("utf-8")
        except UnicodeDecodeError:
            raise FormatError(
                "not valid UTF-8; save the file as UTF-8", file=name, line=number
            ) from None
        if line.strip():
            yield number, line.removeprefix(b"\xef\xbb\xbf")
