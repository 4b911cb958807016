"""The RoSE export on hand-made rows: one record per unit with atomic facts, RoSE's key names,
the given ACUs as ``reference_acus`` and a label per system and ACU; read back, it gives the
rows' ACUs and verdicts."""

from __future__ import annotations

import io
import json
from dataclasses import replace
from typing import Any

import pytest

from annotations.formats.writers.rose import write_rose
from annotations.formats.writers.rows import AtomicFactRow, ExportError, SummaryRow
from tests.formats.writers.builders import TOPIC, consistent_summary, inconsistent_summary

GIVEN = ("The council votes tonight.", "It costs $4M.", "The port pays.")


def given(*verdicts: bool | None) -> tuple[AtomicFactRow, ...]:
    return tuple(
        AtomicFactRow(text, supported=verdict, given=True)
        for text, verdict in zip(GIVEN, verdicts, strict=False)
    )


def written(*rows: SummaryRow) -> list[dict[str, Any]]:
    stream = io.BytesIO()
    count = write_rose(stream, rows)
    records = [json.loads(line) for line in stream.getvalue().splitlines()]
    assert count == len(records)
    assert stream.getvalue().endswith(b"\n")
    return records


def read_back(record: dict[str, Any]) -> dict[str, tuple[AtomicFactRow, ...]]:
    """A RoSE record as rows' atomic facts per system: the given ACUs the system has a label
    for, then its own."""
    facts = {}
    for system, labels in record["acu_labels"].items():
        own = [
            AtomicFactRow(text, supported=None if label is None else bool(label), given=True)
            for text, label in zip(record["reference_acus"], labels, strict=True)
        ]
        own += [
            AtomicFactRow(
                fact["text"],
                supported=None if fact["label"] is None else bool(fact["label"]),
                given=False,
            )
            for fact in record["system_acus"][system]
        ]
        facts[system] = tuple(own)
    return facts


def test_a_unit_becomes_one_record_with_roses_keys() -> None:
    quillon = consistent_summary(
        atomic_facts=given(True, True, False),
        atomic_facts_source="adjudicated",
        reference="A vote.",
    )
    parrot = inconsistent_summary(
        atomic_facts=given(True, False, None), atomic_facts_source="given", reference="A vote."
    )

    (record,) = written(quillon, parrot)

    assert record == {
        "example_id": f"council-1::{TOPIC}",
        "corpus": "demo",
        "doc_id": "council-1",
        "topic": TOPIC,
        "source": "MAYA ORTIZ (host): Tonight the council votes on the river bus.\n"
        "DEV PATEL: It costs $4M, paid by the port.",
        "reference": "A vote.",
        "reference_acus": list(GIVEN),
        "system_outputs": {
            "Quillon-13B": 'The council votes tonight. The line costs "$4M".',
            "Parrot-XL": "It is paid by the city, and by a new tax. The vote is tonight.",
        },
        "acu_labels": {"Quillon-13B": [1, 1, 0], "Parrot-XL": [1, 0, None]},
        "annotations": {
            "Quillon-13B": {"acu_labels": [1, 1, 0], "acu": 2 / 3},
            "Parrot-XL": {"acu_labels": [1, 0, None], "acu": None},  # one ACU unverified
        },
        "system_acus": {"Quillon-13B": [], "Parrot-XL": []},
        # Which rule gave each system's gold verdicts.
        "acu_provenance": {"Quillon-13B": "adjudicated", "Parrot-XL": "given"},
    }
    assert read_back(record) == {
        "Quillon-13B": quillon.atomic_facts,
        "Parrot-XL": parrot.atomic_facts,
    }


def test_written_acus_go_beside_roses_layout_and_missing_given_ones_are_null() -> None:
    own = (
        AtomicFactRow("The city pays.", supported=False),
        AtomicFactRow("A tax is new.", supported=True),
    )
    quillon = consistent_summary(atomic_facts=given(True, False))  # two of the three
    parrot = inconsistent_summary(atomic_facts=(given(None, None, True)[2], *own))
    bare = consistent_summary(system="Tern-7B")  # no ACUs at all: still a system output

    (record,) = written(quillon, parrot, bare)

    assert record["reference_acus"] == [GIVEN[0], GIVEN[1], GIVEN[2]]
    assert record["acu_labels"] == {
        "Quillon-13B": [1, 0, None],
        "Parrot-XL": [None, None, 1],
        "Tern-7B": [None, None, None],
    }
    assert record["system_acus"]["Parrot-XL"] == [
        {"text": "The city pays.", "label": 0},
        {"text": "A tax is new.", "label": 1},
    ]
    assert record["annotations"]["Parrot-XL"]["acu"] == 2 / 3
    assert record["annotations"]["Tern-7B"]["acu"] is None
    assert set(record["system_outputs"]) == {"Quillon-13B", "Parrot-XL", "Tern-7B"}
    assert read_back(record)["Parrot-XL"][-2:] == own


def test_units_without_acus_are_left_out_and_each_unit_is_one_record() -> None:
    rows = [
        consistent_summary(atomic_facts=given(True)),
        consistent_summary(topic="Another topic"),  # no ACUs: no record
        consistent_summary(doc_id="council-2", topic="", atomic_facts=given(False)),
    ]

    records = written(*rows)

    assert [r["example_id"] for r in records] == [f"council-1::{TOPIC}", "council-2"]


def test_a_second_summary_of_a_system_is_keyed_by_its_summary_id() -> None:
    first = consistent_summary(atomic_facts=given(True), summary_id="q-1")
    again = consistent_summary(atomic_facts=given(False), summary_id="q-2")

    (record,) = written(first, again)

    assert record["acu_labels"] == {"Quillon-13B": [1], "q-2": [0]}
    clash = replace(again, summary_id="Quillon-13B")
    with pytest.raises(ExportError, match="would both be 'Quillon-13B'"):
        written(first, clash)


def test_a_unit_split_by_another_is_refused() -> None:
    rows = [
        consistent_summary(atomic_facts=given(True)),
        consistent_summary(doc_id="council-2"),
        inconsistent_summary(atomic_facts=given(True)),
    ]
    with pytest.raises(ExportError, match="must arrive together"):
        written(*rows)
