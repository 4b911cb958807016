"""Small hand-made rows for the writer tests: one dialogue, one topic, two summaries."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from annotations.formats.writers.rows import (
    AnnotatorLabels,
    AnnotatorSentence,
    EvidenceRow,
    FactCoverage,
    KeyFactRow,
    SentenceRow,
    SpanRow,
    SummaryRow,
    TurnRow,
)

TURNS = (
    TurnRow("MAYA ORTIZ", "Tonight the council votes on the river bus.", role="host"),
    TurnRow("DEV PATEL", "It costs $4M, paid by the port."),
)
TOPIC = "Funding for the river bus"
KEY_FACTS = (KeyFactRow("The council votes tonight."), KeyFactRow("It costs $4M."))


def covering(
    values: tuple[bool | None, ...], facts: tuple[KeyFactRow, ...] = KEY_FACTS
) -> tuple[FactCoverage, ...]:
    """Coverage values, each carried with the fact it judged (``facts``, in order)."""
    return tuple(FactCoverage(fact, value) for fact, value in zip(facts, values, strict=True))


def consistent_summary(**changes: Any) -> SummaryRow:
    row = SummaryRow(
        corpus="demo",
        doc_id="council-1",
        topic=TOPIC,
        system="Quillon-13B",
        annotation_id="7",
        topic_category="main",
        split="dev",
        sentences=(
            SentenceRow(0, "The council votes tonight.", label="consistent", covers_key_fact=True),
            SentenceRow(1, 'The line costs "$4M".', label="consistent", covers_key_fact=True),
        ),
        relevance=4.5,
        not_a_summary=False,
        key_facts=KEY_FACTS,
        key_fact_coverage=covering((True, True)),
        turns=TURNS,
    )
    return replace(row, **changes)


def inconsistent_summary(**changes: Any) -> SummaryRow:
    span = SpanRow(
        start=14,
        end=22,
        text="the city",
        error_type="Mis-Referencing",
        unified_type="intrinsic-np",
        note="the port pays",
        evidence=(EvidenceRow(turn=1, start=14, end=30, text="paid by the port"),),
    )
    row = SummaryRow(
        corpus="demo",
        doc_id="council-1",
        topic=TOPIC,
        system="Parrot-XL",
        summary_id="parrot-1",
        annotation_id="7",
        topic_category="main",
        split="dev",
        sentences=(
            SentenceRow(
                0,
                "It is paid by the city, and by a new tax.",
                source_index=1,
                label="inconsistent",
                explanations=("The port pays, not the city.", "No tax is mentioned."),
                error_types=("Mis-Referencing", "Extrinsic Information"),
                unified_types=("intrinsic-np", "extrinsic-sentence"),
                spans=(span,),
                covers_key_fact=False,
            ),
            SentenceRow(1, "The vote is tonight.", source_index=3, label="consistent"),
        ),
        key_facts=KEY_FACTS,
        key_fact_coverage=covering((True, False)),
        annotators=(
            AnnotatorLabels(
                "A1",
                sentences=(
                    AnnotatorSentence(
                        "inconsistent",
                        "The port pays.",
                        ("Mis-Referencing",),
                        ("intrinsic-np",),
                        (span,),
                        covers_key_fact=False,
                        comment="Not sure who pays.",
                        confidence=1,
                    ),
                    AnnotatorSentence("consistent", covers_key_fact=True),
                ),
                relevance=3,
                not_a_summary=False,
                comment="short",
                key_facts=covering((True, False)),
                active_seconds=95,
            ),
            AnnotatorLabels("A2", relevance=4),
        ),
        turns=TURNS,
    )
    return replace(row, **changes)
