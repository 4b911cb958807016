"""Reader of a Potato project's data and annotation output (docs/formats/potato.md).

The project folder (or a zip of it) holds

- the data file Potato served, ``data/*.jsonl``: one instance per summary sentence,
  ``{"id", "text", ...}`` with the item fields (``corpus``, ``document_id``, ``dialogue`` or
  ``document``, ``topic``, ``summary_id``, ``system``, ``sentence_index``, ``split``);
- the output of each person, ``annotation_output/USER/``: ``user_state.json`` (Potato 2:
  ``instance_id_to_label_to_value`` maps an instance to ``[[{"schema", "name"}, value], ...]``)
  or ``annotated_instances.jsonl`` (Potato 1: one line per instance, ``{"id",
  "label_annotations": {schema: {name: value}}}``).

The schemas read are ``consistency`` (radio: ``consistent`` / ``inconsistent``),
``explanation`` (text) and ``error_types`` (multiselect of the project's type names); other
schemas are ignored (the report names them). Each person's labels are source
``Potato user USER``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from annotations.formats import strict_json
from annotations.formats.errors import FormatError, describe
from annotations.formats.folders import project_folder
from annotations.formats.records import ColumnLimits
from annotations.formats.tool_items import (
    PublishedLabel,
    SentenceItem,
    ToolImport,
    Where,
    documents_from_items,
    item_of,
    sentence_label,
    source_name,
)

SCHEMAS = ("consistency", "explanation", "error_types")
OUTPUTS = ("user_state.json", "annotated_instances.jsonl")


def read_potato(path: Path, *, file: str, limits: ColumnLimits) -> ToolImport:
    with project_folder(path, file) as folder:
        return _read(folder, file, limits)


def _read(folder: Path, file: str, limits: ColumnLimits) -> ToolImport:
    data_files = sorted(p for p in folder.rglob("*.jsonl") if p.parent.name == "data")
    if not data_files:
        raise FormatError(
            "no data/*.jsonl (the data file Potato served, one instance per sentence)", file=file
        )
    items: dict[str, SentenceItem] = {}
    for data_file in data_files:
        shown = f"{file}:{data_file.relative_to(folder).as_posix()}"
        for number, value in _json_lines(data_file, shown):
            where = Where(shown, number)
            instance = where.text(value.get("id"), "id")
            if instance in items:
                raise where.fail("id", f"instance {instance!r} is also at {items[instance].where}")
            items[instance] = item_of(where, value, limits)
    outputs = sorted(
        p for p in folder.rglob("*") if p.name in OUTPUTS and p.parent.parent.name != "data"
    )
    if not outputs:
        raise FormatError(
            "no annotation_output/USER/user_state.json or annotated_instances.jsonl", file=file
        )
    documents, positions = documents_from_items(items.values())
    labels: list[PublishedLabel] = []
    ignored: set[str] = set()
    for output in outputs:
        shown = f"{file}:{output.relative_to(folder).as_posix()}"
        source = source_name(Where(shown), f"Potato user {output.parent.name}", "folder name")
        for where, instance, answers in _answers(output, shown):
            item = items.get(instance)
            if item is None:
                raise where.fail("id", f"instance {instance!r} is not in the data file(s)")
            ignored.update(schema for schema in answers if schema not in SCHEMAS)
            label = _label(where, answers)
            if label is None:
                continue
            key = (item.corpus, item.document, item.topic, item.summary, item.index)
            types = tuple(
                name for name, value in answers.get("error_types", {}).items() if _chosen(value)
            )
            labels.append(
                PublishedLabel(
                    source=source,
                    sentence=(*key[:4], positions[key]),
                    label=label,
                    explanation=_explanation(where, answers),
                    error_types=types if label == "inconsistent" else (),
                    where=str(where),
                )
            )
    notes = [f"schemas not read: {', '.join(sorted(ignored))}"] if ignored else []
    return ToolImport(documents=documents, labels=labels, notes=notes)


def _json_lines(path: Path, shown: str) -> Iterator[tuple[int, dict[str, Any]]]:
    for number, raw in enumerate(path.read_bytes().splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            value = strict_json.loads(raw.removeprefix(b"\xef\xbb\xbf"))
        except strict_json.StrictJSONError as error:
            raise FormatError(str(error), file=shown, line=number) from None
        if not isinstance(value, dict):
            raise FormatError(f"expected an object, got {describe(value)}", file=shown, line=number)
        yield number, value


def _answers(path: Path, shown: str) -> Iterator[tuple[Where, str, dict[str, dict[str, Any]]]]:
    """(where, instance id, schema -> {name: value}) of each annotated instance."""
    if path.name == "annotated_instances.jsonl":
        for number, value in _json_lines(path, shown):
            where = Where(shown, number)
            given = value.get("label_annotations") or {}
            if not isinstance(given, dict) or not all(isinstance(v, dict) for v in given.values()):
                raise where.fail(
                    "label_annotations",
                    f"expected {{schema: {{label: value}}}}, got {describe(given)}",
                )
            yield where, where.text(value.get("id"), "id"), given
        return
    where = Where(shown)
    try:
        state = strict_json.loads(path.read_bytes())
    except strict_json.StrictJSONError as error:
        raise where.fail(None, str(error)) from None
    table = state.get("instance_id_to_label_to_value") if isinstance(state, dict) else None
    if not isinstance(table, dict):
        raise where.fail(
            "instance_id_to_label_to_value", f"expected an object, got {describe(table)}"
        )
    for instance, pairs in table.items():
        field = f"instance_id_to_label_to_value.{instance}"
        answers: dict[str, dict[str, Any]] = {}
        if not isinstance(pairs, list):
            raise where.fail(
                field, f"expected a list of [label, value] pairs, got {describe(pairs)}"
            )
        for pair in pairs:
            if (
                not isinstance(pair, list)
                or len(pair) != 2
                or not isinstance(pair[0], dict)
                or not isinstance(pair[0].get("schema"), str)
            ):
                raise where.fail(field, f"expected [{{schema, name}}, value], got {describe(pair)}")
            answers.setdefault(pair[0]["schema"], {})[str(pair[0].get("name", ""))] = pair[1]
        yield where, instance, answers


def _chosen(value: Any) -> bool:
    return value not in (None, False, "", "false", "False", "0", 0)


def _label(where: Where, answers: dict[str, dict[str, Any]]) -> str | None:
    chosen = [name for name, value in answers.get("consistency", {}).items() if _chosen(value)]
    if not chosen:
        return None
    if len(chosen) > 1:
        raise where.fail("consistency", f"expected one choice, got {', '.join(chosen)}")
    return sentence_label(where, chosen[0], "consistency")


def _explanation(where: Where, answers: dict[str, dict[str, Any]]) -> str:
    texts = [v for v in answers.get("explanation", {}).values() if isinstance(v, str)]
    return where.text("\n".join(texts).strip(), "explanation", required=False)
