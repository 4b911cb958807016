"""Published labels as a closed reference round: one submitted assignment per unit with no
annotator (the benchmark's own labels), shared by the imports of published layouts."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from annotations.models import Assignment, AssignmentStatus, Round
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
