"""Published labels as a closed reference round: one submitted assignment per unit with no
annotator (the benchmark's own labels), shared by the imports of published layouts."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from annotations.models import (
    Assignment,
    AssignmentStatus,
    JudgementChange,
    Round,
    SentenceJudgement,
)
from annotations.services.bulk import insert_rows


def reference_assignments_insert(
    round_: Round, topic_ids: Iterable[int], *, source: str, at: datetime
) -> list[int]:
    """Insert the reference round's submitted assignments, one per topic, in one statement;
    their ids in the order of ``topic_ids``."""
    return insert_rows(
        Assignment,
        [
            "round_id",
            "topic_id",
            "annotator_id",
            "source",
            "status",
            "order_seed",
            "active_seconds",
            "created_at",
            "submitted_at",
        ],
        [
            (round_.pk, topic_id, None, source, AssignmentStatus.SUBMITTED, 0, 0, at, at)
            for topic_id in topic_ids
        ],
    )


# A published sentence label: (assignment, sentence, label, explanation, error type ids).
PublishedLabel = tuple[int, int, str, str, Sequence[int]]


def published_labels_insert(labels: Sequence[PublishedLabel], *, at: datetime) -> list[int]:
    """Insert published sentence judgements (version 1, no guideline) and their error types,
    one statement each; the judgements' ids in the order of ``labels``."""
    judgement_ids = insert_rows(
        SentenceJudgement,
        [
            "assignment_id",
            "sentence_id",
            "label",
            "explanation",
            "guideline_version_id",
            "version",
            "updated_at",
        ],
        [
            (assignment, sentence, label, explanation, None, 1, at)
            for assignment, sentence, label, explanation, _ in labels
        ],
    )
    insert_rows(
        SentenceJudgement.error_types.through,
        ["sentencejudgement_id", "errortype_id"],
        [
            (judgement_id, type_id)
            for judgement_id, (*_, type_ids) in zip(judgement_ids, labels, strict=True)
            for type_id in type_ids
        ],
    )
    return judgement_ids


def import_audit_insert(origins: Iterable[tuple[int, dict[str, Any]]], *, at: datetime) -> None:
    """The audit trail of an import: per reference assignment, where its labels came from
    (``origins``: assignment id, a description such as the source file and its rows)."""
    insert_rows(
        JudgementChange,
        ["assignment_id", "kind", "object_id", "action", "actor_id", "at", "before", "after"],
        [
            (pk, "assignment", pk, JudgementChange.Action.CREATE, None, at, None, origin)
            for pk, origin in origins
        ],
    )
