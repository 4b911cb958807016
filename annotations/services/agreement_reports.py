"""Computing and storing a round's agreement report, reused until its inputs change.

A round with a counterpart of the opposite evidence-hint setting (``compare``, else the
automatic choice of annotations.selectors.assistance_inputs) gets an ``assistance`` section
comparing the two, and its inputs hash covers both rounds' labels."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from annotations.agreement.anchoring import anchoring_report
from annotations.agreement.assistance import compare_conditions
from annotations.agreement.competence import competence_section
from annotations.agreement.report import round_report
from annotations.models import AgreementReport, Round
from annotations.models.webhooks import WebhookEvent
from annotations.selectors.agreement_inputs import inputs_hash, round_question_inputs
from annotations.selectors.anchoring_inputs import anchoring_inputs
from annotations.selectors.assistance_inputs import (
    EXPLICIT,
    AssistanceInputs,
    assistance_inputs,
)
from annotations.services.webhooks import webhook_emit


def agreement_report_current(
    *, round: Round, compare: int | None = None
) -> tuple[AgreementReport | None, str]:
    """The stored report for the round's labels as they are now (or None), and their hash.
    Raises ``AssistanceChoiceError`` when ``compare`` names a round that cannot be compared."""
    digest = inputs_hash(round_question_inputs(round=round))
    assistance = assistance_inputs(round=round, compare=compare)
    if assistance is not None:
        digest = assistance.hash_with(digest)
    anchoring = anchoring_inputs(round=round)
    if anchoring is not None:
        digest = anchoring.hash_with(digest)
    return AgreementReport.objects.filter(round=round, inputs_hash=digest).first(), digest


@transaction.atomic
def agreement_report_compute(*, round: Round, compare: int | None = None) -> AgreementReport:
    """The report of the round's labels now, computed unless one is stored for them. Raises
    ``AssistanceChoiceError`` when ``compare`` names a round that cannot be compared."""
    questions = round_question_inputs(round=round)
    digest = inputs_hash(questions)
    assistance = assistance_inputs(round=round, compare=compare)
    if assistance is not None:
        digest = assistance.hash_with(digest)
    anchoring = anchoring_inputs(round=round)
    if anchoring is not None:
        digest = anchoring.hash_with(digest)
    existing = AgreementReport.objects.filter(round=round, inputs_hash=digest).first()
    if existing is not None:
        return existing
    results: dict[str, Any] = {
        "annotators": sorted({r for q in questions for r in q.raters}),
        "questions": round_report(questions, targets=round.project.agreement_targets),
    }
    if assistance is not None:
        results["assistance"] = assistance_section(assistance)
    if anchoring is not None:
        # An assisted round's reveal figures (docs/agreement.md, "Assisted rounds").
        results["assisted_reveal"] = anchoring_report(anchoring.labels, anchoring.times)
    # Dawid-Skene and MACE per question with categories (docs/agreement.md, "Competence").
    results["competence"] = competence_section(questions)
    report = AgreementReport.objects.create(round=round, inputs_hash=digest, results=results)
    met = [q.get("met") for q in results["questions"] if q.get("met") is not None]
    webhook_emit(
        project_id=round.project_id,
        event=WebhookEvent.AGREEMENT_COMPUTED,
        data={
            "round": {"id": round.pk, "name": round.name},
            "report": report.pk,
            # True when every question with a target meets it; None when none has a target.
            "targets_met": all(met) if met else None,
            "questions": [
                {k: q.get(k) for k in ("key", "target", "met")} for q in results["questions"]
            ],
        },
    )
    return report


def assistance_section(inputs: AssistanceInputs) -> dict[str, Any]:
    section = compare_conditions(inputs.assisted_labels, inputs.unassisted_labels)
    for condition, round_ in zip(
        section["conditions"], (inputs.assisted, inputs.unassisted), strict=True
    ):
        condition.update(round=round_.pk, round_name=round_.name)
    return {"chosen": inputs.chosen, **section}


def report_comparison(report: AgreementReport) -> int | None:
    """The round a stored report was explicitly asked to compare with, if any: the page shows
    that report as current until labels change, not stale for lacking the automatic choice."""
    assistance = report.results.get("assistance")
    if not assistance or assistance.get("chosen") != EXPLICIT:
        return None
    return next(
        (c["round"] for c in assistance["conditions"] if c["round"] != report.round_id), None
    )
