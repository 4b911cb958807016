"""Computing and storing a round's agreement report, reused until its inputs change."""

from __future__ import annotations

from django.db import transaction

from annotations.agreement.report import round_report
from annotations.models import AgreementReport, Round
from annotations.selectors.agreement_inputs import inputs_hash, round_question_inputs


def agreement_report_current(*, round: Round) -> tuple[AgreementReport | None, str]:
    """The stored report for the round's labels as they are now (or None), and their hash."""
    digest = inputs_hash(round_question_inputs(round=round))
    return AgreementReport.objects.filter(round=round, inputs_hash=digest).first(), digest


@transaction.atomic
def agreement_report_compute(*, round: Round) -> AgreementReport:
    questions = round_question_inputs(round=round)
    digest = inputs_hash(questions)
    existing = AgreementReport.objects.filter(round=round, inputs_hash=digest).first()
    if existing is not None:
        return existing
    results = {
        "annotators": sorted({r for q in questions for r in q.raters}),
        "questions": round_report(questions, targets=round.project.agreement_targets),
    }
    return AgreementReport.objects.create(round=round, inputs_hash=digest, results=results)
