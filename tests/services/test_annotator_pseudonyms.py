"""The pseudonyms a release gives its raters (A1, A2, ...) follow the order people joined,
whatever the number of digits of their ids, with published sources first."""

from __future__ import annotations

import pytest

from annotations.models import AssignmentStatus
from annotations.selectors.release_scope import annotator_ids
from tests.factories import AssignmentFactory, RoundFactory, TopicFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_people_are_numbered_in_the_order_they_joined_even_past_nine() -> None:
    round_ = RoundFactory(kind="pilot")
    topic = TopicFactory(document__corpus__project=round_.project)
    # As text, 1000000 < 100000 < 99999: the order would be backwards.
    people = [UserFactory(pk=pk) for pk in (99_999, 100_000, 1_000_000)]
    for person in reversed(people):
        AssignmentFactory(
            round=round_, topic=topic, annotator=person, status=AssignmentStatus.SUBMITTED
        )
    reference = RoundFactory(project=round_.project, kind="reference")
    AssignmentFactory(round=reference, topic=topic, annotator=None, source="published")
    assert annotator_ids([round_.pk, reference.pk]) == {
        "source:published": "A1",
        "user:99999": "A2",
        "user:100000": "A3",
        "user:1000000": "A4",
    }
