"""The key-facts study's closed pilot (fixtures/demo-facts/submitted_round.json): two
linguists' written key-fact lists, their alignments to each summary and their atomic facts,
loaded as submitted, so a fresh demo already shows completeness agreement (docs/completeness.md)
and gives a release with key facts to build.

The rows are written as a finished round is in the release and fuzz tests (tests/labelling.py):
straight through the models, since this is data that was "already annotated", not a save a
person makes now, and the save pipeline would want per-assignment handles for every summary.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.utils import timezone

from annotations.models import (
    AlignedSentence,
    Assignment,
    AssignmentStatus,
    AtomicFact,
    AtomicFactSheet,
    GuidelineVersion,
    KeyFact,
    KeyFactAlignment,
    KeyFactSheet,
    Project,
    Round,
    RoundKind,
    RoundStatus,
    Summary,
    Topic,
)
from annotations.selectors.adjudication_queue import disagreements_list
from annotations.services.agreement_reports import agreement_report_compute
from annotations.services.rounds import round_assign_units


def submitted_round_load(
    *, project: Project, path: Path, guideline: GuidelineVersion, users: dict[str, Any], seed: int
) -> Round | None:
    """Create the closed round of ``path`` unless a round of its name exists; its report
    (agreement and the disagreement list) is computed here, as a close would queue it."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if Round.objects.filter(project=project, name=data["name"]).exists():
        return None
    annotators: list[str] = data["annotators"]
    topics = {
        topic.document.external_id: topic
        for topic in Topic.objects.filter(document__corpus__project=project).select_related(
            "document"
        )
    }
    round_ = Round.objects.create(
        project=project,
        name=data["name"],
        kind=RoundKind.PILOT,
        overlap=len(annotators),
        guideline_version=guideline,
        seed=seed,
    )
    units = [topics[unit["document"]] for unit in data["units"]]
    round_assign_units(
        round=round_, topic_ids=[t.pk for t in units], annotators=[users[a] for a in annotators]
    )
    now = timezone.now()
    # Every row in a few statements (one per table), not one per fact: each test that loads
    # the demo pays for this.
    assignments = {(a.topic_id, a.annotator_id): a for a in Assignment.objects.filter(round=round_)}
    summaries_of: dict[int, Sentences] = {}
    for summary in Summary.objects.filter(topic__in=units).prefetch_related("sentences"):
        summaries_of.setdefault(summary.topic_id, {})[summary.system] = (
            summary,
            {n.position: n for n in summary.sentences.all()},
        )
    rows = _Rows()
    for unit, topic in zip(data["units"], units, strict=True):
        summaries = summaries_of.get(topic.pk, {})
        for index, username in enumerate(annotators):
            assignment = assignments[(topic.pk, users[username].pk)]
            _key_facts(rows, assignment, unit["key_facts"][username], summaries)
            _atomic_facts(
                rows, assignment, unit["atomic_facts"], summaries, verdict_column=2 + index
            )
            assignment.status = AssignmentStatus.SUBMITTED
            assignment.submitted_at = now
            assignment.active_seconds = 240 + 60 * index
    rows.write()
    Assignment.objects.bulk_update(
        list(assignments.values()), ["status", "submitted_at", "active_seconds"]
    )
    Round.objects.filter(pk=round_.pk).update(
        status=RoundStatus.CLOSED, opened_at=now, closed_at=now
    )
    round_.refresh_from_db()
    disagreements_list(round_)
    agreement_report_compute(round=round_)
    return round_


Sentences = dict[str, tuple[Summary, dict[int, Any]]]


def _sentence(summaries: Sentences, system: str, number: int) -> Any:
    """Sentence ``number`` (from 1) of ``system``'s summary: positions count from 0 or 1
    depending on the import, so take the number-th in order."""
    ordered = [summaries[system][1][p] for p in sorted(summaries[system][1])]
    return ordered[number - 1]


class _Rows:
    """The round's fact rows, gathered per table and written parent table first, each in one
    statement (PostgreSQL gives the parents' ids back for their children)."""

    def __init__(self) -> None:
        self.key_sheets: list[KeyFactSheet] = []
        self.key_facts: list[tuple[KeyFactSheet, KeyFact]] = []
        self.alignments: list[tuple[KeyFact, KeyFactAlignment]] = []
        self.aligned: list[tuple[KeyFactAlignment, AlignedSentence]] = []
        self.atomic_sheets: list[AtomicFactSheet] = []
        self.atomic_facts: list[tuple[AtomicFactSheet, AtomicFact]] = []

    def write(self) -> None:
        KeyFactSheet.objects.bulk_create(self.key_sheets)
        KeyFact.objects.bulk_create(_owned(self.key_facts, "sheet"))
        KeyFactAlignment.objects.bulk_create(_owned(self.alignments, "key_fact"))
        AlignedSentence.objects.bulk_create(_owned(self.aligned, "alignment"))
        AtomicFactSheet.objects.bulk_create(self.atomic_sheets)
        AtomicFact.objects.bulk_create(_owned(self.atomic_facts, "sheet"))


def _owned(pairs: list[tuple[Any, Any]], field: str) -> list[Any]:
    """Each child with its parent set now that the parent has its id."""
    for parent, child in pairs:
        setattr(child, field, parent)
    return [child for _, child in pairs]


def _key_facts(rows: _Rows, assignment: Assignment, facts: list[Any], summaries: Sentences) -> None:
    sheet = KeyFactSheet(assignment=assignment)
    rows.key_sheets.append(sheet)
    for position, (text, coverage) in enumerate(facts, start=1):
        fact = KeyFact(position=position, text=text)
        rows.key_facts.append((sheet, fact))
        for system, numbers in coverage.items():
            alignment = KeyFactAlignment(summary=summaries[system][0], covered=bool(numbers))
            rows.alignments.append((fact, alignment))
            rows.aligned += [
                (alignment, AlignedSentence(sentence=_sentence(summaries, system, n)))
                for n in numbers
            ]


def _atomic_facts(
    rows: _Rows,
    assignment: Assignment,
    facts: dict[str, list[Any]],
    summaries: Sentences,
    verdict_column: int,
) -> None:
    for system, facts_of in facts.items():
        sheet = AtomicFactSheet(assignment=assignment, summary=summaries[system][0])
        rows.atomic_sheets.append(sheet)
        rows.atomic_facts += [
            (
                sheet,
                AtomicFact(
                    position=position,
                    text=row[0],
                    sentence=_sentence(summaries, system, row[1]),
                    verdict=row[verdict_column],
                ),
            )
            for position, row in enumerate(facts_of, start=1)
        ]
