"""The RoSE export: atomic content units (ACUs) and their verdicts, one JSON line per unit.

RoSE (Liu et al., ACL 2023, github.com/Yale-LILY/ROSE; the data is the Hugging Face dataset
``Salesforce/rose``) has one example per source document: ``source``, ``reference``,
``reference_acus`` (the reference summary's ACUs), ``system_outputs`` (system -> summary) and
``annotations`` (system -> ``acu_labels``, one 0/1 per reference ACU: whether the system's
summary states it, and ``acu``, their mean). The writer keeps those names where they apply
(docs/formats/rose.md)::

    {"example_id", "corpus", "doc_id", "topic", "source", "reference", "reference_acus",
     "system_outputs": {system: text},
     "acu_labels": {system: [1 | 0 | null per reference ACU]},
     "annotations": {system: {"acu_labels": [...], "acu": score | null}},
     "system_acus": {system: [{"text", "label"}]},
     "acu_provenance": {system: "adjudicated" | "given" | "written" | null}}

- one record per (document, topic) that has atomic facts, in input order; ``example_id``
  is FineSurE's unit id, ``<document id>::<topic>`` (the document id alone when generic);
- ``source``: the dialogue, one "SPEAKER (role): text" line per turn; ``reference``: the
  document's reference summary, ``""`` when none;
- ``reference_acus``: the given ACUs of the unit's summaries (``AtomicFactRow.given``),
  each text once, in order of first appearance (RoSE gives every system the same list);
- ``acu_labels`` (top level, and under ``annotations`` as RoSE has it): per system and
  reference ACU, the gold verdict: 1 supported, 0 not supported, ``null`` when not verified
  or not among that summary's ACUs;
- ``acu``: the summary's ACU score (supported ÷ all its ACUs, given and written), ``null``
  while some ACU is not verified or it has none;
- ``system_acus``: ACUs a linguist wrote for a summary (not given), with their verdicts as
  above; RoSE has no place for them, so they are listed beside it;
- ``acu_provenance``: which rule gave each system's gold verdicts (``SummaryRow.
  atomic_facts_source``): ``adjudicated`` (an admin's), ``given`` or ``written`` (the first
  voting rater's, on the given ACUs or their own), ``null`` when it has none; beside RoSE's
  keys, as ``system_acus``;
- systems are keyed by ``SummaryRow.system``; a second summary of the same system in a unit
  is keyed by its summary id.

Encoded as the native format: compact UTF-8 JSON, ``\\n`` after every line.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import groupby
from typing import Any, BinaryIO

from annotations.formats.writers.encoding import json_line
from annotations.formats.writers.finesure import unit_id
from annotations.formats.writers.rows import AtomicFactRow, ExportError, SummaryRow, dialogue_text


def write_rose(stream: BinaryIO, summaries: Iterable[SummaryRow]) -> int:
    """Write one line per unit with atomic facts; returns the number of records written.
    Precondition: summaries arrive grouped by unit (document, then topic)."""
    count = 0
    for record in rose_records(summaries):
        stream.write(json_line(record))
        count += 1
    return count


def rose_records(summaries: Iterable[SummaryRow]) -> Iterator[dict[str, Any]]:
    seen: set[tuple[str, str, str]] = set()
    for unit, group in groupby(summaries, key=lambda row: (row.corpus, row.doc_id, row.topic)):
        rows = list(group)
        if unit in seen:
            raise ExportError(
                f"{rows[0].where()}: the unit's summaries must arrive together, but another"
                " unit came in between"
            )
        seen.add(unit)
        if any(row.atomic_facts for row in rows):
            yield rose_record(rows)


def rose_record(rows: list[SummaryRow]) -> dict[str, Any]:
    """The record of one unit's summaries."""
    first = rows[0]
    reference_acus = list(
        dict.fromkeys(fact.text for row in rows for fact in row.atomic_facts if fact.given)
    )
    keys = _system_keys(rows)
    labels = {key: _labels(row, reference_acus) for key, row in zip(keys, rows, strict=True)}
    return {
        "example_id": unit_id(first),
        "corpus": first.corpus,
        "doc_id": first.doc_id,
        "topic": first.topic,
        "source": dialogue_text(first.turns),
        "reference": first.reference,
        "reference_acus": reference_acus,
        "system_outputs": {key: row.summary_text for key, row in zip(keys, rows, strict=True)},
        "acu_labels": labels,
        "annotations": {
            key: {"acu_labels": labels[key], "acu": row.acu_score}
            for key, row in zip(keys, rows, strict=True)
        },
        "system_acus": {
            key: [
                {"text": fact.text, "label": _label(fact)}
                for fact in row.atomic_facts
                if not fact.given
            ]
            for key, row in zip(keys, rows, strict=True)
        },
        "acu_provenance": {
            key: row.atomic_facts_source or None for key, row in zip(keys, rows, strict=True)
        },
    }


def _labels(row: SummaryRow, reference_acus: list[str]) -> list[int | None]:
    verdicts = {fact.text: _label(fact) for fact in row.atomic_facts if fact.given}
    return [verdicts.get(text) for text in reference_acus]


def _label(fact: AtomicFactRow) -> int | None:
    return None if fact.supported is None else int(fact.supported)


def _system_keys(rows: list[SummaryRow]) -> list[str]:
    keys: list[str] = []
    for row in rows:
        key = row.system if row.system not in keys else row.external_id
        if key in keys:
            raise ExportError(
                f"{row.where()}: two summaries of the unit would both be {key!r} in RoSE's"
                " system-keyed objects"
            )
        keys.append(key)
    return keys
