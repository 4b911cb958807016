"""Writes of a linguist's judgements: saves with optimistic concurrency, submit, time on task.

Every save names the version it edits (0 for "never saved"). The row is locked, its version
compared, and only then changed, so two saves from the same version can never both win: the
second gets ``StaleVersion`` carrying the saved state, and nothing is overwritten. Every
change is recorded in ``JudgementChange`` with the state before and after.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone

from annotations.models import (
    Assignment,
    AssignmentStatus,
    JudgementChange,
    Membership,
    Role,
    SentenceJudgement,
    Summary,
    SummaryJudgement,
    SummarySentence,
    TopicJudgement,
)
from annotations.selectors.workspace import (
    VISIBLE_ROUNDS,
    SentenceState,
    is_read_only,
    ordered_summary_ids,
    sentence_done,
    summary_judgement_state,
    summary_labels,
    topic_judgement_state,
)
from annotations.services.save_sql import (
    LockedAssignment,
    insert_change,
    lock_assignment,
    sentence_row,
    summary_row,
    topic_row,
    unknown_error_types,
    update_versioned,
)

HEARTBEAT_CAP_SECONDS = 60
HEARTBEAT_SLACK_SECONDS = 5


class StaleVersion(Exception):
    """The save edits a version that is no longer the saved one."""

    def __init__(self, current: dict[str, Any]) -> None:
        super().__init__("stale version")
        self.current = current


class ReadOnly(Exception):
    """The assignment was submitted, or its round is not open."""


class NotAnnotator(Exception):
    """The user is not an annotator of the assignment's project."""


class InvalidJudgement(ValueError):
    def __init__(self, errors: dict[str, list[str]]) -> None:
        super().__init__("; ".join(f"{k}: {' '.join(v)}" for k, v in errors.items()))
        self.errors = errors


def _lock_for_edit(assignment_id: int, user: AbstractBaseUser) -> Assignment:
    """Lock the user's assignment row, so saves and a submit of one assignment serialise
    (which also makes two first saves of one item impossible to interleave). One query:
    ownership and membership are checked in the same statement."""
    assignment = (
        Assignment.objects.select_for_update(of=("self",))
        .select_related("round__project")
        .annotate(
            is_annotator=Exists(
                Membership.objects.filter(
                    project_id=OuterRef("round__project_id"), user_id=user.pk, role=Role.ANNOTATOR
                )
            )
        )
        # get(), not first(): first() adds an ORDER BY that costs compile time on every save.
        .get(pk=assignment_id, annotator_id=user.pk, round__status__in=VISIBLE_ROUNDS)
    )
    if is_read_only(assignment):
        raise ReadOnly
    if not assignment.is_annotator:
        raise NotAnnotator
    return assignment


def _lock_for_save(assignment_id: int, user: AbstractBaseUser) -> LockedAssignment:
    """``_lock_for_edit`` for the saves, in one plain statement (see ``save_sql``): the same
    checks and the same row lock, without building model instances."""
    assignment = lock_assignment(assignment_id, user.pk)
    if assignment is None:
        raise Assignment.DoesNotExist
    if assignment.status == AssignmentStatus.SUBMITTED or not assignment.round_open:
        raise ReadOnly
    if not assignment.is_annotator:
        raise NotAnnotator
    return assignment


def _record(
    assignment: LockedAssignment,
    *,
    user: AbstractBaseUser,
    kind: str,
    object_id: int,
    before: dict[str, Any] | None,
    after: dict[str, Any],
) -> None:
    insert_change(
        assignment_id=assignment.pk,
        kind=kind,
        object_id=object_id,
        action=JudgementChange.Action.CREATE if before is None else JudgementChange.Action.UPDATE,
        actor_id=user.pk,
        before=before,
        after=after,
    )
    if assignment.status == AssignmentStatus.ASSIGNED:
        Assignment.objects.filter(pk=assignment.pk).update(status=AssignmentStatus.IN_PROGRESS)


def _check_version(version: int, saved: int, state: dict[str, Any] | None) -> None:
    if version != saved:
        raise StaleVersion(state or {"version": 0})


def _update_versioned(model: Any, pk: int, version: int, fields: dict[str, Any]) -> None:
    """UPDATE one judgement row from ``version`` to ``version + 1``. The assignment's row lock
    already serialises its saves; the version in the WHERE clause makes a writer that did not
    take it (none does) lose with a 409 instead of being overwritten."""
    if not update_versioned(model, pk, version, fields):
        raise StaleVersion({"version": version})


@transaction.atomic
def sentence_judgement_save(
    *,
    assignment_id: int,
    sentence_id: int,
    user: AbstractBaseUser,
    version: int,
    changes: dict[str, Any],
) -> dict[str, Any]:
    """Save ``changes`` (any of label, explanation, error_types) to one sentence."""
    assignment = _lock_for_save(assignment_id, user)
    current = sentence_row(assignment, sentence_id)
    if "error_types" in changes:
        unknown = unknown_error_types(assignment.taxonomy_id, changes["error_types"])
        if unknown:
            raise InvalidJudgement(
                {"error_types": [f"unknown error type id(s) {unknown} for this project's taxonomy"]}
            )
    before = (
        {
            "sentence": sentence_id,
            "label": current.label,
            "explanation": current.explanation,
            "error_types": current.error_types,
            "version": current.version,
        }
        if current.pk is not None
        else None
    )
    _check_version(version, current.version, before)
    label = changes.get("label", current.label)
    explanation = changes.get("explanation", current.explanation)
    fields = {
        "label": label,
        "explanation": explanation,
        "guideline_version_id": assignment.guideline_version_id,
    }
    if current.pk is None:
        pk = SentenceJudgement.objects.create(
            assignment_id=assignment.pk, sentence_id=sentence_id, version=1, **fields
        ).pk
    else:
        pk = current.pk
        _update_versioned(SentenceJudgement, pk, current.version, fields)
    old_types = current.error_types
    new_types = sorted(set(changes["error_types"])) if "error_types" in changes else old_types
    removed, added = set(old_types) - set(new_types), set(new_types) - set(old_types)
    through = SentenceJudgement.error_types.through
    if removed:
        through.objects.filter(sentencejudgement_id=pk, errortype_id__in=removed).delete()
    if added:
        through.objects.bulk_create(
            [through(sentencejudgement_id=pk, errortype_id=t) for t in sorted(added)]
        )
    after = {
        "sentence": sentence_id,
        "label": label,
        "explanation": explanation,
        "error_types": new_types,
        "version": current.version + 1,
    }
    _record(
        assignment, user=user, kind="sentencejudgement", object_id=pk, before=before, after=after
    )
    return after


def _save_row(
    *,
    assignment: LockedAssignment,
    user: AbstractBaseUser,
    model: Any,
    saved: dict[str, Any] | None,
    lookup: dict[str, Any],
    version: int,
    changes: dict[str, Any],
    state: Any,
    kind: str,
) -> dict[str, Any]:
    """Create or update one judgement row of a locked assignment, if ``version`` is the
    saved one, and record the change. ``saved`` is the row's state as read under the lock
    (with its ``id``), None when never saved."""
    before = {k: v for k, v in saved.items() if k != "id"} if saved is not None else None
    _check_version(version, saved["version"] if saved is not None else 0, before)
    if saved is None:
        created = model.objects.create(assignment_id=assignment.pk, version=1, **lookup, **changes)
        pk, after = created.pk, state(created)
    else:
        pk = saved["id"]
        _update_versioned(model, pk, saved["version"], changes)
        after = {**(before or {}), **changes, "version": saved["version"] + 1}
    _record(assignment, user=user, kind=kind, object_id=pk, before=before, after=after)
    return after


@transaction.atomic
def summary_judgement_save(
    *,
    assignment_id: int,
    summary_id: int,
    user: AbstractBaseUser,
    version: int,
    changes: dict[str, Any],
) -> dict[str, Any]:
    """Save ``changes`` (any of relevance, not_a_summary, comment) to one summary."""
    assignment = _lock_for_save(assignment_id, user)
    return _save_row(
        assignment=assignment,
        user=user,
        model=SummaryJudgement,
        saved=summary_row(assignment, summary_id),
        lookup={"summary_id": summary_id},
        version=version,
        changes=changes,
        state=summary_judgement_state,
        kind="summaryjudgement",
    )


@transaction.atomic
def topic_judgement_save(
    *, assignment_id: int, user: AbstractBaseUser, version: int, category: str
) -> dict[str, Any]:
    assignment = _lock_for_save(assignment_id, user)
    return _save_row(
        assignment=assignment,
        user=user,
        model=TopicJudgement,
        saved=topic_row(assignment),
        lookup={},
        version=version,
        changes={"category": category},
        state=topic_judgement_state,
        kind="topicjudgement",
    )


@dataclass(frozen=True, slots=True)
class MissingItem:
    summary: str | None
    sentence: int | None
    item: str
    message: str

    def as_dict(self) -> dict[str, Any]:
        return {
            "summary": self.summary,
            "sentence": self.sentence,
            "item": self.item,
            "message": self.message,
        }


class Incomplete(Exception):
    def __init__(self, missing: list[MissingItem]) -> None:
        super().__init__(f"{len(missing)} items are missing")
        self.missing = missing


def missing_items(assignment: Assignment) -> list[MissingItem]:
    """What the scheme asks that this assignment has not answered, in reading order: by
    summary letter as this annotator sees them, then sentence number."""
    project = assignment.round.project
    summaries = list(
        Summary.objects.filter(topic_id=assignment.topic_id).values_list("id", flat=True)
    )
    order = ordered_summary_ids(summaries, seed=assignment.order_seed)
    letters = dict(zip(order, summary_labels(len(order)), strict=True))
    sentences: dict[int, list[tuple[int, int]]] = {summary_id: [] for summary_id in order}
    for pk, summary_id, position in SummarySentence.objects.filter(
        summary__topic_id=assignment.topic_id
    ).values_list("id", "summary_id", "position"):
        sentences[summary_id].append((position, pk))
    states = {
        sentence_id: SentenceState(
            label=label, has_explanation=bool(explanation.strip()), has_types=has_types
        )
        for sentence_id, label, explanation, has_types in _judgement_rows(assignment)
    }
    summary_judgements = {
        j.summary_id: j for j in SummaryJudgement.objects.filter(assignment=assignment)
    }
    missing = []
    for summary_id in order:
        letter = letters[summary_id]
        if project.ask_consistency:
            for position, sentence_id in sorted(sentences[summary_id]):
                number = position + 1
                where = f"Summary {letter}, sentence {number}"
                state = states.get(sentence_id)
                if sentence_done(state, project=project):
                    continue
                if state is None or not state.label:
                    missing.append(
                        MissingItem(
                            letter, number, "label", f"{where}: choose consistent or inconsistent."
                        )
                    )
                    continue
                if not state.has_explanation:
                    missing.append(
                        MissingItem(
                            letter, number, "explanation", f"{where}: explain the inconsistency."
                        )
                    )
                if project.ask_error_types and not state.has_types:
                    missing.append(
                        MissingItem(
                            letter, number, "error_types", f"{where}: pick at least one error type."
                        )
                    )
        judgement = summary_judgements.get(summary_id)
        if project.ask_relevance and not (
            judgement is not None and (judgement.relevance is not None or judgement.not_a_summary)
        ):
            missing.append(
                MissingItem(
                    letter, None, "relevance", f"Summary {letter}: rate relevance to the topic."
                )
            )
    if project.ask_topic_category:
        topic = TopicJudgement.objects.filter(assignment=assignment).first()
        if topic is None or not topic.category:
            missing.append(
                MissingItem(
                    None, None, "topic_category", "Topic: choose main, marginal or irrelevant."
                )
            )
    return missing


def _judgement_rows(assignment: Assignment) -> list[tuple[int, str, str, bool]]:
    from django.db.models import Count

    return [
        (sentence_id, label, explanation, types > 0)
        for sentence_id, label, explanation, types in SentenceJudgement.objects.filter(
            assignment=assignment
        )
        .annotate(types=Count("error_types"))
        .values_list("sentence_id", "label", "explanation", "types")
    ]


@transaction.atomic
def assignment_submit(*, assignment_id: int, user: AbstractBaseUser) -> Assignment:
    assignment = _lock_for_edit(assignment_id, user)
    missing = missing_items(assignment)
    if missing:
        raise Incomplete(missing)
    assignment.status = AssignmentStatus.SUBMITTED
    assignment.submitted_at = timezone.now()
    assignment.save(update_fields=["status", "submitted_at"])
    JudgementChange.objects.create(
        assignment=assignment,
        kind="assignment",
        object_id=assignment.pk,
        action=JudgementChange.Action.SUBMIT,
        actor_id=user.pk,
        after={"status": AssignmentStatus.SUBMITTED},
    )
    return assignment


@transaction.atomic
def assignment_heartbeat(*, assignment_id: int, seconds: int) -> int:
    """Add active time: at most a minute per beat, and never more than the time since the
    previous beat (plus a little slack for network jitter)."""
    assignment = (
        Assignment.objects.select_for_update(of=("self",))
        .select_related("round")
        .get(pk=assignment_id)
    )
    if is_read_only(assignment):
        return assignment.active_seconds
    now = timezone.now()
    credit = min(max(seconds, 0), HEARTBEAT_CAP_SECONDS)
    if assignment.last_heartbeat_at is not None:
        elapsed = (now - assignment.last_heartbeat_at) / timedelta(seconds=1)
        credit = min(credit, int(elapsed) + HEARTBEAT_SLACK_SECONDS)
    assignment.active_seconds += credit
    assignment.last_heartbeat_at = now
    assignment.save(update_fields=["active_seconds", "last_heartbeat_at"])
    return assignment.active_seconds
