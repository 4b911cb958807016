"""The reviewer's reads cost a fixed number of queries, whatever the unit's or the queue's
size (the review benchmark measures their time: bench/bench_review.py)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from annotations.models import Assignment, AssignmentStage, RoundItem, SentenceJudgement
from annotations.selectors.items import items_payload
from annotations.selectors.workspace import review_queue
from annotations.services.item_rounds import ItemRoundRequest, item_round_create
from annotations.services.rounds import round_open
from tests.review.test_review_flow import add_reviewer, pilot_with_one_error, review_round

pytestmark = pytest.mark.django_db


def queries(read) -> int:  # type: ignore[no-untyped-def]
    with CaptureQueriesContext(connection) as captured:
        read()
    return len(captured)


def test_item_payload_and_queue_queries_do_not_grow_with_items() -> None:
    pilot, _ = pilot_with_one_error()
    add_reviewer(pilot.project, "reviewer2")
    small = review_round(pilot, ["reviewer", "reviewer2"])
    first = Assignment.objects.get(round=small, stage=AssignmentStage.REVIEW)
    one_item = queries(lambda: items_payload(user_id=first.annotator_id, assignment_id=first.pk))
    one_unit = queries(lambda: review_queue(user=first.annotator))
    # Every sentence of every unit flagged: many items, in many units.
    SentenceJudgement.objects.filter(assignment__round=pilot).update(
        label="inconsistent", explanation="x"
    )
    large, count = item_round_create(
        ItemRoundRequest(
            project=pilot.project,
            name="Review 2",
            kind="review",
            guideline_version=pilot.guideline_version.version,
            people=["reviewer", "reviewer2"],
            source_rounds=[pilot.pk],
        )
    )
    round_open(round=large)
    assert count > 20
    busiest = (
        Assignment.objects.filter(round=large, stage=AssignmentStage.REVIEW).order_by("id").first()
    )
    items = RoundItem.objects.filter(
        round=large, sentence__summary__topic_id=busiest.topic_id
    ).count()
    assert items > 5
    many_items = queries(
        lambda: items_payload(user_id=busiest.annotator_id, assignment_id=busiest.pk)
    )
    many_units = queries(lambda: review_queue(user=busiest.annotator))
    assert many_items == one_item
    assert many_units == one_unit
