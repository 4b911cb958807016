"""Reader of a Label Studio JSON export (docs/formats/label-studio.md).

The project is labelled with the configuration in that page: one task per summary, a
``Repeater`` over its ``sentences`` with, per sentence ``idx``, the choices ``label_{idx}``
(consistent / inconsistent) and the text area ``explanation_{idx}``. The export ("JSON") is
one JSON list of tasks ``{"id", "data", "annotations": [...], "predictions": [...]}``.

- ``data`` holds where the summary belongs (``corpus``, ``document_id``, ``dialogue`` or
  ``document``, ``topic``, ``summary_id``, ``system``, ``split``) and ``sentences``, a list
  of ``{"text"}`` (or of strings) as the labeller saw them;
- each annotation that was not cancelled becomes the labels of its annotator
  (``completed_by``: Label Studio's user id, or an object with ``email``), source
  ``Label Studio user N``;
- each prediction (``model_version``) is kept in the summary's ``metadata["predictions"]``
  as that model's sentence labels: a model's answer is never a person's label.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from annotations.formats import strict_json
from annotations.formats.errors import FormatError, describe
from annotations.formats.records import ColumnLimits
from annotations.formats.tool_items import (
    PublishedLabel,
    SentenceItem,
    ToolImport,
    Where,
    attach_summary_metadata,
    documents_from_items,
    item_of,
    sentence_label,
    source_name,
)

FROM_NAME = re.compile(r"^(label|explanation)_(\d+)$")
SOURCE = "Label Studio user {}"


def read_label_studio(path: Path, *, file: str, limits: ColumnLimits) -> ToolImport:
    whole = Where(file)
    try:
        tasks = strict_json.loads(path.read_bytes())
    except strict_json.StrictJSONError as error:
        raise whole.fail(None, f"{error}; export the project as JSON (a list of tasks)") from None
    if not isinstance(tasks, list):
        raise whole.fail(
            None,
            f"expected a JSON list of tasks (Label Studio's JSON export), got {describe(tasks)}",
        )
    items: list[SentenceItem] = []
    raw_labels: list[tuple[str, tuple[str, str, str, str, int], str, str, str]] = []
    predictions: dict[tuple[str, str, str, str], dict[str, Any]] = {}
    counted: dict[str, int] = {}
    cancelled = 0
    for number, task in enumerate(tasks):
        where = Where(file, None)
        field = f"[{number}]"
        if not isinstance(task, dict) or not isinstance(task.get("data"), dict):
            raise FormatError(
                f"expected a task object with a data object, got {describe(task)}",
                file=file,
                field=field,
            )
        data = task["data"]
        where = Where(f"{file}, task {task.get('id', number)}")
        sentences = data.get("sentences")
        if not isinstance(sentences, list) or not sentences:
            raise where.fail(
                "data.sentences",
                f"expected a non-empty list of sentences, got {describe(sentences)}",
            )
        task_items = []
        for index, sentence in enumerate(sentences):
            text = sentence.get("text") if isinstance(sentence, dict) else sentence
            task_items.append(
                item_of(
                    where,
                    {**data, "sentence_index": index},
                    limits,
                    text=where.text(text, f"data.sentences[{index}].text"),
                )
            )
        items.extend(task_items)
        first = task_items[0]
        unit = (first.corpus, first.document, first.topic, first.summary)
        for n, annotation in enumerate(_list(where, task, "annotations")):
            name = f"annotations[{n}]"
            if not isinstance(annotation, dict):
                raise where.fail(name, f"expected an object, got {describe(annotation)}")
            if annotation.get("was_cancelled"):
                cancelled += 1
                continue
            source = source_name(
                where, SOURCE.format(_annotator(where, annotation, name)), f"{name}.completed_by"
            )
            answers = _answers(where, annotation, name, len(sentences))
            for index, (label, explanation) in sorted(answers.items()):
                if label is None:
                    continue
                raw_labels.append((source, (*unit, index), label, explanation, f"{where}, {name}"))
        for n, prediction in enumerate(_list(where, task, "predictions")):
            name = f"predictions[{n}]"
            if not isinstance(prediction, dict):
                raise where.fail(name, f"expected an object, got {describe(prediction)}")
            model = where.text(
                prediction.get("model_version") or "unnamed model", f"{name}.model_version"
            )
            answers = _answers(where, prediction, name, len(sentences))
            entry: dict[str, Any] = {
                "sentences": [answers.get(i, (None, ""))[0] for i in range(len(sentences))]
            }
            score = prediction.get("score")
            if isinstance(score, int | float) and not isinstance(score, bool):
                entry["score"] = score
            predictions.setdefault(unit, {}).setdefault("predictions", {})[model] = entry
            counted[model] = counted.get(model, 0) + 1
    documents, positions = documents_from_items(items)
    attach_summary_metadata(documents, predictions)
    labels = [
        PublishedLabel(
            source=source,
            sentence=(*key[:4], positions[key]),
            label=label,
            explanation=explanation,
            where=origin,
        )
        for source, key, label, explanation, origin in raw_labels
    ]
    notes = []
    if cancelled:
        notes.append(f"{cancelled} cancelled annotation(s) (was_cancelled) were left out")
    return ToolImport(documents=documents, labels=labels, predictions=counted, notes=notes)


def _list(where: Where, task: dict[str, Any], key: str) -> list[Any]:
    value = task.get(key) or []
    if not isinstance(value, list):
        raise where.fail(key, f"expected a list, got {describe(value)}")
    return value


def _annotator(where: Where, annotation: dict[str, Any], name: str) -> str:
    who = annotation.get("completed_by")
    if isinstance(who, dict):
        who = who.get("email") or who.get("id")
    if isinstance(who, bool) or not isinstance(who, int | str) or str(who).strip() == "":
        raise where.fail(
            f"{name}.completed_by",
            f"expected the annotator's user id or {{email}}, got {describe(who)}",
        )
    return str(who)


def _answers(
    where: Where, annotation: dict[str, Any], name: str, sentences: int
) -> dict[int, tuple[str | None, str]]:
    """Sentence index -> (label or None, explanation) from an annotation's ``result``."""
    results = annotation.get("result")
    if not isinstance(results, list):
        raise where.fail(f"{name}.result", f"expected a list of results, got {describe(results)}")
    answers: dict[int, tuple[str | None, str]] = {}
    for r, result in enumerate(results):
        field = f"{name}.result[{r}]"
        if not isinstance(result, dict):
            raise where.fail(field, f"expected an object, got {describe(result)}")
        matched = FROM_NAME.match(str(result.get("from_name", "")))
        if matched is None:
            raise where.fail(
                f"{field}.from_name",
                f"expected label_N or explanation_N (the documented labelling configuration),"
                f" got {describe(result.get('from_name'))}",
            )
        kind, index = matched.group(1), int(matched.group(2))
        if index >= sentences:
            raise where.fail(
                f"{field}.from_name",
                f"sentence {index} does not exist: the task has {sentences} sentence(s)",
            )
        value = result.get("value")
        label, explanation = answers.get(index, (None, ""))
        if kind == "label":
            choices = value.get("choices") if isinstance(value, dict) else None
            if not isinstance(choices, list) or len(choices) != 1:
                raise where.fail(
                    f"{field}.value.choices",
                    f"expected exactly one of consistent, inconsistent, got {describe(choices)}",
                )
            label = sentence_label(where, choices[0], f"{field}.value.choices")
        else:
            texts = value.get("text") if isinstance(value, dict) else None
            if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
                raise where.fail(
                    f"{field}.value.text", f"expected a list of strings, got {describe(texts)}"
                )
            explanation = where.text("\n".join(texts), f"{field}.value.text", required=False)
        answers[index] = (label, explanation.strip())
    return answers
