"""The project's adjudication round and an admin's assignment of a unit in it
(docs/review.md, "Adjudication"): where admins' gold values are saved, through the ordinary
kinds and the one save pipeline."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction

from annotations.models import Assignment, AssignmentStatus, Project, Round, RoundKind, RoundStatus
from annotations.services.rounds import order_seed


def adjudication_round(project: Project) -> Round:
    """The project's one adjudication round, created on first use. Two first uses at once
    cannot make two: the database allows one per project, and the loser reads the winner's."""
    existing = Round.objects.filter(project=project, kind=RoundKind.ADJUDICATION).first()
    if existing is not None:
        return existing
    try:
        with transaction.atomic():
            return Round.objects.create(
                project=project,
                name="Adjudication",
                kind=RoundKind.ADJUDICATION,
                status=RoundStatus.OPEN,
            )
    except IntegrityError:
        return Round.objects.get(project=project, kind=RoundKind.ADJUDICATION)


def adjudication_open(project: Project, topic_id: int, user: AbstractBaseUser) -> Assignment:
    """The admin's assignment of the unit in the adjudication round, created on first use."""
    round_ = adjudication_round(project)
    assignment, _ = Assignment.objects.get_or_create(
        round=round_,
        topic_id=topic_id,
        annotator_id=user.pk,
        defaults={
            "status": AssignmentStatus.IN_PROGRESS,
            "order_seed": order_seed(round_seed=0, topic_id=topic_id, annotator_id=user.pk),
        },
    )
    return assignment
