"""An admin's note on an adjudicated case and its flag for the guidelines, and the guideline
version that answers flagged cases (docs/review.md, "Adjudication")."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from annotations import handles
from annotations.models import AdjudicationCase, Assignment, GuidelineVersion, JudgementChange
from annotations.services.audit import change_record

CASE_QUESTIONS = ("review_dispute", "sentence_label", "error_types", "relevance", "topic_category")
# Which target each question is about.
TARGET_OF = {
    "review_dispute": "sentence",
    "sentence_label": "sentence",
    "error_types": "sentence",
    "relevance": "summary",
    "topic_category": "",
}


class CaseInvalid(ValueError):
    def __init__(self, errors: dict[str, list[str]]) -> None:
        super().__init__("; ".join(f"{k}: {' '.join(v)}" for k, v in errors.items()))
        self.errors = errors


@transaction.atomic
def case_save(
    *,
    assignment: Assignment,
    user: AbstractBaseUser,
    question: str,
    target: str | None,
    note: str,
    flagged: bool,
) -> AdjudicationCase:
    """Create or update the case of ``question`` on ``target`` (a handle of the admin's
    adjudication assignment, or None for the unit); audited."""
    if question not in CASE_QUESTIONS:
        raise CaseInvalid({"question": [f"one of {', '.join(CASE_QUESTIONS)}"]})
    wanted = TARGET_OF[question]
    key = ""
    if wanted:
        if target is None:
            raise CaseInvalid({"target": [f"a {wanted} handle of this unit"]})
        try:
            pk = handles.decode(assignment.pk, wanted, target)  # type: ignore[arg-type]
        except handles.UnknownHandle:
            raise CaseInvalid({"target": [f"not a {wanted} of this unit"]}) from None
        key = f"{wanted}:{pk}"
    case, created = AdjudicationCase.objects.select_for_update().get_or_create(
        round=assignment.round,
        question=question,
        target=key,
        defaults={
            "topic_id": assignment.topic_id,
            "note": note,
            "flagged": flagged,
            "author_id": user.pk,
        },
    )
    before = None if created else {"note": case.note, "flagged": case.flagged}
    if not created:
        case.note, case.flagged, case.author_id = note, flagged, user.pk
        case.save(update_fields=["note", "flagged", "author", "updated_at"])
    change_record(
        assignment_id=assignment.pk,
        kind="adjudicationcase",
        object_id=case.pk,
        action=JudgementChange.Action.CREATE if created else JudgementChange.Action.UPDATE,
        actor_id=user.pk,
        before=before,
        after={"question": question, "target": key, "note": note, "flagged": flagged},
    )
    return case


def cases_answer(*, version: GuidelineVersion, case_ids: list[int]) -> list[AdjudicationCase]:
    """Mark flagged, unanswered cases of the version's project as answered by it and list
    them in its changelog. Returns them; ids of anything else are ignored."""
    cases = list(
        AdjudicationCase.objects.filter(
            pk__in=case_ids,
            round__project_id=version.project_id,
            flagged=True,
            answered_in__isnull=True,
        )
        .select_related("topic__document")
        .order_by("id")
    )
    if not cases:
        return []
    AdjudicationCase.objects.filter(pk__in=[c.pk for c in cases]).update(answered_in=version)
    lines = [
        f"- case {case.pk} ({case.question.replace('_', ' ')}, "
        f"{case.topic.document.title or case.topic.document.external_id} · {case.topic.name})"
        + (f": {case.note}" if case.note else "")
        for case in cases
    ]
    version.changelog = (
        version.changelog.rstrip() + "\n\nAnswers adjudicated cases:\n" + "\n".join(lines)
    ).strip()
    version.save(update_fields=["changelog"])
    return cases
