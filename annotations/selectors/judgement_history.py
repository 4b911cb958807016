"""A judgement's full audit history for admins (docs/api/review.md, "History"): every
change of the row, its assignment's submits and reopenings, and for a sentence the review
decisions and verdicts on it, oldest first. Four queries whatever the history's length."""

from __future__ import annotations

from typing import Any

from django.db.models import Q

from annotations.kinds import all_kinds
from annotations.models import (
    Assignment,
    JudgementChange,
    ReviewDecision,
    RoundKind,
    SecondReview,
)

SENTENCE_KINDS = ("sentencejudgement",)
# A whole unit's history: every change of any of its judgements, its submits and reopenings.
ASSIGNMENT = "assignment"


def audited_kinds() -> set[str]:
    """The judgement models whose rows have a history: those of the kind registry."""
    return {kind.audit_kind for kind in all_kinds()}


def _source(round_kind: str, action: str) -> str:
    if action == JudgementChange.Action.ADMIN_EDIT:
        return "django_admin"
    if round_kind in (RoundKind.REVIEW, RoundKind.ERROR_TYPING, RoundKind.EXPLANATION):
        return "review"
    if round_kind == RoundKind.ADJUDICATION:
        return "adjudication"
    return "workspace"


def judgement_history(*, kind: str, object_id: int) -> tuple[int, list[dict[str, Any]]] | None:
    """(the row's project id, its history), or None when the row has no changes recorded."""
    if kind == ASSIGNMENT:
        return _assignment_history(object_id)
    model = next((k.model for k in all_kinds() if k.audit_kind == kind), None)
    if model is None:
        return None
    row = (
        model._default_manager.filter(pk=object_id)  # type: ignore[attr-defined]
        .values(
            "assignment_id",
            "assignment__round__project_id",
            *(["sentence_id"] if kind in SENTENCE_KINDS else []),
        )
        .first()
    )
    if row is None:
        return None
    wanted = Q(kind=kind, object_id=object_id) | Q(
        kind="assignment", object_id=row["assignment_id"], assignment_id=row["assignment_id"]
    )
    if kind in SENTENCE_KINDS:
        project = row["assignment__round__project_id"]
        decisions = ReviewDecision.objects.filter(
            sentence_id=row["sentence_id"], assignment__round__project_id=project
        ).values_list("id", flat=True)
        verdicts = SecondReview.objects.filter(
            sentence_id=row["sentence_id"], assignment__round__project_id=project
        ).values_list("id", flat=True)
        wanted |= Q(kind="reviewdecision", object_id__in=list(decisions))
        wanted |= Q(kind="secondreview", object_id__in=list(verdicts))
    return row["assignment__round__project_id"], _entries(wanted)


def _entries(wanted: Q) -> list[dict[str, Any]]:
    """The changes ``wanted`` selects, oldest first, as the history's entries."""
    changes = (
        JudgementChange.objects.filter(wanted)
        .select_related("actor")
        .order_by("at", "id")
        .values_list(
            "at", "actor__username", "action", "before", "after", "kind", "assignment__round__kind"
        )
    )
    return [
        {
            "at": at,
            "actor": actor,
            "action": action,
            "kind": changed_kind,
            "before": before,
            "after": after,
            "source": _source(round_kind, action),
        }
        for at, actor, action, before, after, changed_kind, round_kind in changes
    ]


def _assignment_history(assignment_id: int) -> tuple[int, list[dict[str, Any]]] | None:
    """(the project id, every change recorded on the assignment): each of its judgements'
    changes, its submits and reopenings; None when there is no such assignment."""
    project = (
        Assignment.objects.filter(pk=assignment_id)
        .values_list("round__project_id", flat=True)
        .first()
    )
    if project is None:
        return None
    return project, _entries(Q(assignment_id=assignment_id))


__all__ = ["audited_kinds", "judgement_history"]
