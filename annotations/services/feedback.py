"""Feedback from an admin to an annotator, the thread of replies under it, and reopening a
submitted assignment so the annotator can act on it.

A feedback note is unread until its annotator marks it read. A reply by the annotator goes
to the admins (they see the thread in the round's feedback list, and the unread replies are
counted on the project and round pages until an admin answers or marks them read); a reply
by an admin puts the note back among the annotator's unread ones, so the thread is never
silently waiting. Replying marks the note read for its annotator.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from annotations.models import (
    Assignment,
    AssignmentStatus,
    Feedback,
    FeedbackReply,
    JudgementChange,
    Round,
    RoundStatus,
    SummarySentence,
)


class CannotReopen(Exception):
    """The assignment is not in a state an admin may reopen; the message says why."""


def feedback_send(
    *,
    round: Round,
    annotator: AbstractBaseUser,
    author: AbstractBaseUser,
    text: str,
    sentence: SummarySentence | None = None,
    assignment: Assignment | None = None,
) -> Feedback:
    return Feedback.objects.create(
        round=round,
        annotator_id=annotator.pk,
        author_id=author.pk,
        text=text,
        sentence=sentence,
        assignment=assignment,
    )


@transaction.atomic
def feedback_reply(*, feedback: Feedback, author: AbstractBaseUser, text: str) -> FeedbackReply:
    """Add ``author``'s message to the thread. The caller has checked that the author is the
    note's annotator or an admin of its project."""
    reply = FeedbackReply.objects.create(feedback=feedback, author_id=author.pk, text=text)
    if author.pk != feedback.annotator_id:
        Feedback.objects.filter(pk=feedback.pk).update(read_at=None)
        # An admin answering has read what the annotator wrote before.
        feedback_replies_read(feedback=feedback)
    else:
        # Replying, the annotator has read the note (it must not say "Not read yet").
        Feedback.objects.filter(pk=feedback.pk, read_at__isnull=True).update(read_at=timezone.now())
    return reply


def feedback_replies_read(*, feedback: Feedback) -> int:
    """Mark the annotator's replies under ``feedback`` read by the admins; how many were
    unread. The caller has checked that the user is an admin of its project."""
    return FeedbackReply.objects.filter(
        feedback=feedback, author_id=feedback.annotator_id, read_at__isnull=True
    ).update(read_at=timezone.now())


@transaction.atomic
def assignment_reopen(*, assignment_id: int, actor: AbstractBaseUser, reason: str) -> Feedback:
    """Put a submitted assignment back in progress so its annotator can change it.

    The row is locked first, so a reopen and the annotator's own actions serialise. The
    reopen is recorded in the audit trail (who, when, the reason) and the reason reaches the
    annotator as feedback about the unit. Only a submitted assignment of an open round can be
    reopened: a closed round's labels are what its agreement report and releases describe.
    """
    assignment = (
        Assignment.objects.select_for_update(of=("self",))
        .select_related("round", "annotator")
        .get(pk=assignment_id)
    )
    if assignment.annotator is None:
        raise CannotReopen("Published labels have no annotator to reopen them for.")
    if assignment.round.status != RoundStatus.OPEN:
        raise CannotReopen(
            f"The round is {assignment.round.status}: only assignments of an open round can "
            "be reopened."
        )
    if assignment.status != AssignmentStatus.SUBMITTED:
        raise CannotReopen(
            f"The assignment is {assignment.get_status_display()}, not submitted: "
            "its annotator can already change it."
        )
    submitted_at = assignment.submitted_at
    assignment.status = AssignmentStatus.IN_PROGRESS
    assignment.submitted_at = None
    assignment.save(update_fields=["status", "submitted_at"])
    feedback = Feedback.objects.create(
        round=assignment.round,
        annotator=assignment.annotator,
        author_id=actor.pk,
        assignment=assignment,
        reopened=True,
        text=reason,
    )
    JudgementChange.objects.create(
        assignment=assignment,
        kind="assignment",
        object_id=assignment.pk,
        action=JudgementChange.Action.REOPEN,
        actor_id=actor.pk,
        before={
            "status": AssignmentStatus.SUBMITTED,
            "submitted_at": submitted_at.isoformat() if submitted_at else None,
        },
        after={"status": AssignmentStatus.IN_PROGRESS, "reason": reason, "feedback": feedback.pk},
    )
    return feedback
